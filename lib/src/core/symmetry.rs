//! Canonical labelling of graphs with coloured vertices and several edge
//! layers, for any game's canonical form (canonaut, a pure-Rust nauty).
//!
//! Edge colours become layers (nauty's layering trick): vertex `v` has one
//! copy per layer, the copies are joined in a path, and layer `l` carries
//! the edges whose colour code has bit `l` set. Layers get disjoint vertex
//! colours, so the automorphisms of the layered graph are exactly the
//! automorphisms of the input that keep vertex and edge colours.
//!
//! Orbits of moves come from the generators: [`orbit_representatives`]
//! keeps one move per orbit of the group they generate, for any move type.

use crate::core::board::Vertex;
use crate::core::labeller;
use canonaut::structs::add_one_edge;
use canonaut::utilities::words_needed;
use foldhash::fast::FixedState;
use std::collections::HashMap;
use std::hash::Hash;

/// A graph to label: `n` vertices, edges in `layers` (each a list of rows,
/// `layers[l][v]` the neighbours of `v` in layer `l` as a bitset), and a
/// colour per vertex that automorphisms must keep. The rows may be any
/// slice-like holder (a vector, or an array on the stack where a graph is
/// labelled for every position searched).
pub struct LayeredGraph<'a, L: AsRef<[u128]> = Vec<u128>> {
    /// Number of vertices (at most 128).
    pub n: usize,
    /// Adjacency rows per layer.
    pub layers: &'a [L],
    /// Vertex colours, one per vertex (any values; only equality matters).
    pub colours: &'a [u64],
}

/// The result of canonical labelling.
pub struct Labelling {
    /// `order[i]` is the input vertex placed at canonical position `i`.
    pub order: Vec<usize>,
    /// Generators of the automorphism group, as permutations of the input
    /// vertices (`g[v]` is the image of `v`).
    pub generators: Vec<Vec<usize>>,
}

/// Canonical labelling and automorphism generators of `graph`, by the
/// library's one canonaut driver ([`crate::core::labeller`]).
pub fn label<L: AsRef<[u128]>>(graph: &LayeredGraph<L>) -> Labelling {
    with_label(graph, |order, generators| owned(graph.n, order, generators))
}

/// [`label`] without allocating (it runs for nearly every position a
/// search makes, and its vectors cost a third as much as canonaut's
/// search on the small graphs of Erdős' games): `then` is handed the
/// canonical order (`order[i]` is the input vertex placed at position `i`)
/// and the generators one after another, `graph.n` images each. `then`
/// runs inside the labeller, so it must not label a graph itself.
pub fn with_label<L: AsRef<[u128]>, R>(graph: &LayeredGraph<L>, then: impl FnOnce(&[u32], &[u32]) -> R) -> R {
    let mut order = [0u32; MAX_LABELLED];
    let order = &mut order[..graph.n];
    if discrete_order(&graph.colours[..graph.n], order) {
        return then(order, &[]);
    }
    search_with(graph, then)
}

/// Most vertices a [`LayeredGraph`] has.
const MAX_LABELLED: usize = 128;

/// A [`Labelling`] from [`with_label`]'s slices.
fn owned(n: usize, order: &[u32], generators: &[u32]) -> Labelling {
    Labelling {
        order: order.iter().map(|&x| x as usize).collect(),
        generators: generators
            .chunks(n.max(1))
            .map(|g| g.iter().map(|&x| x as usize).collect())
            .collect(),
    }
}

/// Whether no two vertices share a colour; then `order` is the vertices in
/// increasing order of colour: the colour partition is already discrete,
/// so (as canonaut's search, which orders the cells by colour, would find
/// without searching) that order is the canonical labelling and only the
/// identity keeps the colours (no generators). The reduced forms of the
/// Star and VC games often have all their live vertices distinct.
fn discrete_order(colours: &[u64], order: &mut [u32]) -> bool {
    for (v, o) in order.iter_mut().enumerate() {
        *o = v as u32;
    }
    order.sort_unstable_by_key(|&v| colours[v as usize]);
    order
        .windows(2)
        .all(|w| colours[w[0] as usize] != colours[w[1] as usize])
}

/// [`with_label`] by canonaut's search (at least one vertex).
fn search_with<L: AsRef<[u128]>, R>(graph: &LayeredGraph<L>, then: impl FnOnce(&[u32], &[u32]) -> R) -> R {
    let n = graph.n;
    let layers = graph.layers.len().max(1);
    let total = n * layers;
    let mut words = [0usize; 64];
    let by_edge;
    let adjacency = match one_word_rows(graph, layers, &mut words) {
        Some(rows) => rows,
        None => {
            by_edge = edge_by_edge_rows(graph, layers);
            &by_edge[..]
        }
    };
    let mut distinct = [0u64; MAX_LABELLED];
    let distinct = &mut distinct[..n];
    distinct.copy_from_slice(&graph.colours[..n]);
    distinct.sort_unstable();
    let d = dedup(distinct);
    let distinct = &distinct[..d];
    let (mut small, mut large) = ([0u32; MAX_LABELLED], Vec::new());
    let colours = if total <= MAX_LABELLED {
        &mut small[..total]
    } else {
        large.resize(total, 0);
        &mut large[..]
    };
    for (i, c) in colours.iter_mut().enumerate() {
        *c = (i / n * d + distinct.binary_search(&graph.colours[i % n]).unwrap_or(0)) as u32;
    }
    // Layer-0 copies have the smallest colours, so they come first.
    labeller::with_labelling(adjacency, colours, layers * d, n, |labeling, generators| {
        then(&labeling[..n], generators)
    })
}

/// Drops repeats from the sorted `values`, in place; how many are left.
fn dedup(values: &mut [u64]) -> usize {
    let mut kept = 0;
    for i in 0..values.len() {
        if kept == 0 || values[i] != values[kept - 1] {
            values[kept] = values[i];
            kept += 1;
        }
    }
    kept
}

/// The layered graph of [`search_with`], edge by edge (canonaut's
/// format, `layers` copies of each vertex); [`one_word_rows`] builds the
/// same rows faster where they fit a word.
fn edge_by_edge_rows<L: AsRef<[u128]>>(graph: &LayeredGraph<L>, layers: usize) -> Vec<usize> {
    let n = graph.n;
    let m = words_needed(n * layers);
    let mut adjacency = vec![0usize; n * layers * m];
    for v in 0..n {
        for l in 1..layers {
            add_one_edge(&mut adjacency, v + (l - 1) * n, v + l * n, m as u32);
        }
        for (l, rows) in graph.layers.iter().enumerate() {
            let row = rows.as_ref().get(v).copied().unwrap_or(0) >> v >> 1;
            for w in crate::core::board::members(row) {
                add_one_edge(&mut adjacency, v + l * n, v + 1 + w as usize + l * n, m as u32);
            }
        }
    }
    adjacency
}

/// The layered graph of [`search_with`] when it fits one word per
/// row (at most 64 vertices in all layers, every row within the `n`
/// vertices), built with word operations instead of canonaut's
/// `add_one_edge` per edge: the same rows (vertex `j` of a row at bit
/// `63 - j`; each layer's edges `v-w` with `w > v` in `v`'s row, both
/// ways, and each vertex's copies joined in a path), since setting the
/// bits of an edge in both rows is all `add_one_edge` does. `None`
/// otherwise. (Erdős' games label a graph board of 8 vertices in two
/// layers for nearly every move; edge by edge this was about 3 % of K8's
/// Clique game.)
fn one_word_rows<'o, L: AsRef<[u128]>>(
    graph: &LayeredGraph<L>,
    layers: usize,
    out: &'o mut [usize; 64],
) -> Option<&'o [usize]> {
    let n = graph.n;
    let total = n * layers;
    // (`n <= 64` once `total` is.)
    let within = |rows: &L| rows.as_ref().iter().take(n).all(|&row| row >> n == 0);
    if total > 64 || usize::BITS != 64 || !graph.layers.iter().all(within) {
        return None;
    }
    // Rows in natural bit order (vertex `j` at bit `j`) first, reversed
    // into canonaut's order at the end.
    let natural = &mut out[..total];
    natural.fill(0);
    for v in 0..n {
        for l in 1..layers {
            let (a, b) = (v + (l - 1) * n, v + l * n);
            (natural[a], natural[b]) = (natural[a] | 1 << b, natural[b] | 1 << a);
        }
        for (l, rows) in graph.layers.iter().enumerate() {
            let above = (rows.as_ref().get(v).copied().unwrap_or(0) >> v >> 1) as usize;
            let a = v + l * n;
            if above != 0 {
                natural[a] |= above << (a + 1);
            }
            let mut rest = above;
            while rest != 0 {
                let b = a + 1 + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                natural[b] |= 1 << a;
            }
        }
    }
    for row in natural.iter_mut() {
        *row = row.reverse_bits();
    }
    Some(natural)
}

impl Labelling {
    /// `to_canon[v]`: the canonical label of input vertex `v`.
    pub fn to_canon(&self) -> Vec<Vertex> {
        let mut map = vec![0; self.order.len()];
        for (canon, &v) in self.order.iter().enumerate() {
            map[v] = canon as Vertex;
        }
        map
    }

    /// The generators acting on canonical labels.
    pub fn canonical_generators(&self) -> Vec<Vec<Vertex>> {
        let to_canon = self.to_canon();
        self.generators
            .iter()
            .map(|g| {
                let mut image = vec![0; g.len()];
                for (v, &w) in g.iter().enumerate() {
                    image[to_canon[v] as usize] = to_canon[w];
                }
                image
            })
            .collect()
    }
}

/// One move per orbit of the group generated by `generators`, the first of
/// each orbit in the order given.
pub fn orbit_representatives<M: Clone + Eq + Hash>(
    moves: Vec<M>,
    generators: &[Vec<Vertex>],
    relabel: impl Fn(&M, &[Vertex]) -> M,
) -> Vec<M> {
    if generators.is_empty() {
        return moves;
    }
    // A fast fixed hash (the default one was a third of this function on
    // K7's VC game; the map only finds a move's index, so any hash gives
    // the same orbits).
    let mut index: HashMap<M, usize, FixedState> =
        HashMap::with_capacity_and_hasher(moves.len(), FixedState::default());
    index.extend(moves.iter().cloned().enumerate().map(|(i, m)| (m, i)));
    let mut parent: Vec<usize> = (0..moves.len()).collect();
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for g in generators {
        for (i, m) in moves.iter().enumerate() {
            if let Some(&j) = index.get(&relabel(m, g)) {
                let (a, b) = (find(&mut parent, i), find(&mut parent, j));
                parent[a.max(b)] = a.min(b);
            }
        }
    }
    moves
        .into_iter()
        .enumerate()
        .filter(|&(i, _)| find(&mut parent, i) == i)
        .map(|(_, m)| m)
        .collect()
}

/// What a key-first canonical form asks before it makes the rest of the
/// form ([`crate::games::Symmetric::canonical_if`]): whether the form with
/// this key is wanted.
pub type Wanted<'a> = dyn FnMut(&[u64]) -> bool + 'a;

/// The canonical form of a position, with what the search needs alongside.
#[derive(Clone, Debug)]
pub struct Canonical<P> {
    /// The position relabelled canonically: isomorphic inputs give equal
    /// positions here.
    pub position: P,
    /// Exact identity of the canonical form (equal keys, equal forms).
    pub key: Box<[u64]>,
    /// `to_canon[v]` is the canonical label of the input's vertex `v`.
    pub to_canon: Vec<Vertex>,
    /// Generators of the automorphism group of the canonical position, as
    /// permutations of its vertices (`g[v]` is the image of `v`).
    pub generators: Vec<Vec<Vertex>>,
}

impl<P> Canonical<P> {
    /// `position` taken as it is: its own labels, no known symmetry. For a
    /// game whose `Game::moves` is its `Game::orbit_moves` with every
    /// move kept.
    pub fn as_is(position: P) -> Canonical<P> {
        Canonical {
            position,
            key: Box::new([]),
            to_canon: vec![],
            generators: vec![],
        }
    }

    /// The form if `wanted` wants it after seeing its key: the default
    /// [`crate::games::Symmetric::canonical_if`], for games that make the
    /// whole form at once.
    pub fn kept_if(self, wanted: &mut Wanted) -> Option<Canonical<P>> {
        wanted(&self.key).then_some(self)
    }

    /// The same labelling of a position that carries one more number (a
    /// counter beside the board): `wrap` builds the new position from the
    /// canonical one, and `word` joins the key.
    pub fn extended<Q>(self, word: u64, wrap: impl FnOnce(P) -> Q) -> Canonical<Q> {
        // One allocation of the final size (a push onto the boxed key's
        // vector would reallocate it).
        let mut key = Vec::with_capacity(self.key.len() + 1);
        key.extend_from_slice(&self.key);
        key.push(word);
        Canonical {
            position: wrap(self.position),
            key: key.into_boxed_slice(),
            to_canon: self.to_canon,
            generators: self.generators,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `layers` random graphs on `n` vertices as rows, each edge in with
    /// probability `1 / one_in`.
    fn random_layers(next: &mut impl FnMut() -> u64, n: usize, layers: usize, one_in: u64) -> Vec<Vec<u128>> {
        let mut layer = || {
            let mut rows = vec![0u128; n];
            for u in 0..n {
                for v in u + 1..n {
                    if next().is_multiple_of(one_in) {
                        (rows[u], rows[v]) = (rows[u] | 1 << v, rows[v] | 1 << u);
                    }
                }
            }
            rows
        };
        (0..layers).map(|_| layer()).collect()
    }

    /// The shortcut for discrete colourings gives what canonaut's search
    /// gives, on pseudo-random graphs of one and two layers whose vertices
    /// all differ in colour (and the search is still used otherwise).
    #[test]
    fn a_discrete_colouring_is_labelled_as_the_search_labels_it() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        assert_eq!(
            label(&LayeredGraph {
                n: 0,
                layers: &[] as &[Vec<u128>],
                colours: &[]
            })
            .order,
            Vec::<usize>::new()
        );
        for n in 1..=12 {
            for layers in 1..=2 {
                let rows = random_layers(&mut next, n, layers, 2);
                let mut colours: Vec<u64> = (0..n as u64).map(|c| c * 7 + next() % 7).collect();
                colours.reverse();
                let graph = LayeredGraph {
                    n,
                    layers: &rows,
                    colours: &colours,
                };
                let searched = search_with(&graph, |order, generators| owned(n, order, generators));
                let quick = label(&graph);
                assert_eq!((quick.order, quick.generators), (searched.order, searched.generators));
            }
        }
        // The rows built by words are those built edge by edge.
        for n in 1..=32 {
            for layers in 1..=2 {
                let rows = random_layers(&mut next, n, layers, 3);
                let graph = LayeredGraph {
                    n,
                    layers: &rows,
                    colours: &vec![0; n],
                };
                assert_eq!(
                    one_word_rows(&graph, layers, &mut [0; 64]).map(<[usize]>::to_vec),
                    Some(edge_by_edge_rows(&graph, layers)),
                    "n {n}"
                );
            }
        }
        let wide = [vec![0u128; 33], vec![0u128; 33]];
        let too_many = LayeredGraph {
            n: 33,
            layers: &wide,
            colours: &[0; 33],
        };
        assert_eq!(one_word_rows(&too_many, 2, &mut [0; 64]), None);
        // Two vertices alike: no shortcut.
        assert!(!discrete_order(&[3, 1, 3], &mut [0; 3]));
        let mut order = [0; 3];
        assert!(discrete_order(&[3, 1, 2], &mut order));
        assert_eq!(order, [1, 2, 0]);
    }
}
