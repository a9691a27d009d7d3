//! What a person playing a graph Ramsey game against the perfect player
//! (`ramsey-verify play`) is told: the rules before the first move, why a
//! move is refused, and how the game ended.

use crate::core::board::{Edge, Player, Position};
use crate::games::prelude::*;
use crate::games::ramsey::{Outcome, RamseyGame};

/// The rules in one sentence, the targets, the person's colour, how to
/// enter a move and how to quit.
pub fn banner(game: &RamseyGame, human: Player) -> String {
    let rules = game.rules();
    let targets = match game.target(Player::First).name() == game.target(Player::Second).name() {
        true => format!("target {}", game.target(Player::First)),
        false => format!(
            "targets {} (red) and {} (blue)",
            game.target(Player::First),
            game.target(Player::Second)
        ),
    };
    let first = match human == game.first() {
        true => "you move first",
        false => "the program moves first",
    };
    format!(
        "{} on {}, {targets}: {}.\nYou are {} ({first}). {}\n",
        rules.name(),
        board_name(&game.start()),
        rules.sentence(),
        human.colour_name(),
        how_to_move(game),
    )
}

/// `K_n` for a complete board (however it was given), else the board's
/// own name.
fn board_name(position: &Position) -> String {
    let n = position.vertex_count();
    match position.board().edge_count() == Some(n * n.saturating_sub(1) / 2) {
        true => format!("K_{n}"),
        false => position.board().name(),
    }
}

/// How to type a move, and how to quit.
pub fn how_to_move(game: &RamseyGame) -> &'static str {
    match game.rules().sets() {
        true => "Type an edge as two vertices (`0 1` or `0-1`), several edges as `0-1,2-3`; `q` quits.",
        false => "Type an edge as two vertices (`0 1` or `0-1`); `q` quits.",
    }
}

/// Why the player to move may not play `m` (a move as
/// [`super::parse_move`] reads it) in `position`, where `legal` are the
/// legal moves; `None` if `m` is one of them. The first reason found, in
/// the order: a vertex off the board, an edge the board lacks, an edge
/// already coloured, several edges where a move is one, a completion the
/// rules forbid.
pub fn refusal(game: &RamseyGame, position: &Position, m: &[Edge], legal: &[Vec<Edge>]) -> Option<String> {
    if legal.iter().any(|l| l == m) {
        return None;
    }
    let n = position.vertex_count();
    for &e in m {
        let (u, v) = e.ends();
        if let Some(w) = [u, v].into_iter().find(|&w| w as usize >= n) {
            return Some(format!(
                "vertex {w} is not on the board (its vertices are 0 to {})",
                n - 1
            ));
        }
        if !position.board().has_edge(e) {
            return Some(format!("{e} is not an edge of the board"));
        }
        if let Some(owner) = position.owner(e) {
            return Some(format!("{e} is already {}", owner.colour_name()));
        }
    }
    if m.len() > 1 && !game.rules().sets() {
        return Some("one edge per move in this game".to_string());
    }
    let mover = game.to_move(position);
    let mut after = position.clone();
    m.iter().for_each(|&e| after.claim(e, mover).expect("free edges"));
    if game.owns_target(&after, mover) {
        return Some(format!(
            "that would complete your {}, which these rules forbid",
            game.target(mover)
        ));
    }
    Some("not a legal move here".to_string())
}

/// How a finished game ended: the result, then each target completed,
/// with its owner and edges; and the edges of those copies, to mark on
/// the board.
pub fn ending(game: &RamseyGame, position: &Position, score: Outcome) -> (String, Vec<Edge>) {
    let mut text = format!("game over: {}\n", game.score_text(score));
    let mut marked = Vec::new();
    for player in [Player::First, Player::Second] {
        if let Some(copy) = game.target_copy(position, player) {
            let list: Vec<String> = copy.iter().map(|e| e.to_string()).collect();
            text += &format!(
                "{} completed {}: {} (marked * on the board)\n",
                player.colour_name(),
                game.target(player),
                list.join(", ")
            );
            marked.extend(copy);
        }
    }
    if marked.is_empty() {
        text += "no target was completed\n";
    }
    (text, marked)
}
