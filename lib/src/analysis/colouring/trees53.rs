//! Theorem 5.3's strategy: player 1 wins the COLORING CONSTRUCTION GAME
//! with 5 colours on every tree, as a [`LabelledStrategy`] the engine certifies
//! against every reply of player 2.
//!
//! Our reading of the proof (Section 5): player 1 hangs T from a root;
//! V1 = even depth, V2 = odd depth. After player 2 colours w:
//! 1. no vertex coloured: colour the root with 1;
//! 2. if w's father v is uncoloured and v's father is uncoloured: colour
//!    v with 1 (v in V1, colour(w) != 1), 2 (v in V1, colour(w) = 1),
//!    3 (v in V2, colour(w) != 3), 4 (v in V2, colour(w) = 3). The paper
//!    prints "v in V1" in the third case as well; the invariant stated
//!    after the strategy (V2 vertices get 3 or 4) shows it means V2;
//! 3. if w's father v is uncoloured and v's father is coloured: colour v
//!    with any possible colour;
//! 4. otherwise (w's father coloured): colour any uncoloured vertex whose
//!    father is coloured, with any possible colour.
//!
//! "Any" and "arbitrary" are certified for every choice, not one.

use super::by_size::{size_fits, BySize, Timed, TreeSizeError};
use super::trees::parents;
use crate::core::board::{members, Vertex};
use crate::engine::strategy::LabelledStrategy;
use crate::engine::Stopped;
use crate::games::colouring::graph::Graph;
use crate::games::colouring::{ColourMove, ColourPosition, ColouringGame};
use std::ops::RangeInclusive;

/// Theorem 5.3's strategy on one tree with one root.
pub struct TreeStrategy {
    root: Vertex,
    parent: Vec<Option<Vertex>>,
    /// Depth is odd (V2).
    odd: Vec<bool>,
}

impl TreeStrategy {
    /// The strategy on `tree` hung from `root`.
    pub fn new(tree: &Graph, root: Vertex) -> TreeStrategy {
        let parent = parents(tree, root);
        let depth = |v: usize| std::iter::successors(parent[v], |&p| parent[p as usize]).count();
        let odd = (0..tree.n()).map(|v| depth(v) % 2 == 1).collect();
        TreeStrategy { root, parent, odd }
    }

    fn coloured(&self, p: &ColourPosition, v: Option<Vertex>) -> bool {
        v.is_some_and(|v| p.colour(v) != 0)
    }

    /// Every move colouring `v` with a possible colour.
    fn any_colour(p: &ColourPosition, v: Vertex) -> impl Iterator<Item = ColourMove> + '_ {
        members(p.free_colours(v) as u128).map(move |c| ColourMove { v, c })
    }
}

/// Which of the strategy's rules applies (module docs), with what it
/// fixes: the move (rules 1 and 2), the vertex (rule 3), or nothing (rule
/// 4: any uncoloured vertex whose father is coloured, any possible colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Rules 1 and 2: this move, legal or not.
    Colour(ColourMove),
    /// Rule 3: this vertex, any possible colour.
    AnyColour(Vertex),
    /// Rule 4.
    AnyVertex,
}

impl TreeStrategy {
    /// The root the tree hangs from.
    pub fn root(&self) -> Vertex {
        self.root
    }

    /// The father of `v` (none for the root).
    pub fn father(&self, v: Vertex) -> Option<Vertex> {
        self.parent[v as usize]
    }

    /// Whether `v`'s depth is odd (V2).
    pub fn odd(&self, v: Vertex) -> bool {
        self.odd[v as usize]
    }

    /// The rule that applies at `p` after player 2's move `last`.
    pub fn rule(&self, p: &ColourPosition, last: Option<&ColourMove>) -> Rule {
        if p.uncoloured().count_ones() as usize == p.n() {
            return Rule::Colour(ColourMove { v: self.root, c: 1 });
        }
        let Some((v, w)) = last.and_then(|w| Some((self.parent[w.v as usize].filter(|&v| p.colour(v) == 0)?, w.c)))
        else {
            return Rule::AnyVertex;
        };
        if self.coloured(p, self.parent[v as usize]) {
            return Rule::AnyColour(v);
        }
        let c = match (self.odd[v as usize], w) {
            (false, 1) => 2,
            (false, _) => 1,
            (true, 3) => 4,
            (true, _) => 3,
        };
        Rule::Colour(ColourMove { v, c })
    }
}

impl LabelledStrategy<ColouringGame> for TreeStrategy {
    fn choose(&self, _: &ColouringGame, p: &ColourPosition, last: Option<&ColourMove>) -> Vec<ColourMove> {
        match self.rule(p, last) {
            Rule::Colour(m) => vec![m],
            Rule::AnyColour(v) => Self::any_colour(p, v).collect(),
            Rule::AnyVertex => members(p.uncoloured())
                .filter(|&u| self.coloured(p, self.parent[u as usize]))
                .flat_map(|u| Self::any_colour(p, u))
                .collect(),
        }
    }
}

/// The certification of the strategy on every tree of one size.
#[derive(Clone, Debug)]
pub struct TreeCertificate {
    /// Vertices.
    pub n: usize,
    /// Trees (one per isomorphism class).
    pub trees: usize,
    /// (tree, root) pairs certified: every root of every tree.
    pub roots: usize,
    /// (position, last move) pairs the certifier checked, over all roots.
    pub checked: u64,
    /// Failures: tree, root, and the line that beats the strategy.
    pub failures: Vec<(Graph, Vertex, Vec<ColourMove>)>,
}

/// Certifies the strategy with `k` colours on every tree with `n`
/// vertices and every root, in parallel over (tree, root) pairs. With
/// `played_out` the games go on to the last vertex (so the strategy must
/// always have a legal move), else they end when every vertex is safe.
pub fn certify_trees(n: usize, k: usize, played_out: bool) -> TreeCertificate {
    use rayon::prelude::*;
    let trees = super::trees::trees(n);
    let jobs: Vec<(&Graph, Vertex)> = trees
        .iter()
        .flat_map(|t| (0..n as Vertex).map(move |r| (t, r)))
        .collect();
    let results: Vec<_> = jobs
        .par_iter()
        .map(|&(tree, root)| {
            let game =
                ColouringGame::new(tree.clone(), k, crate::games::colouring::Rules::Ccg, None, None).expect("k fits");
            let game = if played_out { game.played_out() } else { game };
            let strategy = TreeStrategy::new(tree, root);
            let start = crate::games::Rules::start(&game);
            let result = crate::engine::strategy::certify(
                &game,
                &start,
                crate::core::board::Player::First,
                &strategy,
                crate::games::colouring::Winner::First,
            );
            (tree, root, result)
        })
        .collect();
    let mut certificate = TreeCertificate {
        n,
        trees: trees.len(),
        roots: jobs.len(),
        checked: 0,
        failures: vec![],
    };
    for (tree, root, result) in results {
        match result {
            Ok(pairs) => certificate.checked += pairs,
            Err(e) => certificate.failures.push((tree.clone(), root, e.line)),
        }
    }
    certificate
}

/// The strategy certified with `colours` colours on every tree of each
/// size up to `max_n` (`colour --certify-trees`). A failure is a verdict
/// (REFUTED), not an error: it names the tree, the root and the line.
#[derive(Clone, Copy, Debug)]
pub struct CertifyBySize {
    max_n: usize,
    colours: usize,
    played_out: bool,
}

impl CertifyBySize {
    /// The certification up to `max_n` vertices (`1..=`[`MAX_TREE_SIZE`](super::by_size::MAX_TREE_SIZE))
    /// with at least one colour; `played_out` as in [`certify_trees`].
    pub fn new(max_n: usize, colours: usize, played_out: bool) -> Result<CertifyBySize, TreeSizeError> {
        if !size_fits(max_n) || colours == 0 {
            return Err(TreeSizeError::Certify);
        }
        Ok(CertifyBySize {
            max_n,
            colours,
            played_out,
        })
    }

    /// "verified", or "refuted" if some size has a failure.
    fn verdict(rows: &[Timed<TreeCertificate>]) -> &'static str {
        match first_failure(rows) {
            Some(_) => "refuted",
            None => "verified",
        }
    }
}

/// A failure in words: the tree, the root and the line that beats the strategy.
pub fn refuted_text(tree: &Graph, root: Vertex, line: &[ColourMove]) -> String {
    let moves: Vec<String> = line.iter().map(|m| format!("{}:{}", m.v, m.c)).collect();
    format!("REFUTED on {} rooted at {root}: {}", tree.graph6(), moves.join(" "))
}

/// A failure as JSON: `tree` (graph6), `root`, `line` ([vertex, colour] pairs).
pub fn refuted_json(tree: &Graph, root: Vertex, line: &[ColourMove]) -> serde_json::Value {
    let line: Vec<[u8; 2]> = line.iter().map(|m| [m.v, m.c]).collect();
    serde_json::json!({"tree": tree.graph6(), "root": root, "line": line})
}

/// The first failure over all sizes, smallest size first.
fn first_failure(rows: &[Timed<TreeCertificate>]) -> Option<&(Graph, Vertex, Vec<ColourMove>)> {
    rows.iter().find_map(|row| row.value.failures.first())
}

impl BySize for CertifyBySize {
    type Row = Timed<TreeCertificate>;

    fn sizes(&self) -> RangeInclusive<usize> {
        1..=self.max_n
    }

    fn row(&self, n: usize) -> Result<Self::Row, Stopped> {
        Timed::run(|| Ok(certify_trees(n, self.colours, self.played_out)))
    }

    /// The counts on one line; after it the first failure, if any.
    fn row_text(&self, row: &Self::Row) -> String {
        let c = &row.value;
        let mut text = format!(
            "n={:2}  trees={:5}  roots={:6}  checked={:10}  failures={}  ({:.2}s)",
            c.n,
            c.trees,
            c.roots,
            c.checked,
            c.failures.len(),
            row.seconds
        );
        if let Some((tree, root, line)) = c.failures.first() {
            text += &format!("\n        {}", refuted_text(tree, *root, line));
        }
        text
    }

    fn closing_text(&self, rows: &[Self::Row]) -> Option<String> {
        Some(Self::verdict(rows).to_uppercase())
    }

    fn to_json(&self, rows: &[Self::Row]) -> serde_json::Value {
        let sizes: Vec<_> = rows
            .iter()
            .map(|row| {
                let c = &row.value;
                serde_json::json!({
                    "n": c.n, "trees": c.trees, "roots": c.roots, "checked": c.checked,
                    "failures": c.failures.len(), "seconds": row.seconds,
                })
            })
            .collect();
        let counterexample = first_failure(rows).map(|(tree, root, line)| refuted_json(tree, *root, line));
        serde_json::json!({
            "colours": self.colours, "played_out": self.played_out, "verdict": Self::verdict(rows),
            "sizes": sizes, "counterexample": counterexample,
        })
    }
}
