//! Section 4: the ordered games by dynamic programming over classes of
//! states, for orders with bounded vertex separation (Theorem 4.1) or
//! bounded reversed vertex separation (Theorem 4.3).
//!
//! A state after i moves is the colouring of vertices 0..i (vertices are
//! numbered in colouring order; `second[v]`: player 2 colours v). Both
//! theorems merge states that must have the same value:
//! - Theorem 4.1 (Claim 4.1.1): states with the same colours on the
//!   boundary, the coloured vertices with a neighbour still to come. At
//!   most n k^K classes for vertex separation K.
//! - Theorem 4.3 (Claim 4.3.1 and the relation ~): states with the same
//!   forbidden colour sets on the future vertices that have a coloured
//!   neighbour, up to renaming the colours. The paper characterises a
//!   class by the function A(S) = number of colours forbidden exactly on
//!   S; we key on the sorted list of per-colour sets, the same data.
//!
//! The value is computed by memoised recursion on (i, class), which is
//! the paper's backward pass over the DAG of classes restricted to the
//! classes reachable from the start. The number of classes is reported,
//! so the polynomial bound can be seen; the tests compare the winner with
//! the exact solver.

use super::linear::BigGraph;
use crate::core::board::Player;
use std::collections::HashMap;

/// Which of the two ordered games.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ordered {
    /// SEQUENTIAL COLORING GAME.
    Scg,
    /// SEQUENTIAL COLORING CONSTRUCTION GAME.
    Sccg,
}

/// How states are merged.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Classes {
    /// Theorem 4.1: colours on the boundary.
    Boundary,
    /// Theorem 4.3: forbidden sets of the coming vertices, up to colours.
    Forbidden,
}

/// The winner and the number of (move, class) pairs evaluated.
pub fn solve(graph: &BigGraph, k: usize, game: Ordered, second: &[bool], classes: Classes) -> (Player, usize) {
    let mut dp = Dp {
        graph,
        k: k as u8,
        game,
        second,
        colours: vec![0; graph.n()],
        memo: HashMap::new(),
    };
    let winner = match classes {
        Classes::Boundary => dp.value(0, &boundary_key),
        Classes::Forbidden => dp.value(0, &forbidden_key),
    };
    (winner, dp.memo.len())
}

/// Computes the class of the state after `i` moves from the colours.
type ClassKey = dyn Fn(&BigGraph, &[u8], usize) -> Vec<u32>;

struct Dp<'a> {
    graph: &'a BigGraph,
    k: u8,
    game: Ordered,
    second: &'a [bool],
    colours: Vec<u8>,
    memo: HashMap<(usize, Vec<u32>), Player>,
}

impl Dp<'_> {
    fn owner(&self, v: usize) -> Player {
        if self.second[v] {
            Player::Second
        } else {
            Player::First
        }
    }

    fn value(&mut self, i: usize, key: &ClassKey) -> Player {
        let n = self.graph.n();
        if i == n {
            return match (self.game, n) {
                (Ordered::Sccg, _) => Player::First,
                (Ordered::Scg, 0) => Player::Second,
                (Ordered::Scg, _) => self.owner(n - 1),
            };
        }
        let class = (i, key(self.graph, &self.colours, i));
        if let Some(&w) = self.memo.get(&class) {
            return w;
        }
        let mover = self.owner(i);
        let taken = self
            .graph
            .neighbours(i)
            .iter()
            .fold(0u32, |t, &w| t | 1 << self.colours[w as usize]);
        let mut winner = match self.game {
            Ordered::Scg => mover.opponent(),
            Ordered::Sccg => Player::Second,
        };
        for c in (1..=self.k).filter(|c| taken >> c & 1 == 0) {
            self.colours[i] = c;
            let w = self.value(i + 1, key);
            self.colours[i] = 0;
            if w == mover {
                winner = mover;
                break;
            }
            winner = w;
        }
        self.memo.insert(class, winner);
        winner
    }
}

/// Theorem 4.1's class: the colours of vertices before `i` with a
/// neighbour at `i` or later, in vertex order.
fn boundary_key(graph: &BigGraph, colours: &[u8], i: usize) -> Vec<u32> {
    (0..i)
        .filter(|&v| graph.neighbours(v).iter().any(|&w| w as usize >= i))
        .map(|v| v as u32 * 256 + colours[v] as u32)
        .collect()
}

/// Theorem 4.3's class: for each colour, the set of coming vertices (at
/// `i` or later, with a coloured neighbour) it is forbidden on, as a list
/// of vertex numbers; the lists sorted, so colour names do not matter.
fn forbidden_key(graph: &BigGraph, colours: &[u8], i: usize) -> Vec<u32> {
    let coming: Vec<usize> = (i..graph.n())
        .filter(|&w| graph.neighbours(w).iter().any(|&v| (v as usize) < i))
        .collect();
    let max = colours.iter().copied().max().unwrap_or(0) as usize;
    let mut per_colour: Vec<Vec<u32>> = (1..=max)
        .map(|c| {
            coming
                .iter()
                .filter(|&&w| {
                    graph
                        .neighbours(w)
                        .iter()
                        .any(|&v| (v as usize) < i && colours[v as usize] as usize == c)
                })
                .map(|&w| w as u32)
                .collect()
        })
        .collect();
    per_colour.retain(|s| !s.is_empty());
    per_colour.sort();
    let mut key = Vec::new();
    for set in per_colour {
        key.push(u32::MAX);
        key.extend(set);
    }
    key
}

/// The vertex separation number of the order `0, 1, ..., n-1` (the most
/// vertices before a cut with a neighbour after it).
pub fn vertex_separation(graph: &BigGraph) -> usize {
    let n = graph.n();
    let last: Vec<usize> = (0..n)
        .map(|v| graph.neighbours(v).iter().map(|&w| w as usize).max().unwrap_or(0))
        .collect();
    (1..=n)
        .map(|i| (0..i).filter(|&v| last[v] >= i).count())
        .max()
        .unwrap_or(0)
}
