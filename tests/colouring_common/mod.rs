//! Helpers shared by the colouring tests. Each test crate uses only some.
#![allow(dead_code)]

use ramsey_verify::games::colouring::linear::BigGraph;
use ramsey_verify::games::colouring::Graph;
use rand::Rng;

/// The graph as adjacency lists, same labels.
pub fn big(graph: &Graph) -> BigGraph {
    let edges: Vec<(u32, u32)> = graph
        .edges()
        .iter()
        .map(|e| (e.ends().0 as u32, e.ends().1 as u32))
        .collect();
    BigGraph::new(graph.n(), &edges)
}

/// A random labelled graph on `n` vertices, each edge with probability `p`.
pub fn random_graph(rng: &mut impl Rng, n: usize, p: f64) -> Graph {
    let mask = (0..n * (n - 1) / 2)
        .filter(|_| rng.random_bool(p))
        .fold(0u64, |m, b| m | 1 << b);
    Graph::from_mask(n, mask)
}
