//! Fewer crossings: moves vertices of a stress drawing to lower its
//! *badness*, the number of crossing pairs of edges plus three for each
//! vertex lying on an edge it is not an end of (which would make that edge
//! look like two).
//!
//! Stress majorization alone settles into drawings where a few vertices sit
//! on the wrong side of a dense core (the longest K4 line had 28 crossings).
//! Here a deterministic simulated annealing moves one vertex (to a random
//! nearby point clear of the others) or swaps two, accepting a change by
//! the Metropolis rule on badness plus a little stress; the best drawing
//! seen is kept. A second, cool run with stress fully weighted tidies the
//! drawing without giving back crossings (see [`UNTANGLE`]). Hubs of a line
//! typically end up apart (the two vertices joined to all of a line's
//! `p_i` at opposite ends), which no stress layout does on its own.

use super::geometry::{length, segment_distance, segments_cross, Point};

/// Smallest distance between two vertices, in units of one edge length.
pub const VERTEX_GAP: f64 = 0.7;
/// A vertex closer than this to an edge it is not an end of counts as
/// lying on it (the gap `spread` in [`super::stress`] keeps).
const ON_EDGE: f64 = 0.3;
/// Annealing steps per vertex.
const STEPS_PER_VERTEX: usize = 1500;

/// How an annealing run weighs and moves.
#[derive(Clone, Copy, Debug)]
pub struct Schedule {
    /// Weight of one unit of stress against one unit of badness.
    pub stress_weight: f64,
    /// Starting temperature (it falls quadratically to about zero).
    pub heat: f64,
    /// How far (in units) vertices may leave the box around the start.
    pub room: f64,
}

/// First untangle, ignoring stress almost entirely, with room to move out;
/// then tidy up: stress counts fully and vertices stay near the box. The
/// best drawing seen (by badness, then stress) is kept, so tidying never
/// gives back the crossings the first run removed; it only lowers stress
/// (a small drawing untangled alone can end up with thin triangles).
pub const UNTANGLE: Schedule = Schedule {
    stress_weight: 0.01,
    heat: 4.0,
    room: 2.0,
};
/// See [`UNTANGLE`].
pub const TIDY: Schedule = Schedule {
    stress_weight: 1.0,
    heat: 2.0,
    room: 0.5,
};

/// A graph being drawn: edges, the edges at each vertex, graph distances.
pub struct Graph<'a> {
    pairs: &'a [(usize, usize)],
    incident: Vec<Vec<usize>>,
    dist: &'a [Vec<f64>],
}

impl<'a> Graph<'a> {
    /// The graph with edges `pairs` on `dist.len()` vertices.
    pub fn new(pairs: &'a [(usize, usize)], dist: &'a [Vec<f64>]) -> Graph<'a> {
        let mut incident = vec![Vec::new(); dist.len()];
        for (k, &(u, v)) in pairs.iter().enumerate() {
            incident[u].push(k);
            incident[v].push(k);
        }
        Graph { pairs, incident, dist }
    }

    /// Crossings plus three per vertex on a foreign edge.
    pub fn badness(&self, points: &[Point]) -> usize {
        let all: Vec<usize> = (0..points.len()).collect();
        self.local_badness(points, &all)
    }

    /// The part of the badness involving a vertex in `moved`: crossing pairs
    /// with an edge at `moved`, vertices on edges where either is at `moved`.
    fn local_badness(&self, points: &[Point], moved: &[usize]) -> usize {
        let mut touching = vec![false; self.pairs.len()];
        for &v in moved {
            for &k in &self.incident[v] {
                touching[k] = true;
            }
        }
        let mut count = 0;
        for (k, &e) in self.pairs.iter().enumerate().filter(|&(k, _)| touching[k]) {
            for (f, &g) in self.pairs.iter().enumerate() {
                if (!touching[f] || f > k) && crosses(points, e, g) {
                    count += 1;
                }
            }
            count += 3 * (0..points.len()).filter(|&v| on_edge(points, v, e)).count();
        }
        for &v in moved {
            let foreign = self.pairs.iter().enumerate().filter(|&(k, _)| !touching[k]);
            count += 3 * foreign.filter(|&(_, &e)| on_edge(points, v, e)).count();
        }
        count
    }

    /// Total stress: squared relative deviation of distances in the drawing
    /// from graph distances.
    pub fn stress(&self, points: &[Point]) -> f64 {
        let all: Vec<usize> = (0..points.len()).collect();
        self.local_stress(points, &all)
    }

    /// The stress of the pairs with a vertex in `moved`.
    fn local_stress(&self, points: &[Point], moved: &[usize]) -> f64 {
        let mut total = 0.0;
        for i in 0..points.len() {
            for &j in moved.iter().filter(|&&j| j != i && (!moved.contains(&i) || i < j)) {
                let d = self.dist[i][j];
                let diff = length(points[i], points[j]) - d;
                total += diff * diff / (d * d);
            }
        }
        total
    }

    /// The change in badness and in stress if the vertices moved as `m`
    /// says (`points` is left as it was).
    fn effect(&self, points: &mut [Point], m: &[(usize, Point)]) -> (isize, f64) {
        let moved: Vec<usize> = m.iter().map(|&(v, _)| v).collect();
        let measure = |points: &[Point]| (self.local_badness(points, &moved), self.local_stress(points, &moved));
        let before = measure(points);
        let old: Vec<Point> = moved.iter().map(|&v| points[v]).collect();
        for &(v, p) in m {
            points[v] = p;
        }
        let after = measure(points);
        for (&v, p) in moved.iter().zip(old) {
            points[v] = p;
        }
        (after.0 as isize - before.0 as isize, after.1 - before.1)
    }

    /// Simulated annealing from `points` by `schedule`, with the fixed
    /// random stream `seed`; `points` becomes the best drawing seen (by
    /// badness, then stress). Vertices stay within `schedule.room` units of
    /// the box around the start.
    pub fn anneal(&self, points: &mut [Point], schedule: Schedule, seed: u64) {
        let n = points.len();
        let mut rng = Rng(seed | 1);
        let mut best = (self.badness(points), self.stress(points), points.to_vec());
        let (mut bad, mut strain) = (best.0 as isize, best.1);
        let (lo, hi) = bounds(points);
        let room = schedule.room;
        let inside = |p: Point| p.0 >= lo.0 - room && p.0 <= hi.0 + room && p.1 >= lo.1 - room && p.1 <= hi.1 + room;
        let steps = STEPS_PER_VERTEX * n;
        for step in 0..steps {
            let heat = 1.0 - step as f64 / steps as f64;
            let temperature = schedule.heat * heat * heat + 0.01;
            let v = rng.below(n);
            let m = if rng.below(4) == 0 {
                let u = (v + 1 + rng.below(n - 1)) % n;
                vec![(v, points[u]), (u, points[v])]
            } else {
                let reach = 0.3 + 2.0 * heat;
                let p = (points[v].0 + reach * rng.signed(), points[v].1 + reach * rng.signed());
                if !inside(p) || !clear(points, v, p) {
                    continue;
                }
                vec![(v, p)]
            };
            let (gain, change) = self.effect(points, &m);
            let delta = gain as f64 + schedule.stress_weight * change;
            if delta <= 0.0 || rng.unit() < (-delta / temperature).exp() {
                for (w, p) in m {
                    points[w] = p;
                }
                (bad, strain) = (bad + gain, strain + change);
                if (bad as usize, strain) < (best.0, best.1) {
                    best = (bad as usize, strain, points.to_vec());
                }
            }
        }
        points.copy_from_slice(&best.2);
    }
}

/// The corners of the box around `points`.
pub fn bounds(points: &[Point]) -> (Point, Point) {
    points.iter().fold(
        ((f64::INFINITY, f64::INFINITY), (f64::NEG_INFINITY, f64::NEG_INFINITY)),
        |(lo, hi), p| ((lo.0.min(p.0), lo.1.min(p.1)), (hi.0.max(p.0), hi.1.max(p.1))),
    )
}

/// Whether `p` is at least [`VERTEX_GAP`] from every vertex but `v`.
fn clear(points: &[Point], v: usize, p: Point) -> bool {
    (0..points.len()).all(|u| u == v || length(p, points[u]) >= VERTEX_GAP)
}

/// Whether vertex `v` lies on (within [`ON_EDGE`] of) edge `e`, not an end.
fn on_edge(points: &[Point], v: usize, (a, b): (usize, usize)) -> bool {
    v != a && v != b && segment_distance(points[v], points[a], points[b]) < ON_EDGE
}

/// Whether edges `e` and `f`, without a common end, cross.
fn crosses(points: &[Point], (a, b): (usize, usize), (c, d): (usize, usize)) -> bool {
    a != c && a != d && b != c && b != d && segments_cross(points[a], points[b], points[c], points[d])
}

/// A fixed xorshift stream, so drawings are the same on every run.
pub struct Rng(pub u64);

impl Rng {
    /// The next raw value.
    pub fn step(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `k` (`k > 0`).
    pub fn below(&mut self, k: usize) -> usize {
        (self.step() % k as u64) as usize
    }

    /// A number in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.step() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A number in [-1, 1).
    fn signed(&mut self) -> f64 {
        2.0 * self.unit() - 1.0
    }
}
