//! Theorems 3.1 and 3.3 (two colours, ordered games) against the exact
//! solver: every labelled graph on up to 6 vertices (which is every graph
//! with every order), owners alternating and random, and random larger
//! graphs. Theorem 3.1's strategy is certified against every reply.

use ramsey_verify::board::Player;
use ramsey_verify::engine::strategy::certify;
use ramsey_verify::engine::Decider;
use ramsey_verify::game::colouring::linear::{alternating, sccg2, scg2, Sccg2Strategy};
use ramsey_verify::game::colouring::{ColouringGame, Graph, Rules, Winner};
use ramsey_verify::game::Game;
use rand::{Rng, SeedableRng};

mod colouring_common;
use colouring_common::{big, random_graph};

fn exact(graph: &Graph, rules: Rules, second: &[bool]) -> (ColouringGame, Player) {
    let owners = second
        .iter()
        .map(|&s| if s { Player::Second } else { Player::First })
        .collect();
    let game = ColouringGame::new(graph.clone(), 2, rules, None, Some(owners)).unwrap();
    let winner = Decider::new(&game, Winner::First, Winner::Second)
        .score(&game.start())
        .player();
    (game, winner)
}

/// Compares both fast paths with the solver; certifies 3.1's strategy.
fn check(graph: &Graph, second: &[bool], wins: &mut [usize; 4]) {
    let fast = big(graph);
    let (game, winner) = exact(graph, Rules::Sccg, second);
    let analysis = sccg2(&fast, second);
    assert_eq!(analysis.winner, winner, "sccg {graph} owners {second:?}");
    let promised = Winner::of(winner);
    let strategy = Sccg2Strategy {
        graph: fast.clone(),
        analysis,
    };
    if let Err(e) = certify(&game, &game.start(), winner, &strategy, promised) {
        panic!("Theorem 3.1 strategy fails on {graph} owners {second:?}: {:?}", e);
    }
    let (_, winner_scg) = exact(graph, Rules::Scg, second);
    assert_eq!(scg2(&fast, second), winner_scg, "scg {graph} owners {second:?}");
    wins[winner as usize] += 1;
    wins[2 + winner_scg as usize] += 1;
}

#[test]
fn every_graph_and_order_up_to_six_vertices_alternating_owners() {
    let mut wins = [0; 4];
    for n in 0..=6usize {
        for mask in 0..1u64 << (n * n.saturating_sub(1) / 2) {
            check(&Graph::from_mask(n, mask), &alternating(n), &mut wins);
        }
    }
    // Both players win some of each game.
    assert!(wins.iter().all(|&w| w > 1000), "{wins:?}");
}

#[test]
fn every_graph_up_to_five_vertices_every_owner_list() {
    let mut wins = [0; 4];
    for n in 0..=5usize {
        for mask in 0..1u64 << (n * n.saturating_sub(1) / 2) {
            for owners in 0..1u32 << n {
                let second: Vec<bool> = (0..n).map(|v| owners >> v & 1 == 1).collect();
                check(&Graph::from_mask(n, mask), &second, &mut wins);
            }
        }
    }
    assert!(wins.iter().all(|&w| w > 1000), "{wins:?}");
}

#[test]
fn random_larger_graphs_and_owners() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(31);
    let mut wins = [0; 4];
    for _ in 0..3000 {
        let n = rng.random_range(7..=11usize);
        // Sparse graphs, where both players win often.
        let p = rng.random_range(0.05..0.4);
        let second: Vec<bool> = match rng.random_bool(0.5) {
            true => alternating(n),
            false => (0..n).map(|_| rng.random()).collect(),
        };
        check(&random_graph(&mut rng, n, p), &second, &mut wins);
    }
    assert!(wins.iter().all(|&w| w > 100), "{wins:?}");
}

#[test]
fn a_wrong_strategy_is_refuted() {
    // Negative test of the certifier: on 0-2, 1-2 with player 1 owning
    // every vertex she wins the SCCG (colour 1 like 0), but a strategy
    // that gives 0 and 1 different colours leaves 2 no colour.
    let graph = Graph::from_mask(3, 0b110);
    let game = ColouringGame::new(graph, 2, Rules::Sccg, None, Some(vec![Player::First; 3])).unwrap();
    struct Naive;
    impl ramsey_verify::engine::strategy::Strategy<ColouringGame> for Naive {
        fn choose(
            &self,
            _: &ColouringGame,
            p: &ramsey_verify::game::colouring::ColourPosition,
            _: Option<&ramsey_verify::game::colouring::ColourMove>,
        ) -> Vec<ramsey_verify::game::colouring::ColourMove> {
            let v = (0..p.n() as u8).find(|&v| p.colour(v) == 0);
            let c = |v: u8| if v == 1 { 2 } else { 1 };
            v.map(|v| ramsey_verify::game::colouring::ColourMove { v, c: c(v) })
                .into_iter()
                .collect()
        }
    }
    assert!(certify(&game, &game.start(), Player::First, &Naive, Winner::First).is_err());
}

#[test]
fn fast_winner_follows_orders_and_owners_of_the_game() {
    use ramsey_verify::game::colouring::linear::fast_winner;
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    for _ in 0..500 {
        let n = rng.random_range(1..=8usize);
        let graph = random_graph(&mut rng, n, 0.3);
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        let owners: Vec<Player> = (0..n)
            .map(|_| if rng.random() { Player::Second } else { Player::First })
            .collect();
        for rules in [Rules::Scg, Rules::Sccg] {
            let game = ColouringGame::new(graph.clone(), 2, rules, Some(order.clone()), Some(owners.clone())).unwrap();
            let exact = Decider::new(&game, Winner::First, Winner::Second)
                .score(&game.start())
                .player();
            assert_eq!(fast_winner(&game), Some(exact), "{rules} {graph} {order:?} {owners:?}");
        }
    }
    let three = ColouringGame::new(Graph::from_mask(2, 1), 3, Rules::Scg, None, None).unwrap();
    assert_eq!(fast_winner(&three), None);
}
