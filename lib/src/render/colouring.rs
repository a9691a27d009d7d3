//! Pictures of colouring games, drawn by the shared picture module
//! ([`crate::render::vertex`]): the graph with the colours of a line of
//! play, each vertex tagged with the move that coloured it.

use crate::analysis::colouring::request::ColourAnswer;
use crate::core::board::members;
use crate::games::colouring::{ColourMove, ColouringGame};
use crate::games::prelude::*;
use crate::render::vertex::VertexFigure;

/// The picture of `line` played from the start of `game`: colours, move
/// numbers (from 1), and the vertices left without a colour.
pub fn line_figure(game: &ColouringGame, line: &[ColourMove], title: &str) -> VertexFigure {
    let mut position = game.start();
    let mut figure = VertexFigure {
        title: title.to_string(),
        n: game.graph().n(),
        edges: game.graph().edges(),
        ..VertexFigure::default()
    };
    for (i, m) in line.iter().enumerate() {
        position = game.play(&position, m);
        figure.colours.insert(m.v, m.c);
        figure.moves.insert(m.v, i + 1);
    }
    figure.blocked = members(position.uncoloured())
        .filter(|&v| position.free_colours(v) == 0)
        .collect();
    figure.legend.push(game.describe());
    let end = game
        .outcome(&position)
        .map_or("not over".into(), |w| game.score_text(w));
    let moves = crate::core::words::count(line.len(), "move", "moves");
    figure.legend.push(format!("after {moves}: {end}"));
    figure
}

/// The SVG text of [`line_figure`].
pub fn svg(game: &ColouringGame, line: &[ColourMove], title: &str) -> String {
    crate::render::vertex::to_svg(&line_figure(game, line, title))
}

/// The picture of an answer to a colouring question: an optimal line of
/// the game solved, or for chi_g a line of player 2's win with chi_g - 1
/// colours (it shows why chi_g is not less; with chi_g = 1, player 1's
/// win).
/// `None` for a verdict of the linear-time theorems, which has no line.
pub fn answer_svg(answer: &ColourAnswer) -> Option<String> {
    match answer {
        ColourAnswer::Game(solved) => {
            let title = format!("{}: optimal play", solved.game.graph().graph6());
            Some(svg(&solved.game, &solved.report.line, &title))
        }
        ColourAnswer::Chromatic(result) | ColourAnswer::ChromaticInParts(result, _) => {
            let k = result.chi_g.saturating_sub(1).max(1);
            let title = format!(
                "{}: chi_g = {}; CCG with {}, a line its winner wins",
                result.graph.graph6(),
                result.chi_g,
                crate::core::words::count(k, "colour", "colours")
            );
            Some(svg(&result.level_game(k), &result.levels[k - 1].line, &title))
        }
        ColourAnswer::Linear(_) => None,
    }
}
