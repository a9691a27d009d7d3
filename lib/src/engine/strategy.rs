//! Certifying an explicit strategy of one player in any game ([`Rules`]): the
//! strategy picks that player's moves, every legal move of the other
//! player is tried, and the certificate says that every game ends with at
//! least the promised score.
//!
//! A strategy here sees the labelled position and the opponent's last
//! move, nothing else; so two visits of the same (position, last move)
//! get the same answer and the check is done once per pair (exact,
//! labelled pairs; no canonical forms, since the strategy may read
//! labels). The check is no search of its own: the strategy is made a
//! game ([`super::follow::Follow`]) and the engine's one core
//! ([`super::Solver`]) searches it, with its table, threads and memory
//! cap. Verdicts, counterexamples and counts are the same for any number
//! of threads.

pub use super::follow::{Counterexample, FailureKind, LabelledStrategy};
use super::follow::{Follow, Verdict};
use super::{Counters, Limits, Solver, Stopped};
use crate::core::board::Player;
use crate::games::{FirstFailure, Hints, Rules};
use std::hash::Hash;

/// Certifies that `strategy`, playing `player` from `start`, ends every
/// game with a score at least as good for `player` as `promised`. The
/// game's `moves` must accept positions in any labels (nothing is put in
/// canonical form). Ok gives the number of (position, last move) pairs
/// checked: every one reachable from `start` where the game goes on (a
/// finished game is no pair to check). A failure is the first one in move
/// order (the other player's moves in the game's order, the strategy's
/// options in its order), as a depth-first walk would meet it.
///
/// No memory cap, on the current thread pool: [`certify_limited`] for a
/// run with limits.
pub fn certify<G, S>(
    game: &G,
    start: &G::Position,
    player: Player,
    strategy: &S,
    promised: G::Score,
) -> Result<u64, Counterexample<G::Move>>
where
    G: Rules,
    G::Position: Hash + Eq,
    S: LabelledStrategy<G> + ?Sized,
{
    let unlimited = Limits::default().with_max_memory(u64::MAX);
    certify_limited(game, start, player, strategy, promised, unlimited)
        .unwrap_or_else(|stopped| unreachable!("no memory cap, yet {stopped}"))
}

/// [`certify`] within `limits`: the search's table and key book are
/// capped at `limits.max_memory()` (past it: [`Stopped`], no verdict) and
/// its progress display is told the counters. It runs on the pool it is
/// called from ([`Limits::install`] gives one of `limits.threads()`); the
/// result is the same for any thread count.
pub fn certify_limited<G, S>(
    game: &G,
    start: &G::Position,
    player: Player,
    strategy: &S,
    promised: G::Score,
    limits: Limits,
) -> Result<Result<u64, Counterexample<G::Move>>, Stopped>
where
    G: Rules,
    G::Position: Hash + Eq,
    S: LabelledStrategy<G> + ?Sized,
{
    let follow = Follow::new(game, player, strategy, promised);
    let root = follow.node(start.clone());
    let solver = Solver::asking(&follow, FirstFailure)
        .with_limits(limits)
        .with_entry_bytes(Follow::<G, S>::entry_bytes());
    let counters = || Counters {
        visited: solver.visited(),
        table_bytes: solver.table_bytes(),
        ..Counters::default()
    };
    // A start where the game is over is no pair to check.
    let value = match follow.quick_value(&root) {
        Some(value) => value,
        None => limits.watch(counters, || solver.value(&root))?,
    };
    match value.score {
        Verdict::Holds => Ok(Ok(solver.positions())),
        Verdict::Fails(reason) => Ok(Err(Counterexample {
            line: solver.optimal_line(&root)?,
            reason,
        })),
    }
}
