//! SVG output: a self-contained picture for browsers and papers.
//!
//! Red edges are solid, blue edges dashed and in a dark blue, so the two
//! players stay apart in greyscale print. Move numbers sit on their edges in
//! white boxes in the edge's colour; forced answers are bold with an
//! asterisk. The completed clique is drawn thick over a pale yellow halo.

use super::layout::{label_width, layout, LABEL_HEIGHT, VERTEX_RADIUS};
use super::{DrawnEdge, Figure};
use crate::board::Player;
use std::fmt::Write;

const RED: &str = "#c0392b";
const BLUE: &str = "#1f4e9c";
const HALO: &str = "#f7dc6f";
const TITLE_HEIGHT: f64 = 30.0;
const LEGEND_LINE: f64 = 17.0;
const FONT: &str = "Helvetica, Arial, sans-serif";

fn colour(player: Player) -> &'static str {
    match player {
        Player::First => RED,
        Player::Second => BLUE,
    }
}

/// Escapes text for SVG content and attributes.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The figure as an SVG document.
pub fn to_svg(figure: &Figure) -> String {
    let layout = layout(figure);
    let legend: Vec<String> = figure.key().into_iter().chain(figure.legend.iter().cloned()).collect();
    let text_width = legend
        .iter()
        .chain([&figure.title])
        .map(|l| l.chars().count() as f64 * 6.6 + 40.0)
        .fold(0.0, f64::max);
    let width = layout.width.max(text_width).ceil();
    let dx = ((width - layout.width) / 2.0).round();
    let height = (TITLE_HEIGHT + layout.height + LEGEND_LINE * legend.len() as f64 + 12.0).ceil();
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="{FONT}">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        out,
        r#"<text x="{:.1}" y="20" font-size="15" text-anchor="middle">{}</text>"#,
        width / 2.0,
        escape(&figure.title)
    );
    let _ = writeln!(out, r#"<g transform="translate({dx},{TITLE_HEIGHT})">"#);
    let at = |v| layout.points[&v];
    for e in figure.edges.iter().filter(|e| e.highlight) {
        let ((x1, y1), (x2, y2)) = (at(e.edge.ends().0), at(e.edge.ends().1));
        let _ = writeln!(
            out,
            r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{HALO}" stroke-width="11" stroke-linecap="round"/>"#
        );
    }
    for e in &figure.edges {
        let ((x1, y1), (x2, y2)) = (at(e.edge.ends().0), at(e.edge.ends().1));
        let _ = writeln!(
            out,
            r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" {}/>"#,
            edge_style(e)
        );
    }
    for (i, (e, spot)) in figure.edges.iter().zip(&layout.labels).enumerate() {
        if let (Some(text), Some((x, y))) = (figure.label(e), spot) {
            write_label(&mut out, e, &text, (*x, *y), figure.decisive == Some(i));
        }
    }
    for (&v, &(x, y)) in &layout.points {
        let name = escape(&figure.name(v));
        let size = match figure.name(v).chars().count() {
            0..=2 => 13,
            3 => 10,
            _ => 8,
        };
        let _ = writeln!(
            out,
            r##"<circle cx="{x:.1}" cy="{y:.1}" r="{VERTEX_RADIUS}" fill="white" stroke="#222" stroke-width="1.5"/><text x="{x:.1}" y="{y:.1}" font-size="{size}" text-anchor="middle" dominant-baseline="central">{name}</text>"##
        );
    }
    let _ = writeln!(out, "</g>");
    for (i, line) in legend.iter().enumerate() {
        let y = TITLE_HEIGHT + layout.height + LEGEND_LINE * (i as f64 + 0.5);
        let _ = writeln!(out, r#"<text x="12" y="{y:.1}" font-size="12">{}</text>"#, escape(line));
    }
    out.push_str("</svg>\n");
    out
}

/// Stroke attributes of an edge.
fn edge_style(e: &DrawnEdge) -> String {
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
    format!(r#"stroke="{c}" stroke-width="{width}"{dash}"#)
}

/// A move number in a white box on its edge.
/// `heavy` boxes the move that made the final double threat.
fn write_label(out: &mut String, e: &DrawnEdge, text: &str, (x, y): (f64, f64), heavy: bool) {
    let c = colour(e.player);
    let border = if heavy { 2.2 } else { 0.8 };
    let w = label_width(text);
    let weight = if e.forced { "bold" } else { "normal" };
    let _ = writeln!(
        out,
        r#"<rect x="{:.1}" y="{:.1}" width="{w:.1}" height="{LABEL_HEIGHT}" rx="3" fill="white" stroke="{c}" stroke-width="{border}"/><text x="{x:.1}" y="{y:.1}" font-size="12" font-weight="{weight}" fill="{c}" text-anchor="middle" dominant-baseline="central">{}</text>"#,
        x - w / 2.0,
        y - LABEL_HEIGHT / 2.0,
        escape(text)
    );
}
