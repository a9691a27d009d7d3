//! Stage 3 (Section 4, Figure 4): roles `m, n, l, r` on her `K4^-` and the
//! vertices `p0..p4`, all joined to `m` in red.
//!
//! Roles: `l, r` are the ends of the K4's blue (or, before his answer,
//! free) edge, `l` the smaller label ("arbitrary assignment"). Of the other
//! two, `m` is one in a blue triangle, else one of largest S-degree; ties
//! (both in blue triangles, or equal S-degree) go to the smaller label.
//! The roles are decided on her first Stage 3 turn that the standing
//! assumption leaves to her, i.e. after his answer to her `K4^-`.
//!
//! Later turns look at the most recent `p_i`, by the state of the board
//! rather than his last edge only (the two agree unless she had to block
//! a threat in between):
//! - `n p_i` blue, or `p_i` is one of `l, r` (Stage 5 hands over with the
//!   last `p_i` in the `K4^-`): next `p_{i+1}`, or Stage 4 after `p4`;
//! - exactly one of `l p_i`, `r p_i` blue and the other free: claim it;
//! - none of `n p_i, l p_i, r p_i` blue: claim `n p_i`;
//! - anything else: no rule applies (reported as a counterexample).

use super::{facts, modified_k3, slot, PENDING, STAGE};
use ramsey_verify_lib::core::board::{Edge, Player, Position, Vertex};
use ramsey_verify_lib::core::memory::Memory;
use ramsey_verify_lib::verify::strategy::{fresh, StrategyError, View};

/// Her Stage 3 move.
pub fn play(view: &View, memory: &mut Memory) -> Result<Edge, StrategyError> {
    if memory.words[PENDING] == 1 {
        let (edge, next) = first_turn(view.position, memory)?.swap_remove(0);
        *memory = next;
        return Ok(edge);
    }
    match later_turn(view.position, memory)? {
        Some(edge) => Ok(edge),
        None => modified_k3::stage4(view, memory),
    }
}

/// Every Stage 3 move the text allows, each with its memory, `k4`'s first.
/// The open choices are `m` on her first Stage 3 turn ([`m_options`]) and,
/// when Stage 3 hands over to Stage 4, those of the modified K3 building
/// strategy ([`modified_k3::stage4_options`]). "She chooses a fresh vertex
/// p_i": one representative (all fresh vertices are in one orbit).
pub fn choices(view: &View, memory: &Memory) -> Result<Vec<(Edge, Memory)>, StrategyError> {
    if memory.words[PENDING] == 1 {
        return first_turn(view.position, memory);
    }
    let mut next = memory.clone();
    match later_turn(view.position, &mut next)? {
        Some(edge) => Ok(vec![(edge, next)]),
        None => {
            let edges = modified_k3::stage4_options(view, &next)?;
            Ok(edges.into_iter().map(|e| (e, next.clone())).collect())
        }
    }
}

/// Her first Stage 3 turn: roles `m`, `n` for each admissible `m`, then
/// `m p0` for a fresh `p0`.
fn first_turn(position: &Position, memory: &Memory) -> Result<Vec<(Edge, Memory)>, StrategyError> {
    let x = memory.require(slot::M, "m")?;
    let y = memory.require(slot::N, "n")?;
    let mut out = Vec::new();
    for m in m_options(position, x, y) {
        let mut next = memory.clone();
        next.set_name(slot::M, Some(m));
        next.set_name(slot::N, Some(if m == x { y } else { x }));
        next.words[PENDING] = 0;
        let edge = next_p(position, &mut next, 0)?;
        out.push((edge, next));
    }
    Ok(out)
}

/// A later Stage 3 turn by the rules for the most recent `p_i`; `None`
/// when Stage 3 is over (the memory is then in Stage 4).
fn later_turn(position: &Position, memory: &mut Memory) -> Result<Option<Edge>, StrategyError> {
    let n = memory.require(slot::N, "n")?;
    let l = memory.require(slot::L, "l")?;
    let r = memory.require(slot::R, "r")?;
    let i = (0..5)
        .rev()
        .find(|&i| memory.name(slot::p(i)).is_some())
        .ok_or_else(|| no_rule("no p_i"))?;
    let p = memory.require(slot::p(i), "p_i")?;
    let blue = |v: Vertex| position.owner(Edge::new(v, p)) == Some(Player::Second);
    let free = |v: Vertex| position.is_free(Edge::new(v, p));
    if p == l || p == r || blue(n) {
        if i < 4 {
            return next_p(position, memory, i + 1).map(Some);
        }
        memory.words[STAGE] = 4;
        return Ok(None);
    }
    if blue(l) && free(r) {
        return Ok(Some(Edge::new(r, p)));
    }
    if blue(r) && free(l) {
        return Ok(Some(Edge::new(l, p)));
    }
    if !blue(n) && !blue(l) && !blue(r) && free(n) {
        return Ok(Some(Edge::new(n, p)));
    }
    Err(no_rule("Stage 3: the most recent p_i fits no rule"))
}

fn no_rule(what: &str) -> StrategyError {
    StrategyError::RuleDoesNotApply(what.to_string())
}

/// The vertices of `{x, y}` (the two `K4^-` vertices off the blue edge)
/// that may be `m`, `k4`'s choice first (Section 4, Stage 3): "if one of
/// them is contained within a monochromatic triangle of the second player,
/// call this vertex m. If both are not ..., call one of the two with the
/// biggest S-degree m". Interpretation: when *both* lie in blue triangles
/// the text names neither, so both are admissible; otherwise the one in a
/// blue triangle, else every one of largest S-degree. `k4` breaks the ties
/// by S-degree, then label.
pub fn m_options(position: &Position, x: Vertex, y: Vertex) -> Vec<Vertex> {
    let in_blue = |v: Vertex| facts::in_blue_triangle(position, v);
    let mut pair = [x, y];
    pair.sort_by_key(|&v| {
        (
            std::cmp::Reverse(in_blue(v)),
            std::cmp::Reverse(position.s_degree(v)),
            v,
        )
    });
    match (in_blue(pair[0]), in_blue(pair[1])) {
        (true, true) => pair.to_vec(),
        (true, false) => vec![pair[0]],
        _ => facts::all_min_by_key(pair, |v| std::cmp::Reverse(position.s_degree(v))),
    }
}

/// Names a fresh `p_i` and joins it to `m`.
fn next_p(position: &Position, memory: &mut Memory, i: usize) -> Result<Edge, StrategyError> {
    let m = memory.require(slot::M, "m")?;
    let p = fresh(position)?;
    memory.set_name(slot::p(i), Some(p));
    Ok(Edge::new(m, p))
}
