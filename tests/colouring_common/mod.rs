//! Helpers shared by the colouring tests. Each test crate uses only some.
#![allow(dead_code)]

use ramsey_verify::games::colouring::linear::BigGraph;
use ramsey_verify::games::colouring::{Graph, Rules};
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

/// A game as the brute force sees it: a plain minimax over labelled
/// positions (no canonical forms, no orbits, no table), written from the
/// paper's rules.
pub struct Plain {
    adj: Vec<Vec<usize>>,
    k: u8,
    rules: Rules,
    order: Vec<usize>,
    /// `second[v]`: player 2 colours `v` (ordered games).
    second: Vec<bool>,
}

impl Plain {
    pub fn free(&self, colour: &[u8], v: usize) -> Vec<u8> {
        (1..=self.k)
            .filter(|&c| self.adj[v].iter().all(|&w| colour[w] != c))
            .collect()
    }

    /// Whether player 1 wins from here; `t` moves made, `first` to move
    /// (unordered games).
    pub fn wins(&self, colour: &mut Vec<u8>, t: usize, first_to_move: bool) -> bool {
        let n = self.adj.len();
        let construction = matches!(self.rules, Rules::Sccg | Rules::Ccg);
        let options: Vec<(usize, u8)> = if matches!(self.rules, Rules::Scg | Rules::Sccg) {
            if t == n {
                // Full board: construction games are won by player 1; in
                // the SCG the player who coloured last wins.
                return construction || (n > 0 && !self.second[self.order[n - 1]]);
            }
            let v = self.order[t];
            self.free(colour, v).into_iter().map(|c| (v, c)).collect()
        } else {
            (0..n)
                .filter(|&v| colour[v] == 0)
                .flat_map(|v| self.free(colour, v).into_iter().map(move |c| (v, c)))
                .collect()
        };
        let mover_first = match self.rules {
            Rules::Scg | Rules::Sccg => !self.second[self.order[t]],
            _ => first_to_move,
        };
        if options.is_empty() {
            return if construction {
                colour.iter().all(|&c| c != 0)
            } else {
                !mover_first
            };
        }
        let mut results = options.into_iter().map(|(v, c)| {
            colour[v] = c;
            let r = self.wins(colour, t + 1, !first_to_move);
            colour[v] = 0;
            r
        });
        if mover_first {
            results.any(|r| r)
        } else {
            results.all(|r| r)
        }
    }
}

/// The game on `graph` with `k` colours as the brute force sees it.
pub fn plain(graph: &Graph, k: usize, rules: Rules, order: &[usize], second: &[bool]) -> Plain {
    let adj = (0..graph.n())
        .map(|v| {
            (0..graph.n())
                .filter(|&w| graph.neighbours(v as u8) >> w & 1 == 1)
                .collect()
        })
        .collect();
    Plain {
        adj,
        k: k as u8,
        rules,
        order: order.to_vec(),
        second: second.to_vec(),
    }
}
