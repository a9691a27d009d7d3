//! The answer of `solve --budget`: her shortest forced win up to a budget
//! from a position, with what the search stored, as text and as JSON (the
//! fields are documented with the other `--json` outputs in the book).

use super::{BudgetSolver, CliqueRace, NoAnswer};
use crate::core::board::{Edge, Position};
use crate::engine::Limits;
use std::time::Instant;

/// Her shortest forced win up to a budget in the strong `K_k` game.
#[derive(Clone, Debug)]
pub struct ShortestWin {
    /// The budget asked about (her moves, counting her next one).
    pub budget: u32,
    /// The position asked about (her to move).
    pub position: Position,
    /// The `k` of `K_k`.
    pub clique: usize,
    /// The smallest budget within which she wins and her winning first
    /// moves for it (one per orbit, in the question's order); `None` if
    /// she cannot force a win within `budget`.
    pub found: Option<(u32, Vec<Edge>)>,
    /// Positions the search stored, every budget from 1 up included.
    pub positions: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

impl ShortestWin {
    /// Asks budgets 1, 2, ... up to `budget` on one table, sequentially
    /// (the counts are the same on every run), within `limits`' memory cap.
    pub fn search(clique: usize, position: &Position, budget: u32, limits: Limits) -> Result<ShortestWin, NoAnswer> {
        let solver = BudgetSolver::new(CliqueRace::new(clique, position.board().clone())).with_limits(limits);
        ShortestWin::search_on(&solver, clique, position, budget)
    }

    /// [`Self::search`] on `solver` (a solver for `K_clique` on the
    /// position's board), whose table a certificate can then be read from
    /// ([`super::no_win_certificate`]).
    pub fn search_on(
        solver: &BudgetSolver,
        clique: usize,
        position: &Position,
        budget: u32,
    ) -> Result<ShortestWin, NoAnswer> {
        let started = Instant::now();
        let found = solver.shortest_win(position, budget, usize::MAX)?;
        Ok(ShortestWin {
            budget,
            position: position.clone(),
            clique,
            found,
            positions: solver.positions(),
            seconds: started.elapsed().as_secs_f64(),
        })
    }

    /// The answer for people: the verdict, her winning first moves, the count.
    pub fn text(&self) -> String {
        let verdict = match &self.found {
            Some((depth, moves)) => {
                let list: Vec<String> = moves.iter().map(|e| e.to_string()).collect();
                format!(
                    "FIRST PLAYER WINS: a forced win within {depth} of her moves (none within {})\nwinning first moves (one per orbit): {}\n",
                    depth - 1,
                    list.join(", ")
                )
            }
            None => format!("NO FORCED WIN within {} of her moves\n", self.budget),
        };
        format!("{verdict}positions: {}   time: {:.3}s\n", self.positions, self.seconds)
    }

    /// The answer as one JSON object.
    pub fn json(&self) -> serde_json::Value {
        let (depth, moves) = self.found.clone().unzip();
        let moves: Vec<[u8; 2]> = moves.unwrap_or_default().iter().map(|e| e.ends().into()).collect();
        serde_json::json!({
            "budget": self.budget,
            "board": self.position.board().to_string(),
            "target": format!("K{}", self.clique),
            "wins": depth.is_some(),
            "shortest_win": depth,
            "winning_moves": moves,
            "positions": self.positions,
            "seconds": self.seconds,
        })
    }
}
