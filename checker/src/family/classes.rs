//! Graphs up to isomorphism, for the families that this checker counts
//! rather than enumerates (version 15's connected regular graphs, version
//! 8's `graphs`): the size of an isomorphism class, the members told
//! apart, and the coverage test, by this checker's own code.
//!
//! A family of unlabelled graphs is **covered** by pairwise non-isomorphic
//! members when the members' isomorphism classes hold every labelled graph
//! of the family. The class of a graph `G` on `n` vertices holds
//! `n! / |Aut(G)|` labelled graphs (orbit-stabiliser: the symmetric group
//! acts on labellings, and `Aut(G)` is the stabiliser). So with the
//! members pairwise non-isomorphic and in the family, the sum of
//! `n! / |Aut(G)|` over them equals the number of labelled graphs of the
//! family exactly when no class is missing ([`covered`]).

use super::{invalid_at, par_map, Member};
use crate::iso::{isomorphic, Cells};
use crate::Rejection;
use std::collections::HashMap;

/// A graph as its adjacency matrix.
pub type Matrix = Vec<Vec<bool>>;

/// `n!`.
pub fn factorial(n: usize) -> u128 {
    (1..=n as u128).product()
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
pub fn matrix(n: usize, edges: &[(usize, usize)]) -> Matrix {
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

/// The labelled graphs in the isomorphism class of `adjacent`:
/// `n! / |Aut(G)|`.
pub fn labellings(adjacent: &[Vec<bool>]) -> u128 {
    factorial(adjacent.len()) / automorphisms(adjacent)
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
fn invariant(a: &[Vec<bool>]) -> u64 {
    crate::iso::invariant(&Marked {
        adjacent: a,
        marks: vec![0; a.len()],
    })
}

/// Checks that no two members' graphs are isomorphic: compared only
/// within groups of equal order and invariant (not every pair), the test
/// itself exhaustive.
pub(crate) fn distinct(members: &[Member], graphs: &[Matrix]) -> Result<(), Rejection> {
    let mut groups: HashMap<(usize, u64), Vec<usize>> = HashMap::new();
    for (i, g) in graphs.iter().enumerate() {
        let group = groups.entry((g.len(), invariant(g))).or_default();
        if let Some(&j) = group.iter().find(|&&j| same_graph(&graphs[j], g)) {
            return Err(invalid_at(
                members[i].line,
                format!("its graph is isomorphic to the member's on line {}", members[j].line),
            ));
        }
        group.push(i);
    }
    Ok(())
}

/// The labelled graphs that the members' classes hold, in all, computed on
/// `threads` threads.
pub fn held(graphs: &[&Matrix], threads: usize) -> u128 {
    par_map(graphs.len(), threads, &|i| labellings(graphs[i]))
        .into_iter()
        .sum()
}

/// Checks that pairwise non-isomorphic members of the family, whose
/// classes hold `held` labelled graphs, cover the `family` labelled
/// graphs of the family, told as `what` ("graphs on 5 vertices").
pub fn covered(held: u128, family: u128, what: &str) -> Result<(), Rejection> {
    match held == family {
        true => Ok(()),
        false if held < family => Err(Rejection::invalid(format!(
            "the members' isomorphism classes hold {held} of the {family} labelled {what}: {} are no \
             member's (a member is missing)",
            family - held
        ))),
        false => Err(Rejection::invalid(format!(
            "the members' isomorphism classes hold {held} labelled graphs, more than the {family} {what}"
        ))),
    }
}
