//! Open choices (`verify --choices all|some`): a K3 strategy whose second
//! move is left open between a bad and a good option, checked against a
//! plain brute-force enumerator (labelled positions, no symmetry, no table)
//! on small boards; strategy bugs in the options (exit code 3); the winning
//! resolution as a patch table, replayed.

use ramsey_verify::core::board::{Board, Edge, Player, Position};
use ramsey_verify::core::memory::Memory;
use ramsey_verify::strategies::by_name;
use ramsey_verify::verify::amend::Amended;
use ramsey_verify::verify::patch::{format_table, parse_table, resolution_table, Patch, Patches};
use ramsey_verify::verify::search::{Choices, FailKind, Search, StrategyGame};
use ramsey_verify::verify::strategy::{Game, Move, Strategy, StrategyError, View};
use ramsey_verify::verify::{verify, Request, Verdict, VerifyError};
use std::sync::Arc;

/// How the second move of the K3 strategy is left open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fork {
    /// A wasted move (an edge between two fresh vertices) first, then the
    /// strategy's own move.
    WasteFirst,
    /// The strategy's own move first, then the wasted one.
    WasteLast,
    /// An edge already claimed first, then the strategy's own move.
    IllegalFirst,
    /// No option at all, and no reason.
    Empty,
    /// No option, with the strategy's reason (no rule applies).
    NoRule,
    /// Her own edge twice: first with a flag in her memory that makes her
    /// waste every later move (which loses), then with her own memory.
    SameEdgeFirst,
    /// Her third move left open instead: her own, then every other move
    /// that gives her two threats (each wins at once after his reply).
    DoubleThreats,
}

/// From her third move on: her win where she has one, else `own` and
/// every other move that gives her two threats (unless he has a threat she
/// must block: then `own`). The other moves keep her memory as it was, so
/// after them she only takes her win.
fn double_threats(view: &View, own: impl Fn() -> Result<Move, StrategyError>) -> Result<Vec<Move>, StrategyError> {
    let p = view.position;
    if let Some(&win) = p.threats(Player::First, 3).first() {
        let memory = view.memory.clone();
        return Ok(vec![Move { edge: win, memory }]);
    }
    let own = own()?;
    if !p.threats(Player::Second, 3).is_empty() {
        return Ok(vec![own]);
    }
    let t = p.touched_count() as u8;
    let mut out = vec![own.clone()];
    for u in 0..t {
        for v in u + 1..=t {
            let e = Edge::new(u, v);
            let twice = |after: Position| after.threats(Player::First, 3).len() >= 2;
            if e != own.edge && p.is_free(e) && p.with(e, Player::First).is_ok_and(twice) {
                out.push(Move {
                    edge: e,
                    memory: view.memory.clone(),
                });
            }
        }
    }
    Ok(out)
}

/// The K3 strategy (Lemma 4.1) with its second move left open as `fork`
/// says; `play` is the first option (or the K3 move where there is none),
/// as `k4-as-written` plays.
struct Forked {
    inner: std::sync::Arc<dyn Strategy>,
    fork: Fork,
}

fn forked(fork: Fork) -> Forked {
    Forked {
        inner: by_name("k3").unwrap(),
        fork,
    }
}

impl Strategy for Forked {
    fn name(&self) -> &'static str {
        "k3-forked"
    }
    fn description(&self) -> &'static str {
        "k3 with its second move left open (test)"
    }
    fn game(&self) -> Game {
        self.inner.game()
    }
    /// The inner memory and a flag word: 1 after the careless option.
    fn initial_memory(&self) -> Memory {
        let mut memory = self.inner.initial_memory();
        memory.words.push(0);
        memory
    }
    fn play(&self, view: &View) -> Result<Move, StrategyError> {
        match self.choices(view)?.into_iter().next() {
            Some(first) => Ok(first),
            None => self.inner.play(view),
        }
    }
    fn choices(&self, view: &View) -> Result<Vec<Move>, StrategyError> {
        if self.fork == Fork::DoubleThreats && view.move_number() >= 3 {
            return double_threats(view, || self.inner.play(view));
        }
        let own = self.inner.play(view)?;
        let t = view.position.touched_count() as u8;
        // An edge between two fresh vertices, where the board has two.
        let waste = (t as usize + 1 < view.position.board().capacity()).then(|| Move {
            edge: Edge::new(t, t + 1),
            memory: view.memory.clone(),
        });
        if view.move_number() != 2 || self.fork == Fork::DoubleThreats {
            let careless = view.memory.words.last() == Some(&1);
            return Ok(vec![waste.filter(|_| careless).unwrap_or(own)]);
        }
        let mut careless = own.clone();
        *careless.memory.words.last_mut().expect("the flag word") = 1;
        let illegal = Move {
            edge: view.last_reply.expect("he has moved"),
            memory: view.memory.clone(),
        };
        Ok(match self.fork {
            Fork::WasteFirst => waste.into_iter().chain([own]).collect(),
            Fork::WasteLast => [own].into_iter().chain(waste).collect(),
            Fork::IllegalFirst => vec![illegal, own],
            Fork::Empty => vec![],
            Fork::NoRule => return Err(StrategyError::RuleDoesNotApply("no second move (test)".into())),
            Fork::SameEdgeFirst => vec![careless, own],
            Fork::DoubleThreats => unreachable!("answered above"),
        })
    }
    fn completes_when_possible(&self) -> bool {
        self.inner.completes_when_possible()
    }
}

fn request(board: Board, bound: u32, threads: usize, choices: Choices) -> Request {
    Request {
        choices,
        ..Request::new(board, bound, threads)
    }
}

#[test]
fn all_refutes_naming_the_bad_choice_and_some_verifies() {
    let strategy = forked(Fork::WasteFirst);
    let all = verify(&strategy, &request(Board::Infinite, 4, 2, Choices::All)).unwrap();
    assert_eq!(all.verdict, Verdict::Refuted);
    let made = &all.choices.made;
    assert_eq!(made.len(), 1, "{made:?}");
    assert_eq!((made[0].her_move, made[0].option, made[0].options), (2, 1, 2));
    let some = verify(&strategy, &request(Board::Infinite, 4, 2, Choices::Some)).unwrap();
    assert_eq!(some.verdict, Verdict::Verified);
    assert_eq!(some.max_moves, Some(4));
    assert!(some.choices.resolution.iter().all(|r| r.option == 1 && r.options == 2));
    assert!(!some.choices.resolution.is_empty());
    // `one` plays the first option, the wasted move.
    let one = verify(&strategy, &request(Board::Infinite, 4, 2, Choices::One)).unwrap();
    assert_eq!(one.verdict, Verdict::Refuted);
}

#[test]
fn some_takes_the_first_winning_option() {
    let strategy = forked(Fork::WasteLast);
    let some = verify(&strategy, &request(Board::Infinite, 4, 1, Choices::Some)).unwrap();
    assert_eq!(some.verdict, Verdict::Verified);
    assert!(some.choices.resolution.iter().all(|r| r.option == 0));
    let all = verify(&strategy, &request(Board::Infinite, 4, 1, Choices::All)).unwrap();
    assert_eq!(all.verdict, Verdict::Refuted);
    assert_eq!(all.choices.made.last().map(|c| c.option), Some(2));
}

/// The message of a run that must end without a verdict.
fn no_verdict(fork: Fork, mode: Choices) -> String {
    match verify(&forked(fork), &request(Board::Infinite, 10, 1, mode)) {
        Err(VerifyError::Contract(broken)) => broken.to_string(),
        other => panic!("{fork:?} {mode:?}: expected no verdict, got {other:?}"),
    }
}

#[test]
fn an_illegal_option_is_a_strategy_bug_in_every_mode() {
    // Under `one` the first option is `play`'s move: illegal as well.
    for mode in Choices::ALL {
        let message = no_verdict(Fork::IllegalFirst, mode);
        // The situation is named (position, memory, his edge), then the move.
        assert!(
            message.contains("at `") && message.contains("is already claimed"),
            "{mode:?}: {message}"
        );
    }
}

#[test]
fn an_empty_set_without_a_reason_is_a_strategy_bug_in_both_modes() {
    for mode in [Choices::All, Choices::Some] {
        let message = no_verdict(Fork::Empty, mode);
        assert!(
            message.contains("at `") && message.contains("choices are empty"),
            "{message}"
        );
    }
}

#[test]
fn no_move_with_a_reason_is_a_refutation_in_every_mode() {
    for mode in Choices::ALL {
        let report = verify(&forked(Fork::NoRule), &request(Board::Infinite, 10, 1, mode)).unwrap();
        assert_eq!(report.verdict, Verdict::Refuted, "{mode:?}");
        assert_eq!(report.failure, Some(FailKind::StrategyError), "{mode:?}");
    }
}

#[test]
fn a_broken_but_legal_strategy_is_still_refuted_under_choices() {
    let scatters = by_name("k3-broken-scatters").unwrap();
    for mode in Choices::ALL {
        let report = verify(scatters.as_ref(), &request(Board::Infinite, 6, 1, mode)).unwrap();
        assert_eq!(report.verdict, Verdict::Refuted, "{mode:?}");
    }
}

/// The winning resolution of `fork` under `some` as a patch table, after a
/// round trip through its text.
fn resolution(fork: Fork) -> ramsey_verify::verify::patch::PatchTable {
    let some = verify(&forked(fork), &request(Board::Infinite, 4, 1, Choices::Some)).unwrap();
    assert_eq!(some.verdict, Verdict::Verified);
    let table = resolution_table(&forked(fork), &some.choices.resolution).unwrap();
    let text = format_table(&table, &["test".into()]);
    assert!(text.contains(" option 2\n"), "{text}");
    assert_eq!(parse_table(&text).unwrap(), table);
    table
}

fn replayed(table: ramsey_verify::verify::patch::PatchTable) -> ramsey_verify::verify::Report {
    let patched = Patches::over(Arc::new(forked(Fork::WasteFirst)), "k3-resolved", "", table);
    verify(&patched, &request(Board::Infinite, 4, 1, Choices::One)).unwrap()
}

#[test]
fn the_winning_resolution_replays_as_a_patch_table() {
    let table = resolution(Fork::WasteFirst);
    assert!(!table.is_empty());
    let report = replayed(table.clone());
    assert_eq!((report.verdict, report.max_moves), (Verdict::Verified, Some(4)));
    // An entry naming an option with another edge: the table is not this
    // strategy's, an error of the patched strategy (its line says so).
    let wrong = table.iter().map(|(k, p)| (k.clone(), Patch { option: Some(0), ..*p }));
    assert_eq!(replayed(wrong.collect()).failure, Some(FailKind::StrategyError));
}

/// A table given by `Patches::lazy` is made on first use, once, and then
/// plays as an eager one (the built-in k4 tables are made so: most runs
/// never play them). Without the table `One` is refuted (the test above).
#[test]
fn a_lazy_patch_table_is_made_once_on_first_use() {
    use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};
    let table = resolution(Fork::WasteFirst);
    let made = Arc::new(AtomicUsize::new(0));
    let counter = made.clone();
    let lazy = Patches::lazy(move || {
        counter.fetch_add(1, SeqCst);
        table
    });
    let patched = Amended::with_amendment(Arc::new(forked(Fork::WasteFirst)), "k3-lazy", "", lazy);
    assert_eq!(made.load(SeqCst), 0, "made before use");
    let report = verify(&patched, &request(Board::Infinite, 4, 2, Choices::One)).unwrap();
    assert_eq!((report.verdict, report.max_moves), (Verdict::Verified, Some(4)));
    assert_eq!(made.load(SeqCst), 1, "made once");
}

#[test]
fn options_with_the_same_edge_are_told_apart_by_their_index() {
    let strategy = forked(Fork::SameEdgeFirst);
    let all = verify(&strategy, &request(Board::Infinite, 4, 1, Choices::All)).unwrap();
    assert_eq!(all.verdict, Verdict::Refuted, "the swapped memory must lose");
    let table = resolution(Fork::SameEdgeFirst);
    let patched = Patches::over(Arc::new(forked(Fork::SameEdgeFirst)), "k3-same-edge", "", table.clone());
    let report = verify(&patched, &request(Board::Infinite, 4, 1, Choices::One)).unwrap();
    assert_eq!((report.verdict, report.max_moves), (Verdict::Verified, Some(4)));
    // Option 1 has the same edge but the losing memory.
    let first = table.iter().map(|(k, p)| (k.clone(), Patch { option: Some(0), ..*p }));
    let patched = Patches::over(
        Arc::new(forked(Fork::SameEdgeFirst)),
        "k3-same-edge",
        "",
        first.collect(),
    );
    let report = verify(&patched, &request(Board::Infinite, 4, 1, Choices::One)).unwrap();
    assert_eq!(report.verdict, Verdict::Refuted);
}

#[test]
fn choice_runs_do_not_depend_on_the_thread_count() {
    for mode in [Choices::All, Choices::Some] {
        let one = verify(&forked(Fork::WasteFirst), &request(Board::Infinite, 5, 1, mode)).unwrap();
        let two = verify(&forked(Fork::WasteFirst), &request(Board::Infinite, 5, 2, mode)).unwrap();
        assert_eq!(
            (one.verdict, one.max_moves, one.positions),
            (two.verdict, two.max_moves, two.positions)
        );
        assert_eq!(one.line.moves, two.line.moves);
        assert_eq!(one.choices.made, two.choices.made);
        assert_eq!(one.choices.resolution, two.choices.resolution);
    }
}

/// The outcome by brute force: `Ok(total)` for a win with at most `total`
/// of her moves on every line, `Err(())` for a failure.
type Brute = Result<u32, ()>;

/// Her turn at `position` after his `last` edge, by definition: under
/// `all` every option must win (the slowest counts), under `some` the
/// first winning option is taken, under `one` the strategy's own move.
fn her_brute(rules: &StrategyGame, position: &Position, memory: &Memory, last: Option<Edge>) -> Brute {
    let options: Vec<Result<(Edge, Memory), ()>> = match rules.choices {
        Choices::One => vec![rules.her_turn(position, memory, last).map_err(|_| ())],
        _ => {
            let options = rules.her_options(position, memory, last).map_err(|_| ())?;
            options.into_iter().map(Ok).collect()
        }
    };
    let mut slowest = None;
    for option in options {
        let outcome = option.and_then(|(edge, memory)| {
            let after = position.with(edge, Player::First).unwrap();
            match position.completes_clique(Player::First, edge, rules.game.clique) {
                true => Ok(after.edge_count(Player::First) as u32),
                false => his_brute(rules, &after, &memory),
            }
        });
        match (rules.choices, outcome) {
            (Choices::Some, Ok(total)) => return Ok(total),
            (Choices::Some, Err(())) => continue,
            (_, Err(())) => return Err(()),
            (_, Ok(total)) => slowest = slowest.max(Some(total)),
        }
    }
    slowest.ok_or(())
}

/// His turn: every unclaimed edge of the board.
fn his_brute(rules: &StrategyGame, position: &Position, memory: &Memory) -> Brute {
    let n = rules.board.capacity() as u8;
    let mut slowest = 0;
    let mut moved = false;
    for u in 0..n {
        for v in u + 1..n {
            let e = Edge::new(u, v);
            if !position.is_free(e) {
                continue;
            }
            moved = true;
            if position.completes_clique(Player::Second, e, rules.game.clique) {
                return Err(());
            }
            let after = position.with(e, Player::Second).unwrap();
            if after.is_full() {
                return Err(());
            }
            slowest = slowest.max(her_brute(rules, &after, memory, Some(e))?);
        }
    }
    if moved {
        Ok(slowest)
    } else {
        Err(())
    }
}

#[test]
fn the_search_agrees_with_brute_force_on_small_boards() {
    let mut compared = 0;
    // (Not `Fork::IllegalFirst`: a strategy bug, no verdict in every mode,
    // tested above.)
    for fork in [
        Fork::WasteFirst,
        Fork::WasteLast,
        Fork::SameEdgeFirst,
        Fork::DoubleThreats,
    ] {
        let strategy = forked(fork);
        for mode in Choices::ALL {
            for (n, bound) in [(5, 3), (5, 4), (6, 4), (6, 5)] {
                let board = Board::Complete(n);
                let search = Search::new(&strategy, board.clone(), bound).with_choices(mode);
                let brute = her_brute(
                    search.rules(),
                    &Position::empty(board.clone()),
                    &strategy.initial_memory(),
                    None,
                );
                let report = verify(&strategy, &request(board, bound, 2, mode)).unwrap();
                let searched = match report.verdict {
                    Verdict::Verified => Ok(report.max_moves.unwrap()),
                    Verdict::Refuted => Err(()),
                };
                assert_eq!(searched, brute, "{fork:?} {mode:?} K_{n} bound {bound}");
                compared += 1;
            }
        }
    }
    assert_eq!(compared, 48);
}

/// The certificate of `fork`'s run under `mode` (K3, `K_aleph0`, bound 4),
/// written as `verify --cert` writes it, and the checker's verdict on it.
fn certified(fork: Fork, mode: Choices) -> (Verdict, String, Result<ramsey_cert_check::Summary, String>) {
    use ramsey_verify::verify::cert::{lists::ListRecorder, refute, Recorder};
    let strategy = forked(fork);
    let request = Request {
        tree: true,
        ..request(Board::Infinite, 4, 2, mode)
    };
    let (moves, lists) = (Recorder::new(), ListRecorder::new());
    let observer: &dyn ramsey_verify::verify::search::Observer = match mode {
        Choices::All => &lists,
        _ => &moves,
    };
    let report = ramsey_verify::verify::verify_observed(&strategy, &request, Some(observer)).unwrap();
    let (game, board) = (strategy.game(), Board::Infinite);
    let certificate = match (report.verdict, mode, &report.choices.tree) {
        (Verdict::Verified, Choices::All, _) => lists.certificate(game, board, 4),
        (Verdict::Verified, _, _) => moves.certificate(game, board, 4, None),
        (Verdict::Refuted, _, Some(tree)) => {
            refute::tree_certificate(game, board, 4, refute::Refutes::EveryOption, tree.as_ref().unwrap())
        }
        (Verdict::Refuted, _, None) => {
            let tree = refute::line_tree(&report.line).unwrap();
            refute::tree_certificate(game, board, 4, refute::Refutes::Line, &tree)
        }
    };
    let checked = ramsey_cert_check::check(certificate.text.as_bytes(), 1).map_err(|r| r.message);
    (report.verdict, certificate.text, checked)
}

#[test]
fn every_kind_of_choices_certificate_is_accepted() {
    let cases = [
        (
            Fork::DoubleThreats,
            Choices::All,
            Verdict::Verified,
            "claim every-option-wins",
        ),
        (Fork::WasteFirst, Choices::Some, Verdict::Verified, "ramsey-cert 2"),
        (Fork::WasteFirst, Choices::All, Verdict::Refuted, "claim line-loses"),
        (Fork::WasteFirst, Choices::One, Verdict::Refuted, "claim line-loses"),
        (
            Fork::NoRule,
            Choices::Some,
            Verdict::Refuted,
            "claim every-option-loses",
        ),
    ];
    for (fork, mode, verdict, claim) in cases {
        let (found, text, checked) = certified(fork, mode);
        assert_eq!(found, verdict, "{fork:?} {mode:?}\n{text}");
        assert!(text.contains(claim), "{fork:?} {mode:?}: {text}");
        assert!(checked.is_ok(), "{fork:?} {mode:?}: {checked:?}\n{text}");
    }
    // Under `all` some position lists several winning options.
    let (_, text, _) = certified(Fork::DoubleThreats, Choices::All);
    assert!(text.lines().skip(8).any(|l| l.contains(',')), "{text}");
}
