//! Values of positions, and the cancellation chain of the parallel search.

use crate::verify::line::Ending;

/// Why a line is a counterexample, ordered by how a report prefers them.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum FailKind {
    /// He completed his target first.
    SecondPlayerWins,
    /// The finite board filled up without her target.
    Draw,
    /// The strategy gave no move and said why (no rule applies, no fresh
    /// vertex).
    StrategyError,
    /// She needed more moves than the bound allows.
    BoundExceeded,
    /// The strategy broke the contract the search relies on
    /// ([`super::contract`]: an illegal move, a panic, ...); `verify`
    /// gives no verdict.
    ContractBroken,
}

impl FailKind {
    /// The kind of failure a line ending is, `None` when she won.
    pub fn of(ending: &Ending) -> Option<FailKind> {
        match ending {
            Ending::FirstPlayerWins => None,
            Ending::SecondPlayerWins => Some(FailKind::SecondPlayerWins),
            Ending::Draw => Some(FailKind::Draw),
            Ending::StrategyError(_) => Some(FailKind::StrategyError),
            Ending::BoundExceeded => Some(FailKind::BoundExceeded),
            Ending::ContractBroken(_) => Some(FailKind::ContractBroken),
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
    Fail {
        /// Why the line is a counterexample.
        kind: FailKind,
        /// His moves on it from this position.
        his_moves: u32,
    },
}

/// Stands for a value that was not computed (search cancelled or aborted);
/// never stored, never reported.
pub(super) const VOID: Value = Value::Win(0);
