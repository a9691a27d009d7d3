//! Canonical forms that forget what the score cannot depend on, for the
//! games whose points count edges per vertex (Star, vertex-capturing).
//!
//! In these games a vertex's future is fixed by how many red and blue edges
//! it has (not which) and its free edges; the colours of the edges
//! themselves never matter again. So positions are identified by:
//!
//! - whose turn it is and the points each player is sure to end with
//!   ([`floor`]);
//! - per *live* vertex (one whose edges can still change the score) a
//!   label ([`vertex_label`]) and how many free edges
//!   join it to vertices that are not live (each such edge only counts at
//!   its live end);
//! - the free edges between live vertices, up to isomorphism;
//! - how many free edges join two vertices that are not live: such an edge
//!   changes nothing but the turn, so only their number matters.
//!
//! Positions with the same key have the same value and the same number of
//! moves left (but may differ in the colour of their edges: equal keys do
//! not mean equal positions here). The canonical position is the input
//! relabelled: live vertices in canonical order, then the others in their
//! order; the generators fix the vertices that are not live.

use super::{Rows, Scoring, ScoringGame, MAX_BOARD_VERTICES};
use crate::core::board::Position;
use crate::core::board::{Player, Vertex};
use crate::core::symmetry::Canonical;
use crate::core::symmetry::{with_label, LayeredGraph, Wanted};
use crate::games::colex::{small_members, SmallSet};

/// The reduced canonical form of `position` under `game`'s labels.
pub(super) fn canonical(game: &ScoringGame, position: &Position) -> Canonical<Position> {
    Labelled::of(game, position).form(position)
}

/// [`canonical`] key first: the relabelled position and the generators
/// are made only if `wanted` asks for them after seeing the key (most
/// children a search reaches are in its table, and the table's answer
/// often settles them: [`crate::games::Symmetric::canonical_if`]).
pub(super) fn canonical_if(
    game: &ScoringGame,
    position: &Position,
    wanted: &mut Wanted,
) -> Option<Canonical<Position>> {
    let labelled = Labelled::of(game, position);
    wanted(labelled.key()).then(|| labelled.form(position))
}

/// Most words in a key: the head, `k`, the labels four to a word (three
/// words for 12 vertices) and the free edges among live vertices (66 bits
/// for 12: two words).
const KEY_WORDS: usize = 2 + MAX_BOARD_VERTICES.div_ceil(4) + MAX_BOARD_VERTICES * (MAX_BOARD_VERTICES - 1) / 128 + 1;

/// A position's live vertices labelled canonically, and its key: all of a
/// reduced form but the relabelled position and the generators on it.
struct Labelled {
    n: usize,
    /// The live vertices in increasing order (`live[..k]`).
    live: [usize; MAX_BOARD_VERTICES],
    k: usize,
    /// `order[i]`: the live vertex (its index in `live`) placed at
    /// canonical position `i`.
    order: [u8; MAX_BOARD_VERTICES],
    /// Generators of the live graph's automorphisms, `k` images (indices
    /// in `live`) each, one after another.
    generators: Vec<u32>,
    key: Key,
}

/// A reduced form's key, on the stack (it is boxed only for a form made
/// whole).
#[derive(Default)]
struct Key {
    words: [u64; KEY_WORDS],
    len: usize,
}

impl Key {
    fn push(&mut self, word: u64) {
        self.words[self.len] = word;
        self.len += 1;
    }

    /// The key after its head: labels in canonical order (`order`), four
    /// to a word, then the free edges between live vertices (upper
    /// triangle, canonical labels; `rows`: the live vertices' free edges
    /// among them).
    fn push_labels_and_edges(&mut self, order: &[u8], colours: &[u64], rows: &[u128]) {
        for c in order.chunks(4) {
            self.push(c.iter().fold(0, |word, &i| word << 16 | colours[i as usize]));
        }
        let (mut word, mut bits) = (0u64, 0);
        for (a, &i) in order.iter().enumerate() {
            let row = rows[i as usize];
            for &j in &order[a + 1..] {
                word |= ((row >> j) as u64 & 1) << bits;
                bits += 1;
                if bits == 64 {
                    self.push(word);
                    (word, bits) = (0, 0);
                }
            }
        }
        self.push(word);
    }
}

impl Labelled {
    fn of(game: &ScoringGame, position: &Position) -> Labelled {
        let rows = Rows::of(position);
        let (n, free) = (rows.n, &rows.free);
        let left = rows.moves_left(position.to_move());
        let points = [Player::First, Player::Second].map(|p| floor(game, &rows, p, left));
        let mut labels = [None; MAX_BOARD_VERTICES];
        for (v, l) in labels.iter_mut().enumerate().take(n) {
            *l = vertex_label(game, &rows, v, points, left);
        }
        // Live vertices in order, and their number (arrays: this runs for
        // every position searched, and allocations were a tenth of it).
        let (mut live, mut k) = ([0usize; MAX_BOARD_VERTICES], 0);
        for v in (0..n).filter(|&v| labels[v].is_some()) {
            (live[k], k) = (v, k + 1);
        }
        let live_set: SmallSet = live[..k].iter().fold(0, |s, &v| s | 1 << v);
        let dead_edges: u32 = (0..n)
            .filter(|&v| live_set >> v & 1 == 0)
            .map(|v| (free[v] & !live_set).count_ones())
            .sum::<u32>()
            / 2;
        // Live vertices, renumbered 0..k: free edges among them, and colours
        // from the label and the free edges to vertices that are not live.
        let mut index = [0usize; MAX_BOARD_VERTICES];
        for (i, &v) in live[..k].iter().enumerate() {
            index[v] = i;
        }
        let mut rows = [0u128; MAX_BOARD_VERTICES];
        for (row, &v) in rows.iter_mut().zip(&live[..k]) {
            *row = small_members(free[v] & live_set).fold(0, |s, w| s | 1 << index[w]);
        }
        let mut colours = [0u64; MAX_BOARD_VERTICES];
        for (c, &v) in colours.iter_mut().zip(&live[..k]) {
            *c = labels[v].expect("live") << 4 | (free[v] & !live_set).count_ones() as u64;
        }
        let colours = &colours[..k];
        let (order, generators) = live_labelling(&rows, colours);
        let head = [
            position.to_move() as u64,
            n as u64,
            points[0] as u64,
            points[1] as u64,
            dead_edges as u64,
        ];
        let mut key = Key::default();
        key.push(head.iter().fold(0, |word, &x| word << 8 | x));
        key.push(k as u64);
        key.push_labels_and_edges(&order[..k], colours, &rows);
        Labelled {
            n,
            live,
            k,
            order,
            generators,
            key,
        }
    }

    fn key(&self) -> &[u64] {
        &self.key.words[..self.key.len]
    }

    /// The reduced form of `position` (the position labelled): the
    /// position relabelled (live vertices in canonical order, then the
    /// others in their order) and the generators on it.
    fn form(&self, position: &Position) -> Canonical<Position> {
        let (n, k, live) = (self.n, self.k, &self.live[..self.k]);
        let live_set: SmallSet = live.iter().fold(0, |s, &v| s | 1 << v);
        let mut to_canon: Vec<Vertex> = vec![0; n];
        for (c, &i) in self.order[..k].iter().enumerate() {
            to_canon[live[i as usize]] = c as Vertex;
        }
        for (c, v) in (0..n).filter(|&v| live_set >> v & 1 == 0).enumerate() {
            to_canon[v] = (k + c) as Vertex;
        }
        let generators = self
            .generators
            .chunks(k.max(1))
            .map(|g| {
                let mut image: Vec<Vertex> = (0..n as Vertex).collect();
                for (i, &j) in g.iter().enumerate() {
                    image[to_canon[live[i]] as usize] = to_canon[live[j as usize]];
                }
                image
            })
            .collect();
        Canonical {
            position: position.relabel(|v| to_canon[v as usize]),
            key: self.key().into(),
            to_canon,
            generators,
        }
    }
}

/// The canonical order of the live graph (`rows`, one per entry of
/// `colours`) and its generators, `colours.len()` images each.
fn live_labelling(rows: &[u128; MAX_BOARD_VERTICES], colours: &[u64]) -> ([u8; MAX_BOARD_VERTICES], Vec<u32>) {
    let mut order = [0u8; MAX_BOARD_VERTICES];
    let graph = LayeredGraph {
        n: colours.len(),
        layers: &[rows],
        colours,
    };
    let generators = with_label(&graph, |labels, generators| {
        for (o, &i) in order.iter_mut().zip(labels) {
            *o = i as u8;
        }
        generators.to_vec()
    });
    (order, generators)
}

/// Points `player` is sure to end with, in every play from `rows` (`left`:
/// the moves each player has left). Star: at each vertex, its free edges
/// beyond the opponent's moves left end in `player`'s colour. VC: the
/// vertices captured already (a captured vertex stays captured).
fn floor(game: &ScoringGame, rows: &Rows, player: Player, left: [u32; 2]) -> u32 {
    let own = &rows.count[player as usize];
    let theirs = left[player.opponent() as usize];
    match game.scoring {
        Scoring::Star => (0..rows.n)
            .map(|v| own[v] + rows.free_count[v].saturating_sub(theirs))
            .max()
            .unwrap_or(0),
        _ => game.measure(rows, player),
    }
}

/// A label part for a count still to reach, or "out of reach".
const UNREACHABLE: u64 = 63;

/// The label of vertex `v`, below 2^12, or `None` if its free edges can
/// no longer change the score; `floor`: the points each player is sure to
/// end with ([`floor`]), `left`: the moves each has left. Positions with
/// the same key have the same `floor` (in the key) and `left` (the key
/// fixes the free edges and the mover), so a part "out of reach" means the
/// same in both.
///
/// VC: the edges each colour still needs to capture `v`, out of reach if
/// more than its free edges there or than that colour's moves left (the
/// same label whatever the number). Star: each colour's degree at `v`
/// while it can still exceed that colour's floor (its degree there plus
/// the free edges it can still take there: at most its moves left); out of
/// reach, that colour's degree at `v` ends at most at its floor, which its
/// final score reaches anyway, so the degree no longer matters.
fn vertex_label(game: &ScoringGame, rows: &Rows, v: usize, floor: [u32; 2], left: [u32; 2]) -> Option<u64> {
    let free = rows.free_count[v];
    let part = |p: usize| -> Option<u64> {
        let count = rows.count[p][v];
        let reach = free.min(left[p]);
        match game.scoring {
            Scoring::VertexCapturing => {
                let need = (rows.degree[v] / 2 + 1).checked_sub(count).filter(|&c| c > 0)?;
                Some(if need <= reach { need as u64 } else { UNREACHABLE })
            }
            _ => Some(if count + reach > floor[p] {
                count as u64
            } else {
                UNREACHABLE
            }),
        }
    };
    let (red, blue) = (part(0)?, part(1)?);
    ((red, blue) != (UNREACHABLE, UNREACHABLE)).then_some(red << 6 | blue)
}
