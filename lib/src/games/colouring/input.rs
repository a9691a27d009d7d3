//! Graphs of any size for the colouring games, as edge lists: graph6,
//! named families, or an edge-list file. The exact solver takes small
//! graphs only ([`super::Graph`]); the linear algorithms of Section 3 take
//! millions of vertices ([`super::linear::BigGraph`]).
//!
//! Syntax (the `--graph` argument):
//! - graph6 (at most [`crate::core::board::MAX_VERTICES`] vertices);
//! - `path:N`, `cycle:N` (N >= 3), `star:N` (N leaves), `complete:N`,
//!   `empty:N`;
//! - `grid:MxN`, the grid P_M x P_N (vertex `i N + j` in row `i`, column
//!   `j`), and `torus:MxN`, the torus C_M x C_N (M, N >= 3; the same
//!   numbering);
//! - `prufer:A,B,...` (the tree with that Prüfer code on its length + 2
//!   vertices; `prufer:` alone is one edge), or `prufer:@FILE` with the
//!   code in a file (numbers separated by commas or white space);
//! - `random-tree:N` or `random-tree:N,SEED`: the tree of a Prüfer code
//!   drawn uniformly with a seeded generator (seed 0 by default), so a
//!   uniform random labelled tree, the same on every run and machine;
//! - `@FILE` (`@-`: standard input): a file holding either one of the
//!   above on its own (e.g. a graph6 line), or an edge list: lines `u v`
//!   with vertices numbered from 0, blank lines and `#` comments ignored,
//!   and an optional line `vertices N`, the number of vertices (for
//!   isolated vertices past the largest number; an edge with an end N or
//!   more is an error naming its line). Repeated edges count once; loops
//!   are errors.

use crate::core::board::MAX_VERTICES;
use crate::core::graph6;
use rand::{Rng, SeedableRng};

/// Why a graph description is not usable.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GraphError {
    /// A malformed graph6 string.
    #[error("graph: {0}")]
    Graph6(#[from] graph6::Graph6Error),
    /// A named family with a bad parameter: the description given, and why.
    #[error("graph `{0}`: {1}")]
    Family(String, FamilyError),
    /// A graph file that cannot be read or has a bad line.
    #[error("graph file {0}: {1}")]
    File(String, String),
    /// More vertices than the exact solver takes.
    #[error("the graph has {0} vertices; the exact solver takes at most {max}", max = MAX_VERTICES)]
    TooLarge(usize),
}

/// Why a named family (`path:N`, `prufer:...`, `random-tree:N`, ...) with
/// its parameter is not a graph.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FamilyError {
    /// The size parameter is not a number.
    #[error("`{0}` is not a number")]
    NotANumber(String),
    /// More vertices or edges than [`MAX_BIG`].
    #[error("more than {MAX_BIG} vertices or edges")]
    TooLarge,
    /// `cycle:N` with N below 3.
    #[error("a cycle needs at least 3 vertices")]
    ShortCycle,
    /// No family of that name.
    #[error(
        "unknown family: use graph6, @FILE or path, cycle, star, complete, empty, grid, torus, prufer, random-tree"
    )]
    UnknownFamily,
    /// `grid:MxN` or `torus:MxN` whose size is not two numbers.
    #[error("`{0}` is not MxN (two numbers)")]
    NotAProduct(String),
    /// `torus:MxN` with a side below 3.
    #[error("a torus needs sides of at least 3")]
    ShortTorus,
    /// A Prüfer code that is not a list of numbers.
    #[error("a Prüfer code is a list of vertex numbers")]
    PruferNotNumbers,
    /// A Prüfer code too long: the number of vertices it gives.
    #[error("a Prüfer code gives {0} vertices, at most {MAX_BIG} allowed")]
    PruferTooLong(usize),
    /// A Prüfer entry that is no vertex of the tree.
    #[error("Prüfer entry {entry} is not a vertex of a tree on {vertices} vertices")]
    PruferEntry {
        /// The entry.
        entry: usize,
        /// The number of vertices of the tree (the code's length + 2).
        vertices: usize,
    },
    /// `random-tree:N` with N not a number.
    #[error("`{0}` is not a number of vertices")]
    NotAVertexCount(String),
    /// `random-tree:N,SEED` with SEED not a number.
    #[error("`{0}` is not a seed (a number)")]
    NotASeed(String),
    /// `random-tree:N` with N outside `2..=MAX_BIG`.
    #[error("a random tree takes 2..={MAX_BIG} vertices")]
    RandomTreeSize,
}

/// The most vertices, and edges, a graph may have here (memory: about
/// 40 bytes per vertex and edge in the linear algorithms).
pub const MAX_BIG: usize = 20_000_000;

/// A simple graph on `0..n` as its edges `(u, v)`, `u < v`, sorted, no
/// repeats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeList {
    /// Number of vertices.
    pub n: usize,
    /// The edges.
    pub edges: Vec<(u32, u32)>,
}

impl EdgeList {
    /// The graph on `n` vertices with these edges (ends below `n`, no
    /// loops), put in order and without repeats.
    fn new(n: usize, mut edges: Vec<(u32, u32)>) -> EdgeList {
        for e in &mut edges {
            *e = (e.0.min(e.1), e.0.max(e.1));
        }
        edges.sort_unstable();
        edges.dedup();
        EdgeList { n, edges }
    }
}

/// Reads `--graph` (module docs).
pub fn read_graph(text: &str) -> Result<EdgeList, GraphError> {
    let text = text.trim();
    // `@` alone is graph6 for one vertex (as geng writes it), no file.
    if let Some(path) = text.strip_prefix('@').filter(|path| !path.is_empty()) {
        return read_file(path);
    }
    let Some((family, arg)) = text.split_once(':') else {
        let (n, edges) = graph6::decode(text)?;
        let pairs = edges.iter().map(|e| (e.ends().0 as u32, e.ends().1 as u32)).collect();
        return Ok(EdgeList::new(n, pairs));
    };
    let bad = |why: FamilyError| GraphError::Family(text.to_string(), why);
    match family {
        "prufer" => prufer(&prufer_code(arg)?).map_err(bad),
        "random-tree" => random_tree(arg).map_err(bad),
        "grid" | "torus" => product(family == "torus", arg).map_err(bad),
        _ => named(family, arg).map_err(bad),
    }
}

/// `path:N` and the other families with one size parameter.
fn named(family: &str, arg: &str) -> Result<EdgeList, FamilyError> {
    let n: usize = arg.parse().map_err(|_| FamilyError::NotANumber(arg.to_string()))?;
    let size = if family == "star" { n.saturating_add(1) } else { n };
    let edges = match family {
        "complete" => n.saturating_mul(n.saturating_sub(1)) / 2,
        "empty" => 0,
        _ => n,
    };
    if size > MAX_BIG || edges > MAX_BIG {
        return Err(FamilyError::TooLarge);
    }
    let n32 = n as u32;
    let pairs: Vec<(u32, u32)> = match family {
        "path" => (1..n32).map(|v| (v - 1, v)).collect(),
        "cycle" if n >= 3 => (0..n32).map(|v| (v, (v + 1) % n32)).collect(),
        "cycle" => return Err(FamilyError::ShortCycle),
        "star" => (1..=n32).map(|v| (0, v)).collect(),
        "complete" => (0..n32).flat_map(|u| (u + 1..n32).map(move |v| (u, v))).collect(),
        "empty" => vec![],
        _ => return Err(FamilyError::UnknownFamily),
    };
    Ok(EdgeList::new(size, pairs))
}

/// `grid:MxN` (P_M x P_N) or, with `torus`, `torus:MxN` (C_M x C_N):
/// vertex `i N + j` is row `i`, column `j`, joined to the next vertex of
/// its row and of its column (wrapping round on a torus).
fn product(torus: bool, arg: &str) -> Result<EdgeList, FamilyError> {
    let sides = arg
        .split_once('x')
        .and_then(|(m, n)| Some((m.parse().ok()?, n.parse().ok()?)));
    let (m, n): (usize, usize) = sides.ok_or_else(|| FamilyError::NotAProduct(arg.to_string()))?;
    if torus && m.min(n) < 3 {
        return Err(FamilyError::ShortTorus);
    }
    let size = m
        .checked_mul(n)
        .filter(|&size| size <= MAX_BIG / 2)
        .ok_or(FamilyError::TooLarge)?;
    let vertex = |i: usize, j: usize| (i * n + j) as u32;
    let mut edges = Vec::with_capacity(2 * size);
    for (i, j) in (0..m).flat_map(|i| (0..n).map(move |j| (i, j))) {
        if torus || j + 1 < n {
            edges.push((vertex(i, j), vertex(i, (j + 1) % n)));
        }
        if torus || i + 1 < m {
            edges.push((vertex(i, j), vertex((i + 1) % m, j)));
        }
    }
    Ok(EdgeList::new(size, edges))
}

/// The numbers of a Prüfer code: `A,B,...` or `@FILE`.
fn prufer_code(arg: &str) -> Result<Vec<usize>, GraphError> {
    let text = match arg.strip_prefix('@') {
        Some(path) => file_text(path)?,
        None => arg.to_string(),
    };
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse())
        .collect::<Result<_, _>>()
        .map_err(|_| GraphError::Family(format!("prufer:{arg}"), FamilyError::PruferNotNumbers))
}

/// The tree with Prüfer code `code` on `code.len() + 2` vertices (the
/// usual decoding: each step joins the smallest leaf to the next entry),
/// in linear time.
pub fn prufer(code: &[usize]) -> Result<EdgeList, FamilyError> {
    let n = code.len() + 2;
    if n > MAX_BIG {
        return Err(FamilyError::PruferTooLong(n));
    }
    if let Some(&bad) = code.iter().find(|&&c| c >= n) {
        return Err(FamilyError::PruferEntry {
            entry: bad,
            vertices: n,
        });
    }
    let mut degree = vec![1usize; n];
    for &c in code {
        degree[c] += 1;
    }
    let mut next = (0..n).find(|&v| degree[v] == 1).expect("a leaf");
    let mut leaf = next;
    let mut edges = Vec::with_capacity(n - 1);
    for &c in code {
        edges.push((leaf as u32, c as u32));
        degree[c] -= 1;
        if degree[c] == 1 && c < next {
            leaf = c;
        } else {
            next += 1;
            while degree[next] != 1 {
                next += 1;
            }
            leaf = next;
        }
    }
    edges.push((leaf as u32, n as u32 - 1));
    Ok(EdgeList::new(n, edges))
}

/// `random-tree:N` or `random-tree:N,SEED`.
fn random_tree(arg: &str) -> Result<EdgeList, FamilyError> {
    let (n, seed) = arg.split_once(',').unwrap_or((arg, "0"));
    let n: usize = n.parse().map_err(|_| FamilyError::NotAVertexCount(n.to_string()))?;
    let seed: u64 = seed.parse().map_err(|_| FamilyError::NotASeed(seed.to_string()))?;
    if !(2..=MAX_BIG).contains(&n) {
        return Err(FamilyError::RandomTreeSize);
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let code: Vec<usize> = (0..n - 2).map(|_| rng.random_range(0..n)).collect();
    prufer(&code)
}

/// The text of a file, or of standard input for `-`.
fn file_text(path: &str) -> Result<String, GraphError> {
    let read = match path {
        "-" => std::io::read_to_string(std::io::stdin()),
        _ => std::fs::read_to_string(path),
    };
    read.map_err(|e| GraphError::File(path.to_string(), e.to_string()))
}

/// `@FILE`: one graph description on its own, or an edge list.
fn read_file(path: &str) -> Result<EdgeList, GraphError> {
    let text = file_text(path)?;
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.split('#').next().unwrap_or("").trim()))
        .filter(|(_, l)| !l.is_empty())
        .collect();
    if let [(_, only)] = lines[..] {
        if !only.contains(char::is_whitespace) && !only.starts_with('@') {
            return read_graph(only);
        }
    }
    let bad = |line: usize, why: String| GraphError::File(format!("{path}, line {line}"), why);
    let mut n = 0usize;
    let mut edges = Vec::new();
    // The `vertices N` line (N and its line), and the largest vertex of an
    // edge so far (and its line).
    let mut stated: Option<(usize, usize)> = None;
    let mut largest: Option<(u32, usize)> = None;
    for (line, words) in lines {
        let words: Vec<&str> = words.split_whitespace().collect();
        let number = |w: &str| w.parse::<u32>().ok().filter(|&v| (v as usize) < MAX_BIG);
        match words[..] {
            ["vertices", count] => {
                let count = number(count)
                    .ok_or_else(|| bad(line, format!("`{count}` is not a vertex count below {MAX_BIG}")))?
                    as usize;
                if let Some((_, first)) = stated {
                    return Err(bad(
                        line,
                        format!("a second `vertices` line (the first is line {first})"),
                    ));
                }
                if let Some((v, at)) = largest.filter(|&(v, _)| v as usize >= count) {
                    return Err(bad(
                        line,
                        format!("`vertices {count}`, but line {at} has vertex {v} ({})", numbered(count)),
                    ));
                }
                stated = Some((count, line));
                n = count;
            }
            [u, v] => match (number(u), number(v)) {
                (Some(u), Some(v)) if u != v => {
                    let end = u.max(v);
                    if let Some((count, at)) = stated.filter(|&(count, _)| end as usize >= count) {
                        return Err(bad(
                            line,
                            format!(
                                "vertex {end} is past `vertices {count}` (line {at}): {}",
                                numbered(count)
                            ),
                        ));
                    }
                    if largest.is_none_or(|(w, _)| end > w) {
                        largest = Some((end, line));
                    }
                    n = n.max(end as usize + 1);
                    edges.push((u, v));
                }
                (Some(_), Some(_)) => return Err(bad(line, format!("a loop at {u}"))),
                _ => {
                    return Err(bad(
                        line,
                        format!("`{u} {v}` is not an edge of two vertex numbers below {MAX_BIG}"),
                    ))
                }
            },
            _ => return Err(bad(line, "expected an edge `u v` or `vertices N`".into())),
        }
        if edges.len() > MAX_BIG {
            return Err(bad(line, format!("more than {MAX_BIG} edges")));
        }
    }
    Ok(EdgeList::new(n, edges))
}

/// How the vertices of a graph of `count` are numbered, in words.
fn numbered(count: usize) -> String {
    match count {
        0 => "there are no vertices".into(),
        1 => "the one vertex is 0".into(),
        _ => format!("vertices are 0 to {}", count - 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Prüfer code of a tree (the textbook quadratic encoding).
    fn encode(list: &EdgeList) -> Vec<usize> {
        let mut adjacent = vec![Vec::new(); list.n];
        for &(u, v) in &list.edges {
            adjacent[u as usize].push(v as usize);
            adjacent[v as usize].push(u as usize);
        }
        let mut gone = vec![false; list.n];
        let mut code = Vec::new();
        for _ in 0..list.n - 2 {
            let alive = |w: &usize| !gone[*w];
            let leaf = (0..list.n)
                .find(|&v| !gone[v] && adjacent[v].iter().filter(|w| alive(w)).count() == 1)
                .unwrap();
            code.push(*adjacent[leaf].iter().find(|w| alive(w)).unwrap());
            gone[leaf] = true;
        }
        code
    }

    #[test]
    fn linear_prufer_decoding_inverts_the_encoding() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        for _ in 0..2000 {
            let n = rng.random_range(2..12usize);
            let code: Vec<usize> = (0..n - 2).map(|_| rng.random_range(0..n)).collect();
            let tree = prufer(&code).unwrap();
            assert_eq!(tree.edges.len(), n - 1);
            assert_eq!(encode(&tree), code);
        }
        assert!(prufer(&[3]).is_err());
    }

    #[test]
    fn grids_and_tori_have_their_degrees() {
        let degrees = |text: &str| {
            let list = read_graph(text).unwrap();
            let mut degree = vec![0; list.n];
            for &(u, v) in &list.edges {
                degree[u as usize] += 1;
                degree[v as usize] += 1;
            }
            degree
        };
        // P_3 x P_4: corners of degree 2, 6 border vertices of degree 3,
        // 2 inner ones of degree 4; 17 edges.
        let grid = degrees("grid:3x4");
        assert_eq!((grid.len(), grid.iter().sum::<usize>()), (12, 34));
        assert_eq!(grid.iter().filter(|&&d| d == 2).count(), 4);
        assert_eq!((grid[0], grid[5]), (2, 4));
        assert!(degrees("torus:3x5").iter().all(|&d| d == 4));
        assert_eq!(read_graph("grid:1x1").unwrap().edges, vec![]);
        for bad in ["grid:4", "grid:4xa", "torus:2x5", "grid:100000x100000"] {
            assert!(read_graph(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn random_trees_are_reproducible_and_differ_by_seed() {
        let a = random_tree("50,3").unwrap();
        assert_eq!(a, random_tree("50,3").unwrap());
        assert_ne!(a, random_tree("50,4").unwrap());
        assert_eq!(random_tree("50").unwrap(), random_tree("50,0").unwrap());
    }
}
