//! The header of a version-3 or version-5 certificate (proofs/FORMAT.md,
//! "Version 3" and "Version 5"): `KEY VALUE` lines stating the game, then
//! the claim: the winner and a bound on the winner's moves (thirteen lines
//! in all), or a draw (twelve), or (version 14) a colour that does not win
//! within a number of plies (thirteen).

use super::closure::parse_colour;
use super::position::{Position, Target};
use super::rules::{Rules, MAX_SET_MOVE_EDGES};
use crate::graph::Colour;
use crate::iso::Cells;
use crate::text::{clip, decode_graph6, header_line, number, MAX_ORDER};
use crate::Rejection;

/// The format version of graph Ramsey game certificates of a win.
pub const VERSION: u32 = 3;
/// The format version of graph Ramsey game certificates of a draw.
pub const DRAW_VERSION: u32 = 5;
/// The format version of "no win within `L` plies" certificates of graph
/// Ramsey games (the holder's strategy, [`super::holdout`]).
pub const HOLDOUT_VERSION: u32 = 14;

/// Lines in a header of `version` (3, 5 or 14).
pub fn header_lines(version: u32) -> usize {
    match version {
        VERSION | HOLDOUT_VERSION => 13,
        _ => 12,
    }
}

/// What a certificate of a graph Ramsey game claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameClaim {
    /// Version 3: `winner` wins within `bound` of its moves from the start.
    Wins {
        /// The claimed winner.
        winner: Colour,
        /// The claimed bound on the winner's moves.
        bound: u32,
    },
    /// Version 5: neither colour loses, so the game is a draw.
    Draw,
    /// Version 14: `prover` does not win within `plies` plies from the
    /// start, whatever it does (the other colour's strategy holds it off).
    NoWinWithin {
        /// The colour that does not win in time.
        prover: Colour,
        /// The plies, from the start.
        plies: u32,
    },
}

/// What a version-3 or version-5 header states and claims.
#[derive(Clone, Debug)]
pub struct Header {
    /// The writing program, clipped (informative only).
    pub tool: String,
    /// The rule set.
    pub rules: Rules,
    /// The board, uncoloured, and its graph6 as written.
    pub board: Position,
    /// The board's graph6, as written.
    pub board_text: String,
    /// Targets of red and blue, with their graph6 as written.
    pub targets: [(Target, String); 2],
    /// The colour that moved first in the game.
    pub first: Colour,
    /// The start position and the colour to move there.
    pub start: Position,
    /// Who is to move at the start.
    pub to_move: Colour,
    /// The claim.
    pub claim: GameClaim,
    /// The file's line of the first entry.
    pub first_line: usize,
    /// Body lines announced.
    pub entries: usize,
    /// SHA-256 of the body, as written.
    pub sha256: String,
}

/// The colour of header line `key`.
pub(crate) fn colour<'a>(lines: &mut impl Iterator<Item = &'a str>, key: &str) -> Result<Colour, Rejection> {
    parse_colour(header_line(lines, key)?).map_err(|e| Rejection::unreadable(format!("header: {key}: {e}")))
}

/// The board of header line `board`: its graph6 (1 to 128 vertices),
/// uncoloured, and the graph6 as written.
pub(crate) fn board<'a>(lines: &mut impl Iterator<Item = &'a str>) -> Result<(Position, String), Rejection> {
    let text = header_line(lines, "board")?.to_string();
    let (n, edges) = decode_graph6(&text).map_err(|e| Rejection::unreadable(format!("header: board: {e}")))?;
    if !(1..=MAX_ORDER).contains(&n) {
        return Err(Rejection::unreadable(format!(
            "header: board: {n} vertices, not 1 to {MAX_ORDER}"
        )));
    }
    Ok((Position::board(n, &edges), text))
}

/// Parses the header lines of version 3 (thirteen), 5 (twelve) or 14 (thirteen).
pub fn parse(lines: &[String], version: u32) -> Result<Header, Rejection> {
    let mut it = lines.iter().map(String::as_str).skip(1);
    let unreadable = |what: &str, e: String| Rejection::unreadable(format!("header: {what}: {e}"));
    let tool = clip(header_line(&mut it, "tool")?);
    let rules: Rules = header_line(&mut it, "rules")?
        .parse()
        .map_err(|e| unreadable("rules", e))?;
    let (board, board_text) = board(&mut it)?;
    let n = board.order();
    let mut target = |key: &str| -> Result<(Target, String), Rejection> {
        let text = header_line(&mut it, key)?.to_string();
        let t = Target::parse(&text).map_err(|e| unreadable(key, e))?;
        if t.vertices() > n {
            return Err(unreadable(key, format!("more vertices than the board's {n}")));
        }
        Ok((t, text))
    };
    let targets = [target("target-red")?, target("target-blue")?];
    if rules == Rules::SharedAvoid && targets[0].1 != targets[1].1 {
        return Err(unreadable(
            "target-blue",
            format!("{rules} has one target: the same graph6 as target-red"),
        ));
    }
    let first = colour(&mut it, "first")?;
    let start = board
        .coloured(header_line(&mut it, "start")?)
        .map_err(|e| unreadable("start", e))?;
    let blue = (0..n).any(|u| (0..n).any(|v| start.is(u, v, Colour::Blue)));
    if rules == Rules::SharedAvoid && blue {
        return Err(unreadable(
            "start",
            format!("{rules} writes the common graph red: blue must be empty"),
        ));
    }
    if rules.sets() && start.free_edges().len() > MAX_SET_MOVE_EDGES {
        return Err(unreadable(
            "start",
            format!("{rules} tries every set of free edges: at most {MAX_SET_MOVE_EDGES} free edges"),
        ));
    }
    let to_move = colour(&mut it, "to-move")?;
    let claim = match version {
        VERSION => GameClaim::Wins {
            winner: colour(&mut it, "winner")?,
            bound: number(header_line(&mut it, "bound")?, "bound")?,
        },
        HOLDOUT_VERSION if rules.sets() => {
            return Err(unreadable(
                "rules",
                format!("version {HOLDOUT_VERSION} counts one edge per ply: {rules} colours sets of edges"),
            ))
        }
        HOLDOUT_VERSION => GameClaim::NoWinWithin {
            prover: colour(&mut it, "prover")?,
            plies: number(header_line(&mut it, "plies")?, "plies")?,
        },
        _ => match header_line(&mut it, "claim")? {
            "draw" => GameClaim::Draw,
            other => return Err(unreadable("claim", format!("`{}` is not draw", clip(other)))),
        },
    };
    let entries = number(header_line(&mut it, "entries")?, "entry count")?;
    let sha256 = header_line(&mut it, "sha256")?.to_string();
    Ok(Header {
        tool,
        rules,
        board,
        board_text,
        targets,
        first,
        start,
        to_move,
        claim,
        first_line: header_lines(version) + 1,
        entries,
        sha256,
    })
}
