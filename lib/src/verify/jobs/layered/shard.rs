//! A shard's positions and values in memory: keys packed in one vector
//! and sorted, looked up by binary search (no hash table: a backward job
//! holds the deeper levels' shards it needs, the merge the ones it walks).

use super::codec::In;
use crate::games::Value;
use crate::verify::jobs::{JobsError, Splittable};

/// Canonical keys packed in one vector (sorted where read from a `.pos`
/// file).
#[derive(Default)]
pub struct Keys {
    words: Vec<u64>,
    starts: Vec<usize>,
}

impl Keys {
    /// Key `i`.
    pub fn get(&self, i: usize) -> &[u64] {
        let end = self.starts.get(i + 1).copied().unwrap_or(self.words.len());
        &self.words[self.starts[i]..end]
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.starts.len()
    }

    /// Bytes held (for the memory cap).
    pub fn size(&self) -> u64 {
        8 * (self.words.capacity() + self.starts.capacity()) as u64
    }

    /// Appends `key`.
    pub fn push(&mut self, key: &[u64]) {
        self.starts.push(self.words.len());
        self.words.extend_from_slice(key);
    }

    /// The index of `key` among sorted keys, if it is there.
    pub fn find(&self, key: &[u64]) -> Option<usize> {
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            match self.get(mid).cmp(key) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(mid),
            }
        }
        None
    }
}

/// A `.pos` file read: the keys (strictly increasing, else an error) and
/// each position's bytes.
pub fn read_positions<'a, G: Splittable>(
    game: &G,
    name: &'a str,
    bytes: &'a [u8],
) -> Result<(Keys, Vec<&'a [u8]>), JobsError> {
    read_entries(game, name, bytes, true)
}

/// A file of keys and positions read (a `.pos` file, or a `.to-` file
/// of children in the order they were met): the keys, strictly increasing
/// if `sorted` (else an error), and each position's bytes.
pub fn read_entries<'a, G: Splittable>(
    game: &G,
    name: &'a str,
    bytes: &'a [u8],
    sorted: bool,
) -> Result<(Keys, Vec<&'a [u8]>), JobsError> {
    let mut input = In::new(game, name, bytes)?;
    let (mut keys, mut positions) = (Keys::default(), Vec::new());
    while !input.done() {
        let start = keys.words.len();
        input.key_into(&mut keys.words)?;
        if sorted && keys.len() > 0 && keys.get(keys.len() - 1) >= &keys.words[start..] {
            return Err(input.bad());
        }
        keys.starts.push(start);
        positions.push(input.blob()?);
    }
    Ok((keys, positions))
}

/// Each position's value and chosen orbit move (`u32::MAX` where the game
/// is over), in `.pos` order.
pub type Values<S> = Vec<(Value<S>, u32)>;

/// A `.val` file read: each position's value and chosen orbit move, in
/// `.pos` order.
pub fn read_values<G: Splittable>(game: &G, name: &str, val: &[u8]) -> Result<Values<G::Score>, JobsError> {
    let mut input = In::new(game, name, val)?;
    let mut values = Vec::new();
    while !input.done() {
        values.push((input.value()?, input.u32()?));
    }
    Ok(values)
}

/// A level's shard valued: its keys and, in their order, each position's
/// value and chosen orbit move (`u32::MAX` where the game is over).
pub struct Valued<S> {
    /// The keys.
    pub keys: Keys,
    /// Value and chosen move per key.
    pub values: Values<S>,
}

impl<S: Copy> Valued<S> {
    /// A shard from its `.pos` and `.val` files.
    pub fn read<G: Splittable<Score = S>>(
        game: &G,
        names: [&str; 2],
        pos: &[u8],
        val: &[u8],
    ) -> Result<Valued<S>, JobsError> {
        let (keys, _) = read_positions(game, names[0], pos)?;
        let values = read_values(game, names[1], val)?;
        if values.len() != keys.len() {
            return Err(JobsError::Bad(format!("{}: not one value per position", names[1])));
        }
        Ok(Valued { keys, values })
    }

    /// The value and chosen move of `key`, if it is in the shard.
    pub fn get(&self, key: &[u64]) -> Option<(Value<S>, u32)> {
        self.keys.find(key).map(|i| self.values[i])
    }
}
