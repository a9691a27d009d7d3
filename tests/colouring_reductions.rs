//! Theorem 5.2 on every graph with up to 6 vertices (one per isomorphism
//! class): player 1 wins Node Kayles (CG, one colour) on G iff player 2
//! wins the CG with two colours on G'.

use ramsey_verify::analysis::colouring::trees::canonical_graph;
use ramsey_verify::engine::Decider;
use ramsey_verify::games::colouring::reductions::kayles_to_two_colours;
use ramsey_verify::games::colouring::{ColouringGame, Graph, Rules, Winner};
use ramsey_verify::games::prelude::*;
use std::collections::HashSet;

fn winner(graph: &Graph, k: usize) -> Winner {
    let game = ColouringGame::new(graph.clone(), k, Rules::Cg, None, None).unwrap();
    Decider::new(&game, Winner::First, Winner::Second)
        .score(&game.start())
        .unwrap()
}

#[test]
fn kayles_on_g_is_the_two_colour_game_on_g_prime_with_roles_swapped() {
    let mut classes = 0;
    let mut kayles_wins = [0; 2];
    for n in 0..=6usize {
        let mut seen = HashSet::new();
        for mask in 0..1u64 << (n * n.saturating_sub(1) / 2) {
            let graph = canonical_graph(&Graph::from_mask(n, mask));
            if !seen.insert(graph.clone()) {
                continue;
            }
            let kayles = winner(&graph, 1);
            let prime = winner(&kayles_to_two_colours(&graph), 2);
            assert_ne!(kayles, prime, "Theorem 5.2 fails on {graph}");
            kayles_wins[kayles as usize] += 1;
        }
        classes += seen.len();
    }
    // 1 + 1 + 2 + 4 + 11 + 34 + 156 graphs (OEIS A000088).
    assert_eq!(classes, 209);
    assert!(kayles_wins[0] > 10 && kayles_wins[1] > 10, "{kayles_wins:?}");
}

#[test]
fn g_prime_has_the_described_shape() {
    // A single edge 0-1: copies 0,2 and 1,3, x = 4.
    let g = kayles_to_two_colours(&Graph::from_mask(2, 1));
    assert_eq!(g.n(), 5);
    // 2 copy edges, 4 edges to x, 4 edges between the copies of 0 and 1.
    assert_eq!(g.edges().len(), 10);
    assert_eq!(g.neighbours(4).count_ones(), 4);
}
