//! The strategy contract is checked by the search, not trusted
//! (`src/search/contract.rs`): a strategy that is not a function of the
//! canonical situation, that declares it completes the target whenever it
//! can but does not, or whose `play` is not among its `choices`, gets no
//! verdict and an error naming the situation, never a wrong verdict.

use ramsey_verify::board::{Board, Edge, Player};
use ramsey_verify::strategies::by_name;
use ramsey_verify::strategy::{Game, Memory, Move, Strategy, StrategyError, View};
use ramsey_verify::verify::{verify, Request, Verdict, VerifyError};
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
            Breach::Honest | Breach::Disowns => false,
        };
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
        Ok(match self.breach {
            Breach::Disowns => vec![Move {
                edge: elsewhere(view),
                ..own
            }],
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

#[test]
fn an_honest_strategy_passes_the_checks_with_the_same_result() {
    for board in [Board::Infinite, Board::Complete(6)] {
        let plain = verify(&broken(Breach::Honest), Request::new(board, 4, 1)).unwrap();
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
        match verify(&broken(breach), checked(Board::Infinite)) {
            Err(VerifyError::Contract(message)) => {
                assert!(
                    message.contains(says) && message.contains(" at `"),
                    "{breach:?}: {message}"
                )
            }
            other => panic!("{breach:?}: {:?}", other.map(|r| r.verdict)),
        }
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
