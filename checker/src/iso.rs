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

/// A vertex's signature, hashed: its colour and the multiset of (edge
/// colour, neighbour's colour) over its claimed edges, the multiset summed
/// as mixed words so that no list is built or sorted. Equal signatures
/// hash equal, so the refinement stays isomorphism invariant; two
/// different signatures hashing equal (about 2^-64 a pair) would only
/// leave a class unsplit, which costs time, never soundness.
type Signature = u64;

/// A complete graph whose vertex pairs carry small codes (0 = no edge):
/// what this module tests for isomorphism. Version 2 positions code red 1
/// and blue 2; version 3 positions also code the free board edges.
pub trait Cells {
    /// Number of vertices.
    fn order(&self) -> usize;
    /// The code of the pair `{u, v}` (0 for none).
    fn cell(&self, u: usize, v: usize) -> u8;
    /// Appends every code to `out`, row by row: `cell(u, v)` for `u`, then
    /// `v`, from 0 (a type holding the matrix copies it at once).
    fn codes(&self, out: &mut Vec<u8>) {
        let n = self.order();
        out.extend((0..n * n).map(|i| self.cell(i / n, i % n)));
    }
}

impl Cells for Graph {
    fn order(&self) -> usize {
        Graph::order(self)
    }
    fn cell(&self, u: usize, v: usize) -> u8 {
        Graph::cell(self, u, v)
    }
}

/// How many pairs `{u, v}`, `u < v`, carry each code, read off the
/// graph's [`neighbours`] (code 0: the pairs listed nowhere).
fn code_counts(lists: &Neighbours) -> [usize; 256] {
    let n = lists.len();
    let mut counts = [0; 256];
    for (u, around) in lists.iter().enumerate() {
        for &(c, _) in around.iter().filter(|&&(_, w)| w > u) {
            counts[c as usize] += 1;
        }
    }
    counts[0] = n * n.saturating_sub(1) / 2 - counts.iter().sum::<usize>();
    counts
}

/// Each vertex's claimed edges as (edge colour, other end).
type Neighbours = Vec<Vec<(u8, usize)>>;

/// A graph's [`Neighbours`], built once per test (refinement reads them
/// every round).
fn neighbours(g: &impl Cells) -> Neighbours {
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
    let edges = around.iter().fold(0u64, |sum, &(c, w)| {
        sum.wrapping_add(mix(u64::from(c) << 32 | u64::from(colours[w])))
    });
    mix(edges ^ mix(u64::from(colours[v]) ^ 0x9e37_79b9_7f4a_7c15))
}

/// SplitMix64's finaliser: a bijection of words that spreads every bit.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Refines the colourings of several graphs with one shared naming, until no
/// class splits. Returns the final signatures (for the invariant).
/// `lists` are the graphs' [`neighbours`].
fn refine(lists: &[&Neighbours], colours: &mut [Vec<u32>]) -> Vec<Signature> {
    let mut classes = usize::MAX;
    // A stable colouring is reached within as many rounds as there are
    // vertices; the cap only guards against a hash collision merging
    // classes, which could otherwise keep the count moving.
    let rounds = colours.iter().map(Vec::len).sum::<usize>() + 1;
    for round in 0.. {
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
        let mut names: Vec<Signature> = sigs.iter().flatten().copied().collect();
        names.sort_unstable();
        names.dedup();
        for (c, s) in colours.iter_mut().zip(&sigs) {
            for (slot, sig) in c.iter_mut().zip(s) {
                *slot = names.binary_search(sig).expect("every signature is named") as u32;
            }
        }
        // Each new class lies inside an old one, so an unchanged count
        // means no class split in any graph.
        if names.len() == classes || round == rounds {
            return sigs.into_iter().flatten().collect();
        }
        classes = names.len();
    }
    unreachable!("the rounds are capped")
}

/// The stable colouring of `g` (colour refinement from one colour) and an
/// invariant hashed from its final signatures. Both are isomorphism
/// invariant: colours are named by sorting the signatures of `g` alone, so
/// an isomorphism of two graphs carries one's stable colouring onto the
/// other's. Only used to pick candidate entries and to start
/// [`isomorphic_from`], so a collision merely costs time.
pub fn stable<G: Cells>(g: &G) -> (Vec<u32>, u64) {
    let mut colours = vec![vec![0; g.order()]];
    let mut sigs = refine(&[&neighbours(g)], &mut colours);
    sigs.sort_unstable();
    let mut h = DefaultHasher::new();
    sigs.hash(&mut h);
    (colours.pop().expect("one graph"), h.finish())
}

/// An isomorphism invariant of a touched part: equal for isomorphic graphs.
/// Only used to pick candidate entries, so a collision merely costs time.
pub fn invariant<G: Cells>(g: &G) -> u64 {
    stable(g).1
}

/// How many vertices have each colour (a counting sort: colours are ranks,
/// below the number of vertices of the graphs refined together).
fn histogram(colours: &[u32]) -> Vec<u32> {
    let top = colours.iter().max().map_or(0, |&c| c as usize + 1);
    let mut counts = vec![0; top];
    for &c in colours {
        counts[c as usize] += 1;
    }
    counts
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
    isomorphic_from(a, &vec![0; a.order()], b, &vec![0; b.order()])
}

/// [`isomorphic`], the search started from vertex colourings `ca` of `a`
/// and `cb` of `b` that any isomorphism must keep (their [`stable`]
/// colourings, say, computed once per graph and reused: the search then
/// skips most of the refinement). Colourings that an isomorphism does not
/// keep can only make the answer `false`, never a wrong `true`: a `true`
/// still rests on [`is_isomorphism`].
pub fn isomorphic_from<G: Cells>(a: &G, ca: &[u32], b: &G, cb: &[u32]) -> bool {
    if a.order() != b.order() || ca.len() != a.order() || cb.len() != b.order() {
        return false;
    }
    if histogram(ca) != histogram(cb) {
        return false;
    }
    let lists = [&neighbours(a), &neighbours(b)];
    if code_counts(lists[0]) != code_counts(lists[1]) {
        return false;
    }
    search(&lists, ca.to_vec(), cb.to_vec(), &|map| is_isomorphism(a, b, map)).is_some()
}

/// A vertex map that passes `test` (the isomorphism check) between the
/// graphs with neighbour lists `lists`, keeping the colourings `ca` and
/// `cb`: refine, then individualise a vertex of the first non-singleton
/// class against each vertex of its class in the other, backtracking.
fn search(lists: &[&Neighbours; 2], ca: Vec<u32>, cb: Vec<u32>, test: &dyn Fn(&[usize]) -> bool) -> Option<Vec<usize>> {
    let mut colours = [ca, cb];
    refine(lists, &mut colours);
    let [ca, cb] = colours;
    if histogram(&ca) != histogram(&cb) {
        return None;
    }
    let split = (0..ca.len())
        .filter(|&v| ca.iter().filter(|&&c| c == ca[v]).count() > 1)
        .min_by_key(|&v| ca[v]);
    let Some(x) = split else {
        let map: Vec<usize> = ca.iter().map(|&c| cb.iter().position(|&d| d == c).unwrap()).collect();
        return test(&map).then_some(map);
    };
    let fresh = ca.iter().max().unwrap() + 1;
    (0..cb.len()).filter(|&y| cb[y] == ca[x]).find_map(|y| {
        let (mut ca2, mut cb2) = (ca.clone(), cb.clone());
        ca2[x] = fresh;
        cb2[y] = fresh;
        search(lists, ca2, cb2, test)
    })
}

/// Every permutation of `0..n`, for brute-force answers in tests.
#[cfg(test)]
pub(crate) fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut all = vec![];
    for p in permutations(n - 1) {
        for i in 0..n {
            let mut q = p.clone();
            q.insert(i, n - 1);
            all.push(q);
        }
    }
    all
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

    /// Differential test: on random 2-coloured graphs with 6 vertices (each
    /// paired with a relabelled copy, with a copy with one pair recoloured,
    /// and with another random graph), `isomorphic` and `isomorphic_from`
    /// started at the separately computed stable colourings answer exactly
    /// as trying all 720 vertex maps does.
    #[test]
    fn stable_starts_agree_with_brute_force() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        let maps = permutations(6);
        let random = |next: &mut dyn FnMut(u64) -> u64| {
            let mut g = Graph::new(6);
            for u in 0..6 {
                for v in u + 1..6 {
                    match next(3) {
                        1 => g.claim(u, v, Red),
                        2 => g.claim(u, v, Blue),
                        _ => {}
                    }
                }
            }
            g
        };
        let (mut same, mut different) = (0, 0);
        for _ in 0..300 {
            let a = random(&mut next);
            let perm = &maps[next(720) as usize];
            let mut b = Graph::new(6);
            let mut c = Graph::new(6);
            for u in 0..6 {
                for v in u + 1..6 {
                    let code = a.cell(u, v);
                    let colour = if code == 1 { Red } else { Blue };
                    if code != 0 {
                        b.claim(perm[u], perm[v], colour);
                    }
                    let flipped = (u, v) == (0, 1);
                    match (code, flipped) {
                        (0, true) => c.claim(u, v, Red),
                        (0, false) => {}
                        (_, true) => c.claim(u, v, if code == 1 { Blue } else { Red }),
                        (_, false) => c.claim(u, v, colour),
                    }
                }
            }
            let d = random(&mut next);
            for other in [&b, &c, &d] {
                let brute = maps.iter().any(|m| is_isomorphism(&a, other, m));
                let (ca, cb) = (stable(&a).0, stable(other).0);
                assert_eq!(isomorphic(&a, other), brute);
                assert_eq!(isomorphic_from(&a, &ca, other, &cb), brute);
                if brute {
                    same += 1;
                } else {
                    different += 1;
                }
            }
        }
        assert!(same >= 300 && different >= 300, "{same} {different}");
    }
}
