//! Pictures of vertex games (Bodlaender's colouring games): the graph's
//! edges in grey, each coloured vertex filled with its colour and tagged
//! `#n` with the move that coloured it (play order, as the papers number
//! their figures), uncoloured vertices white, a vertex left without any
//! colour in a heavy frame. Placement is the edge pictures' [`layout`],
//! the marks are drawn by the same SVG primitives ([`super::svg`]), and
//! the legend shows a sample of every mark used.

use super::geometry::{Point, Rect};
use super::layout::{label_width, layout, LABEL_HEIGHT, VERTEX_RADIUS};
use super::svg::{
    escape, finish, header, text_width, write_filled_vertex, write_tag, ENTRY_HEIGHT, LEGEND_LINE, SAMPLE_WIDTH,
    TITLE_HEIGHT,
};
use super::{DrawnEdge, Figure};
use crate::core::board::{Edge, Player, Vertex};
use std::collections::BTreeMap;
use std::fmt::Write;

/// Pale fills for colours 1, 2, ... (dark text stays readable on each).
const FILLS: [&str; 8] = [
    "#f5b7b1", "#aed6f1", "#abebc6", "#f9e79f", "#d7bde2", "#fad7a0", "#a3e4d7", "#d5d8dc",
];
const EDGE: &str = "#666";
const TAG: &str = "#333";
const BLOCKED_FRAME: f64 = 4.0;

/// Everything a vertex picture shows.
#[derive(Clone, Debug, Default)]
pub struct VertexFigure {
    /// Title above the picture.
    pub title: String,
    /// The vertices are `0..n`, named by their numbers.
    pub n: usize,
    /// The graph's edges.
    pub edges: Vec<Edge>,
    /// The colour (1, 2, ...) of each coloured vertex.
    pub colours: BTreeMap<Vertex, u8>,
    /// The move (1-based, play order) that coloured each coloured vertex.
    pub moves: BTreeMap<Vertex, usize>,
    /// Uncoloured vertices with no colour left.
    pub blocked: Vec<Vertex>,
    /// Lines of text under the picture.
    pub legend: Vec<String>,
}

/// The fill of colour `c` (1-based).
pub fn fill(c: u8) -> &'static str {
    FILLS[(c as usize + FILLS.len() - 1) % FILLS.len()]
}

/// A legend entry: its `data-mark` and meaning; the sample is drawn by
/// [`write_sample`].
fn entries(figure: &VertexFigure) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if figure.colours.len() < figure.n {
        out.push(("vertex".into(), "white: uncoloured vertex (its number inside)".into()));
    }
    let mut used: Vec<u8> = figure.colours.values().copied().collect();
    used.sort_unstable();
    used.dedup();
    out.extend(used.into_iter().map(|c| (format!("colour-{c}"), format!("colour {c}"))));
    if !figure.moves.is_empty() {
        out.push((
            "move".into(),
            "#n: coloured at move n (play order, first move #1)".into(),
        ));
    }
    if !figure.blocked.is_empty() {
        out.push(("blocked".into(), "heavy frame: no colour left for this vertex".into()));
    }
    out
}

/// The sample of legend entry `mark`, centred at `at`.
fn write_sample(out: &mut String, mark: &str, at: Point) {
    let r = VERTEX_RADIUS * 0.8;
    match mark.strip_prefix("colour-") {
        Some(c) => write_filled_vertex(out, "v", at, r, fill(c.parse().unwrap_or(1)), 1.5),
        None if mark == "move" => write_tag(out, TAG, "#n", at, false, false),
        None if mark == "blocked" => write_filled_vertex(out, "v", at, r, "white", BLOCKED_FRAME),
        None => write_filled_vertex(out, "v", at, r, "white", 1.5),
    }
}

/// The figure's vertex placement, from the edge pictures' layout.
fn points(figure: &VertexFigure) -> (BTreeMap<Vertex, Point>, f64, f64) {
    let plain = Figure {
        title: String::new(),
        vertices: (0..figure.n as Vertex).collect(),
        names: BTreeMap::new(),
        edges: figure
            .edges
            .iter()
            .map(|&edge| DrawnEdge {
                edge,
                player: Player::First,
                number: None,
                forced: false,
                highlight: false,
                threat: false,
            })
            .collect(),
        legend: vec![],
        decisive: None,
        steps: Vec::new(),
    };
    let placed = layout(&plain);
    (placed.points, placed.width, placed.height)
}

/// The tag boxes of the move numbers: each beside its vertex, on the side
/// (of eight) meeting the fewest vertices, tags placed before, and edges.
fn tag_spots(figure: &VertexFigure, points: &BTreeMap<Vertex, Point>) -> Vec<(Vertex, Rect)> {
    let mut placed: Vec<(Vertex, Rect)> = Vec::new();
    let segments: Vec<(Point, Point)> = figure
        .edges
        .iter()
        .map(|e| (points[&e.ends().0], points[&e.ends().1]))
        .collect();
    for (&v, &n) in &figure.moves {
        let (w, h) = (label_width(&format!("#{n}")), LABEL_HEIGHT);
        let (x, y) = points[&v];
        let cost = |r: &Rect| {
            let vertices = points.values().filter(|&&p| r.near(p, VERTEX_RADIUS + 1.0)).count();
            let tags = placed.iter().filter(|(_, t)| t.overlaps(r)).count();
            let edges = segments.iter().filter(|(a, b)| r.crosses(*a, *b)).count();
            (vertices + tags) * 100 + edges
        };
        let reach = VERTEX_RADIUS + 2.0;
        let spot = (0..8)
            .map(|k| {
                let angle = std::f64::consts::FRAC_PI_4 * k as f64 - std::f64::consts::FRAC_PI_4;
                let (dx, dy) = (angle.cos(), angle.sin());
                let centre = (x + dx * (reach + w / 2.0), y + dy * (reach + h / 2.0));
                Rect::around(centre, w, h)
            })
            .min_by_key(cost)
            .expect("eight sides");
        placed.push((v, spot));
    }
    placed
}

/// The figure as an SVG document.
pub fn to_svg(figure: &VertexFigure) -> String {
    let (points, drawing_width, drawing_height) = points(figure);
    let marks = entries(figure);
    let entry_width = |m: &(String, String)| SAMPLE_WIDTH + 10.0 + text_width(&m.1, 12.0);
    let width = marks
        .iter()
        .map(|m| entry_width(m) + 24.0)
        .chain(figure.legend.iter().map(|l| text_width(l, 12.0) + 24.0))
        .chain([text_width(&figure.title, 15.0) + 24.0, drawing_width])
        .fold(0.0, f64::max)
        .ceil();
    let key_top = TITLE_HEIGHT + drawing_height;
    let notes_top = key_top + marks.len() as f64 * ENTRY_HEIGHT + 6.0;
    let height = (notes_top + LEGEND_LINE * figure.legend.len() as f64 + 8.0).ceil();
    let mut out = header(width, height, &figure.title);
    let dx = ((width - drawing_width) / 2.0).round();
    let _ = writeln!(out, r#"<g transform="translate({dx},{TITLE_HEIGHT})">"#);
    for e in &figure.edges {
        let ((x1, y1), (x2, y2)) = (points[&e.ends().0], points[&e.ends().1]);
        let _ = writeln!(
            out,
            r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{EDGE}" stroke-width="1.5"/>"#
        );
    }
    for (v, spot) in tag_spots(figure, &points) {
        write_tag(
            &mut out,
            TAG,
            &format!("#{}", figure.moves[&v]),
            spot.centre(),
            false,
            false,
        );
    }
    for (&v, &centre) in &points {
        let colour = figure.colours.get(&v).map_or("white", |&c| fill(c));
        let border = if figure.blocked.contains(&v) {
            BLOCKED_FRAME
        } else {
            1.5
        };
        write_filled_vertex(&mut out, &v.to_string(), centre, VERTEX_RADIUS, colour, border);
    }
    let _ = writeln!(out, "</g>");
    let _ = writeln!(out, r#"<g class="legend" transform="translate(12,{key_top:.1})">"#);
    for (i, (mark, meaning)) in marks.iter().enumerate() {
        let y = (i as f64 + 0.5) * ENTRY_HEIGHT;
        let _ = writeln!(
            out,
            r#"<g class="legend-entry" data-mark="{mark}" transform="translate(0,{y:.1})">"#
        );
        write_sample(&mut out, mark, (SAMPLE_WIDTH / 2.0, 0.0));
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="0" font-size="12" dominant-baseline="central">{}</text></g>"#,
            SAMPLE_WIDTH + 10.0,
            escape(meaning)
        );
    }
    let _ = writeln!(out, "</g>");
    finish(out, &figure.legend, notes_top)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path3(moves: &[(Vertex, u8)]) -> VertexFigure {
        VertexFigure {
            title: "P3".into(),
            n: 3,
            edges: vec![Edge::new(0, 1), Edge::new(1, 2)],
            colours: moves.iter().copied().collect(),
            moves: moves.iter().enumerate().map(|(i, &(v, _))| (v, i + 1)).collect(),
            ..VertexFigure::default()
        }
    }

    #[test]
    fn every_vertex_is_drawn_with_its_fill_and_every_move_tagged() {
        let svg = to_svg(&path3(&[(0, 1), (2, 2)]));
        assert_eq!(
            svg.matches(r#"<circle class="vertex""#).count(),
            3 + 3,
            "3 vertices, 3 legend samples"
        );
        assert_eq!(svg.matches(r#"class="tag""#).count(), 2 + 1, "2 moves, 1 legend sample");
        assert!(svg.contains(fill(1)) && svg.contains(fill(2)) && !svg.contains(fill(3)));
        for mark in ["vertex", "colour-1", "colour-2", "move"] {
            assert!(svg.contains(&format!(r#"data-mark="{mark}""#)), "{mark}");
        }
        assert!(!svg.contains(r#"data-mark="blocked""#));
        let mut blocked = path3(&[(0, 1), (2, 2)]);
        blocked.blocked = vec![1];
        assert!(to_svg(&blocked).contains(r#"data-mark="blocked""#));
    }

    #[test]
    fn tags_avoid_vertices_and_each_other() {
        let figure = path3(&[(0, 1), (1, 2), (2, 1)]);
        let (points, ..) = points(&figure);
        let spots = tag_spots(&figure, &points);
        for (i, (_, a)) in spots.iter().enumerate() {
            assert!(points.values().all(|&p| !a.near(p, VERTEX_RADIUS)));
            assert!(spots[i + 1..].iter().all(|(_, b)| !a.overlaps(b)));
        }
    }
}
