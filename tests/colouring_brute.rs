//! The colouring games through the engine agree with a plain minimax over
//! labelled positions (no canonical forms, no orbits, no table), written
//! here from the paper's rules, on every small graph.

use ramsey_verify::analysis::colouring::chromatic::construction_order;
use ramsey_verify::core::board::Player;
use ramsey_verify::engine::{Decider, Solver};
use ramsey_verify::games::colouring::{ColouringGame, Graph, Rules, Winner};
use ramsey_verify::games::prelude::*;
use rand::{Rng, SeedableRng};

mod colouring_common;
use colouring_common::plain;

/// Engine and brute force on one game; returns the engine's winner.
fn compare(graph: &Graph, k: usize, rules: Rules, order: Vec<usize>, second: Vec<bool>) -> Winner {
    let owners = second
        .iter()
        .map(|&s| if s { Player::Second } else { Player::First })
        .collect();
    let (o, w) = if rules.ordered() {
        (Some(order.clone()), Some(owners))
    } else {
        (None, None)
    };
    let game = ColouringGame::new(graph.clone(), k, rules, o, w).expect("valid game");
    let solver = Solver::new(&game);
    let value = solver.value(&game.start()).expect("no cap");
    let brute = plain(graph, k, rules, &order, &second).wins(&mut vec![0; graph.n()], 0, true);
    assert_eq!(
        value.score == Winner::First,
        brute,
        "{rules} k={k} graph {graph} order {order:?} owners {second:?}"
    );
    // The score-only search with cutoffs (and the move ordering used for
    // chi_g) agrees.
    let decider = Decider::new(&game, Winner::First, Winner::Second);
    let decider = if rules.construction() {
        decider.with_order(Box::new(construction_order))
    } else {
        decider
    };
    assert_eq!(
        decider.score(&game.start()),
        Ok(value.score),
        "decider: {rules} k={k} {graph}"
    );
    // The optimal line is legal move by move (checked by the brute force's
    // own rules) and ends with the engine's winner.
    let mut colour = vec![0u8; graph.n()];
    let rules_plain = plain(graph, k, rules, &order, &second);
    for m in solver.optimal_line(&game.start()).expect("no cap") {
        assert_eq!(colour[m.v as usize], 0, "line colours {} twice", m.v);
        assert!(
            rules_plain.free(&colour, m.v as usize).contains(&m.c),
            "illegal {m:?} in {graph}"
        );
        colour[m.v as usize] = m.c;
    }
    // Every move value the engine reports agrees with brute force after it.
    let start = game.start();
    for mv in solver.move_values(&start).expect("no cap") {
        let after = game.play(&start, &mv.m);
        assert_eq!(solver.value(&after).unwrap().score, mv.value.score);
    }
    value.score
}

fn alternating(order: &[usize]) -> Vec<bool> {
    let mut second = vec![false; order.len()];
    for (t, &v) in order.iter().enumerate() {
        second[v] = t % 2 == 1;
    }
    second
}

#[test]
fn every_graph_up_to_five_vertices_every_rule_set_agrees_with_brute_force() {
    let mut wins = [0usize; 2];
    for n in 0..=5usize {
        for mask in 0..1u64 << (n * n.saturating_sub(1) / 2) {
            let graph = Graph::from_mask(n, mask);
            for k in 1..=3 {
                for rules in Rules::ALL {
                    let order: Vec<usize> = (0..n).collect();
                    let second = alternating(&order);
                    wins[compare(&graph, k, rules, order, second) as usize] += 1;
                }
            }
        }
    }
    // Both winners occur (a test that always says one thing proves little).
    assert!(wins[0] > 100 && wins[1] > 100, "{wins:?}");
}

#[test]
fn random_graphs_orders_and_owners_agree_with_brute_force() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(15);
    for _ in 0..300 {
        let n = rng.random_range(5..=7);
        let mask = rng.random::<u64>() & ((1 << (n * (n - 1) / 2)) - 1);
        let graph = Graph::from_mask(n, mask);
        let k = rng.random_range(1..=4);
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        let second: Vec<bool> = (0..n).map(|_| rng.random()).collect();
        for rules in Rules::ALL {
            if rules.ordered() || n <= 6 {
                compare(&graph, k, rules, order.clone(), second.clone());
            }
        }
    }
}

#[test]
fn node_kayles_on_paths_matches_hand_analysis() {
    // CG with one colour is Node Kayles. On a path with an odd number of
    // vertices player 1 wins (take the middle vertex, then mirror); on P_4
    // every first move leaves player 2 a last move (by hand: 0 leaves 2-3,
    // 1 leaves 3), and on the empty graph player 1 cannot move.
    let value = |n: usize| {
        let graph = ramsey_verify::games::colouring::parse_graph(&format!("path:{n}")).unwrap();
        let game = ColouringGame::new(graph, 1, Rules::Cg, None, None).unwrap();
        Solver::new(&game).value(&game.start()).unwrap().score
    };
    for n in (1..=11).step_by(2) {
        assert_eq!(value(n), Winner::First, "P_{n}");
    }
    assert_eq!(value(4), Winner::Second);
    assert_eq!(value(0), Winner::Second);
}

/// An ordered game: graph, colours, rules, order, and `second[v]`: player
/// 2 owns `v`.
type Ordered = (Graph, usize, Rules, Vec<usize>, Vec<bool>);

#[test]
fn the_winning_first_moves_reported_are_the_first_movers_by_brute_force() {
    // Every owner list on path:5 coloured 4, 3, 2, 1, 0 (issue 24: player
    // 2 moves first there with owners 12112), and random ordered games: the
    // winner, who moves first, and the first moves reported as winning
    // (one per orbit) agree with the brute force, which plays each first
    // move and decides the rest.
    let path = ramsey_verify::games::colouring::parse_graph("path:5").unwrap();
    let mut games: Vec<Ordered> = (0..32u32)
        .map(|mask| {
            let second = (0..5).map(|v| mask >> v & 1 == 1).collect();
            (path.clone(), 2, Rules::Scg, vec![4, 3, 2, 1, 0], second)
        })
        .collect();
    let mut rng = rand::rngs::StdRng::seed_from_u64(24);
    for _ in 0..200 {
        let n = rng.random_range(3..=6);
        let graph = Graph::from_mask(n, rng.random::<u64>() & ((1 << (n * (n - 1) / 2)) - 1));
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        let second = (0..n).map(|_| rng.random()).collect();
        let rules = [Rules::Scg, Rules::Sccg][rng.random_range(0..2)];
        games.push((graph, rng.random_range(1..=3), rules, order, second));
    }
    let mut first_mover_loses = 0;
    for (graph, k, rules, order, second) in games {
        let owners = second
            .iter()
            .map(|&s| if s { Player::Second } else { Player::First })
            .collect();
        let game = ColouringGame::new(graph.clone(), k, rules, Some(order.clone()), Some(owners)).unwrap();
        let report =
            ramsey_verify::analysis::colouring::report::solve(&game, ramsey_verify::engine::Limits::default()).unwrap();
        let brute = plain(&graph, k, rules, &order, &second);
        let first = if second[order[0]] {
            Player::Second
        } else {
            Player::First
        };
        assert_eq!(report.first_mover(&game), first, "{graph} {order:?} {second:?}");
        let player_1_wins = brute.wins(&mut vec![0; graph.n()], 0, true);
        assert_eq!(
            report.winner == Winner::First,
            player_1_wins,
            "{graph} {order:?} {second:?}"
        );
        // The brute force after each first move: does its mover win?
        let wins_after = |c: u8| {
            let mut colour = vec![0; graph.n()];
            colour[order[0]] = c;
            brute.wins(&mut colour, 1, false) == (first == Player::First)
        };
        let reported = report.winning_first_moves(&game);
        let context = format!("{rules} k={k} {graph} order {order:?} owners {second:?}: {reported:?}");
        assert!(
            reported.iter().all(|m| m.v as usize == order[0] && wins_after(m.c)),
            "{context}"
        );
        let any = brute.free(&vec![0; graph.n()], order[0]).into_iter().any(wins_after);
        // Construction games may be decided before the first move (no
        // first move is needed then: none is listed).
        if report.plies > 0 {
            assert_eq!(reported.is_empty(), !any, "{context}");
        }
        first_mover_loses += usize::from(report.winner.player() != first);
    }
    assert!(first_mover_loses > 20, "{first_mover_loses}");
}
