//! A self-contained HTML page to step through a line move by move.
//!
//! A still picture shows a whole line at once; a reader checking a
//! counterexample wants to replay it: which edge came when, which stage the
//! strategy was in, what each player threatened. The page embeds the
//! figure's vertex positions (the same [`layout`] as the SVG pictures) and
//! its moves as a JSON blob, and a small inline script draws an inline SVG
//! up to step k. No network access and no external assets are needed.
//!
//! Controls: Back/Forward/Start/End buttons, the ArrowLeft/ArrowRight and
//! Home/End keys, and the URL hash `#step=k` (so a headless browser can open
//! any step). Elements carry ids and classes for tools and tests: the
//! caption `#caption` ("move k of N, red to move"), `#step` (k), `#stage`,
//! `#threats` (one `li` per threatening player), and each drawn edge is a
//! `<line class="edge" data-move="i">` (i counted from 1).

use super::layout::{layout, VERTEX_RADIUS};
use super::svg::escape;
use super::{colour, Figure};
use crate::core::board::Player;
use serde_json::json;

/// The figure as one HTML page stepping through its claimed edges in order.
pub fn to_html(figure: &Figure) -> String {
    let layout = layout(figure);
    let vertices: Vec<_> = layout
        .points
        .iter()
        .map(|(&v, &(x, y))| json!({"name": figure.name(v), "x": x, "y": y}))
        .collect();
    let moves: Vec<_> = figure
        .edges
        .iter()
        .zip(&layout.labels)
        .filter(|(e, _)| !e.threat)
        .enumerate()
        .map(|(i, (e, label))| {
            let (u, v) = e.edge.ends();
            let note = figure.steps.get(i).cloned().unwrap_or_default();
            json!({
                "a": layout.points[&u], "b": layout.points[&v],
                "edge": figure.edge_name(e.edge),
                "player": player_name(e.player), "colour": colour(e.player),
                "label": figure.label(e), "at": label, "forced": e.forced,
                "stage": note.stage, "threats": note.threats,
            })
        })
        .collect();
    let data = json!({
        "title": figure.title, "width": layout.width, "height": layout.height,
        "radius": VERTEX_RADIUS, "vertices": vertices, "moves": moves, "legend": figure.legend,
    });
    // `</` inside a script element would end it early.
    let blob = data.to_string().replace("</", "<\\/");
    // Fill the template in one pass, so a title holding `{DATA}` stays text.
    let title = escape(&figure.title);
    let mut out = String::new();
    for (i, piece) in PAGE.split("{DATA}").enumerate() {
        if i > 0 {
            out.push_str(&blob);
        }
        out.push_str(&piece.replace("{TITLE}", &title));
    }
    out
}

/// The lower-case colour word a reader sees in the caption.
fn player_name(player: Player) -> &'static str {
    match player {
        Player::First => "red",
        Player::Second => "blue",
    }
}

/// The page; `{TITLE}` and `{DATA}` are filled in by [`to_html`].
const PAGE: &str = include_str!("html_page.html");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::Edge;
    use crate::render::DrawnEdge;

    fn figure() -> Figure {
        let edge = |u, v, player, n| DrawnEdge {
            edge: Edge::new(u, v),
            player,
            number: Some(n),
            forced: false,
            highlight: false,
            threat: false,
        };
        Figure {
            title: "a </script> {DATA} title".into(),
            vertices: vec![0, 1, 2],
            names: Default::default(),
            edges: vec![edge(0, 1, Player::First, 1), edge(1, 2, Player::Second, 2)],
            legend: vec![],
            decisive: None,
            steps: vec![],
        }
    }

    #[test]
    fn page_is_self_contained_and_holds_every_move() {
        let page = to_html(&figure());
        assert!(!page.contains("http://") && !page.contains("https://"), "{page}");
        assert_eq!(page.matches("\"player\":").count(), 2, "{page}");
        assert_eq!(page.matches("</script>").count(), 2, "title must not end a script");
        assert!(page.contains("id=\"caption\"") && page.contains("ArrowRight"));
    }
}
