//! Sim (`--rules misere --target K3`) and its shortcuts
//! (`lib/src/games/ramsey/sim.rs`: a mover without a safe edge loses,
//! quiet endgames are counted, no misère move wins at once, safe-first
//! move order) against the plain brute force of `tests/brute` (memoised
//! minimax over labelled positions, no canonical forms, no shortcut), on
//! random positions of K5 to K8: zero disagreements, both winners seen.
//! K5 can end in a draw (a full board without a monochromatic triangle),
//! so the shortcuts' guard against draws is tested there.

mod brute;

use brute::{complete, target, Model, Pos, Val, BLUE, RED};
use ramsey_verify::analysis::ramsey_game::{winner_decider, winner_only};
use ramsey_verify::core::board::{Board, Edge, Player, Position};
use ramsey_verify::engine::Limits;
use ramsey_verify::games::pattern::Pattern;
use ramsey_verify::games::prelude::*;
use ramsey_verify::games::ramsey::{Outcome, RamseyGame, Rules};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

fn score(outcome: Outcome) -> i8 {
    match outcome {
        Outcome::RedWins => 1,
        Outcome::Draw => 0,
        Outcome::BlueWins => -1,
    }
}

/// A random Sim position on `K_n`: up to `edges` edges coloured by
/// players who never complete their own triangle, and the player to move.
fn random_position(model: &Model, rng: &mut StdRng, edges: usize) -> Pos {
    let mut pos = Pos {
        colour: [0, 0],
        mover: rng.random_range(0..2),
    };
    for _ in 0..edges {
        let p = rng.random_range(0..2);
        let free = model.free(pos);
        let safe: Vec<u64> = (0..64)
            .map(|i| 1u64 << i)
            .filter(|&b| free & b != 0 && !model.owns(pos.colour[p] | b, p))
            .collect();
        if safe.is_empty() {
            break;
        }
        pos.colour[p] |= safe[rng.random_range(0..safe.len())];
    }
    pos
}

/// The brute force's position as the engine's game started there.
fn engine_game(model: &Model, pos: Pos) -> RamseyGame {
    let mut start = Position::empty(Board::complete_graph(model.n));
    for (i, &(u, v)) in model.pairs.iter().enumerate() {
        for (p, player) in [(RED, Player::First), (BLUE, Player::Second)] {
            if pos.colour[p] >> i & 1 == 1 {
                start.claim(Edge::new(u as u8, v as u8), player).unwrap();
            }
        }
    }
    let k3: Pattern = "K3".parse().unwrap();
    let first = if pos.mover == RED {
        Player::First
    } else {
        Player::Second
    };
    RamseyGame::new(start, [k3.clone(), k3], Rules::Misere, first).unwrap()
}

fn sim_model(n: usize) -> Model {
    let k3 = target("K3");
    Model::new(n, &complete(n).1, [&k3, &k3], Rules::Misere, RED)
}

/// Whether the mover of `pos` has a free edge that completes no triangle
/// of its colour.
fn has_safe_edge(model: &Model, pos: Pos) -> bool {
    let free = model.free(pos);
    (0..64)
        .map(|i| 1u64 << i)
        .any(|b| free & b != 0 && !model.owns(pos.colour[pos.mover] | b, pos.mover))
}

/// `count` random positions of each of K5 to K8 that are not over, with
/// `uncoloured` (a range) edges left uncoloured when no player got stuck
/// first, each given to `check` with its brute force model and memo.
fn each_random_position(
    seed: u64,
    count: usize,
    uncoloured: std::ops::Range<usize>,
    mut check: impl FnMut(&Model, Pos, &mut HashMap<Pos, Val>),
) {
    let mut rng = StdRng::seed_from_u64(seed);
    for n in 5..=8 {
        let model = sim_model(n);
        let mut memo = HashMap::new();
        let pairs = n * (n - 1) / 2;
        for _ in 0..count {
            let edges = pairs.saturating_sub(rng.random_range(uncoloured.clone()));
            let pos = random_position(&model, &mut rng, edges);
            if model.over(pos).is_none() {
                check(&model, pos, &mut memo);
            }
        }
    }
}

#[test]
fn the_quick_score_agrees_with_brute_force_on_random_positions_of_k5_to_k8() {
    // Decided without a safe edge, decided by counting, not decided; and
    // the winners seen.
    let (mut stuck, mut counted, mut refused) = (0, 0, 0);
    let mut winners = [0; 3];
    each_random_position(9, 400, 1..15, |model, pos, memo| {
        let game = engine_game(model, pos);
        let Some(quick) = game.quick_score(&game.start()) else {
            refused += 1;
            return;
        };
        let brute = model.solve(pos, memo).score;
        assert_eq!(score(quick), brute, "K{} {pos:?}", model.n);
        winners[(brute + 1) as usize] += 1;
        match has_safe_edge(model, pos) {
            true => counted += 1,
            false => stuck += 1,
        }
    });
    assert!(
        stuck > 20 && counted > 20 && refused > 20,
        "{stuck} {counted} {refused}"
    );
    assert!(winners[0] > 10 && winners[2] > 10, "{winners:?}");
}

#[test]
fn the_winner_only_search_agrees_with_brute_force_from_random_starts_on_k5_to_k8() {
    let mut winners = [0; 3];
    each_random_position(36, 40, 5..17, |model, pos, memo| {
        let game = engine_game(model, pos);
        let decider = winner_decider(&game, Limits::default());
        let found = winner_only(&decider, &game).unwrap().outcome;
        let brute = model.solve(pos, memo).score;
        assert_eq!(score(found), brute, "K{} {pos:?}", model.n);
        winners[(brute + 1) as usize] += 1;
    });
    assert!(winners[0] > 10 && winners[2] > 10, "{winners:?}");
}

/// 6-Sim from the empty board: the second player wins (Mead, Rosa and
/// Huang 1974), recomputed by both the brute force and the search.
#[test]
fn six_sim_is_a_second_player_win() {
    let model = sim_model(6);
    let pos = Pos {
        colour: [0, 0],
        mover: RED,
    };
    assert_eq!(model.solve(pos, &mut HashMap::new()).score, -1);
    let game = engine_game(&model, pos);
    let decider = winner_decider(&game, Limits::default());
    assert_eq!(winner_only(&decider, &game).unwrap().outcome, Outcome::BlueWins);
}
