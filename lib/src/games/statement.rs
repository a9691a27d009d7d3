//! Reading edge-game statements from text: boards and start colourings.
//!
//! Boards: `n` or `Kn` for the complete graph `K_n`; a name of a small
//! graph (`C5`, `P4`, `K1,3`, ... as for targets); or any graph in graph6
//! (at most [`MAX_VERTICES`] vertices). `inf` (`K_aleph0`) is refused: an
//! exhaustive solve needs a finite board (the strategy verifier handles
//! `K_aleph0`).
//!
//! Start colourings: `RED:BLUE` as two graph6 strings on at most the
//! board's vertices (the convention of `src/graph6.rs`), or a list of
//! edges `u-v,u-v,...` played alternately, the first mover first.

use super::pattern::Pattern;
use crate::core::board::{Board, IllegalMove, Position};
use crate::core::board::{Edge, Player, MAX_VERTICES};
use crate::core::graph6::{decode, Graph6Error};

/// Why a board or start position could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StatementTextError {
    /// `inf` given where a finite board is needed.
    #[error("K_aleph0 (`inf`) has no end: an exhaustive solve needs a finite board (n, Kn, a graph name or graph6)")]
    InfiniteBoard,
    /// Neither a number, a name nor graph6.
    #[error("board `{0}` is not a number of vertices, a graph name (C5, P4, K1,3, ...) or graph6")]
    UnknownBoard(String),
    /// Too many vertices.
    #[error("board size must be between 1 and {MAX_VERTICES} vertices, not {0}")]
    BoardSize(usize),
    /// Bad graph6 in a start position.
    #[error("start position: {0}")]
    Graph6(#[from] Graph6Error),
    /// An edge of the start position does not fit.
    #[error("start position: {0}")]
    Edge(#[from] IllegalMove),
    /// Bad edge list.
    #[error("start position: `{0}` is not an edge `u-v` of two different vertex numbers")]
    BadEdge(String),
    /// A graph6 start position on more vertices than the board.
    #[error("start position has {0} vertices, the board only {1}")]
    StartTooLarge(usize, usize),
}

/// The board named by `text`, uncoloured, red to move.
pub fn parse_board(text: &str) -> Result<Position, StatementTextError> {
    let text = text.trim();
    if text == "inf" || text == "aleph0" {
        return Err(StatementTextError::InfiniteBoard);
    }
    let digits = text.strip_prefix('K').unwrap_or(text);
    if let Ok(n) = digits.parse::<usize>() {
        if !(1..=MAX_VERTICES).contains(&n) {
            return Err(StatementTextError::BoardSize(n));
        }
        return Ok(Position::empty(Board::complete_graph(n)));
    }
    if let Ok(pattern) = text.parse::<Pattern>() {
        return Ok(Position::on_graph(pattern.vertex_count(), pattern.edges()));
    }
    match decode(text) {
        Ok((n, edges)) => Ok(Position::on_graph(n, edges)),
        Err(Graph6Error::TooManyVertices(n)) => Err(StatementTextError::BoardSize(n)),
        Err(_) => Err(StatementTextError::UnknownBoard(text.to_string())),
    }
}

/// Colours the start position `text` (`RED:BLUE` graph6, or an edge list
/// played alternately, red first) onto `board`. Returns the position and
/// the player whose turn it would be after those moves (red after
/// `RED:BLUE`).
pub fn colour_start(board: &Position, text: &str) -> Result<(Position, Player), StatementTextError> {
    let mut position = board.clone();
    if let Some((red, blue)) = text.trim().split_once(':') {
        for (player, half) in [(Player::First, red), (Player::Second, blue)] {
            let (n, edges) = decode(half)?;
            if n > board.vertex_count() {
                return Err(StatementTextError::StartTooLarge(n, board.vertex_count()));
            }
            for e in edges {
                position.claim(e, player)?;
            }
        }
        return Ok((position, Player::First));
    }
    let mut mover = Player::First;
    for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let e = parse_edge(item).ok_or_else(|| StatementTextError::BadEdge(item.to_string()))?;
        position.claim(e, mover)?;
        mover = mover.opponent();
    }
    Ok((position, mover))
}

fn parse_edge(text: &str) -> Option<Edge> {
    let (u, v) = text.split_once('-')?;
    Edge::checked(u.trim().parse().ok()?, v.trim().parse().ok()?)
}
