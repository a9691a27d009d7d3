//! Canonical forms: a position looked up among the entries by one exact
//! comparison instead of an isomorphism search per candidate.
//!
//! **Soundness** rests on one thing only: a form is the graph relabelled
//! by a vertex permutation (`Search::leaf` builds it from a bijection,
//! and nothing else writes one). So if `form(a) = pi(a)` and
//! `form(b) = sigma(b)` agree word for word, `sigma^-1 . pi` carries every
//! pair of `a` to a pair of `b` with the same code: an explicit
//! isomorphism, checked pair by pair by the comparison itself. Equal
//! forms are therefore isomorphic graphs, whatever the rest of this
//! module does.
//!
//! **Canonicity** (isomorphic graphs get equal forms; only needed so that
//! a good certificate is accepted) holds because every step commutes with
//! relabelling. Colour refinement names colours by sorting hashed
//! signatures of the graph alone ([`crate::iso`] argues the signatures); a
//! node of the search tree individualises, one by one, each vertex of the
//! first non-singleton class and refines again; a leaf (every class a
//! singleton) numbers the vertices by their colours. The form is the
//! smallest leaf matrix. An isomorphism carries the tree of one graph onto
//! the tree of the other, so both have the same leaf matrices, and the
//! same smallest one. Two vertices `x`, `y` of a class are *twins* when
//! swapping them alone is an automorphism; then it fixes every vertex
//! individualised so far and so the colouring at the node, and carries
//! the subtree of `x` onto that of `y`: the same leaf matrices, so only
//! one vertex per twin class is tried. Untouched vertices of a board, or
//! colours forbidden nowhere, are twins: most of the symmetry of a
//! position is of this kind. A graph whose tree still has more than
//! [`LEAF_CAP`] leaves gets no form ([`form`] answers `None`); how many
//! leaves a tree has is itself invariant, so isomorphic graphs either
//! both get a form or both do not, and the caller falls back to
//! [`crate::iso`] for them.

use crate::iso::Cells;
use std::cell::RefCell;

/// Most leaves searched for a form. Beyond this the graph gets none.
pub const LEAF_CAP: usize = 512;

/// SplitMix64's finaliser: a bijection of words that spreads every bit.
pub const fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Most vertices of a graph with a form: colours (diagonal codes, ranks
/// below the order, and the order itself for an individualised vertex)
/// stay below 256, the size of [`COLOUR_HASH`].
const MAX_VERTICES: usize = 255;

/// A colour's hash in refinement, [`mix`] of the colour plus one.
static COLOUR_HASH: [u64; 256] = {
    let mut table = [0; 256];
    let mut c = 0;
    while c < 256 {
        table[c] = mix(c as u64 + 1);
        c += 1;
    }
    table
};

/// The words of `form`, hashed (with a caller's `tag`), for an index key.
pub fn hash(tag: u64, form: &[u64]) -> u64 {
    form.iter().fold(mix(tag ^ 0x51_7cc1_b727_220a), |h, &w| mix(h ^ w))
}

/// How many words a form whose first word is `head` has.
pub fn words(head: u64) -> usize {
    let n = (head & 0xffff) as usize;
    let width = (head >> 16 & 0xff) as usize;
    let diagonal = if head >> 24 & 1 == 1 { n } else { 0 };
    1 + ((n * n.saturating_sub(1) / 2 + diagonal) * width).div_ceil(64)
}

/// Calls `f` with the canonical form of `g` (`None` if its search tree
/// has more than [`LEAF_CAP`] leaves). The form's first word holds the
/// order and the code width, the rest the codes of the relabelled pairs
/// `(i, j)`, `i <= j` (the diagonal only where a graph has codes there).
pub fn form<G: Cells, T>(g: &G, f: impl FnOnce(Option<&[u64]>) -> T) -> T {
    thread_local! {
        static SEARCH: RefCell<Search> = RefCell::new(Search::default());
    }
    SEARCH.with(|s| match s.try_borrow_mut() {
        Ok(mut s) => s.answer(g, f),
        // Called from within `f` of an outer call: a scratch of its own.
        Err(_) => Search::default().answer(g, f),
    })
}

/// The scratch of one form search, reused from call to call (one per thread).
#[derive(Default)]
struct Search {
    n: usize,
    /// The graph's codes, `cells[u * n + v]`.
    cells: Vec<u8>,
    /// The same, sparse: vertex `u`'s other vertices with a nonzero code
    /// are `pairs[starts[u]..starts[u + 1]]`, as (code, vertex).
    pairs: Vec<(u8, u32)>,
    starts: Vec<usize>,
    /// Bits per code in a form: 1, 2, 4 or 8 (the largest code decides).
    width: u32,
    /// Whether some vertex has a nonzero code with itself.
    diagonal: bool,
    /// The colouring of each level of the tree, `n` colours per level.
    levels: Vec<u32>,
    /// A refinement round's signatures with their vertices, sorted.
    sigs: Vec<u64>,
    /// The distinct codes on the diagonal.
    names: Vec<u8>,
    /// A node's class sizes, and at each level which twin classes were tried.
    sizes: Vec<u32>,
    tried: Vec<bool>,
    /// Each vertex's twin class (its smallest twin), once the tree branches.
    twin: Vec<u32>,
    leaves: usize,
    /// A leaf's inverse relabelling: the vertex numbered `i` is `at[i]`.
    at: Vec<usize>,
    leaf: Vec<u64>,
    best: Vec<u64>,
}

impl Search {
    /// Searches the form of `g` and calls `f` with it.
    fn answer<G: Cells, T>(&mut self, g: &G, f: impl FnOnce(Option<&[u64]>) -> T) -> T {
        let found = self.run(g);
        f(found.then_some(&self.best[..]))
    }

    /// Searches the form of `g` into `best`; false if the cap was passed.
    fn run<G: Cells>(&mut self, g: &G) -> bool {
        let n = g.order();
        if n > MAX_VERTICES {
            return false;
        }
        self.n = n;
        self.cells.clear();
        g.codes(&mut self.cells);
        self.pairs.clear();
        self.starts.clear();
        for u in 0..n {
            self.starts.push(self.pairs.len());
            for (v, &code) in self.cells[u * n..(u + 1) * n].iter().enumerate() {
                if code != 0 && u != v {
                    self.pairs.push((code, v as u32));
                }
            }
        }
        self.starts.push(self.pairs.len());
        let top = self.cells.iter().copied().max().unwrap_or(0);
        self.width = [1, 2, 4, 8].into_iter().find(|&w| u32::from(top) < 1 << w).unwrap_or(8);
        self.diagonal = (0..n).any(|v| self.cells[v * n + v] != 0);
        if self.levels.len() < n * (n + 1) {
            self.levels.resize(n * (n + 1), 0);
            self.tried.resize(n * (n + 1), false);
        }
        self.names.clear();
        for v in 0..n {
            self.levels[v] = u32::from(self.cells[v * n + v]);
            self.names.push(self.cells[v * n + v]);
        }
        self.names.sort_unstable();
        self.names.dedup();
        let diagonals = self.names.len();
        self.twin.clear();
        self.leaves = 0;
        self.best.clear();
        self.visit(0, diagonals)
    }

    /// Refines level `d`'s colouring, which has `classes` classes, until
    /// no class splits; returns the number of classes. A vertex's
    /// signature is its colour and the multiset of (code, colour) over the
    /// other vertices with a nonzero code, summed as words (a colour's
    /// hash, rotated by the code) so that no list is sorted; colours are
    /// renamed by the
    /// rank of their signature. Two multisets summing alike (rare) only
    /// leave a class unsplit: the refinement stays a function of the graph
    /// that commutes with relabelling, which is all canonicity needs.
    fn refine(&mut self, d: usize, mut classes: usize) -> usize {
        let n = self.n;
        let colour = &mut self.levels[d * n..(d + 1) * n];
        // A stable colouring is reached within n rounds; the cap only
        // guards against a hash collision keeping the count moving.
        for _ in 0..=n {
            let term = |code: u8, c: u32| COLOUR_HASH[c as usize].rotate_left(8 * u32::from(code));
            self.sigs.clear();
            for v in 0..n {
                let others = self.pairs[self.starts[v]..self.starts[v + 1]]
                    .iter()
                    .fold(0u64, |s, &(code, w)| s.wrapping_add(term(code, colour[w as usize])));
                // The signature's top 56 bits, the vertex in the low 8
                // (fewer than 256 vertices): one sort of plain words.
                let sig = mix(others ^ COLOUR_HASH[colour[v] as usize]);
                self.sigs.push(sig & !0xff | v as u64);
            }
            self.sigs.sort_unstable();
            let mut rank = 0;
            for i in 0..n {
                rank += usize::from(i > 0 && self.sigs[i] >> 8 != self.sigs[i - 1] >> 8);
                colour[(self.sigs[i] & 0xff) as usize] = rank as u32;
            }
            let found = if n == 0 { 0 } else { rank + 1 };
            // Singletons cannot split: no confirming round is needed.
            if found == classes || found == n {
                return found;
            }
            classes = found;
        }
        classes
    }

    /// Visits the node at level `d`, whose colouring has `classes`
    /// classes: a leaf, or one child per twin class of the first
    /// non-singleton class (its vertex given a colour of its own). False
    /// once past [`LEAF_CAP`].
    fn visit(&mut self, d: usize, classes: usize) -> bool {
        let n = self.n;
        let classes = self.refine(d, classes);
        if classes == n {
            self.leaf(d);
            self.leaves += 1;
            return self.leaves <= LEAF_CAP;
        }
        let at = d * n;
        self.sizes.clear();
        self.sizes.resize(n, 0);
        for &c in &self.levels[at..at + n] {
            self.sizes[c as usize] += 1;
        }
        let target = self.sizes.iter().position(|&s| s > 1).expect("a class of two") as u32;
        if self.twin.is_empty() {
            self.find_twins(d);
        }
        self.tried[at..at + n].fill(false);
        for x in 0..n {
            let class = self.twin[x] as usize;
            if self.levels[at + x] != target || std::mem::replace(&mut self.tried[at + class], true) {
                continue;
            }
            self.levels.copy_within(at..at + n, at + n);
            self.levels[at + n + x] = n as u32;
            if !self.visit(d + 1, classes + 1) {
                return false;
            }
        }
        true
    }

    /// Twin classes: `x` and `y` are twins when swapping them alone is an
    /// automorphism (same code with themselves and with every other
    /// vertex). That is an equivalence, so each vertex is compared with
    /// the first of each class; twins have one colour at level `d` (the
    /// swap keeps the colouring), so only those are compared.
    fn find_twins(&mut self, d: usize) {
        let n = self.n;
        let colour = &self.levels[d * n..(d + 1) * n];
        let same = |x: usize, y: usize| {
            self.cells[x * n + x] == self.cells[y * n + y]
                && (0..n).all(|w| w == x || w == y || self.cells[x * n + w] == self.cells[y * n + w])
        };
        let mut twin: Vec<u32> = (0..n as u32).collect();
        for y in 0..n {
            if let Some(x) = (0..y).find(|&x| twin[x] == x as u32 && colour[x] == colour[y] && same(x, y)) {
                twin[y] = x as u32;
            }
        }
        self.twin = twin;
    }

    /// The leaf at level `d` (a discrete colouring: vertex `v` is
    /// relabelled `colour[v]`, a bijection onto `0..n`): its matrix packed,
    /// kept in `best` if smaller than the best so far.
    fn leaf(&mut self, d: usize) {
        let n = self.n;
        let at = &mut self.at;
        at.clear();
        at.resize(n, usize::MAX);
        for (v, &c) in self.levels[d * n..(d + 1) * n].iter().enumerate() {
            at[c as usize] = v;
        }
        assert!(at.iter().all(|&v| v < n), "a leaf's colouring is a bijection");
        let width = self.width as usize;
        self.leaf.clear();
        self.leaf
            .push(n as u64 | u64::from(self.width) << 16 | u64::from(self.diagonal) << 24);
        let mut bit = 64;
        for i in 0..n {
            let from = if self.diagonal { i } else { i + 1 };
            for j in from..n {
                if bit == 64 {
                    self.leaf.push(0);
                    bit = 0;
                }
                let code = u64::from(self.cells[at[i] * n + at[j]]);
                *self.leaf.last_mut().expect("a word") |= code << bit;
                bit += width;
            }
        }
        if self.best.is_empty() || self.leaf < self.best {
            std::mem::swap(&mut self.leaf, &mut self.best);
        }
    }
}
