//! Theorems 4.1 and 4.3 (dynamic programmes over classes of states)
//! against the exact solver: every labelled graph (so every order) on up
//! to 5 vertices and random graphs and owners on up to 9, 1 to 3 colours.

use ramsey_verify::core::board::Player;
use ramsey_verify::engine::Decider;
use ramsey_verify::games::colouring::linear::{alternating, BigGraph};
use ramsey_verify::games::colouring::separation::{solve, vertex_separation, Classes, Ordered};
use ramsey_verify::games::colouring::{ColouringGame, Graph, Rules, Winner};
use ramsey_verify::games::prelude::*;
use rand::{Rng, SeedableRng};

mod colouring_common;
use colouring_common::{big, random_graph};

fn check(graph: &Graph, k: usize, second: &[bool]) {
    let owners: Vec<Player> = second
        .iter()
        .map(|&s| if s { Player::Second } else { Player::First })
        .collect();
    for (rules, ordered) in [(Rules::Scg, Ordered::Scg), (Rules::Sccg, Ordered::Sccg)] {
        let game = ColouringGame::new(graph.clone(), k, rules, None, Some(owners.clone())).unwrap();
        let exact = Decider::new(&game, Winner::First, Winner::Second)
            .score(&game.start())
            .unwrap()
            .player();
        for classes in [Classes::Boundary, Classes::Forbidden] {
            let (winner, _) = solve(&big(graph), k, ordered, second, classes);
            assert_eq!(winner, exact, "{rules} k={k} {graph} owners {second:?} {classes:?}");
        }
    }
}

#[test]
fn every_graph_and_order_up_to_five_vertices() {
    for n in 0..=5usize {
        for mask in 0..1u64 << (n * n.saturating_sub(1) / 2) {
            for k in 1..=3 {
                check(&Graph::from_mask(n, mask), k, &alternating(n));
            }
        }
    }
}

#[test]
fn random_graphs_and_owners_up_to_nine_vertices() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(43);
    for _ in 0..400 {
        let n = rng.random_range(6..=9usize);
        let p = rng.random_range(0.1..0.6);
        let second: Vec<bool> = (0..n).map(|_| rng.random()).collect();
        check(&random_graph(&mut rng, n, p), rng.random_range(1..=3), &second);
    }
}

#[test]
fn classes_stay_few_on_long_paths() {
    // A path in order has vertex separation 1: Theorem 4.1's classes grow
    // linearly (at most n k), not exponentially.
    let n = 200;
    let edges: Vec<(u32, u32)> = (1..n as u32).map(|v| (v - 1, v)).collect();
    let path = BigGraph::new(n, &edges);
    assert_eq!(vertex_separation(&path), 1);
    let (_, classes) = solve(&path, 3, Ordered::Scg, &alternating(n), Classes::Boundary);
    assert!(classes <= n * 3, "{classes}");
    let (_, classes) = solve(&path, 3, Ordered::Sccg, &alternating(n), Classes::Forbidden);
    assert!(classes <= n * 3, "{classes}");
}
