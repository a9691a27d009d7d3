//! Deterministic placement of vertices and edge labels.
//!
//! Vertices: stress majorization (graph distances as target lengths, the
//! usual layout of drawn graphs in papers) from a dozen circular starts in
//! fixed pseudo-random orders; the drawing with the fewest edge crossings
//! and vertices lying on foreign edges wins, ties broken by stress. Labels:
//! each edge's move number sits on the edge, at the point along it (middle
//! first) that overlaps the fewest other labels, vertices and edges. If
//! labels still collide, the whole drawing is spread out and labels placed
//! again. Nothing depends on hashing or timing, so output is reproducible.

use super::geometry::{closest_point, length, segment_distance, segments_cross, Rect};
use super::Figure;
use crate::board::Vertex;
use std::collections::BTreeMap;

/// Radius of a drawn vertex, in pixels.
pub const VERTEX_RADIUS: f64 = 13.0;
/// Label box height and width per character, in pixels (12px font).
pub const LABEL_HEIGHT: f64 = 15.0;
const CHAR_WIDTH: f64 = 7.0;
/// Target length of an edge of graph distance 1, in pixels.
const UNIT: f64 = 110.0;
const MARGIN: f64 = 30.0;
const STARTS: usize = 12;

pub use super::geometry::Point;

/// Where everything goes.
#[derive(Clone, Debug)]
pub struct Layout {
    pub width: f64,
    pub height: f64,
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
    let unit = stress_layout(n, &pairs);
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
    // Drawings are centred on the origin, so starting the bounding box there
    // changes nothing, except that an empty drawing gets a finite size.
    let (min_x, min_y) = unit.iter().fold((0.0f64, 0.0f64), |(a, b), p| (a.min(p.0), b.min(p.1)));
    let (max_x, max_y) = unit.iter().fold((0.0f64, 0.0f64), |(a, b), p| (a.max(p.0), b.max(p.1)));
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

/// Stress majorization from several starts; the best drawing, in units of
/// one edge length.
fn stress_layout(n: usize, pairs: &[(usize, usize)]) -> Vec<Point> {
    if n <= 1 {
        return vec![(0.0, 0.0); n];
    }
    let dist = distances(n, pairs);
    let mut rng = 0x9E37_79B9_7F4A_7C15u64;
    let mut best: Option<(usize, f64, Vec<Point>)> = None;
    for start in 0..STARTS {
        let mut order: Vec<usize> = (0..n).collect();
        if start > 0 {
            shuffle(&mut order, &mut rng);
        }
        let mut points = vec![(0.0, 0.0); n];
        let radius = n as f64 / std::f64::consts::TAU + 0.5;
        for (k, &v) in order.iter().enumerate() {
            let angle = std::f64::consts::TAU * k as f64 / n as f64;
            points[v] = (radius * angle.cos(), radius * angle.sin());
        }
        majorize(&mut points, &dist);
        spread(&mut points, pairs);
        let badness = crossings(&points, pairs) + 3 * vertices_on_edges(&points, pairs);
        let stress = stress(&points, &dist);
        if best.as_ref().is_none_or(|(b, s, _)| (badness, stress) < (*b, *s)) {
            best = Some((badness, stress, points));
        }
    }
    upright(best.expect("at least one start").2)
}

/// All-pairs graph distances; unreachable pairs get one more than the
/// largest finite distance, so components sit side by side.
fn distances(n: usize, pairs: &[(usize, usize)]) -> Vec<Vec<f64>> {
    let mut adj = vec![Vec::new(); n];
    for &(u, v) in pairs {
        adj[u].push(v);
        adj[v].push(u);
    }
    let mut dist = vec![vec![f64::INFINITY; n]; n];
    for (s, row) in dist.iter_mut().enumerate() {
        row[s] = 0.0;
        let mut queue = std::collections::VecDeque::from([s]);
        while let Some(u) = queue.pop_front() {
            for &v in &adj[u] {
                if row[v].is_infinite() {
                    row[v] = row[u] + 1.0;
                    queue.push_back(v);
                }
            }
        }
    }
    let far = dist
        .iter()
        .flatten()
        .filter(|d| d.is_finite())
        .fold(1.0f64, |a, &b| a.max(b))
        + 1.0;
    for d in dist.iter_mut().flatten() {
        if d.is_infinite() {
            *d = far;
        }
    }
    dist
}

/// Localized stress majorization (Gansner, Koren and North): each vertex
/// moves to the weighted average of where its distances say it should be.
fn majorize(points: &mut [Point], dist: &[Vec<f64>]) {
    let n = points.len();
    for _ in 0..300 {
        for i in 0..n {
            let (mut sx, mut sy, mut sw) = (0.0, 0.0, 0.0);
            for j in (0..n).filter(|&j| j != i) {
                let d = dist[i][j];
                let w = 1.0 / (d * d);
                let (dx, dy) = (points[i].0 - points[j].0, points[i].1 - points[j].1);
                let len = (dx * dx + dy * dy).sqrt().max(1e-9);
                sx += w * (points[j].0 + d * dx / len);
                sy += w * (points[j].1 + d * dy / len);
                sw += w;
            }
            points[i] = (sx / sw, sy / sw);
        }
    }
}

/// Smallest distance between two vertices, and between a vertex and an
/// edge it is not an end of, in units of one edge length.
const VERTEX_GAP: f64 = 0.7;
const EDGE_GAP: f64 = 0.3;

/// Pushes apart vertices closer than [`VERTEX_GAP`] and vertices lying
/// within [`EDGE_GAP`] of a foreign edge, which majorization allows when
/// many distances pull against each other; crowded vertices make labels
/// collide and edges hard to follow.
fn spread(points: &mut [Point], pairs: &[(usize, usize)]) {
    let n = points.len();
    for _ in 0..100 {
        let mut moved = false;
        for i in 0..n {
            for j in (i + 1)..n {
                let (dx, dy) = (points[j].0 - points[i].0, points[j].1 - points[i].1);
                let len = (dx * dx + dy * dy).sqrt();
                if len < VERTEX_GAP {
                    let (ux, uy) = if len > 1e-9 { (dx / len, dy / len) } else { (1.0, 0.0) };
                    let push = (VERTEX_GAP - len) / 2.0;
                    points[i] = (points[i].0 - ux * push, points[i].1 - uy * push);
                    points[j] = (points[j].0 + ux * push, points[j].1 + uy * push);
                    moved = true;
                }
            }
        }
        for &(a, b) in pairs {
            for v in (0..n).filter(|&v| v != a && v != b) {
                let foot = closest_point(points[v], points[a], points[b]);
                let (dx, dy) = (points[v].0 - foot.0, points[v].1 - foot.1);
                let len = (dx * dx + dy * dy).sqrt();
                if len < EDGE_GAP {
                    let (ux, uy) = if len > 1e-9 { (dx / len, dy / len) } else { (0.0, 1.0) };
                    let push = EDGE_GAP - len;
                    points[v] = (points[v].0 + ux * push * 0.6, points[v].1 + uy * push * 0.6);
                    for e in [a, b] {
                        points[e] = (points[e].0 - ux * push * 0.2, points[e].1 - uy * push * 0.2);
                    }
                    moved = true;
                }
            }
        }
        if !moved {
            break;
        }
    }
}

fn stress(points: &[Point], dist: &[Vec<f64>]) -> f64 {
    let mut total = 0.0;
    for i in 0..points.len() {
        for j in (i + 1)..points.len() {
            let diff = length(points[i], points[j]) - dist[i][j];
            total += diff * diff / (dist[i][j] * dist[i][j]);
        }
    }
    total
}

/// Rotates the drawing so that its long axis is horizontal.
fn upright(points: Vec<Point>) -> Vec<Point> {
    let n = points.len() as f64;
    let (cx, cy) = points.iter().fold((0.0, 0.0), |(a, b), p| (a + p.0 / n, b + p.1 / n));
    let (mut xx, mut yy, mut xy) = (0.0, 0.0, 0.0);
    for p in &points {
        let (dx, dy) = (p.0 - cx, p.1 - cy);
        xx += dx * dx;
        yy += dy * dy;
        xy += dx * dy;
    }
    let angle = -0.5 * (2.0 * xy).atan2(xx - yy);
    let (sin, cos) = angle.sin_cos();
    points
        .iter()
        .map(|p| {
            let (dx, dy) = (p.0 - cx, p.1 - cy);
            (dx * cos - dy * sin, dx * sin + dy * cos)
        })
        .collect()
}

/// A fixed xorshift shuffle, so layouts are the same on every run.
fn shuffle(order: &mut [usize], state: &mut u64) {
    for i in (1..order.len()).rev() {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        order.swap(i, (*state % (i as u64 + 1)) as usize);
    }
}

/// Pairs of edges without a common end that cross.
pub fn crossings(points: &[Point], pairs: &[(usize, usize)]) -> usize {
    let mut count = 0;
    for (k, &(a, b)) in pairs.iter().enumerate() {
        for &(c, d) in &pairs[k + 1..] {
            if a != c && a != d && b != c && b != d && segments_cross(points[a], points[b], points[c], points[d]) {
                count += 1;
            }
        }
    }
    count
}

/// Vertices drawn on (or nearly on) an edge they are not an end of, which
/// would make the edge look like two.
fn vertices_on_edges(points: &[Point], pairs: &[(usize, usize)]) -> usize {
    let mut count = 0;
    for &(a, b) in pairs {
        for (v, &p) in points.iter().enumerate() {
            if v != a && v != b && segment_distance(p, points[a], points[b]) < 0.2 {
                count += 1;
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Edge, Player};
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
}
