//! Hooks: what a caller of the search core is told while it searches
//! (statistics, proof certificates, progress), without a second walk.
//!
//! Hooks are called from inside the search because only there are a
//! node, its move, the position the move leads to and the proven value all
//! at hand at once (a certificate needs exactly that). They observe; they
//! never change a value.

use crate::core::symmetry::Canonical;
use crate::games::{Rules, Value};

/// One child of a stored node, as [`Hook::stored`] is told about it.
#[derive(Clone, Copy, Debug)]
pub struct Child<S, N> {
    /// The value after the move (plies counting the move), `None` where it
    /// was not needed (after the first decisive child).
    pub value: Option<Value<S>>,
    /// What the hook noted about the child ([`Hook::child`]).
    pub note: N,
}

/// Told about the search as it goes. Every method defaults to nothing.
pub trait Hook<G: Rules>: Sync {
    /// What the hook notes about a child until its node is stored.
    type Note: Send + Default;
    /// The search starts evaluating `node` (it was not in the table).
    fn entered(&self, _node: &Canonical<G::Position>) {}
    /// Move `m` at `node` leads to `child` (before canonical labelling),
    /// whose value is now proven: `value` counts the move in its plies;
    /// `canon` is the child's canonical form (its key, and the labelling
    /// that maps `child` onto it), `None` where it was decided by
    /// [`crate::games::Hints::quick_value`] (not labelled). Called for
    /// each child whose value is needed, each time a node is evaluated
    /// (two threads may evaluate the same node). The note is handed to
    /// [`Hook::stored`].
    fn child(
        &self,
        _node: &Canonical<G::Position>,
        _m: &G::Move,
        _child: &G::Position,
        _canon: Option<&Canonical<G::Position>>,
        _value: Value<G::Score>,
    ) -> Self::Note {
        Self::Note::default()
    }
    /// Move `m` at `node` was decided without playing it
    /// ([`crate::games::Hints::quick_move_value`]): as [`Hook::child`] for a quick child,
    /// without the child.
    fn decided(&self, _node: &Canonical<G::Position>, _m: &G::Move, _value: Value<G::Score>) -> Self::Note {
        Self::Note::default()
    }
    /// `node` was stored with `value`: called once per stored position,
    /// whatever the thread count, with its children in move order (none
    /// for a finished position).
    fn stored(
        &self,
        _node: &Canonical<G::Position>,
        _value: Value<G::Score>,
        _children: &[Child<G::Score, Self::Note>],
    ) {
    }
    /// Bytes the hook holds beside the table (records kept for a
    /// certificate writer), counted against the search's memory cap with
    /// the table and in [`super::Solver::table_bytes`]: a hook that
    /// records grows with the search, and the cap must stop both.
    fn held_bytes(&self) -> u64 {
        0
    }
}

/// The hook that is told nothing (the solver's default).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoHook;

impl<G: Rules> Hook<G> for NoHook {
    type Note = ();
}
