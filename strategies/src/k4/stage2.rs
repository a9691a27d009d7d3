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

use super::{beck_l4, facts, figures, memory_in, slot, stage5, stage6, Variant, PENDING};
use ramsey_verify_lib::core::board::{Edge, Player, Position};
use ramsey_verify_lib::core::memory::Memory;
use ramsey_verify_lib::verify::strategy::{fresh, StrategyError};

/// The number of rounds played when her next move is her 5th or 6th, the
/// moments Stage 2 compares the position with Figures 6 and 5.
fn figure_round(position: &Position) -> Option<usize> {
    let rounds = position.edge_count(Player::Second);
    (position.edge_count(Player::First) == rounds && (rounds == 4 || rounds == 5)).then_some(rounds)
}

/// Switches to Stage 5 or 6 (or Beck's L(4) answer) when the position
/// after four or five rounds calls for it. Only changes the memory.
pub fn switch(variant: Variant, position: &Position, memory: &mut Memory) {
    let Some(rounds) = figure_round(position) else {
        return;
    };
    let paper = variant.uses_figures();
    let next = match (variant, rounds) {
        (_, 4) if paper && figures::is_figure6(position) => {
            stage6::enter_from_stage2(position, variant.figure6_entry())
        }
        (_, 5) if paper && figures::is_figure5(position) => stage5::enter(position),
        (Variant::BeckL4, 5) => beck_l4::enter_beck_l4(position),
        _ => None,
    };
    if let Some(next) = next {
        *memory = next;
    }
}

/// Stage 2's switch as written (`k4-as-written`): every memory the switch
/// may lead to, one per admissible naming of the vertices the paper names
/// ([`stage6::entry_options`], [`stage5::enter_options`]); just `memory`
/// when the position is in neither figure.
pub fn switch_options(position: &Position, memory: &Memory) -> Vec<Memory> {
    let options = match figure_round(position) {
        Some(4) if figures::is_figure6(position) => stage6::entry_options(position),
        Some(5) if figures::is_figure5(position) => stage5::enter_options(position),
        _ => Vec::new(),
    };
    if options.is_empty() {
        vec![memory.clone()]
    } else {
        options
    }
}

/// Her Stage 2 move: the first of [`choices`].
pub fn play(position: &Position, memory: &mut Memory) -> Result<Edge, StrategyError> {
    let (edge, next) = choices(position, memory)?.swap_remove(0);
    *memory = next;
    Ok(edge)
}

/// Every Stage 2 move the text allows, each with its memory, `k4`'s first.
///
/// Open choices (Section 4, Stage 2):
/// - "she claims such an edge [that gives a red `K4^-`] and switches to
///   Stage 3": every such edge, and, where one edge gives several `K4^-`,
///   every one of them (Stage 3 "assigns roles to the four vertices of
///   that subgraph"), in label order;
/// - "let c be the vertex of the monochromatic triangle ... with maximum
///   S-degree": every triangle vertex of maximum S-degree (label order);
/// - "chooses a new vertex g": one fresh vertex. Every permutation of the
///   untouched vertices fixes the position and the memory (names are
///   touched vertices), so all fresh vertices are in one orbit, on
///   `K_aleph0` and on every `K_n`: one representative stands for all.
pub fn choices(position: &Position, memory: &Memory) -> Result<Vec<(Edge, Memory)>, StrategyError> {
    let k4_minus = facts::k4_minus_moves(position);
    if !k4_minus.is_empty() {
        return Ok(k4_minus
            .into_iter()
            .map(|(edge, four)| (edge, to_stage3(position, edge, four)))
            .collect());
    }
    let triangle = *facts::red_triangles(position)
        .first()
        .ok_or_else(|| StrategyError::RuleDoesNotApply("Stage 2 without a red triangle".into()))?;
    let g = fresh(position)?;
    let tops = facts::all_min_by_key(triangle, |v| std::cmp::Reverse(position.s_degree(v)));
    Ok(tops.into_iter().map(|c| (Edge::new(c, g), memory.clone())).collect())
}

/// Stage 3's memory after `edge` gives her the red `K4^-` on `four`: `l, r`
/// the ends of its non-red edge, `m`/`n` still to be told apart.
///
/// `l, r` "with arbitrary assignment" (Stage 3) is not an open choice that
/// matters: every rule of Stages 3 and 4 treats `l` and `r` alike, so `l`
/// is the smaller label.
fn to_stage3(position: &Position, edge: Edge, four: [ramsey_verify_lib::core::board::Vertex; 4]) -> Memory {
    let after = position.with(edge, Player::First).expect("free edge");
    let sixth = facts::non_red_edge(&after, four).expect("a K4- has one non-red edge");
    let (l, r) = sixth.ends();
    let mut others = four.iter().copied().filter(|&v| v != l && v != r);
    let mut memory = memory_in(3);
    memory.words[PENDING] = 1;
    memory.set_name(slot::L, Some(l));
    memory.set_name(slot::R, Some(r));
    memory.set_name(slot::M, others.next());
    memory.set_name(slot::N, others.next());
    memory
}
