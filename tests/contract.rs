//! The strategy contract is checked by the search, not trusted
//! (`src/search/contract.rs`): a strategy that is not a function of the
//! canonical situation, that declares it completes the target whenever it
//! can but does not, or whose `play` is not among its `choices`, gets no
//! verdict and an error naming the situation, never a wrong verdict.

use ramsey_verify::core::board::{Board, Edge, Player};
use ramsey_verify::core::memory::Memory;
use ramsey_verify::strategies::by_name;
use ramsey_verify::verify::search::Choices;
use ramsey_verify::verify::strategy::{Game, Move, Strategy, StrategyError, View};
use ramsey_verify::verify::{shorten, verify, Request, Verdict, VerifyError};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

/// How the wrapped K3 strategy breaks the contract.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Breach {
    /// None: the K3 strategy as it is.
    Honest,
    /// Every other call answers with another edge.
    Flaky,
    /// Declares it completes the target whenever it can, but plays
    /// elsewhere when it could win.
    Dawdles,
    /// `choices` leaves out the move `play` makes.
    Disowns,
    /// `play` completes the target whenever it can, but `choices` then
    /// also allows an edge elsewhere.
    OffersDawdling,
    /// Her second move, after a first edge of his that misses hers, is his
    /// edge (illegal).
    TakesHisEdge,
}

struct Broken {
    inner: Arc<dyn Strategy>,
    breach: Breach,
    calls: AtomicU32,
}

fn broken(breach: Breach) -> Broken {
    Broken {
        inner: by_name("k3").unwrap(),
        breach,
        calls: AtomicU32::new(0),
    }
}

/// An edge between two fresh vertices: legal, and never a win.
fn elsewhere(view: &View) -> Edge {
    let t = view.position.touched_count() as u8;
    Edge::new(t, t + 1)
}

impl Strategy for Broken {
    fn name(&self) -> &'static str {
        "k3-broken-contract"
    }
    fn description(&self) -> &'static str {
        "k3 breaking the strategy contract (test)"
    }
    fn game(&self) -> Game {
        self.inner.game()
    }
    fn initial_memory(&self) -> Memory {
        self.inner.initial_memory()
    }
    fn play(&self, view: &View) -> Result<Move, StrategyError> {
        let own = self.inner.play(view)?;
        let odd = self.calls.fetch_add(1, Ordering::Relaxed) % 2 == 1;
        let can_win = !view.position.threats(Player::First, 3).is_empty();
        let replace = match self.breach {
            Breach::Flaky => odd,
            Breach::Dawdles => can_win,
            Breach::Honest | Breach::Disowns | Breach::OffersDawdling | Breach::TakesHisEdge => false,
        };
        if let (Breach::TakesHisEdge, 2, Some(his)) = (self.breach, view.move_number(), view.last_reply) {
            let hers = view.position.edges(Player::First)[0];
            let (u, v) = hers.ends();
            if !his.touches(u) && !his.touches(v) {
                return Ok(Move { edge: his, ..own });
            }
        }
        Ok(match replace {
            true => Move {
                edge: elsewhere(view),
                ..own
            },
            false => own,
        })
    }
    fn choices(&self, view: &View) -> Result<Vec<Move>, StrategyError> {
        let own = self.play(view)?;
        let can_win = !view.position.threats(Player::First, 3).is_empty();
        let other = Move {
            edge: elsewhere(view),
            ..own.clone()
        };
        Ok(match self.breach {
            Breach::Disowns => vec![other],
            Breach::OffersDawdling if can_win => vec![own, other],
            _ => vec![own],
        })
    }
    fn completes_when_possible(&self) -> bool {
        true
    }
}

fn checked(board: Board) -> Request {
    Request {
        check_contract: true,
        ..Request::new(board, 4, 1)
    }
}

/// The message of a run that must end without a verdict.
fn no_verdict(breach: Breach, request: Request) -> String {
    match verify(&broken(breach), request) {
        Err(VerifyError::Contract(broken)) => broken.to_string(),
        other => panic!("{breach:?}: expected no verdict, got {:?}", other.map(|r| r.verdict)),
    }
}

#[test]
fn an_honest_strategy_passes_the_checks_with_the_same_result() {
    for board in [Board::Infinite, Board::Complete(6)] {
        let plain = verify(&broken(Breach::Honest), Request::new(board.clone(), 4, 1)).unwrap();
        let checked = verify(&broken(Breach::Honest), checked(board)).unwrap();
        assert_eq!(plain.verdict, Verdict::Verified);
        assert_eq!(
            (checked.verdict, checked.max_moves, checked.positions),
            (plain.verdict, plain.max_moves, plain.positions)
        );
    }
}

#[test]
fn each_breach_is_no_verdict_with_the_situation_named() {
    for (breach, says) in [
        (Breach::Flaky, "a function of the canonical situation"),
        (Breach::Dawdles, "completes the target whenever it can"),
        (Breach::Disowns, "which its choices do not allow"),
    ] {
        let message = no_verdict(breach, checked(Board::Infinite));
        assert!(
            message.contains(says) && message.contains("at `"),
            "{breach:?}: {message}"
        );
    }
}

#[test]
fn the_dawdler_would_be_verified_if_the_shortcut_were_trusted() {
    // Without the check, the engine plays her winning edge itself and the
    // run verifies; checked, it is caught. Without shortcuts, the
    // strategy's own moves are searched and it is refuted honestly.
    let trusted = Request {
        shortcuts: true,
        ..Request::new(Board::Infinite, 4, 1)
    };
    let sampled = verify(&broken(Breach::Dawdles), trusted);
    let unsampled_verdict = sampled.as_ref().map(|r| r.verdict).ok();
    assert!(
        matches!(sampled, Err(VerifyError::Contract(_))) || unsampled_verdict == Some(Verdict::Verified),
        "the default sample either catches it or leaves the shortcut's verdict"
    );
    let honest = Request {
        shortcuts: false,
        ..Request::new(Board::Infinite, 4, 1)
    };
    assert_eq!(
        verify(&broken(Breach::Dawdles), honest).unwrap().verdict,
        Verdict::Refuted
    );
}

#[test]
fn shortcut_wins_are_checked_under_choices_too() {
    // The engine plays her winning edge itself in every mode; under
    // `--choices all|some` the check asks `choices`, and every option must
    // complete the target (under `all` the adversary may take any).
    for choices in [Choices::All, Choices::Some] {
        for breach in [Breach::Dawdles, Breach::OffersDawdling] {
            let request = Request {
                choices,
                ..checked(Board::Infinite)
            };
            let message = no_verdict(breach, request);
            assert!(
                message.contains("completes the target whenever it can") && message.contains("its choices allow"),
                "{breach:?} {choices:?}: {message}"
            );
        }
    }
    // Under `one` only `play` is asked, which takes every win.
    let one = verify(&broken(Breach::OffersDawdling), checked(Board::Infinite)).unwrap();
    assert_eq!(one.verdict, Verdict::Verified);
}

#[test]
fn a_shorter_broken_contract_than_the_first_counterexample_is_no_verdict_under_shortest() {
    // With bound 3 the K3 strategy runs out of moves after his first reply
    // in reply order (it meets her edge): REFUTED. After his other first
    // reply (away from her edge) she takes his edge: a shorter line, on
    // which the strategy breaks its contract, so `--shortest` gives no
    // verdict rather than a refutation by an illegal move.
    let request = Request::new(Board::Infinite, 3, 1);
    let strategy = broken(Breach::TakesHisEdge);
    let mut report = verify(&strategy, request.clone()).unwrap();
    assert_eq!(report.verdict, Verdict::Refuted);
    assert_eq!(report.line.count(Player::Second), 3, "{:?}", report.line);
    match shorten(&mut report, &strategy, request, 1_000_000) {
        Err(VerifyError::Contract(broken)) => {
            assert!(broken.message.contains("is already claimed"), "{broken}");
            assert_eq!(broken.line.count(Player::Second), 1, "{broken}");
        }
        other => panic!("expected no verdict, got {other:?}"),
    }
}

#[test]
fn a_strategy_whose_choices_change_is_shown_both_answers() {
    // Flaky's `choices` is its `play`: one move each time, another edge on
    // every other call, so the two answers have the same length and only
    // the moves themselves tell them apart.
    let request = Request {
        choices: Choices::All,
        ..checked(Board::Infinite)
    };
    let message = no_verdict(Breach::Flaky, request);
    let shown = message
        .split_once("it allowed [")
        .and_then(|(_, rest)| rest.split_once("] and then ["))
        .and_then(|(first, rest)| Some((first, rest.split_once(']')?.0)));
    let (first, again) = shown.unwrap_or_else(|| panic!("both answers are listed: {message}"));
    assert_ne!(first, again, "{message}");
}
