//! The walk of a [`Solver`]: a canonical position's value from its
//! children's, evaluated in move order (in parallel above
//! `parallel_plies`), cut off at the first decisive child by cancelling
//! the subtrees after it (`chain.rs`), each value stored once in the
//! table and shown to the hook. Apart from the solver's face
//! (`engine/mod.rs`: construction, caps and the queries a caller asks),
//! which reaches the walk only through `value_of` and `children` and never
//! sees a thread, a cancellation or a hook call.

use super::chain::Chain;
use super::{best_index, Child, Hook, Solver};
use crate::core::board::Player;
use crate::core::symmetry::Canonical;
use crate::games::{Hints, Question, Rules, Symmetric, Value};
use rayon::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A node's children with their values, and the index of the child its
/// value comes from.
type Evaluated<G, N> = (Vec<Child<<G as Rules>::Score, N>>, usize);

impl<G: Symmetric + Hints, H: Hook<G>, Q: Question<G::Score>> Solver<'_, G, H, Q> {
    /// The children of a canonical position that is not over, evaluated
    /// in move order (in parallel near the root) up to the first decisive
    /// one; `None` if aborted or cancelled from above.
    pub(super) fn children(
        &self,
        canon: &Canonical<G::Position>,
        moves: &[G::Move],
        depth: u32,
        chain: Option<&Chain>,
    ) -> Option<Evaluated<G, H::Note>> {
        let mover = self.game.to_move(&canon.position);
        let first_decisive = AtomicUsize::new(usize::MAX);
        let eval = |(index, m): (usize, &G::Move)| {
            let link = Chain {
                first_decisive: &first_decisive,
                index,
                parent: chain,
            };
            self.child(canon, m, mover, depth, &link)
        };
        let children: Vec<Child<G::Score, H::Note>> = if depth < self.parallel_plies {
            moves.par_iter().enumerate().map(eval).collect()
        } else {
            moves.iter().enumerate().map(eval).collect()
        };
        if self.at_cap() || chain.is_some_and(|c| self.cancelled(c)) {
            return None;
        }
        let first = first_decisive.into_inner();
        let chosen = if first < children.len() {
            first
        } else {
            // No decisive child and nothing cancelled: every value is known.
            let values = children.iter().map(|c| c.value.expect("every child was evaluated"));
            best_index(&self.question, mover, values).expect("a position that is not over has a move")
        };
        Some((children, chosen))
    }

    /// Whether the subtree at `link` is cancelled. A thread that misses a
    /// cutoff made by another one only does work that is not needed: what
    /// it stores is exact (as when the cutoff comes a little later).
    fn cancelled(&self, link: &Chain) -> bool {
        self.cutoffs.load(Ordering::Relaxed) && link.cancelled()
    }

    /// Move `m` at `canon` (child `link.index`), evaluated unless cancelled:
    /// the child unless the game decides the move unplayed, and its form
    /// unless `quick_value` decided it, handed to the hook where made.
    fn child(
        &self,
        canon: &Canonical<G::Position>,
        m: &G::Move,
        mover: Player,
        depth: u32,
        link: &Chain,
    ) -> Child<G::Score, H::Note> {
        if self.cancelled(link) {
            return Child {
                value: None,
                note: H::Note::default(),
            };
        }
        let done = |value, note: &dyn Fn(Value<G::Score>) -> H::Note| self.finish(m, mover, link, value, note);
        if let Some(v) = self.game.quick_move_value(&canon.position, m) {
            return done(Some(v), &|v| self.hook.decided(canon, m, v));
        }
        let position = self.game.play(&canon.position, m);
        if let Some(v) = self.game.quick_value(&position) {
            return done(Some(v), &|v| self.hook.child(canon, m, &position, None, v));
        }
        let child = self.game.canonical(&position);
        let value = self.value_of(&child, depth + 1, Some(link));
        done(value, &|v| self.hook.child(canon, m, &position, Some(&child), v))
    }

    /// A child's `value` (without move `m`) unless cancelled meanwhile,
    /// counted with `m`, marked decisive where it is; the hook's `note`.
    fn finish(
        &self,
        m: &G::Move,
        mover: Player,
        link: &Chain,
        value: Option<Value<G::Score>>,
        note: &dyn Fn(Value<G::Score>) -> H::Note,
    ) -> Child<G::Score, H::Note> {
        let value = value.filter(|_| !self.cancelled(link)).map(|v| Value {
            score: v.score,
            plies: v.plies + self.game.plies(m),
        });
        let mut child = Child {
            value,
            note: H::Note::default(),
        };
        if let Some(v) = value {
            if self.question.decisive(mover, v.score) {
                self.cutoffs.store(true, Ordering::Relaxed);
                link.first_decisive.fetch_min(link.index, Ordering::Relaxed);
            }
            child.note = note(v);
        }
        child
    }

    /// The value of a canonical position; `None` once the cap is reached
    /// or the position's subtree is cancelled (nothing is stored then).
    pub(super) fn value_of(
        &self,
        canon: &Canonical<G::Position>,
        depth: u32,
        chain: Option<&Chain>,
    ) -> Option<Value<G::Score>> {
        if let Some(v) = self.table.get(&canon.key) {
            return Some(v);
        }
        if self.at_cap() {
            return None;
        }
        self.visited.fetch_add(1, Ordering::Relaxed);
        self.hook.entered(canon);
        let (value, children) = match self.game.outcome(&canon.position) {
            Some(score) => (Value { score, plies: 0 }, Vec::new()),
            None => {
                let moves = self.orbit_moves(canon);
                let (children, chosen) = self.children(canon, &moves, depth, chain)?;
                (
                    children[chosen].value.expect("the chosen child was evaluated"),
                    children,
                )
            }
        };
        self.store(canon, value, &children);
        Some(value)
    }

    fn store(&self, canon: &Canonical<G::Position>, value: Value<G::Score>, children: &[Child<G::Score, H::Note>]) {
        self.table.insert_new_beside(&canon.key, value, || {
            self.hook.stored(canon, value, children);
            self.hook.held_bytes()
        });
    }
}
