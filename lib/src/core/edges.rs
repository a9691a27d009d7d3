//! Positions of edge games on any board graph: which edges of the board
//! are red, which blue, which free; whose turn it is. Shared by every game
//! that colours edges (Slany's Ramsey games, Erdős' scoring games), with
//! its canonical form.
//!
//! The board is part of the position (it is relabelled with it), so any
//! graph can be a board: an automorphism of a position must keep the board
//! as well as both colours. Boards have at most [`MAX_VERTICES`] vertices.

use super::symmetry::Canonical;
use super::symmetry::{label, LayeredGraph};
use crate::core::board::{first_n, members, Edge, Player, Vertex, VertexSet, MAX_VERTICES};
use std::fmt;

/// Row index of the board's edges in [`EdgePosition`]'s rows.
const BOARD: usize = 0;

/// A board graph with a partial red/blue colouring of its edges.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct EdgePosition {
    /// Per vertex: neighbours on the board, in red, in blue.
    rows: Vec<[VertexSet; 3]>,
    /// Whose turn it is.
    pub to_move: Player,
}

/// Why an edge cannot be coloured.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EdgeError {
    /// Not an edge of the board.
    #[error("{0} is not an edge of the board")]
    NotOnBoard(Edge),
    /// Already coloured.
    #[error("edge {0} is already coloured")]
    Coloured(Edge),
}

impl EdgePosition {
    /// The uncoloured board with `n` vertices and the given edges; red to move.
    pub fn new(n: usize, edges: impl IntoIterator<Item = Edge>) -> EdgePosition {
        assert!(n <= MAX_VERTICES, "boards have at most {MAX_VERTICES} vertices");
        let mut rows = vec![[0; 3]; n];
        for e in edges {
            let (u, v) = e.ends();
            rows[u as usize][BOARD] |= 1 << v;
            rows[v as usize][BOARD] |= 1 << u;
        }
        EdgePosition {
            rows,
            to_move: Player::First,
        }
    }

    /// The uncoloured complete board `K_n`; red to move.
    pub fn complete(n: usize) -> EdgePosition {
        let all = (0..n as Vertex).flat_map(|u| (u + 1..n as Vertex).map(move |v| Edge::new(u, v)));
        EdgePosition::new(n, all)
    }

    /// Number of board vertices.
    pub fn vertex_count(&self) -> usize {
        self.rows.len()
    }

    /// Neighbours of `v` on the board.
    pub fn board_neighbours(&self, v: Vertex) -> VertexSet {
        self.rows[v as usize][BOARD]
    }

    /// Neighbours of `v` in `player`'s colour.
    pub fn neighbours(&self, player: Player, v: Vertex) -> VertexSet {
        self.rows[v as usize][1 + player as usize]
    }

    /// Board edges at `v` that neither colour has.
    pub fn free_neighbours(&self, v: Vertex) -> VertexSet {
        let [board, red, blue] = self.rows[v as usize];
        board & !red & !blue
    }

    /// Every edge of the board, in increasing order.
    pub fn board_edges(&self) -> Vec<Edge> {
        self.edges_where(|[board, _, _]| board)
    }

    /// Every uncoloured board edge, in increasing order.
    pub fn free_edges(&self) -> Vec<Edge> {
        self.edges_where(|[board, red, blue]| board & !red & !blue)
    }

    /// The edges of `player`'s colour, in increasing order.
    pub fn edges(&self, player: Player) -> Vec<Edge> {
        self.edges_where(|row| row[1 + player as usize])
    }

    fn edges_where(&self, pick: impl Fn([VertexSet; 3]) -> VertexSet) -> Vec<Edge> {
        let mut out = Vec::new();
        for (u, &row) in self.rows.iter().enumerate() {
            for v in members(pick(row) & !first_n(u + 1)) {
                out.push(Edge::new(u as Vertex, v));
            }
        }
        out
    }

    /// Number of edges in `player`'s colour.
    pub fn edge_count(&self, player: Player) -> usize {
        self.rows
            .iter()
            .map(|r| r[1 + player as usize].count_ones() as usize)
            .sum::<usize>()
            / 2
    }

    /// Whether no board edge is left uncoloured.
    pub fn is_full(&self) -> bool {
        (0..self.rows.len()).all(|v| self.free_neighbours(v as Vertex) == 0)
    }

    /// Colours `e` for `player` (the turn does not change).
    pub fn colour(&mut self, e: Edge, player: Player) -> Result<(), EdgeError> {
        let (u, v) = e.ends();
        if v as usize >= self.rows.len() || self.board_neighbours(u) >> v & 1 == 0 {
            return Err(EdgeError::NotOnBoard(e));
        }
        if self.free_neighbours(u) >> v & 1 == 0 {
            return Err(EdgeError::Coloured(e));
        }
        self.rows[u as usize][1 + player as usize] |= 1 << v;
        self.rows[v as usize][1 + player as usize] |= 1 << u;
        Ok(())
    }

    /// The position relabelled by the permutation `perm` of its vertices.
    pub fn relabel(&self, perm: &[Vertex]) -> EdgePosition {
        let mut rows = vec![[0; 3]; self.rows.len()];
        for (v, row) in self.rows.iter().enumerate() {
            for layer in 0..3 {
                rows[perm[v] as usize][layer] = members(row[layer]).fold(0, |s, w| s | 1 << perm[w as usize]);
            }
        }
        EdgePosition {
            rows,
            to_move: self.to_move,
        }
    }

    /// The canonical form: relabelled so that isomorphic positions (same
    /// board, colours and turn up to a vertex permutation) are equal, with
    /// the key and the automorphism generators.
    ///
    /// Edge classes go to two layers: free edges in layer 0, red in layer 1,
    /// blue in both, non-edges in neither.
    pub fn canonical(&self) -> Canonical<EdgePosition> {
        let layers: Vec<Vec<u128>> = vec![
            self.rows.iter().map(|&[b, r, _]| b & !r).collect(),
            self.rows.iter().map(|&[_, r, bl]| r | bl).collect(),
        ];
        let colours = vec![0; self.rows.len()];
        let labelling = label(&LayeredGraph {
            n: self.rows.len(),
            layers: &layers,
            colours: &colours,
        });
        let to_canon = labelling.to_canon();
        let position = self.relabel(&to_canon);
        let key = position.key();
        Canonical {
            position,
            key,
            generators: labelling.canonical_generators(),
            to_canon,
        }
    }

    /// Exact identity: turn, size, and the upper triangle of each row's
    /// three layers packed into words.
    fn key(&self) -> Box<[u64]> {
        let n = self.rows.len();
        let mut key = vec![self.to_move as u64, n as u64];
        for layer in 0..3 {
            let (mut word, mut bits) = (0u64, 0);
            for u in 0..n {
                for v in u + 1..n {
                    word |= ((self.rows[u][layer] >> v) as u64 & 1) << bits;
                    bits += 1;
                    if bits == 64 {
                        key.push(word);
                        (word, bits) = (0, 0);
                    }
                }
            }
            key.push(word);
        }
        key.into_boxed_slice()
    }
}

impl fmt::Debug for EdgePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |p: Player| {
            self.edges(p)
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        write!(
            f,
            "red [{}] blue [{}] on {}, {} to move",
            list(Player::First),
            list(Player::Second),
            crate::core::words::count(self.rows.len(), "vertex", "vertices"),
            self.to_move.colour_name()
        )
    }
}
