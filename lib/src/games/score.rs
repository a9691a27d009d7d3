//! Final scores and values: what every game's search ends with, below the
//! traits and the questions that use them.

use crate::core::board::Player;
use std::fmt::Debug;
use std::hash::Hash;

/// A final score: totally ordered from red's point of view (larger is
/// better for red, the first colour).
pub trait FinalScore: Copy + Ord + Eq + Hash + Send + Sync + Debug {
    /// Who wants a game that ends with this score to end sooner, where
    /// lengths rank values (the exact question): the winner hurries, the
    /// loser delays; `None` where length does not matter (or is part of the
    /// score already). A property of the score's order, not of a position
    /// nor of a game: [`Value::rank`] orders (score, length) by it.
    fn hurries(self) -> Option<Player>;
}

/// Whether the first player has won: length does not matter.
impl FinalScore for bool {
    fn hurries(self) -> Option<Player> {
        None
    }
}

/// The value of a position under optimal play: the final score and how
/// many more turns optimal play lasts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Value<S> {
    /// The final score.
    pub score: S,
    /// Turns from this position to the end of optimal play.
    pub plies: u32,
}
