//! The driver of a [`BoundedSolver`]: which threshold tests the root is
//! asked until its interval is one score (MTD-style, [`BoundedSolver::value`]),
//! a test asked from outside ([`BoundedSolver::test`], key first), and
//! the optimal line read off tests ([`BoundedSolver::optimal_line`]).
//! Apart from the walk (`bounded/mod.rs`, which answers one test at one
//! position and owns the table), because the driver only chooses what to
//! ask: it reaches the walk through one call, `root_test`, and reads the
//! table only to skip a test it already decides.

use super::interval::{Test, Threshold};
use super::BoundedSolver;
use crate::core::board::Player;
use crate::core::canon::inverse;
use crate::core::symmetry::Canonical;
use crate::engine::limits::Stopped;
use crate::games::{Hints, Symmetric};
use std::sync::atomic::Ordering;

impl<G: Symmetric + Hints> BoundedSolver<'_, G> {
    /// The exact score of `position` (any labels) under optimal play.
    /// `probes` are thresholds worth testing first (e.g. "does red win?");
    /// any order or none gives the same score.
    pub fn value(&self, position: &G::Position, probes: &[G::Score]) -> Result<G::Score, Stopped> {
        let canon = self.game.canonical(position);
        let mut known = self.known(&canon, None);
        for &p in probes {
            let t = Threshold {
                score: p,
                strict: false,
            };
            if known.decides(t).is_none() {
                let r = self.root_test(&canon, t, 0)?;
                self.trace("probe", t, r);
                known = known.with(r);
            }
        }
        loop {
            let t = match (known.lo, known.hi) {
                (Some(lo), Some(hi)) if lo == hi => return Ok(lo),
                (Some(lo), _) => Threshold {
                    score: lo,
                    strict: true,
                },
                (None, Some(hi)) => Threshold {
                    score: hi,
                    strict: false,
                },
                (None, None) => Threshold {
                    score: self.playout(position),
                    strict: false,
                },
            };
            let r = self.root_test(&canon, t, 0)?;
            self.trace("test", t, r);
            known = known.narrowed(t, r);
        }
    }

    /// With `ERDOS_TRACE` set in the environment, one line on standard
    /// error per threshold test of the driver (a debugging aid).
    fn trace(&self, step: &str, t: Threshold<G::Score>, r: Test<G::Score>) {
        if std::env::var_os("ERDOS_TRACE").is_some() {
            let visited = self.visited.load(Ordering::Relaxed);
            eprintln!("{step} {t:?} -> {r:?} visited {visited} positions {}", self.table.len());
        }
    }

    /// The test `t` at a position (any labels), key first: where the
    /// table's entry decides it (most of a certificate writer's tests), the
    /// rest of the canonical form is never made ([`Symmetric::canonical_if`]).
    pub fn test(&self, position: &G::Position, t: Threshold<G::Score>) -> Result<Test<G::Score>, Stopped> {
        let mut decided = None;
        let canon = self.game.canonical_if(position, &mut |key| {
            decided = self.table.get(key).and_then(|entry| entry.decides(t));
            decided.is_none()
        });
        match canon.filter(|_| decided.is_none()) {
            Some(canon) => self.root_test(&canon, t, 0),
            None => Ok(decided.expect("a form is made unless the table decides")),
        }
    }

    /// The test `t` at a canonical position `ply` moves after the first
    /// position asked about (for the counts per move).
    pub(super) fn root_test(
        &self,
        canon: &Canonical<G::Position>,
        t: Threshold<G::Score>,
        ply: usize,
    ) -> Result<Test<G::Score>, Stopped> {
        self.search(canon, t, ply, None).ok_or_else(|| self.table.stopped())
    }

    /// The score of playing the first legal move at every turn: a threshold
    /// to start from when the game gives no bounds.
    fn playout(&self, position: &G::Position) -> G::Score {
        let mut current = position.clone();
        loop {
            if let Some(score) = self.game.outcome(&current) {
                return score;
            }
            let canon = self.game.canonical(&current);
            let m = self.game.moves(&canon.position).remove(0);
            current = self.game.play(&canon.position, &m);
        }
    }

    /// One optimal line from `position` (any labels), whose value is
    /// `value`, to the end of the game, in `position`'s labels: at every
    /// turn the first move, in canonical order, that keeps the value.
    pub fn optimal_line(&self, position: &G::Position, value: G::Score) -> Result<Vec<G::Move>, Stopped> {
        let mut line = Vec::new();
        let mut current = position.clone();
        while self.game.outcome(&current).is_none() {
            let canon = self.game.canonical(&current);
            let back = inverse(&canon.to_canon);
            let red = self.game.to_move(&current) == Player::First;
            // Red's child keeps the value if it is at least the value, blue's
            // if it is at most the value (no child is better than the value).
            let keeps = Threshold {
                score: value,
                strict: !red,
            };
            let mut chosen = None;
            for m in self.orbit_moves(&canon) {
                let child = self.game.canonical(&self.game.play(&canon.position, &m));
                let met = matches!(self.root_test(&child, keeps, line.len() + 1)?, Test::AtLeast(_));
                if met == red {
                    chosen = Some(self.game.relabel_move(&m, &back));
                    break;
                }
            }
            let m = chosen.expect("some move keeps the value of a position");
            current = self.game.play(&current, &m);
            line.push(m);
        }
        Ok(line)
    }
}
