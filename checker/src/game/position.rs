//! Positions of version-3 certificates: a board graph whose edges are free,
//! red or blue, as a plain matrix of codes, and targets with a naive
//! subgraph-containment test. Written to be read, not to be fast.

use crate::graph::Colour;
use crate::iso::Cells;
use crate::text::{clip, decode_graph6};

/// Code of a board edge that nobody has coloured.
pub const FREE: u8 = 3;

/// The code of an edge of colour `c` (red 1, blue 2, as in version 2).
fn code(c: Colour) -> u8 {
    c as u8
}

/// The other colour.
pub fn other(c: Colour) -> Colour {
    match c {
        Colour::Red => Colour::Blue,
        Colour::Blue => Colour::Red,
    }
}

/// A board with a partial colouring of its edges. Pair codes: 0 not a
/// board edge, 1 red, 2 blue, 3 free.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    n: usize,
    cells: Vec<u8>,
}

impl Cells for Position {
    fn order(&self) -> usize {
        self.n
    }
    fn cell(&self, u: usize, v: usize) -> u8 {
        self.cells[u * self.n + v]
    }
    fn codes(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.cells);
    }
}

impl Position {
    /// The uncoloured board on `n` vertices with `edges`.
    pub fn board(n: usize, edges: &[(usize, usize)]) -> Position {
        let mut p = Position {
            n,
            cells: vec![0; n * n],
        };
        edges.iter().for_each(|&(u, v)| p.set(u, v, FREE));
        p
    }

    fn set(&mut self, u: usize, v: usize, c: u8) {
        self.cells[u * self.n + v] = c;
        self.cells[v * self.n + u] = c;
    }

    /// Vertex `v`'s mark, its code with itself (0 on a board; version 13's
    /// degree forms keep the vertex's two colour counts there, so that
    /// [`crate::canon`] and [`crate::iso`] keep them).
    pub fn mark(&self, v: usize) -> u8 {
        self.cell(v, v)
    }

    /// Sets vertex `v`'s mark ([`Position::mark`]).
    pub fn set_mark(&mut self, v: usize, code: u8) {
        self.cells[v * self.n + v] = code;
    }

    /// Makes the pair `{u, v}` no edge at all (a degree form's edge once
    /// coloured: only the counts at its ends remember it).
    pub fn remove(&mut self, u: usize, v: usize) {
        self.set(u, v, 0);
    }

    /// Whether `{u, v}` has colour `c`.
    pub fn is(&self, u: usize, v: usize, c: Colour) -> bool {
        self.cell(u, v) == code(c)
    }

    /// Colours the free board edge `{u, v}` for `c`; an error if it is not one.
    pub fn colour(&mut self, u: usize, v: usize, c: Colour) -> Result<(), String> {
        if u == v || u >= self.n || v >= self.n || self.cell(u, v) == 0 {
            return Err(format!("{u}-{v} is not an edge of the board"));
        }
        if self.cell(u, v) != FREE {
            return Err(format!("edge {u}-{v} is already coloured"));
        }
        self.set(u, v, code(c));
        Ok(())
    }

    /// The edges of colour `c` as neighbour sets: bit `w` of the `v`-th
    /// row is set when `{v, w}` has colour `c` (positions have at most
    /// [`crate::text::MAX_ORDER`] = 128 vertices).
    pub fn rows(&self, c: Colour) -> Vec<u128> {
        let code = code(c);
        (0..self.n)
            .map(|u| {
                let row = &self.cells[u * self.n..(u + 1) * self.n];
                row.iter()
                    .enumerate()
                    .fold(0, |bits, (v, &x)| bits | u128::from(x == code) << v)
            })
            .collect()
    }

    /// The codes of the pairs `{v, w}`, `w` from 0 (0 not a board edge,
    /// 1 red, 2 blue, 3 free; 0 at `w = v`).
    pub fn row(&self, v: usize) -> &[u8] {
        &self.cells[v * self.n..(v + 1) * self.n]
    }

    /// Whether some board edge is free.
    pub fn has_free(&self) -> bool {
        self.cells.contains(&FREE)
    }

    /// The position with every free edge coloured for `c`.
    pub fn filled(&self, c: Colour) -> Position {
        Position {
            n: self.n,
            cells: self
                .cells
                .iter()
                .map(|&x| if x == FREE { code(c) } else { x })
                .collect(),
        }
    }

    /// The free board edges, in increasing order.
    pub fn free_edges(&self) -> Vec<(usize, usize)> {
        (0..self.n)
            .flat_map(|u| (u + 1..self.n).map(move |v| (u, v)))
            .filter(|&(u, v)| self.cell(u, v) == FREE)
            .collect()
    }

    /// The board with a colouring `RED:BLUE` (two graph6 strings on all
    /// `n` board vertices) applied.
    pub fn coloured(&self, text: &str) -> Result<Position, String> {
        let Some((red, blue)) = text.split_once(':') else {
            return Err(format!("position `{}` is not RED:BLUE", clip(text)));
        };
        let mut p = self.clone();
        for (half, c, name) in [(red, Colour::Red, "red"), (blue, Colour::Blue, "blue")] {
            let (n, edges) = decode_graph6(half).map_err(|e| format!("{name} graph: {e}"))?;
            if n != self.n {
                return Err(format!("{name} graph has {n} vertices, the board {}", self.n));
            }
            for (u, v) in edges {
                p.colour(u, v, c).map_err(|e| format!("{name} graph: {e}"))?;
            }
        }
        Ok(p)
    }
}

/// A target graph: found when a colour class contains a copy of it (a
/// subgraph, not necessarily induced; isolated target vertices need
/// distinct vertices of the board too).
#[derive(Clone, Debug)]
pub struct Target {
    /// Target vertices in search order: each after the first has as many
    /// neighbours before it as possible.
    order: Vec<usize>,
    /// For the `i`-th vertex of `order`, the places `j < i` in `order` of
    /// its neighbours, as bits: its image must be joined to theirs.
    back: Vec<u128>,
}

/// Most vertices of a target (the engine's cap).
pub const MAX_TARGET: usize = 16;

impl Target {
    /// The target in graph6 (1 to 16 vertices, at least one edge).
    pub fn parse(text: &str) -> Result<Target, String> {
        let (n, edges) = decode_graph6(text)?;
        if n > MAX_TARGET || edges.is_empty() {
            return Err(format!(
                "target `{}` must have at most {MAX_TARGET} vertices and an edge",
                clip(text)
            ));
        }
        Ok(Target::from_edges(n, &edges))
    }

    /// The graph on `n` vertices with `edges` as a target (no caps: for
    /// graphs the checker builds itself, such as Colex graphs; one with
    /// more vertices than a position is never found in it).
    pub fn from_edges(n: usize, edges: &[(usize, usize)]) -> Target {
        let mut adj = vec![vec![false; n]; n];
        for &(a, b) in edges {
            adj[a][b] = true;
            adj[b][a] = true;
        }
        let mut order: Vec<usize> = Vec::new();
        while order.len() < n {
            let next = (0..n)
                .filter(|a| !order.contains(a))
                .max_by_key(|&a| {
                    let back = order.iter().filter(|&&b| adj[a][b]).count();
                    (back, adj[a].iter().filter(|&&x| x).count(), n - a)
                })
                .expect("an unplaced vertex");
            order.push(next);
        }
        let back = (0..n)
            .map(|i| {
                (0..i.min(128))
                    .filter(|&j| adj[order[i]][order[j]])
                    .fold(0, |bits, j| bits | 1 << j)
            })
            .collect();
        Target { order, back }
    }

    /// Number of vertices.
    pub fn vertices(&self) -> usize {
        self.order.len()
    }

    /// Whether colour `c` of `p` contains a copy of the target.
    pub fn in_colour(&self, p: &Position, c: Colour) -> bool {
        self.within(&p.rows(c))
    }

    /// Whether the graph with neighbour sets `rows` (bit `w` of `rows[v]`:
    /// `v` and `w` are joined; [`Position::rows`]) contains a copy.
    pub fn within(&self, rows: &[u128]) -> bool {
        let all = match rows.len() {
            128.. => u128::MAX,
            n => (1 << n) - 1,
        };
        self.vertices() <= rows.len().min(128) && self.extend(rows, all, 0, &mut [0; 128])
    }

    /// Backtracking: places the `i`-th target vertex on every vertex of
    /// `free` (the unused ones) joined to the images of its placed
    /// neighbours.
    fn extend(&self, rows: &[u128], free: u128, i: usize, images: &mut [usize; 128]) -> bool {
        let Some(&back) = self.back.get(i) else {
            return true;
        };
        let mut fits = free;
        let mut earlier = back;
        while earlier != 0 {
            fits &= rows[images[earlier.trailing_zeros() as usize]];
            earlier &= earlier - 1;
        }
        while fits != 0 {
            let h = fits.trailing_zeros() as usize;
            fits &= fits - 1;
            images[i] = h;
            if self.extend(rows, free & !(1 << h), i + 1, images) {
                return true;
            }
        }
        false
    }
}

/// A move: one edge, or a set of edges (`u-v,w-x,...`), each on `0..n`.
pub fn parse_move(text: &str, n: usize) -> Result<Vec<(usize, usize)>, String> {
    let bad = || format!("move `{}` is not a list of edges U-V", clip(text));
    let mut edges = Vec::new();
    for item in text.split(',') {
        let (u, v) = item.split_once('-').ok_or_else(bad)?;
        let (u, v): (usize, usize) = (u.parse().map_err(|_| bad())?, v.parse().map_err(|_| bad())?);
        if u == v || u >= n || v >= n {
            return Err(format!("move {u}-{v} is not a pair of board vertices"));
        }
        let e = (u.min(v), u.max(v));
        if edges.contains(&e) {
            return Err(format!("move names edge {u}-{v} twice"));
        }
        edges.push(e);
    }
    Ok(edges)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_and_triangles_are_found_only_where_they_are() {
        let k4 = Position::board(4, &[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]);
        let (p3, k3) = (Target::parse("Bg").unwrap(), Target::parse("Bw").unwrap());
        let mut p = k4.clone();
        p.colour(0, 1, Colour::Red).unwrap();
        p.colour(2, 3, Colour::Red).unwrap();
        assert!(!p3.in_colour(&p, Colour::Red));
        p.colour(1, 2, Colour::Red).unwrap();
        assert!(p3.in_colour(&p, Colour::Red) && !k3.in_colour(&p, Colour::Red));
        p.colour(0, 2, Colour::Red).unwrap();
        assert!(k3.in_colour(&p, Colour::Red) && !p3.in_colour(&p, Colour::Blue));
        assert!(p.colour(0, 2, Colour::Blue).is_err());
        // A triangle with an isolated vertex needs a fourth vertex.
        let k3_plus = Target::parse("Cw").unwrap();
        assert_eq!(k3_plus.vertices(), 4);
        assert!(k3_plus.in_colour(&p, Colour::Red));
        let mut small = Position::board(3, &[(0, 1), (0, 2), (1, 2)]);
        for (u, v) in [(0, 1), (0, 2), (1, 2)] {
            small.colour(u, v, Colour::Red).unwrap();
        }
        assert!(!k3_plus.in_colour(&small, Colour::Red));
    }
}
