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
//! Only touched vertices enter the graph; untouched (fresh) vertices are all
//! alike and are placed after them in increasing order.

use crate::board::{members, Edge, Player, Position, Vertex};
use crate::strategy::Memory;
use canonaut::structs::{add_one_edge, CanonautManager};
use canonaut::utilities::words_needed;
use std::cell::RefCell;
use std::collections::HashMap;

/// Hashable identity of a canonical (position, memory, marked edge).
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Key(pub Box<[u64]>);

/// A permutation of the board's vertices: `map[v]` is the image of `v`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Relabel {
    pub map: Vec<Vertex>,
}

impl Relabel {
    pub fn identity(n: usize) -> Relabel {
        Relabel {
            map: (0..n as Vertex).collect(),
        }
    }

    pub fn apply(&self, v: Vertex) -> Vertex {
        self.map[v as usize]
    }

    pub fn inverse(&self) -> Relabel {
        let mut map = vec![0; self.map.len()];
        for (v, &w) in self.map.iter().enumerate() {
            map[w as usize] = v as Vertex;
        }
        Relabel { map }
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
pub struct Canonical {
    pub position: Position,
    pub memory: Memory,
    pub marked: Option<Edge>,
    pub key: Key,
    /// Maps the input's vertices to the canonical ones.
    pub to_canon: Relabel,
    /// Generators of the automorphism group of the canonical form, as
    /// permutations of its touched vertices `0..t`.
    pub generators: Vec<Vec<Vertex>>,
}

const MARK_BIT: u64 = 1 << 63;

thread_local! {
    /// One manager per layered-graph order: canonaut 1.0.0 reuses buffers
    /// across calls and can index stale data when the order changes
    /// (`tests/canon.rs` has the reproduction), so a manager only ever
    /// sees graphs of one size.
    static MANAGERS: RefCell<HashMap<usize, CanonautManager>> = RefCell::new(HashMap::new());
    static GENERATORS: RefCell<Vec<Vec<u32>>> = const { RefCell::new(Vec::new()) };
}

fn record_generator(_count: u32, perm: &mut [u32], _orbits: &mut [u32], _n: u32, _stab: u32, n: u32) {
    GENERATORS.with(|g| g.borrow_mut().push(perm[..n as usize].to_vec()));
}

/// Colour class of each touched vertex: named slots plus the marked-edge bit.
fn vertex_masks(touched: &[Vertex], memory: &Memory, marked: Option<Edge>) -> Vec<u64> {
    touched
        .iter()
        .map(|&v| {
            let mut mask = 0u64;
            for (slot, name) in memory.names.iter().enumerate() {
                if *name == Some(v) {
                    mask |= 1 << slot;
                }
            }
            if marked.is_some_and(|e| e.touches(v)) {
                mask |= MARK_BIT;
            }
            mask
        })
        .collect()
}

/// Runs canonaut on the layered graph; returns the canonical order of the
/// touched vertices (as indices into `touched`) and the layer-0 generators.
fn run_canonaut(position: &Position, touched: &[Vertex], masks: &[u64]) -> (Vec<usize>, Vec<Vec<usize>>) {
    let t = touched.len();
    let n = 2 * t;
    let m = words_needed(n);
    let mut index = [usize::MAX; crate::board::MAX_VERTICES];
    for (i, &v) in touched.iter().enumerate() {
        index[v as usize] = i;
    }
    let mut graph = vec![0usize; n * m];
    for (i, &v) in touched.iter().enumerate() {
        add_one_edge(&mut graph, i, i + t, m as u32);
        for (layer, player) in [(0, Player::First), (t, Player::Second)] {
            for w in members(position.neighbours(player, v)) {
                let j = index[w as usize];
                if j > i {
                    add_one_edge(&mut graph, i + layer, j + layer, m as u32);
                }
            }
        }
    }
    let mut distinct: Vec<u64> = masks.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let rank = |mask: u64| distinct.binary_search(&mask).unwrap() as u32;
    let colours: Vec<u32> = (0..n)
        .map(|i| {
            if i < t {
                rank(masks[i])
            } else {
                distinct.len() as u32 + rank(masks[i - t])
            }
        })
        .collect();
    GENERATORS.with(|g| g.borrow_mut().clear());
    MANAGERS.with(|managers| {
        let mut managers = managers.borrow_mut();
        let manager = managers.entry(n).or_insert_with(|| {
            CanonautManager::new(n)
                .with_canonization()
                .with_automorphism_callback(record_generator)
        });
        manager.canonize_with_colors(&graph, &colours);
        let order: Vec<usize> = manager.labeling()[..t].iter().map(|&x| x as usize).collect();
        let generators = GENERATORS.with(|g| {
            g.borrow_mut()
                .drain(..)
                .map(|p| p[..t].iter().map(|&x| x as usize).collect())
                .collect()
        });
        (order, generators)
    })
}

/// Canonical form of `position` with `memory` and an optional marked edge.
pub fn canonical_form(position: &Position, memory: &Memory, marked: Option<Edge>) -> Canonical {
    let touched: Vec<Vertex> = members(position.touched()).collect();
    let t = touched.len();
    let masks = vertex_masks(&touched, memory, marked);
    let (order, generators) = if t == 0 {
        (vec![], vec![])
    } else {
        run_canonaut(position, &touched, &masks)
    };

    let capacity = position.board().capacity();
    let mut map = vec![Vertex::MAX; capacity];
    for (canon, &i) in order.iter().enumerate() {
        map[touched[i] as usize] = canon as Vertex;
    }
    let mut next_fresh = t as Vertex;
    for slot in map.iter_mut().filter(|s| **s == Vertex::MAX) {
        *slot = next_fresh;
        next_fresh += 1;
    }
    let to_canon = Relabel { map };
    let generators = generators
        .into_iter()
        .map(|perm| {
            let mut g = vec![0; t];
            for (canon, &i) in order.iter().enumerate() {
                g[canon] = to_canon.apply(touched[perm[i]]);
            }
            g
        })
        .collect();

    let canon_position = position.relabel(|v| to_canon.apply(v));
    let canon_memory = memory.relabel(|v| to_canon.apply(v));
    let canon_marked = marked.map(|e| e.map(|v| to_canon.apply(v)));
    let mut sorted_masks = vec![0; t];
    for (i, &mask) in masks.iter().enumerate() {
        sorted_masks[to_canon.apply(touched[i]) as usize] = mask;
    }
    let key = make_key(&canon_position, &canon_memory, &sorted_masks);
    Canonical {
        position: canon_position,
        memory: canon_memory,
        marked: canon_marked,
        key,
        to_canon,
        generators,
    }
}

/// The key: sizes, memory words, the non-zero vertex masks with their
/// vertex, then the upper triangle of each colour's adjacency packed 64 pairs
/// to a word. Everything is recoverable from it (so equal keys mean equal
/// canonical forms), and it is about five times smaller than one row per
/// vertex, which is what bounds the transposition table.
fn make_key(position: &Position, memory: &Memory, masks: &[u64]) -> Key {
    let t = masks.len();
    let mut key = Vec::with_capacity(4 + memory.words.len() + t * t / 64 + 4);
    key.push(t as u64);
    key.push(memory.words.len() as u64);
    key.extend(memory.words.iter().map(|&w| w as u64));
    let named: Vec<(usize, u64)> = masks.iter().copied().enumerate().filter(|&(_, m)| m != 0).collect();
    key.push(named.len() as u64);
    for (v, mask) in named {
        key.extend([v as u64, mask]);
    }
    for player in [Player::First, Player::Second] {
        let (mut word, mut bits) = (0u64, 0);
        for u in 0..t {
            let row = position.neighbours(player, u as Vertex);
            for v in (u + 1)..t {
                word |= ((row >> v) as u64 & 1) << bits;
                bits += 1;
                if bits == 64 {
                    key.push(word);
                    (word, bits) = (0, 0);
                }
            }
        }
        key.push(word);
    }
    Key(key.into_boxed_slice())
}
