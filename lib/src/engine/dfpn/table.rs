//! The proof-number search's transposition table: proof and disproof
//! numbers by canonical key, kept under the memory cap by *evicting*
//! instead of stopping.
//!
//! When an insertion takes the table past its cap, half of the entries go
//! at once (a garbage collection, as in Nagai's df-pn and its successors):
//! those with the lowest priority, where the priority is the work their
//! subtrees cost (node expansions below them, summed over their searches),
//! counted four times for a solved entry (proven or disproven: final
//! knowledge, while an open entry's numbers are only an estimate). So
//! solved entries that cost much survive longest.
//!
//! Soundness: an evicted position reads as never seen (proof and disproof
//! numbers 1, [`Numbers::UNKNOWN`]), so the search expands it again and
//! recomputes whatever it had found; nothing is ever guessed, and a
//! position is proven or disproven only by a search of its children.

use foldhash::fast::FixedState;
use std::collections::HashMap;

/// A number standing for "infinite": a proof or disproof number this large
/// means the other number is 0 (the position is solved).
pub(super) const INF: u64 = u64::MAX / 4;

/// Bytes counted per entry besides its key words: the boxed key's header,
/// the numbers and the map's own bookkeeping (as `engine::table` counts).
const ENTRY_BYTES: u64 = 64;

/// A position's proof and disproof numbers, always about the prover's
/// claim (whoever moves there): `proof`, the fewest open positions whose
/// proof would prove the claim (0: proven), `disproof`, the same for its
/// refutation (0: disproven).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Numbers {
    pub(super) proof: u64,
    pub(super) disproof: u64,
}

impl Numbers {
    /// A position not searched yet (or evicted).
    pub(super) const UNKNOWN: Numbers = Numbers { proof: 1, disproof: 1 };
    /// The claim holds.
    pub(super) const PROVEN: Numbers = Numbers {
        proof: 0,
        disproof: INF,
    };
    /// The claim fails.
    pub(super) const DISPROVEN: Numbers = Numbers {
        proof: INF,
        disproof: 0,
    };

    /// Whether the position is proven or disproven.
    pub(super) fn solved(self) -> bool {
        self.proof == 0 || self.disproof == 0
    }
}

/// One stored position: its numbers and the work spent below it.
#[derive(Clone, Copy, Debug)]
struct Entry {
    numbers: Numbers,
    work: u64,
}

impl Entry {
    /// Which entries an eviction keeps: the larger, the longer kept.
    fn priority(&self) -> u64 {
        match self.numbers.solved() {
            true => self.work.saturating_mul(4),
            false => self.work,
        }
    }
}

/// Numbers by canonical key, with their approximate size, a cap and a
/// count of evictions.
pub(super) struct Table {
    map: HashMap<Box<[u64]>, Entry, FixedState>,
    bytes: u64,
    cap: u64,
    peak: u64,
    evicted: u64,
}

impl Table {
    /// An empty table holding about `cap` bytes at most.
    pub(super) fn new(cap: u64) -> Table {
        Table {
            map: HashMap::with_hasher(FixedState::default()),
            bytes: 0,
            cap,
            peak: 0,
            evicted: 0,
        }
    }

    /// The numbers stored under `key`, or [`Numbers::UNKNOWN`].
    pub(super) fn get(&self, key: &[u64]) -> Numbers {
        self.map.get(key).map_or(Numbers::UNKNOWN, |e| e.numbers)
    }

    /// Stores `numbers` under `key`, adding `work` to the work counted
    /// there; evicts half of the table first if it would pass the cap.
    pub(super) fn store(&mut self, key: &[u64], numbers: Numbers, work: u64) {
        if let Some(entry) = self.map.get_mut(key) {
            entry.numbers = numbers;
            entry.work = entry.work.saturating_add(work);
            return;
        }
        let bytes = entry_bytes(key);
        if self.bytes + bytes > self.cap {
            self.evict();
        }
        self.map.insert(key.into(), Entry { numbers, work });
        self.bytes += bytes;
        self.peak = self.peak.max(self.bytes);
    }

    /// Drops the entries of lowest priority: the lower half and every entry
    /// tied with its highest.
    fn evict(&mut self) {
        let mut priorities: Vec<u64> = self.map.values().map(Entry::priority).collect();
        if priorities.is_empty() {
            return;
        }
        let middle = (priorities.len() - 1) / 2;
        let (_, &mut median, _) = priorities.select_nth_unstable(middle);
        let before = self.map.len();
        self.map.retain(|_, e| e.priority() > median);
        self.evicted += (before - self.map.len()) as u64;
        self.bytes = self.map.keys().map(|k| entry_bytes(k)).sum();
    }

    /// Positions stored now.
    pub(super) fn len(&self) -> u64 {
        self.map.len() as u64
    }

    /// Approximate bytes held now.
    pub(super) fn bytes(&self) -> u64 {
        self.bytes
    }

    /// The most bytes held at any time.
    pub(super) fn peak(&self) -> u64 {
        self.peak
    }

    /// Entries evicted so far.
    pub(super) fn evicted(&self) -> u64 {
        self.evicted
    }
}

/// The bytes counted for an entry under `key`.
fn entry_bytes(key: &[u64]) -> u64 {
    8 * key.len() as u64 + ENTRY_BYTES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_table_evicts_cheap_open_entries_before_costly_solved_ones() {
        let key = |i: u64| vec![i; 2];
        // Room for about four entries of 80 bytes.
        let mut table = Table::new(4 * 80);
        table.store(&key(0), Numbers::PROVEN, 100);
        table.store(&key(1), Numbers::UNKNOWN, 1);
        table.store(&key(2), Numbers { proof: 3, disproof: 2 }, 2);
        table.store(&key(3), Numbers::DISPROVEN, 50);
        assert_eq!(table.evicted(), 0);
        table.store(&key(4), Numbers::UNKNOWN, 1);
        assert!(table.evicted() >= 2 && table.bytes() <= 4 * 80);
        assert_eq!(table.get(&key(0)), Numbers::PROVEN);
        assert_eq!(table.get(&key(3)), Numbers::DISPROVEN);
        // Evicted: read as never seen, never as a guess.
        assert_eq!(table.get(&key(1)), Numbers::UNKNOWN);
        assert_eq!(table.len(), 3);
    }
}
