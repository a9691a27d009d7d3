//! Pictures of colouring games, drawn by the shared picture module
//! ([`crate::render::vertex`]): the graph with the colours of a line of
//! play, each vertex tagged with the move that coloured it.

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
