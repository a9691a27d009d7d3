//! A graph Ramsey game played in the terminal (`play`): the board as a
//! text matrix after every move, and the finished game as a figure with
//! its edges numbered in play order (for SVG). Here so a program that
//! plays a game can show it the same way.

use super::{DrawnEdge, Figure};
use crate::core::board::{Edge, Player, Position, Vertex};
use crate::games::prelude::*;
use crate::games::ramsey::RamseyGame;

/// The board as a matrix: `R` red, `B` blue, `.` free, blank for a
/// non-edge of the board; a blank line before it sets it off from the
/// moves printed between boards.
pub fn board_matrix(position: &Position) -> String {
    board_matrix_marked(position, &[])
}

/// [`board_matrix`] with the `marked` edges flagged `*` after their
/// owner's letter (the copy of a target that ended a game).
pub fn board_matrix_marked(position: &Position, marked: &[Edge]) -> String {
    let n = position.vertex_count() as Vertex;
    let mut out = String::from("\n   ");
    for v in 0..n {
        out += &format!("{v:>3}");
    }
    out.push('\n');
    for u in 0..n {
        out += &format!("{u:>3}");
        for v in 0..n {
            let bit = |set: u128| set >> v & 1 == 1;
            let cell = if u == v || !bit(position.board_neighbours(u)) {
                " "
            } else if bit(position.neighbours(Player::First, u)) {
                "R"
            } else if bit(position.neighbours(Player::Second, u)) {
                "B"
            } else {
                "."
            };
            let mark = match u != v && marked.contains(&Edge::new(u, v)) {
                true => "*",
                false => "",
            };
            out += &format!("{:>3}", format!("{cell}{mark}"));
        }
        out.push('\n');
    }
    out
}

/// The game played from `game`'s start, as (mover, move) pairs, as a
/// figure: edges numbered in play order, the result in the legend.
pub fn played_figure(game: &RamseyGame, played: &[(Player, Vec<Edge>)]) -> Figure {
    let mut edges = Vec::new();
    for (turn, (player, m)) in played.iter().enumerate() {
        for &edge in m {
            edges.push(DrawnEdge {
                edge,
                player: *player,
                number: Some(turn + 1),
                forced: false,
                highlight: false,
                threat: false,
            });
        }
    }
    let mut vertices: Vec<Vertex> = edges.iter().flat_map(|d| [d.edge.ends().0, d.edge.ends().1]).collect();
    vertices.sort_unstable();
    vertices.dedup();
    let result = game.outcome(&played.iter().fold(game.start(), |p, (_, m)| game.play(&p, m)));
    Figure {
        title: format!("{} on the board, target {}", game.rules(), game.target(Player::First)),
        vertices,
        names: Default::default(),
        edges,
        legend: vec![format!(
            "edges numbered in play order; {}",
            result.map_or("unfinished".into(), |s| game.score_text(s))
        )],
        decisive: None,
        steps: Vec::new(),
    }
}
