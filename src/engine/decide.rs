//! Exact scores without lengths, with cutoffs: the engine's search for
//! questions that only ask *who* wins (a game chromatic number over
//! thousands of trees), where [`super::Solver`] would also rank every line
//! by length and so must see every move.
//!
//! The soundness argument: a player who finds a move reaching the best
//! score that player can ever get (given by the caller, e.g. "I win")
//! needs no other move, so the search stops there; every stored score is
//! still the exact minimax score of its position. Positions are canonical
//! and moves are reduced by orbit exactly as in the solver. The search is
//! sequential, so the positions it visits are the same on every run
//! (parallelise over independent questions instead).

use crate::board::Player;
use crate::game::symmetry::orbit_representatives;
use crate::game::{Canonical, Game};
use std::collections::HashMap;

/// A score-only exact search with cutoffs for one game.
pub struct Decider<'g, G: Game> {
    game: &'g G,
    table: HashMap<Box<[u64]>, G::Score>,
    /// The best score each player can ever reach (first, second).
    best: [G::Score; 2],
}

impl<'g, G: Game> Decider<'g, G> {
    /// A search for `game`, where `best_for_first` is the largest score
    /// any position can have and `best_for_second` the smallest.
    pub fn new(game: &'g G, best_for_first: G::Score, best_for_second: G::Score) -> Decider<'g, G> {
        Decider {
            game,
            table: HashMap::new(),
            best: [best_for_first, best_for_second],
        }
    }

    /// The exact score of `position` (any labels) under optimal play.
    pub fn score(&mut self, position: &G::Position) -> G::Score {
        let canon = self.game.canonical(position);
        self.score_of(&canon)
    }

    /// Positions stored so far, up to isomorphism.
    pub fn positions(&self) -> u64 {
        self.table.len() as u64
    }

    fn score_of(&mut self, canon: &Canonical<G::Position>) -> G::Score {
        if let Some(&s) = self.table.get(&canon.key) {
            return s;
        }
        let game = self.game;
        let score = match game.outcome(&canon.position) {
            Some(score) => score,
            None => {
                let mover = game.to_move(&canon.position);
                let target = self.best[mover as usize];
                let moves = orbit_representatives(game.moves(&canon.position), &canon.generators, |m, g| {
                    game.relabel_move(m, g)
                });
                // A move that ends the game at once with the mover's best
                // score is found without canonical forms of the others.
                let children: Vec<G::Position> = moves.iter().map(|m| game.play(&canon.position, m)).collect();
                if children.iter().any(|c| game.outcome(c) == Some(target)) {
                    self.table.insert(canon.key.clone(), target);
                    return target;
                }
                let mut best: Option<G::Score> = None;
                for child in &children {
                    let s = self.score_of(&game.canonical(child));
                    let better = match (best, mover) {
                        (None, _) => true,
                        (Some(b), Player::First) => s > b,
                        (Some(b), Player::Second) => s < b,
                    };
                    if better {
                        best = Some(s);
                    }
                    if s == target {
                        break;
                    }
                }
                best.expect("a position that is not over has a move")
            }
        };
        self.table.insert(canon.key.clone(), score);
        score
    }
}
