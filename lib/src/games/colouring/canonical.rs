//! Canonical forms of colouring positions, and the sound simplifications
//! they make on the way.
//!
//! # What is labelled
//!
//! Colour permutations are symmetries of every rule set, so the colours
//! are vertices of the graph handed to canonaut: one vertex per colour,
//! joined to the uncoloured vertices it is forbidden for, in a class of
//! their own. The colour classes are thus one cell of the partition that
//! canonaut refines; no colour permutation is ever tried on its own. Only
//! the *live* vertices and the *used* colours are labelled:
//!
//! - a coloured vertex is dead (its colour can never matter again: see
//!   [`super::position`]), and so is out of the graph;
//! - a *token* (below) needs no labelling: tokens differ only by their due
//!   time and owner, and are placed after the live vertices in that order;
//! - a colour forbidden on no live vertex (*unused*) is interchangeable
//!   with every other unused colour, so unused colours are placed after the
//!   used ones in their own order.
//!
//! Labelled vertices start in classes of cheap invariants (due time and
//! owner, degree, number of forbidden colours; for a colour, the number of
//! vertices it is forbidden on), which canonaut would otherwise find by
//! refinement. The invariants are the same on isomorphic positions, so the
//! form stays canonical.
//!
//! The automorphism group of a canonical position is the group of its
//! labelled part times the symmetric groups of the tokens of one class and
//! of the unused colours. The generators handed to the engine (on all
//! `n + k` canonical labels) are canonaut's, of the labelled part only:
//! `orbit_moves` adds the other two factors itself, keeping one token of
//! each class and one unused colour.
//!
//! # Simplifications, each with its proof
//!
//! A vertex is *safe* when it has more free colours than uncoloured
//! neighbours. A move takes at most one free colour and one uncoloured
//! neighbour from a vertex, so a safe vertex stays safe and can always be
//! coloured.
//!
//! 1. **Safe components are tokens (every rule set; lengths kept).** Let C
//!    be a component of the graph of uncoloured vertices in which every
//!    vertex is safe. Every vertex of C can be coloured at any time, and a
//!    move in C changes nothing outside C. Relate a position with C to the
//!    one where C is replaced by |C| isolated vertices with a free colour
//!    each (tokens), everything else equal. Moves outside C correspond one
//!    to one and keep the relation; a move in C corresponds to a move on a
//!    token (C minus a vertex is still a safe component, possibly split, so
//!    the relation is kept); the outcome is the same on both sides (no
//!    vertex of C or token is ever blocked, both are uncoloured together,
//!    both are safe, and in ordered games each keeps its due time and
//!    owner, hence who moves). So the two positions have the same value,
//!    length included (a bisimulation). Which colour a token takes affects
//!    no one, so its forbidden set is not part of the form; the canonical
//!    position keeps exactly one free colour on it (the image of its
//!    smallest free one), so every move of the canonical position is, mapped
//!    back, a legal move of the position it came from.
//! 2. **Tokens count modulo 2 (CG and CCG, when only the winner is
//!    asked).** Let P be a position and P + 2 the same with two more
//!    tokens (of equal class: in unordered games all tokens are alike).
//!    The player who wins P wins P + 2: they follow a winning strategy of
//!    P, and whenever the opponent colours one of the two extra tokens they
//!    colour the other one, after which the part of P is as before with the
//!    opponent to move again. Tokens are never blocked and never make a
//!    vertex of P unsafe, so in the CCG the game on P + 2 is decided exactly
//!    when the part of P is (every vertex coloured, or one blocked, or every
//!    vertex safe), and in the CG the opponent runs out of moves when they
//!    do in P (the extra tokens come in pairs, and the follower always has
//!    the second one). Lengths differ (a loser may delay by two moves), so
//!    this is applied only for searches that ignore lengths
//!    ([`super::ColouringGame::for_winner_only`]). The tests compare both
//!    with a plain minimax over labelled positions on every graph with up
//!    to 7 vertices.

use super::position::{ColourPosition, Slot, DEAD, UNCOLOURED};
use super::ColourMove;
use crate::core::board::{first_n, members, Vertex, VertexSet};
use crate::core::labeller::with_labelling;
use crate::core::symmetry::Canonical;
use std::cell::RefCell;

/// Buffers of one thread's labellings, reused from call to call.
#[derive(Default)]
struct Scratch {
    /// canonaut's rows.
    graph: Vec<usize>,
    /// Invariants per labelled vertex, the (invariant, vertex) pairs
    /// sorted, and the class numbers they give.
    keys: Vec<u32>,
    sorted: Vec<u64>,
    classes: Vec<u32>,
    /// The canonical label of each labelled vertex.
    label: Vec<Vertex>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// How a game's positions are put in canonical form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Form {
    /// An ordered game: due times and owners are part of the form.
    pub ordered: bool,
    /// Tokens count modulo 2 (simplification 2 of the module docs).
    pub parity: bool,
    /// Every uncoloured vertex is labelled: no tokens, no parity, so two
    /// positions get one form only if they are isomorphic (a vertex
    /// bijection keeping edges, forbidden colours up to a permutation of
    /// the colours, due times and owners), the equivalence a certificate
    /// checker tests.
    pub exact: bool,
}

/// A position split for labelling: live vertices, tokens (in class order;
/// the first `kept` stay uncoloured in the canonical form, the rest are
/// dead there), and the used colours.
struct Split {
    live: Vec<Vertex>,
    /// The live vertices and the kept tokens.
    uncoloured: VertexSet,
    tokens: Vec<Vertex>,
    kept: usize,
    /// Colours forbidden on some live vertex, in increasing order.
    used: Vec<u8>,
}

/// The members of a colour bitset (bit c for colour c), in increasing order.
pub(super) fn colour_members(mut set: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let c = set.trailing_zeros() as u8;
            set &= set - 1;
            c
        })
    })
}

impl ColourPosition {
    /// The canonical form (module docs). `to_canon` has `n + k` entries:
    /// vertices, then one per colour (colour `c` at `n + c - 1`).
    pub(super) fn canonical_form(&self, form: Form) -> Canonical<ColourPosition> {
        let split = self.split(form);
        let (to_canon, generators) = self.label(&split);
        let position = self.relabelled(&split, &to_canon);
        Canonical {
            key: position.key(form, split.live.len(), split.kept),
            position,
            generators,
            to_canon,
        }
    }

    /// The uncoloured vertices in a component with an unsafe vertex.
    pub(super) fn live(&self) -> VertexSet {
        let mut live = members(self.uncoloured())
            .filter(|&v| self.slack(v) <= 0)
            .fold(0, |s, v| s | 1 << v);
        let mut frontier = live;
        while frontier != 0 {
            let next = members(frontier).fold(0, |s, v| s | self.slots[v as usize].row) & !live;
            live |= next;
            frontier = next;
        }
        live
    }

    /// Whether the uncoloured vertex `v` is in a component of safe vertices
    /// (a token of the forms that merge them, simplification 1): then
    /// whichever free colour it takes, the position after has one form.
    pub fn in_safe_component(&self, v: Vertex) -> bool {
        self.uncoloured() >> v & 1 == 1 && self.live() >> v & 1 == 0
    }

    /// What a vertex keeps apart from others: due time and owner.
    pub(super) fn class(&self, v: Vertex) -> u32 {
        (self.slots[v as usize].due as u32) << 1 | (self.second_owns >> v & 1) as u32
    }

    fn split(&self, form: Form) -> Split {
        let live_set = match form.exact {
            true => self.uncoloured(),
            false => self.live(),
        };
        let live: Vec<Vertex> = members(live_set).collect();
        let mut tokens: Vec<Vertex> = members(self.uncoloured() & !live_set).collect();
        tokens.sort_by_key(|&v| self.class(v));
        let kept = if form.parity { tokens.len() % 2 } else { tokens.len() };
        let used = live.iter().fold(0, |s, &v| s | self.slots[v as usize].forbidden) & self.all_colours();
        let uncoloured = tokens[..kept].iter().fold(live_set, |s, &t| s | 1 << t);
        Split {
            live,
            uncoloured,
            tokens,
            kept,
            used: colour_members(used).collect(),
        }
    }

    /// Canonical labels of every vertex and colour (`to_canon`), and the
    /// generators canonaut finds, on canonical labels: live vertices first,
    /// then tokens (kept ones first), dead vertices, and used colours before
    /// unused ones.
    fn label(&self, split: &Split) -> (Vec<Vertex>, Vec<Vec<Vertex>>) {
        let (n, k, l) = (self.n(), self.colours as usize, split.live.len());
        let total = l + split.used.len();
        // canonaut's vertex x: live vertex `live[x]`, or used colour `used[x - l]`.
        let slot = |x: usize| match x < l {
            true => split.live[x] as usize,
            false => n + split.used[x - l] as usize - 1,
        };
        let mut to_canon = vec![0; n + k];
        let mut generators = Vec::new();
        if total > 0 {
            SCRATCH.with(|scratch| {
                let scratch = &mut *scratch.borrow_mut();
                let count = self.labelling_input(split, scratch);
                let Scratch {
                    graph, classes, label, ..
                } = scratch;
                label.resize(total, 0);
                with_labelling(graph, classes, count, total, |labeling, found| {
                    // Live vertices have the smaller classes, so they come first.
                    for (p, &x) in labeling.iter().enumerate() {
                        label[x as usize] = if p < l { p } else { n + p - l } as Vertex;
                        to_canon[slot(x as usize)] = label[x as usize];
                    }
                    generators = found
                        .chunks(total)
                        .map(|g| {
                            let mut image: Vec<Vertex> = (0..(n + k) as Vertex).collect();
                            for (x, &y) in g.iter().enumerate() {
                                image[label[x] as usize] = label[y as usize];
                            }
                            image
                        })
                        .collect();
                });
            });
        }
        let kept = split.tokens[..split.kept].iter().copied();
        let dead = members(first_n(n) & !split.uncoloured);
        for (v, label) in kept.chain(dead).zip(l..) {
            to_canon[v as usize] = label as Vertex;
        }
        let unused = (1..=k as u8).filter(|c| !split.used.contains(c));
        for (c, label) in unused.zip(n + split.used.len()..) {
            to_canon[n + c as usize - 1] = label as Vertex;
        }
        (to_canon, generators)
    }

    /// canonaut's input in `scratch`: the graph of live vertices and used
    /// colours (rows of canonaut words), each vertex's class number; returns
    /// the number of classes. Classes are cheap invariants, live vertices
    /// before colours.
    fn labelling_input(&self, split: &Split, scratch: &mut Scratch) -> usize {
        let l = split.live.len();
        let total = l + split.used.len();
        let m = total.div_ceil(64);
        let graph = &mut scratch.graph;
        graph.clear();
        graph.resize(total * m, 0);
        let mut join = |x: usize, y: usize| graph[x * m + y / 64] |= 1 << (63 - y % 64);
        let mut index = [0u8; 128];
        for (x, &v) in split.live.iter().enumerate() {
            index[v as usize] = x as u8;
        }
        let mut colour_index = [0u8; 33];
        for (j, &c) in split.used.iter().enumerate() {
            colour_index[c as usize] = (l + j) as u8;
        }
        let keys = &mut scratch.keys;
        keys.clear();
        let mut forbidden_on = [0u32; 33];
        for (x, &v) in split.live.iter().enumerate() {
            for w in members(self.slots[v as usize].row) {
                join(x, index[w as usize] as usize);
            }
            let forbidden = self.slots[v as usize].forbidden & self.all_colours();
            for c in colour_members(forbidden) {
                join(x, colour_index[c as usize] as usize);
                join(colour_index[c as usize] as usize, x);
                forbidden_on[c as usize] += 1;
            }
            let degree = self.slots[v as usize].row.count_ones();
            keys.push(self.class(v) << 16 | degree << 8 | forbidden.count_ones());
        }
        keys.extend(split.used.iter().map(|&c| 1 << 31 | forbidden_on[c as usize]));
        // Class numbers: the ranks of the distinct keys, by one sort of
        // (key, vertex) pairs.
        let sorted = &mut scratch.sorted;
        sorted.clear();
        sorted.extend(keys.iter().enumerate().map(|(x, &key)| (key as u64) << 8 | x as u64));
        sorted.sort_unstable();
        scratch.classes.resize(total, 0);
        let mut count = 0;
        for (i, &pair) in sorted.iter().enumerate() {
            if i > 0 && pair >> 8 != sorted[i - 1] >> 8 {
                count += 1;
            }
            scratch.classes[(pair & 255) as usize] = count;
        }
        count as usize + 1
    }

    /// The position under `to_canon`: live vertices with their edges and
    /// forbidden colours, kept tokens with one free colour, the rest dead.
    fn relabelled(&self, split: &Split, to_canon: &[Vertex]) -> ColourPosition {
        let n = self.n();
        let image = |set: u32| {
            colour_members(set & self.all_colours())
                .fold(0u32, |f, c| f | 1 << (to_canon[n + c as usize - 1] as usize - n + 1))
        };
        let dead = Slot {
            colour: DEAD,
            ..Slot::default()
        };
        let mut out = ColourPosition {
            slots: vec![dead; n],
            uncoloured: 0,
            second_owns: 0,
            to_move: self.to_move,
            colours: self.colours,
        };
        for v in members(split.uncoloured) {
            let w = to_canon[v as usize] as usize;
            out.uncoloured |= 1 << w;
            out.slots[w].colour = UNCOLOURED;
            out.slots[w].due = self.slots[v as usize].due;
            out.second_owns |= (self.second_owns >> v & 1) << w;
        }
        for &v in &split.live {
            let w = to_canon[v as usize] as usize;
            out.slots[w].row = members(self.slots[v as usize].row).fold(0, |r, x| r | 1 << to_canon[x as usize]);
            out.slots[w].forbidden = image(self.slots[v as usize].forbidden);
        }
        for &t in &split.tokens[..split.kept] {
            // A token keeps the image of its smallest free colour only.
            let free = self.free_colours(t);
            out.slots[to_canon[t as usize] as usize].forbidden =
                self.all_colours() & !image(free & free.wrapping_neg());
        }
        out
    }

    /// Exact identity of a canonical position with `live` live vertices
    /// and `kept` tokens after them, packed bit by bit: what a token's
    /// colours are is no part of it.
    fn key(&self, form: Form, live: usize, kept: usize) -> Box<[u64]> {
        let class_width = if form.ordered { 9 } else { 0 };
        let width = 33 + (kept + live) * class_width + live * self.colours as usize + live * live.saturating_sub(1) / 2;
        let mut bits = Bits {
            words: Vec::with_capacity(width.div_ceil(64)),
            len: 0,
        };
        bits.push(self.to_move as u64, 1);
        for count in [self.n(), self.colours as usize, live, kept] {
            bits.push(count as u64, 8);
        }
        for t in live..live + kept {
            bits.push(self.class(t as Vertex) as u64, class_width);
        }
        for v in 0..live {
            bits.push(self.class(v as Vertex) as u64, class_width);
            bits.push((self.slots[v].forbidden >> 1) as u64, self.colours as usize);
            let later = self.slots[v].row >> (v + 1);
            let width = live - v - 1;
            bits.push(later as u64, width.min(64));
            bits.push((later >> 64) as u64, width.saturating_sub(64));
        }
        bits.words.into_boxed_slice()
    }
}

/// One move per orbit of the automorphism group of the canonical position
/// `p` (module docs), in the order of `moves`, which lists every legal move
/// of `p` sorted by vertex, then colour; `generators` are those of its
/// labelled part (with `exact`, every uncoloured vertex is labelled: see
/// [`Form::exact`]).
pub(super) fn orbit_moves(
    p: &ColourPosition,
    moves: Vec<ColourMove>,
    generators: &[Vec<Vertex>],
    exact: bool,
) -> Vec<ColourMove> {
    let live = match exact {
        true => p.uncoloured(),
        false => p.live(),
    };
    let used = members(live).fold(0, |s, v| s | p.slots[v as usize].forbidden) & p.all_colours();
    let unused = p.all_colours() & !used;
    let first_unused = unused & unused.wrapping_neg();
    // A kept token of the class of an earlier one, or an unused colour
    // after the first, is in the orbit of a move kept before it.
    let mut token_classes: Vec<u32> = Vec::new();
    let mut keep = |m: &ColourMove| match live >> m.v & 1 == 1 {
        true => used >> m.c & 1 == 1 || 1 << m.c == first_unused,
        false if token_classes.contains(&p.class(m.v)) => false,
        false => {
            token_classes.push(p.class(m.v));
            true
        }
    };
    let moves: Vec<ColourMove> = moves.into_iter().filter(|m| keep(m)).collect();
    if generators.is_empty() {
        return moves;
    }
    let n = p.n();
    let index = |m: ColourMove| moves.binary_search_by_key(&(m.v, m.c), |x| (x.v, x.c)).ok();
    let mut parent: Vec<usize> = (0..moves.len()).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for g in generators {
        for (i, m) in moves.iter().enumerate().filter(|(_, m)| live >> m.v & 1 == 1) {
            let c = match used >> m.c & 1 == 1 {
                true => (g[n + m.c as usize - 1] as usize - n + 1) as u8,
                false => m.c,
            };
            if let Some(j) = index(ColourMove { v: g[m.v as usize], c }) {
                let (a, b) = (root(&mut parent, i), root(&mut parent, j));
                parent[a.max(b)] = a.min(b);
            }
        }
    }
    (0..moves.len())
        .filter(|&i| root(&mut parent, i) == i)
        .map(|i| moves[i])
        .collect()
}

/// A growing string of bits.
struct Bits {
    words: Vec<u64>,
    len: usize,
}

impl Bits {
    /// Appends the low `width` bits of `value` (`width <= 64`).
    #[inline]
    fn push(&mut self, value: u64, width: usize) {
        if width == 0 {
            return;
        }
        let value = if width == 64 { value } else { value & ((1 << width) - 1) };
        let offset = self.len % 64;
        if offset == 0 {
            self.words.push(0);
        }
        *self.words.last_mut().expect("a word") |= value << offset;
        if offset + width > 64 {
            self.words.push(value >> (64 - offset));
        }
        self.len += width;
    }
}
