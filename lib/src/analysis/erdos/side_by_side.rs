//! Several of Erdős' games on one board solved side by side, one search
//! per thread.
//!
//! Why: a single threshold search is sequential (`engine::bounded`: its
//! only parallel work was too fine-grained to pay), so the threads of a
//! run pay where the work is coarse, a whole game each. Each game's search
//! is exactly the search it would be alone, so outcomes, optimal lines and
//! position counts are those of a one-thread run; only the wall time and
//! the peak memory (several tables held at once) change. Reports keep the
//! order the games were given in.

use super::{solve_with, Solved};
use crate::engine::{machine_memory, Limits, Stopped};
use crate::games::scoring::{Scoring, ScoringGame};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Sender};

/// The order games start in when solved side by side: the costliest first,
/// so that the longest game does not start last (on K8 with one thread:
/// Colex 42 s, Clique 25 s, VC 6.6 s, Star 1.4 s; on K7 and C(19) VC
/// stores more positions than Clique, but those boards take a second).
/// Only wall time depends on it.
const COSTLIEST_FIRST: [Scoring; 4] = [Scoring::Colex, Scoring::Clique, Scoring::VertexCapturing, Scoring::Star];

/// How many of `games` games are solved at once under `limits`: one per
/// thread, but no more than the machine's memory holds tables at the cap
/// (`--max-memory` caps each game's table; a run past the machine's memory
/// would be killed with nothing said), and one where the machine's memory
/// is unknown.
pub fn games_at_once(games: usize, limits: &Limits) -> usize {
    let fit = machine_memory().map_or(1, |bytes| bytes / limits.max_memory().max(1));
    let fit = usize::try_from(fit).unwrap_or(usize::MAX);
    games.min(limits.threads()).min(fit).max(1)
}

/// Solves every game of `games` (as [`super::solve`], or with `certify`
/// as [`super::solve_certified`]), up to [`games_at_once`] at a time, and
/// hands each result to `each` in the order of `games`, as soon as it and
/// every game before it are solved. Stops at the first error of `each`
/// (games already running finish first; no other game starts). Solved side
/// by side, the searches' progress is shown as one run's totals
/// ([`Limits::side_by_side`]).
pub fn solve_each<E>(
    games: &[ScoringGame],
    limits: Limits,
    winner_only: bool,
    certify: bool,
    mut each: impl FnMut(Result<Solved, Stopped>) -> Result<(), E>,
) -> Result<(), E> {
    let at_once = games_at_once(games.len(), &limits);
    if at_once == 1 {
        return games
            .iter()
            .try_for_each(|game| each(solve_with(game, limits, winner_only, certify)));
    }
    let mut order: Vec<usize> = (0..games.len()).collect();
    order.sort_by_key(|&i| COSTLIEST_FIRST.iter().position(|&s| s == games[i].scoring()));
    let (next, quit) = (AtomicUsize::new(0), AtomicBool::new(false));
    let work = Work {
        games,
        order: &order,
        next: &next,
        quit: &quit,
    };
    std::thread::scope(|scope| {
        let (send, results) = channel();
        for limits in limits.side_by_side(at_once) {
            let send = send.clone();
            scope.spawn(move || work.run(send, limits, winner_only, certify));
        }
        drop(send);
        let mut done: Vec<Option<Result<Solved, Stopped>>> = games.iter().map(|_| None).collect();
        let mut handed = 0;
        for (i, result) in results {
            done[i] = Some(result);
            while let Some(result) = done.get_mut(handed).and_then(Option::take) {
                handed += 1;
                each(result).inspect_err(|_| quit.store(true, Ordering::Relaxed))?;
            }
        }
        Ok(())
    })
}

/// What the threads of [`solve_each`] share: the games, the order they
/// start in, the next to start, and whether to start no more.
#[derive(Clone, Copy)]
struct Work<'a> {
    games: &'a [ScoringGame],
    order: &'a [usize],
    next: &'a AtomicUsize,
    quit: &'a AtomicBool,
}

impl Work<'_> {
    /// One thread's loop: solve the next game not yet started and send its
    /// index and result, until none is left or the receiver has stopped.
    fn run(self, send: Sender<(usize, Result<Solved, Stopped>)>, limits: Limits, winner_only: bool, certify: bool) {
        while !self.quit.load(Ordering::Relaxed) {
            let Some(&i) = self.order.get(self.next.fetch_add(1, Ordering::Relaxed)) else {
                return;
            };
            let result = solve_with(&self.games[i], limits, winner_only, certify);
            if send.send((i, result)).is_err() {
                return;
            }
        }
    }
}
