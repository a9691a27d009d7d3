//! A graph Ramsey game played in the terminal (`play`): the board as a
//! text matrix after every move, and the finished game as a figure with
//! its edges numbered in play order (for SVG). Here so a program that
//! plays a game can show it the same way.

use super::{DrawnEdge, Figure, StepNote};
use crate::core::board::{Edge, Player, Position, Vertex};
use crate::core::words::count;
use crate::engine::Solver;
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
/// figure: edges numbered by turn (the edges of a set move share their
/// number, and are one step on the page), the result in the legend, and
/// after each turn the notes of [`turn_notes`] with `value`'s text. The
/// start's coloured edges (`--start`) come first, without numbers.
pub fn played_figure(
    game: &RamseyGame,
    played: &[(Player, Vec<Edge>)],
    value: impl Fn(&Position) -> Option<String>,
) -> Figure {
    let start = game.start();
    let mut edges: Vec<DrawnEdge> = [Player::First, Player::Second]
        .into_iter()
        .flat_map(|player| start.edges(player).into_iter().map(move |edge| (player, edge)))
        .map(|(player, edge)| DrawnEdge {
            edge,
            player,
            number: None,
            forced: false,
            highlight: false,
            threat: false,
        })
        .collect();
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
        steps: turn_notes(game, played, value),
    }
}

/// The figure of `line`, moves from `game`'s start (an optimal line of
/// `solve`): [`played_figure`] with each move's player.
pub fn line_figure(game: &RamseyGame, line: &[Vec<Edge>], value: impl Fn(&Position) -> Option<String>) -> Figure {
    let mut position = game.start();
    let played: Vec<(Player, Vec<Edge>)> = line
        .iter()
        .map(|m| {
            let mover = game.to_move(&position);
            position = game.play(&position, m);
            (mover, m.clone())
        })
        .collect();
    played_figure(game, &played, value)
}

/// After each turn: `value`'s text of the position (the value with
/// optimal play, say) as the stage, and for each player the free edges
/// that would complete a copy of their target (a threat to win, or under
/// avoidance rules an edge to keep away from).
pub fn turn_notes(
    game: &RamseyGame,
    played: &[(Player, Vec<Edge>)],
    value: impl Fn(&Position) -> Option<String>,
) -> Vec<StepNote> {
    let mut position = game.start();
    played
        .iter()
        .map(|(_, m)| {
            position = game.play(&position, m);
            let threats = [Player::First, Player::Second]
                .into_iter()
                .filter_map(|player| completing(game, &position, player))
                .collect();
            StepNote {
                stage: value(&position).unwrap_or_default(),
                threats,
            }
        })
        .collect()
}

/// The value of a position with optimal play, as the stage of a page's
/// step ("blue (second player) wins after 13 more moves with optimal
/// play"); `None` once the game is over or if `solver` stops.
pub fn optimal_note<'a>(solver: &'a Solver<'a, RamseyGame>) -> impl Fn(&Position) -> Option<String> + 'a {
    move |position| {
        let game = solver.game();
        if game.outcome(position).is_some() {
            return None;
        }
        let value = solver.value(position).ok()?;
        Some(format!(
            "{} after {} with optimal play",
            game.score_text(value.score),
            count(value.plies, "more move", "more moves")
        ))
    }
}

/// "red would complete K3 with 0-4 or 1-2", when `player` owns no copy of their
/// target yet and some free edge would complete one.
fn completing(game: &RamseyGame, position: &Position, player: Player) -> Option<String> {
    if game.outcome(position).is_some() || game.owns_target(position, player) {
        return None;
    }
    let edges: Vec<String> = position
        .free_edges()
        .into_iter()
        .filter(|&e| {
            let mut after = position.clone();
            after.claim(e, player).is_ok() && game.owns_target(&after, player)
        })
        .map(|e| e.to_string())
        .collect();
    (!edges.is_empty()).then(|| {
        format!(
            "{} would complete {} with {}",
            player.colour_name(),
            game.target(player),
            edges.join(" or ")
        )
    })
}
