//! Target graphs ("A" in Slany's games): small graphs given by name or in
//! graph6, and the question whether a player's graph contains one.
//!
//! "Contains A" means a subgraph isomorphic to A, not necessarily induced
//! (Slany, Def. 2.2 and 3.1: "A becomes isomorphic to a subgraph of the red
//! part"). Isolated vertices of A count: a target with an isolated vertex
//! needs a spare vertex of the board, which every board that can hold the
//! rest of A has unless A fills it, so embeddings map them to any unused
//! vertex of the board.

use crate::core::board::{members, Edge, Vertex, VertexSet};
use std::fmt;

/// Largest target the engine accepts (vertices).
pub const MAX_PATTERN_VERTICES: usize = 16;

/// A small graph to find as a subgraph.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Pattern {
    name: String,
    /// Adjacency rows.
    rows: Vec<u32>,
}

/// Why a target could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PatternError {
    /// Neither a known name nor graph6.
    #[error("unknown target `{0}`: use K3, K4, ..., P3, P4, ..., C4, C5, ..., K1,3, 2K2, bow-tie, or a graph6 string")]
    Unknown(String),
    /// Too large.
    #[error("target has {0} vertices, more than {MAX_PATTERN_VERTICES}")]
    TooLarge(usize),
    /// No edges.
    #[error("target `{0}` has no edges: every position would contain it")]
    NoEdges(String),
}

impl Pattern {
    /// The pattern with the given name and edges on `n` vertices.
    pub fn from_edges(name: &str, n: usize, edges: &[(usize, usize)]) -> Result<Pattern, PatternError> {
        if n > MAX_PATTERN_VERTICES {
            return Err(PatternError::TooLarge(n));
        }
        if edges.is_empty() {
            return Err(PatternError::NoEdges(name.to_string()));
        }
        let mut rows = vec![0u32; n];
        for &(u, v) in edges {
            rows[u] |= 1 << v;
            rows[v] |= 1 << u;
        }
        Ok(Pattern {
            name: name.to_string(),
            rows,
        })
    }

    /// The complete graph `K_k`.
    pub fn clique(k: usize) -> Result<Pattern, PatternError> {
        let edges: Vec<_> = (0..k).flat_map(|u| (u + 1..k).map(move |v| (u, v))).collect();
        Pattern::from_edges(&format!("K{k}"), k, &edges)
    }

    /// The target's name (as given, or its graph6).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.rows.len()
    }

    /// Number of edges.
    pub fn edge_count(&self) -> usize {
        self.rows.iter().map(|r| r.count_ones() as usize).sum::<usize>() / 2
    }

    /// The edges, in increasing order.
    pub fn edges(&self) -> Vec<Edge> {
        let mut out = Vec::new();
        for (u, &row) in self.rows.iter().enumerate() {
            for v in members(row as VertexSet).filter(|&v| v as usize > u) {
                out.push(Edge::new(u as Vertex, v));
            }
        }
        out
    }

    /// `Some(k)` when the target is the complete graph `K_k`.
    pub fn as_clique(&self) -> Option<usize> {
        let k = self.rows.len();
        (self.edge_count() == k * (k - 1) / 2).then_some(k)
    }

    /// Whether the graph with adjacency `adj` (rows as vertex bitsets), with
    /// `capacity` vertices, contains the pattern through the edge `u v`
    /// (which `adj` must contain).
    pub fn contains_through(&self, adj: &dyn Fn(Vertex) -> VertexSet, capacity: usize, u: Vertex, v: Vertex) -> bool {
        let k = self.rows.len();
        for a in 0..k {
            for b in members(self.rows[a] as VertexSet) {
                let mut map = vec![u8::MAX; k];
                map[a] = u;
                map[b as usize] = v;
                if self.extend(adj, capacity, &mut map, (1u128 << u) | (1u128 << v)) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the graph with adjacency `adj` contains the pattern anywhere.
    pub fn contained_in(&self, adj: &dyn Fn(Vertex) -> VertexSet, capacity: usize) -> bool {
        let touched: Vec<Vertex> = (0..capacity as Vertex).filter(|&v| adj(v) != 0).collect();
        touched.iter().any(|&u| {
            members(adj(u))
                .filter(|&w| w > u)
                .any(|w| self.contains_through(adj, capacity, u, w))
        })
    }

    /// The edges of a copy of the pattern in the graph with adjacency
    /// `adj`, if there is one (the first the search meets), in increasing
    /// order: to show a person which copy ended a game.
    pub fn copy_in(&self, adj: &dyn Fn(Vertex) -> VertexSet, capacity: usize) -> Option<Vec<Edge>> {
        let k = self.rows.len();
        let mut map = vec![u8::MAX; k];
        let mapped = (0..capacity as Vertex).any(|c| {
            map[0] = c;
            self.extend(adj, capacity, &mut map, 1u128 << c)
        });
        let mut edges: Vec<Edge> = mapped.then(|| self.edges().iter().map(|e| e.map(|x| map[x as usize])).collect())?;
        edges.sort_unstable();
        Some(edges)
    }

    /// Backtracking: maps the next unmapped pattern vertex (one adjacent to
    /// a mapped one first, so candidates come from neighbourhoods); on
    /// success `map` holds the copy.
    fn extend(&self, adj: &dyn Fn(Vertex) -> VertexSet, capacity: usize, map: &mut [u8], used: VertexSet) -> bool {
        let next = (0..map.len()).filter(|&x| map[x] == u8::MAX).max_by_key(|&x| {
            members(self.rows[x] as VertexSet)
                .filter(|&y| map[y as usize] != u8::MAX)
                .count()
        });
        let Some(x) = next else { return true };
        let mut candidates = crate::core::board::first_n(capacity) & !used;
        for y in members(self.rows[x] as VertexSet) {
            if map[y as usize] != u8::MAX {
                candidates &= adj(map[y as usize]);
            }
        }
        for c in members(candidates) {
            map[x] = c;
            if self.extend(adj, capacity, map, used | 1u128 << c) {
                return true;
            }
        }
        map[x] = u8::MAX;
        false
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.name)
    }
}

impl std::str::FromStr for Pattern {
    type Err = PatternError;

    /// Names: `Kk` (complete), `Pk` (path on k vertices), `Ck` (cycle),
    /// `K1,k` (star with k leaves), `2K2` (two disjoint edges), `bow-tie`
    /// (two triangles sharing a vertex); anything else is read as graph6.
    fn from_str(s: &str) -> Result<Pattern, PatternError> {
        let unknown = || PatternError::Unknown(s.to_string());
        let number = |t: &str| t.parse::<usize>().ok().filter(|&k| k >= 1);
        let named = |n: usize, edges: Vec<(usize, usize)>| Pattern::from_edges(s, n, &edges);
        if let Some(k) = s.strip_prefix("K1,").and_then(number) {
            return named(k + 1, (1..=k).map(|v| (0, v)).collect());
        }
        if let Some(k) = s.strip_prefix('K').and_then(number) {
            return Pattern::clique(k).map(|p| Pattern { name: s.into(), ..p });
        }
        if let Some(k) = s.strip_prefix('P').and_then(number) {
            return named(k, (1..k).map(|v| (v - 1, v)).collect());
        }
        if let Some(k) = s.strip_prefix('C').and_then(number).filter(|&k| k >= 3) {
            return named(k, (0..k).map(|v| (v, (v + 1) % k)).collect());
        }
        match s {
            "2K2" => return named(4, vec![(0, 1), (2, 3)]),
            "bow-tie" | "bowtie" => return named(5, vec![(0, 1), (0, 2), (1, 2), (0, 3), (0, 4), (3, 4)]),
            _ => {}
        }
        let (n, edges) = crate::core::graph6::decode(s).map_err(|_| unknown())?;
        let edges: Vec<(usize, usize)> = edges
            .iter()
            .map(|e| {
                let (u, v) = e.ends();
                (u as usize, v as usize)
            })
            .collect();
        Pattern::from_edges(s, n, &edges)
    }
}
