//! Forced wins at the Stage 6 hub, two guards of `k4-guarded` (a repair, not
//! in the paper): a short one is looked for before rules (c), (d), a longer
//! one when none of rules (a)-(d) applies (rule (e)). She plays the first
//! move of a shortest forced win in which her own moves stay at the hub `c`: edges `c x`, and edges between two red
//! neighbours of `c` (a red triangle there is a K4 with `c`). His moves are
//! not restricted. Found by the engine's exhaustive solver (`solve.rs`) with
//! the hub named, so the choice is isomorphism-invariant.

use super::slot;
use crate::board::{Edge, Player, Position, Vertex};
use crate::solve::Solver;
use crate::strategy::Memory;

/// Longest win (in her moves) the rule searches for.
pub const MAX_DEPTH: u32 = 8;
/// Longest win looked for before rules (c), (d).
pub const QUICK_DEPTH: u32 = 4;
/// Most nodes one search may visit before the rule gives up.
const MAX_NODES: u64 = 3_000_000;

/// The first move of a shortest hub-restricted forced win, if one of at most
/// [`MAX_DEPTH`] moves exists and is found within the node limit.
pub fn move_at_hub(position: &Position, hub: Vertex, max_depth: u32) -> Option<Edge> {
    let mut names = Memory::new(0, slot::C + 1);
    names.set_name(slot::C, Some(hub));
    let mut solver = Solver::new(4, MAX_NODES).restrict_her_moves(names, Box::new(move |p, e| at_hub(p, hub, e)));
    (1..=max_depth).find_map(|depth| solver.first_winning_move(position, depth).ok().flatten())
}

fn at_hub(position: &Position, hub: Vertex, e: Edge) -> bool {
    let (u, v) = e.ends();
    let red = position.neighbours(Player::First, hub);
    e.touches(hub) || (red >> u & 1 == 1 && red >> v & 1 == 1)
}
