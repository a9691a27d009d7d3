//! Tests of the checker's own counts behind version 15 (proofs/FORMAT.md):
//! labelled connected d-regular graphs and automorphism group orders,
//! against brute force over every labelled graph on up to 7 vertices and
//! against closed formulas beyond.

use super::{connected_regular, labelled_connected_regular, labelled_regular};
use crate::family::classes::{automorphisms, factorial, matrix};
use crate::iso::permutations;
use std::collections::HashMap;

/// The vertex pairs of `n` vertices, in a fixed order.
pub(crate) fn pairs(n: usize) -> Vec<(usize, usize)> {
    (0..n).flat_map(|v| (0..v).map(move |u| (u, v))).collect()
}

/// Every labelled graph on `n` vertices as its edge list (2^(n(n-1)/2)).
pub(crate) fn every_graph(n: usize) -> impl Iterator<Item = Vec<(usize, usize)>> {
    let all = pairs(n);
    (0u64..1 << all.len()).map(move |mask| {
        all.iter()
            .enumerate()
            .filter(|(i, _)| mask >> i & 1 == 1)
            .map(|(_, &e)| e)
            .collect()
    })
}

/// The degree shared by every vertex, if there is one.
fn regular_degree(n: usize, edges: &[(usize, usize)]) -> Option<usize> {
    let mut degree = vec![0; n];
    for &(u, v) in edges {
        degree[u] += 1;
        degree[v] += 1;
    }
    degree.iter().all(|&d| d == degree[0]).then_some(degree[0])
}

#[test]
fn labelled_counts_agree_with_brute_force_up_to_7_vertices() {
    for n in 1..=7 {
        let mut all = vec![0u128; n];
        let mut connected = vec![0u128; n];
        for edges in every_graph(n) {
            if let Some(d) = regular_degree(n, &edges) {
                all[d] += 1;
                connected[d] += u128::from(connected_regular(&matrix(n, &edges), d));
            }
        }
        for d in 0..n {
            assert_eq!(labelled_regular(n, d), all[d], "all, n = {n}, d = {d}");
            assert_eq!(
                labelled_connected_regular(n, d),
                connected[d],
                "connected, n = {n}, d = {d}"
            );
        }
    }
}

#[test]
fn labelled_counts_agree_with_closed_forms_up_to_12_vertices() {
    for n in 3..=12usize {
        // Connected 2-regular: the Hamiltonian cycles, (n - 1)! / 2.
        assert_eq!(labelled_connected_regular(n, 2), factorial(n - 1) / 2, "n = {n}");
        assert_eq!(labelled_connected_regular(n, n - 1), 1, "K_n, n = {n}");
        // (n - 2)-regular: complements of perfect matchings, (n - 1)!!,
        // connected from n = 4 on.
        let matchings: u128 = (1..n).step_by(2).map(|k| k as u128).product();
        let expected = if n % 2 == 0 { matchings } else { 0 };
        assert_eq!(labelled_connected_regular(n, n - 2), expected, "n = {n}");
    }
    // Cubic graphs (OEIS A002829, all labelled cubic graphs); the connected
    // ones lose the disjoint unions: 2K4 on 8 vertices (35 labellings),
    // K4 and a cubic graph on 6 on 10 (210 * 70).
    assert_eq!(labelled_regular(8, 3), 19_355);
    assert_eq!(labelled_regular(10, 3), 11_180_820);
    assert_eq!(labelled_regular(12, 3), 11_555_272_575);
    assert_eq!(labelled_connected_regular(8, 3), 19_355 - 35);
    assert_eq!(labelled_connected_regular(10, 3), 11_180_820 - 210 * 70);
}

/// The labelled graphs on `n` vertices that `keep` keeps, grouped by
/// isomorphism class by brute force (a class is named by its least edge
/// mask over all relabellings): each class's size and one of its graphs.
pub(crate) fn classes_by_brute_force(
    n: usize,
    keep: impl Fn(&[(usize, usize)]) -> bool,
) -> Vec<(u128, Vec<(usize, usize)>)> {
    let maps = permutations(n);
    let all = pairs(n);
    let index: HashMap<(usize, usize), usize> = all.iter().enumerate().map(|(i, &e)| (e, i)).collect();
    let mask_of = |edges: &[(usize, usize)], p: &[usize]| {
        edges.iter().fold(0u64, |m, &(u, v)| {
            let (a, b) = (p[u].min(p[v]), p[u].max(p[v]));
            m | 1 << index[&(a, b)]
        })
    };
    let mut classes: HashMap<u64, (u128, Vec<(usize, usize)>)> = HashMap::new();
    for edges in every_graph(n).filter(|edges| keep(edges)) {
        let least = maps.iter().map(|p| mask_of(&edges, p)).min().unwrap();
        classes.entry(least).or_insert((0, edges.clone())).0 += 1;
    }
    classes.into_values().collect()
}

/// Every labelled connected regular graph on up to 6 vertices, grouped by
/// its isomorphism class: each class has `n! / |Aut(G)|` members, as the
/// checker computes `|Aut(G)|`.
#[test]
fn automorphism_counts_give_the_class_sizes_up_to_6_vertices() {
    let mut classes_seen = 0;
    for n in 1..=6 {
        let connected_regular_graph = |edges: &[(usize, usize)]| {
            regular_degree(n, edges).is_some_and(|d| connected_regular(&matrix(n, edges), d))
        };
        for (size, edges) in classes_by_brute_force(n, connected_regular_graph) {
            assert_eq!(factorial(n) / automorphisms(&matrix(n, &edges)), size, "{edges:?}");
            classes_seen += 1;
        }
    }
    // K1, K2, K3, C4, K4, C5, K5, C6, K3,3, the prism, the octahedron, K6.
    assert_eq!(classes_seen, 12);
}

#[test]
fn automorphism_counts_of_named_graphs() {
    let cycle = |n: usize| matrix(n, &(0..n).map(|i| (i, (i + 1) % n)).collect::<Vec<_>>());
    let complete = |n: usize| matrix(n, &pairs(n));
    for n in 3..=12 {
        assert_eq!(automorphisms(&cycle(n)), 2 * n as u128, "C{n}");
        assert_eq!(automorphisms(&complete(n)), factorial(n), "K{n}");
    }
    // The Petersen graph: 120 automorphisms.
    let outer: Vec<(usize, usize)> = (0..5).map(|i| (i, (i + 1) % 5)).collect();
    let spokes: Vec<(usize, usize)> = (0..5).map(|i| (i, i + 5)).collect();
    let inner: Vec<(usize, usize)> = (0..5).map(|i| (5 + i, 5 + (i + 2) % 5)).collect();
    let petersen = matrix(10, &[outer, spokes, inner].concat());
    assert_eq!(automorphisms(&petersen), 120);
}
