//! Tests of the checker's own counts behind version 8's family `graphs`
//! (proofs/FORMAT.md): the labelled graphs on `n` vertices and the orbit
//! sums `n! / |Aut(G)|`, against brute force over every labelled graph on
//! up to 5 vertices.

use super::labelled_graphs;
use crate::family::classes::{labellings, matrix};
use crate::family::regular::tests::{classes_by_brute_force, every_graph};

#[test]
fn labelled_graphs_are_two_to_the_pairs() {
    for n in 1..=5 {
        assert_eq!(labelled_graphs(n), every_graph(n).count() as u128, "n = {n}");
    }
    let known = [
        1u128,
        2,
        8,
        64,
        1024,
        32_768,
        2_097_152,
        268_435_456,
        68_719_476_736,
        35_184_372_088_832,
    ];
    for (n, &count) in (1..=10).zip(&known) {
        assert_eq!(labelled_graphs(n), count, "n = {n}");
    }
}

/// Every labelled graph on up to 5 vertices, grouped by its isomorphism
/// class by brute force: each class has `n! / |Aut(G)|` members as the
/// checker computes it, the classes are OEIS A000088's 1, 2, 4, 11, 34,
/// and their sizes add up to the labelled count.
#[test]
fn orbit_sums_give_every_labelled_graph_up_to_5_vertices() {
    for (n, want) in (1..=5).zip([1, 2, 4, 11, 34]) {
        let classes = classes_by_brute_force(n, |_| true);
        assert_eq!(classes.len(), want, "classes on {n} vertices");
        let mut held = 0;
        for (size, edges) in classes {
            let orbit = labellings(&matrix(n, &edges));
            assert_eq!(orbit, size, "n = {n}, {edges:?}");
            held += orbit;
        }
        assert_eq!(held, labelled_graphs(n), "n = {n}");
    }
}
