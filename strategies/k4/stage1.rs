//! Stage 1 (Section 4): she builds a red triangle with the K3 building
//! strategy of Lemma 4.1, reusing `strategies/k3.rs` with its own slots.
//! Once her triangle stands the stage is 2 and every name is forgotten
//! (Stage 2 finds the triangle on the board; it is her only one).

use super::{facts, memory_in, slot};
use crate::board::{Edge, Player};
use crate::strategies::k3::{k3_move, Flaw, K3Slots};
use crate::strategy::{Memory, StrategyError, View};

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
