//! A line of play: the moves of a game in the order they were made, with
//! what a reader needs to check it by hand (who played, forced answers,
//! how it ended, the strategy's names for vertices).

use crate::board::{Board, Edge, Player, Position, Vertex};
use crate::strategy::Game;
use serde::{Deserialize, Serialize};

/// One move of a line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedMove {
    pub player: Player,
    pub edge: Edge,
    /// The move claimed the missing edge of an opponent's threat.
    pub forced: bool,
    /// The strategy's phase after her move (empty for his moves).
    #[serde(skip_serializing_if = "String::is_empty", default)]
    pub phase: String,
}

/// How a line ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "detail", rename_all = "snake_case")]
pub enum Ending {
    /// She completed the target graph.
    FirstPlayerWins,
    /// He completed the target graph first.
    SecondPlayerWins,
    /// She would need one more move than the bound allows.
    BoundExceeded,
    /// The strategy could not produce a move.
    StrategyError(String),
    /// The strategy chose an occupied or off-board edge, or bad memory.
    IllegalMove(String),
    /// The finite board filled up with no winner.
    Draw,
}

impl Ending {
    /// Short text for reports.
    pub fn describe(&self, game: Game) -> String {
        let target = game.target_name();
        match self {
            Ending::FirstPlayerWins => format!("the first player completes a red {target}"),
            Ending::SecondPlayerWins => {
                format!("the second player completes a blue {target} first")
            }
            Ending::BoundExceeded => "the first player needs more moves than the bound".into(),
            Ending::StrategyError(msg) => format!("the strategy fails: {msg}"),
            Ending::IllegalMove(msg) => format!("the strategy plays an illegal move: {msg}"),
            Ending::Draw => "the board is full and nobody won".into(),
        }
    }
}

/// A complete line from the empty board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    pub moves: Vec<PlayedMove>,
    pub ending: Ending,
    /// Names the strategy gave to vertices (the last name each one had).
    pub names: Vec<(Vertex, String)>,
}

impl Line {
    /// Number of moves `player` made in the line.
    pub fn count(&self, player: Player) -> usize {
        self.moves.iter().filter(|m| m.player == player).count()
    }

    /// The position after the whole line on `board`.
    pub fn final_position(&self, board: Board) -> Position {
        let mut position = Position::empty(board);
        for m in &self.moves {
            position.claim(m.edge, m.player).expect("lines are legal");
        }
        position
    }

    /// The name of `v`, or its number.
    pub fn vertex_name(&self, v: Vertex) -> String {
        self.names
            .iter()
            .find(|(w, _)| *w == v)
            .map_or_else(|| v.to_string(), |(_, name)| name.clone())
    }

    /// The line as numbered text moves, one per line, like the paper's
    /// figures: "1. red a-b", forced answers marked.
    pub fn to_text(&self, game: Game) -> String {
        let mut out = String::new();
        for (i, m) in self.moves.iter().enumerate() {
            let (u, v) = m.edge.ends();
            out.push_str(&format!(
                "{:>3}. {:<4} {}-{}{}{}\n",
                i + 1,
                m.player.colour_name(),
                self.vertex_name(u),
                self.vertex_name(v),
                if m.forced { "  (forced)" } else { "" },
                if m.phase.is_empty() {
                    String::new()
                } else {
                    format!("  [{}]", m.phase)
                },
            ));
        }
        out.push_str(&format!("end: {}\n", self.ending.describe(game)));
        out
    }
}
