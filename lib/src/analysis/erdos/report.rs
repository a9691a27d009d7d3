//! The report of `erdos` on one board: the board as named, its head start
//! and first mover, and each game solved, as text (one block per game,
//! printable as soon as that game is solved) or as one JSON object. Here
//! rather than in the command line so a program gets the same report.

use super::{board_name, parse_board, parse_head_start, BoardError, Found, Solved};
use crate::core::board::{Edge, Position};
use crate::core::words::count;
use crate::games::scoring::{Points, Scoring, ScoringError, ScoringGame};

/// One board's games: what was asked (board, head start, first mover) and
/// what was found, game by game.
#[derive(Clone, Debug)]
pub struct BoardReport {
    /// The board as the user wrote it (`7`, `colex:9`, graph6): reports
    /// name it after this ([`board_name`]) and JSON gives it as written.
    pub name: String,
    /// The uncoloured board.
    pub board: Position,
    /// Edges red before Alice's first move.
    pub head_start: Vec<Edge>,
    /// Whether Bob moves first.
    pub bob_first: bool,
    /// The games solved so far, in the order asked.
    pub games: Vec<Solved>,
}

impl BoardReport {
    /// The board and head start read from text ([`parse_board`],
    /// [`parse_head_start`]), with no game solved yet.
    pub fn parse(board: &str, head_start: Option<&str>, bob_first: bool) -> Result<Self, BoardError> {
        let position = parse_board(board)?;
        let head_start = match head_start {
            Some(text) => parse_head_start(text)?,
            None => vec![],
        };
        Ok(BoardReport {
            name: board.to_string(),
            board: position,
            head_start,
            bob_first,
            games: Vec::new(),
        })
    }

    /// The game `scoring` on this board, head start and first mover.
    pub fn game(&self, scoring: Scoring) -> Result<ScoringGame, ScoringError> {
        let game = ScoringGame::new(scoring, &self.board, &self.head_start)?;
        Ok(if self.bob_first { game.bob_first() } else { game })
    }

    /// One game's block of text: the outcome (or its bounds) and who wins,
    /// the optimal line when exact, positions per move, and the totals.
    pub fn game_text(&self, solved: &Solved) -> String {
        let result = match &solved.found {
            Found::Exact { outcome, .. } => format!("outcome (a, b) = {outcome}"),
            Found::Winner(w) => {
                let text = |p: Option<Points>| p.map_or("?".to_string(), |p| p.to_string());
                format!("{} <= outcome (a, b) <= {}", text(w.at_least), text(w.at_most))
            }
        };
        let mut text = format!(
            "{} game on {} ({}, {}): {result}: {}\n",
            solved.scoring.name(),
            board_name(&self.name),
            count(self.board.vertex_count(), "vertex", "vertices"),
            count(self.board.board_edges().len(), "edge", "edges"),
            solved.found.winner_text(solved.scoring)
        );
        if let Found::Exact { line, .. } = &solved.found {
            text += &format!("  optimal line: {}\n", or_none(line_list(line)));
        }
        let counts: Vec<String> = solved
            .per_move
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{i}:{c}"))
            .collect();
        text += &format!("  positions per move: {}\n", or_none(counts));
        text + &format!("  positions: {}   time: {:.3}s\n", solved.positions, solved.seconds)
    }

    /// Every game's block of text ([`BoardReport::game_text`]), in order.
    pub fn to_text(&self) -> String {
        self.games.iter().map(|solved| self.game_text(solved)).collect()
    }

    /// The report as one JSON object: the board and its start, and per
    /// game the outcome or its bounds as `[a, b]` pairs (null where
    /// unknown), the winner, the line and the counts.
    pub fn to_json(&self) -> serde_json::Value {
        let games: Vec<_> = self.games.iter().map(game_json).collect();
        serde_json::json!({
            "board": self.name,
            "vertices": self.board.vertex_count(),
            "edges": self.board.board_edges().len(),
            "head_start": line_list(&self.head_start),
            "first": if self.bob_first { "Bob" } else { "Alice" },
            "games": games,
        })
    }
}

/// One game of [`BoardReport::to_json`].
fn game_json(solved: &Solved) -> serde_json::Value {
    let pair = |p: Option<Points>| p.map(|p| [p.alice, p.bob]);
    let (at_least, at_most) = solved.found.bounds();
    let (outcome, line) = match &solved.found {
        Found::Exact { outcome, line } => (Some(*outcome), Some(line_list(line))),
        Found::Winner(_) => (None, None),
    };
    serde_json::json!({
        "game": solved.scoring.name(),
        "outcome": pair(outcome),
        "score": outcome.map(Points::difference),
        "winner": solved.found.winner_text(solved.scoring),
        "outcome_at_least": pair(at_least),
        "outcome_at_most": pair(at_most),
        "line": line,
        "positions_per_move": solved.per_move,
        "positions": solved.positions,
        "seconds": solved.seconds,
    })
}

/// Words joined by spaces, or `none` (a board without edges: no move, no
/// position searched).
fn or_none(words: Vec<String>) -> String {
    match words.is_empty() {
        true => "none".to_string(),
        false => words.join(" "),
    }
}

/// Edges as `u-v` strings.
fn line_list(line: &[Edge]) -> Vec<String> {
    line.iter().map(|e| e.to_string()).collect()
}
