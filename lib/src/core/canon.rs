//! Canonical labelling of (position, memory, marked edge) with `canonaut`,
//! a pure-Rust port of nauty (so a plain `cargo build` needs no C library).
//!
//! A 2-edge-coloured graph with coloured vertices is turned into a plain
//! vertex-coloured graph by nauty's layering trick: every touched vertex `v`
//! gets two copies, `v` in layer 0 (carrying the red edges) and `v + t` in
//! layer 1 (carrying the blue edges), joined by a vertical edge. Layers get
//! disjoint vertex colours, so automorphisms of the layered graph are exactly
//! the colour-preserving automorphisms of the position. A vertex's colour is
//! the set of memory slots naming it, plus one bit for the endpoints of the
//! marked edge (his last move), so memory and last move are part of the
//! canonical form.
//!
//! On `K_n` and `K_aleph0` only touched vertices enter the graph; untouched
//! (fresh) vertices are all alike and are placed after them in increasing
//! order. On a graph board untouched vertices differ, so every vertex of
//! the board enters (`graph_board_form`), by the same labeller with the
//! board as a third edge class.
//!
//! This is the one canonical form of edge positions: the strategy verifier
//! calls it with her memory and his last move, the engine's edge games
//! ([`canonical_position`]) with neither.

use crate::core::board::{first_n, members, Edge, Player, Position, Vertex, VertexSet, MAX_VERTICES};
use crate::core::labeller;
use crate::core::memory::Memory;
use crate::core::symmetry::{label, Canonical, LayeredGraph};

mod key;

use canonaut::structs::add_one_edge;
use canonaut::utilities::words_needed;
use key::make_key;
pub use key::Key;
use std::cell::RefCell;

/// A permutation of the board's vertices: `map[v]` is the image of `v`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Relabel {
    /// The image of each vertex of the board.
    pub map: Vec<Vertex>,
}

impl Relabel {
    /// The identity on `0..n`.
    pub fn identity(n: usize) -> Relabel {
        Relabel {
            map: (0..n as Vertex).collect(),
        }
    }

    /// The image of `v`.
    pub fn apply(&self, v: Vertex) -> Vertex {
        self.map[v as usize]
    }

    /// The inverse permutation.
    pub fn inverse(&self) -> Relabel {
        Relabel {
            map: inverse(&self.map),
        }
    }

    /// The inverse as a table indexed by vertex, without allocating (for
    /// the search, which maps her move back on almost every step).
    pub fn inverse_table(&self) -> [Vertex; MAX_VERTICES] {
        let mut table = [0; MAX_VERTICES];
        for (v, &w) in self.map.iter().enumerate() {
            table[w as usize] = v as Vertex;
        }
        table
    }

    /// `self` after `first`: `v -> self(first(v))`.
    pub fn after(&self, first: &Relabel) -> Relabel {
        Relabel {
            map: first.map.iter().map(|&w| self.map[w as usize]).collect(),
        }
    }
}

/// The canonical form and what the search needs alongside it.
#[derive(Clone, Debug)]
pub struct CanonicalForm {
    /// The position in canonical labels (touched vertices are `0..t`).
    pub position: Position,
    /// The memory in canonical labels.
    pub memory: Memory,
    /// The marked edge (his last move) in canonical labels.
    pub marked: Option<Edge>,
    /// Equal for two inputs exactly when they are isomorphic.
    pub key: Key,
    /// Maps the input's vertices to the canonical ones.
    pub to_canon: Relabel,
    /// Generators of the automorphism group of the canonical form, as
    /// permutations of its touched vertices `0..t`.
    pub generators: Vec<Vec<Vertex>>,
}

const MARK_BIT: u64 = 1 << 63;

/// Reused buffers of one thread: canonical labelling runs for almost every
/// move of the search, and allocating per call cost more than canonaut.
#[derive(Default)]
struct Scratch {
    graph: Vec<usize>,
    colours: Vec<u32>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// The touched vertices of a position in increasing order, and the index of
/// each among them.
struct Touched {
    count: usize,
    vertices: [Vertex; MAX_VERTICES],
    index: [u8; MAX_VERTICES],
}

impl Touched {
    fn of(position: &Position) -> Touched {
        let mut touched = Touched {
            count: 0,
            vertices: [0; MAX_VERTICES],
            index: [u8::MAX; MAX_VERTICES],
        };
        for v in members(position.touched()) {
            touched.vertices[touched.count] = v;
            touched.index[v as usize] = touched.count as u8;
            touched.count += 1;
        }
        touched
    }

    /// Every vertex `0..n`, as if touched (a graph board's vertices).
    fn all(n: usize) -> Touched {
        let mut all = Touched {
            count: n,
            vertices: [0; MAX_VERTICES],
            index: [u8::MAX; MAX_VERTICES],
        };
        for v in 0..n {
            all.vertices[v] = v as Vertex;
            all.index[v] = v as u8;
        }
        all
    }

    fn list(&self) -> &[Vertex] {
        &self.vertices[..self.count]
    }
}

/// Colour class of each touched vertex (by index): named slots plus the
/// marked-edge bit.
fn vertex_masks(touched: &Touched, memory: &Memory, marked: Option<Edge>) -> [u64; MAX_VERTICES] {
    let mut masks = [0u64; MAX_VERTICES];
    for (slot, name) in memory.names.iter().enumerate() {
        if let Some(i) = name.map(|v| touched.index[v as usize]).filter(|&i| i != u8::MAX) {
            masks[i as usize] |= 1 << slot;
        }
    }
    if let Some(e) = marked {
        let (u, v) = e.ends();
        for w in [u, v] {
            if let Some(&i) = touched.index.get(w as usize).filter(|&&i| i != u8::MAX) {
                masks[i as usize] |= MARK_BIT;
            }
        }
    }
    masks
}

/// The layered graph in canonaut's format (rows of `m` words, vertex `j`
/// of a row at bit `63 - j % 64` of word `j / 64`): red edges among
/// `0..t`, blue edges among `t..2t`, and `i` joined to `i + t`.
///
/// Without `layered`, only the red edges among `0..t` (a position with one
/// colour: [`canonical_graph`]).
fn layered_graph(position: &Position, touched: &Touched, layered: bool, graph: &mut Vec<usize>) {
    let t = touched.count;
    let n = if layered { 2 * t } else { t };
    let m = words_needed(n);
    graph.clear();
    graph.resize(n * m, 0);
    if m == 1 && usize::BITS == 64 && position.touched() == first_n(t) {
        // The usual case (the search's positions touch `0..t`): each row is
        // a neighbour set, bit-reversed into canonaut's bit order.
        for i in 0..t {
            let red = position.neighbours(Player::First, i as Vertex) as u64;
            let blue = position.neighbours(Player::Second, i as Vertex) as u64;
            if !layered {
                graph[i] = red.reverse_bits() as usize;
                continue;
            }
            graph[i] = (red | 1 << (i + t)).reverse_bits() as usize;
            graph[i + t] = (blue << t | 1 << i).reverse_bits() as usize;
        }
        return;
    }
    let layers: &[(usize, Player)] = match layered {
        true => &[(0, Player::First), (t, Player::Second)],
        false => &[(0, Player::First)],
    };
    for (i, &v) in touched.list().iter().enumerate() {
        if layered {
            add_one_edge(graph, i, i + t, m as u32);
        }
        for &(layer, player) in layers {
            for w in members(position.neighbours(player, v) >> v >> 1 << v << 1) {
                let j = touched.index[w as usize] as usize;
                add_one_edge(graph, i + layer, j + layer, m as u32);
            }
        }
    }
}

/// Runs canonaut on the layered graph; returns the canonical order of the
/// touched vertices (`order[canon]` is an index into the touched list) and
/// the layer-0 generators as index permutations, `t` entries each.
fn run_canonaut(
    position: &Position,
    touched: &Touched,
    masks: &[u64],
    layered: bool,
) -> ([u8; MAX_VERTICES], Vec<u32>) {
    let t = touched.count;
    let n = if layered { 2 * t } else { t };
    SCRATCH.with(|scratch| {
        let scratch = &mut *scratch.borrow_mut();
        layered_graph(position, touched, layered, &mut scratch.graph);
        // A vertex's colour is its mask's rank among the distinct masks
        // (layer 0), or that plus the number of classes (layer 1): ranked
        // by one sort of (mask, vertex) pairs.
        let mut sorted = [(0u64, 0u8); MAX_VERTICES];
        for (i, (slot, &mask)) in sorted.iter_mut().zip(masks).enumerate() {
            *slot = (mask, i as u8);
        }
        let sorted = &mut sorted[..t];
        sorted.sort_unstable();
        scratch.colours.clear();
        scratch.colours.resize(n, 0);
        let mut classes = 0;
        for (j, &(mask, i)) in sorted.iter().enumerate() {
            classes += usize::from(j == 0 || mask != sorted[j - 1].0);
            scratch.colours[i as usize] = classes as u32 - 1;
        }
        for i in (0..t).filter(|_| layered) {
            scratch.colours[i + t] = scratch.colours[i] + classes as u32;
        }
        labeller::with_labelling(
            &scratch.graph,
            &scratch.colours,
            if layered { 2 * classes } else { classes },
            t,
            |labeling, generators| {
                let mut order = [0u8; MAX_VERTICES];
                for (slot, &x) in order.iter_mut().zip(&labeling[..t]) {
                    *slot = x as u8;
                }
                (order, generators.to_vec())
            },
        )
    })
}

/// The identity on the whole board, copied rather than built per call.
const IDENTITY: [Vertex; MAX_VERTICES] = {
    let mut table = [0; MAX_VERTICES];
    let mut v = 0;
    while v < MAX_VERTICES {
        table[v] = v as Vertex;
        v += 1;
    }
    table
};

/// Canonical form of `position` with `memory` and an optional marked edge.
pub fn canonical_form(position: &Position, memory: &Memory, marked: Option<Edge>) -> CanonicalForm {
    form_of(position, memory, marked, true)
}

/// [`canonical_form`], on the layered graph or (not `layered`: a position
/// whose edges are all red) on the red graph alone.
fn form_of(position: &Position, memory: &Memory, marked: Option<Edge>, layered: bool) -> CanonicalForm {
    if !position.board().untouched_alike() {
        return graph_board_form(position, memory, marked);
    }
    let touched = Touched::of(position);
    let t = touched.count;
    let masks = vertex_masks(&touched, memory, marked);
    let (order, generators) = if t == 0 {
        ([0; MAX_VERTICES], vec![])
    } else {
        run_canonaut(position, &touched, &masks[..t], layered)
    };
    // canon_of[i]: the canonical label of touched vertex number i.
    let mut canon_of = [0 as Vertex; MAX_VERTICES];
    for (canon, &i) in order[..t].iter().enumerate() {
        canon_of[i as usize] = canon as Vertex;
    }
    // Untouched vertices follow in increasing order; above the largest
    // touched vertex that is the identity.
    let capacity = position.board().capacity();
    let mut map: Vec<Vertex> = IDENTITY[..capacity].to_vec();
    let top = (MAX_VERTICES - position.touched().leading_zeros() as usize).min(capacity);
    let mut next_fresh = t as Vertex;
    for (v, image) in map[..top].iter_mut().enumerate() {
        *image = match touched.index[v] {
            u8::MAX => {
                next_fresh += 1;
                next_fresh - 1
            }
            i => canon_of[i as usize],
        };
    }
    let to_canon = Relabel { map };
    let generators = generators
        .chunks(t.max(1))
        .map(|perm| {
            order[..t]
                .iter()
                .map(|&i| canon_of[perm[i as usize] as usize])
                .collect()
        })
        .collect();

    relabelled(position, memory, marked, to_canon, generators)
}

/// The input in canonical labels, with its key.
fn relabelled(
    position: &Position,
    memory: &Memory,
    marked: Option<Edge>,
    to_canon: Relabel,
    generators: Vec<Vec<Vertex>>,
) -> CanonicalForm {
    let canon_position = position.relabel(|v| to_canon.apply(v));
    let canon_memory = memory.relabel(|v| to_canon.apply(v));
    let canon_marked = marked.map(|e| e.map(|v| to_canon.apply(v)));
    let key = make_key(&canon_position, &canon_memory, canon_marked);
    CanonicalForm {
        position: canon_position,
        memory: canon_memory,
        marked: canon_marked,
        key,
        to_canon,
        generators,
    }
}

/// [`canonical_form`] on a graph board: every board vertex is labelled,
/// with edge classes in two layers (free edges in layer 0, red in layer 1,
/// blue in both, non-edges of the board in neither) and the vertex
/// colours of [`vertex_masks`] (none without memory or a marked edge).
/// The generators permute all board vertices.
///
/// This is the encoding the general games always had (`EdgePosition`,
/// merged into [`Position`]): its labels fix their move order, first
/// optimal lines and certificate bytes, which stay as they were.
fn graph_board_form(position: &Position, memory: &Memory, marked: Option<Edge>) -> CanonicalForm {
    let n = position.board().capacity();
    let layers: Vec<Vec<VertexSet>> = vec![
        (0..n as Vertex)
            .map(|v| position.board_neighbours(v) & !position.neighbours(Player::First, v))
            .collect(),
        (0..n as Vertex)
            .map(|v| position.neighbours(Player::First, v) | position.neighbours(Player::Second, v))
            .collect(),
    ];
    let everyone = Touched::all(n);
    let colours = vertex_masks(&everyone, memory, marked)[..n].to_vec();
    let labelling = label(&LayeredGraph {
        n,
        layers: &layers,
        colours: &colours,
    });
    let to_canon = Relabel {
        map: labelling.to_canon(),
    };
    relabelled(position, memory, marked, to_canon, labelling.canonical_generators())
}

/// The canonical form of a position alone (no memory, no marked edge), as
/// the engine's edge games ask for it.
pub fn canonical_position(position: &Position) -> Canonical<Position> {
    as_canonical(canonical_form(position, &Memory::default(), None))
}

/// [`canonical_position`] of a position whose edges are all red (one
/// graph, such as the common graph of the one-colour game): labelled as
/// the plain graph on its touched vertices, half the vertices of the
/// layered graph, so that canonaut does less. Isomorphic positions get
/// one key, as with [`canonical_position`], but the two forms differ:
/// a search uses one of them for all its positions.
pub fn canonical_graph(position: &Position) -> Canonical<Position> {
    debug_assert!(
        (0..position.vertex_count()).all(|v| position.neighbours(Player::Second, v as Vertex) == 0),
        "one colour only"
    );
    as_canonical(form_of(position, &Memory::default(), None, false))
}

fn as_canonical(form: CanonicalForm) -> Canonical<Position> {
    Canonical {
        key: form.key.words(0),
        to_canon: form.to_canon.map,
        generators: form.generators,
        position: form.position,
    }
}

/// The inverse of a permutation given as the image of each vertex.
pub fn inverse(perm: &[Vertex]) -> Vec<Vertex> {
    let mut back = vec![0; perm.len()];
    for (v, &w) in perm.iter().enumerate() {
        back[w as usize] = v as Vertex;
    }
    back
}
