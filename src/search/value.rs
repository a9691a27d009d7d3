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

/// A value in four bytes, as the transposition table keeps it (one per
/// stored position): a win's move count, or the top bit, the failure kind
/// and his move count.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Packed(u32);

const FAIL_BIT: u32 = 1 << 31;
const KINDS: [FailKind; 5] = [
    FailKind::SecondPlayerWins,
    FailKind::Draw,
    FailKind::StrategyError,
    FailKind::IllegalMove,
    FailKind::BoundExceeded,
];

impl From<Value> for Packed {
    fn from(value: Value) -> Packed {
        match value {
            Value::Win(moves) => {
                assert!(moves < FAIL_BIT >> 3, "move counts fit in 28 bits");
                Packed(moves)
            }
            Value::Fail { kind, his_moves } => {
                assert!(his_moves < 1 << 28, "move counts fit in 28 bits");
                Packed(FAIL_BIT | (kind as u32) << 28 | his_moves)
            }
        }
    }
}

impl From<Packed> for Value {
    fn from(packed: Packed) -> Value {
        match packed.0 {
            p if p & FAIL_BIT == 0 => Value::Win(p),
            p => Value::Fail {
                kind: KINDS[(p >> 28 & 7) as usize],
                his_moves: p & ((1 << 28) - 1),
            },
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_keeps_every_value() {
        let mut values: Vec<Value> = [0, 1, 19, (1 << 28) - 1].into_iter().map(Value::Win).collect();
        for kind in KINDS {
            values.extend([0, 3, (1 << 28) - 1].map(|his_moves| Value::Fail { kind, his_moves }));
        }
        for &value in &values {
            assert_eq!(Value::from(Packed::from(value)), value);
        }
        let packed: Vec<Packed> = values.iter().map(|&v| Packed::from(v)).collect();
        for (i, a) in packed.iter().enumerate() {
            assert!(packed[i + 1..].iter().all(|b| b != a), "distinct values pack apart");
        }
    }
}
