//! A plan she saved (Stage 6(a)): a promising graph's roles or a forcing
//! line's endpoints, kept in the strategy's vertex-labelled [`Memory`] so
//! the engine relabels it with the position.

use super::{PromisingType, MAX_LINE};
use ramsey_verify_lib::core::board::{Edge, Player, Position, Vertex};
use ramsey_verify_lib::core::memory::Memory;

/// Where a plan came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlanKind {
    /// A promising graph of this type number.
    Promising(u8),
    /// A forcing line found by [`super::forcing_line`].
    ForcingLine,
}

/// A saved way to win: vertex-labelled, so it lives in a [`Memory`] and is
/// relabelled with the position. For a promising graph the vertices are the
/// type's roles `a, b, c, ...`; for a forcing line, her moves' endpoints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Where the plan came from.
    pub kind: PlanKind,
    /// Its vertices: the type's roles in order, or her moves' endpoints.
    pub vertices: Vec<Vertex>,
}

/// Where a plan lives in a memory: one word and [`PLAN_NAME_SLOTS`]
/// consecutive name slots from `first_name`.
#[derive(Clone, Copy, Debug)]
pub struct PlanSlots {
    /// The memory word holding the plan's kind.
    pub word: usize,
    /// The first of its consecutive name slots.
    pub first_name: usize,
}

/// Name slots a plan needs (four moves of two endpoints).
pub const PLAN_NAME_SLOTS: usize = 2 * MAX_LINE;
/// Word value of a promising graph of type `t`: `PROMISING_CODE + t`.
/// Codes are above 15 so that the word can hold other plans' small codes.
pub const PROMISING_CODE: u32 = 0x10;
/// Word value of a forcing line.
pub const FORCING_LINE_CODE: u32 = 0x20;

impl Plan {
    /// Her moves along the line, in order.
    pub fn moves(&self) -> Vec<Edge> {
        let edge = |i: usize, j: usize| Edge::new(self.vertices[i], self.vertices[j]);
        match self.kind {
            PlanKind::Promising(t) => PromisingType::numbered(t)
                .map(|ty| ty.move_pairs().into_iter().map(|(i, j)| edge(i, j)).collect())
                .unwrap_or_default(),
            PlanKind::ForcingLine => (0..self.vertices.len() / 2).map(|i| edge(2 * i, 2 * i + 1)).collect(),
        }
    }

    /// Writes the plan into `memory`.
    pub fn save(&self, memory: &mut Memory, slots: PlanSlots) {
        memory.words[slots.word] = match self.kind {
            PlanKind::Promising(t) => PROMISING_CODE + t as u32,
            PlanKind::ForcingLine => FORCING_LINE_CODE,
        };
        for i in 0..PLAN_NAME_SLOTS {
            memory.set_name(slots.first_name + i, self.vertices.get(i).copied());
        }
    }

    /// The plan saved in `memory`, if its word holds one.
    pub fn load(memory: &Memory, slots: PlanSlots) -> Option<Plan> {
        let code = *memory.words.get(slots.word)?;
        let kind = match code {
            FORCING_LINE_CODE => PlanKind::ForcingLine,
            c if c > PROMISING_CODE && PromisingType::numbered((c - PROMISING_CODE) as u8).is_some() => {
                PlanKind::Promising((c - PROMISING_CODE) as u8)
            }
            _ => return None,
        };
        let names = (0..PLAN_NAME_SLOTS).map(|i| memory.name(slots.first_name + i));
        let vertices: Vec<Vertex> = names.map_while(|v| v).collect();
        Some(Plan { kind, vertices })
    }

    /// Removes the plan from `memory`.
    pub fn forget(memory: &mut Memory, slots: PlanSlots) {
        memory.words[slots.word] = 0;
        for i in 0..PLAN_NAME_SLOTS {
            memory.set_name(slots.first_name + i, None);
        }
    }
}

/// Stage 6(a), "she secured a way to win in a previous turn": her next move
/// of a saved plan, the first of its moves she does not own yet, or `None`
/// if that edge is his (the plan is broken). Call it after the standing
/// assumption: if he did not take the edge a threat forced, she completes
/// the `K4` there (the proof's "she could claim it in her next turn"), and
/// after the last move she completes whichever threat he left.
pub fn next_move(plan: &Plan, position: &Position) -> Option<Edge> {
    let pending = plan
        .moves()
        .into_iter()
        .find(|&e| position.owner(e) != Some(Player::First))?;
    position.is_free(pending).then_some(pending)
}
