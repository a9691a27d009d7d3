//! Values of positions, and the cancellation chain of the parallel search.

use crate::line::Ending;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Why a line is a counterexample, ordered by how a report prefers them.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum FailKind {
    SecondPlayerWins,
    Draw,
    StrategyError,
    IllegalMove,
    BoundExceeded,
}

impl FailKind {
    /// The kind of failure a line ending is, `None` when she won.
    pub fn of(ending: &Ending) -> Option<FailKind> {
        match ending {
            Ending::FirstPlayerWins => None,
            Ending::SecondPlayerWins => Some(FailKind::SecondPlayerWins),
            Ending::Draw => Some(FailKind::Draw),
            Ending::StrategyError(_) => Some(FailKind::StrategyError),
            Ending::IllegalMove(_) => Some(FailKind::IllegalMove),
            Ending::BoundExceeded => Some(FailKind::BoundExceeded),
        }
    }
}

/// The outcome of a position with the second player to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Value {
    /// She wins on every line; the largest total number of her moves.
    Win(u32),
    /// He has a counterexample with `his_moves` more moves of his (the
    /// first one in reply order, not necessarily the shortest).
    Fail { kind: FailKind, his_moves: u32 },
}

/// Stands for a value that was not computed (search cancelled or aborted);
/// never stored, never reported.
pub(super) const VOID: Value = Value::Win(0);

/// Where a position sits among the replies being evaluated above it: reply
/// `index` of a node whose first failing reply so far is `first_fail`, and
/// so on up to the root. A subtree is void once, at any level, an earlier
/// reply has failed; the node's value does not depend on it then.
pub(super) struct Chain<'p> {
    pub(super) first_fail: &'p AtomicUsize,
    pub(super) index: usize,
    pub(super) parent: Option<&'p Chain<'p>>,
}

impl Chain<'_> {
    pub(super) fn cancelled(&self) -> bool {
        let mut link = Some(self);
        while let Some(l) = link {
            if l.first_fail.load(Ordering::Relaxed) < l.index {
                return true;
            }
            link = l.parent;
        }
        false
    }
}
