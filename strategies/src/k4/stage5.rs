//! Stage 5 (Section 4): her answer to the Figure 5 positions, and Beck's
//! L(4) answer (Section 3) for the variant `k4-beck-l4`, which has the same
//! shape: new vertices joined to a hub, each one turned into a `K4^-` as
//! soon as he does not block it.
//!
//! Names (Stage 5): the red triangle is `a, b, c`; `c` has F-degree 3 and
//! S-degree 2, `a` is the other triangle vertex of F-degree 3, `b` the
//! third; `p0` has F-degree 1 and S-degree 1 (if several do, one joined to
//! `c` in red first, then the smallest label). A position matching none of
//! these degree facts keeps Stage 2 (the derived figures all match them,
//! which the test suite checks).
//!
//! Moves (state of the board, not only his last edge):
//! - no `p1`: a fresh `p1`, claim `c p1`;
//! - no `p2`: if `a p1`, `b p1` are free, claim `a p1` and go to Stage 3 with
//!   `m = c, n = a, l = b, r = p1` (the `K4^-` on `a, b, c, p1`; "with the
//!   p_i as assigned", so `p0, p1` stay; `m = c` because every `p_i` is
//!   joined to `c`); else a fresh `p2`, claim `c p2`;
//! - no `p3`: if `a p2, b p2, p1 p2` are free, claim `a p2` and go to Stage 3
//!   likewise with `r = p2`; else a fresh `p3`, claim `c p3`, go to Stage 6.

use super::{facts, memory_in, slot, STAGE};
use ramsey_verify_lib::core::board::{Edge, Player, Position, Vertex};
use ramsey_verify_lib::core::memory::Memory;
use ramsey_verify_lib::verify::strategy::{fresh, StrategyError};

/// Stage 5's memory for a Figure 5 position, if its degree facts fit:
/// the first of [`enter_options`].
pub fn enter(position: &Position) -> Option<Memory> {
    enter_options(position).into_iter().next()
}

/// Every naming of Stage 5's vertices the text allows (Section 4, Stage
/// 5: "c is the vertex of F-degree three and S-degree two, a is the other
/// vertex of F-degree 3 and b is the last vertex of the triangle ... p_0
/// \[is\] the vertex of F-degree and S-degree one"). The text speaks of *the*
/// vertex; where the board has several, each is a reading (label order;
/// for `p0` the ones joined to `c` in red first, `k4`'s tie-break). Empty
/// when the degree facts do not fit.
pub fn enter_options(position: &Position) -> Vec<Memory> {
    let Some(&triangle) = facts::red_triangles(position).first() else {
        return Vec::new();
    };
    let (f, s) = (|v| position.f_degree(v), |v| position.s_degree(v));
    let mut out = Vec::new();
    for c in triangle.into_iter().filter(|&v| f(v) == 3 && s(v) == 2) {
        for a in triangle.into_iter().filter(|&v| v != c && f(v) == 3) {
            let b = triangle.into_iter().find(|&v| v != c && v != a).expect("a triangle");
            let mut p0s: Vec<Vertex> = ramsey_verify_lib::core::board::members(position.touched())
                .filter(|&v| f(v) == 1 && s(v) == 1)
                .collect();
            p0s.sort_by_key(|&v| position.owner(Edge::new(v, c)) != Some(Player::First));
            out.extend(p0s.into_iter().map(|p0| named(5, a, b, c, &[p0])));
        }
    }
    out
}

/// Memory in `stage` with the triangle `a, b, c` and the given `p_i`.
pub(super) fn named(stage: u32, a: Vertex, b: Vertex, c: Vertex, ps: &[Vertex]) -> Memory {
    let mut memory = memory_in(stage);
    memory.set_name(slot::A, Some(a));
    memory.set_name(slot::B, Some(b));
    memory.set_name(slot::C, Some(c));
    for (i, &p) in ps.iter().enumerate() {
        memory.set_name(slot::p(i), Some(p));
    }
    memory
}

/// Number of named `p_i`.
pub fn p_count(memory: &Memory) -> usize {
    (0..slot::P_SLOTS)
        .take_while(|&i| memory.name(slot::p(i)).is_some())
        .count()
}

/// Names a fresh `p_i` and joins it to the hub `c`.
pub fn next_p(position: &Position, memory: &mut Memory, i: usize) -> Result<Edge, StrategyError> {
    let c = memory.require(slot::C, "c")?;
    let p = fresh(position)?;
    memory.set_name(slot::p(i), Some(p));
    Ok(Edge::new(c, p))
}

/// Claims `a p` (a `K4^-` on `a, b, c, p`) and hands over to Stage 3 with
/// `m = c, n = a, l = b, r = p`, keeping the `p_i`.
pub(super) fn to_stage3(memory: &mut Memory, p: Vertex) -> Result<Edge, StrategyError> {
    let (a, b, c) = (
        memory.require(slot::A, "a")?,
        memory.require(slot::B, "b")?,
        memory.require(slot::C, "c")?,
    );
    memory.words[STAGE] = 3;
    memory.set_name(slot::A, None);
    memory.set_name(slot::B, None);
    memory.set_name(slot::C, None);
    memory.set_name(slot::M, Some(c));
    memory.set_name(slot::N, Some(a));
    memory.set_name(slot::L, Some(b));
    memory.set_name(slot::R, Some(p));
    Ok(Edge::new(a, p))
}

/// Her Stage 5 move.
pub fn play(position: &Position, memory: &mut Memory) -> Result<Edge, StrategyError> {
    let free = |x: Vertex, y: Vertex| position.is_free(Edge::new(x, y));
    let (a, b) = (memory.require(slot::A, "a")?, memory.require(slot::B, "b")?);
    match p_count(memory) {
        1 => next_p(position, memory, 1),
        2 => {
            let p1 = memory.require(slot::p(1), "p1")?;
            if free(a, p1) && free(b, p1) {
                to_stage3(memory, p1)
            } else {
                next_p(position, memory, 2)
            }
        }
        3 => {
            let (p1, p2) = (memory.require(slot::p(1), "p1")?, memory.require(slot::p(2), "p2")?);
            if free(a, p2) && free(b, p2) && free(p1, p2) {
                to_stage3(memory, p2)
            } else {
                memory.words[STAGE] = 6;
                next_p(position, memory, 3)
            }
        }
        k => Err(StrategyError::RuleDoesNotApply(format!(
            "Stage 5 with {k} vertices p_i"
        ))),
    }
}
