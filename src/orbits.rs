//! Orbits of unclaimed edges under the automorphism group of a canonical
//! form: one representative per orbit is all the adversary needs to try.

use crate::board::{first_n, members, Edge, Position, Vertex};
use crate::canon::Canonical;

thread_local! {
    /// Reused union-find storage (orbits are computed for every position
    /// the search stores; allocating or clearing per call was a visible
    /// share of it).
    static BUFFER: std::cell::RefCell<Vec<u16>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A union-find over `0..n` whose representative is the smallest member.
struct Partition<'a> {
    parent: &'a mut [u16],
}

impl<'a> Partition<'a> {
    /// The partition into singletons, in `buffer` (at least `n` long).
    fn new(buffer: &'a mut [u16], n: usize) -> Partition<'a> {
        let parent = &mut buffer[..n];
        for (i, p) in parent.iter_mut().enumerate() {
            *p = i as u16;
        }
        Partition { parent }
    }

    fn find(&mut self, x: usize) -> usize {
        let mut root = x;
        while self.parent[root] as usize != root {
            root = self.parent[root] as usize;
        }
        let mut y = x;
        while self.parent[y] as usize != root {
            let next = self.parent[y] as usize;
            self.parent[y] = root as u16;
            y = next;
        }
        root
    }

    fn union(&mut self, x: usize, y: usize) {
        let (a, b) = (self.find(x), self.find(y));
        let (low, high) = if a < b { (a, b) } else { (b, a) };
        self.parent[high] = low as u16;
    }
}

/// Runs `f` with a buffer of at least `n` entries (contents unspecified).
fn with_buffer<R>(n: usize, f: impl FnOnce(&mut [u16]) -> R) -> R {
    let mut buffer = BUFFER.with(|b| b.take());
    if buffer.len() < n {
        buffer.resize(n, 0);
    }
    let result = f(&mut buffer);
    BUFFER.with(|b| b.replace(buffer));
    result
}

/// One unclaimed edge per orbit of the canonical form's automorphism
/// group, smallest first, including edges to fresh vertices while any remain
/// (a fresh vertex is the first untouched one; all fresh vertices are alike).
pub fn edge_orbit_representatives(canon: &Canonical) -> Vec<Edge> {
    let position = &canon.position;
    let t = position.touched_count();
    let mut reps = with_buffer(t * t, |buffer| {
        edge_representatives(canon, Partition::new(buffer, t * t))
    });
    reps.extend(fresh_edge_representatives(canon, t));
    reps
}

/// One unclaimed edge between touched vertices per orbit, smallest first.
fn edge_representatives(canon: &Canonical, mut orbits: Partition) -> Vec<Edge> {
    let position = &canon.position;
    let t = position.touched_count();
    for g in &canon.generators {
        for u in 0..t {
            for v in (u + 1)..t {
                let (x, y) = (g[u] as usize, g[v] as usize);
                orbits.union(u * t + v, x.min(y) * t + x.max(y));
            }
        }
    }
    let mut reps = Vec::new();
    for u in 0..t {
        for v in (u + 1)..t {
            let e = Edge::new(u as Vertex, v as Vertex);
            if position.is_free(e) && orbits.find(u * t + v) == u * t + v {
                reps.push(e);
            }
        }
    }
    reps
}

/// Edges from touched vertices (one per vertex orbit) to a fresh vertex,
/// and one edge between two fresh vertices, as far as the board allows.
fn fresh_edge_representatives(canon: &Canonical, t: usize) -> Vec<Edge> {
    let position: &Position = &canon.position;
    let fresh = position.fresh_count().unwrap_or(usize::MAX);
    let mut reps = Vec::new();
    if fresh >= 1 {
        with_buffer(t, |buffer| {
            let mut vertex_orbits = Partition::new(buffer, t);
            for g in &canon.generators {
                for (u, &image) in g.iter().enumerate() {
                    vertex_orbits.union(u, image as usize);
                }
            }
            for u in members(first_n(t)) {
                if vertex_orbits.find(u as usize) == u as usize {
                    reps.push(Edge::new(u, t as Vertex));
                }
            }
        });
    }
    if fresh >= 2 {
        reps.push(Edge::new(t as Vertex, t as Vertex + 1));
    }
    reps
}
