//! Theorems 3.1 and 3.3 (two colours, ordered games) against the exact
//! solver: every labelled graph on up to 6 vertices (which is every graph
//! with every order), owners alternating and random, and random larger
//! graphs. Theorem 3.1's strategy is certified against every reply.

use ramsey_verify::analysis::colouring::linear_strategy::{Sccg2Strategy, Scg2Strategy};
use ramsey_verify::core::board::Player;
use ramsey_verify::engine::strategy::certify;
use ramsey_verify::engine::strategy::LabelledStrategy;
use ramsey_verify::engine::Decider;
use ramsey_verify::games::colouring::linear::{alternating, sccg2, scg2};
use ramsey_verify::games::colouring::{ColourMove, ColourPosition, ColouringGame, Graph, Rules, Winner};
use ramsey_verify::games::prelude::*;
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
        .unwrap()
        .player();
    (game, winner)
}

/// Certifies `strategy` for `winner` against every reply, the games
/// played to the last vertex.
fn certified(game: &ColouringGame, winner: Player, strategy: &dyn LabelledStrategy<ColouringGame>) -> bool {
    let game = game.clone().played_out();
    certify(&game, &game.start(), winner, strategy, Winner::of(winner)).is_ok()
}

/// Compares both fast paths with the solver; certifies both strategies.
fn check(graph: &Graph, second: &[bool], wins: &mut [usize; 4]) {
    let fast = big(graph);
    let (game, winner) = exact(graph, Rules::Sccg, second);
    assert_eq!(sccg2(&fast, second).winner, winner, "sccg {graph} owners {second:?}");
    let strategy = Sccg2Strategy::new(&game).unwrap();
    assert!(
        certified(&game, winner, &strategy),
        "Theorem 3.1 strategy fails on {graph} owners {second:?}"
    );
    let (game, winner_scg) = exact(graph, Rules::Scg, second);
    assert_eq!(scg2(&fast, second), winner_scg, "scg {graph} owners {second:?}");
    let strategy = Scg2Strategy::new(&game).unwrap();
    assert!(
        certified(&game, winner_scg, &strategy),
        "Theorem 3.3 strategy fails on {graph} owners {second:?}"
    );
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
    impl ramsey_verify::engine::strategy::LabelledStrategy<ColouringGame> for Naive {
        fn choose(
            &self,
            _: &ColouringGame,
            p: &ramsey_verify::games::colouring::ColourPosition,
            _: Option<&ramsey_verify::games::colouring::ColourMove>,
        ) -> Vec<ramsey_verify::games::colouring::ColourMove> {
            let v = (0..p.n() as u8).find(|&v| p.colour(v) == 0);
            let c = |v: u8| if v == 1 { 2 } else { 1 };
            v.map(|v| ramsey_verify::games::colouring::ColourMove { v, c: c(v) })
                .into_iter()
                .collect()
        }
    }
    assert!(certify(&game, &game.start(), Player::First, &Naive, Winner::First).is_err());
}

#[test]
fn fast_winner_follows_orders_and_owners_of_the_game() {
    use ramsey_verify::games::colouring::linear::fast_winner;
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
                .unwrap()
                .player();
            assert_eq!(fast_winner(&game), Some(exact), "{rules} {graph} {order:?} {owners:?}");
            let strategy: Box<dyn LabelledStrategy<ColouringGame>> = match rules {
                Rules::Scg => Box::new(Scg2Strategy::new(&game).unwrap()),
                _ => Box::new(Sccg2Strategy::new(&game).unwrap()),
            };
            assert!(
                certified(&game, exact, strategy.as_ref()),
                "{rules} {graph} {order:?} {owners:?}"
            );
        }
    }
    let three = ColouringGame::new(Graph::from_mask(2, 1), 3, Rules::Scg, None, None).unwrap();
    assert_eq!(fast_winner(&three), None);
    assert!(Scg2Strategy::new(&three).is_none());
    let unordered = ColouringGame::new(Graph::from_mask(2, 1), 2, Rules::Cg, None, None).unwrap();
    assert!(Sccg2Strategy::new(&unordered).is_none());
}

/// Theorem 3.3's strategy with its choice at every source reversed.
struct Reversed(Scg2Strategy);

impl LabelledStrategy<ColouringGame> for Reversed {
    fn choose(&self, game: &ColouringGame, p: &ColourPosition, last: Option<&ColourMove>) -> Vec<ColourMove> {
        let reverse = |m: ColourMove| match p.free_colours(m.v).count_ones() {
            2 => ColourMove { v: m.v, c: 3 - m.c },
            _ => m,
        };
        self.0.choose(game, p, last).into_iter().map(reverse).collect()
    }
}

#[test]
fn a_reversed_scg_strategy_is_refuted() {
    // 0-2, 1-2, owners alternating: player 2 wins by giving 1 the other
    // colour than 0 (2 has none left); giving it the same colour lets
    // player 1 colour 2, the last vertex, and win.
    let game = ColouringGame::new(Graph::from_mask(3, 0b110), 2, Rules::Scg, None, None).unwrap();
    let strategy = Scg2Strategy::new(&game).unwrap();
    assert_eq!(strategy.winner(), Player::Second);
    assert!(certified(&game, Player::Second, &strategy));
    assert!(!certified(&game, Player::Second, &Reversed(strategy)));
    // Over every graph up to 5 vertices the reversed strategy fails often.
    let mut refuted = 0;
    for n in 0..=5usize {
        for mask in 0..1u64 << (n * n.saturating_sub(1) / 2) {
            let game = ColouringGame::new(Graph::from_mask(n, mask), 2, Rules::Scg, None, None).unwrap();
            let strategy = Scg2Strategy::new(&game).unwrap();
            let winner = strategy.winner();
            refuted += usize::from(!certified(&game, winner, &Reversed(strategy)));
        }
    }
    assert!(refuted > 100, "{refuted}");
}
