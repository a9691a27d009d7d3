//! The key of a canonical form: an exact identity, packed small (the
//! transposition table holds one per position).

use crate::core::board::{Edge, Player, Position, Vertex, VertexSet, MAX_VERTICES};
use crate::core::memory::Memory;

/// Hashable identity of a canonical (position, memory, marked edge).
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Key(pub Box<[u8]>);

impl Key {
    /// The key as words for the engine's table: the bytes, then a
    /// terminating `1 + tag`, then zeros to a whole word (distinct keys or
    /// tags give distinct words; the tag tells apart kinds of node that
    /// share a key, such as the verifier's choice nodes).
    pub fn words(&self, tag: u8) -> Box<[u64]> {
        let mut out = Vec::with_capacity(self.0.len() / 8 + 1);
        let mut chunks = self.0.chunks_exact(8);
        for chunk in &mut chunks {
            out.push(u64::from_le_bytes(chunk.try_into().expect("eight bytes")));
        }
        let mut last = [0u8; 8];
        let rest = chunks.remainder();
        last[..rest.len()].copy_from_slice(rest);
        last[rest.len()] = 1 + tag;
        out.push(u64::from_le_bytes(last));
        out.into_boxed_slice()
    }
}

/// Appends to a byte key.
struct KeyWriter {
    bytes: Vec<u8>,
    word: u64,
    bits: u32,
}

impl KeyWriter {
    /// A number, seven bits to a byte (LEB128).
    fn number(&mut self, mut value: u64) {
        while value >= 0x80 {
            self.bytes.push(value as u8 | 0x80);
            value >>= 7;
        }
        self.bytes.push(value as u8);
    }

    /// Appends the low `count` (< 64) bits of `value` to the bit string
    /// (written after everything else, by [`KeyWriter::finish`]).
    fn bits(&mut self, value: u64, count: u32) {
        if count == 0 {
            return;
        }
        self.word |= value << self.bits;
        if self.bits + count >= 64 {
            self.bytes.extend_from_slice(&self.word.to_le_bytes());
            let used = 64 - self.bits;
            self.word = value >> used;
            self.bits = self.bits + count - 64;
        } else {
            self.bits += count;
        }
    }

    /// Appends the low `count` bits of a row, in pieces of at most 63
    /// (one piece for rows within vertices `0..64`).
    fn row(&mut self, mut row: VertexSet, mut count: usize) {
        while count > 63 {
            self.bits(row as u64 & (u64::MAX >> 1), 63);
            row >>= 63;
            count -= 63;
        }
        self.bits(row as u64 & ((1u64 << count) - 1), count as u32);
    }

    fn finish(mut self) -> Key {
        let tail = self.bits.div_ceil(8) as usize;
        self.bytes.extend_from_slice(&self.word.to_le_bytes()[..tail]);
        Key(self.bytes.into_boxed_slice())
    }
}

/// The label written for a vertex that no claimed edge touches (its
/// number says nothing: untouched vertices are alike).
const UNTOUCHED: u8 = u8::MAX;

/// The key, bytes: the number of touched vertices `t`, the memory words,
/// the label of the vertex each memory slot names (up to the last slot
/// naming a touched vertex; [`UNTOUCHED`] for none), whether an edge is marked and its
/// ends, then the upper triangles of the red and the blue
/// adjacency as one bit string. Everything is recoverable from it (so equal
/// keys mean equal canonical forms, with names of untouched vertices
/// ignored as the vertex colours ignore them); the packing keeps the
/// transposition table, which holds one key per position, small.
///
/// On a graph board of `n` vertices every vertex counts as touched: the
/// first number is `MAX_VERTICES + 1 + n` instead of `t` (no `t` is that
/// large), and the board's upper triangle comes before the red one. A
/// position with blue to move ends with one more byte, `1` (the length of
/// the rest follows from its first numbers, so no other key is a prefix).
pub(super) fn make_key(position: &Position, memory: &Memory, marked: Option<Edge>) -> Key {
    let alike = position.board().untouched_alike();
    let t = match alike {
        true => position.touched_count(),
        false => position.board().capacity(),
    };
    let label = |v: Option<Vertex>| v.filter(|&v| (v as usize) < t).unwrap_or(UNTOUCHED);
    let slots = memory
        .names
        .iter()
        .rposition(|&v| label(v) != UNTOUCHED)
        .map_or(0, |s| s + 1);
    let triangle = t * t.saturating_sub(1) / 2;
    let mut key = KeyWriter {
        bytes: Vec::with_capacity(8 + 5 * memory.words.len() + slots + (3 * triangle).div_ceil(64) * 8),
        word: 0,
        bits: 0,
    };
    key.number(if alike { t } else { MAX_VERTICES + 1 + t } as u64);
    key.number(memory.words.len() as u64);
    for &word in &memory.words {
        key.number(word as u64);
    }
    key.number(slots as u64);
    key.bytes.extend(memory.names[..slots].iter().map(|&v| label(v)));
    match marked {
        Some(e) => key.bytes.extend([1, label(Some(e.ends().0)), label(Some(e.ends().1))]),
        None => key.bytes.push(0),
    }
    if !alike {
        for u in 0..t {
            key.row(position.board_neighbours(u as Vertex) >> (u + 1), t - u - 1);
        }
    }
    for player in [Player::First, Player::Second] {
        for u in 0..t {
            key.row(position.neighbours(player, u as Vertex) >> (u + 1), t - u - 1);
        }
    }
    let key = key.finish();
    match position.to_move() {
        Player::First => key,
        Player::Second => Key([&key.0[..], &[1]].concat().into_boxed_slice()),
    }
}
