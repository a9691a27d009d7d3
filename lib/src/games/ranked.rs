//! Any game with its length of play folded into the score, so that a
//! score-only search finds the exact [`Value`] (score and plies) of a game
//! where the winner hurries and the loser delays.
//!
//! [`crate::engine::Solver`] ranks lines by (score, length) itself but must
//! see every position; the threshold search ([`crate::engine::bounded`])
//! prunes but only knows scores. [`Ranked`] gives the threshold search the
//! rank as its score: a finished game scores (score, length from the start
//! as [`Value::rank`] orders it), so "is the value at least t?" cuts off on
//! length as well as on who wins, and the score it finds is the value the
//! solver would find. The position carries the plies played since the
//! start, and the canonical key includes them, so positions reached after
//! different numbers of turns (set moves) are never confused.

use super::{Game, Value};
use crate::core::board::{Player, Vertex};
use crate::core::symmetry::Canonical;

/// `inner` with the length of play in the score.
pub struct Ranked<'g, G: Game> {
    inner: &'g G,
}

/// A position of the inner game with the plies played since the start.
#[derive(Clone, Debug)]
pub struct RankedPosition<P> {
    /// The inner game's position.
    pub position: P,
    /// Turns played since the start.
    pub plies: u32,
}

/// A final score with the length of the game, ordered as red prefers:
/// by score, then by `length` (minus the plies where red hurries, the
/// plies where blue hurries, zero where length does not matter).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct RankedScore<S> {
    /// The inner game's final score.
    pub score: S,
    /// The length as [`Value::rank`] orders it.
    pub length: i64,
}

impl<'g, G: Game> Ranked<'g, G> {
    /// The ranked version of `inner`.
    pub fn new(inner: &'g G) -> Ranked<'g, G> {
        Ranked { inner }
    }
}

impl<G: Game> Game for Ranked<'_, G> {
    type Position = RankedPosition<G::Position>;
    type Move = G::Move;
    type Score = RankedScore<G::Score>;

    fn start(&self) -> Self::Position {
        RankedPosition {
            position: self.inner.start(),
            plies: 0,
        }
    }
    fn to_move(&self, p: &Self::Position) -> Player {
        self.inner.to_move(&p.position)
    }
    fn outcome(&self, p: &Self::Position) -> Option<Self::Score> {
        let score = self.inner.outcome(&p.position)?;
        let rank = Value { score, plies: p.plies }.rank(self.inner);
        Some(RankedScore { score, length: rank.1 })
    }
    fn moves(&self, p: &Self::Position) -> Vec<G::Move> {
        self.inner.moves(&p.position)
    }
    fn play(&self, p: &Self::Position, m: &G::Move) -> Self::Position {
        RankedPosition {
            position: self.inner.play(&p.position, m),
            plies: p.plies + 1,
        }
    }
    fn canonical(&self, p: &Self::Position) -> Canonical<Self::Position> {
        let plies = p.plies;
        self.inner
            .canonical(&p.position)
            .extended(plies as u64, |position| RankedPosition { position, plies })
    }
    fn relabel_move(&self, m: &G::Move, perm: &[Vertex]) -> G::Move {
        self.inner.relabel_move(m, perm)
    }
    fn hurries(&self, _score: Self::Score) -> Option<Player> {
        None
    }
    fn move_text(&self, m: &G::Move) -> String {
        self.inner.move_text(m)
    }
    fn score_text(&self, s: Self::Score) -> String {
        format!("{} (length rank {})", self.inner.score_text(s.score), s.length)
    }
    /// The inner game's score bounds with the length each side can get at
    /// best: a game not over yet lasts at least one more ply, so a win of
    /// the side that hurries is at best one ply away; the other end of each
    /// length is left open (the inner game does not say how long play can
    /// last).
    fn score_bounds(&self, p: &Self::Position) -> Option<(Self::Score, Self::Score)> {
        let (lo, hi) = self.inner.score_bounds(&p.position)?;
        let soonest = i64::from(p.plies) + 1;
        let length = |score: G::Score, low: bool| match (self.inner.hurries(score), low) {
            (Some(Player::First), true) => i64::MIN,
            (Some(Player::First), false) => -soonest,
            (Some(Player::Second), true) => soonest,
            (Some(Player::Second), false) => i64::MAX,
            (None, _) => 0,
        };
        Some((
            RankedScore {
                score: lo,
                length: length(lo, true),
            },
            RankedScore {
                score: hi,
                length: length(hi, false),
            },
        ))
    }
    fn move_priority(&self, p: &Self::Position, m: &G::Move) -> i32 {
        self.inner.move_priority(&p.position, m)
    }
}
