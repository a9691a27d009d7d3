//! Counts gathered while searching.

use std::collections::BTreeMap;

/// Counts gathered while searching, identical for any thread count.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Stats {
    /// Distinct positions (second player to move) by the strategy's phase.
    pub positions_by_phase: BTreeMap<&'static str, u64>,
    /// Distinct winning final moves by the total number of her moves.
    pub wins_by_length: BTreeMap<u32, u64>,
    /// Distinct winning final moves by the phase she won in.
    pub wins_by_phase: BTreeMap<&'static str, u64>,
}
