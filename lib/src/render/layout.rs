//! Deterministic placement of vertices and edge labels.
//!
//! Vertices: each connected component is drawn on its own (stress
//! majorization, then untangled to few crossings: [`super::stress`]) and
//! the components are packed in rows, in order of their first move, so a
//! stray edge sits next to the main drawing instead of a drawing's width
//! away. Labels:
//! each edge's move number sits on the edge, at the point along it (middle
//! first) that overlaps the fewest other labels, vertices and edges. If
//! labels still collide, the whole drawing is spread out and labels placed
//! again. Nothing depends on hashing or timing, so output is reproducible.

use super::geometry::{length, Rect};
use super::stress::draw_connected;
use super::Figure;
use crate::core::board::Vertex;
use std::collections::BTreeMap;

/// Radius of a drawn vertex, in pixels.
pub const VERTEX_RADIUS: f64 = 13.0;
/// Label box height and width per character, in pixels (12px font).
pub const LABEL_HEIGHT: f64 = 15.0;
const CHAR_WIDTH: f64 = 7.0;
/// Target length of an edge of graph distance 1, in pixels.
const UNIT: f64 = 110.0;
const MARGIN: f64 = 30.0;

pub use super::geometry::Point;

/// Where everything goes.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Width of the drawing, in pixels.
    pub width: f64,
    /// Height of the drawing, in pixels.
    pub height: f64,
    /// Centre of each vertex.
    pub points: BTreeMap<Vertex, Point>,
    /// Centre of each figure edge's label (`None` for unlabelled edges).
    pub labels: Vec<Option<Point>>,
    /// Label boxes that still overlap another label or a vertex (0 when the
    /// placement succeeded).
    pub collisions: usize,
    /// Label boxes lying over an edge other than their own (allowed, but
    /// the drawing is spread out to keep them few).
    pub covered: usize,
}

/// Width of the box of label `text`.
pub fn label_width(text: &str) -> f64 {
    text.chars().count() as f64 * CHAR_WIDTH + 6.0
}

/// Lays out `figure`.
pub fn layout(figure: &Figure) -> Layout {
    let n = figure.vertices.len();
    let index: BTreeMap<Vertex, usize> = figure.vertices.iter().enumerate().map(|(i, &v)| (v, i)).collect();
    let pairs: Vec<(usize, usize)> = figure
        .edges
        .iter()
        .map(|e| {
            let (u, v) = e.edge.ends();
            (index[&u], index[&v])
        })
        .collect();
    let unit = unit_drawing(n, &pairs);
    let texts: Vec<Option<String>> = figure.edges.iter().map(|e| figure.label(e)).collect();
    let mut scale = UNIT;
    let mut best: Option<Layout> = None;
    // Spread out until no label collides and at most one in twenty covers a
    // foreign edge, or the drawing is twice its natural size.
    for _ in 0..6 {
        let placed = place(figure, &unit, &pairs, &texts, scale);
        let done = placed.collisions == 0 && placed.covered * 20 <= pairs.len();
        if best
            .as_ref()
            .is_none_or(|b| (placed.collisions, placed.covered) < (b.collisions, b.covered))
        {
            best = Some(placed);
        }
        if done {
            break;
        }
        scale *= 1.15;
    }
    best.expect("at least one attempt")
}

/// Scales the unit drawing, then places labels.
fn place(figure: &Figure, unit: &[Point], pairs: &[(usize, usize)], texts: &[Option<String>], scale: f64) -> Layout {
    let ((min_x, min_y), (max_x, max_y)) = bounds(unit);
    let pad = MARGIN + VERTEX_RADIUS;
    let px: Vec<Point> = unit
        .iter()
        .map(|p| ((p.0 - min_x) * scale + pad, (p.1 - min_y) * scale + pad))
        .collect();
    let mut labels = vec![None; pairs.len()];
    let mut boxes: Vec<Rect> = Vec::new();
    let mut order: Vec<usize> = (0..pairs.len()).filter(|&i| texts[i].is_some()).collect();
    order.sort_by(|&a, &b| length(px[pairs[a].0], px[pairs[a].1]).total_cmp(&length(px[pairs[b].0], px[pairs[b].1])));
    let (mut collisions, mut covered) = (0, 0);
    for i in order {
        let text = texts[i].as_deref().unwrap_or("");
        let (rect, cost) = best_label_spot(&px, pairs, i, label_width(text), &boxes);
        if cost >= HARD {
            collisions += 1;
        } else if cost >= COVER {
            covered += 1;
        }
        labels[i] = Some(rect.centre());
        boxes.push(rect);
    }
    Layout {
        width: (max_x - min_x) * scale + 2.0 * pad,
        height: (max_y - min_y) * scale + 2.0 * pad,
        points: figure.vertices.iter().zip(px).map(|(&v, p)| (v, p)).collect(),
        labels,
        collisions,
        covered,
    }
}

/// Cost of one overlap with a label or vertex: anything at or above this
/// is a collision.
const HARD: f64 = 1000.0;
/// Cost of a label lying over another edge.
const COVER: f64 = 40.0;

/// The best box on edge `i` for a label `width` wide, and its cost.
fn best_label_spot(px: &[Point], pairs: &[(usize, usize)], i: usize, width: f64, placed: &[Rect]) -> (Rect, f64) {
    let (a, b) = (px[pairs[i].0], px[pairs[i].1]);
    let mut best: Option<(Rect, f64)> = None;
    for t in [0.5, 0.42, 0.58, 0.34, 0.66, 0.27, 0.73, 0.2, 0.8] {
        let c = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
        let rect = Rect::around(c, width + 2.0, LABEL_HEIGHT + 2.0);
        let mut cost = (t - 0.5f64).abs() * 10.0;
        cost += placed.iter().filter(|r| r.overlaps(&rect)).count() as f64 * HARD;
        cost += px.iter().filter(|&&p| rect.near(p, VERTEX_RADIUS + 1.0)).count() as f64 * HARD;
        cost += pairs
            .iter()
            .enumerate()
            .filter(|&(j, &(u, v))| j != i && rect.crosses(px[u], px[v]))
            .count() as f64
            * COVER;
        if best.as_ref().is_none_or(|(_, c)| cost < *c) {
            best = Some((rect, cost));
        }
    }
    best.expect("candidates exist")
}

/// The drawing in units of one edge length: each connected component drawn
/// on its own ([`draw_connected`]), then packed.
fn unit_drawing(n: usize, pairs: &[(usize, usize)]) -> Vec<Point> {
    let parts = components(n, pairs);
    let drawings: Vec<Vec<Point>> = parts
        .iter()
        .map(|part| {
            let local: Vec<(usize, usize)> = pairs
                .iter()
                .filter(|(u, _)| part.contains(u))
                .map(|&(u, v)| (rank(part, u), rank(part, v)))
                .collect();
            draw_connected(part.len(), &local)
        })
        .collect();
    let mut points = vec![(0.0, 0.0); n];
    for ((part, drawing), at) in parts.iter().zip(&drawings).zip(pack(&drawings)) {
        for (&v, p) in part.iter().zip(drawing) {
            points[v] = (p.0 + at.0, p.1 + at.1);
        }
    }
    points
}

fn rank(part: &[usize], v: usize) -> usize {
    part.iter().position(|&w| w == v).expect("v is in its component")
}

/// Connected components (vertices increasing), ordered by their first edge
/// in play order; vertices without edges come last, one by one.
fn components(n: usize, pairs: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let mut part: Vec<usize> = (0..n).collect();
    fn root(part: &mut [usize], v: usize) -> usize {
        let mut r = v;
        while part[r] != r {
            r = part[r];
        }
        part[v] = r;
        r
    }
    for &(u, v) in pairs {
        let (a, b) = (root(&mut part, u), root(&mut part, v));
        part[a.max(b)] = a.min(b);
    }
    let mut order: Vec<usize> = Vec::new();
    for v in pairs.iter().flat_map(|&(u, v)| [u, v]).chain(0..n) {
        let r = root(&mut part, v);
        if !order.contains(&r) {
            order.push(r);
        }
    }
    order
        .into_iter()
        .map(|r| (0..n).filter(|&v| root(&mut part, v) == r).collect())
        .collect()
}

/// Gap between packed components, in units of one edge length.
const PART_GAP: f64 = 1.0;

/// Offsets that pack drawings (each centred on the origin) in rows, left to
/// right in the given order, a row no wider than the widest drawing or 1.8
/// times the side of a square of their total area, whichever is more.
fn pack(drawings: &[Vec<Point>]) -> Vec<Point> {
    let boxes: Vec<(Point, Point)> = drawings.iter().map(|d| bounds(d)).collect();
    let size = |(lo, hi): &(Point, Point)| (hi.0 - lo.0 + PART_GAP, hi.1 - lo.1 + PART_GAP);
    let area: f64 = boxes.iter().map(|b| size(b).0 * size(b).1).sum();
    let widest = boxes.iter().map(|b| size(b).0).fold(0.0, f64::max);
    let limit = widest.max(1.8 * area.sqrt());
    let mut rows: Vec<Vec<usize>> = vec![Vec::new()];
    let mut x = 0.0;
    for (i, b) in boxes.iter().enumerate() {
        if x > 0.0 && x + size(b).0 > limit {
            rows.push(Vec::new());
            x = 0.0;
        }
        rows.last_mut().expect("a row").push(i);
        x += size(b).0;
    }
    let mut offsets = vec![(0.0, 0.0); drawings.len()];
    let mut y = 0.0;
    for row in rows {
        let height = row.iter().map(|&i| size(&boxes[i]).1).fold(0.0, f64::max);
        let mut x = 0.0;
        for i in row {
            let (lo, hi) = boxes[i];
            offsets[i] = (x - lo.0, y + height / 2.0 - (lo.1 + hi.1) / 2.0);
            x += size(&boxes[i]).0;
        }
        y += height;
    }
    offsets
}

/// Smallest and largest coordinates of `points` ((0,0), (0,0) if none).
fn bounds(points: &[Point]) -> (Point, Point) {
    if points.is_empty() {
        return ((0.0, 0.0), (0.0, 0.0));
    }
    points.iter().fold(
        ((f64::INFINITY, f64::INFINITY), (f64::NEG_INFINITY, f64::NEG_INFINITY)),
        |(lo, hi), p| ((lo.0.min(p.0), lo.1.min(p.1)), (hi.0.max(p.0), hi.1.max(p.1))),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::{Edge, Player};
    use crate::render::DrawnEdge;

    /// A paper-sized figure: `m` numbered edges on `n` vertices, grown like
    /// a game (new vertices hang off old ones, other edges join old ones).
    fn figure(n: usize, m: usize, seed: u64) -> Figure {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut next = |k: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % k as u64) as usize
        };
        let mut used = 2;
        let mut edges = vec![Edge::new(0, 1)];
        while edges.len() < m {
            let u = next(used);
            let v = if used < n && next(2) == 0 {
                used += 1;
                used - 1
            } else {
                next(used)
            };
            let e = Edge::checked(u, v);
            if let Some(e) = e.filter(|e| !edges.contains(e)) {
                edges.push(e);
            }
        }
        Figure {
            title: String::new(),
            vertices: (0..used as Vertex).collect(),
            names: BTreeMap::new(),
            edges: edges
                .into_iter()
                .enumerate()
                .map(|(i, edge)| DrawnEdge {
                    edge,
                    player: if i % 2 == 0 { Player::First } else { Player::Second },
                    number: Some(i + 1),
                    forced: i % 5 == 3,
                    highlight: false,
                    threat: false,
                })
                .collect(),
            legend: vec![],
            decisive: None,
            steps: Vec::new(),
        }
    }

    #[test]
    fn paper_sized_figures_have_no_label_collisions() {
        for (seed, (n, m)) in [(10, 20), (12, 26), (16, 30), (20, 34), (20, 30), (30, 45)]
            .into_iter()
            .enumerate()
        {
            let layout = layout(&figure(n, m, seed as u64 + 1));
            assert_eq!(layout.collisions, 0, "{n} vertices, {m} edges");
        }
    }

    #[test]
    fn empty_figure_has_a_finite_size() {
        let empty = Figure {
            vertices: vec![],
            edges: vec![],
            ..figure(2, 1, 1)
        };
        let layout = layout(&empty);
        assert!(layout.width.is_finite() && layout.height.is_finite() && layout.width > 0.0);
    }

    #[test]
    fn layout_is_deterministic() {
        let f = figure(16, 30, 7);
        assert_eq!(format!("{:?}", layout(&f)), format!("{:?}", layout(&f)));
    }

    #[test]
    fn components_are_packed_an_edge_length_apart() {
        let mut f = figure(5, 4, 1);
        f.vertices = (0..5).collect();
        for (e, (u, v)) in f.edges.iter_mut().zip([(0, 1), (1, 2), (0, 2), (3, 4)]) {
            e.edge = Edge::new(u, v);
        }
        let l = layout(&f);
        let x = |v: Vertex| l.points[&v].0;
        let (left, right): (&[Vertex], &[Vertex]) = if x(3) > x(0) {
            (&[0, 1, 2], &[3, 4])
        } else {
            (&[3, 4], &[0, 1, 2])
        };
        let gap = right.iter().map(|&v| x(v)).fold(f64::INFINITY, f64::min)
            - left.iter().map(|&v| x(v)).fold(f64::NEG_INFINITY, f64::max);
        let longest = f
            .edges
            .iter()
            .map(|e| length(l.points[&e.edge.ends().0], l.points[&e.edge.ends().1]))
            .fold(0.0, f64::max);
        assert!(gap > 0.0 && gap < 1.3 * longest, "gap {gap}, longest edge {longest}");
    }
}
