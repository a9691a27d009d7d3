//! What an accepted certificate proves ([`Summary`], [`Claim`]), as text
//! and as the JSON object of `--json`.

use crate::format::{Board, StrongClaim};
use crate::text::count;
use crate::{colouring, family, game, refutation, scoring, theorem53, Rejection, RejectionKind};

/// What an accepted certificate proves, and what checking it cost.
#[derive(Clone, Debug)]
pub struct Summary {
    /// The writing program named in the header (clipped; informative only).
    pub tool: String,
    /// The game and who wins it.
    pub claim: Claim,
    /// The header's claim: the winner wins within `bound` moves.
    pub bound: u32,
    /// The winner wins within this many moves (version 2: the depth of the
    /// empty board's entry, or for a subtree certificate her moves on the
    /// start position plus the most any reply needs; version 3: the start
    /// entry's depth, or with the loser to move the most any reply needs).
    pub moves: u32,
    /// Body entries, all checked.
    pub entries: usize,
    /// Replies of the loser examined over all entries.
    pub replies: usize,
    /// Wall-clock time of the check.
    pub seconds: f64,
}

/// What a certificate claims, by format version.
#[derive(Clone, Debug)]
pub enum Claim {
    /// Versions 2 and 4: the strong `K_k` game on `board`; `claim` says
    /// what is proved (version 2: she wins).
    Strong {
        /// The board of the game.
        board: Board,
        /// The target is `K_k`.
        k: usize,
        /// What the certificate proves.
        claim: StrongClaim,
        /// For a refutation: what its tree holds.
        tally: Option<refutation::Tally>,
    },
    /// Versions 3 and 5: the stated graph Ramsey game and its winner, or a draw.
    Game(game::Statement),
    /// Version 6: a scoring game and the bounds on its value.
    Scoring(scoring::Statement),
    /// Version 7: a colouring game's winner, or a game chromatic number.
    Colouring(colouring::Statement),
    /// Version 8: a claim about every member of a family.
    Family(family::Statement),
    /// Version 10: Theorem 5.3's strategy on every tree of a family.
    Theorem53(theorem53::Statement),
    /// Version 15: a scoring game on every connected regular graph of an
    /// order and degree.
    RegularFamily(family::erdos::Statement),
}

impl Summary {
    /// The two-line report of a valid certificate.
    pub fn to_text(&self) -> String {
        let first = match &self.claim {
            Claim::Strong { board, k, claim, tally } => {
                let board = match board {
                    Board::Infinite => "K_aleph0".to_string(),
                    Board::Complete(n) => format!("K_{n}"),
                };
                let text = strong_text(*claim, tally.as_ref(), &format!("K{k} game on {board}"), self.moves);
                format!("{text} (bound {})", self.bound)
            }
            Claim::Scoring(s) => s.text(),
            Claim::Colouring(s) => s.text(),
            Claim::Family(s) => s.text(),
            Claim::Theorem53(s) => s.text(),
            Claim::RegularFamily(s) => s.text(),
            Claim::Game(s) => {
                let game = format!(
                    "the {} game on board {} (targets {} for red, {} for blue; {} moved first)",
                    s.rules, s.board, s.targets[0], s.targets[1], s.first
                );
                match (s.winner, s.no_win_within) {
                    (_, Some((p, plies))) => format!(
                        "{p} does not win {game} within {}: {}'s strategy holds {p} off (bound {})",
                        count(plies, "ply", "plies"),
                        if p == "red" { "blue" } else { "red" },
                        self.bound
                    ),
                    (Some(w), None) => format!(
                        "{w} wins {game} within {} of {w} (bound {})",
                        count(self.moves, "move", "moves"),
                        self.bound
                    ),
                    (None, None) => format!("{game} is a draw: neither red nor blue loses with its strategy"),
                }
            }
        };
        format!(
            "VALID: {first}\n\
             entries: {}   replies checked: {}   time: {:.3}s   written by: {}\n",
            self.entries, self.replies, self.seconds, self.tool
        )
    }
}

/// What a strong-game certificate proves, in words.
fn strong_text(claim: StrongClaim, tally: Option<&refutation::Tally>, game: &str, moves: u32) -> String {
    let leaves = |t: &refutation::Tally| {
        let reason = t
            .reason
            .as_ref()
            .map_or(String::new(), |r| format!(", first reason: {r}"));
        format!(
            "{}; leaves: {}, {}, {} at the bound, {} without a move{reason}",
            count(t.nodes, "line", "lines"),
            count(t.blue, "blue win", "blue wins"),
            count(t.full, "full board", "full boards"),
            t.bound,
            t.none
        )
    };
    let within = count(moves, "move", "moves");
    match (claim, tally) {
        (StrongClaim::Wins, _) => format!("she wins the {game} within {within}"),
        (StrongClaim::NoWin, _) => {
            format!("she cannot force a win in the {game} within {within} of hers: his strategy holds her off")
        }
        (StrongClaim::EveryOptionWins, _) => {
            format!("every option listed wins the {game} for her within {within}")
        }
        (StrongClaim::EveryOptionLoses, Some(t)) => format!(
            "every option of hers listed loses the {game}: on every line of the tree he completes his \
             target, the board fills, she reaches the bound or the strategy has no move, after at most \
             {within} of hers ({})",
            leaves(t)
        ),
        (_, t) => format!(
            "she loses the {game} on this line, after {within} of hers ({})",
            t.map_or(String::new(), leaves)
        ),
    }
}

/// A verdict as one JSON object: `valid`, and either `board`, `target`,
/// `bound`, `moves`, `entries`, `replies`, `seconds`, `tool`, or
/// `exit_code`, `kind` (`"invalid"` or `"unreadable"`), `error`, `line`.
pub fn verdict_json(verdict: &Result<Summary, Rejection>) -> serde_json::Value {
    match verdict {
        Ok(s) => {
            let mut claim = match &s.claim {
                Claim::Strong { board, k, claim, .. } => {
                    let mut out = serde_json::json!({
                        "valid": true,
                        "board": match board { Board::Infinite => "inf".to_string(), Board::Complete(n) => n.to_string() },
                        "target": format!("K{k}"),
                    });
                    if *claim != StrongClaim::Wins {
                        out["claim"] = serde_json::json!(claim.name());
                    }
                    out
                }
                Claim::Game(g) => game_json(g),
                Claim::Scoring(g) => {
                    let pair = |p: Option<scoring::rules::Points>| p.map(|p| [p.alice, p.bob]);
                    let value = (g.at_least == g.at_most).then_some(pair(g.at_least)).flatten();
                    serde_json::json!({
                        "valid": true, "format": g.format, "game": g.game, "board": g.board, "to_move": g.to_move,
                        "at_least": pair(g.at_least), "at_most": pair(g.at_most), "value": value,
                    })
                }
                Claim::Colouring(c) => colouring_json(c),
                Claim::Family(f) => f.json(),
                Claim::Theorem53(t) => t.json(),
                Claim::RegularFamily(f) => f.json(),
            };
            // A draw and a scoring game claim no bound and need no moves.
            let drawn = matches!(&s.claim, Claim::Game(g) if g.winner.is_none() && g.no_win_within.is_none())
                || matches!(
                    &s.claim,
                    Claim::Scoring(_)
                        | Claim::Colouring(_)
                        | Claim::Family(_)
                        | Claim::Theorem53(_)
                        | Claim::RegularFamily(_)
                );
            let rest = serde_json::json!({
            "bound": (!drawn).then_some(s.bound),
            "moves": (!drawn).then_some(s.moves),
            "entries": s.entries,
            "replies": s.replies,
            "seconds": s.seconds,
            "tool": s.tool,
            });
            claim
                .as_object_mut()
                .expect("an object")
                .extend(rest.as_object().expect("an object").clone());
            claim
        }
        Err(r) => serde_json::json!({
            "valid": false,
            "exit_code": r.exit_code(),
            "kind": match r.kind { RejectionKind::Invalid => "invalid", RejectionKind::Unreadable => "unreadable" },
            "error": r.message,
            "line": r.line,
        }),
    }
}

/// The fields of a valid version-3, 5 or 14 certificate's JSON object:
/// version 14 names its claim `no-win-within`, with the `prover` that does
/// not win and the `plies`.
fn game_json(g: &game::Statement) -> serde_json::Value {
    let (format, claim) = match (g.winner, g.no_win_within) {
        (_, Some(_)) => (14, "no-win-within"),
        (Some(_), None) => (3, "win"),
        (None, None) => (5, "draw"),
    };
    let mut out = serde_json::json!({
        "valid": true, "format": format, "rules": g.rules,
        "board": g.board, "target_red": g.targets[0], "target_blue": g.targets[1],
        "first": g.first, "winner": g.winner, "claim": claim,
    });
    if let Some((prover, plies)) = g.no_win_within {
        out["prover"] = serde_json::json!(prover);
        out["plies"] = serde_json::json!(plies);
    }
    out
}

/// The fields of a valid version-7 certificate's JSON object.
fn colouring_json(c: &colouring::Statement) -> serde_json::Value {
    let (chi_g, winner, colours) = match c.claim {
        colouring::Claim::GameChromatic(k) => (Some(k), None, k),
        colouring::Claim::Wins { winner, colours } => (None, Some(winner), colours),
    };
    let ordered = |text: &String| (text != "-").then(|| text.clone());
    serde_json::json!({
        "valid": true, "format": c.format, "game": c.game, "graph": c.graph, "start": c.start, "parts": c.parts,
        "order": ordered(&c.order.0), "owners": ordered(&c.order.1),
        "claim": if chi_g.is_some() { "chi-g" } else { "wins" },
        "game_chromatic_number": chi_g, "winner": winner, "colours": colours,
    })
}
