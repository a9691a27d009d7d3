//! The one driver of `canonaut` (a pure-Rust port of nauty) in the
//! library: every canonical form, the strategy verifier's
//! ([`crate::core::canon`]) and the general games' ([`crate::core::symmetry`]),
//! labels its graph here, so both get the same labelling of the same
//! coloured graph and one set of workarounds.
//!
//! Graphs come in canonaut's format: `n` rows of `words_needed(n)` words,
//! vertex `j` of a row at bit `63 - j % 64` of word `j / 64`; vertex
//! colours are numbers below a count of classes, and automorphisms keep
//! them.

use canonaut::consts::ALGORITHM_INFINITY;
use canonaut::refine::GraphContext;
use canonaut::search::canonicalize;
use canonaut::structs::{CanonautOptions, Statistics};
use canonaut::utilities::words_needed;
use std::cell::RefCell;

thread_local! {
    /// One labeller per graph order, indexed by the order: canonaut 1.0.0
    /// reuses buffers across calls and can index stale data when the order
    /// changes (`tests/canon.rs` has the reproduction), so a labeller only
    /// ever sees graphs of one size.
    static LABELLERS: RefCell<Vec<Option<Labeller>>> = const { RefCell::new(Vec::new()) };
    /// The generators found by the current run, cut to their first `keep`
    /// vertices, one after another: `(keep, permutations)`.
    static GENERATORS: RefCell<(usize, Vec<u32>)> = const { RefCell::new((0, Vec::new())) };
}

fn record_generator(_count: u32, perm: &mut [u32], _orbits: &mut [u32], _n: u32, _stab: u32, _total: u32) {
    GENERATORS.with(|g| {
        let (keep, generators) = &mut *g.borrow_mut();
        generators.extend_from_slice(&perm[..*keep]);
    });
}

/// Labels `graph` (rows in canonaut's format, one per entry of `colours`)
/// whose vertex `v` has colour `colours[v] < classes`, and hands `then` the
/// canonical order (`labeling[i]` is the vertex placed at position `i`) and
/// the automorphism group's generators found, each cut to its images of
/// vertices `0..keep`, one after another.
#[inline]
pub fn with_labelling<R>(
    graph: &[usize],
    colours: &[u32],
    classes: usize,
    keep: usize,
    then: impl FnOnce(&[u32], &[u32]) -> R,
) -> R {
    let n = colours.len();
    GENERATORS.with(|g| {
        let (k, generators) = &mut *g.borrow_mut();
        *k = keep;
        generators.clear();
    });
    LABELLERS.with(|labellers| {
        let labellers = &mut *labellers.borrow_mut();
        if labellers.len() <= n {
            labellers.resize_with(n + 1, || None);
        }
        let labeller = labellers[n].get_or_insert_with(|| Labeller::new(n));
        let labeling = labeller.run(graph, colours, classes);
        GENERATORS.with(|g| then(labeling, &g.borrow().1))
    })
}

/// What `canonaut::structs::CanonautManager` holds for one order, driven
/// through canonaut's own `canonicalize` so that the coloured partition is
/// built by a counting sort: the manager sorts a freshly allocated vertex
/// list by (colour, vertex) on every call, a sixth of canonaut's time here.
/// The partition handed over is the same, so is the labelling
/// (`tests/canon_golden.rs`).
struct Labeller {
    options: CanonautOptions,
    statistics: Statistics,
    context: GraphContext,
    labeling: Vec<u32>,
    partition: Vec<u32>,
    orbits: Vec<u32>,
    canonical_graph: Vec<usize>,
    /// Cell boundaries of the colour partition (reused).
    starts: Vec<u32>,
}

impl Labeller {
    /// As `CanonautManager::new(n).with_canonization()` with the generator
    /// callback, for graphs of `n` vertices.
    fn new(n: usize) -> Labeller {
        let m = words_needed(n);
        let mut options = CanonautOptions::default();
        options.algorithm_context.ensure_capacity(m as u32, n as u32);
        options.get_canonical = true;
        options.default_partition = false;
        options.user_automorphism_procedure = Some(record_generator);
        let mut context = GraphContext::new(n);
        context.ensure_bucket_size(n as u32);
        Labeller {
            options,
            statistics: Statistics::new(),
            context,
            labeling: vec![0; n],
            partition: vec![0; n],
            orbits: vec![0; n],
            canonical_graph: vec![0; n * m],
            starts: Vec::new(),
        }
    }

    /// Canonical labelling of `graph` (rows of `words_needed(n)` words)
    /// with vertex colours `colours`, each below `classes`: the cells in
    /// colour order, vertices in increasing order within a cell (what
    /// `canonize_with_colors` builds by sorting).
    #[inline]
    fn run(&mut self, graph: &[usize], colours: &[u32], classes: usize) -> &[u32] {
        let n = colours.len();
        let starts = &mut self.starts;
        starts.clear();
        starts.resize(classes + 1, 0);
        for &c in colours {
            starts[c as usize + 1] += 1;
        }
        for c in 0..classes {
            starts[c + 1] += starts[c];
        }
        for (v, &c) in colours.iter().enumerate() {
            let at = &mut starts[c as usize];
            self.labeling[*at as usize] = v as u32;
            *at += 1;
        }
        // After the pass `starts[c]` is the end of cell `c`.
        self.partition.fill(ALGORITHM_INFINITY);
        for &end in starts[..classes].iter().filter(|&&end| end > 0) {
            self.partition[end as usize - 1] = 0;
        }
        canonicalize(
            graph,
            &mut self.labeling,
            &mut self.partition,
            None,
            &mut self.orbits,
            &mut self.options,
            &mut self.statistics,
            &mut [],
            words_needed(n) as u32,
            n as u32,
            Some(&mut self.canonical_graph),
            &mut self.context,
        );
        &self.labeling
    }
}
