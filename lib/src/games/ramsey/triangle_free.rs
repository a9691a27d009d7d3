//! The legal moves of Hajnal's triangle-free game (the one-colour game,
//! [`super::Rules::SharedAvoid`], with target K3) as bit sets, and what
//! they tell without playing a move: how many legal moves a move leaves,
//! and, where the rest of the game has a fixed length, the winner.
//!
//! `G` is the common graph and `L` its legal edges: free edges `uv` whose
//! ends have no common neighbour in `G`.
//!
//! # What a move kills
//!
//! *Claim 1.* After the legal move `uv`, a legal edge `f ≠ uv` is illegal
//! exactly when `f = uw` with `vw` in `G` or `f = vw` with `uw` in `G`.
//!
//! *Proof.* If `vw` is in `G`, `u, v, w` is a triangle of `G + uv + uw`
//! (symmetrically for `vw`). Conversely a triangle of `G + uv + f` uses
//! `uv` and `f` (each alone is legal), so they share a vertex and its
//! third edge is in `G`. ∎
//!
//! So `uv` leaves `|L| - 1 - |L(u) ∩ N(v)| - |L(v) ∩ N(u)|` legal moves
//! (`L(x)`: the legal edges at `x`, `N(x)`: its neighbours in `G`; no edge
//! is counted twice, since `u` and `v` have no common neighbour): the
//! search's move order and its test for a move that ends the game
//! ([`LegalEdges::left_after`]), without playing the move.
//!
//! # Games of fixed length
//!
//! Call two legal edges *interacting* when they share a vertex and the
//! third edge of their triangle lies in `G ∪ L`; call them *hard* when
//! that edge is in `G`, *soft* when it is in `L`.
//!
//! *Claim 2.* From now on, a move kills an edge only if the two interact
//! now. *Proof.* `G ∪ L` never grows: a move takes an edge of `L` into
//! `G`, and adding edges never makes an illegal edge legal. Both edges are
//! legal at the later time, hence now (`L` only shrinks). By Claim 1 the
//! third edge is in `G` then, so in `G ∪ L` now. ∎
//!
//! So the components of the interaction graph on `L` are played
//! independently, and the number of moves left is the sum over components
//! `C` of the edges of `C` played. Every edge of `C` ends played or killed
//! (the game ends when `L` is empty), and:
//! - `|C| = 1`: nothing kills it, so it is played: one move;
//! - every two edges of `C` hard: the first played kills all the others
//!   (Claim 1), and none dies before: one move;
//! - `C` three soft edges (a triangle `uv, uw, vw` of `L`): no move kills
//!   one of them before one is played (the third edges are not in `G`);
//!   after the first, the other two are hard, so exactly one more is
//!   played: two moves.
//!
//! When every component is of these kinds the game lasts exactly the sum
//! of their moves, whatever the players do, and under normal play the
//! player to move wins exactly when that number is odd
//! ([`LegalEdges::fixed_length`]). That covers the case where no legal
//! move can ever block another (every component a single edge). It says
//! who wins, and (every line having that length) the length of optimal
//! play; the score-only search asks it of every child before labelling.

use crate::core::board::{first_n, members, Edge, Player, Position, Vertex, VertexSet, MAX_VERTICES};

/// The common graph and its legal edges at one position, as bit sets.
pub(super) struct LegalEdges {
    /// `adjacent[v]`: the neighbours of `v` in the common graph.
    adjacent: [VertexSet; MAX_VERTICES],
    /// `legal[v]`: the `w` with `vw` legal.
    legal: [VertexSet; MAX_VERTICES],
    /// Vertices of the board.
    n: usize,
    /// Legal edges.
    count: usize,
}

impl LegalEdges {
    /// The legal edges of `position` in the one-colour game with target K3.
    pub(super) fn of(position: &Position) -> LegalEdges {
        let n = position.board().capacity();
        let mut adjacent = [0; MAX_VERTICES];
        for (v, row) in adjacent.iter_mut().enumerate().take(n) {
            *row = position.neighbours(Player::First, v as Vertex) | position.neighbours(Player::Second, v as Vertex);
        }
        let mut legal = [0; MAX_VERTICES];
        let mut twice = 0;
        for u in 0..n {
            let near = members(adjacent[u]).fold(0, |acc, w| acc | adjacent[w as usize]);
            legal[u] = position.free_neighbours(u as Vertex) & !near;
            twice += legal[u].count_ones() as usize;
        }
        LegalEdges {
            adjacent,
            legal,
            n,
            count: twice / 2,
        }
    }

    /// The legal edges in increasing order.
    pub(super) fn edges(&self) -> Vec<Edge> {
        let mut out = Vec::with_capacity(self.count);
        for u in 0..self.n {
            let later = self.legal[u] & !first_n(u + 1);
            out.extend(members(later).map(|v| Edge::new(u as Vertex, v)));
        }
        out
    }

    /// The legal edges left after the legal move `e` (Claim 1).
    pub(super) fn left_after(&self, e: Edge) -> usize {
        let (u, v) = e.ends();
        let (u, v) = (u as usize, v as usize);
        let killed = (self.legal[u] & self.adjacent[v]).count_ones() + (self.legal[v] & self.adjacent[u]).count_ones();
        self.count - 1 - killed as usize
    }

    /// The number of moves left when it is the same in every line of play
    /// (every component of interacting legal edges of a kind of Claim 2),
    /// else `None`.
    pub(super) fn fixed_length(&self) -> Option<usize> {
        let index = EdgeIndex::of(self);
        let mut parts = Components::new(self.count);
        for u in 0..self.n {
            let row = self.legal[u];
            for v in members(row) {
                // Each pair uv, uw at u once: w above v.
                for w in members(row & !first_n(v as usize + 1)) {
                    let hard = self.adjacent[v as usize] >> w & 1 == 1;
                    let soft = self.legal[v as usize] >> w & 1 == 1;
                    if hard || soft {
                        let (a, b) = (index.number(u, v as usize), index.number(u, w as usize));
                        parts.join(a, b, hard);
                    }
                }
            }
        }
        parts.fixed_length()
    }
}

/// Numbers the legal edges `0..count` in increasing order.
struct EdgeIndex {
    /// Legal edges `xy` with `x < y` and `x` below each vertex.
    offset: [usize; MAX_VERTICES],
    /// The legal edges of each vertex to higher ones.
    later: [VertexSet; MAX_VERTICES],
}

impl EdgeIndex {
    fn of(legal: &LegalEdges) -> EdgeIndex {
        let mut index = EdgeIndex {
            offset: [0; MAX_VERTICES],
            later: [0; MAX_VERTICES],
        };
        let mut total = 0;
        for u in 0..legal.n {
            index.offset[u] = total;
            index.later[u] = legal.legal[u] & !first_n(u + 1);
            total += index.later[u].count_ones() as usize;
        }
        index
    }

    /// The number of the legal edge `xy` (either order).
    fn number(&self, x: usize, y: usize) -> usize {
        let (x, y) = (x.min(y), x.max(y));
        self.offset[x] + (self.later[x] & first_n(y)).count_ones() as usize
    }
}

/// Union-find over the legal edges with, per component, its interacting
/// pairs by kind.
struct Components {
    parent: Vec<usize>,
    /// Per root: edges, hard pairs, soft pairs.
    counts: Vec<[usize; 3]>,
}

impl Components {
    fn new(count: usize) -> Components {
        Components {
            parent: (0..count).collect(),
            counts: vec![[1, 0, 0]; count],
        }
    }

    fn root(&mut self, mut a: usize) -> usize {
        while self.parent[a] != a {
            self.parent[a] = self.parent[self.parent[a]];
            a = self.parent[a];
        }
        a
    }

    /// Records the interacting pair `a`, `b` (hard or soft).
    fn join(&mut self, a: usize, b: usize, hard: bool) {
        let (ra, rb) = (self.root(a), self.root(b));
        if ra != rb {
            self.parent[rb] = ra;
            let moved = self.counts[rb];
            for (into, add) in self.counts[ra].iter_mut().zip(moved) {
                *into += add;
            }
        }
        self.counts[ra][if hard { 1 } else { 2 }] += 1;
    }

    /// The moves the components take together when each is of a kind of
    /// Claim 2 (module docs), else `None`.
    fn fixed_length(mut self) -> Option<usize> {
        let mut total = 0;
        for a in 0..self.parent.len() {
            if self.root(a) != a {
                continue;
            }
            total += match self.counts[a] {
                [1, 0, 0] => 1,
                [k, hard, 0] if hard == k * (k - 1) / 2 => 1,
                [3, 0, 3] => 2,
                _ => return None,
            };
        }
        Some(total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::Board;

    fn position(n: usize, edges: &[(u8, u8)]) -> Position {
        let mut p = Position::empty(Board::complete_graph(n));
        for &(u, v) in edges {
            p.claim(Edge::new(u, v), Player::First).unwrap();
        }
        p
    }

    #[test]
    fn a_path_on_three_vertices_leaves_one_move_and_a_triangle_two() {
        // P3 0-1-2: the only legal free edge at 0 or 2 would be 02, which
        // is not legal (common neighbour 1): no move on three vertices.
        assert_eq!(LegalEdges::of(&position(3, &[(0, 1), (1, 2)])).fixed_length(), Some(0));
        // K3 empty: a legal triangle, two moves.
        assert_eq!(LegalEdges::of(&position(3, &[])).fixed_length(), Some(2));
        // One edge 01 on three vertices: 02 and 12 are hard, one move.
        let one = LegalEdges::of(&position(3, &[(0, 1)]));
        assert_eq!((one.count, one.fixed_length()), (2, Some(1)));
        assert_eq!(one.left_after(Edge::new(0, 2)), 0);
    }

    #[test]
    fn a_legal_path_of_three_edges_has_no_fixed_length() {
        // Empty K4: all six edges legal, lines of 3 or 4 moves (C4 or a star
        // plus nothing): not fixed.
        assert_eq!(LegalEdges::of(&position(4, &[])).fixed_length(), None);
    }
}
