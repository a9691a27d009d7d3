//! Exact scores without lengths, with cutoffs: for questions that only ask
//! *who* wins (a game chromatic number over thousands of trees), where
//! ranking every line by length would make the search see every move.
//!
//! This is the engine's one core ([`super::Solver`]) on the game seen
//! score-only ([`Deciding`]): lengths are ignored, and a child reaching the
//! best score its mover can ever get (given by the caller, e.g. "I win")
//! is decisive ([`Game::decisive`]), so the rest of the node's moves are
//! cut off. The soundness argument: a player who has a move reaching their
//! best possible score needs no other move, so every stored score is still
//! the exact minimax score of its position. Positions are canonical and
//! moves are reduced by orbit exactly as in the solver. The search is
//! sequential, so the positions it visits are the same on every run.
//!
//! Children are first looked at without a search
//! ([`Game::quick_value`]): a child where the game is over, or where the
//! player to move ends it at once with their best score, has that score
//! (the same argument one ply down); a move that ends the game at once
//! with the mover's best score is the only one tried.
//! This asks [`Game::moves`] about positions that are not canonical, so a
//! game used here must list its moves correctly in any labels.

use super::Solver;
use crate::core::board::{Player, Vertex};
use crate::core::symmetry::Canonical;
use crate::games::{Game, Value};

/// A score-only exact search with cutoffs for one game.
pub struct Decider<'g, G: Game> {
    solver: Solver<'g, Deciding<'g, G>>,
}

/// Sorts the moves of a (canonical) position, the most promising for the
/// player to move first. Only speed depends on it.
pub type MoveOrder<G> = Box<dyn Fn(&<G as Game>::Position, &mut [<G as Game>::Move]) + Sync + Send>;

impl<'g, G: Game> Decider<'g, G> {
    /// A search for `game`, where `best_for_first` is the largest score
    /// any position can have and `best_for_second` the smallest.
    pub fn new(game: &'g G, best_for_first: G::Score, best_for_second: G::Score) -> Decider<'g, G> {
        Decider::with(Deciding {
            game,
            best: [best_for_first, best_for_second],
            order: None,
        })
    }

    fn with(deciding: Deciding<'g, G>) -> Decider<'g, G> {
        // Sequential: the positions visited are the same on every run
        // (parallelise over independent questions instead).
        Decider {
            solver: Solver::owning(deciding).with_parallel_plies(0),
        }
    }

    /// Tries moves in the order `order` gives them (cutoffs come sooner
    /// when winning moves come first; scores do not change).
    pub fn with_order(self, order: MoveOrder<G>) -> Decider<'g, G> {
        let game = self.solver.game();
        Decider::with(Deciding {
            game: game.game,
            best: game.best,
            order: Some(order),
        })
    }

    /// The exact score of `position` (any labels) under optimal play.
    pub fn score(&mut self, position: &G::Position) -> G::Score {
        self.solver.value(position).expect("no memory cap is set").score
    }

    /// Positions stored so far, up to isomorphism.
    pub fn positions(&self) -> u64 {
        self.solver.positions()
    }
}

/// A game seen score-only, with its players' best scores decisive.
struct Deciding<'g, G: Game> {
    game: &'g G,
    /// The best score each player can ever reach (first, second).
    best: [G::Score; 2],
    order: Option<MoveOrder<G>>,
}

impl<G: Game> Deciding<'_, G> {
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

impl<G: Game> Game for Deciding<'_, G> {
    type Position = G::Position;
    type Move = G::Move;
    type Score = G::Score;

    fn start(&self) -> G::Position {
        self.game.start()
    }
    fn to_move(&self, position: &G::Position) -> Player {
        self.game.to_move(position)
    }
    fn outcome(&self, position: &G::Position) -> Option<G::Score> {
        self.game.outcome(position)
    }
    fn moves(&self, position: &G::Position) -> Vec<G::Move> {
        self.game.moves(position)
    }
    /// The game's orbit moves in the caller's order, the moves that end
    /// the game at once with the mover's best score first (the first of
    /// them is decisive, so the others are never searched).
    fn orbit_moves(&self, canon: &Canonical<G::Position>) -> Vec<G::Move> {
        let mut moves = self.game.orbit_moves(canon);
        if let Some(order) = &self.order {
            order(&canon.position, &mut moves);
        }
        let target = Some(self.best[self.to_move(&canon.position) as usize]);
        let wins = |m: &G::Move| self.outcome(&self.play(&canon.position, m)) == target;
        if let Some(i) = moves.iter().position(wins) {
            moves.swap(0, i);
            moves.truncate(1);
        }
        moves
    }
    fn play(&self, position: &G::Position, m: &G::Move) -> G::Position {
        self.game.play(position, m)
    }
    fn canonical(&self, position: &G::Position) -> Canonical<G::Position> {
        self.game.canonical(position)
    }
    fn relabel_move(&self, m: &G::Move, perm: &[Vertex]) -> G::Move {
        self.game.relabel_move(m, perm)
    }
    /// Score only: lengths are not ranked.
    fn hurries(&self, _score: G::Score) -> Option<Player> {
        None
    }
    fn move_text(&self, m: &G::Move) -> String {
        self.game.move_text(m)
    }
    fn score_text(&self, score: G::Score) -> String {
        self.game.score_text(score)
    }
    fn decisive(&self, mover: Player, score: G::Score) -> bool {
        score == self.best[mover as usize]
    }
    fn quick_value(&self, position: &G::Position) -> Option<Value<G::Score>> {
        self.quick_score(position).map(|score| Value { score, plies: 0 })
    }
}
