//! The question a search answers about a game, apart from the game: which
//! child settles a node for whom, and whether lengths rank values.
//!
//! The same rules are asked different things. "What is the exact value,
//! with the length of optimal play?" ([`Exact`]) must see every child.
//! "Does the first player win?" ([`FirstWins`]) is settled at a node of
//! hers by her first winning child and at a node of his by his first
//! child that stops her, so the rest are cut off. The score-only search
//! (`engine::Decider`) asks one of its own, and every strategy check (the
//! `K_k` verifier's `verify::search` and the labelled strategies' layer
//! `engine::follow`) asks [`FirstFailure`]: the first counterexample
//! refutes. A cutoff
//! is sound for the question that declares it, not for the game, so it
//! travels with the question: a search takes the question beside the game
//! (`engine::Solver::asking`) and is monomorphised for it, so asking
//! costs nothing in the search loop.

use super::score::{FinalScore, Value};
use crate::core::board::Player;

/// What a search asks of a game with scores `S`.
///
/// A node's value is the value of its *first* decisive child in move order
/// (children after it are not searched), else the first best child by
/// [`Value::rank`] under the question.
pub trait Question<S: FinalScore>: Send + Sync {
    /// Whether a child worth `score` ends the search of a node where
    /// `mover` is to move. Declare a score decisive only where any child
    /// with it answers the question: in strategy verification, any
    /// counterexample refutes (so the value is the first counterexample in
    /// reply order, not the shortest).
    fn decisive(&self, mover: Player, score: S) -> bool;
    /// Who wants a game that ends with `score` to end sooner, where this
    /// question ranks lengths; `None` where it does not.
    fn hurries(&self, score: S) -> Option<Player>;
}

/// The exact minimax value: nothing is decisive, and lengths rank as the
/// score's order says ([`FinalScore::hurries`]: the winner hurries, the
/// loser delays). The default question of every search.
#[derive(Clone, Copy, Debug, Default)]
pub struct Exact;

impl<S: FinalScore> Question<S> for Exact {
    fn decisive(&self, _mover: Player, _score: S) -> bool {
        false
    }
    fn hurries(&self, score: S) -> Option<Player> {
        score.hurries()
    }
}

/// "Does the first player win?", for a score that says whether she has
/// won: a win is decisive for her (one winning move answers it) and "no
/// win" for the other player (one move that stops her answers it); lengths
/// do not matter.
#[derive(Clone, Copy, Debug, Default)]
pub struct FirstWins;

impl Question<bool> for FirstWins {
    fn decisive(&self, mover: Player, won: bool) -> bool {
        won == (mover == Player::First)
    }
    fn hurries(&self, _won: bool) -> Option<Player> {
        None
    }
}

/// The score of a line in a strategy check: it beats the strategy, or the
/// strategy holds on it (however well).
pub trait StrategyScore: FinalScore {
    /// Whether the line beats the strategy.
    fn fails(self) -> bool;
}

/// "Does the strategy hold against every line, and if not, which failure
/// comes first in move order?", the one question of every strategy check:
/// a failure is decisive for the adversary ([`Player::Second`]; any
/// counterexample refutes, so the value is the first one in move order,
/// not the shortest) and a line that holds is decisive for the strategy's
/// player where she chooses among open options ([`Player::First`]; one
/// option that holds is enough). Lengths rank as the score says.
#[derive(Clone, Copy, Debug, Default)]
pub struct FirstFailure;

impl<S: StrategyScore> Question<S> for FirstFailure {
    fn decisive(&self, mover: Player, score: S) -> bool {
        score.fails() == (mover == Player::Second)
    }
    fn hurries(&self, score: S) -> Option<Player> {
        score.hurries()
    }
}

impl<S: FinalScore> Value<S> {
    /// A key that red maximises and the other colour minimises under
    /// `question`: the score, then the length as the side that hurries
    /// wants it ([`Question::hurries`]).
    pub fn rank<Q: Question<S> + ?Sized>(&self, question: &Q) -> (S, i64) {
        let length = match question.hurries(self.score) {
            Some(Player::First) => -(self.plies as i64),
            Some(Player::Second) => self.plies as i64,
            None => 0,
        };
        (self.score, length)
    }
}

/// The index of the first best value for `mover` under `question` (red
/// maximises the rank, blue minimises it); `None` for no values.
pub fn best_index<S: FinalScore, Q: Question<S> + ?Sized>(
    question: &Q,
    mover: Player,
    values: impl Iterator<Item = Value<S>>,
) -> Option<usize> {
    let mut best: Option<(usize, (S, i64))> = None;
    for (i, v) in values.enumerate() {
        let rank = v.rank(question);
        let better = match best {
            None => true,
            Some((_, b)) => match mover {
                Player::First => rank > b,
                Player::Second => rank < b,
            },
        };
        if better {
            best = Some((i, rank));
        }
    }
    best.map(|(i, _)| i)
}
