//! The entries of a certificate by position up to isomorphism, for the
//! closure checks of versions 2, 3, 5, 6 and 9: each entry under its
//! canonical form ([`crate::canon`]), found by one exact comparison;
//! the few positions too symmetric to get a form under their refinement
//! invariant ([`crate::iso::invariant`]), whose candidates the caller
//! tests with an explicit isomorphism search ([`crate::iso`]).
//!
//! Whether a position gets a form is invariant under isomorphism, so a
//! position and an isomorphic entry always meet on the same side. A match
//! on the form side is equal words (an isomorphism, [`crate::canon`]); on
//! the other it is the caller's test. A hash only picks where to look.

use crate::canon::{form, hash, mix, words};
use crate::iso::{invariant, Cells};
use std::collections::HashMap;

/// An entry under its form: the form's hash (with the tag), its depth
/// and its number, sorted in this order; `at` is where its form starts
/// among the gathered words.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Key {
    hash: u64,
    depth: u32,
    entry: u32,
    at: u64,
}

/// The entries by form, and the rest by invariant.
#[derive(Default)]
pub struct Table {
    /// While adding: the entries with a form, and their forms one after
    /// another (entry `keys[i]`'s form starts at `keys[i].at`; the first
    /// word of a form gives its length, [`crate::canon::form`]).
    keys: Vec<Key>,
    words: Vec<u64>,
    /// Once sealed: one record of `stride` words per entry with a form, in
    /// the order of the keys: the hash, `depth << 32 | entry`, and the
    /// form, padded with zeros to the longest one. A lookup reads one
    /// record where a key and a separate form would be two memory accesses.
    records: Vec<u64>,
    stride: usize,
    /// Where the records of each value of the hash's top `bits` bits
    /// start: those of top bits `t` are records `directory[t]` to
    /// `directory[t + 1]` (one memory access, not a binary search's many).
    directory: Vec<u32>,
    bits: u32,
    /// The entries without a form by hash of tag and invariant: (depth,
    /// entry), sorted.
    buckets: HashMap<u64, Vec<(u32, u32)>>,
}

impl Table {
    /// An empty table.
    pub fn new() -> Table {
        Table::default()
    }

    /// Adds entry number `entry`, of depth `depth`, at position `g`, under
    /// `tag` (a lookup only finds entries of its own tag: the colour to
    /// move, say).
    pub fn add(&mut self, tag: u64, g: &impl Cells, depth: u32, entry: u32) {
        form(g, |f| match f {
            Some(f) => {
                self.keys.push(Key {
                    hash: hash(tag, f),
                    depth,
                    entry,
                    at: self.words.len() as u64,
                });
                self.words.extend_from_slice(f);
                self.stride = self.stride.max(f.len() + 2);
            }
            None => self
                .buckets
                .entry(mix(tag) ^ invariant(g))
                .or_default()
                .push((depth, entry)),
        });
    }

    /// Sorts what [`Table::add`] gathered into records and a directory;
    /// call once, before lookups.
    pub fn seal(&mut self) {
        self.keys.sort_unstable();
        self.bits = self.keys.len().max(1).ilog2() + 1;
        let mut directory = Vec::with_capacity((1 << self.bits) + 1);
        let mut records = Vec::with_capacity(self.keys.len() * self.stride);
        for (i, k) in self.keys.iter().enumerate() {
            directory.resize(self.top(k.hash) + 1, i as u32);
            let at = k.at as usize;
            let form = &self.words[at..at + words(self.words[at])];
            records.extend([k.hash, u64::from(k.depth) << 32 | u64::from(k.entry)]);
            records.extend_from_slice(form);
            records.resize(records.len() + self.stride - 2 - form.len(), 0);
        }
        directory.resize((1 << self.bits) + 1, self.keys.len() as u32);
        self.directory = directory;
        self.records = records;
        self.keys = Vec::new();
        self.words = Vec::new();
        self.buckets.values_mut().for_each(|b| b.sort_unstable());
    }

    /// The smallest depth of an entry of `tag` whose position is
    /// isomorphic to `g`. `same(entry)` tests a candidate without a form.
    pub fn least(&self, tag: u64, g: &impl Cells, same: impl Fn(usize) -> bool) -> Option<u32> {
        self.find(tag, g, false, &same)
    }

    /// The largest depth of an entry of `tag` whose position is
    /// isomorphic to `g`. `same(entry)` tests a candidate without a form.
    pub fn most(&self, tag: u64, g: &impl Cells, same: impl Fn(usize) -> bool) -> Option<u32> {
        self.find(tag, g, true, &same)
    }

    /// The first match in order of depth, from the top if `down`.
    fn find(&self, tag: u64, g: &impl Cells, down: bool, same: &dyn Fn(usize) -> bool) -> Option<u32> {
        form(g, |f| match f {
            Some(f) if f.len() + 2 > self.stride => None,
            Some(f) => {
                let h = hash(tag, f);
                let top = self.top(h);
                let (from, to) = (self.directory[top] as usize, self.directory[top + 1] as usize);
                let near = self.records[from * self.stride..to * self.stride].chunks_exact(self.stride);
                let equal = |r: &&[u64]| r[0] == h && r[2..2 + f.len()] == *f;
                match down {
                    false => near.into_iter().find(equal),
                    true => near.into_iter().rev().find(equal),
                }
                .map(|r| (r[1] >> 32) as u32)
            }
            None => {
                let bucket = self.buckets.get(&(mix(tag) ^ invariant(g)))?;
                let test = |&&(_, i): &&(u32, u32)| same(i as usize);
                match down {
                    false => bucket.iter().find(test),
                    true => bucket.iter().rev().find(test),
                }
                .map(|&(d, _)| d)
            }
        })
    }

    /// The directory's slot of `hash`: its top bits.
    fn top(&self, hash: u64) -> usize {
        (hash >> (64 - self.bits)) as usize
    }
}
