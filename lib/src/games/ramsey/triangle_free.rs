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
//! # Components
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
//! independently: the game from here is their disjunctive sum, and
//! `endgame.rs` decides it where the components are small.

use crate::core::board::{first_n, members, Edge, Player, Position, Vertex, VertexSet, MAX_VERTICES};

/// The common graph and its legal edges at one position, as bit sets
/// (compared whole: `endgame.rs` remembers the last one it split).
#[derive(Clone, PartialEq, Eq)]
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

    /// Vertices of the board.
    pub(super) fn vertices(&self) -> usize {
        self.n
    }

    /// The edges of the common graph that are third sides of cherries of
    /// the legal edges `part` (`part[v]`: the `w` with `vw` in `part`), as
    /// rows like `part`'s: what `reduced.rs` keeps of the graph.
    pub(super) fn third_sides(&self, part: &[VertexSet; MAX_VERTICES]) -> [VertexSet; MAX_VERTICES] {
        let mut third = [0; MAX_VERTICES];
        for cherry in &part[..self.n] {
            for x in members(*cherry) {
                third[x as usize] |= self.adjacent[x as usize] & cherry;
            }
        }
        third
    }

    /// The legal edges left after the legal move `e` (Claim 1).
    pub(super) fn left_after(&self, e: Edge) -> usize {
        let (u, v) = e.ends();
        let (u, v) = (u as usize, v as usize);
        let killed = (self.legal[u] & self.adjacent[v]).count_ones() + (self.legal[v] & self.adjacent[u]).count_ones();
        self.count - 1 - killed as usize
    }

    /// The interacting pairs of legal edges (Claim 2), the legal edges
    /// numbered `0..count` in increasing order ([`LegalEdges::edges`]);
    /// `None` past 64 legal edges.
    pub(super) fn interactions(&self) -> Option<Interactions> {
        if self.count > 64 {
            return None;
        }
        let index = EdgeIndex::of(self);
        let mut found = Interactions {
            hard: vec![0; self.count],
            triangles: vec![Vec::new(); self.count],
        };
        for u in 0..self.n {
            let row = self.legal[u];
            for v in members(row) {
                // Each pair uv, uw at u once: w above v.
                for w in members(row & !first_n(v as usize + 1)) {
                    let (a, b) = (index.number(u, v as usize), index.number(u, w as usize));
                    if self.adjacent[v as usize] >> w & 1 == 1 {
                        found.hard[a] |= 1 << b;
                        found.hard[b] |= 1 << a;
                    } else if self.legal[v as usize] >> w & 1 == 1 {
                        let c = index.number(v as usize, w as usize);
                        found.triangles[a].push((b as u8, c as u8));
                        found.triangles[b].push((a as u8, c as u8));
                    }
                }
            }
        }
        Some(found)
    }
}

/// The interacting pairs of at most 64 legal edges, as bit sets over their
/// numbers.
pub(super) struct Interactions {
    /// `hard[e]`: the edges hard with `e`.
    pub(super) hard: Vec<u64>,
    /// `triangles[e]`: `(f, t)` for each edge `f` soft with `e`, `t` the
    /// third edge of their triangle (legal, so also numbered). Each legal
    /// triangle `e, f, t` is listed at `e` twice, as `(f, t)` and `(t, f)`.
    pub(super) triangles: Vec<Vec<(u8, u8)>>,
}

impl Interactions {
    /// The edges that playing `e` kills once the edges `played` are played
    /// (Claim 1: those whose triangle with `e` has its third edge in the
    /// graph: from the start, or played since).
    pub(super) fn killed_by(&self, e: usize, played: u64) -> u64 {
        let mut killed = self.hard[e];
        for &(f, t) in &self.triangles[e] {
            killed |= (played >> t & 1) << f;
        }
        killed
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
    fn a_move_leaves_the_legal_edges_not_killed_and_a_legal_triangle_interacts_softly() {
        // One edge 01 on three vertices: 02 and 12 legal and hard.
        let one = LegalEdges::of(&position(3, &[(0, 1)]));
        assert_eq!(one.edges(), vec![Edge::new(0, 2), Edge::new(1, 2)]);
        assert_eq!(one.left_after(Edge::new(0, 2)), 0);
        let found = one.interactions().unwrap();
        assert_eq!((found.hard[0], found.hard[1]), (0b10, 0b01));
        // The empty triangle: three legal edges, pairwise soft.
        let triangle = LegalEdges::of(&position(3, &[])).interactions().unwrap();
        assert_eq!(triangle.hard, vec![0; 3]);
        assert_eq!(triangle.killed_by(0, 0), 0);
        assert_eq!(triangle.killed_by(0, 0b010), 0b100);
    }
}
