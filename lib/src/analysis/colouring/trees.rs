//! Every tree up to a number of vertices, one per isomorphism class, and
//! the distribution of the game chromatic number over them.
//!
//! Trees on n + 1 vertices come from trees on n by adding a leaf anywhere
//! (every tree has a leaf to remove), kept once per canonical form; the
//! counts are checked against the number of unlabelled trees (OEIS A000055)
//! in the tests.

use super::by_size::{size_fits, BySize, Timed, TreeSizeError};
use super::chromatic::{game_chromatic_certified, game_chromatic_number};
use crate::core::board::Vertex;
use crate::core::symmetry::{label, LayeredGraph};
use crate::engine::{Limits, Stopped};
use crate::games::colouring::graph::Graph;
use crate::verify::cert::colouring::{ColouringCertificate, Ends};
use crate::verify::cert::family::tree_family_certificate;
use crate::verify::cert::Certificate;
use rayon::prelude::*;
use std::collections::{BTreeMap, HashSet};
use std::ops::RangeInclusive;

/// The graph relabelled canonically (isomorphic graphs give equal ones).
pub fn canonical_graph(graph: &Graph) -> Graph {
    let n = graph.n();
    let layers = [graph.rows().to_vec()];
    let labelling = label(&LayeredGraph {
        n,
        layers: &layers,
        colours: &vec![0; n],
    });
    let to_canon = labelling.to_canon();
    let mut rows = vec![0u128; n];
    for v in 0..n {
        for w in crate::core::board::members(graph.rows()[v]) {
            rows[to_canon[v] as usize] |= 1 << to_canon[w as usize];
        }
    }
    Graph::from_rows(rows)
}

/// The trees on `n` vertices, one per isomorphism class, canonically
/// labelled, in a fixed order (for `n >= 1`).
pub fn trees(n: usize) -> Vec<Graph> {
    let mut level = vec![Graph::new(1, &[])];
    for size in 1..n {
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        for tree in &level {
            for v in 0..size {
                let mut rows = tree.rows().to_vec();
                rows.push(1 << v);
                rows[v] |= 1 << size;
                let grown = canonical_graph(&Graph::from_rows(rows));
                if seen.insert(grown.clone()) {
                    next.push(grown);
                }
            }
        }
        level = next;
    }
    if n == 0 {
        return vec![];
    }
    level
}

/// chi_g over all trees of one size.
#[derive(Clone, Debug)]
pub struct TreeCensus {
    /// Vertices.
    pub n: usize,
    /// Trees, one per isomorphism class.
    pub trees: usize,
    /// chi_g value -> how many trees have it.
    pub distribution: BTreeMap<usize, usize>,
    /// chi_g value -> the trees having it (graph6), for the smallest
    /// values kept in full; see [`census`].
    pub examples: BTreeMap<usize, Vec<Graph>>,
    /// With `certify`: every tree (graph6) with the certificate of its
    /// chi_g (format version 12), in the order of [`trees`]; else empty.
    pub certificates: Vec<(String, Certificate)>,
}

/// chi_g of every tree on `n` vertices (in parallel over trees; each
/// value is exact and independent of the thread count; each tree's
/// search is capped at `limits`' memory cap). `examples` keeps up to
/// `keep` trees per value. With `certify`, each value comes with its
/// certificate (lines of player 1's wins ending as `certify` says).
pub fn census(n: usize, keep: usize, limits: Limits, certify: Option<Ends>) -> Result<TreeCensus, Stopped> {
    let all = trees(n);
    let solved: Vec<(usize, Option<Certificate>)> = all
        .par_iter()
        .map(|tree| match certify {
            None => Ok((game_chromatic_number(tree, limits)?, None)),
            Some(ends) => game_chromatic_certified(tree, limits, ends).map(|g| {
                (
                    g.chi_g,
                    g.certificate.as_ref().map(ColouringCertificate::to_certificate),
                )
            }),
        })
        .collect::<Result<_, _>>()?;
    let values: Vec<usize> = solved.iter().map(|(k, _)| *k).collect();
    let certificates = all
        .iter()
        .zip(solved)
        .filter_map(|(tree, (_, cert))| Some((tree.graph6(), cert?)))
        .collect();
    let mut distribution = BTreeMap::new();
    let mut examples: BTreeMap<usize, Vec<Graph>> = BTreeMap::new();
    for (tree, &value) in all.iter().zip(&values) {
        *distribution.entry(value).or_default() += 1;
        let list = examples.entry(value).or_default();
        if list.len() < keep {
            list.push(tree.clone());
        }
    }
    Ok(TreeCensus {
        n,
        trees: all.len(),
        distribution,
        examples,
        certificates,
    })
}

/// The census of chi_g over the trees of each size up to `max_n`
/// (`colour --trees`), with up to `keep` example trees per value.
#[derive(Clone, Copy, Debug)]
pub struct CensusBySize {
    max_n: usize,
    keep: usize,
    limits: Limits,
    certify: Option<Ends>,
}

impl CensusBySize {
    /// The census up to `max_n` vertices (`1..=`[`MAX_TREE_SIZE`](super::by_size::MAX_TREE_SIZE)); each
    /// tree's search is capped at `limits`' memory cap.
    pub fn new(max_n: usize, keep: usize, limits: Limits) -> Result<CensusBySize, TreeSizeError> {
        if !size_fits(max_n) {
            return Err(TreeSizeError::Census(max_n));
        }
        Ok(CensusBySize {
            max_n,
            keep,
            limits,
            certify: None,
        })
    }

    /// The same census, each value with its certificate, lines of player
    /// 1's wins ending as `ends` says (see [`CensusBySize::certificate`]).
    pub fn certified(self, ends: Ends) -> CensusBySize {
        CensusBySize {
            certify: Some(ends),
            ..self
        }
    }

    /// The family certificate (format version 8) of a certified census's
    /// rows: chi_g of every tree on 1 to `max_n` vertices. `None` unless
    /// [`CensusBySize::certified`].
    pub fn certificate(&self, rows: &[Timed<TreeCensus>]) -> Option<Certificate> {
        self.certify?;
        let members: Vec<(String, Certificate)> = rows
            .iter()
            .flat_map(|row| row.value.certificates.iter().cloned())
            .collect();
        Some(tree_family_certificate(1..=self.max_n, &members))
    }
}

impl BySize for CensusBySize {
    type Row = Timed<TreeCensus>;

    fn sizes(&self) -> RangeInclusive<usize> {
        1..=self.max_n
    }

    fn row(&self, n: usize) -> Result<Self::Row, Stopped> {
        Timed::run(|| census(n, self.keep, self.limits, self.certify))
    }

    /// The distribution on one line, then the examples of each value, and
    /// how many more trees have it.
    fn row_text(&self, row: &Self::Row) -> String {
        let census = &row.value;
        let dist: Vec<String> = census
            .distribution
            .iter()
            .map(|(k, c)| format!("chi_g={k}: {c}"))
            .collect();
        let mut lines = vec![format!(
            "n={:2}  trees={:5}  {}  ({:.2}s)",
            census.n,
            census.trees,
            dist.join("  "),
            row.seconds
        )];
        for (k, examples) in &census.examples {
            let list: Vec<String> = examples.iter().map(Graph::graph6).collect();
            let more = match census.distribution[k] - examples.len() {
                0 => String::new(),
                more => format!(" and {more} more"),
            };
            lines.push(format!("        chi_g={k}: {}{more}", list.join(" ")));
        }
        lines.join("\n")
    }

    fn closing_text(&self, _rows: &[Self::Row]) -> Option<String> {
        None
    }

    fn to_json(&self, rows: &[Self::Row]) -> serde_json::Value {
        let sizes: Vec<_> = rows.iter().map(census_json).collect();
        serde_json::json!({ "max_vertices": self.max_n, "sizes": sizes })
    }
}

/// One size of the census as JSON: the distribution as `[value, trees]`
/// pairs and the examples by value.
fn census_json(row: &Timed<TreeCensus>) -> serde_json::Value {
    let census = &row.value;
    let examples: serde_json::Map<_, _> = census
        .examples
        .iter()
        .map(|(k, g)| {
            (
                k.to_string(),
                serde_json::json!(g.iter().map(Graph::graph6).collect::<Vec<_>>()),
            )
        })
        .collect();
    serde_json::json!({
        "n": census.n,
        "trees": census.trees,
        "distribution": census.distribution.iter().map(|(k, c)| [*k, *c]).collect::<Vec<_>>(),
        "examples": examples,
        "seconds": row.seconds,
    })
}

/// The parent of each vertex when `tree` hangs from `root` (`None` for
/// the root).
pub fn parents(tree: &Graph, root: Vertex) -> Vec<Option<Vertex>> {
    let mut parent = vec![None; tree.n()];
    let mut stack = vec![root];
    let mut seen: u128 = 1 << root;
    while let Some(v) = stack.pop() {
        for w in crate::core::board::members(tree.neighbours(v) & !seen) {
            seen |= 1 << w;
            parent[w as usize] = Some(v);
            stack.push(w);
        }
    }
    parent
}
