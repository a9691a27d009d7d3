//! Games as data: the rules of every game the engine searches, split by
//! capability, and the questions a search can ask of them.
//!
//! # Capabilities
//!
//! A search asks a game only for what it uses (petgraph's way: an
//! algorithm is bounded by just the traits it needs):
//!
//! | trait | what it says | methods | soundness of what it offers |
//! |---|---|---|---|
//! | [`Rules`] | what the game *is* | start, to_move, outcome, moves, play | defines every value |
//! | [`Symmetric`] | which positions are the same | canonical, relabel_move, orbit_moves | isomorphic positions have equal values |
//! | [`Notation`] | what a person reads | move and score as text and JSON | never read by a search |
//! | [`Hints`] | what helps a search | bounds, move order, quick values, plies | each has a sound default |
//!
//! and apart from the game, the [`question`] a search answers: which child
//! settles a node for whom ([`Question::decisive`]) and whether lengths
//! rank values ([`Question::hurries`]). The exact solver
//! (`engine::Solver`) needs `Symmetric + Hints` and a question; the
//! threshold search `Symmetric + Hints`; the census `Symmetric`; a strategy
//! certificate (`engine::strategy`) only `Rules` (with hashable positions:
//! it makes the strategy a game of its own for the solver); reports and the
//! command line add `Notation`.
//!
//! Why the split falls here: each capability has its own argument for why
//! a search that uses it stays exact, and a game (or a wrapper) can be
//! checked one argument at a time.
//!
//! - [`Rules`] define the value; nothing else may change it.
//! - [`Symmetric`]: two moves that an automorphism of the canonical
//!   position maps onto each other lead to isomorphic positions, and
//!   isomorphic positions have the same value. So a search tries one move
//!   per orbit of the automorphism group (given by generators, from the
//!   canonical labelling) and loses nothing. A game only has to say how a
//!   vertex permutation acts on its moves ([`Symmetric::relabel_move`]).
//! - [`Hints`] never change a value, only how much is searched and how
//!   positions are counted: a bound must contain the value, a quick value
//!   must be the value, a move order only orders. "None known" (the
//!   defaults) is always a correct answer, so a game with no hints is still
//!   searched exactly. What a hint may claim depends on the question: an
//!   inner game's quick values are values *without* a horizon, so
//!   [`horizon::Horizon`] drops them and asks the inner game's
//!   [`horizon::HorizonHints`] instead.
//! - [`Notation`] is output only.
//! - The question is not the game's: the same game is asked for its exact
//!   value ([`question::Exact`]), for whether the first player wins at all
//!   ([`question::FirstWins`], with cutoffs), for its score only, or (a
//!   strategy as a game) for the first counterexample. Cutoffs are sound
//!   for the question that declares them, so they travel with it.
//!
//! Scores are totally ordered from the first colour's point of view (red,
//! Slany's Red, Erdős' Alice): red maximises, the other colour minimises.
//! Who wants a game to end sooner is a property of the score's order (the
//! winner hurries, the loser delays: [`FinalScore::hurries`]), used by the
//! questions that rank lengths.
//!
//! # Wrappers: what each must change
//!
//! A game built on another either keeps its positions, moves and scores (a
//! *view*, such as the score-only search's `Deciding`) or changes them (a
//! *layer*: [`horizon::Horizon`] adds the moves left and scores "won
//! within the horizon", [`ranked::Ranked`] adds the plies played and folds
//! the length into the score). A forgotten forward must not silently
//! change counts, so:
//!
//! - a view implements [`view::View`] (its inner game) and one `View*`
//!   trait per capability ([`view::ViewRules`], [`view::ViewSymmetric`],
//!   [`view::ViewNotation`], [`view::ViewHints`]), overriding only what it
//!   changes: every method it leaves out is the *inner game's* method, never
//!   the trait's default, and the capability traits come from blanket
//!   implementations, so a view cannot implement one by hand and forget a
//!   method. A forgotten forward is impossible; a forgotten capability is a
//!   compile error where a search needs it;
//! - a layer implements each capability itself. [`Rules`] has no provided
//!   methods, so every rule is written; the provided methods of
//!   [`Symmetric`], [`Notation`] and [`Hints`] are denied by
//!   `clippy::missing_trait_methods` on each of a layer's impls, so the
//!   build (`cargo clippy -- -D warnings`) fails until every one is written,
//!   forwarded or deliberately replaced, with the reason in its doc (a
//!   default kept or a plain forward is one line, `layer::defaults!` or
//!   `layer::forwards!` in `games/layer.rs`, its reason in a comment).
//!
//! Method calls need the traits in scope: `use ramsey_verify::games::prelude::*`
//! brings them in without their names, so that a game's own `Rules` enum
//! (the rule sets of [`ramsey`] and [`colouring`]) keeps its name.

use crate::core::board::{Player, Vertex};
use crate::core::symmetry::{orbit_representatives, Canonical, Wanted};
use std::fmt::Debug;
use std::hash::Hash;

/// `Display` and `FromStr` for a closed list of names read from the command
/// line: the type needs `ALL` (every value) and `name(self)`; `$what` says
/// what an unknown name was meant to be, in the error.
macro_rules! named_on_command_line {
    ($type:ty, $what:literal) => {
        impl std::fmt::Display for $type {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl std::str::FromStr for $type {
            type Err = crate::games::UnknownName;

            fn from_str(s: &str) -> Result<$type, crate::games::UnknownName> {
                crate::games::by_name(s, &<$type>::ALL, <$type>::name, $what)
            }
        }
    };
}
pub(crate) use named_on_command_line;

pub mod colex;
pub mod colouring;
pub mod horizon;
pub(crate) mod layer;
pub mod pattern;
pub mod ply_horizon;
pub mod question;
pub mod ramsey;
pub mod ranked;
mod score;
pub mod scoring;
pub mod statement;
pub mod view;

pub use question::{Exact, FirstFailure, FirstWins, Question, StrategyScore};
pub use score::{FinalScore, Value};

/// The capability traits without their names, for method calls:
/// `use ramsey_verify::games::prelude::*`.
pub mod prelude {
    pub use super::{FinalScore as _, Hints as _, Notation as _, Rules as _, Symmetric as _};
}

/// `player`'s side of bounds `(lowest, highest)` on a value: the lowest
/// for the first player (who maximises), the highest for the second.
pub fn side_of<S>(player: Player, (lo, hi): (Option<S>, Option<S>)) -> Option<S> {
    match player {
        Player::First => lo,
        Player::Second => hi,
    }
}

/// A name read from the command line that is none of a closed list of
/// names (a rule set, a choices mode, ...): what it was meant to be, the
/// text given and every valid name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} `{text}`: use one of {}", .known.join(", "))]
pub struct UnknownName {
    /// What the name was meant to be (`rules`, `choices mode`, ...).
    pub what: String,
    /// The text given.
    pub text: String,
    /// Every valid name, in order.
    pub known: Vec<&'static str>,
}

/// The item of `all` whose `name` is `text`, or an error naming `what` was
/// asked for and listing every valid name (for rule sets and other closed
/// lists of names read from the command line).
pub fn by_name<T: Copy>(text: &str, all: &[T], name: fn(T) -> &'static str, what: &str) -> Result<T, UnknownName> {
    all.iter()
        .copied()
        .find(|&t| name(t) == text)
        .ok_or_else(|| UnknownName {
            what: what.to_string(),
            text: text.to_string(),
            known: all.iter().map(|&t| name(t)).collect(),
        })
}

/// What a game *is*: a two-player game of perfect information, as the
/// engine searches it. Every value is defined by these five methods; no
/// other capability may change one.
pub trait Rules: Send + Sync {
    /// A position: the board's state and whatever decides whose turn it is.
    type Position: Clone + Send + Sync + Debug;
    /// One turn: an edge, a set of edges, a (vertex, colour).
    type Move: Clone + Eq + Hash + Send + Sync + Debug;
    /// Final score, ordered from red's point of view.
    type Score: FinalScore;

    /// The position play starts from.
    fn start(&self) -> Self::Position;
    /// Whose turn it is (red is [`Player::First`], the other colour
    /// [`Player::Second`]).
    fn to_move(&self, position: &Self::Position) -> Player;
    /// The score if the game is over, `None` while it goes on. A position
    /// that is not over must have at least one legal move.
    fn outcome(&self, position: &Self::Position) -> Option<Self::Score>;
    /// Every legal move in a position that is not over. The engine's exact
    /// and threshold searches only ask about canonical positions (results
    /// of [`Symmetric::canonical`]), so a game may rely on canonical labels
    /// there; the score-only search and strategy certificates also ask
    /// about positions in other labels.
    fn moves(&self, position: &Self::Position) -> Vec<Self::Move>;
    /// The position after a legal move.
    fn play(&self, position: &Self::Position, m: &Self::Move) -> Self::Position;
}

/// Which positions are the same: canonical forms and how vertex
/// permutations act on moves (see the module docs for why one move per
/// orbit loses nothing).
pub trait Symmetric: Rules {
    /// The canonical form of a position (any labels).
    fn canonical(&self, position: &Self::Position) -> Canonical<Self::Position>;
    /// [`Symmetric::canonical`] key first: `wanted` is shown the key
    /// ([`Canonical::key`]) and the whole form is made only if it returns
    /// true (else `None`). A search whose table often settles a position
    /// by its key alone then skips the relabelled position and generators
    /// there. The same key and form as [`Symmetric::canonical`]; the
    /// default makes the whole form first.
    fn canonical_if(&self, position: &Self::Position, wanted: &mut Wanted) -> Option<Canonical<Self::Position>> {
        self.canonical(position).kept_if(wanted)
    }
    /// The image of a move under a vertex permutation (`perm[v]` is the
    /// image of `v`).
    fn relabel_move(&self, m: &Self::Move, perm: &[Vertex]) -> Self::Move;
    /// One move per orbit of the automorphism group (given by `generators`)
    /// of a canonical position that is not over, in the order the search
    /// tries them. The default keeps the first move of each orbit of
    /// [`Rules::moves`], in that order.
    fn orbit_moves(&self, position: &Self::Position, generators: &[Vec<Vertex>]) -> Vec<Self::Move> {
        orbit_representatives(self.moves(position), generators, |m, g| self.relabel_move(m, g))
    }
}

/// What a person reads: moves and scores as text and as JSON. No search
/// reads it.
pub trait Notation: Rules {
    /// A move written for people (e.g. `0-1` or `0-1,2-3`).
    fn move_text(&self, m: &Self::Move) -> String;
    /// A score written for people.
    fn score_text(&self, score: Self::Score) -> String;
    /// A move in JSON output (default: its text).
    fn move_json(&self, m: &Self::Move) -> serde_json::Value {
        serde_json::Value::String(self.move_text(m))
    }
    /// A score in JSON output (default: its text).
    fn score_json(&self, score: Self::Score) -> serde_json::Value {
        serde_json::Value::String(self.score_text(score))
    }
}

/// What helps a search without changing a value. Every default is sound
/// ("none known"); a game that overrides one must keep it true for every
/// position (a bound contains the value, a quick value is the value).
pub trait Hints: Rules {
    /// Bounds `(lowest, highest)` on the value of `position` under optimal
    /// play (e.g. on every final score reachable from it), if the game
    /// knows any cheaply; the threshold search (`engine::bounded`) prunes
    /// with them. The default knows none.
    fn score_bounds(&self, _position: &Self::Position) -> Option<(Self::Score, Self::Score)> {
        None
    }
    /// [`Hints::score_bounds`] for one threshold test (`meets`: whether a
    /// score reaches the threshold), which is all a child's bounds are
    /// asked for: a game may stop refining a bound once it decides the
    /// test, and then leave the other side unknown (`None`), since a
    /// decided child is never searched. Bounds must still contain the
    /// value. The default is the full bounds.
    fn score_bounds_for(
        &self,
        position: &Self::Position,
        _meets: &dyn Fn(Self::Score) -> bool,
    ) -> (Option<Self::Score>, Option<Self::Score>) {
        self.score_bounds(position).unzip()
    }
    /// Whether [`Hints::score_bounds_for`] is [`Hints::score_bound_side`]
    /// of the player who just moved, then, unless that side decides the
    /// test, of the player to move. Then the threshold search asks a child
    /// for the first side only (the only one that can cut the parent's
    /// test) and for the second only where it needs it: to rank the child
    /// among children of equal priority, or to search it. Same bounds where
    /// asked, so the same search. The default: no.
    fn bounds_by_side(&self) -> bool {
        false
    }
    /// One side of [`Hints::score_bounds_for`]: `player`'s (a lower bound
    /// for the first player, an upper one for the second), refined only
    /// until it decides the test (`meets`). The default: that side of
    /// `score_bounds_for`.
    fn score_bound_side(
        &self,
        position: &Self::Position,
        meets: &dyn Fn(Self::Score) -> bool,
        player: Player,
    ) -> Option<Self::Score> {
        side_of(player, self.score_bounds_for(position, meets))
    }
    /// How promising move `m` looks for the player to move in `position`
    /// (higher is tried first by the threshold search; only the order of
    /// search depends on it, never a value). The default ranks all alike.
    fn move_priority(&self, _position: &Self::Position, _m: &Self::Move) -> i32 {
        0
    }
    /// Whether the threshold search (`engine::bounded`) should search a
    /// position directly, as a plain game tree: every move, no canonical
    /// labels, nothing read from or stored in its table (e.g. near the end,
    /// where labelling and storing cost more than the few positions they
    /// save). Only what is stored and counted depends on it, never a value;
    /// it must hold of every child of a position it holds of. The default
    /// searches none directly.
    fn search_directly(&self, _position: &Self::Position) -> bool {
        false
    }
    /// The value of a position that is decided without canonical labelling
    /// (a game that has ended, or a sound shortcut), asked of every child
    /// before it is labelled. Such positions are never stored in the table
    /// nor counted among the positions searched: that is the counting
    /// convention of a game that overrides this. The default decides none,
    /// so every finished position is labelled, stored and counted (the
    /// convention of the Ramsey, Erdős and colouring games, whose published
    /// position counts include finished positions).
    fn quick_value(&self, _position: &Self::Position) -> Option<Value<Self::Score>> {
        None
    }
    /// The score (not the length of play) of a position known without a
    /// search where the game can tell it, for the score-only search
    /// (`engine::Decider`), which asks it of every child after
    /// [`Hints::quick_value`] and before labelling; such positions are
    /// neither stored nor counted there. The exact search never asks it,
    /// so its counting convention stays the game's. The default decides none.
    fn quick_score(&self, _position: &Self::Position) -> Option<Self::Score> {
        None
    }
    /// The value of move `m` at a canonical `position` where the game can
    /// tell it without playing the move, asked before [`Rules::play`] (e.g.
    /// a reply after which the mover's opponent wins at once). Such children
    /// are never built, labelled or stored, as under [`Hints::quick_value`],
    /// and the value must be the one [`Hints::quick_value`] would give the
    /// played child. The default decides none.
    fn quick_move_value(&self, _position: &Self::Position, _m: &Self::Move) -> Option<Value<Self::Score>> {
        None
    }
    /// Whether the player to move at `position` (a position that is not
    /// over) can end the game at once with `score`, where the game tells it
    /// faster than by playing every move: `Some(Some(m))`, the legal move
    /// `m` does; `Some(None)`, no move does; `None` (the default), not
    /// known, and a search that needs it plays every move to see. The
    /// score-only search (`engine::Decider`) asks it of every child.
    fn ending_move(&self, _position: &Self::Position, _score: Self::Score) -> Option<Option<Self::Move>> {
        None
    }
    /// A canonical form coarser than [`Symmetric::canonical`] that the
    /// score-only search (`engine::Decider`) keys its table by, where the
    /// game knows one (the triangle-free game's reduced structure and
    /// Grundy values, `games/ramsey/reduced.rs`): positions with one key
    /// must have the same score (not the same length of play, nor the same
    /// moves), the position returned must be `position` relabelled by
    /// `to_canon`, and moves of it in one orbit of the generators must lead
    /// to positions of one score. Only that search uses it: lengths and
    /// certificates need [`Symmetric::canonical`], and a move found winning
    /// at one position of a key is not read off for another. A game gives
    /// it at every position or at none; the default is none.
    fn score_form(&self, _position: &Self::Position) -> Option<Canonical<Self::Position>> {
        None
    }
    /// How many plies move `m` adds to the length of a value (default 1;
    /// 0 for a move that only completes a turn, such as her choice among
    /// open options in the strategy game, so that lengths count turns).
    /// Lengths only rank values under a question that ranks them.
    fn plies(&self, _m: &Self::Move) -> u32 {
        1
    }
}
