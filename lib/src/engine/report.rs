//! What a solve reports, for any game: the value with the length of
//! optimal play, one optimal line, every move at the start with its value,
//! and the number of positions examined, as text or JSON.

use super::{best_index, MoveValue, Solver, Stopped};
use crate::core::board::Player;
use crate::games::{Exact, Hints, Notation, Rules, Symmetric, Value};
use serde_json::json;
use std::time::Instant;

/// The result of solving a game from its start.
#[derive(Clone, Debug)]
pub struct SolveReport<G: Rules> {
    /// The value at the start.
    pub value: Value<G::Score>,
    /// The player to move at the start.
    pub to_move: Player,
    /// One optimal line to the end of the game.
    pub line: Vec<G::Move>,
    /// Every move at the start (one per orbit) with its value.
    pub moves: Vec<MoveValue<G::Move, G::Score>>,
    /// Distinct positions evaluated, up to isomorphism (start and finished
    /// positions included).
    pub positions: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// Solves `game` from its start with `solver` (for the exact value).
pub fn solve<G: Symmetric + Hints>(solver: &Solver<G>) -> Result<SolveReport<G>, Stopped> {
    let started = Instant::now();
    let game = solver.game();
    let start = game.start();
    let value = solver.value(&start)?;
    let moves = solver.move_values(&start)?;
    let line = solver.optimal_line(&start)?;
    Ok(SolveReport {
        value,
        to_move: game.to_move(&start),
        line,
        moves,
        positions: solver.positions(),
        seconds: started.elapsed().as_secs_f64(),
    })
}

impl<G: Rules> SolveReport<G> {
    /// Indices of the moves at the start that keep the optimal value.
    fn optimal(&self) -> Vec<bool> {
        let best = best_index(&Exact, self.to_move, self.moves.iter().map(|m| m.value));
        let best_rank = best.map(|i| self.moves[i].value.rank(&Exact));
        self.moves
            .iter()
            .map(|m| Some(m.value.rank(&Exact)) == best_rank)
            .collect()
    }

    /// The report as text, one fact a line.
    pub fn to_text(&self, game: &G) -> String
    where
        G: Notation,
    {
        let mut out = format!(
            "VALUE: {}, after {} with optimal play ({} to move)\n",
            game.score_text(self.value.score),
            crate::core::words::count(self.value.plies, "more move", "more moves"),
            self.to_move.colour_name()
        );
        let mut mover = self.to_move;
        let line: Vec<String> = self
            .line
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let text = format!("{}. {} {}", i + 1, mover.colour_name(), game.move_text(m));
                mover = mover.opponent();
                text
            })
            .collect();
        out += &format!("optimal line: {}\n", line.join("  "));
        out += "moves at the start (one per orbit):\n";
        for (m, optimal) in self.moves.iter().zip(self.optimal()) {
            out += &format!(
                "  {:<12} {} after {}{}\n",
                game.move_text(&m.m),
                game.score_text(m.value.score),
                crate::core::words::count(m.value.plies, "move", "moves"),
                if optimal { "  (optimal)" } else { "" }
            );
        }
        out += &format!(
            "positions: {} (up to isomorphism; the start and finished positions included)\ntime: {:.3} s\n",
            self.positions, self.seconds
        );
        out
    }

    /// The report as JSON fields (merged into the command's object).
    pub fn to_json(&self, game: &G) -> serde_json::Value
    where
        G: Notation,
    {
        let moves: Vec<_> = self
            .moves
            .iter()
            .zip(self.optimal())
            .map(|(m, optimal)| {
                json!({
                    "move": game.move_json(&m.m),
                    "score": game.score_json(m.value.score),
                    "plies": m.value.plies,
                    "optimal": optimal,
                })
            })
            .collect();
        json!({
            "score": game.score_json(self.value.score),
            "plies": self.value.plies,
            "to_move": self.to_move.colour_name(),
            "line": self.line.iter().map(|m| game.move_json(m)).collect::<Vec<_>>(),
            "moves": moves,
            "positions": self.positions,
            "seconds": self.seconds,
        })
    }
}
