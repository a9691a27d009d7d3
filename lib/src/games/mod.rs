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
//!   `layer::forwards!` in `games/layer.rs`, its reason in a comment). A
//!   kept default calls the same body as the trait's default method (one
//!   function each, in `games/capabilities.rs`), so it cannot fall behind
//!   a change of the default.
//!
//! Method calls need the traits in scope: `use ramsey_verify::games::prelude::*`
//! brings them in without their names, so that a game's own `Rules` enum
//! (the rule sets of [`ramsey`] and [`colouring`]) keeps its name.

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

pub(crate) mod capabilities;
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

pub use capabilities::{side_of, Hints, Notation, Rules, Symmetric};
pub use question::{Exact, FirstFailure, FirstWins, Question, StrategyScore};
pub use score::{FinalScore, Value};

/// The capability traits without their names, for method calls:
/// `use ramsey_verify::games::prelude::*`.
pub mod prelude {
    pub use super::{FinalScore as _, Hints as _, Notation as _, Rules as _, Symmetric as _};
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
