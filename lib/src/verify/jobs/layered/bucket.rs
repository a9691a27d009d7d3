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
/// keys met so far, found by hash (packed: no allocation per child). The
/// table holds each key's number and 32 bits of its hash, so that a key is
/// compared only on a matching hash and never hashed again as it grows.
pub struct Bucket<S> {
    file: Out<S>,
    keys: Keys,
    table: HashTable<(u32, u32)>,
}

/// The table's hash of a key's 32 bits, spread over 64 (the table takes
/// its slot from the low bits and its tag from the high ones).
fn spread(h: u32) -> u64 {
    (h as u64) << 32 | h as u64
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
        let key = &canon.key[..];
        let h = FixedState::default().hash_one(key) as u32;
        let keys = &self.keys;
        if let Some(&(i, _)) = self
            .table
            .find(spread(h), |&(i, g)| g == h && keys.get(i as usize) == key)
        {
            return i;
        }
        let i = self.keys.len() as u32;
        self.keys.push(key);
        self.table.insert_unique(spread(h), (i, h), |&(_, g)| spread(g));
        self.file.key(key);
        self.file.blob_with(|bytes| encode_canonical(bytes, board, canon));
        i
    }

    /// Bytes held (for the memory cap): the file, the keys, the table
    /// (a number, a hash and a control byte per slot).
    pub fn size(&self) -> u64 {
        self.file.size() + self.keys.size() + 9 * self.table.capacity() as u64
    }

    /// The file's bytes, and the count of children.
    pub fn finish(self) -> (Out<S>, u64) {
        let count = self.keys.len() as u64;
        (self.file, count)
    }
}
