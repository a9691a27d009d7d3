//! Positions of a scoring game's board packed as bytes, and entries held
//! packed in blocks: what the certificate writer ([`super`]) holds while
//! it walks (about `2 * ceil(E / 8) + 1` bytes per entry on `E` edges).

use crate::core::board::{Edge, Player, Position, Vertex};

/// Positions of one board packed as bytes: the red and the blue edges as
/// bits over the board's edges in order (`ceil(E / 8)` bytes each), then
/// one byte (the turn of a waiting position, the move's edge of an entry).
pub(super) struct Packer {
    /// The board's edges in order.
    pub(super) edges: Vec<Edge>,
    /// `index[u * n + v]`: the index of edge `u-v` in `edges`.
    pub(super) index: Vec<u8>,
    /// Bytes of one colour's bits.
    pub(super) bytes: usize,
    /// The board with nothing coloured.
    pub(super) empty: Position,
    /// The start, as given (the header states it).
    pub(super) start: Position,
}

impl Packer {
    pub(super) fn new(start: &Position) -> Packer {
        let n = start.vertex_count();
        let edges = start.board_edges();
        assert!(edges.len() <= 128, "a scoring board has at most 66 edges");
        let mut index = vec![0; n * n];
        for (i, e) in edges.iter().enumerate() {
            let (u, v) = e.ends();
            index[u as usize * n + v as usize] = i as u8;
        }
        Packer {
            bytes: edges.len().div_ceil(8),
            edges,
            index,
            empty: Position::empty(start.board().clone()),
            start: start.clone(),
        }
    }

    /// Bytes of a packed position or entry.
    pub(super) fn width(&self) -> usize {
        2 * self.bytes + 1
    }

    /// The index of board edge `e`.
    pub(super) fn edge(&self, e: Edge) -> u8 {
        let (u, v) = e.ends();
        self.index[u as usize * self.empty.vertex_count() + v as usize]
    }

    /// The red and the blue edges of `position` as bits over the board's edges.
    /// Read off each vertex's coloured neighbours above it (the walk packs
    /// every position it labels: asking each board edge's owner was a
    /// twentieth of the writer).
    fn bits(&self, position: &Position) -> (u128, u128) {
        let n = self.empty.vertex_count();
        let mut bits = [0u128; 2];
        for u in 0..n {
            for (colour, &row) in position.both_neighbours(u as Vertex).iter().enumerate() {
                let mut above = row >> u >> 1;
                while above != 0 {
                    let v = u + 1 + above.trailing_zeros() as usize;
                    above &= above - 1;
                    bits[colour] |= 1 << self.index[u * n + v];
                }
            }
        }
        (bits[0], bits[1])
    }

    /// Appends `position` packed, then `last`, to `out`.
    pub(super) fn pack(&self, position: &Position, last: u8, out: &mut Vec<u8>) {
        let (red, blue) = self.bits(position);
        out.extend_from_slice(&red.to_le_bytes()[..self.bytes]);
        out.extend_from_slice(&blue.to_le_bytes()[..self.bytes]);
        out.push(last);
    }

    /// The red and the blue edges packed in `record`, as bits over the
    /// board's edges.
    pub(super) fn colours(&self, record: &[u8]) -> (u128, u128) {
        let bits = |part: &[u8]| {
            let mut word = [0u8; 16];
            word[..self.bytes].copy_from_slice(part);
            u128::from_le_bytes(word)
        };
        (bits(&record[..self.bytes]), bits(&record[self.bytes..2 * self.bytes]))
    }

    /// The colouring packed in `record` (its turn not set), and the last byte.
    pub(super) fn unpack(&self, record: &[u8]) -> (Position, u8) {
        let mut position = self.empty.clone();
        position.reserve_vertices(self.empty.vertex_count());
        let (red, blue) = self.colours(record);
        // The coloured edges only (a bit loop, not every board edge).
        for (mut set, owner) in [(red, Player::First), (blue & !red, Player::Second)] {
            while set != 0 {
                let e = self.edges[set.trailing_zeros() as usize];
                set &= set - 1;
                position.claim(e, owner).expect("a packed position is legal");
            }
        }
        (position, record[2 * self.bytes])
    }
}

/// Entries packed ([`Packer`]) in blocks of [`BLOCK`] entries, so that a
/// strategy of tens of millions of entries never copies more than a block
/// as it grows.
pub(super) struct Packed {
    /// Bytes per entry ([`Packer::width`]).
    width: usize,
    blocks: Vec<Vec<u8>>,
    pub(super) len: usize,
}

/// Entries per block of [`Packed`].
const BLOCK: usize = 1 << 14;

impl Packed {
    pub(super) fn new(width: usize) -> Packed {
        Packed {
            width,
            blocks: Vec::new(),
            len: 0,
        }
    }

    /// Appends the entry `position`, `m`.
    pub(super) fn push(&mut self, packer: &Packer, position: &Position, m: Edge) {
        if self.len.is_multiple_of(BLOCK) {
            self.blocks.push(Vec::with_capacity(BLOCK * self.width));
        }
        let block = self.blocks.last_mut().expect("a block was pushed");
        packer.pack(position, packer.edge(m), block);
        self.len += 1;
    }

    /// Bytes held.
    pub(super) fn bytes(&self) -> u64 {
        self.blocks.iter().map(|b| b.capacity() as u64).sum()
    }

    /// The entries in order, each its packed bytes.
    pub(super) fn records(&self) -> impl Iterator<Item = &[u8]> {
        self.blocks.iter().flat_map(|b| b.chunks(self.width))
    }
}
