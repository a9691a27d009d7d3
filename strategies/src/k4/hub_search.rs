//! Forced wins at the Stage 6 hub, two guards of `k4-guarded` (a repair, not
//! in the paper): a short one is looked for before rules (c), (d), a longer
//! one when none of rules (a)-(d) applies (rule (e)). She plays the first
//! move of a shortest forced win in which her own moves stay at the hub `c`: edges `c x`, and edges between two red
//! neighbours of `c` (a red triangle there is a K4 with `c`). His moves are
//! not restricted. Found by the engine's budget game
//! ([`ramsey_verify_lib::analysis::budget`]) with the hub named, so the choice is
//! isomorphism-invariant.

use super::slot;
use ramsey_verify_lib::analysis::budget::{BudgetSolver, CliqueRace};
use ramsey_verify_lib::core::board::{Edge, Player, Position, Vertex};
use ramsey_verify_lib::core::memory::Memory;
use ramsey_verify_lib::engine::limits::{Limits, MIB};

/// Longest win (in her moves) the rule searches for.
pub const MAX_DEPTH: u32 = 8;
/// Longest win looked for before rules (c), (d).
pub const QUICK_DEPTH: u32 = 4;
/// Most memory (MiB) one search's table may take before the rule gives up
/// (the search is sequential, so where it gives up is the same on every
/// run). The K4 certifications stay far below it: their largest search
/// stores about 18,000 positions.
const MAX_TABLE_BYTES: u64 = 256 * MIB;

/// The first move of a shortest hub-restricted forced win, if one of at most
/// `max_depth` moves exists and is found within the memory cap.
pub fn move_at_hub(position: &Position, hub: Vertex, max_depth: u32) -> Option<Edge> {
    let mut names = Memory::new(0, slot::C + 1);
    names.set_name(slot::C, Some(hub));
    let game = CliqueRace::new(4, position.board().clone()).restrict_her_moves(names, Box::new(at_hub));
    let limits = Limits::default().with_max_memory(MAX_TABLE_BYTES);
    let solver = BudgetSolver::new(game).with_limits(limits);
    let (_, moves) = solver.shortest_win(position, max_depth, 1).ok()??;
    moves.first().copied()
}

/// Whether `e` is one of her moves at the hub named in `names`.
fn at_hub(position: &Position, names: &Memory, e: Edge) -> bool {
    let hub = names.name(slot::C).expect("the hub is named");
    let (u, v) = e.ends();
    let red = position.neighbours(Player::First, hub);
    e.touches(hub) || (red >> u & 1 == 1 && red >> v & 1 == 1)
}
