//! Boards, edges and positions of a graph-building game.
//!
//! A position ([`Position`]) is two adjacency bitsets (red = first player,
//! blue = second player) over at most [`MAX_VERTICES`] vertices, on a
//! board ([`Board`]): `K_n`, `K_aleph0` or any graph. Every query the search
//! asks per node (degrees, clique completion, threats) is a handful of `u128`
//! operations, which is why the representation is bitsets rather than a
//! general graph type.

mod cliques;
mod position;

pub use cliques::clique_within;
pub use position::{IllegalMove, Position};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

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

/// The board: `K_n`, the countably infinite `K_aleph0`, or any graph.
///
/// On `K_n` and `K_aleph0` the untouched vertices are all alike, which
/// the canonical form ([`crate::core::canon`]) and the orbit code use;
/// on a graph board they are not, and the board is labelled with the
/// position. Cloning a graph board shares its edges.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Board {
    /// `K_aleph0`: a fresh vertex is always available.
    Infinite,
    /// `K_n` with `n` vertices, numbered `0..n`.
    Complete(usize),
    /// Any graph on at most [`MAX_VERTICES`] vertices ([`Board::graph`]).
    Graph(Arc<BoardGraph>),
}

/// The edges of a graph board, as one neighbour set per vertex.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct BoardGraph {
    rows: Box<[VertexSet]>,
    edges: usize,
}

impl BoardGraph {
    /// Number of vertices.
    #[inline]
    pub fn vertex_count(&self) -> usize {
        self.rows.len()
    }

    /// Whether every two vertices are joined (a simple graph with
    /// `binom(n, 2)` edges): `K_n` given as a graph.
    #[inline]
    pub fn is_complete(&self) -> bool {
        let n = self.vertex_count();
        self.edges == n * n.saturating_sub(1) / 2
    }

    /// Number of edges.
    #[inline]
    pub fn edge_count(&self) -> usize {
        self.edges
    }

    /// The neighbours of `v` (none past the last vertex).
    #[inline]
    pub fn neighbours(&self, v: Vertex) -> VertexSet {
        self.rows.get(v as usize).copied().unwrap_or(0)
    }
}

impl Board {
    /// The board whose vertices are `0..n` and whose edges are `edges`
    /// (repeats are ignored).
    ///
    /// # Panics
    /// If `n` is more than [`MAX_VERTICES`] or an edge has an end `n` or
    /// more: callers check their input first (the readers of graph files
    /// and graph6 do).
    pub fn graph(n: usize, edges: impl IntoIterator<Item = Edge>) -> Board {
        assert!(n <= MAX_VERTICES, "boards have at most {MAX_VERTICES} vertices");
        let mut rows = vec![0 as VertexSet; n].into_boxed_slice();
        for e in edges {
            let (u, v) = e.ends();
            assert!((v as usize) < n, "edge {e} leaves a board of {n} vertices");
            rows[u as usize] |= 1 << v;
            rows[v as usize] |= 1 << u;
        }
        let edges = rows.iter().map(|r| r.count_ones() as usize).sum::<usize>() / 2;
        Board::Graph(Arc::new(BoardGraph { rows, edges }))
    }

    /// `K_n` given as a graph board: the same game as [`Board::Complete`],
    /// but labelled as a graph (every vertex; see [`Board`]).
    pub fn complete_graph(n: usize) -> Board {
        let all = (0..n as Vertex).flat_map(|u| (u + 1..n as Vertex).map(move |v| Edge::new(u, v)));
        Board::graph(n, all)
    }

    /// How many vertices a position on this board may use.
    #[inline]
    pub fn capacity(&self) -> usize {
        match self {
            Board::Infinite => MAX_VERTICES,
            Board::Complete(n) => *n,
            Board::Graph(g) => g.vertex_count(),
        }
    }

    /// The neighbours of `v` on the board (on `K_aleph0`, among the
    /// [`MAX_VERTICES`] vertices a position can hold).
    #[inline]
    pub fn neighbours(&self, v: Vertex) -> VertexSet {
        match self {
            Board::Graph(g) => g.neighbours(v),
            _ if (v as usize) < self.capacity() => first_n(self.capacity()) & !(1 << v),
            _ => 0,
        }
    }

    /// Whether `e` is an edge of the board.
    #[inline]
    pub fn has_edge(&self, e: Edge) -> bool {
        let (u, v) = e.ends();
        self.neighbours(u) >> v & 1 == 1
    }

    /// Number of edges (`None` on `K_aleph0`).
    #[inline]
    pub fn edge_count(&self) -> Option<usize> {
        match self {
            Board::Infinite => None,
            Board::Complete(n) => Some(n * (n - 1) / 2),
            Board::Graph(g) => Some(g.edge_count()),
        }
    }

    /// The board as the papers name it: `K_aleph0`, `K_n`, or
    /// `graph on n vertices`.
    pub fn name(&self) -> String {
        match self {
            Board::Infinite => "K_aleph0".to_string(),
            Board::Complete(n) => format!("K_{n}"),
            graph => graph.to_string(),
        }
    }

    /// Whether the untouched vertices are all alike (`K_n`, `K_aleph0`):
    /// then a position's symmetry is that of its touched vertices.
    #[inline]
    pub fn untouched_alike(&self) -> bool {
        !matches!(self, Board::Graph(_))
    }

    /// The board with its vertices renamed by the permutation `f` of its
    /// vertices (only a graph board changes). Where `f` maps the board onto
    /// itself (always on `K_n` given as a graph, as Erdős' games take it)
    /// the board is shared rather than copied: the search relabels a
    /// position for almost every move it makes, and a fresh board each
    /// time was about 3 % of K8's Clique game (profile: the copy and its
    /// allocation). A complete graph is mapped onto itself by every
    /// permutation, so it is shared without renaming its rows (which was
    /// a twentieth of K7's VC game).
    pub fn relabel(&self, f: impl Fn(Vertex) -> Vertex) -> Board {
        match self {
            Board::Graph(g) if !g.is_complete() => {
                // `f` once per vertex, then table lookups per edge end, a
                // row's bits a word at a time where they fit one (the
                // scoring games' boards: this runs for every canonical
                // form of their searches and certificate writers).
                let n = g.vertex_count();
                let mut image = [0 as Vertex; MAX_VERTICES];
                for (v, i) in image[..n].iter_mut().enumerate() {
                    *i = f(v as Vertex);
                }
                let mut rows = [0 as VertexSet; MAX_VERTICES];
                let rows = &mut rows[..n];
                for (v, &row) in g.rows.iter().enumerate() {
                    rows[image[v] as usize] = match n <= 64 {
                        true => {
                            let (mut set, mut out) = (row as u64, 0u64);
                            while set != 0 {
                                out |= 1 << (image[set.trailing_zeros() as usize] & 63);
                                set &= set - 1;
                            }
                            out as VertexSet
                        }
                        false => members(row).fold(0, |s, w| s | 1 << image[w as usize]),
                    };
                }
                match *rows == *g.rows {
                    true => self.clone(),
                    false => Board::Graph(Arc::new(BoardGraph {
                        rows: rows.into(),
                        edges: g.edges,
                    })),
                }
            }
            _ => self.clone(),
        }
    }
}

/// `inf`, `n` for `K_n` (both read back by [`FromStr`]), or
/// `graph on n vertices` (not read back: graph boards come from files).
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Board::Infinite => write!(f, "inf"),
            Board::Complete(n) => write!(f, "{n}"),
            Board::Graph(g) => write!(f, "graph on {} vertices", g.vertex_count()),
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

#[cfg(test)]
mod tests {
    use super::{Board, Edge, Vertex};

    /// [`Board::relabel`] against the board built from the renamed edges,
    /// on complete graphs (shared without renaming) and graphs one edge
    /// short of complete or sparser (renamed row by row), under several
    /// permutations of their vertices.
    #[test]
    fn relabelled_graph_boards_are_the_renamed_edges() {
        for n in 2..=9 as Vertex {
            let pairs: Vec<(Vertex, Vertex)> = (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))).collect();
            let graphs = [
                pairs.clone(),
                pairs[1..].to_vec(),
                pairs.iter().copied().step_by(3).collect(),
            ];
            let perms: [Box<dyn Fn(Vertex) -> Vertex>; 3] = [
                Box::new(move |v| (v + 1) % n),
                Box::new(move |v| n - 1 - v),
                Box::new(move |v| (v * 5 + 2) % n),
            ];
            for edges in &graphs {
                let board = Board::graph(n as usize, edges.iter().map(|&(u, v)| Edge::new(u, v)));
                for f in perms
                    .iter()
                    .filter(|f| (0..n).map(f).collect::<std::collections::BTreeSet<_>>().len() == n as usize)
                {
                    let renamed = Board::graph(n as usize, edges.iter().map(|&(u, v)| Edge::new(f(u), f(v))));
                    assert_eq!(board.relabel(f), renamed, "n = {n}, {} edges", edges.len());
                }
            }
        }
    }
}
