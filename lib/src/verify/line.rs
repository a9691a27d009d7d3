//! A line of play: the moves of a game in the order they were made, with
//! what a reader needs to check it by hand (who played, forced answers,
//! how it ended, the strategy's names for vertices).

use crate::core::board::{Board, Edge, Player, Position, Vertex};
use crate::verify::strategy::Game;
use serde::{Deserialize, Serialize};

/// One move of a line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedMove {
    /// Who moved.
    pub player: Player,
    /// The edge claimed.
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
    /// The strategy had no move and said why (e.g. no rule applies, no
    /// fresh vertex left).
    StrategyError(String),
    /// The finite board filled up with no winner.
    Draw,
    /// The strategy broke the contract the search relies on (see
    /// [`crate::verify::search::contract`]: an illegal move, a panic, not a function
    /// of the canonical situation, ...): no verdict can be trusted.
    ContractBroken(String),
}

impl Ending {
    /// The `kind` word of the ending in JSON (e.g. `second_player_wins`).
    pub fn kind_name(&self) -> &'static str {
        match self {
            Ending::FirstPlayerWins => "first_player_wins",
            Ending::SecondPlayerWins => "second_player_wins",
            Ending::BoundExceeded => "bound_exceeded",
            Ending::StrategyError(_) => "strategy_error",
            Ending::Draw => "draw",
            Ending::ContractBroken(_) => "contract_broken",
        }
    }

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
            Ending::Draw => format!("the board is full and the first player owns no {target}"),
            Ending::ContractBroken(msg) => format!("the strategy breaks its contract: {msg}"),
        }
    }
}

/// The last double threat of a line's winner: after move `after_move`
/// (1-based, a move of `player`) the player threatened to complete the
/// target graph by two or more different edges, more than one reply can block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoubleThreat {
    /// The winner, who made the threat.
    pub player: Player,
    /// The move (1-based) after which the threat stood.
    pub after_move: usize,
    /// The missing edges of the threats, in increasing order.
    pub edges: Vec<Edge>,
}

/// A complete line from the empty board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    /// The moves in play order, red first.
    pub moves: Vec<PlayedMove>,
    /// How the line ends.
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
    ///
    /// # Panics
    /// If the line is illegal (an edge claimed twice or off `board`). The
    /// engine's lines are legal; lines read from input are checked first
    /// (`ramsey-verify show` replays them move by move). The same holds for
    /// [`Line::winner`] and [`Line::final_double_threat`].
    pub fn final_position(&self, board: Board) -> Position {
        Line::replay(board, &self.moves)
    }

    /// Who completed the target graph with the last move, if anyone.
    pub fn winner(&self, game: Game) -> Option<Player> {
        let (last, before) = self.moves.split_last()?;
        let position = Line::replay(Board::Infinite, before);
        position
            .completes_clique(last.player, last.edge, game.clique)
            .then_some(last.player)
    }

    /// The position after `moves` on `board`.
    fn replay(board: Board, moves: &[PlayedMove]) -> Position {
        let mut position = Position::empty(board);
        for m in moves {
            position.claim(m.edge, m.player).expect("lines are legal");
        }
        position
    }

    /// The double threat that decided the game: the last position, after a
    /// move of the winner and before the winning move, in which the winner
    /// threatened two different edges. `None` if nobody won or the loser
    /// simply failed to block a single threat.
    pub fn final_double_threat(&self, game: Game) -> Option<DoubleThreat> {
        let winner = self.winner(game)?;
        let last = self.moves.len() - 1;
        (0..last)
            .rev()
            .filter(|&i| self.moves[i].player == winner)
            .find_map(|i| {
                let edges = Line::replay(Board::Infinite, &self.moves[..=i]).threats(winner, game.clique);
                (edges.len() >= 2).then_some(DoubleThreat {
                    player: winner,
                    after_move: i + 1,
                    edges,
                })
            })
    }

    /// An edge written with the line's vertex names.
    pub fn edge_name(&self, e: Edge) -> String {
        let (u, v) = e.ends();
        format!("{}-{}", self.vertex_name(u), self.vertex_name(v))
    }

    /// The name of `v`, or its number. A strategy may give a slot's name to
    /// different vertices over a line and `names` keeps the last name each
    /// vertex had, so a name can be shared: shared names show as
    /// `name/number`.
    pub fn vertex_name(&self, v: Vertex) -> String {
        let Some((_, name)) = self.names.iter().find(|(w, _)| *w == v) else {
            return v.to_string();
        };
        if self.names.iter().filter(|(_, n)| n == name).count() > 1 {
            format!("{name}/{v}")
        } else {
            name.clone()
        }
    }

    /// The line as numbered text moves, one per line, like the paper's
    /// figures: "1. red  a-b", forced answers to threats marked, then how it
    /// ended and the winner's final double threat.
    pub fn to_text(&self, game: Game) -> String {
        self.to_text_from(game, 1)
    }

    /// [`Line::to_text`] with moves numbered from `first` (Bowler and Gut's
    /// figures number edges from 0).
    pub fn to_text_from(&self, game: Game, first: usize) -> String {
        let mut out = self.moves_text(first);
        out.push_str(&format!("end: {}\n", self.ending.describe(game)));
        if let Some(text) = self.double_threat_text(game, first) {
            out.push_str(&text);
            out.push('\n');
        }
        out
    }

    /// The moves numbered from `first`, one per text line.
    pub fn moves_text(&self, first: usize) -> String {
        let mut out = String::new();
        for (i, m) in self.moves.iter().enumerate() {
            out.push_str(&format!(
                "{:>3}. {:<4} {}{}{}\n",
                i + first,
                m.player.colour_name(),
                self.edge_name(m.edge),
                if m.forced { "  (forced)" } else { "" },
                if m.phase.is_empty() {
                    String::new()
                } else {
                    format!("  [{}]", m.phase)
                },
            ));
        }
        out
    }

    /// "final double threat: ..." for the winner's deciding double threat,
    /// moves numbered from `first`.
    pub fn double_threat_text(&self, game: Game, first: usize) -> Option<String> {
        let threat = self.final_double_threat(game)?;
        let edges: Vec<String> = threat.edges.iter().map(|&e| self.edge_name(e)).collect();
        Some(format!(
            "final double threat: {} after move {} threatens {} by {}",
            threat.player.colour_name(),
            threat.after_move + first - 1,
            game.target_name(),
            edges.join(" and ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(edges: &[(Vertex, Vertex)], ending: Ending) -> Line {
        let moves = edges
            .iter()
            .enumerate()
            .map(|(i, &(u, v))| PlayedMove {
                player: if i % 2 == 0 { Player::First } else { Player::Second },
                edge: Edge::new(u, v),
                forced: false,
                phase: String::new(),
            })
            .collect();
        Line {
            moves,
            ending,
            names: vec![],
        }
    }

    #[test]
    fn shared_names_are_told_apart() {
        let mut l = line(&[(0, 3), (3, 5)], Ending::BoundExceeded);
        l.names = vec![(0, "a".into()), (3, "u".into()), (5, "u".into())];
        assert_eq!([0, 3, 5, 7].map(|v| l.vertex_name(v)), ["a", "u/3", "u/5", "7"]);
    }

    #[test]
    fn his_double_threat_is_found() {
        // Blue 0-1, 0-2 threatens 1-2 (red blocks); blue 0-3 then threatens
        // 1-3 and 2-3; red blocks 2-3, blue completes 1-3.
        let l = line(
            &[(10, 11), (0, 1), (12, 13), (0, 2), (1, 2), (0, 3), (2, 3), (1, 3)],
            Ending::SecondPlayerWins,
        );
        let game = Game::clique(3);
        assert_eq!(l.winner(game), Some(Player::Second));
        let threat = l.final_double_threat(game).unwrap();
        assert_eq!((threat.player, threat.after_move), (Player::Second, 6));
        assert_eq!(threat.edges, vec![Edge::new(1, 3), Edge::new(2, 3)]);
        assert!(l
            .to_text(game)
            .contains("final double threat: blue after move 6 threatens K3 by 1-3 and 2-3"));
    }

    #[test]
    fn no_double_threat_without_a_winner_or_when_a_single_threat_was_ignored() {
        let game = Game::clique(3);
        let unfinished = line(&[(0, 1), (5, 6), (1, 2)], Ending::BoundExceeded);
        assert_eq!(unfinished.final_double_threat(game), None);
        // Red threatens 0-2 once; blue plays elsewhere; red completes.
        let ignored = line(&[(0, 1), (5, 6), (1, 2), (7, 8), (0, 2)], Ending::FirstPlayerWins);
        assert_eq!(ignored.winner(game), Some(Player::First));
        assert_eq!(ignored.final_double_threat(game), None);
    }
}
