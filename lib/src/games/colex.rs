//! Colex graphs and the graph measures of Erdős' scoring games, on graphs
//! given as adjacency bitsets (`adj[v]` = neighbours of `v`).
//!
//! Cambie and Provoost, Section 2.1: the Colex graph `C(m)` has vertices
//! `0..n` for the least `n` with `binom(n, 2) >= m`, and as edges the first
//! `m` pairs in colexicographic order (`{a, b} < {c, d}` with `a < b`,
//! `c < d` if `b < d`, or `b = d` and `a < c`): `0-1, 0-2, 1-2, 0-3, ...`.
//! So `C(binom(k, 2) + j)` with `0 <= j < k` is `K_k` plus a vertex joined
//! to `j` of its vertices, and `C(m)` is a subgraph of `C(m + 1)`.

use crate::core::board::{Edge, Vertex};

/// A set of vertices of a scoring game's board as one 32-bit word (the
/// boards have at most 12 vertices, `scoring::MAX_BOARD_VERTICES`): the
/// clique searches below mask and count such sets millions of times a
/// game, and the board's 128-bit `SmallSet` takes two instructions for
/// each of those steps (C(19)'s Colex game: 7.2 s to 5.5 s with one word).
pub type SmallSet = u32;

/// The members of a small set, in increasing order.
pub fn small_members(mut set: SmallSet) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let v = set.trailing_zeros() as usize;
            set &= set - 1;
            v
        })
    })
}

/// The set `{0, .., n-1}` of a graph's vertices.
fn every_vertex(n: usize) -> SmallSet {
    assert!(
        n <= SmallSet::BITS as usize,
        "a graph of {n} vertices is too large for a small set"
    );
    (0..n).fold(0, |s, v| s | 1 << v)
}

/// The Colex graph `C(m)`: its number of vertices and its edges.
pub fn colex_graph(m: usize) -> (usize, Vec<Edge>) {
    let mut n: usize = 0;
    while n * n.saturating_sub(1) / 2 < m {
        n += 1;
    }
    let edges = (1..n as Vertex)
        .flat_map(|b| (0..b).map(move |a| Edge::new(a, b)))
        .take(m)
        .collect();
    (n, edges)
}

/// The size of the largest clique of `adj` using only vertices of `within`
/// and at most `budget` edges of `extra` (edges of `adj` not in `extra`
/// are free to use). With `extra` empty this is the clique number.
pub fn clique_with_budget(adj: &[SmallSet], extra: &[SmallSet], within: SmallSet, budget: u32) -> u32 {
    let mut best = 0;
    grow(adj, &|v| extra[v], 0, within, budget, 0, &mut best);
    best
}

fn grow(
    adj: &[SmallSet],
    extra: &impl Fn(usize) -> SmallSet,
    clique: SmallSet,
    candidates: SmallSet,
    budget: u32,
    size: u32,
    best: &mut u32,
) {
    *best = (*best).max(size);
    let mut rest = candidates;
    while rest != 0 {
        if size + rest.count_ones() <= *best {
            return;
        }
        let v = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let cost = (extra(v) & clique).count_ones();
        let next = rest & adj[v];
        // A vertex with no candidate after it only makes a clique one
        // larger: counted here rather than by a call.
        match (cost <= budget, next) {
            (false, _) => {}
            (true, 0) => *best = (*best).max(size + 1),
            (true, _) => grow(adj, extra, clique | 1 << v, next, budget - cost, size + 1, best),
        }
    }
}

/// The size of the largest clique with an edge in a colour class: its
/// clique number, except 0 without edges (the Colex score's convention:
/// no edge is `C(0)`). The Clique game counts a lone vertex as a `K_1`
/// (`scoring.rs`, "The empty colour class").
pub fn edge_clique_number(adj: &[SmallSet]) -> u32 {
    let all = every_vertex(adj.len());
    let mut best = 0;
    grow(adj, &|_| 0, 0, all, 0, 0, &mut best);
    nonzero_clique(best)
}

/// Clique sizes below 2 are no edges, which count 0 (see
/// [`edge_clique_number`]).
pub fn nonzero_clique(k: u32) -> u32 {
    if k < 2 {
        0
    } else {
        k
    }
}

/// The Colex score of the graph formed by a set of edges: the largest `m`
/// with `C(m)` a subgraph (0 without edges).
///
/// With `ω` its clique number, `C(binom(ω, 2) + j)` is a subgraph exactly
/// when some `ω`-clique has an outside vertex joined to `j` of its
/// vertices (`j < ω`, or there would be a larger clique); a smaller clique
/// gives at most `binom(ω, 2)`. So the score is `binom(ω, 2)` plus the most
/// neighbours an outside vertex has in one `ω`-clique.
pub fn colex_score(adj: &[SmallSet]) -> u32 {
    colex_score_with_clique_number(adj, edge_clique_number(adj))
}

/// [`colex_score`] for a graph whose clique number (as
/// [`edge_clique_number`] gives it) is `omega`.
///
/// An outside vertex has at most `omega - 1` neighbours in an
/// `omega`-clique (else the clique would grow), so the search for the most
/// stops as soon as one has `omega - 1`.
pub fn colex_score_with_clique_number(adj: &[SmallSet], omega: u32) -> u32 {
    if omega == 0 {
        return 0;
    }
    let all = every_vertex(adj.len());
    let mut extra = 0;
    for_each_clique(adj, &|_| 0, 0, all, omega, 0, &mut |q, _| {
        for v in small_members(all & !q) {
            extra = extra.max((adj[v] & q).count_ones());
        }
        extra == omega - 1
    });
    omega * (omega - 1) / 2 + extra
}

/// The largest Colex score of a graph formed by the edges of `adj` not in
/// `extra` and at most `budget` edges of `extra` (`extra` a subgraph of
/// `adj`): what a player whose edges are `adj` less `extra` can reach
/// with `budget` more edges of `extra`, in any play.
///
/// Every such graph's score is `binom(ω', 2) + j'` with an `ω'`-clique `Q'`
/// and an outside vertex `w` joined to `j' < ω'` of it ([`colex_score`]).
/// `Q'` is a clique of `adj` using `c <= budget` edges of `extra`, so `ω'`
/// is at most the largest such clique size `k`; if smaller, the score is
/// below `binom(k, 2)`. If `ω' = k`, `Q'` is among the `k`-cliques
/// enumerated here and `w`'s `j'` edges to it are its own (non-`extra`)
/// ones and at most `budget - c` of its `extra` ones. So the score is at
/// most `binom(k, 2)` plus the largest such `j` (at most `k - 1`), which
/// some such graph reaches.
pub fn colex_score_with_budget(adj: &[SmallSet], extra: &[SmallSet], budget: u32) -> u32 {
    let all = every_vertex(adj.len());
    let k = nonzero_clique(clique_with_budget(adj, extra, all, budget));
    if k == 0 {
        return 0;
    }
    let mut best = 0;
    for_each_clique(adj, &|v| extra[v], 0, all, k, budget, &mut |q, left| {
        for v in small_members(all & !q) {
            let (fixed, optional) = ((adj[v] & !extra[v] & q), extra[v] & q);
            best = best.max(fixed.count_ones() + optional.count_ones().min(left));
        }
        best >= k - 1
    });
    k * (k - 1) / 2 + best.min(k - 1)
}

/// Calls `f` on every clique of exactly `size` more vertices within
/// `candidates` that extends `clique` using at most `budget` more edges of
/// `extra` (with the budget left), until `f` returns `true` (then returns
/// `true`).
pub(crate) fn for_each_clique(
    adj: &[SmallSet],
    extra: &impl Fn(usize) -> SmallSet,
    clique: SmallSet,
    candidates: SmallSet,
    size: u32,
    budget: u32,
    f: &mut impl FnMut(SmallSet, u32) -> bool,
) -> bool {
    if size == 0 {
        return f(clique, budget);
    }
    extend(
        adj,
        extra,
        clique,
        without_extra(extra, clique, candidates, budget),
        size,
        budget,
        f,
    )
}

/// `candidates`, less (when no budget is left) the vertices joined to
/// `clique` by an edge of `extra`: a vertex whose edges to the clique
/// cost nothing is all a clique without budget can add.
fn without_extra(extra: &impl Fn(usize) -> SmallSet, clique: SmallSet, candidates: SmallSet, budget: u32) -> SmallSet {
    match budget {
        0 => small_members(clique).fold(candidates, |r, u| r & !extra(u)),
        _ => candidates,
    }
}

/// [`for_each_clique`] for `size >= 1` with `rest` already filtered by
/// [`without_extra`]. A vertex is added only where enough candidates are
/// left to complete the clique, and the last vertex calls `f` at once:
/// the same cliques in the same order as one level per vertex, with fewer
/// calls (these enumerations are most of the Colex game's bounds).
fn extend(
    adj: &[SmallSet],
    extra: &impl Fn(usize) -> SmallSet,
    clique: SmallSet,
    mut rest: SmallSet,
    size: u32,
    budget: u32,
    f: &mut impl FnMut(SmallSet, u32) -> bool,
) -> bool {
    while rest.count_ones() >= size {
        let v = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let cost = (extra(v) & clique).count_ones();
        if cost > budget {
            continue;
        }
        let (grown, left) = (clique | 1 << v, budget - cost);
        let found = match size {
            1 => f(grown, left),
            _ => {
                // Without budget before, `rest` is filtered for `clique`
                // already: only `v`'s extra edges are new.
                let next = match budget {
                    0 => rest & adj[v] & !extra(v),
                    _ => without_extra(extra, grown, rest & adj[v], left),
                };
                next.count_ones() >= size - 1 && extend(adj, extra, grown, next, size - 1, left, f)
            }
        };
        if found {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn adjacency(n: usize, edges: &[Edge]) -> Vec<SmallSet> {
        let mut adj = vec![0; n];
        for e in edges {
            let (u, v) = e.ends();
            adj[u as usize] |= 1 << v;
            adj[v as usize] |= 1 << u;
        }
        adj
    }

    #[test]
    fn colex_graphs_are_cliques_plus_a_partial_vertex() {
        assert_eq!(colex_graph(1), (2, vec![Edge::new(0, 1)]));
        assert_eq!(colex_graph(6).0, 4);
        let (n, edges) = colex_graph(12);
        assert_eq!(n, 6);
        assert_eq!(edges[10..], [Edge::new(0, 5), Edge::new(1, 5)]);
    }

    #[test]
    fn colex_score_of_each_colex_graph_is_its_size() {
        for m in 0..=28 {
            let (n, edges) = colex_graph(m);
            assert_eq!(colex_score(&adjacency(n, &edges)), m as u32, "C({m})");
        }
    }

    #[test]
    fn colex_score_of_a_four_cycle_is_two() {
        let c4 = [Edge::new(0, 1), Edge::new(1, 2), Edge::new(2, 3), Edge::new(0, 3)];
        assert_eq!(colex_score(&adjacency(4, &c4)), 2);
        assert_eq!(edge_clique_number(&adjacency(4, &c4)), 2);
        assert_eq!(edge_clique_number(&adjacency(4, &[])), 0);
    }

    #[test]
    fn budget_limits_the_extra_edges_a_clique_may_use() {
        let (n, k5) = colex_graph(10);
        let all = adjacency(n, &k5);
        // Every edge is extra: a triangle needs 3, a K4 6.
        assert_eq!(clique_with_budget(&all, &all, 0b11111, 3), 3);
        assert_eq!(clique_with_budget(&all, &all, 0b11111, 5), 3);
        assert_eq!(clique_with_budget(&all, &all, 0b11111, 6), 4);
    }

    #[test]
    fn colex_score_with_budget_is_the_best_of_every_choice_of_extra_edges() {
        // Own: C(4) on 0..4 (a triangle and a pendant edge); extra: the
        // other pairs of K6; against every set of at most `budget` extras.
        let (_, own) = colex_graph(4);
        let pairs: Vec<Edge> = (1..6).flat_map(|b| (0..b).map(move |a| Edge::new(a, b))).collect();
        let extra: Vec<Edge> = pairs.iter().copied().filter(|e| !own.contains(e)).collect();
        let (reach, optional) = (adjacency(6, &pairs), adjacency(6, &extra));
        for budget in 0..=4u32 {
            let brute = (0u32..1 << extra.len())
                .filter(|s| s.count_ones() <= budget)
                .map(|s| {
                    let chosen = extra
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| s >> i & 1 == 1)
                        .map(|(_, &e)| e);
                    colex_score(&adjacency(6, &own.iter().copied().chain(chosen).collect::<Vec<_>>()))
                })
                .max();
            assert_eq!(
                Some(colex_score_with_budget(&reach, &optional, budget)),
                brute,
                "budget {budget}"
            );
        }
    }

    #[test]
    fn for_each_clique_lists_every_clique_within_budget_in_order() {
        // Pseudo-random graphs on 7 vertices, a random part of their edges
        // extra; against every subset, in lexicographic order of members.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let n = 7;
        for case in 0..200 {
            let (mut adj, mut extra) = (vec![0 as SmallSet; n], vec![0 as SmallSet; n]);
            for u in 0..n {
                for v in u + 1..n {
                    let r = next() % 4;
                    if r > 0 {
                        (adj[u], adj[v]) = (adj[u] | 1 << v, adj[v] | 1 << u);
                    }
                    if r == 3 {
                        (extra[u], extra[v]) = (extra[u] | 1 << v, extra[v] | 1 << u);
                    }
                }
            }
            for size in 1..=5u32 {
                for budget in 0..=3u32 {
                    let mut listed = Vec::new();
                    for_each_clique(&adj, &|v| extra[v], 0, every_vertex(n), size, budget, &mut |q, left| {
                        listed.push((q, left));
                        false
                    });
                    let members = |q: SmallSet| small_members(q).collect::<Vec<_>>();
                    let mut brute: Vec<(SmallSet, u32)> = (0..1 << n)
                        .filter(|&q: &SmallSet| q.count_ones() == size)
                        .filter(|&q| small_members(q).all(|v| adj[v] & q == q & !(1 << v)))
                        .map(|q| {
                            (
                                q,
                                small_members(q).map(|v| (extra[v] & q).count_ones()).sum::<u32>() / 2,
                            )
                        })
                        .filter(|&(_, cost)| cost <= budget)
                        .map(|(q, cost)| (q, budget - cost))
                        .collect();
                    brute.sort_by_key(|&(q, _)| members(q));
                    assert_eq!(listed, brute, "case {case}, size {size}, budget {budget}");
                }
            }
        }
    }
}
