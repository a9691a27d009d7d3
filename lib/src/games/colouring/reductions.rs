//! Theorem 5.2's construction: Node Kayles (the COLORING GAME with one
//! colour) on G against the COLORING GAME with two colours on G'.
//!
//! G' has two copies v1, v2 of each vertex v, joined to each other, each
//! joined to both copies of every neighbour of v, and one more vertex x
//! joined to every copy. The paper claims: player 1 wins Kayles on G iff
//! player 2 wins the 2-colour game on G' (player 1 must colour x first,
//! else player 2 answers v_i in colour j by v_{3-i} in the other colour;
//! after x the game is Kayles on G with player 2 moving first). The
//! tests check the claim on every graph with up to 6 vertices.

use super::graph::Graph;
use crate::core::board::{members, Edge, Vertex};

/// G' of Theorem 5.2: `v1 = v`, `v2 = n + v`, `x = 2n`.
pub fn kayles_to_two_colours(graph: &Graph) -> Graph {
    let n = graph.n();
    let x = (2 * n) as Vertex;
    let mut edges = Vec::new();
    for v in 0..n as Vertex {
        let copies = [v, n as Vertex + v];
        edges.push(Edge::new(copies[0], copies[1]));
        edges.extend(copies.map(|c| Edge::new(c, x)));
        for w in members(graph.neighbours(v)).filter(|&w| w > v) {
            for a in copies {
                edges.extend([w, n as Vertex + w].map(|b| Edge::new(a, b)));
            }
        }
    }
    Graph::new(2 * n + 1, &edges)
}
