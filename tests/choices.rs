//! Open choices (`verify --choices all|some`): a K3 strategy whose second
//! move is left open between a bad and a good option, checked against a
//! plain brute-force enumerator (labelled positions, no symmetry, no table)
//! on small boards.

use ramsey_verify::board::{Board, Edge, Player, Position};
use ramsey_verify::search::{Choices, FailKind, Search, StrategyGame};
use ramsey_verify::strategies::by_name;
use ramsey_verify::strategy::{Game, Memory, Move, Strategy, StrategyError, View};
use ramsey_verify::verify::{verify, Request, Verdict};

/// How the second move of the K3 strategy is left open.
#[derive(Clone, Copy, Debug)]
enum Fork {
    /// A wasted move (an edge between two fresh vertices) first, then the
    /// strategy's own move.
    WasteFirst,
    /// The strategy's own move first, then the wasted one.
    WasteLast,
    /// An edge already claimed first, then the strategy's own move.
    IllegalFirst,
    /// No option at all.
    Empty,
}

/// The K3 strategy (Lemma 4.1) with its second move left open as `fork` says.
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
    fn initial_memory(&self) -> Memory {
        self.inner.initial_memory()
    }
    fn play(&self, view: &View) -> Result<Move, StrategyError> {
        self.inner.play(view)
    }
    fn choices(&self, view: &View) -> Result<Vec<Move>, StrategyError> {
        let own = self.inner.play(view)?;
        if view.move_number() != 2 {
            return Ok(vec![own]);
        }
        let t = view.position.touched_count() as u8;
        let waste = Move {
            edge: Edge::new(t, t + 1),
            memory: view.memory.clone(),
        };
        let illegal = Move {
            edge: view.last_reply.expect("he has moved"),
            memory: view.memory.clone(),
        };
        Ok(match self.fork {
            Fork::WasteFirst => vec![waste, own],
            Fork::WasteLast => vec![own, waste],
            Fork::IllegalFirst => vec![illegal, own],
            Fork::Empty => vec![],
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
    let all = verify(&strategy, request(Board::Infinite, 4, 2, Choices::All)).unwrap();
    assert_eq!(all.verdict, Verdict::Refuted);
    let made = &all.choices.made;
    assert_eq!(made.len(), 1, "{made:?}");
    assert_eq!((made[0].her_move, made[0].option, made[0].options), (2, 1, 2));
    let some = verify(&strategy, request(Board::Infinite, 4, 2, Choices::Some)).unwrap();
    assert_eq!(some.verdict, Verdict::Verified);
    assert_eq!(some.max_moves, Some(4));
    assert!(some.choices.resolution.iter().all(|r| r.option == 1 && r.options == 2));
    assert!(!some.choices.resolution.is_empty());
    // `one` plays the strategy's own move: the plain K3 result.
    let one = verify(&strategy, request(Board::Infinite, 4, 2, Choices::One)).unwrap();
    assert_eq!((one.verdict, one.max_moves), (Verdict::Verified, Some(4)));
}

#[test]
fn some_takes_the_first_winning_option() {
    let strategy = forked(Fork::WasteLast);
    let some = verify(&strategy, request(Board::Infinite, 4, 1, Choices::Some)).unwrap();
    assert_eq!(some.verdict, Verdict::Verified);
    assert!(some.choices.resolution.iter().all(|r| r.option == 0));
    let all = verify(&strategy, request(Board::Infinite, 4, 1, Choices::All)).unwrap();
    assert_eq!(all.verdict, Verdict::Refuted);
    assert_eq!(all.choices.made.last().map(|c| c.option), Some(2));
}

#[test]
fn an_illegal_option_refutes_all_and_is_avoided_by_some() {
    let strategy = forked(Fork::IllegalFirst);
    let all = verify(&strategy, request(Board::Infinite, 10, 1, Choices::All)).unwrap();
    assert_eq!(all.failure, Some(FailKind::IllegalMove));
    let some = verify(&strategy, request(Board::Infinite, 10, 1, Choices::Some)).unwrap();
    assert_eq!(some.verdict, Verdict::Verified);
}

#[test]
fn no_option_at_all_is_a_strategy_error_in_both_modes() {
    for mode in [Choices::All, Choices::Some] {
        let report = verify(&forked(Fork::Empty), request(Board::Infinite, 10, 1, mode)).unwrap();
        assert_eq!(report.failure, Some(FailKind::StrategyError), "{mode:?}");
    }
}

#[test]
fn choice_runs_do_not_depend_on_the_thread_count() {
    for mode in [Choices::All, Choices::Some] {
        let one = verify(&forked(Fork::WasteFirst), request(Board::Infinite, 5, 1, mode)).unwrap();
        let two = verify(&forked(Fork::WasteFirst), request(Board::Infinite, 5, 2, mode)).unwrap();
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
            options.into_iter().map(|o| o.map_err(|_| ())).collect()
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
    for fork in [Fork::WasteFirst, Fork::WasteLast, Fork::IllegalFirst] {
        let strategy = forked(fork);
        for mode in Choices::ALL {
            for (n, bound) in [(5, 3), (5, 4), (6, 4), (6, 5)] {
                let board = Board::Complete(n);
                let search = Search::new(&strategy, board, bound).with_choices(mode);
                let brute = her_brute(
                    search.rules(),
                    &Position::empty(board),
                    &strategy.initial_memory(),
                    None,
                );
                let report = verify(&strategy, request(board, bound, 2, mode)).unwrap();
                let searched = match report.verdict {
                    Verdict::Verified => Ok(report.max_moves.unwrap()),
                    Verdict::Refuted => Err(()),
                };
                assert_eq!(searched, brute, "{fork:?} {mode:?} K_{n} bound {bound}");
                compared += 1;
            }
        }
    }
    assert_eq!(compared, 36);
}
