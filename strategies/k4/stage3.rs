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
use crate::board::{Edge, Player, Position, Vertex};
use crate::strategy::{fresh, Memory, StrategyError, View};

/// Her Stage 3 move.
pub fn play(view: &View, memory: &mut Memory) -> Result<Edge, StrategyError> {
    let position = view.position;
    if memory.words[PENDING] == 1 {
        assign_m(position, memory)?;
        return next_p(position, memory, 0);
    }
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
            return next_p(position, memory, i + 1);
        }
        memory.words[STAGE] = 4;
        return modified_k3::stage4(view, memory);
    }
    if blue(l) && free(r) {
        return Ok(Edge::new(r, p));
    }
    if blue(r) && free(l) {
        return Ok(Edge::new(l, p));
    }
    if !blue(n) && !blue(l) && !blue(r) && free(n) {
        return Ok(Edge::new(n, p));
    }
    Err(no_rule("Stage 3: the most recent p_i fits no rule"))
}

fn no_rule(what: &str) -> StrategyError {
    StrategyError::RuleDoesNotApply(what.to_string())
}

/// Decides which of the two candidates (slots `m`, `n`) is `m`.
fn assign_m(position: &Position, memory: &mut Memory) -> Result<(), StrategyError> {
    let x = memory.require(slot::M, "m")?;
    let y = memory.require(slot::N, "n")?;
    let rank = |v: Vertex| {
        (
            std::cmp::Reverse(facts::in_blue_triangle(position, v)),
            std::cmp::Reverse(position.s_degree(v)),
            v,
        )
    };
    let (m, n) = if rank(x) <= rank(y) { (x, y) } else { (y, x) };
    memory.set_name(slot::M, Some(m));
    memory.set_name(slot::N, Some(n));
    memory.words[PENDING] = 0;
    Ok(())
}

/// Names a fresh `p_i` and joins it to `m`.
fn next_p(position: &Position, memory: &mut Memory, i: usize) -> Result<Edge, StrategyError> {
    let m = memory.require(slot::M, "m")?;
    let p = fresh(position)?;
    memory.set_name(slot::p(i), Some(p));
    Ok(Edge::new(m, p))
}
