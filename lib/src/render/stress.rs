//! Placing the vertices of one connected drawing, in units of one edge.
//!
//! Stress majorization (graph distances as target lengths, the usual layout
//! of drawn graphs in papers) from several circular starts: the vertices in
//! order of first appearance in play, the same with the busiest vertices
//! (hubs) on an inner circle, and 22 fixed pseudo-random orders. Each
//! drawing is then untangled and tidied ([`super::untangle`]). The drawing
//! with the fewest crossings (and vertices on foreign edges) wins, ties
//! broken by stress. Nothing depends on hashing or timing.

use super::geometry::{closest_point, Point};
use super::untangle::{Graph, Rng, TIDY, UNTANGLE, VERTEX_GAP};
use rayon::prelude::*;

/// Number of circular starts.
const STARTS: usize = 24;
/// Smallest distance between a vertex and an edge it is not an end of, in
/// units of one edge length.
const EDGE_GAP: f64 = 0.3;

/// A drawing of a connected graph on `n` vertices with edges `pairs` (in
/// play order), centred on the origin, long axis horizontal.
pub fn draw_connected(n: usize, pairs: &[(usize, usize)]) -> Vec<Point> {
    if n <= 1 {
        return vec![(0.0, 0.0); n];
    }
    let dist = distances(n, pairs);
    let graph = Graph::new(pairs, &dist);
    // Starts are independent, so they run in parallel; the winner is picked
    // in start order, so the result does not depend on the thread count.
    let drawn: Vec<(usize, f64, Vec<Point>)> = starts(n, pairs)
        .into_par_iter()
        .enumerate()
        .map(|(k, mut points)| {
            majorize(&mut points, &dist);
            spread(&mut points, pairs);
            let seed = 0x2545_F491_4F6C_DD1D ^ k as u64;
            graph.anneal(&mut points, UNTANGLE, seed);
            graph.anneal(&mut points, TIDY, seed);
            (graph.badness(&points), graph.stress(&points), points)
        })
        .collect();
    let mut best: Option<(usize, f64, Vec<Point>)> = None;
    for (bad, strain, points) in drawn {
        if best.as_ref().is_none_or(|(b, s, _)| (bad, strain) < (*b, *s)) {
            best = Some((bad, strain, points));
        }
    }
    upright(best.expect("at least one start").2)
}

/// The starting drawings: vertices on a circle in order of first
/// appearance, the same with the hubs on an inner circle, then shuffles.
fn starts(n: usize, pairs: &[(usize, usize)]) -> Vec<Vec<Point>> {
    let mut first: Vec<usize> = Vec::with_capacity(n);
    for w in pairs.iter().flat_map(|&(u, v)| [u, v]).chain(0..n) {
        if !first.contains(&w) {
            first.push(w);
        }
    }
    let mut starts = vec![circle(n, &first, &[]), circle(n, &first, &hubs(n, pairs))];
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    while starts.len() < STARTS {
        let mut order: Vec<usize> = (0..n).collect();
        shuffle(&mut order, &mut rng);
        starts.push(circle(n, &order, &[]));
    }
    starts
}

/// The busiest vertices: about one in five, by degree, ties by index.
fn hubs(n: usize, pairs: &[(usize, usize)]) -> Vec<usize> {
    let mut degree = vec![0usize; n];
    for &(u, v) in pairs {
        degree[u] += 1;
        degree[v] += 1;
    }
    let mut by_degree: Vec<usize> = (0..n).collect();
    by_degree.sort_by_key(|&v| (std::cmp::Reverse(degree[v]), v));
    by_degree.truncate(n.div_ceil(5));
    by_degree
}

/// The vertices of `order` on a circle, except `hubs`, which go on an
/// inner circle of a third of its radius.
fn circle(n: usize, order: &[usize], hubs: &[usize]) -> Vec<Point> {
    let mut points = vec![(0.0, 0.0); n];
    let radius = n as f64 / std::f64::consts::TAU + 0.5;
    let outer: Vec<usize> = order.iter().copied().filter(|v| !hubs.contains(v)).collect();
    for (ring, r) in [(hubs, radius / 3.0), (&outer[..], radius)] {
        for (k, &v) in ring.iter().enumerate() {
            let angle = std::f64::consts::TAU * k as f64 / ring.len() as f64;
            points[v] = (r * angle.cos(), r * angle.sin());
        }
    }
    points
}

/// All-pairs graph distances of a connected graph.
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
    dist
}

/// Where majorization (Gansner, Koren and North) moves vertex `i`: the
/// weighted average of where its distances say it should be.
fn target(points: &[Point], dist: &[Vec<f64>], i: usize) -> Point {
    let (mut sx, mut sy, mut sw) = (0.0, 0.0, 0.0);
    for j in (0..points.len()).filter(|&j| j != i) {
        let d = dist[i][j];
        let w = 1.0 / (d * d);
        let (dx, dy) = (points[i].0 - points[j].0, points[i].1 - points[j].1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        sx += w * (points[j].0 + d * dx / len);
        sy += w * (points[j].1 + d * dy / len);
        sw += w;
    }
    (sx / sw, sy / sw)
}

/// Localized stress majorization: every vertex moves to its target, 300
/// sweeps.
fn majorize(points: &mut [Point], dist: &[Vec<f64>]) {
    for _ in 0..300 {
        for i in 0..points.len() {
            points[i] = target(points, dist, i);
        }
    }
}

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

/// Rotates the drawing so that its long axis is horizontal, centred on the
/// origin, and mirrors it so that vertex 0 is in the upper left quarter.
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
    let turned: Vec<Point> = points
        .iter()
        .map(|p| {
            let (dx, dy) = (p.0 - cx, p.1 - cy);
            (dx * cos - dy * sin, dx * sin + dy * cos)
        })
        .collect();
    let mirror = |c: f64| if c > 0.0 { -1.0 } else { 1.0 };
    let (fx, fy) = (mirror(turned[0].0), mirror(turned[0].1));
    turned.into_iter().map(|p| (fx * p.0, fy * p.1)).collect()
}

/// A fixed shuffle, so layouts are the same on every run.
fn shuffle(order: &mut [usize], rng: &mut Rng) {
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
}
