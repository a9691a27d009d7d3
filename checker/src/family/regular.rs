//! Connected regular graphs, counted and told apart by this checker's own
//! code (the engine never counts them; nauty lists them for the writer).
//!
//! A family of unlabelled graphs is **covered** by pairwise non-isomorphic
//! members when the members' isomorphism classes hold every labelled graph
//! of the family. The class of a graph `G` on `n` vertices holds
//! `n! / |Aut(G)|` labelled graphs (orbit-stabiliser: the symmetric group
//! acts on labellings, and `Aut(G)` is the stabiliser). So with the
//! members pairwise non-isomorphic and in the family, the sum of
//! `n! / |Aut(G)|` over them equals the number of labelled graphs of the
//! family exactly when no class is missing. This module computes both
//! sides: [`labelled_connected_regular`] and [`automorphisms`].
//!
//! Counting: [`labelled_regular`] counts the labelled `d`-regular graphs on
//! `n` vertices by choosing the neighbours of one vertex at a time among
//! the vertices that still need edges; how many ways the rest can be
//! completed depends only on how many vertices still need each number of
//! edges, so the count is memoised on that multiset. The connected ones
//! follow from the standard recurrence over the component of vertex 1
//! (every component of a regular graph is regular of the same degree):
//! `a(n) = sum_{k=1..n} C(n-1, k-1) c(k) a(n-k)`.

use crate::iso::{isomorphic, Cells};
use std::collections::HashMap;

/// The largest order whose family is counted (12! and the labelled counts
/// fit easily in `u128`; the members' certificates bound the order anyway).
pub const MAX_REGULAR_ORDER: usize = 12;

/// `n!`.
pub fn factorial(n: usize) -> u128 {
    (1..=n as u128).product()
}

/// The binomial coefficient `C(n, k)` (0 when `k > n`).
fn binomial(n: usize, k: usize) -> u128 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u128, |acc, i| acc * (n - i) as u128 / (i + 1) as u128)
}

/// The number of labelled `d`-regular graphs on `n` vertices (no loops,
/// no multiple edges; 1 for `n = 0`).
pub fn labelled_regular(n: usize, d: usize) -> u128 {
    if d >= n.max(1) && n > 0 {
        return 0;
    }
    let mut needs = vec![0u8; d + 1];
    needs[d] = n as u8;
    completions(&needs, &mut HashMap::new())
}

/// The graphs on a labelled vertex set in which `needs[r]` vertices need
/// `r` more edges each (vertices needing none are left out): pick a vertex
/// needing the most, choose its `r` neighbours among the others that need
/// edges (`k_j` from those needing `j`), and complete the rest.
fn completions(needs: &[u8], memo: &mut HashMap<Vec<u8>, u128>) -> u128 {
    let Some(r) = (1..needs.len()).rev().find(|&r| needs[r] > 0) else {
        return 1;
    };
    // The vertices needing no edge play no part.
    let mut key = needs.to_vec();
    key[0] = 0;
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut rest = key.clone();
    rest[r] -= 1;
    let mut total = 0;
    choose(&rest, 1, r, &mut rest.clone(), 1, memo, &mut total);
    memo.insert(key, total);
    total
}

/// Chooses how many of the chosen vertex's `left` neighbours come from the
/// vertices needing `j`, `j + 1`, ... edges (`others`: the other vertices'
/// needs), building the needs after them in `after`, and adds the ways
/// (`ways` so far) times the completions to `total`.
fn choose(
    others: &[u8],
    j: usize,
    left: usize,
    after: &mut Vec<u8>,
    ways: u128,
    memo: &mut HashMap<Vec<u8>, u128>,
    total: &mut u128,
) {
    if left == 0 {
        *total += ways * completions(after, memo);
        return;
    }
    if j == others.len() {
        return;
    }
    for k in 0..=left.min(others[j] as usize) {
        after[j] -= k as u8;
        after[j - 1] += k as u8;
        let w = ways * binomial(others[j] as usize, k);
        choose(others, j + 1, left - k, after, w, memo, total);
        after[j] += k as u8;
        after[j - 1] -= k as u8;
    }
}

/// The number of labelled connected `d`-regular graphs on `n` vertices,
/// `1 <= n <= MAX_REGULAR_ORDER`, by the recurrence of the module docs.
pub fn labelled_connected_regular(n: usize, d: usize) -> u128 {
    assert!(
        (1..=MAX_REGULAR_ORDER).contains(&n),
        "order {n} outside 1..={MAX_REGULAR_ORDER}"
    );
    let all: Vec<u128> = (0..=n).map(|m| labelled_regular(m, d)).collect();
    let mut connected = vec![0u128; n + 1];
    for m in 1..=n {
        let split: u128 = (1..m).map(|k| binomial(m - 1, k - 1) * connected[k] * all[m - k]).sum();
        connected[m] = all[m] - split;
    }
    connected[n]
}

/// A graph whose vertices `0..marks.len()` may carry marks: the cells are
/// 1 on an edge and, on the diagonal, the vertex's mark (0 for none), so
/// an isomorphism of two marked graphs keeps every mark.
struct Marked<'a> {
    adjacent: &'a [Vec<bool>],
    marks: Vec<u8>,
}

impl Cells for Marked<'_> {
    fn order(&self) -> usize {
        self.marks.len()
    }
    fn cell(&self, u: usize, v: usize) -> u8 {
        match u == v {
            true => self.marks[u],
            false => u8::from(self.adjacent[u][v]),
        }
    }
}

/// The adjacency matrix of `n` vertices and `edges`.
pub fn matrix(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<bool>> {
    let mut adjacent = vec![vec![false; n]; n];
    for &(u, v) in edges {
        adjacent[u][v] = true;
        adjacent[v][u] = true;
    }
    adjacent
}

/// `|Aut(G)|` of the graph with adjacency matrix `adjacent`, as the product
/// over `i` of the orbit of vertex `i` under the automorphisms fixing
/// `0..i` (orbit-stabiliser, applied down the chain of pointwise
/// stabilisers, which ends at the identity). Vertex `w` is in that orbit
/// if the graph with `0..i` marked `1..=i` and `i` marked `i + 1` is
/// isomorphic to the one with `w` marked `i + 1` instead: the checker's own
/// exhaustive search ([`crate::iso`]), whose `true` is an explicit,
/// checked bijection (so a mark is never moved).
pub fn automorphisms(adjacent: &[Vec<bool>]) -> u128 {
    let n = adjacent.len();
    let mut total = 1u128;
    for i in 0..n {
        let marked = |w: usize| {
            let mut marks: Vec<u8> = (0..n).map(|v| if v < i { v as u8 + 1 } else { 0 }).collect();
            marks[w] = i as u8 + 1;
            Marked { adjacent, marks }
        };
        let base = marked(i);
        total *= (i..n).filter(|&w| isomorphic(&base, &marked(w))).count() as u128;
    }
    total
}

/// Whether the two graphs (adjacency matrices) are isomorphic, by the
/// checker's own exhaustive search.
pub fn same_graph(a: &[Vec<bool>], b: &[Vec<bool>]) -> bool {
    let unmarked = |adjacent| Marked {
        adjacent,
        marks: vec![0; a.len()],
    };
    a.len() == b.len() && isomorphic(&unmarked(a), &unmarked(b))
}

/// An isomorphism invariant (to pair up members to compare).
pub fn invariant(a: &[Vec<bool>]) -> u64 {
    crate::iso::invariant(&Marked {
        adjacent: a,
        marks: vec![0; a.len()],
    })
}

/// Whether the graph is connected and every vertex has degree `d`.
pub fn connected_regular(adjacent: &[Vec<bool>], d: usize) -> bool {
    let n = adjacent.len();
    if adjacent.iter().any(|row| row.iter().filter(|&&e| e).count() != d) {
        return false;
    }
    let mut seen = vec![false; n];
    let mut stack = vec![0];
    seen[0] = n > 0;
    while let Some(v) = stack.pop() {
        for w in (0..n).filter(|&w| adjacent[v][w]) {
            if !std::mem::replace(&mut seen[w], true) {
                stack.push(w);
            }
        }
    }
    seen.iter().all(|&s| s)
}

#[cfg(test)]
#[path = "regular_tests.rs"]
mod tests;
