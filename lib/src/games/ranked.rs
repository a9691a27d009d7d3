//! Any game with its length of play folded into the score, so that a
//! score-only search finds the exact [`Value`] (score and plies) of a game
//! where the winner hurries and the loser delays.
//!
//! `engine::Solver` ranks lines by (score, length) itself but must see
//! every position; the threshold search (`engine::bounded`) prunes but only
//! knows scores. [`Ranked`] gives the threshold search the rank as its
//! score: a finished game scores (score, length from the start as
//! [`Value::rank`] orders it for the exact question, [`Exact`]), so "is the
//! value at least t?" cuts off on length as well as on who wins, and the score it finds is the value the
//! solver would find. The position carries the plies played since the
//! start, and the canonical key includes them, so positions reached after
//! different numbers of turns (set moves) are never confused.
//!
//! A layer (see [`super`]): positions and scores change, so every
//! capability is written here in full (`clippy::missing_trait_methods` is
//! denied on each impl). The inner game's moves, symmetry, move notation
//! and move order are kept; its bounds and quick values are carried over
//! with the lengths they imply; a move is one ply, as the plies played
//! count it.

use super::{layer, Exact, FinalScore, Hints, Notation, Rules, Symmetric, Value};
use crate::core::board::{Player, Vertex};
use crate::core::symmetry::Canonical;

/// `inner` with the length of play in the score.
pub struct Ranked<'g, G: Rules> {
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

impl<'g, G: Rules> Ranked<'g, G> {
    /// The ranked version of `inner`.
    pub fn new(inner: &'g G) -> Ranked<'g, G> {
        Ranked { inner }
    }
}

/// The length is in the score already.
impl<S: FinalScore> FinalScore for RankedScore<S> {
    fn hurries(self) -> Option<Player> {
        None
    }
}

impl<G: Rules> Ranked<'_, G> {
    /// The ranked score of a game that ends with `score` after `plies`
    /// plies from the start.
    fn ranked(&self, score: G::Score, plies: u32) -> RankedScore<G::Score> {
        let (score, length) = Value { score, plies }.rank(&Exact);
        RankedScore { score, length }
    }

    /// The inner game's value `v` at a position `played` plies from the
    /// start, ranked.
    fn ranked_value(&self, played: u32, v: Value<G::Score>) -> Value<RankedScore<G::Score>> {
        Value {
            score: self.ranked(v.score, played + v.plies),
            plies: v.plies,
        }
    }
}

#[deny(clippy::missing_trait_methods)]
impl<G: Rules> Rules for Ranked<'_, G> {
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
        Some(self.ranked(score, p.plies))
    }
    layer::forwards!(moves);
    fn play(&self, p: &Self::Position, m: &G::Move) -> Self::Position {
        RankedPosition {
            position: self.inner.play(&p.position, m),
            plies: p.plies + 1,
        }
    }
}

/// The inner game's symmetry, with the plies played in the key.
#[deny(clippy::missing_trait_methods)]
impl<G: Symmetric> Symmetric for Ranked<'_, G> {
    fn canonical(&self, p: &Self::Position) -> Canonical<Self::Position> {
        let plies = p.plies;
        self.inner
            .canonical(&p.position)
            .extended(plies as u64, |position| RankedPosition { position, plies })
    }
    // The whole form, then the key shown (the key carries the plies played).
    layer::defaults!(canonical_if);
    layer::forwards!(relabel_move);
    fn orbit_moves(&self, p: &Self::Position, generators: &[Vec<Vertex>]) -> Vec<G::Move> {
        self.inner.orbit_moves(&p.position, generators)
    }
}

/// The inner game's notation, with the length rank beside the score.
#[deny(clippy::missing_trait_methods)]
impl<G: Notation> Notation for Ranked<'_, G> {
    layer::forwards!(move_text, move_json);
    fn score_text(&self, s: Self::Score) -> String {
        format!("{} (length rank {})", self.inner.score_text(s.score), s.length)
    }
    // The text.
    layer::defaults!(score_json);
}

#[deny(clippy::missing_trait_methods)]
impl<G: Hints> Hints for Ranked<'_, G> {
    /// The inner game's score bounds with the length each side can get at
    /// best: a game not over yet lasts at least one more ply, so a win of
    /// the side that hurries is at best one ply away; the other end of each
    /// length is left open (the inner game does not say how long play can
    /// last).
    fn score_bounds(&self, p: &Self::Position) -> Option<(Self::Score, Self::Score)> {
        let (lo, hi) = self.inner.score_bounds(&p.position)?;
        let soonest = i64::from(p.plies) + 1;
        let length = |score: G::Score, low: bool| match (score.hurries(), low) {
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
    // The full bounds above, asked for all at once, and either side of
    // them: the inner game's test-specific bounds are for its own scores,
    // not for lengths.
    layer::defaults!(score_bounds_for, bounds_by_side, score_bound_side);
    layer::forwards!(move_priority);
    /// The inner game's quick value, ranked by the plies it implies.
    fn quick_value(&self, p: &Self::Position) -> Option<Value<Self::Score>> {
        let v = self.inner.quick_value(&p.position)?;
        Some(self.ranked_value(p.plies, v))
    }
    /// The inner game's quick value of the move, ranked by the plies it
    /// implies (the move's own ply included).
    fn quick_move_value(&self, p: &Self::Position, m: &G::Move) -> Option<Value<Self::Score>> {
        let v = self.inner.quick_move_value(&p.position, m)?;
        Some(self.ranked_value(p.plies + 1, v))
    }
    // Not known: a ranked score also says when the game ends.
    layer::defaults!(ending_move, quick_score);
    // None: the inner game's form keeps scores, not lengths of play; a
    // ranked search keeps its counting convention; one ply per move, as
    // the plies played count them.
    layer::defaults!(score_form, search_directly, plies);
}
