//! Degree forms, the positions of version-13 certificates (the Star and
//! vertex-capturing games, proofs/FORMAT.md "Version 13"): the graph of
//! free edges and, per vertex, its numbers of red and of blue edges.
//!
//! In these two games a vertex's points depend only on those two numbers
//! at the end, and a move changes only the numbers at its ends and the
//! free graph; so positions with isomorphic degree forms (a vertex
//! bijection keeping free edges and both numbers) have the same value, and
//! the writer's walk meets one position per class of forms instead of one
//! per class of colourings. The checker states the game on forms itself
//! and argues that its value is the game's.

use crate::core::board::{Edge, Player, Position, Vertex};
use crate::core::graph6::encode;
use crate::core::symmetry::{label, Canonical, LayeredGraph};
use crate::games::scoring::{Scoring, ScoringGame};

/// Whether `game`'s certificates are written on degree forms (version 13):
/// the Star and vertex-capturing games, whose boards (at most 12
/// vertices) keep every count a hex digit.
pub(super) fn by_degrees(game: &ScoringGame) -> bool {
    matches!(game.scoring(), Scoring::Star | Scoring::VertexCapturing)
}

/// Red's and blue's numbers of edges at `v`.
fn counts(position: &Position, v: usize) -> [u32; 2] {
    [Player::First, Player::Second].map(|p| position.neighbours(p, v as Vertex).count_ones())
}

/// The canonical form of `position`'s degree form: the free graph with
/// each vertex coloured by its two counts, labelled by canonaut; the key
/// is the mover and, per vertex in canonical order, its colour and its
/// free neighbours in canonical labels. The generators are the form's automorphisms (in
/// canonical labels): replies in one orbit lead to isomorphic forms.
pub(super) fn canonical(position: &Position) -> Canonical<Position> {
    form(position, true)
}

/// [`canonical`]'s key and labelling only, for a position where the
/// writer's walk reads nothing else (the prover's, which it only looks up
/// by key): `position` is `position` as given, not relabelled, and there
/// are no generators. Relabelling the position and listing the
/// generators was a fifth of each labelling.
pub(super) fn keyed(position: &Position) -> Canonical<Position> {
    form(position, false)
}

/// [`canonical`], the position relabelled and the generators listed only
/// if `whole`. The key is read off `position`'s own rows through the
/// labelling, so it is the same either way.
fn form(position: &Position, whole: bool) -> Canonical<Position> {
    let n = position.vertex_count();
    let rows: Vec<u128> = (0..n).map(|v| position.free_neighbours(v as Vertex)).collect();
    let colours: Vec<u64> = (0..n)
        .map(|v| counts(position, v))
        .map(|[red, blue]| u64::from(red) << 8 | u64::from(blue))
        .collect();
    let layers = [rows];
    let labelling = label(&LayeredGraph {
        n,
        layers: &layers,
        colours: &colours,
    });
    let to_canon = labelling.to_canon();
    // A word per vertex in canonical order: its counts, then its free
    // neighbours in canonical labels (fewer than 13 vertices: 12 bits).
    debug_assert!(n <= 16, "a scoring board has at most 12 vertices");
    let mut key = vec![position.to_move() as u64, n as u64];
    let [rows] = &layers;
    let row = |v: usize| {
        let mut image = 0u64;
        let mut left = rows[v];
        while left != 0 {
            image |= 1 << to_canon[left.trailing_zeros() as usize];
            left &= left - 1;
        }
        image
    };
    key.extend(labelling.order.iter().map(|&v| colours[v] << 16 | row(v)));
    let (position, generators) = match whole {
        true => (
            position.relabel(|v| to_canon[v as usize]),
            labelling.canonical_generators(),
        ),
        false => (position.clone(), Vec::new()),
    };
    Canonical {
        position,
        key: key.into_boxed_slice(),
        to_canon,
        generators,
    }
}

/// `position`'s degree form as written: `FREE:COUNTS`, the free graph in
/// graph6, then per vertex its red and its blue count as hex digits.
pub(super) fn text(position: &Position) -> String {
    let n = position.vertex_count();
    let mut text = encode(n, &position.free_edges());
    text.push(':');
    for v in 0..n {
        for count in counts(position, v) {
            text.push(char::from_digit(count, 16).expect("a board of at most 12 vertices"));
        }
    }
    text
}

/// [`text`] of the position whose red and blue edges are the bits `red`
/// and `blue` over the board's `edges` on `n` vertices, without making
/// the position (the writer's entries are held so: unpacking each was a
/// third of making the text).
pub(super) fn text_of(n: usize, edges: &[Edge], red: u128, blue: u128) -> String {
    let all = u128::MAX.checked_shr(128 - edges.len() as u32).unwrap_or(0);
    let ends = |bits: u128| {
        let mut left = bits;
        std::iter::from_fn(move || {
            (left != 0).then(|| {
                let e = edges[left.trailing_zeros() as usize];
                left &= left - 1;
                e
            })
        })
    };
    let free: Vec<Edge> = ends(all & !red & !blue).collect();
    let mut text = encode(n, &free);
    text.push(':');
    let mut counts = vec![[0u32; 2]; n];
    for (colour, bits) in [red, blue].into_iter().enumerate() {
        for (u, v) in ends(bits).map(|e| e.ends()) {
            counts[u as usize][colour] += 1;
            counts[v as usize][colour] += 1;
        }
    }
    for count in counts.into_iter().flatten() {
        text.push(char::from_digit(count, 16).expect("a board of at most 12 vertices"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::colex::colex_graph;
    use crate::games::Rules;

    /// The prover's positions are looked up by [`keyed`]'s key: it must be
    /// [`canonical`]'s, read off the relabelled position as before the key
    /// was read through the labelling (else the walk keeps a class twice or
    /// loses one, or the bytes change), and [`text_of`] must write what
    /// [`text`] writes.
    #[test]
    fn keyed_forms_have_the_whole_forms_key_and_packed_text_is_the_text() {
        let (n, edges) = colex_graph(19);
        let board = Position::on_graph(n, edges.clone());
        let game = ScoringGame::new(Scoring::VertexCapturing, &board, &[]).unwrap();
        let index = |e: Edge| edges.iter().position(|&f| f == e).unwrap();
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut checked = 0;
        for _ in 0..30 {
            let mut position = game.start();
            while !position.is_full() {
                // The key as the relabelled position spells it.
                let whole = canonical(&position);
                let c = &whole.position;
                let mut key = vec![position.to_move() as u64, n as u64];
                key.extend((0..n).map(|i| {
                    let [red, blue] = counts(c, i);
                    u64::from(red) << 24 | u64::from(blue) << 16 | c.free_neighbours(i as Vertex) as u64
                }));
                assert_eq!(*whole.key, *key, "{position:?}");
                assert_eq!(keyed(&position).key, whole.key, "{position:?}");
                let bits = |p: Player| position.edges(p).into_iter().fold(0u128, |s, e| s | 1 << index(e));
                let packed = text_of(n, &edges, bits(Player::First), bits(Player::Second));
                assert_eq!(packed, text(&position));
                checked += 1;
                let moves = game.moves(&position);
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                position = game.play(&position, &moves[state as usize % moves.len()]);
            }
        }
        assert!(checked > 100, "{checked}");
    }
}
