//! SVG output: a self-contained picture for browsers and papers.
//!
//! Red edges are solid, blue edges dashed and in a dark blue, so the two
//! players stay apart in greyscale print. Each move is a tag `#n` on its
//! edge in the edge's colour: outlined, filled for a forced move, with a
//! heavy black frame for the move making the final double threat. The
//! completed clique is drawn thick over a pale yellow halo. A legend under
//! the drawing shows a sample of every mark used with its meaning.
//!
//! Elements carry classes for tools and tests: `vertex` circles, `tag`
//! rectangles of move tags, and a `legend` group whose entries name their
//! mark in `data-mark`.

use super::geometry::Point;
use super::layout::{label_width, layout, LABEL_HEIGHT, VERTEX_RADIUS};
use super::{colour, DrawnEdge, Figure, Mark};
use crate::core::board::{Edge, Player};
use std::fmt::Write;

const GREY: &str = "#444";
const HALO: &str = "#f7dc6f";
pub(super) const TITLE_HEIGHT: f64 = 30.0;
pub(super) const LEGEND_LINE: f64 = 17.0;
/// Height of a legend entry with a sample, and the sample's width.
pub(super) const ENTRY_HEIGHT: f64 = 21.0;
pub(super) const SAMPLE_WIDTH: f64 = 40.0;
const FONT: &str = "Helvetica, Arial, sans-serif";

/// Escapes text for SVG content and attributes.
pub(super) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Estimated width of `text` at `size` pixels (Helvetica averages a bit
/// over half the size per character).
pub(super) fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.56
}

/// The figure as an SVG document.
pub fn to_svg(figure: &Figure) -> String {
    let layout = layout(figure);
    let marks = figure.marks();
    let entry_width = marks
        .iter()
        .map(|m| SAMPLE_WIDTH + 10.0 + text_width(&m.meaning(figure), 12.0) + 16.0)
        .fold(0.0, f64::max);
    let width = figure
        .legend
        .iter()
        .map(|l| text_width(l, 12.0) + 24.0)
        .chain([text_width(&figure.title, 15.0) + 24.0, entry_width + 24.0, layout.width])
        .fold(0.0, f64::max)
        .ceil();
    let columns = (((width - 24.0) / entry_width).floor() as usize).clamp(1, marks.len().max(1));
    let key_height = marks.len().div_ceil(columns) as f64 * ENTRY_HEIGHT;
    let dx = ((width - layout.width) / 2.0).round();
    let key_top = TITLE_HEIGHT + layout.height;
    let notes_top = key_top + key_height + 6.0;
    let height = (notes_top + LEGEND_LINE * figure.legend.len() as f64 + 8.0).ceil();
    let mut out = header(width, height, &figure.title);
    let _ = writeln!(out, r#"<g transform="translate({dx},{TITLE_HEIGHT})">"#);
    let at = |e: &DrawnEdge| (layout.points[&e.edge.ends().0], layout.points[&e.edge.ends().1]);
    for e in figure.edges.iter().filter(|e| e.highlight) {
        write_halo(&mut out, at(e));
    }
    for e in &figure.edges {
        write_edge(&mut out, e, at(e));
    }
    for (i, (e, spot)) in figure.edges.iter().zip(&layout.labels).enumerate() {
        if let (Some(text), Some(centre)) = (figure.label(e), spot) {
            let heavy = figure.decisive == Some(i);
            write_tag(&mut out, colour(e.player), &text, *centre, e.forced, heavy);
        }
    }
    for (&v, &centre) in &layout.points {
        write_vertex(&mut out, &figure.name(v), centre, VERTEX_RADIUS);
    }
    let _ = writeln!(out, "</g>");
    let _ = writeln!(out, r#"<g class="legend" transform="translate(12,{key_top:.1})">"#);
    for (i, &mark) in marks.iter().enumerate() {
        let (x, y) = ((i % columns) as f64 * entry_width, (i / columns) as f64 * ENTRY_HEIGHT);
        write_entry(&mut out, figure, mark, (x, y + ENTRY_HEIGHT / 2.0));
    }
    let _ = writeln!(out, "</g>");
    finish(out, &figure.legend, notes_top)
}

/// Ends an SVG document: the lines of `notes` from height `top` on.
pub(super) fn finish(mut out: String, notes: &[String], top: f64) -> String {
    for (i, line) in notes.iter().enumerate() {
        let y = top + LEGEND_LINE * (i as f64 + 0.5);
        let _ = writeln!(
            out,
            r#"<text x="12" y="{y:.1}" font-size="12" dominant-baseline="central">{}</text>"#,
            escape(line)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The start of an SVG document `width` by `height` on white, with
/// `title` centred on top ([`TITLE_HEIGHT`] high).
pub(super) fn header(width: f64, height: f64, title: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="{FONT}">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        out,
        r#"<text class="title" x="{:.1}" y="20" font-size="15" text-anchor="middle">{}</text>"#,
        width / 2.0,
        escape(title)
    );
    out
}

/// One legend entry at `(x, y)` (left end, vertical middle): a sample of the
/// mark drawn exactly as in the picture, then its meaning.
fn write_entry(out: &mut String, figure: &Figure, mark: Mark, (x, y): Point) {
    let _ = writeln!(
        out,
        r#"<g class="legend-entry" data-mark="{}" transform="translate({x:.1},{y:.1})">"#,
        mark.id()
    );
    let (a, b, mid) = ((2.0, 0.0), (SAMPLE_WIDTH - 2.0, 0.0), (SAMPLE_WIDTH / 2.0, 0.0));
    let sample = |player, highlight, threat| DrawnEdge {
        edge: Edge::new(0, 1),
        player,
        number: None,
        forced: false,
        highlight,
        threat,
    };
    match mark {
        Mark::Vertex => write_vertex(out, "a", mid, 10.0),
        Mark::Red => write_edge(out, &sample(Player::First, false, false), (a, b)),
        Mark::Blue => write_edge(out, &sample(Player::Second, false, false), (a, b)),
        Mark::Move => write_tag(out, GREY, "#n", mid, false, false),
        Mark::Forced => write_tag(out, GREY, "#n", mid, true, false),
        Mark::Decisive => write_tag(out, GREY, "#n", mid, false, true),
        Mark::Clique => {
            write_halo(out, (a, b));
            write_edge(out, &sample(Player::First, true, false), (a, b));
        }
        Mark::Threat => write_edge(out, &sample(Player::First, false, true), (a, b)),
    }
    let _ = writeln!(
        out,
        r#"<text x="{:.1}" y="0" font-size="12" dominant-baseline="central">{}</text></g>"#,
        SAMPLE_WIDTH + 10.0,
        escape(&mark.meaning(figure))
    );
}

/// A vertex: a white circle of radius `r` with its name.
fn write_vertex(out: &mut String, name: &str, centre: Point, r: f64) {
    write_filled_vertex(out, name, centre, r, "white", 1.5);
}

/// A vertex: a circle of radius `r` filled with `fill`, its outline
/// `border` wide, with its name.
pub(super) fn write_filled_vertex(out: &mut String, name: &str, (x, y): Point, r: f64, fill: &str, border: f64) {
    let size = match name.chars().count() {
        0..=2 => 13.0,
        3 => 10.0,
        _ => 8.0,
    } * r
        / VERTEX_RADIUS;
    let _ = writeln!(
        out,
        r##"<circle class="vertex" cx="{x:.1}" cy="{y:.1}" r="{r}" fill="{fill}" stroke="#222" stroke-width="{border}"/><text x="{x:.1}" y="{y:.1}" font-size="{size:.0}" text-anchor="middle" dominant-baseline="central">{}</text>"##,
        escape(name)
    );
}

/// The yellow halo under an edge of the completed clique.
fn write_halo(out: &mut String, ((x1, y1), (x2, y2)): (Point, Point)) {
    let _ = writeln!(
        out,
        r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{HALO}" stroke-width="11" stroke-linecap="round"/>"#
    );
}

/// An edge from `a` to `b` in its player's colour and style.
fn write_edge(out: &mut String, e: &DrawnEdge, ((x1, y1), (x2, y2)): (Point, Point)) {
    let c = colour(e.player);
    let dash = match (e.threat, e.player) {
        (true, _) => r#" stroke-dasharray="2 4" stroke-opacity="0.8""#,
        (false, Player::Second) => r#" stroke-dasharray="9 4""#,
        (false, Player::First) => "",
    };
    let width = match (e.threat, e.highlight) {
        (true, _) => 1.5,
        (false, true) => 3.5,
        (false, false) => 2.0,
    };
    let _ = writeln!(
        out,
        r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{c}" stroke-width="{width}"{dash}/>"#
    );
}

/// A move tag centred at `(x, y)`: outlined in colour `c`, filled with it
/// when `forced`, in a heavy black frame when `heavy`.
pub(super) fn write_tag(out: &mut String, c: &str, text: &str, (x, y): Point, forced: bool, heavy: bool) {
    let w = label_width(text);
    let (fill, ink, weight) = if forced {
        (c, "white", "bold")
    } else {
        ("white", c, "normal")
    };
    let (stroke, border) = if heavy { ("#111", 2.4) } else { (c, 0.8) };
    let _ = writeln!(
        out,
        r#"<rect class="tag" x="{:.1}" y="{:.1}" width="{w:.1}" height="{LABEL_HEIGHT}" rx="3" fill="{fill}" stroke="{stroke}" stroke-width="{border}"/><text x="{x:.1}" y="{y:.1}" font-size="12" font-weight="{weight}" fill="{ink}" text-anchor="middle" dominant-baseline="central">{}</text>"#,
        x - w / 2.0,
        y - LABEL_HEIGHT / 2.0,
        escape(text)
    );
}
