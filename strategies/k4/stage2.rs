//! Stage 2 (Section 4): from her triangle to a red `K4^-`.
//!
//! At the start of each Stage 2 turn she first checks whether the bare
//! position is one of Figure 5 (after five rounds: switch to Stage 5) or
//! Figure 6 (after four rounds: switch to Stage 6); the figures are the
//! positions derived with `ramsey-verify refute` (see [`super::figures`]).
//! Then, unless the standing assumption decides: if some edge gives her a
//! red `K4^-` she claims it (the first such edge in label order) and goes to
//! Stage 3; otherwise she joins the triangle vertex `c` of largest S-degree
//! (ties: smallest label) to a fresh vertex `g`.

use super::{facts, figures, memory_in, slot, stage5, stage6, Variant, PENDING};
use crate::board::{Edge, Player, Position};
use crate::strategy::{fresh, Memory, StrategyError};

/// Switches to Stage 5 or 6 (or Beck's L(4) answer) when the position
/// after four or five rounds calls for it. Only changes the memory.
pub fn switch(variant: Variant, position: &Position, memory: &mut Memory) {
    let rounds = position.edge_count(Player::Second);
    if position.edge_count(Player::First) != rounds {
        return;
    }
    let paper = variant.uses_figures();
    let next = match (variant, rounds) {
        (_, 4) if paper && figures::is_figure6(position) => {
            stage6::enter_from_stage2(position, variant.figure6_entry())
        }
        (_, 5) if paper && figures::is_figure5(position) => stage5::enter(position),
        (Variant::BeckL4, 5) => stage5::enter_beck_l4(position),
        _ => None,
    };
    if let Some(next) = next {
        *memory = next;
    }
}

/// Her Stage 2 move.
pub fn play(position: &Position, memory: &mut Memory) -> Result<Edge, StrategyError> {
    if let Some(&(edge, four)) = facts::k4_minus_moves(position).first() {
        let after = position.with(edge, Player::First).expect("free edge");
        let sixth = facts::non_red_edge(&after, four).expect("a K4- has one non-red edge");
        let (l, r) = sixth.ends();
        let mut others = four.iter().copied().filter(|&v| v != l && v != r);
        *memory = memory_in(3);
        memory.words[PENDING] = 1;
        memory.set_name(slot::L, Some(l));
        memory.set_name(slot::R, Some(r));
        memory.set_name(slot::M, others.next());
        memory.set_name(slot::N, others.next());
        return Ok(edge);
    }
    let triangle = *facts::red_triangles(position)
        .first()
        .ok_or_else(|| StrategyError::RuleDoesNotApply("Stage 2 without a red triangle".into()))?;
    let c = facts::min_by_key(triangle, |v| std::cmp::Reverse(position.s_degree(v))).expect("three vertices");
    Ok(Edge::new(c, fresh(position)?))
}
