//! Isomorphism of positions, without any canonical labelling.
//!
//! Soundness rests on one thing only: [`isomorphic`] answers `true` after it
//! has found an explicit vertex bijection and checked, pair by pair, that it
//! maps every red edge to a red edge and every blue edge to a blue edge
//! ([`is_isomorphism`]). Everything else here (colour refinement, the
//! invariant, the backtracking order) only decides how fast that bijection is
//! found and which entries are tried; a mistake there could make the checker
//! reject a good certificate, never accept a bad one.
//!
//! Colour refinement: a vertex's new colour is its old colour together with
//! the sorted list of (edge colour, neighbour's old colour) over its claimed
//! edges; colours are renamed by sorting the distinct signatures, so names
//! never depend on vertex numbers. The search individualises a vertex of the
//! first non-singleton class of one graph, tries every vertex of the same
//! class of the other, refines both together and recurses.

use crate::graph::Graph;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

type Signature = (u32, Vec<(u8, u32)>);

/// A complete graph whose vertex pairs carry small codes (0 = no edge):
/// what this module tests for isomorphism. Version 2 positions code red 1
/// and blue 2; version 3 positions also code the free board edges.
pub trait Cells {
    /// Number of vertices.
    fn order(&self) -> usize;
    /// The code of the pair `{u, v}` (0 for none).
    fn cell(&self, u: usize, v: usize) -> u8;
}

impl Cells for Graph {
    fn order(&self) -> usize {
        Graph::order(self)
    }
    fn cell(&self, u: usize, v: usize) -> u8 {
        Graph::cell(self, u, v)
    }
}

/// How many pairs carry each code.
fn code_counts(g: &impl Cells) -> [usize; 256] {
    let mut counts = [0; 256];
    for u in 0..g.order() {
        for v in u + 1..g.order() {
            counts[g.cell(u, v) as usize] += 1;
        }
    }
    counts
}

/// Each vertex's claimed edges as (edge colour, other end).
fn neighbours(g: &impl Cells) -> Vec<Vec<(u8, usize)>> {
    (0..g.order())
        .map(|v| {
            (0..g.order())
                .filter(|&w| g.cell(v, w) != 0)
                .map(|w| (g.cell(v, w), w))
                .collect()
        })
        .collect()
}

fn signature(around: &[(u8, usize)], colours: &[u32], v: usize) -> Signature {
    let mut sig: Vec<(u8, u32)> = around.iter().map(|&(c, w)| (c, colours[w])).collect();
    sig.sort_unstable();
    (colours[v], sig)
}

/// Refines the colourings of several graphs with one shared naming, until no
/// class splits. Returns the final signatures (for the invariant).
fn refine<G: Cells>(graphs: &[&G], colours: &mut [Vec<u32>]) -> Vec<Signature> {
    let lists: Vec<Vec<Vec<(u8, usize)>>> = graphs.iter().map(|&g| neighbours(g)).collect();
    let mut classes = usize::MAX;
    loop {
        let sigs: Vec<Vec<Signature>> = lists
            .iter()
            .zip(colours.iter())
            .map(|(l, c)| {
                l.iter()
                    .enumerate()
                    .map(|(v, around)| signature(around, c, v))
                    .collect()
            })
            .collect();
        let mut names: Vec<&Signature> = sigs.iter().flatten().collect();
        names.sort_unstable();
        names.dedup();
        for (c, s) in colours.iter_mut().zip(&sigs) {
            for (slot, sig) in c.iter_mut().zip(s) {
                *slot = names.binary_search(&sig).expect("every signature is named") as u32;
            }
        }
        // Each new class lies inside an old one, so an unchanged count
        // means no class split in any graph.
        if names.len() == classes {
            return sigs.into_iter().flatten().collect();
        }
        classes = names.len();
    }
}

/// An isomorphism invariant of a touched part: equal for isomorphic graphs.
/// Only used to pick candidate entries, so a collision merely costs time.
pub fn invariant<G: Cells>(g: &G) -> u64 {
    let mut colours = vec![vec![0; g.order()]];
    let mut sigs = refine(&[g], &mut colours);
    sigs.sort_unstable();
    let mut h = DefaultHasher::new();
    sigs.hash(&mut h);
    h.finish()
}

fn histogram(colours: &[u32]) -> Vec<u32> {
    let mut sorted = colours.to_vec();
    sorted.sort_unstable();
    sorted
}

/// Whether `map` (vertex `v` of `a` to `map[v]` of `b`) is a bijection that
/// carries every claimed edge of `a` to an edge of `b` of the same colour,
/// and every unclaimed pair to an unclaimed pair.
pub fn is_isomorphism<G: Cells>(a: &G, b: &G, map: &[usize]) -> bool {
    let n = a.order();
    let mut hit = vec![false; n];
    if b.order() != n || map.len() != n || map.iter().any(|&w| w >= n || std::mem::replace(&mut hit[w], true)) {
        return false;
    }
    (0..n).all(|u| (0..n).all(|v| a.cell(u, v) == b.cell(map[u], map[v])))
}

/// Whether the two graphs are isomorphic (same order, codes preserved).
pub fn isomorphic<G: Cells>(a: &G, b: &G) -> bool {
    if a.order() != b.order() || code_counts(a) != code_counts(b) {
        return false;
    }
    let n = a.order();
    search(a, b, vec![0; n], vec![0; n]).is_some_and(|map| is_isomorphism(a, b, &map))
}

fn search<G: Cells>(a: &G, b: &G, ca: Vec<u32>, cb: Vec<u32>) -> Option<Vec<usize>> {
    let mut colours = [ca, cb];
    refine(&[a, b], &mut colours);
    let [ca, cb] = colours;
    if histogram(&ca) != histogram(&cb) {
        return None;
    }
    let split = (0..a.order())
        .filter(|&v| ca.iter().filter(|&&c| c == ca[v]).count() > 1)
        .min_by_key(|&v| ca[v]);
    let Some(x) = split else {
        let map: Vec<usize> = ca.iter().map(|&c| cb.iter().position(|&d| d == c).unwrap()).collect();
        return is_isomorphism(a, b, &map).then_some(map);
    };
    let fresh = ca.iter().max().unwrap() + 1;
    (0..b.order()).filter(|&y| cb[y] == ca[x]).find_map(|y| {
        let (mut ca2, mut cb2) = (ca.clone(), cb.clone());
        ca2[x] = fresh;
        cb2[y] = fresh;
        search(a, b, ca2, cb2)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::Colour::{Blue, Red};

    fn graph(red: &[(usize, usize)], blue: &[(usize, usize)]) -> Graph {
        let mut g = Graph::new(0);
        red.iter().for_each(|&(u, v)| g.claim(u, v, Red));
        blue.iter().for_each(|&(u, v)| g.claim(u, v, Blue));
        g
    }

    #[test]
    fn relabelled_graphs_are_isomorphic() {
        let a = graph(&[(0, 1), (1, 2)], &[(2, 3), (0, 3)]);
        let b = graph(&[(3, 2), (2, 0)], &[(0, 1), (3, 1)]);
        assert!(isomorphic(&a, &b));
        assert_eq!(invariant(&a), invariant(&b));
    }

    #[test]
    fn colours_matter() {
        let a = graph(&[(0, 1), (1, 2)], &[(2, 3)]);
        let b = graph(&[(0, 1), (2, 3)], &[(1, 2)]);
        assert!(!isomorphic(&a, &b));
    }

    #[test]
    fn refinement_equivalent_but_not_isomorphic() {
        // A blue hexagon and two blue triangles: every vertex looks alike to
        // colour refinement, so only the backtracking can tell them apart.
        let hexagon = graph(&[], &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0)]);
        let triangles = graph(&[], &[(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3)]);
        assert_eq!(invariant(&hexagon), invariant(&triangles));
        assert!(!isomorphic(&hexagon, &triangles));
        assert!(isomorphic(
            &hexagon,
            &graph(&[], &[(0, 2), (2, 4), (4, 1), (1, 3), (3, 5), (5, 0)])
        ));
    }

    #[test]
    fn a_wrong_map_is_not_an_isomorphism() {
        let a = graph(&[(0, 1)], &[(1, 2)]);
        assert!(is_isomorphism(&a, &a, &[0, 1, 2]));
        assert!(!is_isomorphism(&a, &a, &[1, 0, 2]));
        assert!(!is_isomorphism(&a, &a, &[0, 0, 2]));
    }
}
