//! Any game with a horizon on the first player's moves: "does the first
//! player win within `b` of her moves?" as a game of its own, for the
//! engine's core (`engine::Solver`). `solve --rules R --budget b`
//! asks it, and it is how the achievement games are posed on `K_aleph0`.
//!
//! The score is whether the first player (the one who moves first from the
//! start) has won ([`bool`]). The game ends as the inner game ends, or
//! when she has used her `b` moves without winning (not a win). Asked
//! [`super::FirstWins`], a win is decisive for her and "no win" for the
//! other player, so the search is win-only with cutoffs: build its solver
//! with the question, `engine::Solver::asking(&horizon, FirstWins)` (a
//! plain `Solver::new` asks the exact value: the same answer, slower).
//! The moves left are part of the canonical key.
//!
//! A layer (see [`super`]): positions and scores change, so every
//! capability is written here in full (`clippy::missing_trait_methods` is
//! denied on each impl). What is kept of the inner game: its moves, orbit
//! moves, symmetry, move notation, move order and plies. What is not: its
//! bounds and quick values, which are about the inner game's scores
//! without a horizon (a quick win in five plies may lie past the horizon).
//! What a game knows about racing a horizon it says in [`HorizonHints`]
//! (forced moves, moves that cannot win in time, quick answers given the
//! moves left), each with a sound default; the `K_k` budget game
//! (`analysis::budget`) is this layer over a game that says all three.
//!
//! # `K_aleph0` ([`aleph0_vertices`])
//!
//! Within `b` moves of hers at most `2b - 1` single-edge moves are played
//! (hers and the other's in between), touching at most `2(2b - 1)`
//! untouched vertices. Untouched vertices are interchangeable (any
//! bijection between them extends to an automorphism of the position), so
//! on `K_N` with at least `2(2b - 1)` untouched vertices every line of
//! `K_aleph0` within the horizon is played, up to relabelling, and none runs
//! out of vertices or fills the board: the answer on `K_N` is the answer on
//! `K_aleph0`. This holds for rules whose moves are single edges and whose
//! end does not depend on the board being full (the achievement games:
//! `achieve`, `achieve-second`, `maker`); `tests/ramsey_horizon.rs` checks
//! that `K_N`, `K_{N+1}` and `K_{N+2}` agree.

use super::{layer, Hints, Notation, Rules, Symmetric, Value};
use crate::core::board::{Player, Vertex};
use crate::core::symmetry::Canonical;

/// What a game can tell a search against a horizon on the first player's
/// moves, beyond its [`Hints`]: each method may only leave out or decide
/// what cannot change whether she wins within the moves she has left, and
/// each default knows nothing (so a game with an empty impl is searched
/// exactly, as [`Horizon`] always did).
pub trait HorizonHints: Symmetric {
    /// The move the player to move must make, where every other move is
    /// no better for them *for the horizon question* while she has a move
    /// left (in the `K_k` game: block the other's only completion when you
    /// have none). [`Horizon`] plays it inside the move before, without
    /// branching; her forced moves count against her budget.
    fn forced_move(&self, _position: &Self::Position) -> Option<Self::Move> {
        None
    }
    /// [`Symmetric::orbit_moves`] without the moves of the first player
    /// that cannot win with `left` of her moves (this one included), in
    /// the order the search tries them; never empty where the position is
    /// not over. The default leaves out none.
    fn orbit_moves_within(&self, position: &Self::Position, generators: &[Vec<Vertex>], _left: u32) -> Vec<Self::Move> {
        self.orbit_moves(position, generators)
    }
    /// Whether she wins within `left` of her moves (`0` included), where
    /// that is decided without labelling; such positions are not stored
    /// ([`Hints::quick_value`]'s counting convention, so a game that
    /// decides its finished positions here has them uncounted). The
    /// default decides none.
    fn quick_win_within(&self, _position: &Self::Position, _left: u32) -> Option<bool> {
        None
    }
}

/// `inner` with the first player's moves limited to `budget`; `won` says
/// whether a final score of `inner` is a win of the first player.
pub struct Horizon<G: Rules> {
    inner: G,
    first: Player,
    budget: u32,
    won: fn(&G, G::Score) -> bool,
}

/// A position of the inner game with the first player's moves left.
#[derive(Clone, Debug)]
pub struct Horizoned<P> {
    /// The inner game's position.
    pub position: P,
    /// Moves of the first player left.
    pub left: u32,
}

/// The `K_N` that answers the horizon question of an achievement game on
/// `K_aleph0` whose start position uses vertices `0..used` (see the module
/// docs): `used` plus `2(2b - 1)` untouched vertices, and at least as many
/// vertices as the largest target has (more untouched vertices change
/// nothing; the game is only stated on a board that holds its targets).
pub fn aleph0_vertices(used: usize, budget: u32, largest_target: usize) -> usize {
    (used + 2 * (2 * budget as usize).saturating_sub(1)).max(largest_target)
}

impl<P: Clone> Horizoned<P> {
    /// The canonical form of this position in `inner`, with the moves (or
    /// plies) left in the key: the form of [`Horizon`] and of
    /// `ply_horizon::PlyHorizon`.
    pub(super) fn canonical_in<G: Symmetric<Position = P>>(&self, inner: &G) -> Canonical<Horizoned<P>> {
        let left = self.left;
        inner
            .canonical(&self.position)
            .extended(u64::from(left), |position| Horizoned { position, left })
    }
}

impl<G: HorizonHints> Horizon<G> {
    /// `inner` from its start, where `first` is to move, within `budget`
    /// of her moves (the budget of [`Rules::start`]; any position with its
    /// own moves left may be asked about).
    pub fn new(inner: G, first: Player, budget: u32, won: fn(&G, G::Score) -> bool) -> Horizon<G> {
        Horizon {
            inner,
            first,
            budget,
            won,
        }
    }

    /// The inner game.
    pub fn inner(&self) -> &G {
        &self.inner
    }

    /// Whether the first player is to move in the inner game's `position`.
    fn hers(&self, position: &G::Position) -> bool {
        self.inner.to_move(position) == self.first
    }

    /// `m` played, and one of her moves spent if it was hers.
    fn step(&self, p: &Horizoned<G::Position>, m: &G::Move) -> Horizoned<G::Position> {
        Horizoned {
            position: self.inner.play(&p.position, m),
            left: p.left - self.hers(&p.position) as u32,
        }
    }
}

#[deny(clippy::missing_trait_methods)]
impl<G: HorizonHints> Rules for Horizon<G> {
    type Position = Horizoned<G::Position>;
    type Move = G::Move;
    type Score = bool;

    fn start(&self) -> Self::Position {
        Horizoned {
            position: self.inner.start(),
            left: self.budget,
        }
    }
    /// Red is the first player here: the score is hers.
    fn to_move(&self, p: &Self::Position) -> Player {
        match self.hers(&p.position) {
            true => Player::First,
            false => Player::Second,
        }
    }
    fn outcome(&self, p: &Self::Position) -> Option<bool> {
        match self.inner.outcome(&p.position) {
            Some(score) => Some((self.won)(&self.inner, score)),
            None => (p.left == 0).then_some(false),
        }
    }
    layer::forwards!(moves);
    /// `m`, then the inner game's forced moves
    /// ([`HorizonHints::forced_move`]) while the game goes on and she has
    /// a move left.
    fn play(&self, p: &Self::Position, m: &G::Move) -> Self::Position {
        let mut next = self.step(p, m);
        while next.left > 0 && self.inner.outcome(&next.position).is_none() {
            let Some(forced) = self.inner.forced_move(&next.position) else {
                break;
            };
            next = self.step(&next, &forced);
        }
        next
    }
}

/// The inner game's symmetry, with the moves left in the key; her moves
/// that cannot win in time left out ([`HorizonHints::orbit_moves_within`]).
#[deny(clippy::missing_trait_methods)]
impl<G: HorizonHints> Symmetric for Horizon<G> {
    fn canonical(&self, p: &Self::Position) -> Canonical<Self::Position> {
        p.canonical_in(&self.inner)
    }
    // The whole form, then the key shown (the key carries the moves left).
    layer::defaults!(canonical_if);
    layer::forwards!(relabel_move);
    fn orbit_moves(&self, p: &Self::Position, generators: &[Vec<Vertex>]) -> Vec<G::Move> {
        self.inner.orbit_moves_within(&p.position, generators, p.left)
    }
}

/// The inner game's moves; the score says whether she won in time.
#[deny(clippy::missing_trait_methods)]
impl<G: Notation + HorizonHints> Notation for Horizon<G> {
    layer::forwards!(move_text, move_json);
    fn score_text(&self, won: bool) -> String {
        match won {
            true => format!("the first player wins within {} of her moves", self.budget),
            false => format!("no win of the first player within {} of her moves", self.budget),
        }
    }
    // The text.
    layer::defaults!(score_json);
}

/// The inner game's move order and plies; no bounds, and quick values only
/// those the inner game gives for the horizon
/// ([`HorizonHints::quick_win_within`]; see the module docs).
#[deny(clippy::missing_trait_methods)]
impl<G: Hints + HorizonHints> Hints for Horizon<G> {
    // No bounds (module docs).
    layer::defaults!(score_bounds, score_bounds_for, bounds_by_side, score_bound_side);
    layer::forwards!(move_priority, plies);
    fn quick_value(&self, p: &Self::Position) -> Option<Value<bool>> {
        let score = self.inner.quick_win_within(&p.position, p.left)?;
        Some(Value { score, plies: 0 })
    }
    // Not known: the inner game's quick values are about its scores
    // without a horizon (module docs), and the horizon ends games the
    // inner game does not.
    layer::defaults!(quick_move_value, ending_move, quick_score);
    // None: the inner game's form keeps scores, not the moves left before
    // the horizon; the horizon's positions are stored as the inner game's
    // are not.
    layer::defaults!(score_form, search_directly);
}
