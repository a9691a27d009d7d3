//! How graph Ramsey games are written for people: moves as edge lists,
//! scores as the winner and their role.

use super::{Outcome, RamseyGame};
use crate::core::board::{Edge, Player};
use crate::games::Notation;

impl Notation for RamseyGame {
    fn move_text(&self, m: &Vec<Edge>) -> String {
        m.iter().map(|e| e.to_string()).collect::<Vec<_>>().join(",")
    }

    fn move_json(&self, m: &Vec<Edge>) -> serde_json::Value {
        m.iter().map(|e| [e.ends().0, e.ends().1]).collect::<Vec<_>>().into()
    }

    /// `{"winner": "red"|"blue"|null, "result": "first"|"second"|"draw"}`.
    fn score_json(&self, score: Outcome) -> serde_json::Value {
        let result = match score.winner() {
            Some(p) if p == self.first => "first",
            Some(_) => "second",
            None => "draw",
        };
        serde_json::json!({ "winner": score.winner().map(Player::colour_name), "result": result })
    }

    fn score_text(&self, score: Outcome) -> String {
        let role = |p: Player| if p == self.first { "first" } else { "second" };
        match score.winner() {
            Some(p) => format!("{} ({} player) wins", p.colour_name(), role(p)),
            None => "draw".to_string(),
        }
    }
}
