//! Boards, edges and positions of a graph-building game.
//!
//! A position is two adjacency bitsets (red = first player, blue = second
//! player) over at most [`MAX_VERTICES`] vertices. Every query the search
//! asks per node (degrees, clique completion, threats) is a handful of `u128`
//! operations, which is why the representation is bitsets rather than a
//! general graph type.

mod cliques;

pub use cliques::clique_within;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Largest number of distinct vertices a position may touch; also the
/// largest finite board. On `K_aleph0` this caps how many vertices a line
/// can touch, far above what a 21-move game uses.
pub const MAX_VERTICES: usize = 128;

/// A vertex of the board.
pub type Vertex = u8;

/// A set of vertices as a bitset.
pub type VertexSet = u128;

/// An unordered edge `{u, v}` with `u < v < MAX_VERTICES`. Deserializing
/// checks both (a JSON `[u, v]` in either order is accepted).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(try_from = "(usize, usize)")]
pub struct Edge(Vertex, Vertex);

/// Why two numbers are not an edge.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EdgeError {
    /// Both ends are the same vertex.
    #[error("`{0}-{0}` joins {0} to itself (an edge needs two different vertices)")]
    Loop(usize),
    /// An end is not a vertex a position can hold.
    #[error("vertex {0} is out of range (at most {max})", max = MAX_VERTICES - 1)]
    OutOfRange(usize),
}

impl Edge {
    /// The edge between two distinct vertices, in either order.
    ///
    /// # Panics
    /// If `u == v` or an end is `MAX_VERTICES` or more: for the engine's
    /// own edges that is a bug. Input goes through [`Edge::try_new`].
    #[inline]
    pub fn new(u: Vertex, v: Vertex) -> Edge {
        assert!(
            u != v && (u.max(v) as usize) < MAX_VERTICES,
            "an edge needs two distinct vertices below {MAX_VERTICES}, not {u} and {v}"
        );
        if u < v {
            Edge(u, v)
        } else {
            Edge(v, u)
        }
    }

    /// The edge between `u` and `v` (either order), or why there is none.
    #[inline]
    pub fn try_new(u: usize, v: usize) -> Result<Edge, EdgeError> {
        if let Some(&w) = [u, v].iter().find(|&&w| w >= MAX_VERTICES) {
            return Err(EdgeError::OutOfRange(w));
        }
        if u == v {
            return Err(EdgeError::Loop(u));
        }
        Ok(Edge::new(u as Vertex, v as Vertex))
    }

    /// [`Edge::try_new`] without the reason.
    #[inline]
    pub fn checked(u: usize, v: usize) -> Option<Edge> {
        Edge::try_new(u, v).ok()
    }

    /// The two ends, smaller first.
    #[inline]
    pub fn ends(self) -> (Vertex, Vertex) {
        (self.0, self.1)
    }

    /// Whether `v` is an end of the edge.
    #[inline]
    pub fn touches(self, v: Vertex) -> bool {
        self.0 == v || self.1 == v
    }

    /// The endpoint that is not `v` (`v` must be an endpoint).
    #[inline]
    pub fn other(self, v: Vertex) -> Vertex {
        if self.0 == v {
            self.1
        } else {
            self.0
        }
    }

    /// Whether the two edges share an endpoint.
    #[inline]
    pub fn meets(self, other: Edge) -> bool {
        self.touches(other.0) || self.touches(other.1)
    }

    /// The image of the edge under a vertex map.
    #[inline]
    pub fn map(self, f: impl Fn(Vertex) -> Vertex) -> Edge {
        Edge::new(f(self.0), f(self.1))
    }
}

impl TryFrom<(usize, usize)> for Edge {
    type Error = EdgeError;

    fn try_from((u, v): (usize, usize)) -> Result<Edge, EdgeError> {
        Edge::try_new(u, v)
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.0, self.1)
    }
}

/// The two players. The first player builds red, the second blue.
/// (`player as usize` is the colour index in a position's rows.)
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// She: the first player, red, whose strategy is verified.
    First = 0,
    /// He: the second player, blue, the adversary.
    Second = 1,
}

impl Player {
    /// The other player.
    #[inline]
    pub fn opponent(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// The colour the player claims edges in ("red" or "blue").
    #[inline]
    pub fn colour_name(self) -> &'static str {
        match self {
            Player::First => "red",
            Player::Second => "blue",
        }
    }
}

/// The board: `K_n` or the countably infinite `K_aleph0`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Board {
    /// `K_aleph0`: a fresh vertex is always available.
    Infinite,
    /// `K_n` with `n` vertices, numbered `0..n`.
    Complete(usize),
}

impl Board {
    /// How many vertices a position on this board may use.
    #[inline]
    pub fn capacity(self) -> usize {
        match self {
            Board::Infinite => MAX_VERTICES,
            Board::Complete(n) => n,
        }
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Board::Infinite => write!(f, "inf"),
            Board::Complete(n) => write!(f, "{n}"),
        }
    }
}

/// Why a string is not a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// Neither `inf`/`aleph0` nor a number.
    #[error("board must be `inf` (or `aleph0`) or a number of vertices, not `{0}`")]
    NotABoard(String),
    /// A number of vertices outside `2..=MAX_VERTICES`.
    #[error("board size must be between 2 and {MAX_VERTICES}, not {0}")]
    Size(usize),
}

impl FromStr for Board {
    type Err = BoardError;

    /// `inf` or `aleph0` for `K_aleph0`, `n` (2 to [`MAX_VERTICES`]) for `K_n`.
    fn from_str(s: &str) -> Result<Board, BoardError> {
        if s == "inf" || s == "aleph0" {
            return Ok(Board::Infinite);
        }
        let n: usize = s.parse().map_err(|_| BoardError::NotABoard(s.to_string()))?;
        if !(2..=MAX_VERTICES).contains(&n) {
            return Err(BoardError::Size(n));
        }
        Ok(Board::Complete(n))
    }
}

/// Why a move is illegal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The edge belongs to a player already.
    #[error("edge {0} is already claimed")]
    Claimed(Edge),
    /// An end of the edge is not a vertex of the board.
    #[error("edge {0} leaves the board")]
    OffBoard(Edge),
}

/// The edges claimed so far on a board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    board: Board,
    /// Per vertex: neighbours in red, then in blue. One vector (not one per
    /// colour) because positions are cloned on every move of the search.
    rows: Vec<[VertexSet; 2]>,
    /// The touched vertices and each colour's edge count, kept up to date
    /// by every change of `rows` (both are asked for on almost every move
    /// of the search; recounting them was a tenth of its time).
    touched: VertexSet,
    counts: [u32; 2],
}

/// Hashes the rows folded into one word by a multiply per row, then the
/// board, touched set and counts: the strategy contract's sample hashes a
/// position on nearly every exchange (`src/search/contract.rs`), and the
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
        (self.board, self.touched, self.counts, rows).hash(state);
    }
}

/// Iterates the members of a vertex set in increasing order.
#[inline]
pub fn members(mut set: VertexSet) -> impl Iterator<Item = Vertex> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let v = set.trailing_zeros() as Vertex;
            set &= set - 1;
            v
        })
    })
}

/// The set `{0, .., n-1}`.
#[inline]
pub fn first_n(n: usize) -> VertexSet {
    if n >= 128 {
        VertexSet::MAX
    } else {
        (1u128 << n) - 1
    }
}

impl Position {
    /// The empty position on `board`.
    #[inline]
    pub fn empty(board: Board) -> Position {
        Position {
            board,
            rows: Vec::new(),
            touched: 0,
            counts: [0; 2],
        }
    }

    /// The board the position is on.
    #[inline]
    pub fn board(&self) -> Board {
        self.board
    }

    /// The neighbours of `v` in `player`'s graph.
    #[inline]
    pub fn neighbours(&self, player: Player, v: Vertex) -> VertexSet {
        self.rows.get(v as usize).map_or(0, |row| row[player as usize])
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
            Board::Complete(n) => Some(n - self.touched_count()),
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
        if v as usize >= self.board.capacity() {
            return Err(IllegalMove::OffBoard(e));
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
        let mut next = Position { rows, ..*self };
        next.claim(e, player)?;
        Ok(next)
    }

    /// The image of the position under an injective vertex map (defined on
    /// the touched vertices, with images on the board).
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
            board: self.board,
            rows,
            touched,
            counts: self.counts,
        }
    }

    /// Whether every edge of the board is claimed (finite boards only).
    #[inline]
    pub fn is_full(&self) -> bool {
        self.free_edges() == Some(0)
    }

    /// How many edges of the board are unclaimed (`None` on `K_aleph0`).
    #[inline]
    pub fn free_edges(&self) -> Option<usize> {
        match self.board {
            Board::Infinite => None,
            Board::Complete(n) => {
                Some(n * (n - 1) / 2 - self.edge_count(Player::First) - self.edge_count(Player::Second))
            }
        }
    }
}
