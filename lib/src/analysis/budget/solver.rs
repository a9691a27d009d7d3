//! Asking the budget question (the horizon layer over [`CliqueRace`]) on
//! the engine's core: whether she wins within a budget, her winning moves,
//! and the shortest win up to a budget.
//!
//! The moves at the position asked about are the game's own
//! ([`Symmetric::orbit_moves`] of its canonical form, in their order: the same
//! candidates and the same test as at every node of the search), mapped
//! back to the position's labels; each is tested by the core. So the first
//! winning move is the first in the order completions, block, double
//! threats, threats, quiet moves, then canonical edge order, whatever
//! the table holds.

use super::{BudgetError, CliqueRace, Race, Step};
use crate::core::board::{Edge, Player, Position};
use crate::engine::{inverse, Limits, NoHook, Solver, Stopped};
use crate::games::horizon::{Horizon, Horizoned};
use crate::games::{FirstWins, Hints, Rules, Symmetric};

/// Why a budget question has no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoAnswer {
    /// The question cannot be asked (bad input).
    #[error(transparent)]
    Budget(#[from] BudgetError),
    /// The search stopped at a limit ([`Stopped`]).
    #[error(transparent)]
    Stopped(#[from] Stopped),
}

/// The budget question's solver: one table for every question asked.
pub struct BudgetSolver {
    solver: Solver<'static, Horizon<CliqueRace>, NoHook, FirstWins>,
}

impl BudgetSolver {
    /// A solver for `game` with no memory cap. Sequential: the positions
    /// it visits are the same on every run. (The layer's own start budget
    /// is never used: every question names its budget.)
    pub fn new(game: CliqueRace) -> BudgetSolver {
        let question = Horizon::new(game, Player::First, 0, |_, won| won);
        BudgetSolver {
            solver: Solver::owning_asking(question, FirstWins).with_parallel_plies(0),
        }
    }

    /// Caps the table at `limits`' memory cap; past it every question
    /// stops with [`NoAnswer::Stopped`].
    pub fn with_limits(self, limits: Limits) -> BudgetSolver {
        BudgetSolver {
            solver: self.solver.with_limits(limits),
        }
    }

    /// Whether she, to move in `position`, wins within `budget` of her
    /// moves (`false` on a finished game).
    pub fn wins(&self, position: &Position, budget: u32) -> Result<bool, NoAnswer> {
        match self.solver.game().inner().race(position, budget)? {
            Some(race) => Ok(self.value(&race)?),
            None => Ok(false),
        }
    }

    /// Every move of hers (in `position`'s labels, one per orbit) that wins
    /// within `budget`, in the game's order; empty if she cannot force a
    /// win that fast or the game is over.
    pub fn winning_moves(&self, position: &Position, budget: u32) -> Result<Vec<Edge>, NoAnswer> {
        self.winners(position, budget, usize::MAX)
    }

    /// Her first winning move within `budget` (see [`Self::winning_moves`]).
    pub fn first_winning_move(&self, position: &Position, budget: u32) -> Result<Option<Edge>, NoAnswer> {
        Ok(self.winners(position, budget, 1)?.first().copied())
    }

    /// The smallest budget up to `max_budget` within which she wins, with
    /// the first `limit` of her winning moves for it; `None` if none wins.
    pub fn shortest_win(
        &self,
        position: &Position,
        max_budget: u32,
        limit: usize,
    ) -> Result<Option<(u32, Vec<Edge>)>, NoAnswer> {
        // Bad input is refused before any search (every smaller budget fits).
        self.solver.game().inner().race(position, max_budget)?;
        for budget in 1..=max_budget {
            let moves = self.winners(position, budget, limit)?;
            if !moves.is_empty() {
                return Ok(Some((budget, moves)));
            }
        }
        Ok(None)
    }

    /// His reply in `position` (him to move, whatever the edge counts
    /// say), in its labels, after which she, to move, does not win within
    /// `budget` of her moves; `None` if every reply lets her win (or a
    /// `K_k` is complete). One reply per orbit is tried, those that leave
    /// him the most completions of his own `K_k` first (two she cannot
    /// both block, one she must block), then in the search's order: a
    /// certificate of his strategy then lists far fewer positions, since
    /// every move of hers but the block lets him complete his `K_k`. Each
    /// test is [`Self::wins`], which the table answers where the search
    /// went.
    pub fn escape(&self, position: &Position, budget: u32) -> Result<Option<Edge>, NoAnswer> {
        let game = self.solver.game();
        let Some(race) = game.inner().race_for(position, budget, Player::Second)? else {
            return Ok(None);
        };
        let canon = game.canonical(&race);
        let back = inverse(&canon.to_canon);
        let clique = game.inner().clique();
        let mut replies: Vec<(usize, Edge, Position)> = game
            .orbit_moves(&canon.position, &canon.generators)
            .into_iter()
            .filter_map(|m| match m {
                Step::Edge(e) => Some(e.map(|v| back[v as usize])),
                Step::Resign => None,
            })
            .map(|e| {
                let after = position.with(e, Player::Second).expect("his moves are free edges");
                (2 - after.threats(Player::Second, clique).len().min(2), e, after)
            })
            .collect();
        replies.sort_by_key(|&(rank, _, _)| rank);
        for (_, e, after) in replies {
            if !self.wins(&after, budget)? {
                return Ok(Some(e));
            }
        }
        Ok(None)
    }

    /// Positions stored so far, up to isomorphism (those decided before
    /// labelling not included).
    pub fn positions(&self) -> u64 {
        self.solver.positions()
    }

    /// Approximate bytes held by the table (for progress and memory reports).
    pub fn table_bytes(&self) -> u64 {
        self.solver.table_bytes()
    }

    /// Whether `bytes` more, held beside the table by a certificate writer
    /// reading a strategy off this search, fit under the memory cap: the
    /// writer stops with [`Stopped`] (a certificate cap) where they do not,
    /// instead of growing past `--max-memory`.
    pub fn room_for(&self, bytes: u64) -> Result<(), Stopped> {
        self.solver.room_for(bytes)
    }

    /// The first `limit` of her moves that win within `budget`.
    fn winners(&self, position: &Position, budget: u32, limit: usize) -> Result<Vec<Edge>, NoAnswer> {
        let game = self.solver.game();
        let Some(race) = game.inner().race(position, budget)? else {
            return Ok(Vec::new());
        };
        if budget == 0 {
            return Ok(Vec::new());
        }
        let canon = game.canonical(&race);
        let back = inverse(&canon.to_canon);
        let mut wins = Vec::new();
        for m in game.orbit_moves(&canon.position, &canon.generators) {
            let Step::Edge(e) = m else { continue };
            if wins.len() == limit {
                break;
            }
            if self.value(&game.play(&canon.position, &m))? {
                wins.push(e.map(|v| back[v as usize]));
            }
        }
        Ok(wins)
    }

    /// Whether she wins from `race`: its quick value, else the core's.
    fn value(&self, race: &Horizoned<Race>) -> Result<bool, Stopped> {
        match self.solver.game().quick_value(race) {
            Some(v) => Ok(v.score),
            None => Ok(self.solver.value(race)?.score),
        }
    }
}
