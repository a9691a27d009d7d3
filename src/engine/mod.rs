//! The search core for any [`Game`]: exact values by minimax over
//! canonical positions, one move per orbit, a transposition table shared
//! by all threads, a memory cap, and counters for progress displays.
//!
//! Every position reachable from the start is evaluated exactly once (up
//! to isomorphism), so the value, the chosen moves and the number of
//! positions are the same for any number of threads: threads only change
//! who computes a position first, never what is stored.
//!
//! Values: red maximises [`Value::rank`], blue minimises it; among moves of
//! equal rank the first in the canonical move order is chosen, which makes
//! optimal lines deterministic.

use crate::board::{Player, Vertex};
use crate::game::symmetry::orbit_representatives;
use crate::game::{Canonical, Game, Value};
use dashmap::DashMap;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

pub mod bounded;
mod census;
mod decide;
pub mod play;
mod report;
pub mod strategy;
pub use census::census;
pub use decide::Decider;
pub use report::{solve, SolveReport};

/// The search stopped at its memory cap: no verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no verdict: the transposition table reached its cap of {cap_mib} MiB")]
pub struct MemoryCapReached {
    /// The cap, in MiB.
    pub cap_mib: u64,
}

/// The default cap on a solver's table: half the machine's memory (read
/// from `/proc/meminfo`), or 8 GiB where that cannot be read. The table is
/// most of a solve's memory, so a run stops with a message instead of being
/// killed for lack of memory.
pub fn default_memory_cap() -> u64 {
    let total_kib = std::fs::read_to_string("/proc/meminfo").ok().and_then(|text| {
        let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
        line.split_whitespace().nth(1)?.parse::<u64>().ok()
    });
    total_kib.map_or(8 << 30, |kib| kib * 1024 / 2)
}

/// Plies from the root below which children are evaluated in parallel.
const PARALLEL_PLIES: u32 = 4;

/// An exact solver for one game.
pub struct Solver<'g, G: Game> {
    game: &'g G,
    table: DashMap<Box<[u64]>, Value<G::Score>>,
    table_bytes: AtomicU64,
    max_table_bytes: u64,
    aborted: AtomicBool,
    visited: AtomicU64,
}

/// One move at a position, in the labels of the position it was asked
/// about, with the value it leads to.
#[derive(Clone, Debug)]
pub struct MoveValue<M, S> {
    /// The move.
    pub m: M,
    /// The value after the move, counting the move itself in `plies`.
    pub value: Value<S>,
}

/// The moves of a game with their values.
pub type MoveValues<G> = MoveValue<<G as Game>::Move, <G as Game>::Score>;

impl<'g, G: Game> Solver<'g, G> {
    /// A solver with no memory cap.
    pub fn new(game: &'g G) -> Solver<'g, G> {
        Solver {
            game,
            table: DashMap::new(),
            table_bytes: AtomicU64::new(0),
            max_table_bytes: u64::MAX,
            aborted: AtomicBool::new(false),
            visited: AtomicU64::new(0),
        }
    }

    /// Caps the transposition table at about `bytes` bytes; past it the
    /// search stops with [`MemoryCapReached`].
    pub fn with_memory_limit(mut self, bytes: u64) -> Solver<'g, G> {
        self.max_table_bytes = bytes;
        self
    }

    /// The game being solved.
    pub fn game(&self) -> &G {
        self.game
    }

    /// Distinct positions (up to isomorphism) evaluated so far, finished
    /// ones included.
    pub fn positions(&self) -> u64 {
        self.table.len() as u64
    }

    /// Positions entered so far (for progress displays).
    pub fn visited(&self) -> u64 {
        self.visited.load(Ordering::Relaxed)
    }

    /// Approximate bytes held by the transposition table.
    pub fn table_bytes(&self) -> u64 {
        self.table_bytes.load(Ordering::Relaxed)
    }

    fn cap_error(&self) -> MemoryCapReached {
        MemoryCapReached {
            cap_mib: self.max_table_bytes >> 20,
        }
    }

    /// The value of `position` (any labels) under optimal play.
    pub fn value(&self, position: &G::Position) -> Result<Value<G::Score>, MemoryCapReached> {
        let canon = self.game.canonical(position);
        self.value_of(&canon, 0).ok_or_else(|| self.cap_error())
    }

    /// Every move at `position` (one per orbit, in `position`'s labels)
    /// with the value it leads to; empty when the game is over.
    pub fn move_values(&self, position: &G::Position) -> Result<Vec<MoveValues<G>>, MemoryCapReached> {
        let canon = self.game.canonical(position);
        if self.game.outcome(&canon.position).is_some() {
            return Ok(vec![]);
        }
        let back = inverse(&canon.to_canon);
        let moves = self.orbit_moves(&canon);
        let values = self.child_values(&canon, &moves, 0).ok_or_else(|| self.cap_error())?;
        Ok(moves
            .iter()
            .zip(values)
            .map(|(m, value)| MoveValue {
                m: self.game.relabel_move(m, &back),
                value,
            })
            .collect())
    }

    /// One optimal line from `position` to the end of the game, in
    /// `position`'s labels: at every turn the first best move.
    pub fn optimal_line(&self, position: &G::Position) -> Result<Vec<G::Move>, MemoryCapReached> {
        let mut line = Vec::new();
        let mut current = position.clone();
        loop {
            let options = self.move_values(&current)?;
            let mover = self.game.to_move(&current);
            let Some(best) = best_index(self.game, mover, options.iter().map(|o| o.value)) else {
                return Ok(line);
            };
            let m = options[best].m.clone();
            current = self.game.play(&current, &m);
            line.push(m);
        }
    }

    /// The orbit representatives of the legal moves of a canonical position.
    pub(crate) fn orbit_moves(&self, canon: &Canonical<G::Position>) -> Vec<G::Move> {
        let moves = self.game.moves(&canon.position);
        orbit_representatives(moves, &canon.generators, |m, g| self.game.relabel_move(m, g))
    }

    /// Values after each move (plies counting the move); `None` if aborted.
    fn child_values(
        &self,
        canon: &Canonical<G::Position>,
        moves: &[G::Move],
        depth: u32,
    ) -> Option<Vec<Value<G::Score>>> {
        let eval = |m: &G::Move| {
            let child = self.game.canonical(&self.game.play(&canon.position, m));
            self.value_of(&child, depth + 1).map(|v| Value {
                score: v.score,
                plies: v.plies + 1,
            })
        };
        if depth < PARALLEL_PLIES {
            moves.par_iter().map(eval).collect()
        } else {
            moves.iter().map(eval).collect()
        }
    }

    /// The value of a canonical position; `None` once the cap is reached.
    fn value_of(&self, canon: &Canonical<G::Position>, depth: u32) -> Option<Value<G::Score>> {
        if let Some(v) = self.table.get(&canon.key) {
            return Some(*v);
        }
        if self.aborted.load(Ordering::Relaxed) {
            return None;
        }
        self.visited.fetch_add(1, Ordering::Relaxed);
        let value = match self.game.outcome(&canon.position) {
            Some(score) => Value { score, plies: 0 },
            None => {
                let moves = self.orbit_moves(canon);
                let values = self.child_values(canon, &moves, depth)?;
                let mover = self.game.to_move(&canon.position);
                let best = best_index(self.game, mover, values.iter().copied())
                    .expect("a position that is not over has a move");
                values[best]
            }
        };
        self.store(canon, value);
        Some(value)
    }

    fn store(&self, canon: &Canonical<G::Position>, value: Value<G::Score>) {
        if let dashmap::Entry::Vacant(slot) = self.table.entry(canon.key.clone()) {
            slot.insert(value);
            // Key words, the boxed slice header, the value and the map's
            // own bookkeeping per entry.
            let bytes = 8 * canon.key.len() as u64 + 64;
            if self.table_bytes.fetch_add(bytes, Ordering::Relaxed) + bytes > self.max_table_bytes {
                self.aborted.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Counts of values in the table, for reports: (score, plies) -> positions.
    pub fn value_counts(&self) -> BTreeMap<(G::Score, u32), u64> {
        let mut counts = BTreeMap::new();
        for entry in self.table.iter() {
            *counts.entry((entry.score, entry.plies)).or_default() += 1;
        }
        counts
    }
}

/// The index of the first best value for `mover` (red maximises the rank,
/// blue minimises it); `None` for no values.
pub fn best_index<G: Game>(game: &G, mover: Player, values: impl Iterator<Item = Value<G::Score>>) -> Option<usize> {
    let mut best: Option<(usize, (G::Score, i64))> = None;
    for (i, v) in values.enumerate() {
        let rank = v.rank(game);
        let better = match best {
            None => true,
            Some((_, b)) => match mover {
                Player::First => rank > b,
                Player::Second => rank < b,
            },
        };
        if better {
            best = Some((i, rank));
        }
    }
    best.map(|(i, _)| i)
}

/// The inverse of a permutation.
pub fn inverse(perm: &[Vertex]) -> Vec<Vertex> {
    let mut back = vec![0; perm.len()];
    for (v, &w) in perm.iter().enumerate() {
        back[w as usize] = v as Vertex;
    }
    back
}
