//! Cancellation of subtrees in the parallel search with cutoffs.
//!
//! A node's children are evaluated in parallel. Once child `i` is known to
//! be decisive for the player to move ([`crate::games::Question::decisive`]),
//! the node's value is that of its first decisive child, and children after
//! `i` are not needed: those not started are skipped, those under way are
//! cancelled. A cancelled subtree returns no value and stores nothing, so
//! every stored value is exact and the same for any thread count.

use std::sync::atomic::{AtomicUsize, Ordering};

/// Where a position sits among the children being evaluated above it:
/// child `index` of a node whose first decisive child so far is
/// `first_decisive`, and so on up to the root. A subtree is cancelled once,
/// at any level, an earlier child has been found decisive.
pub(crate) struct Chain<'p> {
    pub(crate) first_decisive: &'p AtomicUsize,
    pub(crate) index: usize,
    pub(crate) parent: Option<&'p Chain<'p>>,
}

impl Chain<'_> {
    /// Whether the value of this subtree is no longer needed.
    pub(crate) fn cancelled(&self) -> bool {
        let mut link = Some(self);
        while let Some(l) = link {
            if l.first_decisive.load(Ordering::Relaxed) < l.index {
                return true;
            }
            link = l.parent;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_subtree_is_cancelled_by_an_earlier_decisive_child_at_any_level() {
        let top = AtomicUsize::new(usize::MAX);
        let below = AtomicUsize::new(usize::MAX);
        let parent = Chain {
            first_decisive: &top,
            index: 2,
            parent: None,
        };
        let link = Chain {
            first_decisive: &below,
            index: 1,
            parent: Some(&parent),
        };
        assert!(!link.cancelled());
        top.store(2, Ordering::Relaxed);
        assert!(!link.cancelled(), "the decisive child itself is not cancelled");
        top.store(1, Ordering::Relaxed);
        assert!(link.cancelled());
        top.store(usize::MAX, Ordering::Relaxed);
        below.store(0, Ordering::Relaxed);
        assert!(link.cancelled());
    }
}
