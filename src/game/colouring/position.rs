//! Positions of colouring games and their canonical forms.
//!
//! Only the future matters for a position's value: which vertices are
//! still uncoloured, the edges among them, the colours each one already
//! sees on its neighbours, when each is due (ordered games), who owns it,
//! and whose turn it is. So the canonical form forgets the rest: edges
//! between two coloured vertices are dropped, and a coloured vertex with no
//! uncoloured neighbour is *dead* (its colour can never matter again).
//!
//! Colour permutations are symmetries of every rule set, so they are put
//! into the graph handed to canaut: one extra vertex per colour, joined to
//! the live vertices of that colour, all colour vertices in one vertex
//! class. An automorphism of that graph is a vertex automorphism together
//! with a colour permutation that keeps the game, and its generators give
//! the engine orbits of (vertex, colour) moves. Vertex classes keep apart
//! uncoloured vertices by due time and owner (ordered games), live
//! coloured, dead and colour vertices.

use crate::board::{members, Player, Vertex, VertexSet};
use crate::game::symmetry::{label, LayeredGraph};
use crate::game::Canonical;

/// The colour of an uncoloured vertex.
pub const UNCOLOURED: u8 = 0;
/// The colour of a dead vertex in a canonical position: coloured, but
/// with no uncoloured neighbour, so which colour no longer matters.
pub const DEAD: u8 = u8::MAX;

/// A position: the graph (relabelled with the position), colours
/// `1..=k` or [`UNCOLOURED`]/[`DEAD`], due times, owners, and the mover.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ColourPosition {
    pub(super) rows: Vec<VertexSet>,
    pub(super) colour: Vec<u8>,
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

    /// The colour of `v` (0 if uncoloured).
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
        let all = ((1u32 << self.colours) - 1) << 1;
        members(self.rows[v as usize]).fold(all, |free, w| {
            let c = self.colour[w as usize];
            if c == UNCOLOURED || c == DEAD {
                free
            } else {
                free & !(1 << c)
            }
        })
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    fn is_live(&self, v: usize, uncoloured: VertexSet) -> bool {
        let c = self.colour[v];
        c != UNCOLOURED && c != DEAD && self.rows[v] & uncoloured != 0
    }

    /// The vertex class handed to canaut (equal classes may be swapped).
    fn class(&self, v: usize, uncoloured: VertexSet) -> u64 {
        match self.colour[v] {
            UNCOLOURED => 2 + ((self.due[v] as u64) << 1) + (self.second_owns >> v & 1) as u64,
            _ if self.is_live(v, uncoloured) => 1,
            _ => 0,
        }
    }

    /// The canonical form (see the module docs). `to_canon` has `n + k`
    /// entries: vertices, then one per colour (colour `c` at `n + c - 1`).
    pub fn canonical(&self) -> Canonical<ColourPosition> {
        let n = self.n();
        let k = self.colours as usize;
        let uncoloured = self.uncoloured();
        let mut rows = vec![0u128; n + k];
        let mut classes = vec![u64::MAX; n + k];
        for v in 0..n {
            classes[v] = self.class(v, uncoloured);
            let keep = if self.colour[v] == UNCOLOURED {
                self.rows[v]
            } else {
                self.rows[v] & uncoloured
            };
            rows[v] |= keep;
            if self.is_live(v, uncoloured) {
                let cv = n + self.colour[v] as usize - 1;
                rows[v] |= 1 << cv;
                rows[cv] |= 1 << v;
            }
        }
        let layers = [rows.clone()];
        let labelling = label(&LayeredGraph {
            n: n + k,
            layers: &layers,
            colours: &classes,
        });
        let to_canon = labelling.to_canon();
        let position = self.relabelled(&to_canon, &rows, uncoloured);
        Canonical {
            key: position.key(),
            position,
            generators: labelling.canonical_generators(),
            to_canon,
        }
    }

    /// The position under `to_canon` (vertices and colours), with dropped
    /// edges gone and dead vertices marked.
    fn relabelled(&self, to_canon: &[Vertex], rows: &[VertexSet], uncoloured: VertexSet) -> ColourPosition {
        let n = self.n();
        let mut out = ColourPosition {
            rows: vec![0; n],
            colour: vec![DEAD; n],
            due: vec![0; n],
            second_owns: 0,
            to_move: self.to_move,
            colours: self.colours,
        };
        for v in 0..n {
            let w = to_canon[v] as usize;
            out.rows[w] = members(rows[v] & crate::board::first_n(n)).fold(0, |r, x| r | 1 << to_canon[x as usize]);
            if self.colour[v] == UNCOLOURED {
                out.colour[w] = UNCOLOURED;
                out.due[w] = self.due[v];
                out.second_owns |= (self.second_owns >> v & 1) << w;
            } else if self.is_live(v, uncoloured) {
                out.colour[w] = (to_canon[n + self.colour[v] as usize - 1] as usize - n + 1) as u8;
            }
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
            if self.len % 64 == 0 {
                self.words.push(0);
            }
            *self.words.last_mut().expect("a word") |= (value >> i & 1) << (self.len % 64);
            self.len += 1;
        }
    }
}
