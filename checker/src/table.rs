//! The entries of a certificate by position up to isomorphism, for the
//! closure checks of versions 2, 3, 5, 6, 9 and the colouring versions:
//! each entry under an exact key ([`Probe::Form`]: a canonical form,
//! [`crate::canon`], or another key whose equality is the equivalence the
//! caller needs), found by one comparison of words; the few positions too
//! symmetric to get a form under their refinement invariant
//! ([`Probe::Invariant`]), whose candidates the caller tests with an
//! explicit isomorphism search ([`crate::iso`]).
//!
//! Whether a position gets a form is invariant under isomorphism, so a
//! position and an isomorphic entry always meet on the same side. A match
//! on the form side is equal words (an isomorphism, [`crate::canon`]); on
//! the other it is the caller's test. A hash only picks where to look.

use crate::canon::{form, hash, mix};
use crate::iso::{invariant, Cells};
use std::collections::HashMap;

/// How a position is looked up.
#[derive(Clone, Copy, Debug)]
pub enum Probe<'a> {
    /// An exact key: equal words are equivalent positions.
    Form(&'a [u64]),
    /// No exact key: an invariant picks candidates for the caller's test.
    Invariant(u64),
}

/// An entry with a form while the table is built: the form's hash (with
/// the tag), its depth and number, sorted in this order; where its form
/// starts among the gathered words, and its length.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Key {
    hash: u64,
    depth: u32,
    entry: u32,
    at: u64,
    len: u64,
}

/// The entries by form, and the rest by invariant.
#[derive(Default)]
pub struct Table {
    /// While adding: the entries with a form, and their forms one after another.
    keys: Vec<Key>,
    words: Vec<u64>,
    /// Once sealed: one record per entry with a form, in the order of the
    /// keys: the hash, `depth << 32 | entry`, the form's length, the form.
    /// A lookup reads one stretch of memory where keys and separate forms
    /// would be several accesses.
    records: Vec<u64>,
    /// Where the records of each value of the hash's top `bits` bits
    /// start: those of top bits `t` are `records[directory[t]..directory[t
    /// + 1]]` (one memory access, not a binary search's many).
    directory: Vec<u64>,
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

    /// Adds entry number `entry`, of depth `depth`, at position `g` (its
    /// canonical form, or its invariant if it has none), under `tag` (a
    /// lookup only finds entries of its own tag: the colour to move, say).
    pub fn add(&mut self, tag: u64, g: &impl Cells, depth: u32, entry: u32) {
        form(g, |f| match f {
            Some(f) => self.insert(tag, Probe::Form(f), depth, entry),
            None => self.insert(tag, Probe::Invariant(invariant(g)), depth, entry),
        });
    }

    /// Adds entry number `entry`, of depth `depth`, under `tag` and `probe`.
    pub fn insert(&mut self, tag: u64, probe: Probe, depth: u32, entry: u32) {
        match probe {
            Probe::Form(f) => {
                self.keys.push(Key {
                    hash: hash(tag, f),
                    depth,
                    entry,
                    at: self.words.len() as u64,
                    len: f.len() as u64,
                });
                self.words.extend_from_slice(f);
            }
            Probe::Invariant(i) => self.buckets.entry(mix(tag) ^ i).or_default().push((depth, entry)),
        }
    }

    /// Sorts what [`Table::insert`] gathered into records and a directory;
    /// call once, before lookups.
    pub fn seal(&mut self) {
        self.keys.sort_unstable();
        self.bits = self.keys.len().max(1).ilog2() + 1;
        let mut directory = Vec::with_capacity((1 << self.bits) + 1);
        let mut records = Vec::with_capacity(self.keys.len() * 3 + self.words.len());
        for k in &self.keys {
            directory.resize(self.top(k.hash) + 1, records.len() as u64);
            records.extend([k.hash, u64::from(k.depth) << 32 | u64::from(k.entry), k.len]);
            records.extend_from_slice(&self.words[k.at as usize..(k.at + k.len) as usize]);
        }
        directory.resize((1 << self.bits) + 1, records.len() as u64);
        self.directory = directory;
        self.records = records;
        self.keys = Vec::new();
        self.words = Vec::new();
        self.buckets.values_mut().for_each(|b| b.sort_unstable());
    }

    /// The smallest depth of an entry of `tag` whose position is
    /// isomorphic to `g`. `same(entry)` tests a candidate without a form.
    pub fn least(&self, tag: u64, g: &impl Cells, same: impl Fn(usize) -> bool) -> Option<u32> {
        form(g, |f| self.find(tag, probe(f, g), false, &same))
    }

    /// The largest depth of an entry of `tag` whose position is
    /// isomorphic to `g`. `same(entry)` tests a candidate without a form.
    pub fn most(&self, tag: u64, g: &impl Cells, same: impl Fn(usize) -> bool) -> Option<u32> {
        form(g, |f| self.find(tag, probe(f, g), true, &same))
    }

    /// The depth of the first match of `probe` under `tag` in order of
    /// depth (from the top if `down`). `same(entry)` tests a candidate
    /// found by invariant.
    pub fn find(&self, tag: u64, probe: Probe, down: bool, same: &dyn Fn(usize) -> bool) -> Option<u32> {
        match probe {
            Probe::Form(f) => {
                let h = hash(tag, f);
                let top = self.top(h);
                let (mut at, to) = (self.directory[top] as usize, self.directory[top + 1] as usize);
                let mut found = None;
                while at < to {
                    let len = self.records[at + 2] as usize;
                    let record = &self.records[at..at + 3 + len];
                    if record[0] == h && record[3..] == *f {
                        found = Some((record[1] >> 32) as u32);
                        if !down {
                            break;
                        }
                    }
                    at += 3 + len;
                }
                found
            }
            Probe::Invariant(i) => {
                let bucket = self.buckets.get(&(mix(tag) ^ i))?;
                let test = |&&(_, i): &&(u32, u32)| same(i as usize);
                match down {
                    false => bucket.iter().find(test),
                    true => bucket.iter().rev().find(test),
                }
                .map(|&(d, _)| d)
            }
        }
    }

    /// Reads, for each of `forms` under `tag`, the directory slot and the
    /// first record a lookup will read, and nothing else: loads that do
    /// not wait for one another, so the processor fetches them from
    /// memory together, where lookups one after the other would each
    /// wait for theirs (most of a large certificate's check, measured on
    /// `erdos --game vc --board 8`). Answers nothing and changes nothing.
    pub fn warm<'f>(&self, tag: u64, forms: impl Iterator<Item = &'f [u64]>) {
        if self.directory.is_empty() {
            return;
        }
        let starts: Vec<usize> = forms.map(|f| self.directory[self.top(hash(tag, f))] as usize).collect();
        let touched = starts
            .iter()
            .filter_map(|&at| self.records.get(at))
            .fold(0, |sum: u64, &w| sum ^ w);
        std::hint::black_box(touched);
    }

    /// The directory's slot of `hash`: its top bits.
    fn top(&self, hash: u64) -> usize {
        (hash >> (64 - self.bits)) as usize
    }
}

/// The probe of a graph `g` whose canonical form is `f` (if it has one).
fn probe<'a>(f: Option<&'a [u64]>, g: &impl Cells) -> Probe<'a> {
    match f {
        Some(f) => Probe::Form(f),
        None => Probe::Invariant(invariant(g)),
    }
}
