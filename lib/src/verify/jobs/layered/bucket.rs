//! The children a forward job writes for one (level, shard): each once,
//! in the order they are met, numbered so that the job's `.steps` name a
//! child by its number (4 bytes) instead of its key; the destination's
//! forward job maps the numbers to its positions (`.from-` files).

use super::codec::{encode_canonical, Out};
use super::shard::Keys;
use crate::core::board::{Board, Position};
use crate::core::symmetry::Canonical;
use foldhash::fast::FixedState;
use hashbrown::HashTable;
use std::hash::BuildHasher;

/// One destination's children: the file's bytes as they grow, and the
/// keys met so far, found by hash (packed: no allocation per child).
pub struct Bucket<S> {
    file: Out<S>,
    keys: Keys,
    table: HashTable<u32>,
}

impl<S: Copy + Eq> Bucket<S> {
    /// No children yet.
    pub fn new() -> Bucket<S> {
        Bucket {
            file: Out::new(),
            keys: Keys::default(),
            table: HashTable::new(),
        }
    }

    /// The number of `canon` among this destination's children, written
    /// (key, then canonical form) the first time it is met.
    pub fn number(&mut self, board: &Board, canon: &Canonical<Position>) -> u32 {
        let hash = |key: &[u64]| FixedState::default().hash_one(key);
        let key = &canon.key[..];
        let keys = &self.keys;
        if let Some(&i) = self.table.find(hash(key), |&i| keys.get(i as usize) == key) {
            return i;
        }
        let i = self.keys.len() as u32;
        self.keys.push(key);
        let keys = &self.keys;
        self.table.insert_unique(hash(key), i, |&j| hash(keys.get(j as usize)));
        self.file.key(key);
        self.file.blob_with(|bytes| encode_canonical(bytes, board, canon));
        i
    }

    /// Bytes held (for the memory cap): the file, the keys, the table
    /// (an index and a control byte per slot).
    pub fn size(&self) -> u64 {
        self.file.size() + self.keys.size() + 5 * self.table.capacity() as u64
    }

    /// The file's bytes, and the count of children.
    pub fn finish(self) -> (Out<S>, u64) {
        let count = self.keys.len() as u64;
        (self.file, count)
    }
}
