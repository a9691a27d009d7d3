//! A canonical form of Hajnal's triangle-free game coarser than the
//! common graph's, for the winner-only search ([`crate::games::Hints::score_form`]):
//! positions that differ only in edges that can no longer matter, or in
//! small independent parts of one Grundy value, share one table entry.
//!
//! `G` is the common graph, `L` its legal edges (`triangle_free.rs`). Call
//! two legal edges `xz`, `yz` at a common vertex `z` a *cherry* of `L`,
//! and `xy` its *third side*. Let `H` be the edges of `G` that are the
//! third side of a cherry of `L` (then `xz`, `yz` exclude each other for
//! good), and `V(L)` the vertices touching `L`. The *reduced structure* of
//! a position is `R = (V(L), L, H)` with the player to move.
//!
//! # The reduced structure
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
//! # Small components by their Grundy values
//!
//! *Claim 5.* Split the legal edges into a part `B` and the rest `S`, each
//! a union of components of interacting edges (`triangle_free.rs`, Claim
//! 2). The winner depends only on the reduced structure of `B` (its legal
//! edges `L_B` and the third sides in `G` of cherries of `L_B`), up to
//! isomorphism, the mover, and the Grundy value of `S`.
//!
//! *Proof.* The game is the disjunctive sum of `B` and `S` (Claim 3), so
//! the mover wins exactly when `g(B) XOR g(S) ≠ 0` (Sprague–Grundy,
//! `endgame.rs`). `B` played alone is the triangle-free game from a
//! position whose legal edges are `L_B`: by Claim 3 a move of `B` kills
//! only edges of `B`, those hard with it (third side in `G`, a cherry of
//! `L_B`) or soft with it (third side legal and interacting, so in `B`);
//! so the proof of Claim 4 applies to `B` alone with `L_B` and its cherries'
//! third sides, and `g(B)` depends on that structure only. ∎
//!
//! The form takes for `S` the components `endgame.rs` values (at most 10
//! edges, a small search), for `B` the rest: its key is the XOR of the
//! values of `S`, then the canonical form of `B`'s reduced structure
//! labelled as a position on the complete graph (`L_B` red, its third
//! sides blue: the engine's canonical form of two-colour positions). The
//! position handed to the search is the real position with the vertices
//! of `L_B` relabelled `0..|V(L_B)|` canonically (the others after them),
//! so the search plays real moves from it. The automorphisms of `B`'s
//! structure are given for the orbits of moves only where `S` is empty
//! (Claim 4: one move per orbit is enough then); otherwise none (a move
//! of `S` has no image under them). Positions of one key may differ in
//! `S`, so they share a winner, not a game tree: a winning move found at
//! one is not read off for another (`engine::Decider` records nothing for
//! a game with this form). Certificates are not written in this form:
//! their walk compares real positions up to isomorphism
//! (`verify/cert/game.rs`), as the checker does.

use super::endgame::large_part;
use super::triangle_free::LegalEdges;
use crate::core::board::{members, Board, Edge, Player, Position, Vertex, VertexSet, MAX_VERTICES};
use crate::core::canon::canonical_position;
use crate::core::symmetry::Canonical;

/// The reduced structure of the legal edges `part` of `legal` (module
/// docs) as a position on the complete graph of the board's size: `part`
/// red, the edges of the graph that are third sides of their cherries
/// blue, `mover` to move.
fn reduced_structure(legal: &LegalEdges, part: &[Edge], mover: Player) -> Position {
    let n = legal.vertices();
    let mut reduced = Position::empty(Board::complete_graph(n));
    let mut rows: [VertexSet; MAX_VERTICES] = [0; MAX_VERTICES];
    for &e in part {
        let (u, v) = e.ends();
        rows[u as usize] |= 1 << v;
        rows[v as usize] |= 1 << u;
        reduced.claim(e, Player::First).expect("a legal edge is free");
    }
    let third = legal.third_sides(&rows);
    for (x, &row) in third[..n].iter().enumerate() {
        for y in members(row >> (x + 1) << (x + 1)) {
            reduced
                .claim(Edge::new(x as Vertex, y), Player::Second)
                .expect("an edge of the graph is not legal");
        }
    }
    reduced.set_to_move(mover);
    reduced
}

/// The canonical form of `position` by the Grundy value of its small
/// components and the reduced structure of the rest (module docs, Claims 4
/// and 5); the position is `position` relabelled.
pub(super) fn reduced_form(position: &Position) -> Canonical<Position> {
    let legal = LegalEdges::of(position);
    let edges = legal.edges();
    let (large, small) = large_part(&legal).unwrap_or((u64::MAX, 0));
    let part: Vec<Edge> = (edges.iter().enumerate())
        .filter(|&(i, _)| i >= 64 || large >> i & 1 == 1)
        .map(|(_, &e)| e)
        .collect();
    let whole = part.len() == edges.len();
    let form = canonical_position(&reduced_structure(&legal, &part, position.to_move()));
    let to_canon = form.to_canon;
    Canonical {
        position: position.relabel(|v| to_canon[v as usize]),
        key: std::iter::once(small as u64).chain(form.key.iter().copied()).collect(),
        to_canon,
        generators: if whole { form.generators } else { Vec::new() },
    }
}
