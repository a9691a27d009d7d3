//! The final score of Erdős' scoring games and its order (the paper's
//! `f = C(a - b) + a`; see the reading in [`super`]).

use super::Scoring;
use crate::core::board::Player;
use std::cmp::Ordering;
use std::fmt;

/// A final score: Alice's points and Bob's, ordered as the paper's
/// `f = C(a - b) + a` (difference first, then Alice's points).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Points {
    /// Alice's (red's) points `a`.
    pub alice: u8,
    /// Bob's (blue's) points `b`.
    pub bob: u8,
}

impl Points {
    /// The score difference `a - b`.
    pub fn difference(self) -> i16 {
        self.alice as i16 - self.bob as i16
    }

    /// The winner: Alice if `a > b`, Bob if `a < b`, and for a draw Bob in
    /// the Clique and Star games, nobody otherwise.
    pub fn winner(self, scoring: Scoring) -> Option<Player> {
        match self.alice.cmp(&self.bob) {
            Ordering::Greater => Some(Player::First),
            Ordering::Less => Some(Player::Second),
            Ordering::Equal => scoring.draw_is_bobs().then_some(Player::Second),
        }
    }
}

impl Ord for Points {
    fn cmp(&self, other: &Points) -> Ordering {
        (self.difference(), self.alice).cmp(&(other.difference(), other.alice))
    }
}

impl PartialOrd for Points {
    fn partial_cmp(&self, other: &Points) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.alice, self.bob)
    }
}

/// Thresholds worth testing first in a threshold search: does Alice win
/// (`a - b >= 1`), and is it at least a draw (`a - b >= 0`)?
pub const PROBES: [Points; 2] = [Points { alice: 1, bob: 0 }, Points { alice: 0, bob: 0 }];
