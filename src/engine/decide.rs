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
//!
//! Children are first looked at without a search: a child where the game
//! is over, or where the player to move ends it at once with their best
//! score, has that score (the same argument one ply down). This asks
//! [`Game::moves`] about positions that are not canonical, so a game used
//! here must list its moves correctly in any labels.

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
    /// Sorts a position's moves, most promising for the mover first.
    order: Option<MoveOrder<G>>,
}

/// A move ordering: sorts the moves of a (canonical) position, the most
/// promising for the player to move first. Only speed depends on it.
pub type MoveOrder<G> = Box<dyn Fn(&<G as Game>::Position, &mut [<G as Game>::Move]) + Sync + Send>;

impl<'g, G: Game> Decider<'g, G> {
    /// A search for `game`, where `best_for_first` is the largest score
    /// any position can have and `best_for_second` the smallest.
    pub fn new(game: &'g G, best_for_first: G::Score, best_for_second: G::Score) -> Decider<'g, G> {
        Decider {
            game,
            table: HashMap::new(),
            best: [best_for_first, best_for_second],
            order: None,
        }
    }

    /// Tries moves in the order `order` gives them (cutoffs come sooner
    /// when winning moves come first; scores do not change).
    pub fn with_order(mut self, order: MoveOrder<G>) -> Decider<'g, G> {
        self.order = Some(order);
        self
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
                let mut moves = orbit_representatives(game.moves(&canon.position), &canon.generators, |m, g| {
                    game.relabel_move(m, g)
                });
                if let Some(order) = &self.order {
                    order(&canon.position, &mut moves);
                }
                let children: Vec<G::Position> = moves.iter().map(|m| game.play(&canon.position, m)).collect();
                // Scores seen without search first (a child that is over,
                // or whose mover ends it at once with their best score):
                // if one is the mover's best, no child needs a search.
                let quick: Vec<Option<G::Score>> = children.iter().map(|c| self.quick_score(c)).collect();
                let mut best: Option<G::Score> = None;
                for s in quick.iter().flatten() {
                    best = Some(self.better(mover, best, *s));
                }
                if best != Some(target) {
                    for (child, _) in children.iter().zip(&quick).filter(|(_, q)| q.is_none()) {
                        let s = self.score_of(&game.canonical(child));
                        best = Some(self.better(mover, best, s));
                        if s == target {
                            break;
                        }
                    }
                }
                best.expect("a position that is not over has a move")
            }
        };
        self.table.insert(canon.key.clone(), score);
        score
    }

    /// The better score for `mover` of `best` (if any) and `s`.
    fn better(&self, mover: Player, best: Option<G::Score>, s: G::Score) -> G::Score {
        match (best, mover) {
            (None, _) => s,
            (Some(b), Player::First) => b.max(s),
            (Some(b), Player::Second) => b.min(s),
        }
    }

    /// The score of `position` if the game is over there, or if the player
    /// to move can end it at once with their best score.
    fn quick_score(&self, position: &G::Position) -> Option<G::Score> {
        if let Some(score) = self.game.outcome(position) {
            return Some(score);
        }
        let target = self.best[self.game.to_move(position) as usize];
        let ends = |m: &G::Move| self.game.outcome(&self.game.play(position, m)) == Some(target);
        self.game.moves(position).iter().any(ends).then_some(target)
    }
}
