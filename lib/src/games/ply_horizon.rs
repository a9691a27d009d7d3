//! Any game with a horizon on its length: "does player `P` win within `L`
//! plies (from the start)?" as a game of its own, for the engine's core
//! asking [`super::FirstWins`] (`engine::Solver::asking`). Either player
//! can be `P` (the *prover*), under any rules; `solve --by-tests` asks it
//! to find the exact value of a win/loss game by tests on the length
//! (`analysis::ramsey_game::length`).
//!
//! Why the tests give the exact value: under the exact question the
//! winner hurries and the loser delays ([`super::FinalScore::hurries`]).
//! If the value is "`P` wins after `d` plies", `P` has a strategy that wins
//! within `d` plies against every defence (the loser, delaying, gets no
//! more) and none that wins within `d - 1` (the loser has a defence that
//! lasts `d`). So "`P` wins within `L`" holds exactly for `L >= d`: two
//! tests, at `d` and `d - 1`, pin the length, and each is a win/loss
//! question with cutoffs (a node of `P` is settled by her first winning
//! move, a node of the other by his first move that holds out).
//!
//! The score is whether the prover has won in time ([`bool`]); the layer
//! maps the prover to [`Player::First`] (red, for whom [`super::FirstWins`]
//! asks), whichever colour she is in the inner game. The plies left are
//! part of the canonical key (in games whose moves colour one edge each
//! they follow from the position, so they add a word to the key and no
//! positions).
//!
//! A layer (see [`super`]): positions and scores change, so every
//! capability is written here in full (`clippy::missing_trait_methods` is
//! denied on each impl). Kept from the inner game: its moves, symmetry,
//! move notation and plies, and its quick *values* (they are exact values
//! with their lengths, so they decide a test: [`PlyHints::exact_quickly`]);
//! not kept: its bounds and quick *scores* (a score says nothing of the
//! length). What a game adds for these tests it says in [`PlyHints`].

use super::horizon::Horizoned;
use super::{layer, Hints, Notation, Rules, Symmetric, Value};
use crate::core::board::{Player, Vertex};
use crate::core::symmetry::Canonical;

/// What a game can tell a search of [`PlyHorizon`] beyond its [`Hints`];
/// each default knows nothing beyond them.
pub trait PlyHints: Symmetric + Hints {
    /// The exact value (score and plies left under optimal play, the
    /// exact question's) of a position that is not over, where the game
    /// knows it without a search; such positions are neither stored nor
    /// counted by the tests. The default is [`Hints::quick_value`]
    /// (which is an exact value too).
    fn exact_quickly(&self, position: &Self::Position) -> Option<Value<Self::Score>> {
        self.quick_value(position)
    }
    /// Sorts the orbit moves of a canonical position for a test, the most
    /// promising for the player to move first; only how much is searched
    /// depends on it. The default keeps the game's order.
    fn order_for_tests(&self, _position: &Self::Position, _moves: &mut [Self::Move]) {}
    /// Who makes the last move of every game that someone wins: the
    /// winner (`Some(true)`: she completes her target, or leaves the other
    /// without a move), the loser (`Some(false)`: he completes his own),
    /// or either (`None`, the default). Where it is known and every move is
    /// one ply, a win's length from a position has a known parity, so the
    /// tests need only lengths of that parity.
    fn winner_moves_last(&self) -> Option<bool> {
        None
    }
}

/// `inner` asked whether `prover` wins within `plies` plies.
pub struct PlyHorizon<'g, G: Rules> {
    inner: &'g G,
    prover: Player,
    plies: u32,
    winner: fn(G::Score) -> Option<Player>,
}

impl<'g, G: PlyHints> PlyHorizon<'g, G> {
    /// `inner` from its start, asked whether `prover` wins within `plies`
    /// plies; `winner` reads who won off a final score (`None`: nobody).
    pub fn new(inner: &'g G, prover: Player, plies: u32, winner: fn(G::Score) -> Option<Player>) -> Self {
        PlyHorizon {
            inner,
            prover,
            plies,
            winner,
        }
    }

    /// The plies of the horizon, from the start.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// `position` of the inner game with `left` plies left before the horizon.
    pub fn at(&self, position: G::Position, left: u32) -> Horizoned<G::Position> {
        Horizoned { position, left }
    }

    /// Whether an inner value (from a position with `left` plies left) is
    /// a win of the prover in time.
    fn in_time(&self, v: Value<G::Score>, left: u32) -> bool {
        (self.winner)(v.score) == Some(self.prover) && v.plies <= left
    }
}

#[deny(clippy::missing_trait_methods)]
impl<G: PlyHints> Rules for PlyHorizon<'_, G> {
    type Position = Horizoned<G::Position>;
    type Move = G::Move;
    type Score = bool;

    fn start(&self) -> Self::Position {
        self.at(self.inner.start(), self.plies)
    }
    /// Red is the prover here: the score is hers.
    fn to_move(&self, p: &Self::Position) -> Player {
        match self.inner.to_move(&p.position) == self.prover {
            true => Player::First,
            false => Player::Second,
        }
    }
    fn outcome(&self, p: &Self::Position) -> Option<bool> {
        match self.inner.outcome(&p.position) {
            Some(score) => Some((self.winner)(score) == Some(self.prover)),
            None => (p.left == 0).then_some(false),
        }
    }
    layer::forwards!(moves);
    /// A move is played only with a ply left (else the test is over), and
    /// a move longer than the plies left ends past the horizon: left 0.
    fn play(&self, p: &Self::Position, m: &G::Move) -> Self::Position {
        let left = p.left.saturating_sub(self.inner.plies(m));
        self.at(self.inner.play(&p.position, m), left)
    }
}

/// The inner game's symmetry with the plies left in the key, its orbit
/// moves in the order for tests ([`PlyHints::order_for_tests`]).
#[deny(clippy::missing_trait_methods)]
impl<G: PlyHints> Symmetric for PlyHorizon<'_, G> {
    fn canonical(&self, p: &Self::Position) -> Canonical<Self::Position> {
        p.canonical_in(self.inner)
    }
    // The whole form, then the key shown (the key carries the plies left).
    layer::defaults!(canonical_if);
    layer::forwards!(relabel_move);
    fn orbit_moves(&self, p: &Self::Position, generators: &[Vec<Vertex>]) -> Vec<G::Move> {
        let mut moves = self.inner.orbit_moves(&p.position, generators);
        self.inner.order_for_tests(&p.position, &mut moves);
        moves
    }
}

/// The inner game's moves; the score says whether the prover won in time.
#[deny(clippy::missing_trait_methods)]
impl<G: Notation + PlyHints> Notation for PlyHorizon<'_, G> {
    layer::forwards!(move_text, move_json);
    fn score_text(&self, won: bool) -> String {
        let who = self.prover.colour_name();
        match won {
            true => format!("{who} wins within {} plies", self.plies),
            false => format!("no win of {who} within {} plies", self.plies),
        }
    }
    // The text.
    layer::defaults!(score_json);
}

/// The inner game's plies and move priority; quick values from its exact
/// ones ([`PlyHints::exact_quickly`], and finished positions, which are
/// then not stored); no bounds, no score-only shortcuts.
#[deny(clippy::missing_trait_methods)]
impl<G: PlyHints> Hints for PlyHorizon<'_, G> {
    // No bounds: the inner game's are about scores, not lengths.
    layer::defaults!(score_bounds, score_bounds_for, bounds_by_side, score_bound_side);
    layer::forwards!(move_priority, plies);
    /// A finished position, or one whose exact value the inner game gives:
    /// the prover wins in time exactly when that value is her win within
    /// the plies left.
    fn quick_value(&self, p: &Self::Position) -> Option<Value<bool>> {
        if let Some(score) = self.outcome(p) {
            return Some(Value { score, plies: 0 });
        }
        let v = self.inner.exact_quickly(&p.position)?;
        Some(Value {
            score: self.in_time(v, p.left),
            plies: 0,
        })
    }
    /// The inner game's exact value of the move, if it has one, against
    /// the plies left after the move.
    fn quick_move_value(&self, p: &Self::Position, m: &G::Move) -> Option<Value<bool>> {
        let v = self.inner.quick_move_value(&p.position, m)?;
        let left = p.left.checked_sub(self.inner.plies(m))?;
        Some(Value {
            score: self.in_time(v, left),
            plies: 0,
        })
    }
    // Not known: the horizon ends games the inner game does not.
    layer::defaults!(ending_move, quick_score);
    // None: the inner game's form keeps scores, not lengths; every
    // position of a test is labelled and stored.
    layer::defaults!(score_form, search_directly);
}
