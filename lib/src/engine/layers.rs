//! The solver's search taken apart level by level (retrograde), for jobs
//! that share values through files (`verify::jobs::layered`): a forward
//! pass lists each stored position's moves and the positions they lead to,
//! a backward pass values each position from its children's values.
//!
//! Why the values are one process's, plies and tie-breaks included: the
//! exact [`Solver`](super::Solver) (question [`Exact`]: nothing is
//! decisive, every child is searched) stores, for every canonical position
//! it reaches that no quick value decides, the value of its first best
//! orbit move ([`best_index`]) in [`Symmetric::orbit_moves`]' order, each
//! child's value counting its move's plies; a position that is over is
//! stored with its outcome and 0 plies. [`steps`] makes the same children
//! in the same order, deciding a move unplayed ([`Hints::quick_move_value`])
//! or a child unlabelled ([`Hints::quick_value`]) exactly where the solver
//! does, so the children that are [`Step::Child`] are the positions the
//! solver stores below this one; [`choose`] picks the child the solver
//! picks. A position's value depends only on its canonical form (the
//! solver's table relies on it too), so whichever job values a child, the
//! parent gets the same value, and by induction from the last level every
//! position gets the one-process value and chosen move.

use super::{best_index, Choice};
use crate::core::symmetry::Canonical;
use crate::games::{Exact, FinalScore, Hints, Symmetric, Value};

/// One orbit move of a stored position, as the solver meets it.
#[derive(Clone, Debug)]
pub enum Step<P, S> {
    /// Decided without storing the child (a quick value): the value, the
    /// move counted.
    Known(Value<S>),
    /// A child the solver stores: its canonical form and the plies of the
    /// move to it (its value is the child's plus these).
    Child(Canonical<P>, u32),
}

/// The orbit moves of a canonical position that is not over, in the
/// solver's order, each as it leads on ([`Step`]).
pub fn steps<G: Symmetric + Hints>(game: &G, canon: &Canonical<G::Position>) -> Vec<Step<G::Position, G::Score>> {
    let moves = game.orbit_moves(&canon.position, &canon.generators);
    moves
        .iter()
        .map(|m| {
            let plies = game.plies(m);
            let counted = |v: Value<G::Score>| Value {
                score: v.score,
                plies: v.plies + plies,
            };
            if let Some(v) = game.quick_move_value(&canon.position, m) {
                return Step::Known(counted(v));
            }
            let next = game.play(&canon.position, m);
            match game.quick_value(&next) {
                Some(v) => Step::Known(counted(v)),
                None => Step::Child(game.canonical(&next), plies),
            }
        })
        .collect()
}

/// The value of a position whose `mover` faces these move values (in the
/// solver's order, each counting its move): the first best, as the exact
/// solver chooses; `None` for no moves.
pub fn choose<S: FinalScore>(mover: crate::core::board::Player, values: &[Value<S>]) -> Option<Choice<S>> {
    let best = best_index(&Exact, mover, values.iter().copied())?;
    Some((best, values[best]))
}

/// The value of a position that is over: its outcome, no plies left.
pub fn over<S>(score: S) -> Value<S> {
    Value { score, plies: 0 }
}

/// A stable 64-bit hash of a canonical key (the same on every machine and
/// for every build, unlike the standard library's hasher): which shard of
/// its level a position belongs to.
pub fn key_hash(key: &[u64]) -> u64 {
    let mut h: u64 = 0x243f_6a88_85a3_08d3 ^ key.len() as u64;
    for &w in key {
        h = (h ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^= h >> 29;
    }
    h ^ (h >> 32)
}
