//! Reading lines and names given on the command line or in JSON files, with
//! every check a hand-written or edited input needs: known vertex names,
//! edges on the board, players alternating from red, no edge claimed twice,
//! no move after a win, and an ending that matches the moves.

use crate::core::board::{Board, Edge, Player, Position, Vertex, MAX_VERTICES};
use crate::verify::line::{Ending, Line, PlayedMove};
use crate::verify::strategy::Game;
use serde_json::Value;
use std::collections::BTreeMap;

/// Parses `--names "0=a,1=b"`.
pub fn parse_names(text: &str) -> Result<BTreeMap<Vertex, String>, String> {
    let mut names = BTreeMap::new();
    for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (number, name) = item
            .split_once('=')
            .ok_or_else(|| format!("--names entries look like `0=a`, not `{item}`"))?;
        let v = vertex_number(number.trim())?;
        let name = name.trim();
        if name.is_empty() || name.contains(['-', ' ', ',', '=']) || name.parse::<usize>().is_ok() {
            return Err(format!(
                "`{name}` cannot be a vertex name (use letters, digits, no `-`)"
            ));
        }
        if names.values().any(|n| n == name) {
            return Err(format!("vertex name `{name}` is given twice"));
        }
        if names.insert(v, name.to_string()).is_some() {
            return Err(format!("vertex {v} is named twice"));
        }
    }
    Ok(names)
}

fn vertex_number(text: &str) -> Result<Vertex, String> {
    match text.parse::<usize>() {
        Ok(v) if v < MAX_VERTICES => Ok(v as Vertex),
        Ok(v) => Err(format!("vertex {v} is out of range (at most {})", MAX_VERTICES - 1)),
        Err(_) => Err(format!("`{text}` is not a vertex number")),
    }
}

/// A vertex written as a number or as one of `names`.
fn vertex(token: &str, names: &BTreeMap<Vertex, String>) -> Result<Vertex, String> {
    if let Some((&v, _)) = names.iter().find(|(_, n)| n.as_str() == token) {
        return Ok(v);
    }
    if token.chars().all(|c| c.is_ascii_digit()) && !token.is_empty() {
        return vertex_number(token);
    }
    Err(format!("unknown vertex name `{token}`"))
}

/// Parses `--line "0-1,0-2,1-3"`: edges in play order, red first.
pub fn parse_moves(text: &str, names: &BTreeMap<Vertex, String>) -> Result<Vec<PlayedMove>, String> {
    let mut moves = Vec::new();
    for (i, item) in text.split(',').map(str::trim).enumerate() {
        let (u, v) = item
            .split_once('-')
            .ok_or_else(|| format!("move {} should look like `u-v`, not `{item}`", i + 1))?;
        let (u, v) = (vertex(u.trim(), names)?, vertex(v.trim(), names)?);
        let edge = Edge::try_new(u as usize, v as usize).map_err(|e| format!("move {}: {e}", i + 1))?;
        let player = if i % 2 == 0 { Player::First } else { Player::Second };
        moves.push(PlayedMove {
            player,
            edge,
            forced: false,
            phase: String::new(),
        });
    }
    Ok(moves)
}

/// A line read from a JSON file, with what the file says about its game.
pub struct JsonLine {
    /// The moves, not yet checked (see [`checked_line`]).
    pub moves: Vec<PlayedMove>,
    /// Vertex names given in the file.
    pub names: BTreeMap<Vertex, String>,
    /// The ending the file claims.
    pub ending: Option<Ending>,
    /// `k` of the file's `target` (`K4` -> 4), if it has one.
    pub clique: Option<usize>,
    /// The file's `board`, if it has one.
    pub board: Option<Board>,
    /// A title for pictures: strategy and verdict, else the file name.
    pub title: String,
}

/// Reads the output of `verify --json` (its counterexample or longest line,
/// with `ending` and `names`) or a bare line object `{"moves": [...], "ending": ..., "names": ...}`.
pub fn read_json_line(path: &str) -> Result<JsonLine, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    parse_json_line(&text, path)
}

/// [`read_json_line`] on the file's text; `path` names it in errors.
pub fn parse_json_line(text: &str, path: &str) -> Result<JsonLine, String> {
    let json: Value = serde_json::from_str(text).map_err(|e| format!("{path} is not JSON: {e}"))?;
    // `verify --json` gives the moves as `counterexample` or `longest_line`,
    // with `ending` and `names` beside them.
    let line_value = match ["counterexample", "longest_line"]
        .iter()
        .find_map(|k| json.get(k).filter(|v| !v.is_null()))
    {
        Some(moves) => serde_json::json!({"moves": moves, "ending": json.get("ending"), "names": json.get("names")}),
        None => json.clone(),
    };
    let line: Line = serde_json::from_value(line_value)
        .map_err(|e| format!("{path} holds no line of moves (`moves`, `ending`, `names`): {e}"))?;
    let clique = match json.get("target").and_then(Value::as_str) {
        None => None,
        Some(t) => Some(
            t.strip_prefix('K')
                .and_then(|k| k.parse().ok())
                .filter(|k| (2..=16).contains(k))
                .ok_or_else(|| format!("{path}: unknown target `{t}` (known: K2 to K16)"))?,
        ),
    };
    let board = match json.get("board").and_then(Value::as_str) {
        None => None,
        Some(b) => Some(b.parse::<Board>().map_err(|e| format!("{path}: {e}"))?),
    };
    let title = match (
        json.get("strategy").and_then(Value::as_str),
        json.get("verdict").and_then(Value::as_str),
    ) {
        (Some(s), Some(v)) => format!("{s}: {v}"),
        _ => path.to_string(),
    };
    Ok(JsonLine {
        moves: line.moves,
        names: line.names.into_iter().collect(),
        ending: Some(line.ending),
        clique,
        board,
        title,
    })
}

/// Replays `moves` on `board`, checking that they alternate from red, are
/// legal and stop at a win; marks forced answers afresh (a move that claims
/// the missing edge of an opponent's threat without winning, as
/// [`crate::verify::search::Search::play_line`] does). Returns the moves and the ending: `claimed` if given (it must agree with the moves), else
/// the win or full board the moves reach, else `None` (unfinished).
pub fn checked_line(
    moves: Vec<PlayedMove>,
    board: Board,
    game: Game,
    claimed: Option<Ending>,
) -> Result<(Vec<PlayedMove>, Option<Ending>), String> {
    let k = game.clique;
    let mut position = Position::empty(board);
    let mut played = Vec::new();
    let mut winner: Option<Player> = None;
    for (i, mut m) in moves.into_iter().enumerate() {
        let (player, edge) = (m.player, m.edge);
        let expected = if i % 2 == 0 { Player::First } else { Player::Second };
        if player != expected {
            return Err(format!(
                "illegal line: move {} is {}'s, but {} is to move",
                i + 1,
                player.colour_name(),
                expected.colour_name()
            ));
        }
        if let Some(w) = winner {
            return Err(format!(
                "illegal line: move {} comes after {} completed a {}",
                i + 1,
                w.colour_name(),
                game.target_name()
            ));
        }
        let wins = position.completes_clique(player, edge, k);
        let forced = !wins && position.completes_clique(player.opponent(), edge, k);
        position
            .claim(edge, player)
            .map_err(|e| format!("illegal line: move {} ({} {edge}): {e}", i + 1, player.colour_name()))?;
        winner = wins.then_some(player);
        m.forced = forced;
        played.push(m);
    }
    let reached = match winner {
        Some(Player::First) => Some(Ending::FirstPlayerWins),
        Some(Player::Second) => Some(Ending::SecondPlayerWins),
        None if position.is_full() => Some(Ending::Draw),
        None => None,
    };
    match (claimed, reached) {
        (None, reached) => Ok((played, reached)),
        (Some(c), Some(r)) if c != r => Err(format!(
            "the line's ending ({}) does not match its moves ({})",
            c.kind_name(),
            r.kind_name()
        )),
        (Some(c @ (Ending::FirstPlayerWins | Ending::SecondPlayerWins)), None) => Err(format!(
            "the line's ending ({}) does not match its moves (nobody completed a {})",
            c.kind_name(),
            game.target_name()
        )),
        (Some(Ending::Draw), None) => {
            Err("the line's ending (draw) does not match its moves (the board is not full)".into())
        }
        (Some(c), _) => Ok((played, Some(c))),
    }
}
