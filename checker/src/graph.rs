//! The checker's own board: a 2-edge-coloured graph as a plain matrix.
//!
//! Deliberately naive (an `n x n` byte matrix, recursive clique search): the
//! checker is meant to be read and trusted, not to be fast.

/// Who owns an edge. `Red` is the first player ("she"), `Blue` the second.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Colour {
    /// Her edges.
    Red = 1,
    /// His edges.
    Blue = 2,
}

/// Claimed edges on the vertices `0..order`; vertices beyond are untouched.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Graph {
    order: usize,
    /// `cells[u * order + v]`: 0 unclaimed, 1 red, 2 blue.
    cells: Vec<u8>,
}

impl Graph {
    /// No claimed edge, on `order` vertices.
    pub fn new(order: usize) -> Graph {
        Graph {
            order,
            cells: vec![0; order * order],
        }
    }

    /// Vertices of the matrix (the touched ones are among them).
    pub fn order(&self) -> usize {
        self.order
    }

    /// 0 if `{u, v}` is unclaimed (or a loop, or off the matrix), else the colour code.
    pub fn cell(&self, u: usize, v: usize) -> u8 {
        if u < self.order && v < self.order {
            self.cells[u * self.order + v]
        } else {
            0
        }
    }

    /// Whether `{u, v}` has colour `c`.
    pub fn is(&self, u: usize, v: usize, c: Colour) -> bool {
        self.cell(u, v) == c as u8
    }

    /// Claims `{u, v}` for `c`, growing the matrix if needed.
    pub fn claim(&mut self, u: usize, v: usize, c: Colour) {
        self.grow(u.max(v) + 1);
        self.cells[u * self.order + v] = c as u8;
        self.cells[v * self.order + u] = c as u8;
    }

    /// The same graph on at least `order` vertices.
    pub fn grow(&mut self, order: usize) {
        if order <= self.order {
            return;
        }
        let mut bigger = Graph::new(order);
        for u in 0..self.order {
            for v in 0..self.order {
                bigger.cells[u * order + v] = self.cell(u, v);
            }
        }
        *self = bigger;
    }

    /// Number of edges of colour `c`.
    pub fn count(&self, c: Colour) -> usize {
        self.cells.iter().filter(|&&x| x == c as u8).count() / 2
    }

    /// Vertices with at least one claimed edge, in increasing order.
    pub fn touched(&self) -> Vec<usize> {
        (0..self.order)
            .filter(|&u| (0..self.order).any(|v| self.cell(u, v) != 0))
            .collect()
    }

    /// The subgraph induced on `vertices`, relabelled `0..vertices.len()` in that order.
    pub fn induced(&self, vertices: &[usize]) -> Graph {
        let mut out = Graph::new(vertices.len());
        for (i, &u) in vertices.iter().enumerate() {
            for (j, &v) in vertices.iter().enumerate() {
                out.cells[i * out.order + j] = self.cell(u, v);
            }
        }
        out
    }

    /// The touched part only: isomorphism of positions on the same board is
    /// isomorphism of their touched parts, since untouched vertices are alike.
    pub fn touched_part(&self) -> Graph {
        self.induced(&self.touched())
    }

    /// Whether `{u, v}` is unclaimed and claiming it would give `c` a `K_k`.
    pub fn completes(&self, u: usize, v: usize, c: Colour, k: usize) -> bool {
        if u == v || self.cell(u, v) != 0 {
            return false;
        }
        let common: Vec<usize> = (0..self.order)
            .filter(|&w| self.is(u, w, c) && self.is(v, w, c))
            .collect();
        self.has_clique_among(&common, c, k - 2)
    }

    /// Whether `c` can complete a `K_k` with one more edge among `vertices`.
    pub fn can_complete(&self, vertices: &[usize], c: Colour, k: usize) -> bool {
        vertices
            .iter()
            .enumerate()
            .any(|(i, &u)| vertices[i + 1..].iter().any(|&v| self.completes(u, v, c, k)))
    }

    /// Whether `c` owns a `K_k` anywhere.
    pub fn has_clique(&self, c: Colour, k: usize) -> bool {
        let all: Vec<usize> = (0..self.order).collect();
        self.has_clique_among(&all, c, k)
    }

    fn has_clique_among(&self, candidates: &[usize], c: Colour, size: usize) -> bool {
        if size == 0 {
            return true;
        }
        candidates.iter().enumerate().any(|(i, &u)| {
            let rest: Vec<usize> = candidates[i + 1..]
                .iter()
                .copied()
                .filter(|&w| self.is(u, w, c))
                .collect();
            self.has_clique_among(&rest, c, size - 1)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triangle_is_found_only_in_its_colour() {
        let mut g = Graph::new(0);
        g.claim(0, 1, Colour::Red);
        g.claim(1, 2, Colour::Red);
        assert!(!g.has_clique(Colour::Red, 3));
        assert!(g.completes(0, 2, Colour::Red, 3) && !g.completes(0, 2, Colour::Blue, 3));
        assert!(g.can_complete(&[0, 1, 2], Colour::Red, 3) && !g.can_complete(&[0, 1], Colour::Red, 3));
        g.claim(0, 2, Colour::Red);
        assert!(g.has_clique(Colour::Red, 3));
        assert!(!g.completes(0, 2, Colour::Red, 3));
        assert!(!g.has_clique(Colour::Blue, 3));
        assert_eq!(g.count(Colour::Red), 3);
    }

    #[test]
    fn touched_part_drops_isolated_vertices() {
        let mut g = Graph::new(6);
        g.claim(1, 4, Colour::Blue);
        let t = g.touched_part();
        assert_eq!(t.order(), 2);
        assert!(t.is(0, 1, Colour::Blue));
    }
}
