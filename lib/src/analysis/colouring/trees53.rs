//! Theorem 5.3's strategy: player 1 wins the COLORING CONSTRUCTION GAME
//! with 5 colours on every tree, as a [`Strategy`] the engine certifies
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

use super::trees::parents;
use crate::core::board::{members, Vertex};
use crate::engine::strategy::Strategy;
use crate::games::colouring::graph::Graph;
use crate::games::colouring::{ColourMove, ColourPosition, ColouringGame};

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

impl Strategy<ColouringGame> for TreeStrategy {
    fn choose(&self, _: &ColouringGame, p: &ColourPosition, last: Option<&ColourMove>) -> Vec<ColourMove> {
        if p.uncoloured().count_ones() as usize == p.n() {
            return vec![ColourMove { v: self.root, c: 1 }];
        }
        if let Some(v) = last
            .and_then(|w| self.parent[w.v as usize])
            .filter(|&v| p.colour(v) == 0)
        {
            if self.coloured(p, self.parent[v as usize]) {
                return Self::any_colour(p, v).collect();
            }
            let w = last.expect("v is the father of the last move").c;
            let c = match (self.odd[v as usize], w) {
                (false, 1) => 2,
                (false, _) => 1,
                (true, 3) => 4,
                (true, _) => 3,
            };
            return vec![ColourMove { v, c }];
        }
        members(p.uncoloured())
            .filter(|&u| self.coloured(p, self.parent[u as usize]))
            .flat_map(|u| Self::any_colour(p, u))
            .collect()
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
