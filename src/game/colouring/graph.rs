//! The graphs colouring games are played on: at most [`MAX_VERTICES`]
//! vertices as adjacency bitsets, read from graph6 or named families.

use crate::board::{members, Edge, Vertex, VertexSet, MAX_VERTICES};
use crate::graph6;
use std::fmt;

/// A simple undirected graph on vertices `0..n`, `n <= 128`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Graph {
    rows: Vec<VertexSet>,
}

/// Why a graph description is not usable.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GraphError {
    /// A malformed graph6 string.
    #[error("graph: {0}")]
    Graph6(#[from] graph6::Graph6Error),
    /// A named family with a bad parameter.
    #[error("graph `{0}`: {1}")]
    Family(String, String),
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
    pub fn from_prufer(code: &[usize]) -> Result<Graph, String> {
        let n = code.len() + 2;
        if n > MAX_VERTICES {
            return Err(format!(
                "a Prüfer code gives {n} vertices, at most {MAX_VERTICES} allowed"
            ));
        }
        if let Some(&bad) = code.iter().find(|&&c| c >= n) {
            return Err(format!("Prüfer entry {bad} is not a vertex of a tree on {n} vertices"));
        }
        let mut degree = vec![1usize; n];
        for &c in code {
            degree[c] += 1;
        }
        let mut edges = Vec::with_capacity(n - 1);
        for &c in code {
            let leaf = (0..n).find(|&v| degree[v] == 1).expect("a leaf remains");
            edges.push(Edge::new(leaf as Vertex, c as Vertex));
            degree[leaf] = 0;
            degree[c] -= 1;
        }
        let last: Vec<usize> = (0..n).filter(|&v| degree[v] == 1).collect();
        edges.push(Edge::new(last[0] as Vertex, last[1] as Vertex));
        Ok(Graph::new(n, &edges))
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
                if members(g.rows[v] & crate::board::first_n(v)).all(|w| colour[w as usize] != c) {
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

/// Reads a graph: graph6, or a named family `path:N`, `cycle:N`, `star:N`
/// (N leaves), `complete:N`, `empty:N`, `prufer:A,B,...` (the tree with
/// that Prüfer code; `prufer:` alone is the tree on 2 vertices).
pub fn parse_graph(text: &str) -> Result<Graph, GraphError> {
    let text = text.trim();
    let Some((family, arg)) = text.split_once(':') else {
        let (n, edges) = graph6::decode(text)?;
        return Ok(Graph::new(n, &edges));
    };
    let bad = |why: String| GraphError::Family(text.to_string(), why);
    if family == "prufer" {
        let code: Result<Vec<usize>, _> = arg.split(',').filter(|s| !s.is_empty()).map(str::parse).collect();
        let code = code.map_err(|_| bad("a Prüfer code is a comma-separated list of vertex numbers".into()))?;
        return Graph::from_prufer(&code).map_err(bad);
    }
    let n: usize = arg.parse().map_err(|_| bad(format!("`{arg}` is not a number")))?;
    let size = if family == "star" { n + 1 } else { n };
    if size > MAX_VERTICES {
        return Err(bad(format!("{size} vertices, at most {MAX_VERTICES} allowed")));
    }
    let pairs: Vec<(usize, usize)> = match family {
        "path" => (1..n).map(|v| (v - 1, v)).collect(),
        "cycle" if n >= 3 => (0..n).map(|v| (v, (v + 1) % n)).collect(),
        "cycle" => return Err(bad("a cycle needs at least 3 vertices".into())),
        "star" => (1..=n).map(|v| (0, v)).collect(),
        "complete" => (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))).collect(),
        "empty" => vec![],
        _ => {
            return Err(bad(
                "unknown family: use graph6 or path, cycle, star, complete, empty, prufer".into(),
            ))
        }
    };
    let edges: Vec<Edge> = pairs
        .into_iter()
        .map(|(u, v)| Edge::new(u as Vertex, v as Vertex))
        .collect();
    Ok(Graph::new(size, &edges))
}
