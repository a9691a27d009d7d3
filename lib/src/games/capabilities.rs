//! The four capabilities of a game ([`Rules`], [`Symmetric`], [`Notation`],
//! [`Hints`]; the parent module's docs say why the split falls there), with
//! the one body of each provided method ([`provided`]). They stand in one
//! file because each trait's default calls its body and each body calls
//! the traits' methods.

use super::score::{FinalScore, Value};
use crate::core::board::{Player, Vertex};
use crate::core::symmetry::{orbit_representatives, Canonical, Wanted};
use std::fmt::Debug;
use std::hash::Hash;

/// `player`'s side of bounds `(lowest, highest)` on a value: the lowest
/// for the first player (who maximises), the highest for the second.
pub fn side_of<S>(player: Player, (lo, hi): (Option<S>, Option<S>)) -> Option<S> {
    match player {
        Player::First => lo,
        Player::Second => hi,
    }
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
        provided::canonical_if(self, position, wanted)
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
        provided::move_json(self, m)
    }
    /// A score in JSON output (default: its text).
    fn score_json(&self, score: Self::Score) -> serde_json::Value {
        provided::score_json(self, score)
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
    fn score_bounds(&self, position: &Self::Position) -> Option<(Self::Score, Self::Score)> {
        provided::score_bounds(self, position)
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
        meets: &dyn Fn(Self::Score) -> bool,
    ) -> (Option<Self::Score>, Option<Self::Score>) {
        provided::score_bounds_for(self, position, meets)
    }
    /// Whether [`Hints::score_bounds_for`] is [`Hints::score_bound_side`]
    /// of the player who just moved, then, unless that side decides the
    /// test, of the player to move. Then the threshold search asks a child
    /// for the first side only (the only one that can cut the parent's
    /// test) and for the second only where it needs it: to rank the child
    /// among children of equal priority, or to search it. Same bounds where
    /// asked, so the same search. The default: no.
    fn bounds_by_side(&self) -> bool {
        provided::bounds_by_side(self)
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
        provided::score_bound_side(self, position, meets, player)
    }
    /// How promising move `m` looks for the player to move in `position`
    /// (higher is tried first by the threshold search; only the order of
    /// search depends on it, never a value). The default ranks all alike.
    fn move_priority(&self, position: &Self::Position, m: &Self::Move) -> i32 {
        provided::move_priority(self, position, m)
    }
    /// Whether the threshold search (`engine::bounded`) should search a
    /// position directly, as a plain game tree: every move, no canonical
    /// labels, nothing read from or stored in its table (e.g. near the end,
    /// where labelling and storing cost more than the few positions they
    /// save). Only what is stored and counted depends on it, never a value;
    /// it must hold of every child of a position it holds of. The default
    /// searches none directly.
    fn search_directly(&self, position: &Self::Position) -> bool {
        provided::search_directly(self, position)
    }
    /// The value of a position that is decided without canonical labelling
    /// (a game that has ended, or a sound shortcut), asked of every child
    /// before it is labelled. Such positions are never stored in the table
    /// nor counted among the positions searched: that is the counting
    /// convention of a game that overrides this. The default decides none,
    /// so every finished position is labelled, stored and counted (the
    /// convention of the Ramsey, Erdős and colouring games, whose published
    /// position counts include finished positions).
    fn quick_value(&self, position: &Self::Position) -> Option<Value<Self::Score>> {
        provided::quick_value(self, position)
    }
    /// The score (not the length of play) of a position known without a
    /// search where the game can tell it, for the score-only search
    /// (`engine::Decider`), which asks it of every child after
    /// [`Hints::quick_value`] and before labelling; such positions are
    /// neither stored nor counted there. The exact search never asks it,
    /// so its counting convention stays the game's. The default decides none.
    fn quick_score(&self, position: &Self::Position) -> Option<Self::Score> {
        provided::quick_score(self, position)
    }
    /// The value of move `m` at a canonical `position` where the game can
    /// tell it without playing the move, asked before [`Rules::play`] (e.g.
    /// a reply after which the mover's opponent wins at once). Such children
    /// are never built, labelled or stored, as under [`Hints::quick_value`],
    /// and the value must be the one [`Hints::quick_value`] would give the
    /// played child. The default decides none.
    fn quick_move_value(&self, position: &Self::Position, m: &Self::Move) -> Option<Value<Self::Score>> {
        provided::quick_move_value(self, position, m)
    }
    /// Whether the player to move at `position` (a position that is not
    /// over) can end the game at once with `score`, where the game tells it
    /// faster than by playing every move: `Some(Some(m))`, the legal move
    /// `m` does; `Some(None)`, no move does; `None` (the default), not
    /// known, and a search that needs it plays every move to see. The
    /// score-only search (`engine::Decider`) asks it of every child.
    fn ending_move(&self, position: &Self::Position, score: Self::Score) -> Option<Option<Self::Move>> {
        provided::ending_move(self, position, score)
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
    fn score_form(&self, position: &Self::Position) -> Option<Canonical<Self::Position>> {
        provided::score_form(self, position)
    }
    /// How many plies move `m` adds to the length of a value (default 1;
    /// 0 for a move that only completes a turn, such as her choice among
    /// open options in the strategy game, so that lengths count turns).
    /// Lengths only rank values under a question that ranks them.
    fn plies(&self, m: &Self::Move) -> u32 {
        provided::plies(self, m)
    }
}

/// The bodies of the provided methods of [`Symmetric`], [`Notation`] and
/// [`Hints`], each written once. A trait's default method is a call to
/// its function here, and so is the method a layer writes to keep that
/// default (`layer::defaults!`: a layer must write every provided method,
/// `clippy::missing_trait_methods`, so it cannot simply inherit one). A
/// default changed here changes for every game and every layer at once;
/// a second copy in the macro would silently keep the old body.
///
/// Each function takes the game (`g`) where the trait's method takes
/// `self`, and is named as that method, whose doc says why it is the
/// default.
pub(crate) mod provided {
    use super::{side_of, Hints, Notation, Symmetric, Value};
    use crate::core::board::Player;
    use crate::core::symmetry::{Canonical, Wanted};

    /// [`Symmetric::canonical_if`]: the whole form first, then its key shown
    /// to `wanted`.
    pub(crate) fn canonical_if<G: Symmetric + ?Sized>(
        g: &G,
        position: &G::Position,
        wanted: &mut Wanted,
    ) -> Option<Canonical<G::Position>> {
        g.canonical(position).kept_if(wanted)
    }

    /// [`Notation::move_json`]: the move's text.
    pub(crate) fn move_json<G: Notation + ?Sized>(g: &G, m: &G::Move) -> serde_json::Value {
        serde_json::Value::String(g.move_text(m))
    }

    /// [`Notation::score_json`]: the score's text.
    pub(crate) fn score_json<G: Notation + ?Sized>(g: &G, score: G::Score) -> serde_json::Value {
        serde_json::Value::String(g.score_text(score))
    }

    /// [`Hints::score_bounds`]: none known.
    pub(crate) fn score_bounds<G: Hints + ?Sized>(_g: &G, _position: &G::Position) -> Option<(G::Score, G::Score)> {
        None
    }

    /// [`Hints::score_bounds_for`]: the full bounds of
    /// [`Hints::score_bounds`], whatever the test.
    pub(crate) fn score_bounds_for<G: Hints + ?Sized>(
        g: &G,
        position: &G::Position,
        _meets: &dyn Fn(G::Score) -> bool,
    ) -> (Option<G::Score>, Option<G::Score>) {
        g.score_bounds(position).unzip()
    }

    /// [`Hints::bounds_by_side`]: no.
    pub(crate) fn bounds_by_side<G: Hints + ?Sized>(_g: &G) -> bool {
        false
    }

    /// [`Hints::score_bound_side`]: `player`'s side of
    /// [`Hints::score_bounds_for`].
    pub(crate) fn score_bound_side<G: Hints + ?Sized>(
        g: &G,
        position: &G::Position,
        meets: &dyn Fn(G::Score) -> bool,
        player: Player,
    ) -> Option<G::Score> {
        side_of(player, g.score_bounds_for(position, meets))
    }

    /// [`Hints::move_priority`]: all moves alike.
    pub(crate) fn move_priority<G: Hints + ?Sized>(_g: &G, _position: &G::Position, _m: &G::Move) -> i32 {
        0
    }

    /// [`Hints::search_directly`]: no position.
    pub(crate) fn search_directly<G: Hints + ?Sized>(_g: &G, _position: &G::Position) -> bool {
        false
    }

    /// [`Hints::quick_value`]: none decided.
    pub(crate) fn quick_value<G: Hints + ?Sized>(_g: &G, _position: &G::Position) -> Option<Value<G::Score>> {
        None
    }

    /// [`Hints::quick_score`]: none decided.
    pub(crate) fn quick_score<G: Hints + ?Sized>(_g: &G, _position: &G::Position) -> Option<G::Score> {
        None
    }

    /// [`Hints::quick_move_value`]: none decided.
    pub(crate) fn quick_move_value<G: Hints + ?Sized>(
        _g: &G,
        _position: &G::Position,
        _m: &G::Move,
    ) -> Option<Value<G::Score>> {
        None
    }

    /// [`Hints::ending_move`]: not known.
    pub(crate) fn ending_move<G: Hints + ?Sized>(
        _g: &G,
        _position: &G::Position,
        _score: G::Score,
    ) -> Option<Option<G::Move>> {
        None
    }

    /// [`Hints::score_form`]: none.
    pub(crate) fn score_form<G: Hints + ?Sized>(_g: &G, _position: &G::Position) -> Option<Canonical<G::Position>> {
        None
    }

    /// [`Hints::plies`]: one ply a move.
    pub(crate) fn plies<G: Hints + ?Sized>(_g: &G, _m: &G::Move) -> u32 {
        1
    }
}
