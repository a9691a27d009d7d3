//! A canonical form of Hajnal's triangle-free game coarser than the
//! common graph's, for the winner-only search ([`crate::games::Hints::score_form`]):
//! positions that differ only in edges that can no longer matter share
//! one table entry.
//!
//! `G` is the common graph, `L` its legal edges (`triangle_free.rs`). Call
//! two legal edges `xz`, `yz` at a common vertex `z` a *cherry* of `L`,
//! and `xy` its *third side*. Let `H` be the edges of `G` that are the
//! third side of a cherry of `L` (then `xz`, `yz` exclude each other for
//! good), and `V(L)` the vertices touching `L`. The *reduced structure* of
//! a position is `R = (V(L), L, H)` with the player to move.
//!
//! *Claim 4.* The reduced structure after a legal move `e` is a function
//! of `R` and `e` alone, the same function up to relabelling (it commutes
//! with every bijection of vertices).
//!
//! *Proof.* Let `e = uv`. By Claim 1 (`triangle_free.rs`) `e` kills the
//! legal `uw` with `vw` in `G` and the legal `vw` with `uw` in `G`. Where
//! `uw` is legal and `vw ∈ G`, `uv, uw` is a cherry of `L` with third side
//! `vw`, so `vw ∈ H`: the edges killed are those with `vw ∈ H` (or
//! `uw ∈ H`), read off `R`. So `L' = L - e - killed` is. `G' = G + e`,
//! and an edge of `G'` is in `H'` when it is the third side of a cherry
//! of `L'`; `L' ⊆ L`, so such an edge of `G` was the third side of a cherry
//! of `L`, that is in `H`: `H'` is the edges of `H`, and `e` itself, that
//! are third sides of cherries of `L'`, read off `L'`, `H` and `e`. `V(L')`
//! is read off `L'`, and the mover changes. Every step uses only
//! incidences among `L`, `H` and `e`, so it commutes with relabelling. ∎
//!
//! So two positions whose reduced structures are isomorphic (by a
//! bijection of their `V(L)` carrying `L` to `L` and `H` to `H`), with one
//! mover, have isomorphic game trees (by induction on `|L|`: the moves are
//! `L`, matched by the bijection, and the positions after matched moves
//! again have isomorphic reduced structures; where `L` is empty the mover
//! has lost in both), so one winner. The edges of `G` outside `H`, the
//! free edges that are not legal and the vertices outside `V(L)` never
//! matter again. An automorphism `s` of `R` is one of the game tree's from
//! here: the moves `e` and `s(e)` lead to isomorphic reduced structures,
//! so one move per orbit of the automorphisms of `R` is enough, as with
//! the automorphisms of the whole position.
//!
//! The form is `R` labelled canonically as a position on the complete
//! graph (`L` red, `H` blue: the engine's canonical form of two-colour
//! positions), `V(L)` taking the labels `0..|V(L)|`; the position handed
//! to the search is the real position in those labels (vertices outside
//! `V(L)` after them), so the search plays real moves from it.
//! Certificates are not written in this form: their walk compares real
//! positions up to isomorphism (`verify/cert/game.rs`), as the checker
//! does.

use super::triangle_free::LegalEdges;
use crate::core::board::{members, Board, Edge, Player, Position, Vertex, MAX_VERTICES};
use crate::core::canon::canonical_position;
use crate::core::symmetry::Canonical;

/// The reduced structure of `position` (module docs) as a position on the
/// complete graph of its board's size: `L` red, `H` blue, the same player
/// to move.
pub(super) fn reduced_structure(position: &Position) -> Position {
    let legal = LegalEdges::of(position);
    let n = legal.vertices();
    let mut reduced = Position::empty(Board::complete_graph(n));
    let mut third = [0; MAX_VERTICES];
    for z in 0..n as Vertex {
        let cherry = legal.legal_at(z);
        for x in members(cherry) {
            third[x as usize] |= legal.adjacent(x) & cherry;
        }
    }
    for e in legal.edges() {
        reduced.claim(e, Player::First).expect("a legal edge is free");
    }
    for x in 0..n {
        for y in members(third[x] >> (x + 1) << (x + 1)) {
            reduced
                .claim(Edge::new(x as Vertex, y), Player::Second)
                .expect("an edge of the graph is not legal");
        }
    }
    reduced.set_to_move(position.to_move());
    reduced
}

/// The canonical form of `position` by its reduced structure (module
/// docs): the key and the automorphisms are the reduced structure's, the
/// position is `position` relabelled.
pub(super) fn reduced_form(position: &Position) -> Canonical<Position> {
    let form = canonical_position(&reduced_structure(position));
    let to_canon = form.to_canon;
    Canonical {
        position: position.relabel(|v| to_canon[v as usize]),
        key: form.key,
        to_canon,
        generators: form.generators,
    }
}
