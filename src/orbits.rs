//! Orbits of unclaimed edges under the automorphism group of a canonical
//! form: one representative per orbit is all the adversary needs to try.

use crate::board::{first_n, members, Edge, Position, Vertex};
use crate::canon::Canonical;

/// A union-find over `0..n` whose representative is the smallest member.
struct Partition {
    parent: Vec<usize>,
}

impl Partition {
    fn new(n: usize) -> Partition {
        Partition {
            parent: (0..n).collect(),
        }
    }

    fn find(&mut self, x: usize) -> usize {
        let mut root = x;
        while self.parent[root] != root {
            root = self.parent[root];
        }
        let mut y = x;
        while self.parent[y] != root {
            let next = self.parent[y];
            self.parent[y] = root;
            y = next;
        }
        root
    }

    fn union(&mut self, x: usize, y: usize) {
        let (a, b) = (self.find(x), self.find(y));
        let (low, high) = if a < b { (a, b) } else { (b, a) };
        self.parent[high] = low;
    }
}

/// One unclaimed edge per orbit of the canonical form's automorphism
/// group, smallest first, including edges to fresh vertices while any remain
/// (a fresh vertex is the first untouched one; all fresh vertices are alike).
pub fn edge_orbit_representatives(canon: &Canonical) -> Vec<Edge> {
    let position = &canon.position;
    let t = position.touched_count();
    let mut orbits = Partition::new(t * t);
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
    reps.extend(fresh_edge_representatives(canon, t));
    reps
}

/// Edges from touched vertices (one per vertex orbit) to a fresh vertex,
/// and one edge between two fresh vertices, as far as the board allows.
fn fresh_edge_representatives(canon: &Canonical, t: usize) -> Vec<Edge> {
    let position: &Position = &canon.position;
    let fresh = position.fresh_count().unwrap_or(usize::MAX);
    let mut reps = Vec::new();
    if fresh >= 1 {
        let mut vertex_orbits = Partition::new(t);
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
    }
    if fresh >= 2 {
        reps.push(Edge::new(t as Vertex, t as Vertex + 1));
    }
    reps
}
