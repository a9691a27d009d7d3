//! Who wins a scoring game, without its exact outcome: at most the two
//! threshold tests of [`PROBES`] ("does Alice win?", "is it at least a
//! draw?"), often much cheaper than the exact outcome and its line (the
//! exact value needs more tests, each of which may store more positions).

use crate::core::board::Player;
use crate::engine::bounded::{BoundedSolver, Test, Threshold};
use crate::engine::Stopped;
use crate::games::scoring::{Points, ScoringGame, PROBES};

/// What the tests prove: the winner, and bounds on the outcome in the
/// paper's order (`(a - b, a)`, [`Points`]' `Ord`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WhoWins {
    /// Alice if `a > b`; Bob if `a < b`, or on a draw in the Clique and
    /// Star games; `None` for a draw in the VC and Colex games.
    pub winner: Option<Player>,
    /// A proven lower bound on the outcome, if a test gave one.
    pub at_least: Option<Points>,
    /// A proven upper bound on the outcome, if a test gave one.
    pub at_most: Option<Points>,
}

/// Decides who wins `game` with `solver`: "does Alice win (`a - b >= 1`)?",
/// then, unless that decides it (yes, or a draw counts for Bob),
/// "is it at least a draw (`a - b >= 0`)?".
pub fn who_wins(game: &ScoringGame, solver: &BoundedSolver<'_, ScoringGame>) -> Result<WhoWins, Stopped> {
    let start = crate::games::Rules::start(game);
    let mut proven = WhoWins {
        winner: None,
        at_least: None,
        at_most: None,
    };
    for score in PROBES {
        match solver.test(&start, Threshold { score, strict: false })? {
            Test::AtLeast(lo) => proven.at_least = Some(proven.at_least.map_or(lo, |l| l.max(lo))),
            Test::AtMost(hi) => proven.at_most = Some(proven.at_most.map_or(hi, |h| h.min(hi))),
        }
        let lo = proven.at_least.map(Points::difference);
        let hi = proven.at_most.map(Points::difference);
        let decided = match (lo, hi) {
            (Some(l), _) if l >= 1 => Some(Some(Player::First)),
            (_, Some(h)) if h <= -1 => Some(Some(Player::Second)),
            (_, Some(0)) if game.scoring().draw_is_bobs() => Some(Some(Player::Second)),
            (Some(0), Some(0)) => Some(None),
            _ => None,
        };
        if let Some(winner) = decided {
            proven.winner = winner;
            return Ok(proven);
        }
    }
    // After "a - b >= 1?" fails, a - b <= 0; "a - b >= 0?" then gives
    // a - b = 0 or a - b <= -1, each decided above.
    unreachable!("the two tests bound a - b from both sides")
}
