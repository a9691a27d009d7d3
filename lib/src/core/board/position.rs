//! A position: the edges each player has claimed on a board, and whose
//! turn it is. One type for every edge game: the strategy verifier's
//! `K_n` and `K_aleph0`, and the general games' graph boards.

use super::{first_n, members, Board, Edge, Player, Vertex, VertexSet, MAX_VERTICES};
use std::fmt;

/// Why a move is illegal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The edge belongs to a player already.
    #[error("edge {0} is already claimed")]
    Claimed(Edge),
    /// An end of the edge is not a vertex of the board.
    #[error("edge {0} leaves the board")]
    OffBoard(Edge),
    /// Both ends are on the board, but a graph board has no such edge.
    #[error("{0} is not an edge of the board")]
    NotOnBoard(Edge),
}

/// The edges claimed so far on a board, and whose turn it is.
///
/// The turn is kept for games where it does not follow from the edge
/// counts (a head start, several edges a turn); the strategy verifier,
/// where it always does, leaves it at [`Player::First`] and never reads it.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    board: Board,
    /// Per vertex: neighbours in red, then in blue. One vector (not one per
    /// colour) because positions are cloned on every move of the search.
    rows: Vec<[VertexSet; 2]>,
    /// The touched vertices and each colour's edge count, kept up to date
    /// by every change of `rows` (both are asked for on almost every move
    /// of the search; recounting them was a tenth of its time).
    /// The counts are `u16` (a board has at most 8,128 edges) so that the
    /// turn fits beside them: a position is 64 bytes, copied on every move.
    touched: VertexSet,
    counts: [u16; 2],
    to_move: Player,
}

const _: () = assert!(std::mem::size_of::<Position>() == 64);

/// Hashes the rows folded into one word by a multiply per row, then the
/// board, touched set, counts and turn: the strategy contract's sample hashes a
/// position on nearly every exchange (`verify/search/contract.rs`), and the
/// derived hash, two length prefixes and a 32-byte write per row, was a
/// fourteenth of a K4 certification. Equal positions have equal rows, so
/// they hash alike.
impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        const MIX: u64 = 0x9e37_79b9_7f4a_7c15;
        let fold = |set: VertexSet| set as u64 ^ ((set >> 64) as u64).rotate_left(29);
        let rows = self.rows.iter().fold(0u64, |acc, [red, blue]| {
            (acc.rotate_left(23) ^ fold(*red) ^ fold(*blue).rotate_left(41)).wrapping_mul(MIX)
        });
        (&self.board, self.touched, self.counts, self.to_move, rows).hash(state);
    }
}

impl Position {
    /// The empty position on `board`, red to move.
    #[inline]
    pub fn empty(board: Board) -> Position {
        Position {
            board,
            rows: Vec::new(),
            touched: 0,
            counts: [0; 2],
            to_move: Player::First,
        }
    }

    /// Room for the rows of vertices below `n`, so that claims there never
    /// grow them (a certificate writer unpacking a stored colouring claims
    /// its edges one by one; growing the rows was half of each claim). The
    /// position is unchanged.
    #[inline]
    pub fn reserve_vertices(&mut self, n: usize) {
        self.rows.reserve(n.saturating_sub(self.rows.len()));
    }

    /// The empty position on the graph board with vertices `0..n` and
    /// the given edges ([`Board::graph`]), red to move.
    pub fn on_graph(n: usize, edges: impl IntoIterator<Item = Edge>) -> Position {
        Position::empty(Board::graph(n, edges))
    }

    /// The board the position is on.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Number of vertices of the board ([`MAX_VERTICES`] on `K_aleph0`:
    /// the most a position holds).
    #[inline]
    pub fn vertex_count(&self) -> usize {
        self.board.capacity()
    }

    /// Approximate bytes the position holds, its rows included: what a
    /// certificate writer that keeps positions counts against a memory cap.
    pub fn bytes(&self) -> u64 {
        (std::mem::size_of::<Position>() + self.rows.capacity() * std::mem::size_of::<[VertexSet; 2]>()) as u64
    }

    /// Whose turn it is (see [`Position`]).
    #[inline]
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// Makes it `player`'s turn.
    #[inline]
    pub fn set_to_move(&mut self, player: Player) {
        self.to_move = player;
    }

    /// Neighbours of `v` on the board.
    #[inline]
    pub fn board_neighbours(&self, v: Vertex) -> VertexSet {
        self.board.neighbours(v)
    }

    /// Board edges at `v` that neither player has.
    #[inline]
    pub fn free_neighbours(&self, v: Vertex) -> VertexSet {
        let [red, blue] = self.rows.get(v as usize).copied().unwrap_or([0; 2]);
        self.board.neighbours(v) & !red & !blue
    }

    /// Every edge of the board, in increasing order (on `K_aleph0`, among
    /// the [`MAX_VERTICES`] vertices a position can hold).
    pub fn board_edges(&self) -> Vec<Edge> {
        self.edges_where(|v| self.board.neighbours(v))
    }

    /// Every unclaimed edge of the board, in increasing order (on
    /// `K_aleph0`, among the [`MAX_VERTICES`] vertices a position can hold).
    pub fn free_edges(&self) -> Vec<Edge> {
        self.edges_where(|v| self.free_neighbours(v))
    }

    fn edges_where(&self, row: impl Fn(Vertex) -> VertexSet) -> Vec<Edge> {
        let n = self.board.capacity();
        let mut out = Vec::new();
        for u in 0..n as Vertex {
            for v in members(row(u) & !first_n(u as usize + 1)) {
                out.push(Edge::new(u, v));
            }
        }
        out
    }

    /// The neighbours of `v` in `player`'s graph.
    #[inline]
    pub fn neighbours(&self, player: Player, v: Vertex) -> VertexSet {
        self.rows.get(v as usize).map_or(0, |row| row[player as usize])
    }

    /// The neighbours of `v` in red's graph and in blue's, with one
    /// lookup (scoring games read both at every vertex of every child).
    #[inline]
    pub fn both_neighbours(&self, v: Vertex) -> [VertexSet; 2] {
        self.rows.get(v as usize).copied().unwrap_or([0; 2])
    }

    /// Who owns `e`, if anyone.
    #[inline]
    pub fn owner(&self, e: Edge) -> Option<Player> {
        let (u, v) = e.ends();
        [Player::First, Player::Second]
            .into_iter()
            .find(|&p| self.neighbours(p, u) >> v & 1 == 1)
    }

    /// Whether nobody owns `e` (whether `e` is on the board is not checked).
    #[inline]
    pub fn is_free(&self, e: Edge) -> bool {
        self.owner(e).is_none()
    }

    /// Degree of `v` in the first player's graph (the paper's F-degree).
    #[inline]
    pub fn f_degree(&self, v: Vertex) -> u32 {
        self.neighbours(Player::First, v).count_ones()
    }

    /// Degree of `v` in the second player's graph (the paper's S-degree).
    #[inline]
    pub fn s_degree(&self, v: Vertex) -> u32 {
        self.neighbours(Player::Second, v).count_ones()
    }

    /// Vertices incident with at least one claimed edge.
    #[inline]
    pub fn touched(&self) -> VertexSet {
        self.touched
    }

    /// Number of vertices incident with a claimed edge.
    #[inline]
    pub fn touched_count(&self) -> usize {
        self.touched().count_ones() as usize
    }

    /// The smallest untouched vertex of the board, if one remains.
    #[inline]
    pub fn fresh_vertex(&self) -> Option<Vertex> {
        let v = (!self.touched()).trailing_zeros() as usize;
        (v < self.board.capacity()).then_some(v as Vertex)
    }

    /// How many untouched vertices remain (`None` on `K_aleph0`).
    #[inline]
    pub fn fresh_count(&self) -> Option<usize> {
        match self.board {
            Board::Infinite => None,
            _ => Some(self.board.capacity() - self.touched_count()),
        }
    }

    /// All claimed edges of `player`, in increasing order.
    #[inline]
    pub fn edges(&self, player: Player) -> Vec<Edge> {
        let mut out = Vec::new();
        for (u, row) in self.rows.iter().enumerate() {
            for v in members(row[player as usize] >> u >> 1) {
                out.push(Edge::new(u as Vertex, u as Vertex + 1 + v));
            }
        }
        out
    }

    /// Number of edges `player` has claimed.
    #[inline]
    pub fn edge_count(&self, player: Player) -> usize {
        self.counts[player as usize] as usize
    }

    /// Claims `e` for `player`, or says why that is illegal.
    #[inline]
    pub fn claim(&mut self, e: Edge, player: Player) -> Result<(), IllegalMove> {
        let (u, v) = e.ends();
        // One match on the board (this runs on every move of the search):
        // `Edge` keeps `v` below MAX_VERTICES, all of K_aleph0 we hold.
        let off_board = match &self.board {
            Board::Infinite => None,
            Board::Complete(n) => ((v as usize) >= *n).then_some(IllegalMove::OffBoard(e)),
            Board::Graph(graph) => match () {
                _ if (v as usize) >= graph.vertex_count() => Some(IllegalMove::OffBoard(e)),
                _ if graph.neighbours(u) >> v & 1 == 0 => Some(IllegalMove::NotOnBoard(e)),
                _ => None,
            },
        };
        if let Some(illegal) = off_board {
            return Err(illegal);
        }
        if self
            .rows
            .get(u as usize)
            .is_some_and(|[red, blue]| (red | blue) >> v & 1 == 1)
        {
            return Err(IllegalMove::Claimed(e));
        }
        if self.rows.len() <= v as usize {
            self.rows.resize(v as usize + 1, [0; 2]);
        }
        self.rows[u as usize][player as usize] |= 1u128 << v;
        self.rows[v as usize][player as usize] |= 1u128 << u;
        self.touched |= 1u128 << u | 1u128 << v;
        self.counts[player as usize] += 1;
        Ok(())
    }

    /// The position with `e` claimed for `player`.
    #[inline]
    pub fn with(&self, e: Edge, player: Player) -> Result<Position, IllegalMove> {
        // Sized for the new edge up front: growing later would reallocate.
        let mut rows = Vec::with_capacity(self.rows.len().max(e.ends().1 as usize + 1));
        rows.extend_from_slice(&self.rows);
        let mut next = Position {
            board: self.board.clone(),
            rows,
            touched: self.touched,
            counts: self.counts,
            to_move: self.to_move,
        };
        next.claim(e, player)?;
        Ok(next)
    }

    /// The image of the position under an injective vertex map (defined on
    /// the touched vertices, with images on the board; on a graph board,
    /// a permutation of all its vertices, which renames the board too).
    #[inline]
    pub fn relabel(&self, f: impl Fn(Vertex) -> Vertex) -> Position {
        // `f` once per touched vertex, then table lookups per edge end.
        let mut image = [0 as Vertex; MAX_VERTICES];
        let (mut touched, mut len) = (0, 0);
        for v in members(self.touched) {
            let w = f(v);
            image[v as usize] = w;
            touched |= 1u128 << w;
            len = len.max(w as usize + 1);
        }
        let mut rows = vec![[0; 2]; len];
        if self.touched >> 64 == 0 && len <= 64 {
            // The search's positions: rows fit one word, each row's image
            // is built from its own bits (word operations are several
            // times cheaper than 128-bit ones).
            let mut left = self.touched as u64;
            while left != 0 {
                let v = left.trailing_zeros() as usize;
                left &= left - 1;
                for (colour, &set) in self.rows[v].iter().enumerate() {
                    let (mut set, mut out) = (set as u64, 0u64);
                    while set != 0 {
                        out |= 1 << (image[set.trailing_zeros() as usize] & 63);
                        set &= set - 1;
                    }
                    rows[image[v] as usize][colour] = out as VertexSet;
                }
            }
        } else {
            // Each edge once, from its smaller end, sets both new rows.
            for v in members(self.touched) {
                let iv = image[v as usize] as usize;
                for (colour, &set) in self.rows[v as usize].iter().enumerate() {
                    for w in members(set >> v >> 1 << v << 1) {
                        let iw = image[w as usize] as usize;
                        rows[iv][colour] |= 1u128 << (iw & 127);
                        rows[iw][colour] |= 1u128 << (iv & 127);
                    }
                }
            }
        }
        Position {
            board: self.board.relabel(&f),
            rows,
            touched,
            counts: self.counts,
            to_move: self.to_move,
        }
    }

    /// Whether every edge of the board is claimed (finite boards only).
    #[inline]
    pub fn is_full(&self) -> bool {
        self.free_edge_count() == Some(0)
    }

    /// How many edges of the board are unclaimed (`None` on `K_aleph0`).
    #[inline]
    pub fn free_edge_count(&self) -> Option<usize> {
        if self.board == Board::Infinite {
            return None;
        }
        let claimed = self.edge_count(Player::First) + self.edge_count(Player::Second);
        self.board.edge_count().map(|all| all - claimed)
    }
}

/// `red [0-1,2-3] blue [0-2] on K_5, red to move`.
impl fmt::Debug for Position {
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
            self.board.name(),
            self.to_move.colour_name()
        )
    }
}
