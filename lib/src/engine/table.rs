//! A transposition table keyed by canonical keys, shared by threads, with
//! an estimate of the memory it holds and a cap: past the cap it reports
//! itself full, and the search using it stops with [`Stopped`]
//! (no verdict) instead of being killed for lack of memory.
//!
//! Used by the exact solver ([`super::Solver`]) and the threshold search
//! ([`super::bounded`]): one accounting (8 bytes per key word plus 64 per
//! entry, plus what a game holds outside the table per entry:
//! [`Table::with_entry_bytes`]) and one cap for both.

use super::{Limits, StopReason, Stopped};
use dashmap::DashMap;
use foldhash::fast::FixedState;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Values by canonical key, with their approximate size and a cap.
pub(crate) struct Table<V> {
    map: DashMap<Box<[u64]>, V, FixedState>,
    bytes: AtomicU64,
    cap: u64,
    /// Bytes held outside the table per entry, counted against the cap.
    entry_bytes: u64,
    full: AtomicBool,
    /// The run's limits, for the interrupt flag.
    limits: Limits,
}

impl<V: Copy> Table<V> {
    /// An empty table without a cap.
    pub(crate) fn new() -> Table<V> {
        Table {
            map: DashMap::with_hasher(FixedState::default()),
            bytes: AtomicU64::new(0),
            cap: u64::MAX,
            entry_bytes: 0,
            full: AtomicBool::new(false),
            limits: Limits::default(),
        }
    }

    /// The same table under `limits`: full past about
    /// [`Limits::max_memory`] bytes, or once the run is interrupted
    /// ([`Limits::with_interrupt`]), so that every search that stops at
    /// the cap stops on an interrupt the same way.
    pub(crate) fn within(mut self, limits: Limits) -> Table<V> {
        self.cap = limits.max_memory();
        self.limits = limits;
        self
    }

    /// The same table, counting `bytes` more per entry: what the searched
    /// game keeps outside the table for each position it stores (the key
    /// book of [`super::follow`]), so that the cap covers it too.
    pub(crate) fn with_entry_bytes(mut self, bytes: u64) -> Table<V> {
        self.entry_bytes = bytes;
        self
    }

    /// The value stored under `key`.
    pub(crate) fn get(&self, key: &[u64]) -> Option<V> {
        self.map.get(key).map(|v| *v)
    }

    /// Stores `value` under `key`, or `merge(old, value)` if the key is
    /// there already; whether the key is new.
    pub(crate) fn store(&self, key: &[u64], value: V, merge: impl FnOnce(V, V) -> V) -> bool {
        self.store_with(key, value, merge, || 0)
    }

    /// Stores `value` under a key not stored yet and then runs `on_new`
    /// while the entry is still held (a thread reading the key waits for
    /// it); whether the key was new (a stored key keeps its value).
    pub(crate) fn insert_new(&self, key: &[u64], value: V, on_new: impl FnOnce()) -> bool {
        self.insert_new_beside(key, value, || {
            on_new();
            0
        })
    }

    /// [`Table::insert_new`] where `on_new` returns the bytes held beside
    /// the table once it has run (a search hook's records for a
    /// certificate writer, [`super::Hook::held_bytes`]): they count
    /// against the cap with the table's own.
    pub(crate) fn insert_new_beside(&self, key: &[u64], value: V, on_new: impl FnOnce() -> u64) -> bool {
        self.store_with(key, value, |old, _| old, on_new)
    }

    fn store_with(&self, key: &[u64], value: V, merge: impl FnOnce(V, V) -> V, on_new: impl FnOnce() -> u64) -> bool {
        match self.map.entry(key.into()) {
            dashmap::Entry::Occupied(mut slot) => {
                let merged = merge(*slot.get(), value);
                slot.insert(merged);
                false
            }
            dashmap::Entry::Vacant(slot) => {
                let _held = slot.insert(value);
                let beside = on_new();
                // Key words, the boxed slice header, the value and the
                // map's own bookkeeping per entry, and what the game holds
                // outside the table for it.
                let bytes = 8 * key.len() as u64 + 64 + self.entry_bytes;
                if self.bytes.fetch_add(bytes, Ordering::Relaxed) + bytes + beside > self.cap {
                    self.full.store(true, Ordering::Relaxed);
                }
                true
            }
        }
    }

    /// Every key stored (in no particular order).
    pub(crate) fn keys(&self) -> Vec<Box<[u64]>> {
        self.map.iter().map(|e| e.key().clone()).collect()
    }

    /// Every stored value, in no particular order.
    pub(crate) fn values(&self) -> impl Iterator<Item = V> + '_ {
        self.map.iter().map(|entry| *entry.value())
    }

    /// Keys stored.
    pub(crate) fn len(&self) -> u64 {
        self.map.len() as u64
    }

    /// Approximate bytes held.
    pub(crate) fn bytes(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }

    /// Whether `extra` bytes held beside the table (a certificate writer's
    /// walk reading a strategy off it) still fit under the cap: else the
    /// stop of a certificate writer at the cap, or of an interrupted run.
    pub(crate) fn room_for(&self, extra: u64) -> Result<(), Stopped> {
        if self.limits.interrupted() {
            return Err(self.stopped());
        }
        match self.bytes().saturating_add(extra) > self.cap {
            true => Err(Stopped::certificate_cap(self.cap)),
            false => Ok(()),
        }
    }

    /// Whether the table has passed its cap, or the run was interrupted.
    pub(crate) fn full(&self) -> bool {
        self.full.load(Ordering::Relaxed) || self.limits.interrupted()
    }

    /// The error of a search stopped by this table's cap or an interrupt.
    pub(crate) fn stopped(&self) -> Stopped {
        match self.full.load(Ordering::Relaxed) {
            true => Stopped::memory_cap(self.cap),
            false => Stopped {
                reason: StopReason::Interrupted,
            },
        }
    }
}
