//! What an accepted colouring certificate (version 7 or 11) proves, and
//! its text.

use super::Claim;

/// What an accepted version-7 certificate proves.
#[derive(Clone, Debug)]
pub struct Statement {
    /// The rules' name.
    pub game: &'static str,
    /// The graph's graph6.
    pub graph: String,
    /// The order and owners as written.
    pub order: (String, String),
    /// The claim.
    pub claim: Claim,
    /// The format version, 7 or 11.
    pub format: u32,
    /// Version 11: a part's start, as written (`None`: the game's start).
    pub start: Option<String>,
    /// Version 11: the parts checked with it (0 in version 7).
    pub parts: usize,
}

impl Statement {
    /// What is proved, in words.
    pub fn text(&self) -> String {
        let ordered = match self.order.0.as_str() {
            "-" => String::new(),
            order => format!(" (order {order}, owners {})", self.order.1),
        };
        let from = match &self.start {
            Some(start) => format!(" from the position {start}"),
            None => String::new(),
        };
        let game = format!("the {} on {}{ordered}{from}", self.game, self.graph);
        let colours = |k: usize| crate::text::count(k, "colour", "colours");
        let parts = match self.parts {
            0 => String::new(),
            n => format!(" ({}, each checked)", crate::text::count(n, "part", "parts")),
        };
        let claim = match self.claim {
            Claim::GameChromatic(1) => format!("chi_g = 1: player 1 wins {game} with 1 colour"),
            Claim::GameChromatic(k) => format!(
                "chi_g = {k}: player 1 wins {game} with {}, player 2 wins it with each of 1 to {}",
                colours(k),
                colours(k - 1)
            ),
            Claim::Wins { winner, colours: k } => format!("player {winner} wins {game} with {}", colours(k)),
        };
        claim + &parts
    }
}
