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

use crate::canon::{form, hash, mix};
use crate::iso::{invariant, Cells};
use std::collections::HashMap;

/// An entry under its form: the form's hash (with the tag), its depth
/// and its number, sorted in this order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Key {
    hash: u64,
    depth: u32,
    entry: u32,
}

/// The entries by form, and the rest by invariant.
#[derive(Default)]
pub struct Table {
    keys: Vec<Key>,
    /// Where the keys of each value of the hash's top `bits` bits start:
    /// the keys of top bits `t` are `keys[directory[t]..directory[t + 1]]`
    /// (one memory access instead of a binary search's many).
    directory: Vec<u32>,
    bits: u32,
    /// Every form, one after another.
    words: Vec<u64>,
    /// Entry `i`'s form is `words[starts[i]..starts[i + 1]]` (empty for
    /// an entry without one).
    starts: Vec<u64>,
    /// The entries without a form by hash of tag and invariant: (depth,
    /// entry), sorted.
    buckets: HashMap<u64, Vec<(u32, u32)>>,
}

impl Table {
    /// An empty table.
    pub fn new() -> Table {
        Table {
            starts: vec![0],
            ..Table::default()
        }
    }

    /// Adds entry number `entry` (the next one: entries are added in
    /// order), of depth `depth`, at position `g`, under `tag` (a lookup
    /// only finds entries of its own tag: the colour to move, say).
    pub fn add(&mut self, tag: u64, g: &impl Cells, depth: u32, entry: u32) {
        form(g, |f| match f {
            Some(f) => {
                self.keys.push(Key {
                    hash: hash(tag, f),
                    depth,
                    entry,
                });
                self.words.extend_from_slice(f);
            }
            None => self
                .buckets
                .entry(mix(tag) ^ invariant(g))
                .or_default()
                .push((depth, entry)),
        });
        self.starts.push(self.words.len() as u64);
    }

    /// Sorts what [`Table::add`] gathered; call once, before lookups.
    pub fn seal(&mut self) {
        self.keys.sort_unstable();
        self.bits = self.keys.len().max(1).ilog2() + 1;
        let mut directory = Vec::with_capacity((1 << self.bits) + 1);
        for (i, k) in self.keys.iter().enumerate() {
            let top = self.top(k.hash);
            directory.resize(top + 1, i as u32);
        }
        directory.resize((1 << self.bits) + 1, self.keys.len() as u32);
        self.directory = directory;
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
            Some(f) => {
                let h = hash(tag, f);
                let top = self.top(h);
                let near = &self.keys[self.directory[top] as usize..self.directory[top + 1] as usize];
                let equal = |k: &&Key| k.hash == h && self.form_of(k.entry) == f;
                let mut keys = near.iter();
                match down {
                    false => keys.find(equal),
                    true => keys.rev().find(equal),
                }
                .map(|k| k.depth)
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

    /// Entry `i`'s form (empty if it has none).
    fn form_of(&self, i: u32) -> &[u64] {
        let i = i as usize;
        &self.words[self.starts[i] as usize..self.starts[i + 1] as usize]
    }
}
