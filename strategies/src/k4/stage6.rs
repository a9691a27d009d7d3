//! Stage 6 (Section 4): rules (a)-(d), tried in order every turn.
//!
//! Names: hub `c` (every `p_i` is joined to it in red), `a, b` the other two
//! vertices of her triangle at `c`, `p0..p4`.
//! - Entered from Stage 5 with `a, b, c, p0..p3` as named there.
//! - Entered from Stage 2 on a Figure 6 position (after four rounds): the
//!   paper names `p0` (F-degree 1) and `a` (F-degree 3) and then claims
//!   `c p_j` without saying which vertex `c` is. We take the hub `c` to be
//!   the paper's `a`, the F-degree-3 vertex joined to `p0`: it is the only
//!   choice under which rule (c)'s triangle on the `p_i` makes a K4. `a, b`
//!   are then the other two triangle vertices (smaller label first). The
//!   rules apply from her fifth move on (the text's "turn six" is read as
//!   counting from 0 or as the next decision; there is no other rule for
//!   her fifth move). Variants read the entry differently ([`Figure6Entry`])
//!   or rule (b) ([`Rules`]); see `strategies/k4/README.md`.
//!
//! Rules:
//! - (a) a saved plan: continue the modified K3 strategy on `P` (below);
//! - (a) also a saved promising plan: its next edge (`promising::next_move`);
//!   a plan whose next edge he took is forgotten and the rules go on;
//! - (b) a realised promising graph meeting Lemma 4.2's conditions
//!   (`promising::find_plan` with `Detection::Paper(BlueRule::MayBeFree)`:
//!   the remark after the proof of Lemma 4.2 says a blue edge of a type may
//!   be unclaimed, "which we use in the algorithm"): save it and play it;
//! - (c) five `p_i` with no claimed edge among them: save the plan "build a
//!   triangle on `P` with the modified K3 strategy" (hub `c`, with `a, b` in
//!   the role of `l, r`) and play its first edge;
//! - (d) fewer than five `p_i`: a fresh `p_j`, claim `c p_j`;
//! - otherwise no rule applies (the paper says this never occurs).

use super::promising::{self, BlueRule, Detection, Plan, PlanSlots};
use super::{facts, memory_in, modified_k3, slot, stage5, PLAN, PLAN_TRIANGLE};
use ramsey_verify_lib::core::board::{Edge, Player, Position, Vertex};
use ramsey_verify_lib::core::memory::Memory;
use ramsey_verify_lib::verify::strategy::{StrategyError, View};

/// Which vertex is Stage 6's hub `c` when it is entered from a Figure 6
/// position, and whether the paper's `p0` is one of the `p_i` (Section 4,
/// Stage 6: the paper names only `p0`, F-degree 1, and `a`, F-degree 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure6Entry {
    /// `k4`: the hub is the F-degree-3 vertex, `p0` its pendant is `p0`.
    Paper,
    /// `k4-fresh-p`: the same hub, but `p0` is not one of the `p_i` (it is
    /// blue to both other triangle vertices in every derived Figure 6
    /// position); rule (d) names five fresh `p_i`.
    FreshP,
    /// `k4-other-hub`: the hub is the other triangle vertex of larger
    /// S-degree (ties: smaller label), as in Stage 5 where `a` (F-degree 3)
    /// is not the hub; `p0` (not joined to that hub) is not one of the `p_i`.
    OtherHub,
}

/// The red triangle of a Figure 6 position, its vertex of F-degree 3 and
/// that vertex's pendant `p0` of F-degree 1, if it has the stated shape.
fn figure6_names(position: &Position) -> Option<([Vertex; 3], Vertex, Vertex)> {
    let triangle = *facts::red_triangles(position).first()?;
    let f3 = triangle.into_iter().find(|&v| position.f_degree(v) == 3)?;
    let p0 = ramsey_verify_lib::core::board::members(position.neighbours(Player::First, f3))
        .find(|&v| position.f_degree(v) == 1)?;
    Some((triangle, f3, p0))
}

/// Stage 6's memory with hub `c`, triangle vertices `a, b` and `p0`.
fn entry_memory(c: Vertex, a: Option<Vertex>, b: Option<Vertex>, p0: Option<Vertex>) -> Memory {
    let mut memory = memory_in(6);
    memory.set_name(slot::A, a);
    memory.set_name(slot::B, b);
    memory.set_name(slot::C, Some(c));
    memory.set_name(slot::p(0), p0);
    memory
}

/// Stage 6's memory for a Figure 6 position, if it has the stated shape
/// (one vertex of F-degree 3 in her triangle, joined to `p0` of F-degree 1).
pub fn enter_from_stage2(position: &Position, entry: Figure6Entry) -> Option<Memory> {
    let (triangle, f3, p0) = figure6_names(position)?;
    let others = triangle.into_iter().filter(|&v| v != f3);
    let c = match entry {
        Figure6Entry::OtherHub => facts::min_by_key(others.clone(), |v| std::cmp::Reverse(position.s_degree(v)))?,
        _ => f3,
    };
    let mut rest = triangle.into_iter().filter(|&v| v != c);
    let p0 = (entry == Figure6Entry::Paper).then_some(p0);
    Some(entry_memory(c, rest.next(), rest.next(), p0))
}

/// Every Stage 6 memory a Figure 6 entry allows as written (`k4-as-written`),
/// `k4`'s first. Section 4, Stage 6: "she gives the name p_0 to the vertex
/// of F-degree one and a to the vertex of F-degree three", and rule (d)
/// then claims `c p_j`, but this entry never says which vertex is `c`. Open
/// choice: the hub `c` is
/// - the F-degree-3 vertex itself (`k4`'s interpretation: `p0` is joined to
///   it, as every `p_i` is to `c`; `a, b` are then the other two), or
/// - either of the other two triangle vertices (the literal reading: `a` is
///   the F-degree-3 vertex, so `c` is another one; `b` the third).
///
/// `p0` is named in every reading (the text names it, and rule (d)'s
/// `j := max{i + 1: p_i defined}` counts it).
pub fn entry_options(position: &Position) -> Vec<Memory> {
    let Some((triangle, f3, p0)) = figure6_names(position) else {
        return Vec::new();
    };
    let others: Vec<Vertex> = triangle.into_iter().filter(|&v| v != f3).collect();
    let mut out = vec![entry_memory(f3, Some(others[0]), Some(others[1]), Some(p0))];
    for (i, &c) in others.iter().enumerate() {
        out.push(entry_memory(c, Some(f3), Some(others[1 - i]), Some(p0)));
    }
    out
}

/// The parts of Stage 6 the variants change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// How many `p_i` rule (d) may name (5 in the paper).
    pub max_p: usize,
    /// How rule (b) looks for a way to win.
    pub detection: Detection,
    /// The guards of `k4-guarded` (a repair, not in the paper): a saved
    /// forcing line is only followed while it still forces; a short forced
    /// win at the hub is taken before rules (c), (d) (`hub_search.rs`); a
    /// quiet move of rules (c), (d) must leave him no forcing line
    /// (`safety.rs`); when no rule applies, a longer win at the hub is
    /// searched for (rule (e)).
    pub guard: bool,
}

impl Rules {
    /// Section 4 as written: five `p_i`, the promising graphs of Lemma 4.2.
    pub const PAPER: Rules = Rules {
        max_p: 5,
        detection: Detection::Paper(BlueRule::MayBeFree),
        guard: false,
    };
}

const PLAN_SLOTS: PlanSlots = PlanSlots {
    word: PLAN,
    first_name: slot::PLAN,
};

/// Her Stage 6 move by the given rules.
pub fn play(view: &View, memory: &mut Memory, rules: Rules) -> Result<Edge, StrategyError> {
    if let Some(plan) = Plan::load(memory, PLAN_SLOTS) {
        if let Some(edge) = promising::next_move(&plan, view.position) {
            if !rules.guard || still_forcing(&plan, view.position) {
                return Ok(edge);
            }
        }
        Plan::forget(memory, PLAN_SLOTS);
    }
    if memory.words[PLAN] != PLAN_TRIANGLE {
        if let Some(plan) = promising::find_plan(view.position, rules.detection) {
            if let Some(edge) = promising::next_move(&plan, view.position) {
                plan.save(memory, PLAN_SLOTS);
                return Ok(edge);
            }
        }
    }
    if rules.guard && memory.words[PLAN] != PLAN_TRIANGLE {
        let hub = memory.require(slot::C, "c")?;
        if let Some(edge) = super::hub_search::move_at_hub(view.position, hub, super::hub_search::QUICK_DEPTH) {
            return Ok(edge);
        }
    }
    let before = memory.clone();
    let planned = match play_without_promising(view, memory, rules.max_p) {
        Err(StrategyError::RuleDoesNotApply(why)) if rules.guard => {
            let hub = memory.require(slot::C, "c")?;
            return super::hub_search::move_at_hub(view.position, hub, super::hub_search::MAX_DEPTH)
                .ok_or(StrategyError::RuleDoesNotApply(why));
        }
        other => other?,
    };
    if rules.guard && memory.words[PLAN] != PLAN_TRIANGLE {
        let safe = super::safety::safe_move(view.position, planned);
        if safe != planned {
            *memory = before;
        }
        return Ok(safe);
    }
    Ok(planned)
}

/// Whether the moves of `plan` she does not own yet are still a forcing
/// line (or one completion away from a win).
fn still_forcing(plan: &Plan, position: &Position) -> bool {
    let rest: Vec<Edge> = plan
        .moves()
        .into_iter()
        .filter(|&e| position.owner(e) != Some(Player::First))
        .collect();
    rest.is_empty() || promising::forcing::is_forcing_line(position, &rest)
}

/// Rules (a), (c), (d) (rule (b) left out), with at most `max_p` vertices
/// `p_i`. Rule (c) takes the first five `p_i` (index order) with no claimed
/// edge among them and renames them `p0..p4`; with `max_p = 5` that is the
/// paper's rule.
pub fn play_without_promising(view: &View, memory: &mut Memory, max_p: usize) -> Result<Edge, StrategyError> {
    match rules_c_d(view.position, memory, max_p)? {
        Some(edge) => Ok(edge),
        None => triangle_move(view, memory),
    }
}

/// Rules (c) and (d): `Some` edge of rule (d) (a fresh `p_j` named), or
/// `None` when the triangle plan on `P` is saved (rule (c), now or in an
/// earlier turn) and the modified K3 strategy is to move.
fn rules_c_d(position: &Position, memory: &mut Memory, max_p: usize) -> Result<Option<Edge>, StrategyError> {
    if memory.words[PLAN] == PLAN_TRIANGLE {
        return Ok(None);
    }
    let k = stage5::p_count(memory);
    if let Some(five) = independent_five(position, memory, k) {
        let mut order: Vec<usize> = five.to_vec();
        order.extend((0..k).filter(|i| !five.contains(i)));
        let names: Vec<_> = order.iter().map(|&i| memory.name(slot::p(i))).collect();
        for (i, name) in names.into_iter().enumerate() {
            memory.set_name(slot::p(i), name);
        }
        memory.words[PLAN] = PLAN_TRIANGLE;
        return Ok(None);
    }
    if k < max_p {
        return stage5::next_p(position, memory, k).map(Some);
    }
    Err(StrategyError::RuleDoesNotApply(
        "Stage 6: none of rules (a)-(d) applies".into(),
    ))
}

/// Every Stage 6 move the text allows (`k4-as-written`), each with its
/// memory, `k4`'s first (Section 4, Stage 6, rules (a)-(d) in order):
/// - (a) a saved plan: its next edge (no choice);
/// - (b) "whether there is a realised promising graph ... If there is one of
///   those present": which one is open, so every realised promising graph
///   meeting Lemma 4.2's conditions ([`promising::find_plans`]), one per
///   distinct line of her moves (copies with the same line play alike);
/// - (c) the modified K3 building strategy on `P` with its open choices
///   ([`modified_k3::move_options`]); Stage 6 names no `l, r`, so its
///   "neighbouring as many vertices of l, r" is void here (interpretation;
///   `k4` uses `a, b`, and its move comes first);
/// - (d) "she finds a fresh vertex": one representative (all fresh vertices
///   are in one orbit).
pub fn choices(view: &View, memory: &Memory) -> Result<Vec<(Edge, Memory)>, StrategyError> {
    let mut memory = memory.clone();
    if let Some(plan) = Plan::load(&memory, PLAN_SLOTS) {
        if let Some(edge) = promising::next_move(&plan, view.position) {
            return Ok(vec![(edge, memory)]);
        }
        Plan::forget(&mut memory, PLAN_SLOTS);
    }
    if memory.words[PLAN] != PLAN_TRIANGLE {
        let plans = promising::find_plans(view.position, BlueRule::MayBeFree);
        let mut lines: Vec<Vec<Edge>> = Vec::new();
        let mut out = Vec::new();
        for plan in plans {
            let Some(edge) = promising::next_move(&plan, view.position) else {
                continue;
            };
            if !lines.contains(&plan.moves()) {
                lines.push(plan.moves());
                let mut next = memory.clone();
                plan.save(&mut next, PLAN_SLOTS);
                out.push((edge, next));
            }
        }
        if !out.is_empty() {
            return Ok(out);
        }
    }
    match rules_c_d(view.position, &mut memory, Rules::PAPER.max_p)? {
        Some(edge) => Ok(vec![(edge, memory)]),
        None => {
            let lr = [memory.require(slot::A, "a")?, memory.require(slot::B, "b")?];
            let edges = modified_k3::move_options(view.position, view.last_reply, p_set(&memory)?, lr, false)?;
            Ok(edges.into_iter().map(|e| (e, memory.clone())).collect())
        }
    }
}

fn p_set(memory: &Memory) -> Result<[Vertex; 5], StrategyError> {
    let mut p = [0; 5];
    for (i, v) in p.iter_mut().enumerate() {
        *v = memory.require(slot::p(i), "p_i")?;
    }
    Ok(p)
}

/// The first five indices (lexicographic) among `p0..p_{k-1}` with no
/// claimed edge among their vertices.
fn independent_five(position: &Position, memory: &Memory, k: usize) -> Option<[usize; 5]> {
    let v = |i: usize| memory.name(slot::p(i));
    let free = |i: usize, j: usize| matches!((v(i), v(j)), (Some(x), Some(y)) if position.is_free(Edge::new(x, y)));
    let mut chosen = Vec::with_capacity(5);
    fn extend(chosen: &mut Vec<usize>, from: usize, k: usize, free: &dyn Fn(usize, usize) -> bool) -> bool {
        if chosen.len() == 5 {
            return true;
        }
        for i in from..k {
            if chosen.iter().all(|&j| free(j, i)) {
                chosen.push(i);
                if extend(chosen, i + 1, k, free) {
                    return true;
                }
                chosen.pop();
            }
        }
        false
    }
    extend(&mut chosen, 0, k, &free).then(|| [chosen[0], chosen[1], chosen[2], chosen[3], chosen[4]])
}

fn triangle_move(view: &View, memory: &Memory) -> Result<Edge, StrategyError> {
    let lr = [memory.require(slot::A, "a")?, memory.require(slot::B, "b")?];
    modified_k3::move_on(view.position, view.last_reply, p_set(memory)?, lr)
}
