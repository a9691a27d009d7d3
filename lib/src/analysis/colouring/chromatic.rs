//! The game chromatic number (Section 5): the least k for which player 1
//! wins the COLORING CONSTRUCTION GAME with k colours, with the proof of
//! both sides, and the paper's bounds chi(G) <= chi_g(G) <= Delta(G) + 1.
//!
//! Every k from 1 up is solved until player 1 wins: whether a win at k
//! implies a win at k + 1 is not assumed, so "least" is checked, not
//! inferred.

use super::report::{solve, GameReport};
use crate::core::board::{members, Player};
use crate::engine::{Decider, Limits, Stopped};
use crate::games::colouring::game::{ColouringGame, Rules, Winner};
use crate::games::colouring::graph::Graph;
use crate::games::colouring::{ColourMove, ColourPosition};
use crate::games::prelude::*;

/// chi_g(G) and what proves it.
#[derive(Clone, Debug)]
pub struct GameChromatic {
    /// The game chromatic number.
    pub chi_g: usize,
    /// The chromatic number (lower bound).
    pub chi: usize,
    /// Largest degree plus one (upper bound).
    pub degree_bound: usize,
    /// The solved CCG for k = 1, ..., chi_g: player 2 wins all but the last.
    pub levels: Vec<GameReport>,
}

/// chi_g of `graph` (at least one vertex), solving the CCG for k = 1, 2, ...
/// Player 1 wins at k = Delta + 1 at the latest, so this stops there;
/// panics if `n + Delta + 1` exceeds [`crate::core::board::MAX_VERTICES`].
/// Each solve's table is capped at `limits`' memory cap.
pub fn game_chromatic(graph: &Graph, limits: Limits) -> Result<GameChromatic, Stopped> {
    let mut levels = Vec::new();
    for k in 1..=graph.n().max(1) {
        let game = ColouringGame::new(graph.clone(), k, Rules::Ccg, None, None).expect("k >= 1 fits beside n");
        let report = solve(&game, limits)?;
        let won = report.winner == Winner::First;
        levels.push(report);
        if won {
            break;
        }
    }
    Ok(GameChromatic {
        chi_g: levels.len(),
        chi: graph.chromatic_number(),
        degree_bound: graph.max_degree() + 1,
        levels,
    })
}

/// chi_g of `graph` by the winner alone (no lines; the engine's
/// score-only search with cutoffs), for bulk searches. Same limits as
/// [`game_chromatic`].
pub fn game_chromatic_number(graph: &Graph, limits: Limits) -> Result<usize, Stopped> {
    for k in 1..=graph.n().max(1) {
        let game = ColouringGame::new(graph.clone(), k, Rules::Ccg, None, None).expect("k >= 1 fits beside n");
        let mut decider = Decider::new(&game, Winner::First, Winner::Second)
            .with_order(Box::new(construction_order))
            .with_limits(limits);
        if decider.score(&game.start())? == Winner::First {
            return Ok(k);
        }
    }
    Ok(graph.n())
}

/// Move ordering for construction games: player 1 first colours the
/// vertex in most danger (least slack); player 2 first colours a
/// neighbour of it with a colour that vertex still has.
pub fn construction_order(p: &ColourPosition, moves: &mut [ColourMove]) {
    let Some(weakest) = members(p.uncoloured()).min_by_key(|&v| p.slack(v)) else {
        return;
    };
    let key = |m: &ColourMove| match p.to_move() {
        Player::First => (p.slack(m.v), 0),
        Player::Second => {
            let hits = p.neighbours(weakest) >> m.v & 1 == 1 && p.free_colours(weakest) >> m.c & 1 == 1;
            (if hits { 0 } else { 1 }, p.slack(m.v))
        }
    };
    moves.sort_by_key(key);
}
