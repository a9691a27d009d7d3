//! Stage 1 (Section 4): she builds a red triangle with the K3 building
//! strategy of Lemma 4.1, reusing `strategies/k3.rs` with its own slots.
//! Once her triangle stands the stage is 2 and every name is forgotten
//! (Stage 2 finds the triangle on the board; it is her only one).

use super::{facts, memory_in, slot};
use crate::k3::{k3_move, Flaw, K3Slots};
use ramsey_verify_lib::core::board::{Edge, Player};
use ramsey_verify_lib::core::memory::Memory;
use ramsey_verify_lib::verify::strategy::{StrategyError, View};

const SLOTS: K3Slots = K3Slots {
    a: slot::A,
    b: slot::B,
    c: slot::C,
    u: slot::U,
    first_reply: [slot::H1, slot::H2],
};

/// Her Stage 1 move; moves to Stage 2 when it completes her triangle.
pub fn play(view: &View, memory: &mut Memory) -> Result<Edge, StrategyError> {
    let edge = k3_move(
        view.position,
        memory,
        view.last_reply,
        &SLOTS,
        view.move_number(),
        Flaw::None,
    )?;
    let after = view
        .position
        .with(edge, Player::First)
        .map_err(|e| StrategyError::RuleDoesNotApply(format!("K3 building strategy plays {e}")))?;
    if !facts::red_triangles(&after).is_empty() {
        *memory = memory_in(2);
    }
    Ok(edge)
}

/// Every Stage 1 move the text allows, each with its memory, `k4`'s first.
///
/// The K3 building strategy (Section 4, before Lemma 4.1) leaves open:
/// - "she first claims some edge", "chooses a fresh vertex, calls it c",
///   "chooses a fresh vertex u": one representative, as all fresh vertices
///   are in one orbit (any permutation of the untouched vertices fixes the
///   position and the memory);
/// - which end of her edge is `b` when his first edge is disjoint from it,
///   and which end of his edge `uv` is `u`: not open in effect, as the
///   swap is an automorphism of the position (his edge and hers are then
///   isolated from each other);
/// - her fourth edge, "she can complete a K^3 on at least one of a, b and
///   u or a, c and u" (read as the triangles `a b u` and `c b u`, see the
///   README): when both `a u` and `c u` are free, either.
pub fn choices(view: &View, memory: &Memory) -> Result<Vec<(Edge, Memory)>, StrategyError> {
    let mut next = memory.clone();
    let edge = play(view, &mut next)?;
    let mut out = vec![(edge, next.clone())];
    if view.move_number() == 4 {
        let (c, u) = (memory.require(slot::C, "c")?, memory.require(slot::U, "u")?);
        let other = Edge::new(c, u);
        if other != edge && view.position.is_free(other) {
            out.push((other, next));
        }
    }
    Ok(out)
}
