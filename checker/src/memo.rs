//! A small per-thread memory of positions already passed, keyed by the
//! position exactly as labelled: a check that meets the very same
//! labelled position again (a transposition: two move orders, or two
//! entries whose replies meet) skips its canonical form and lookup.
//!
//! **Soundness**: a slot answers only for a key equal word for word to
//! the one it was filled with, and its value is what the caller computed
//! for that key (a deterministic function of the key within one
//! [`Memo::new`] owner: one certificate's index). So an answer is exactly
//! the one the caller would compute again. Slots are overwritten freely
//! (direct mapped), which only costs time. Each owner gets a fresh
//! number, and a thread's memory is cleared when another owner asks, so
//! no answer crosses from one certificate (or one claim's index) to
//! another.

use crate::canon::mix;
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};

/// Most words a thread's memory holds (keys included): 512 KiB, about
/// the size of a core's own cache, so a probe that misses costs little.
const BUDGET_WORDS: usize = 1 << 16;
/// Most slots (K8 boards have one-word keys; 16,384 slots kept a third
/// of the lookups of `erdos --game vc --board 8`, measured 2026-12-06).
const MAX_SLOTS: usize = 1 << 14;

/// The owner of memorised answers: one index of one certificate (not
/// `Clone`: two indexes never share an owner).
#[derive(Debug)]
pub struct Memo {
    id: u64,
}

impl Default for Memo {
    fn default() -> Memo {
        Memo::new()
    }
}

/// One thread's slots: `stride` words of key per slot, and its answer.
#[derive(Default)]
struct Slots {
    owner: u64,
    stride: usize,
    keys: Vec<u64>,
    answers: Vec<Option<u32>>,
}

thread_local! {
    static SLOTS: RefCell<Slots> = RefCell::new(Slots::default());
}

impl Memo {
    /// A fresh owner, whose answers no other owner sees.
    pub fn new() -> Memo {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        Memo {
            id: NEXT.fetch_add(1, Ordering::Relaxed),
        }
    }

    /// The answer remembered for exactly `key` on this thread, if any.
    pub fn recall(&self, key: &[u64]) -> Option<u32> {
        SLOTS.with(|s| {
            let s = s.borrow();
            if s.owner != self.id || s.stride != key.len() || s.answers.is_empty() {
                return None;
            }
            let slot = slot(key, s.answers.len());
            let stored = &s.keys[slot * s.stride..(slot + 1) * s.stride];
            s.answers[slot].filter(|_| stored == key)
        })
    }

    /// Remembers `answer` for exactly `key` on this thread (replacing
    /// whatever shared its slot).
    pub fn remember(&self, key: &[u64], answer: u32) {
        SLOTS.with(|s| {
            let mut s = s.borrow_mut();
            if s.owner != self.id || s.stride != key.len() {
                let slots = (BUDGET_WORDS / key.len().max(1)).clamp(1, MAX_SLOTS);
                let slots = 1 << slots.ilog2();
                *s = Slots {
                    owner: self.id,
                    stride: key.len(),
                    keys: vec![0; slots * key.len()],
                    answers: vec![None; slots],
                };
            }
            let (slot, stride) = (slot(key, s.answers.len()), s.stride);
            s.keys[slot * stride..(slot + 1) * stride].copy_from_slice(key);
            s.answers[slot] = Some(answer);
        })
    }
}

/// The slot of `key` among `slots` (a power of two).
fn slot(key: &[u64], slots: usize) -> usize {
    let h = key.iter().fold(0x243f_6a88_85a3_08d3, |h, &w| mix(h ^ w));
    (h as usize) & (slots - 1)
}

/// Appends to `key` the word `head`, then `codes` (each below `1 <<
/// bits`; `bits` 2 or 8) packed into words: an exact key for [`Memo`]
/// (equal keys, equal codes, when the count, `bits` and `head` agree).
pub fn pack(head: u64, bits: u32, codes: impl Iterator<Item = u8>, key: &mut Vec<u64>) {
    key.push(head);
    let mut bit = 64;
    for c in codes {
        debug_assert!(u32::from(c) < 1 << bits, "a code fits its bits");
        if bit == 64 {
            key.push(0);
            bit = 0;
        }
        *key.last_mut().expect("a word") |= u64::from(c) << bit;
        bit += bits;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_only_for_the_same_key_and_owner() {
        let (a, b) = (Memo::new(), Memo::new());
        let mut k1 = Vec::new();
        pack(7, 2, [1, 2, 3, 0].into_iter(), &mut k1);
        let mut k2 = Vec::new();
        pack(7, 2, [1, 2, 3, 1].into_iter(), &mut k2);
        assert_eq!(a.recall(&k1), None);
        a.remember(&k1, 5);
        assert_eq!(a.recall(&k1), Some(5));
        assert_eq!(a.recall(&k2), None);
        assert_eq!(b.recall(&k1), None);
        b.remember(&k2, 6);
        // Another owner asked: the first one's answers are gone.
        assert_eq!(a.recall(&k1), None);
        assert_eq!(b.recall(&k2), Some(6));
    }
}
