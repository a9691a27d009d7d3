//! The header of a version-3 certificate (proofs/FORMAT.md, "Version 3"):
//! thirteen `KEY VALUE` lines stating the game, the claimed winner and the
//! claimed bound on the winner's moves.

use super::position::{Position, Target};
use super::rules::Rules;
use crate::graph::Colour;
use crate::text::{clip, decode_graph6, header_line, number, MAX_ORDER};
use crate::Rejection;

/// The format version of graph Ramsey game certificates.
pub const VERSION: u32 = 3;
/// Lines in a version-3 header.
pub const HEADER_LINES: usize = 13;
/// Most free edges at the start of a game whose moves are sets of edges
/// (the engine's cap): the checker tries every set.
pub const MAX_SET_MOVE_EDGES: usize = 21;

/// What a version-3 header states and claims.
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
    /// The claimed winner.
    pub winner: Colour,
    /// The claim: the winner wins within `bound` of their moves from the start.
    pub bound: u32,
    /// Body lines announced.
    pub entries: usize,
    /// SHA-256 of the body, as written.
    pub sha256: String,
}

fn colour(text: &str, what: &str) -> Result<Colour, Rejection> {
    match text {
        "red" => Ok(Colour::Red),
        "blue" => Ok(Colour::Blue),
        _ => Err(Rejection::unreadable(format!(
            "header: {what} `{}` is not red or blue",
            clip(text)
        ))),
    }
}

/// Parses the thirteen header lines (the first, `ramsey-cert 3`, is read already).
pub fn parse(lines: &[String]) -> Result<Header, Rejection> {
    let mut it = lines.iter().map(String::as_str).skip(1);
    let unreadable = |what: &str, e: String| Rejection::unreadable(format!("header: {what}: {e}"));
    let tool = clip(header_line(&mut it, "tool")?);
    let rules: Rules = header_line(&mut it, "rules")?
        .parse()
        .map_err(|e| unreadable("rules", e))?;
    let board_text = header_line(&mut it, "board")?.to_string();
    let (n, edges) = decode_graph6(&board_text).map_err(|e| unreadable("board", e))?;
    if !(1..=MAX_ORDER).contains(&n) {
        return Err(unreadable("board", format!("{n} vertices, not 1 to {MAX_ORDER}")));
    }
    let board = Position::board(n, &edges);
    let mut target = |key: &str| -> Result<(Target, String), Rejection> {
        let text = header_line(&mut it, key)?.to_string();
        let t = Target::parse(&text).map_err(|e| unreadable(key, e))?;
        if t.vertices() > n {
            return Err(unreadable(key, format!("more vertices than the board's {n}")));
        }
        Ok((t, text))
    };
    let targets = [target("target-red")?, target("target-blue")?];
    let first = colour(header_line(&mut it, "first")?, "first")?;
    let start = board
        .coloured(header_line(&mut it, "start")?)
        .map_err(|e| unreadable("start", e))?;
    if rules.sets() && start.free_edges().len() > MAX_SET_MOVE_EDGES {
        return Err(unreadable(
            "start",
            format!("{rules} tries every set of free edges: at most {MAX_SET_MOVE_EDGES} free edges"),
        ));
    }
    let to_move = colour(header_line(&mut it, "to-move")?, "to-move")?;
    let winner = colour(header_line(&mut it, "winner")?, "winner")?;
    let bound = number(header_line(&mut it, "bound")?, "bound")?;
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
        winner,
        bound,
        entries,
        sha256,
    })
}
