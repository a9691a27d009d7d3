//! The graphs colouring games are played on: at most [`MAX_VERTICES`]
//! vertices as adjacency bitsets, read from graph6, named families or a
//! file ([`super::input`]).

use super::input::{read_graph, EdgeList, GraphError};
use crate::core::board::{members, Edge, Vertex, VertexSet, MAX_VERTICES};
use crate::core::graph6;
use std::fmt;

/// A simple undirected graph on vertices `0..n`, `n <= 128`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Graph {
    rows: Vec<VertexSet>,
}

impl Graph {
    /// The graph on `n` vertices with the given edges (ends below `n`).
    pub fn new(n: usize, edges: &[Edge]) -> Graph {
        assert!(n <= MAX_VERTICES, "at most {MAX_VERTICES} vertices");
        let mut rows = vec![0; n];
        for e in edges {
            let (u, v) = e.ends();
            rows[u as usize] |= 1 << v;
            rows[v as usize] |= 1 << u;
        }
        Graph { rows }
    }

    /// The labelled graph on `n` vertices whose pairs `(u, v)`, `u < v`,
    /// in lexicographic order, are edges where `mask` has a one bit: every
    /// labelled graph on `n <= 11` vertices is one mask.
    pub fn from_mask(n: usize, mask: u64) -> Graph {
        let pairs = (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v)));
        let edges: Vec<Edge> = pairs
            .enumerate()
            .filter(|&(bit, _)| mask >> bit & 1 == 1)
            .map(|(_, (u, v))| Edge::new(u as Vertex, v as Vertex))
            .collect();
        Graph::new(n, &edges)
    }

    /// The graph with these adjacency rows (symmetric, no loops).
    pub fn from_rows(rows: Vec<VertexSet>) -> Graph {
        Graph { rows }
    }

    /// Number of vertices.
    pub fn n(&self) -> usize {
        self.rows.len()
    }

    /// The neighbours of `v`.
    pub fn neighbours(&self, v: Vertex) -> VertexSet {
        self.rows[v as usize]
    }

    /// Adjacency rows.
    pub fn rows(&self) -> &[VertexSet] {
        &self.rows
    }

    /// Every edge `u < v`.
    pub fn edges(&self) -> Vec<Edge> {
        (0..self.n() as Vertex)
            .flat_map(|u| members(self.rows[u as usize] >> u >> 1).map(move |w| Edge::new(u, u + 1 + w)))
            .collect()
    }

    /// The largest degree (0 for no vertices).
    pub fn max_degree(&self) -> usize {
        self.rows.iter().map(|r| r.count_ones() as usize).max().unwrap_or(0)
    }

    /// The graph in graph6.
    pub fn graph6(&self) -> String {
        graph6::encode(self.n(), &self.edges())
    }

    /// The tree with this Prüfer code on `code.len() + 2` vertices.
    pub fn from_prufer(code: &[usize]) -> Result<Graph, GraphError> {
        let text = format!(
            "prufer:{}",
            code.iter().map(usize::to_string).collect::<Vec<_>>().join(",")
        );
        let tree = super::input::prufer(code).map_err(|why| GraphError::Family(text, why))?;
        Graph::from_edge_list(&tree)
    }

    /// The graph of an edge list, if it has at most [`MAX_VERTICES`]
    /// vertices.
    pub fn from_edge_list(list: &EdgeList) -> Result<Graph, GraphError> {
        if list.n > MAX_VERTICES {
            return Err(GraphError::TooLarge(list.n));
        }
        let edges: Vec<Edge> = list
            .edges
            .iter()
            .map(|&(u, v)| Edge::new(u as Vertex, v as Vertex))
            .collect();
        Ok(Graph::new(list.n, &edges))
    }

    /// Whether the graph is connected (the empty graph is).
    pub fn is_connected(&self) -> bool {
        let n = self.n();
        if n == 0 {
            return true;
        }
        let mut seen: VertexSet = 1;
        let mut frontier: VertexSet = 1;
        while frontier != 0 {
            let next = members(frontier).fold(0, |acc, v| acc | self.rows[v as usize]) & !seen;
            seen |= next;
            frontier = next;
        }
        seen.count_ones() as usize == n
    }

    /// The chromatic number, by trying k = 0, 1, 2, ... (exponential; for
    /// the small graphs the exact solver handles).
    pub fn chromatic_number(&self) -> usize {
        (0..=self.n()).find(|&k| self.colourable(k)).unwrap_or(self.n())
    }

    fn colourable(&self, k: usize) -> bool {
        fn extend(g: &Graph, colour: &mut [usize], v: usize, k: usize) -> bool {
            if v == g.n() {
                return true;
            }
            let used = colour[..v].iter().copied().max().map_or(0, |m| m + 1);
            // Colours up to one past the largest used (colour symmetry).
            for c in 0..k.min(used + 1) {
                if members(g.rows[v] & crate::core::board::first_n(v)).all(|w| colour[w as usize] != c) {
                    colour[v] = c;
                    if extend(g, colour, v + 1, k) {
                        return true;
                    }
                }
            }
            false
        }
        self.n() == 0 || (k > 0 && extend(self, &mut vec![0; self.n()], 0, k))
    }
}

impl fmt::Display for Graph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.graph6())
    }
}

/// Reads a graph of at most [`MAX_VERTICES`] vertices, in any syntax of
/// [`read_graph`] (graph6, named families, `@FILE`).
pub fn parse_graph(text: &str) -> Result<Graph, GraphError> {
    Graph::from_edge_list(&read_graph(text)?)
}
