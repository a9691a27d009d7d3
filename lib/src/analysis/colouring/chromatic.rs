//! The game chromatic number (Section 5): the least k for which player 1
//! wins the COLORING CONSTRUCTION GAME with k colours, with the proof of
//! both sides, and the paper's bounds chi(G) <= chi_g(G) <= Delta(G) + 1.
//!
//! Every k from 1 up is solved until player 1 wins: whether a win at k
//! implies a win at k + 1 is not assumed, so "least" is checked, not
//! inferred.

use super::report::{solve, GameReport};
use crate::core::board::{members, Player, MAX_VERTICES};
use crate::core::words::count;
use crate::engine::{Decider, Limits, Stopped};
use crate::games::colouring::game::{ColouringGame, Rules, Winner};
use crate::games::colouring::graph::Graph;
use crate::games::colouring::{ColourMove, ColourPosition};
use crate::games::prelude::*;

/// Why chi_g of a graph is not computed: the question has no answer, or
/// the games it needs do not fit the canonical form.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChromaticError {
    /// chi_g of the graph without vertices is not defined.
    #[error("the graph has no vertices")]
    NoVertices,
    /// Up to Delta + 1 colours may be needed, and they do not fit beside
    /// the vertices.
    #[error(
        "chi_g may need Delta + 1 = {} beside {}: at most {MAX_VERTICES} together",
        count(.colours, "colour", "colours"),
        count(.n, "vertex", "vertices")
    )]
    TooLarge {
        /// Delta + 1.
        colours: usize,
        /// Vertices.
        n: usize,
    },
}

/// Whether [`game_chromatic`] can answer for `graph` (it panics where this
/// fails, so check first what a user gave).
pub fn chromatic_fits(graph: &Graph) -> Result<(), ChromaticError> {
    if graph.n() == 0 {
        return Err(ChromaticError::NoVertices);
    }
    let colours = graph.max_degree() + 1;
    if graph.n() + colours > MAX_VERTICES {
        return Err(ChromaticError::TooLarge { colours, n: graph.n() });
    }
    Ok(())
}

/// chi_g(G) and what proves it.
#[derive(Clone, Debug)]
pub struct GameChromatic {
    /// The graph G.
    pub graph: Graph,
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
/// panics if `n + Delta + 1` exceeds [`MAX_VERTICES`] ([`chromatic_fits`]
/// says beforehand).
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
        graph: graph.clone(),
        chi_g: levels.len(),
        chi: graph.chromatic_number(),
        degree_bound: graph.max_degree() + 1,
        levels,
    })
}

impl GameChromatic {
    /// The CCG with `k` colours on the graph, whose solve is
    /// `levels[k - 1]` (`1 <= k <= chi_g`).
    pub fn level_game(&self, k: usize) -> ColouringGame {
        ColouringGame::new(self.graph.clone(), k, Rules::Ccg, None, None).expect("solved, so it fits")
    }

    /// chi_g with the paper's bounds, then the solved games on both sides:
    /// player 1's win with chi_g colours and player 2's with one fewer.
    pub fn to_text(&self) -> String {
        let k = self.chi_g;
        let mut text = format!(
            "chi_g = {k}   (chi = {}, Delta + 1 = {}; the paper's bounds chi <= chi_g <= Delta + 1)\n",
            self.chi, self.degree_bound
        );
        text += &self.level_text(k, 1);
        if k > 1 {
            text += "\n";
            text += &self.level_text(k - 1, 2);
        }
        text
    }

    /// The solved game with `k` colours, which `player` wins.
    fn level_text(&self, k: usize, player: usize) -> String {
        format!(
            "\nwith k = {}, player {player} wins:\n{}",
            count(k, "colour", "colours"),
            self.levels[k - 1].to_text(&self.level_game(k))
        )
    }

    /// One JSON object: chi_g, the bounds, and every level solved.
    pub fn to_json(&self) -> serde_json::Value {
        let levels: Vec<_> = (1..=self.levels.len())
            .map(|k| self.levels[k - 1].to_json(&self.level_game(k)))
            .collect();
        serde_json::json!({
            "graph": self.graph.graph6(),
            "game_chromatic_number": self.chi_g,
            "chromatic_number": self.chi,
            "max_degree_plus_one": self.degree_bound,
            "levels": levels,
        })
    }
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
