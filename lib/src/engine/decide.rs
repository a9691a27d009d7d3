//! Exact scores without lengths, with cutoffs: for questions that only ask
//! *who* wins (a game chromatic number over thousands of trees), where
//! ranking every line by length would make the search see every move.
//!
//! This is the engine's one core ([`super::Solver`]) asking a question of
//! its own ([`ScoreOnly`]): lengths are ignored, and a child reaching the
//! best score its mover can ever get (given by the caller, e.g. "I win")
//! is decisive ([`Question::decisive`]), so the rest of the node's moves are
//! cut off. The soundness argument: a player who has a move reaching their
//! best possible score needs no other move, so every stored score is still
//! the exact minimax score of its position. Positions are canonical and
//! moves are reduced by orbit exactly as in the solver. The search is
//! sequential, so the positions it visits are the same on every run.
//!
//! The shortcuts sound for that question come with a view of the game
//! ([`Deciding`], see [`crate::games::view`]: everything else is the
//! game's own). Children are first looked at without a search
//! ([`Hints::quick_value`]): a child where the game is over, or where the
//! player to move ends it at once with their best score, has that score
//! (the same argument one ply down); a move that ends the game at once
//! with the mover's best score is the only one tried
//! ([`Symmetric::orbit_moves`]). Both hold for this question only (they
//! give scores, not lengths: a position the mover wins at once is decided
//! with no plies left, where the exact value has one), which is why they
//! are the view's and not the game's. This asks [`Rules::moves`]
//! about positions that are not canonical, so a game used here must list
//! its moves correctly in any labels.

use super::{Limits, NoHook, Solver, Stopped};
use crate::core::board::{Player, Vertex};
use crate::games::view;
use crate::games::{FinalScore, Hints, Question, Rules, Symmetric, Value};

/// A score-only exact search with cutoffs for one game.
pub struct Decider<'g, G: Symmetric + Hints> {
    solver: Solver<'g, Deciding<'g, G>, NoHook, ScoreOnly<G::Score>>,
    limits: Option<Limits>,
}

/// Sorts the moves of a (canonical) position, the most promising for the
/// player to move first. Only speed depends on it.
pub type MoveOrder<G> = Box<dyn Fn(&<G as Rules>::Position, &mut [<G as Rules>::Move]) + Sync + Send>;

impl<'g, G: Symmetric + Hints> Decider<'g, G> {
    /// A search for `game`, where `best_for_first` is the largest score
    /// any position can have and `best_for_second` the smallest; no memory
    /// cap (see [`Decider::with_limits`]).
    pub fn new(game: &'g G, best_for_first: G::Score, best_for_second: G::Score) -> Decider<'g, G> {
        let deciding = Deciding {
            game,
            best: [best_for_first, best_for_second],
            order: None,
        };
        Decider::with(deciding, None)
    }

    fn with(deciding: Deciding<'g, G>, limits: Option<Limits>) -> Decider<'g, G> {
        // Sequential: the positions visited are the same on every run
        // (parallelise over independent questions instead).
        let question = ScoreOnly { best: deciding.best };
        let solver = Solver::owning_asking(deciding, question).with_parallel_plies(0);
        Decider {
            solver: match limits {
                Some(limits) => solver.with_limits(limits),
                None => solver,
            },
            limits,
        }
    }

    /// Tries moves in the order `order` gives them (cutoffs come sooner
    /// when winning moves come first; scores do not change).
    pub fn with_order(self, order: MoveOrder<G>) -> Decider<'g, G> {
        let game = self.solver.game();
        let deciding = Deciding {
            game: game.game,
            best: game.best,
            order: Some(order),
        };
        Decider::with(deciding, self.limits)
    }

    /// The same (unused) search with its table capped at `limits`' memory
    /// cap: past it [`Decider::score`] stops with [`Stopped`].
    pub fn with_limits(self, limits: Limits) -> Decider<'g, G> {
        let Decider { solver, .. } = self;
        Decider {
            solver: solver.with_limits(limits),
            limits: Some(limits),
        }
    }

    /// The exact score of `position` (any labels) under optimal play.
    pub fn score(&self, position: &G::Position) -> Result<G::Score, Stopped> {
        Ok(self.solver.value(position)?.score)
    }

    /// The score of `position` (any labels) if known without a search
    /// ([`Solver::known`]): the table does not grow.
    pub fn known(&self, position: &G::Position) -> Option<G::Score> {
        self.solver.known(position).map(|v| v.score)
    }

    /// The move `position`'s score comes from (in `position`'s labels):
    /// the first decisive one in move order, else the first best; `None`
    /// where the game is over. For a certificate: at a position its player
    /// wins, a winning move, found with little more search.
    pub fn chosen_move(&self, position: &G::Position) -> Result<Option<G::Move>, Stopped> {
        self.solver.chosen_move(position)
    }

    /// Approximate bytes held by the table (its peak: nothing is evicted).
    pub fn table_bytes(&self) -> u64 {
        self.solver.table_bytes()
    }

    /// Positions entered so far (for progress displays).
    pub fn visited(&self) -> u64 {
        self.solver.visited()
    }

    /// Whether `bytes` more, held beside the table by a certificate writer
    /// reading a strategy off this search, fit under the memory cap: the
    /// writer stops with [`Stopped`] (a certificate cap) where they do not,
    /// instead of growing past `--max-memory`.
    pub fn room_for(&self, bytes: u64) -> Result<(), Stopped> {
        self.solver.room_for(bytes)
    }

    /// A line from `position` (any labels) to the end of the game along
    /// which the score stays the score of `position`: at each turn the
    /// first move in move order that keeps it (the first decisive one, else
    /// the first best; in a game of win or loss, the loser's first move).
    /// Asked after [`Decider::score`], it searches little more.
    pub fn line(&self, position: &G::Position) -> Result<Vec<G::Move>, Stopped> {
        self.solver.optimal_line(position)
    }

    /// Positions stored so far, up to isomorphism.
    pub fn positions(&self) -> u64 {
        self.solver.positions()
    }
}

/// The question "what is the score?": lengths are not ranked, and each
/// player's best score is decisive for them.
struct ScoreOnly<S> {
    /// The best score each player can ever reach (first, second).
    best: [S; 2],
}

impl<S: FinalScore> Question<S> for ScoreOnly<S> {
    fn decisive(&self, mover: Player, score: S) -> bool {
        score == self.best[mover as usize]
    }
    /// Score only: lengths are not ranked.
    fn hurries(&self, _score: S) -> Option<Player> {
        None
    }
}

/// The game with the shortcuts sound for [`ScoreOnly`]: a view that
/// changes the orbit moves and the quick values, and keeps the rest.
struct Deciding<'g, G: Rules> {
    game: &'g G,
    /// The best score each player can ever reach (first, second).
    best: [G::Score; 2],
    order: Option<MoveOrder<G>>,
}

impl<G: Hints> Deciding<'_, G> {
    /// The score of `position` if the game is over there, if the game's
    /// quick value or quick score gives it ([`Hints::quick_value`],
    /// [`Hints::quick_score`]), or if the player to
    /// move can end it at once with their best score.
    fn quick_score(&self, position: &G::Position) -> Option<G::Score> {
        if let Some(score) = self.game.outcome(position) {
            return Some(score);
        }
        if let Some(value) = self.game.quick_value(position) {
            return Some(value.score);
        }
        if let Some(score) = self.game.quick_score(position) {
            return Some(score);
        }
        let target = self.best[self.game.to_move(position) as usize];
        let ends = match self.game.ending_move(position, target) {
            Some(found) => found.is_some(),
            None => self
                .game
                .moves(position)
                .iter()
                .any(|m| self.ends_with(position, m, target)),
        };
        ends.then_some(target)
    }

    /// Whether move `m` ends the game at once with `target`.
    fn ends_with(&self, position: &G::Position, m: &G::Move, target: G::Score) -> bool {
        self.game.outcome(&self.game.play(position, m)) == Some(target)
    }
}

impl<'g, G: Rules> view::View for Deciding<'g, G> {
    type Inner = G;
    fn inner(&self) -> &G {
        self.game
    }
}

impl<G: Rules> view::ViewRules for Deciding<'_, G> {}

impl<G: Symmetric + Hints> view::ViewSymmetric for Deciding<'_, G> {
    /// The game's orbit moves in the caller's order; or, where a move
    /// ends the game at once with the mover's best score, that move alone
    /// (it is decisive, so no other move would be searched): the one
    /// [`Hints::ending_move`] gives, else the first such orbit move.
    fn orbit_moves(&self, position: &G::Position, generators: &[Vec<Vertex>]) -> Vec<G::Move> {
        let target = self.best[self.game.to_move(position) as usize];
        let hint = self.game.ending_move(position, target);
        if let Some(Some(m)) = hint {
            return vec![m];
        }
        let mut moves = self.game.orbit_moves(position, generators);
        if let Some(order) = &self.order {
            order(position, &mut moves);
        }
        let first_ending = || moves.iter().position(|m| self.ends_with(position, m, target));
        if let Some(i) = hint.is_none().then(first_ending).flatten() {
            moves.swap(0, i);
            moves.truncate(1);
        }
        moves
    }
}

impl<G: Hints> view::ViewHints for Deciding<'_, G> {
    fn quick_value(&self, position: &G::Position) -> Option<Value<G::Score>> {
        self.quick_score(position).map(|score| Value { score, plies: 0 })
    }
}
