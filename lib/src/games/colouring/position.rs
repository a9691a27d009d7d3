//! Positions of colouring games and their canonical forms.
//!
//! Only the future matters for a position's value: which vertices are
//! still uncoloured, the edges among them, the colours each one already
//! sees on its neighbours (its *forbidden* colours), when each is due
//! (ordered games), who owns it, and whose turn it is. So a position keeps
//! exactly that: colouring a vertex adds its colour to the forbidden sets
//! of its uncoloured neighbours and removes its edges. A coloured vertex
//! is *dead*: which colour it has can never matter again.
//!
//! One more reduction: an uncoloured vertex with no uncoloured neighbour
//! and a free colour (a *token*) can always be coloured and its colour
//! affects no one, so which colours it may take does not matter. Its
//! forbidden set is left out of the labelling and of the key, and in the
//! canonical position it keeps exactly one free colour (the image of its
//! smallest free one), so every move of a canonical position is a legal
//! move of the position it came from. Two positions with equal keys may
//! thus differ in that one colour of a token; they have the same value.
//!
//! Colour permutations are symmetries of every rule set, so they are put
//! into the graph handed to canonaut: one extra vertex per colour, joined
//! to the uncoloured vertices that colour is forbidden for, all colour
//! vertices in one vertex class. An automorphism of that graph is a vertex
//! automorphism together with a colour permutation that keeps the game,
//! and its generators give the engine orbits of (vertex, colour) moves.
//! Vertex classes keep apart uncoloured vertices by due time and owner
//! (ordered games), dead vertices, and colour vertices.

use crate::core::board::{members, Player, Vertex, VertexSet};
use crate::core::symmetry::Canonical;
use crate::core::symmetry::{label, LayeredGraph};

/// The colour of an uncoloured vertex.
pub const UNCOLOURED: u8 = 0;
/// The colour of a vertex in a canonical position once it is coloured
/// (which colour no longer matters).
pub const DEAD: u8 = u8::MAX;

/// A position: the graph among uncoloured vertices (relabelled with the
/// position), colours `1..=k` or [`UNCOLOURED`]/[`DEAD`], forbidden
/// colours, due times, owners, and the mover.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ColourPosition {
    /// Edges between uncoloured vertices.
    pub(super) rows: Vec<VertexSet>,
    pub(super) colour: Vec<u8>,
    /// Colours on coloured neighbours (bit c for colour c).
    pub(super) forbidden: Vec<u32>,
    /// Move number at which each vertex is due (ordered games; all 0 in
    /// unordered ones).
    pub(super) due: Vec<u8>,
    /// Vertices owned by player 2 (ordered games).
    pub(super) second_owns: VertexSet,
    pub(super) to_move: Player,
    pub(super) colours: u8,
}

impl ColourPosition {
    /// Number of vertices.
    pub fn n(&self) -> usize {
        self.rows.len()
    }

    /// The colour of `v` (0 if uncoloured; [`DEAD`] in canonical forms).
    pub fn colour(&self, v: Vertex) -> u8 {
        self.colour[v as usize]
    }

    /// The uncoloured vertices.
    pub fn uncoloured(&self) -> VertexSet {
        (0..self.n() as Vertex)
            .filter(|&v| self.colour[v as usize] == UNCOLOURED)
            .fold(0, |s, v| s | 1 << v)
    }

    /// The colours `v` may still take, as a bitset over `1..=k` (bit c).
    pub fn free_colours(&self, v: Vertex) -> u32 {
        (((1u32 << self.colours) - 1) << 1) & !self.forbidden[v as usize]
    }

    /// The uncoloured neighbours of `v`.
    pub fn neighbours(&self, v: Vertex) -> VertexSet {
        self.rows[v as usize]
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// The position after `v` (uncoloured) gets colour `c`; the mover is
    /// left for the caller to set.
    pub(super) fn coloured(&self, v: Vertex, c: u8) -> ColourPosition {
        let mut next = self.clone();
        next.colour[v as usize] = c;
        for w in members(self.rows[v as usize]) {
            next.forbidden[w as usize] |= 1 << c;
            next.rows[w as usize] &= !(1 << v);
        }
        next.rows[v as usize] = 0;
        next.forbidden[v as usize] = 0;
        next
    }

    /// Free colours minus uncoloured neighbours: a vertex with slack
    /// above 0 can never be blocked (construction games).
    pub fn slack(&self, v: Vertex) -> i32 {
        self.free_colours(v).count_ones() as i32 - self.rows[v as usize].count_ones() as i32
    }

    /// Whether `v` is an uncoloured vertex whose colour can touch no one
    /// and which can always be coloured.
    pub(super) fn is_token(&self, v: usize) -> bool {
        self.colour[v] == UNCOLOURED && self.rows[v] == 0 && self.free_colours(v as Vertex) != 0
    }

    /// The vertex class handed to canonaut (equal classes may be swapped).
    fn class(&self, v: usize) -> u64 {
        match self.colour[v] {
            UNCOLOURED => 1 + ((self.due[v] as u64) << 1) + (self.second_owns >> v & 1) as u64,
            _ => 0,
        }
    }

    /// The forbidden set kept in the canonical form.
    fn kept_forbidden(&self, v: usize) -> u32 {
        if self.is_token(v) {
            0
        } else {
            self.forbidden[v]
        }
    }

    /// The canonical form (see the module docs). `to_canon` has `n + k`
    /// entries: vertices, then one per colour (colour `c` at `n + c - 1`).
    pub fn canonical(&self) -> Canonical<ColourPosition> {
        let n = self.n();
        let k = self.colours as usize;
        let mut rows = vec![0u128; n + k];
        let mut classes = vec![u64::MAX; n + k];
        for v in 0..n {
            classes[v] = self.class(v);
            rows[v] |= self.rows[v];
            for c in 1..=k {
                if self.kept_forbidden(v) >> c & 1 == 1 {
                    rows[v] |= 1 << (n + c - 1);
                    rows[n + c - 1] |= 1 << v;
                }
            }
        }
        let layers = [rows];
        let labelling = label(&LayeredGraph {
            n: n + k,
            layers: &layers,
            colours: &classes,
        });
        let to_canon = labelling.to_canon();
        let position = self.relabelled(&to_canon);
        Canonical {
            key: position.key(),
            position,
            generators: labelling.canonical_generators(),
            to_canon,
        }
    }

    /// The position under `to_canon` (vertices and colours), coloured
    /// vertices dead and tokens' forbidden sets dropped.
    fn relabelled(&self, to_canon: &[Vertex]) -> ColourPosition {
        let n = self.n();
        let colour_image = |c: usize| to_canon[n + c - 1] as usize - n + 1;
        let mut out = ColourPosition {
            rows: vec![0; n],
            colour: vec![DEAD; n],
            forbidden: vec![0; n],
            due: vec![0; n],
            second_owns: 0,
            to_move: self.to_move,
            colours: self.colours,
        };
        for v in (0..n).filter(|&v| self.colour[v] == UNCOLOURED) {
            let w = to_canon[v] as usize;
            out.rows[w] = members(self.rows[v]).fold(0, |r, x| r | 1 << to_canon[x as usize]);
            out.colour[w] = UNCOLOURED;
            let image = |set: u32| {
                (1..=self.colours as usize)
                    .filter(|&c| set >> c & 1 == 1)
                    .fold(0, |f, c| f | 1 << colour_image(c))
            };
            out.forbidden[w] = match self.is_token(v) {
                // Every colour but the image of its smallest free one.
                true => {
                    let free = self.free_colours(v as Vertex);
                    (((1u32 << self.colours) - 1) << 1) & !image(free & free.wrapping_neg())
                }
                false => image(self.forbidden[v]),
            };
            out.due[w] = self.due[v];
            out.second_owns |= (self.second_owns >> v & 1) << w;
        }
        out
    }

    /// Exact identity of a canonical position, packed bit by bit.
    fn key(&self) -> Box<[u64]> {
        let n = self.n();
        let mut bits = Bits::default();
        bits.push(self.to_move as u64, 1);
        bits.push(n as u64, 8);
        bits.push(self.colours as u64, 8);
        for v in 0..n {
            bits.push(self.colour[v] as u64, 8);
            bits.push(self.kept_forbidden(v) as u64, 32);
            bits.push(self.due[v] as u64, 8);
            bits.push((self.second_owns >> v & 1) as u64, 1);
        }
        for u in 0..n {
            for w in u + 1..n {
                bits.push((self.rows[u] >> w & 1) as u64, 1);
            }
        }
        bits.words.into_boxed_slice()
    }
}

/// A growing string of bits.
#[derive(Default)]
struct Bits {
    words: Vec<u64>,
    len: usize,
}

impl Bits {
    /// Appends the low `width` bits of `value` (`width <= 64`).
    fn push(&mut self, value: u64, width: usize) {
        for i in 0..width {
            if self.len.is_multiple_of(64) {
                self.words.push(0);
            }
            *self.words.last_mut().expect("a word") |= (value >> i & 1) << (self.len % 64);
            self.len += 1;
        }
    }
}
