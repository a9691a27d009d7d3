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

impl Stats {
    pub(super) fn merge(&mut self, other: Stats) {
        for (k, v) in other.positions_by_phase {
            *self.positions_by_phase.entry(k).or_default() += v;
        }
        for (k, v) in other.wins_by_length {
            *self.wins_by_length.entry(k).or_default() += v;
        }
        for (k, v) in other.wins_by_phase {
            *self.wins_by_phase.entry(k).or_default() += v;
        }
    }
}
