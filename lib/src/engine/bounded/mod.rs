//! Threshold search for any game with a totally ordered score: the
//! exact score of a position without evaluating every position.
//!
//! The question asked of a position is a threshold test, "is the value at
//! least (or above) `t`?" (red maximises, blue minimises). A red position
//! meets the threshold as soon as one child does; a blue position fails it
//! as soon as one child does; so most children are never searched. Answers
//! are fail-soft: a test that succeeds returns a proven lower bound that
//! meets the threshold, one that fails a proven upper bound that does not.
//! Every canonical position keeps its proven interval in a transposition
//! table, narrowed by each test, and starts from the
//! bounds the game knows ([`Hints::score_bounds`]): a position whose
//! interval decides the test is not searched. [`BoundedSolver::value`]
//! narrows the root's interval by tests until it is one score (an
//! MTD-style driver).
//!
//! Like [`super::Solver`] it searches canonical positions, one move per
//! orbit of the position's automorphism group. It finds the score only:
//! the length of play is not optimised (use [`super::Solver`] for games
//! where the length of play matters: [`crate::games::FinalScore::hurries`]).
//!
//! A child's bounds are asked for the parent's test only
//! ([`Hints::score_bounds_for`]): a game may stop refining them once they
//! decide it. For a game that refines each side until it decides the test
//! (the scoring games) which children are decided is the same; the
//! bounds a decided child passes up may be weaker, so later tests may
//! search a few positions more or fewer (never a different value).
//!
//! Move order: children whose bounds from the game already decide the test
//! come first, then by the game's priority ([`Hints::move_priority`]), then
//! by how good their bounds are for the mover, ties in canonical move
//! order. A game that bounds side by side ([`Hints::bounds_by_side`]) is
//! asked for a child's second side (the side of the player to move in it,
//! which can never cut the parent's test) only when the search reaches the
//! child's group of equal priority: same bounds where asked, same order,
//! same search, but a group after a child that decides the test is never
//! completed (K7's VC game: 662,076 side bounds -> 493,640).
//!
//! Near the end a game may have positions searched directly
//! ([`Hints::search_directly`]): every move, no labels, no table; those
//! positions are neither stored nor counted (only counts change).
//!
//! Determinism and threads: the search is sequential, on the thread that
//! calls it. Which positions a threshold search examines depends on what
//! the table holds when it gets there; searching siblings in parallel (as
//! an earlier version did) made that depend on timing, and so the position
//! counts (57,171 on K7's VC game with one thread; 57,171..57,926 with
//! two). A later version kept the walk in one fixed order and only made a
//! node's children and their canonical forms in parallel (pure work, never
//! reading the table); but those batches are a few microseconds of work
//! each, and waking the pool's idle workers for them cost more than they
//! saved: K8's Clique game took 34.8 s of wall time on two threads
//! against 24.9 s on one, with a third of the CPU time in the kernel
//! scheduler (rayon's idle workers spinning and yielding). So the walk
//! uses no worker threads at all, and threads pay where the work is
//! coarse: a run of several games solves them at once, one search each
//! (`analysis::erdos::solve_all`).
//!
//! The value, the optimal line (first child in canonical move order that
//! keeps the value), the positions and the positions per move are the
//! same for any number of threads and any run (`tests/erdos.rs`,
//! `tests/ranked_threshold.rs`).

use super::table::Table;
use super::{Limits, Stopped};
use crate::core::board::Player;
use crate::core::symmetry::orbit_representatives;
use crate::core::symmetry::Canonical;
use crate::games::{Hints, Rules, Symmetric};
use std::sync::atomic::{AtomicU64, Ordering};

mod driver;
mod interval;
mod sides;
use interval::{clamp, cuts, Interval};
pub use interval::{Test, Threshold};

/// Most plies whose positions are counted separately.
const COUNTED_PLIES: usize = 128;

/// What a search has done so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts {
    /// Distinct positions (up to isomorphism) in the table.
    pub positions: u64,
    /// Positions expanded, repeats included.
    pub visited: u64,
    /// Approximate bytes held by the table.
    pub table_bytes: u64,
}

/// A threshold-search solver for one game.
pub struct BoundedSolver<'g, G: Symmetric + Hints> {
    game: &'g G,
    table: Table<Interval<G::Score>>,
    visited: AtomicU64,
    per_ply: Vec<AtomicU64>,
}

/// A child position (not yet canonical) with what the game knows about
/// it without a search.
struct Child<G: Rules> {
    position: G::Position,
    known: Interval<G::Score>,
    /// Whether `known` is all the game's bounds for the test give
    /// ([`Hints::bounds_by_side`]: else the second side is still to ask).
    complete: bool,
    priority: i32,
}

impl<'g, G: Symmetric + Hints> BoundedSolver<'g, G> {
    /// A solver with no memory cap (see [`BoundedSolver::with_limits`]).
    pub fn new(game: &'g G) -> BoundedSolver<'g, G> {
        BoundedSolver {
            game,
            table: Table::new(),
            visited: AtomicU64::new(0),
            per_ply: (0..COUNTED_PLIES).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// Caps the transposition table at `limits`' memory cap; past it the
    /// search stops with [`Stopped`]. (Threads are those of the pool the
    /// solver runs on: [`Limits::install`].)
    pub fn with_limits(mut self, limits: Limits) -> BoundedSolver<'g, G> {
        self.table = self.table.within(limits);
        self
    }

    /// The game being searched.
    pub fn game(&self) -> &G {
        self.game
    }

    /// The search's counters so far (for reports and progress displays).
    pub fn counts(&self) -> Counts {
        Counts {
            positions: self.table.len(),
            visited: self.visited.load(Ordering::Relaxed),
            table_bytes: self.table.bytes(),
        }
    }

    /// Whether `bytes` more, held beside the table by a certificate writer
    /// reading a strategy off this search, fit under the memory cap: the
    /// writer stops with [`Stopped`] (a certificate cap) where they do not,
    /// instead of growing past `--max-memory`.
    pub fn room_for(&self, bytes: u64) -> Result<(), Stopped> {
        self.table.room_for(bytes)
    }

    /// Distinct positions stored, by plies from the position first asked
    /// about (trailing zeros dropped).
    pub fn positions_per_ply(&self) -> Vec<u64> {
        let mut counts: Vec<u64> = self.per_ply.iter().map(|c| c.load(Ordering::Relaxed)).collect();
        while counts.last() == Some(&0) {
            counts.pop();
        }
        counts
    }

    fn orbit_moves(&self, canon: &Canonical<G::Position>) -> Vec<G::Move> {
        let moves = self.game.moves(&canon.position);
        orbit_representatives(moves, &canon.generators, |m, g| self.game.relabel_move(m, g))
    }

    /// What is known about a canonical position: its table entry, else what
    /// the game knows (`static_known` if already computed for the position
    /// under other labels: the value does not depend on labels, so bounds
    /// on it hold either way; a game whose bounds break ties by label, as
    /// the VC game's do, may store a few positions more or fewer than with
    /// bounds taken on the canonical labels, always the same for a run).
    fn known(&self, canon: &Canonical<G::Position>, static_known: Option<Interval<G::Score>>) -> Interval<G::Score> {
        match self.table.get(&canon.key) {
            Some(entry) => entry,
            None => static_known.unwrap_or_else(|| self.static_known(&canon.position, None)),
        }
    }

    /// What the game knows about a position (any labels) without a search:
    /// its score if it is over, else its bounds; for a child, only as far
    /// as the parent's test `t` needs them ([`Hints::score_bounds_for`]:
    /// a child they decide is never searched nor stored).
    fn static_known(&self, position: &G::Position, t: Option<Threshold<G::Score>>) -> Interval<G::Score> {
        if let Some(score) = self.game.outcome(position) {
            return Interval {
                lo: Some(score),
                hi: Some(score),
            };
        }
        let (lo, hi) = match t {
            Some(t) => self.game.score_bounds_for(position, &|s| t.met_by(s)),
            None => self.game.score_bounds(position).unzip(),
        };
        Interval { lo, hi }
    }

    /// The test `t` at a canonical position (with what the game knows of
    /// it, if computed already); `None` if aborted.
    fn search(
        &self,
        canon: &Canonical<G::Position>,
        t: Threshold<G::Score>,
        ply: usize,
        static_known: Option<Interval<G::Score>>,
    ) -> Option<Test<G::Score>> {
        self.search_known(canon, t, ply, self.known(canon, static_known))
    }

    /// [`Self::search`] from what is known of the position already.
    fn search_known(
        &self,
        canon: &Canonical<G::Position>,
        t: Threshold<G::Score>,
        ply: usize,
        known: Interval<G::Score>,
    ) -> Option<Test<G::Score>> {
        if let Some(answer) = known.decides(t) {
            return Some(answer);
        }
        if self.table.full() {
            return None;
        }
        self.visited.fetch_add(1, Ordering::Relaxed);
        let moves = self.orbit_moves(canon);
        let result = self.expand(&canon.position, moves, t, ply)?;
        let result = clamp(result, known);
        self.store(canon, known.with(result), ply);
        Some(result)
    }

    /// The test `t` at a position from its children (`moves`: all of them,
    /// or one per orbit), whatever they are made and ranked by; `None` if
    /// aborted.
    fn expand(
        &self,
        position: &G::Position,
        moves: Vec<G::Move>,
        t: Threshold<G::Score>,
        ply: usize,
    ) -> Option<Test<G::Score>> {
        let mover = self.game.to_move(position);
        Some(match self.children(position, moves, mover, t) {
            Ok(mut children) => self.combine(mover, &mut children, t, ply)?,
            Err(cut) => cut,
        })
    }

    /// The test `t` at a position the game searches directly
    /// ([`Hints::search_directly`]: near the end), with what the game knows
    /// of it: every move, no labels, nothing read from or stored in the
    /// table (its children are searched so too). The same test on the same
    /// tree as [`Self::search`], less the symmetry reduction (a move per
    /// orbit has the value of every move of its orbit) and the table (which
    /// only remembers answers), so the same answer up to fail-soft bounds,
    /// which both keep proven.
    fn direct(
        &self,
        position: &G::Position,
        t: Threshold<G::Score>,
        ply: usize,
        known: Interval<G::Score>,
    ) -> Option<Test<G::Score>> {
        if let Some(answer) = known.decides(t) {
            return Some(answer);
        }
        self.visited.fetch_add(1, Ordering::Relaxed);
        let result = self.expand(position, self.game.moves(position), t, ply)?;
        Some(clamp(result, known))
    }

    /// A node's children, made (played, bounded for the test `t`) in the
    /// order of the game's priority (ties in canonical move order); or the
    /// answer of the first whose bounds already cut the test (the rest are
    /// never made).
    fn children(
        &self,
        position: &G::Position,
        moves: Vec<G::Move>,
        mover: Player,
        t: Threshold<G::Score>,
    ) -> Result<Vec<Child<G>>, Test<G::Score>> {
        let mut moves: Vec<(i32, G::Move)> = moves
            .into_iter()
            .map(|m| (self.game.move_priority(position, &m), m))
            .collect();
        moves.sort_by_key(|&(priority, _)| std::cmp::Reverse(priority));
        let mut children = Vec::with_capacity(moves.len());
        for (priority, m) in moves {
            let position = self.game.play(position, &m);
            let (known, complete) = self.child_known(&position, t, mover);
            if let Some(cut) = known.decides(t).filter(|&r| cuts(mover, r)) {
                return Err(cut);
            }
            children.push(Child {
                position,
                known,
                complete,
                priority,
            });
        }
        Ok(children)
    }

    /// The parent's answer from its children's (made in the order of the
    /// game's priority, none cutting the test by its bounds), searched one
    /// after the other: red meets the threshold if one child does, blue
    /// fails it if one child does. The order: the game's priority, then the
    /// most promising bounds for the mover, ties in canonical move order;
    /// each group of equal priority is completed ([`Self::complete`]) and
    /// ranked when the search gets to it (a group after a child that
    /// decides the test is never needed).
    fn combine(
        &self,
        mover: Player,
        children: &mut [Child<G>],
        t: Threshold<G::Score>,
        ply: usize,
    ) -> Option<Test<G::Score>> {
        let mut answers = Vec::with_capacity(children.len());
        let mut group_end = 0;
        for i in 0..children.len() {
            if i == group_end {
                let priority = children[i].priority;
                group_end = i + children[i..].iter().take_while(|c| c.priority == priority).count();
                let group = &mut children[i..group_end];
                for child in group.iter_mut() {
                    self.complete(child, t, mover);
                }
                // A stable sort: ties keep the canonical move order.
                group.sort_by(|a, b| match mover {
                    Player::First => b.known.promise(mover).cmp(&a.known.promise(mover)),
                    Player::Second => a.known.promise(mover).cmp(&b.known.promise(mover)),
                });
            }
            let child = &children[i];
            let r = match child.known.decides(t) {
                Some(r) => r,
                None if self.game.search_directly(&child.position) => {
                    self.direct(&child.position, t, ply + 1, child.known)?
                }
                None => self.search_child(&child.position, child.known, t, ply + 1)?,
            };
            if cuts(mover, r) {
                return Some(r);
            }
            answers.push(r);
        }
        // No child decided: red's value is at most the best child's upper
        // bound, blue's at least the worst child's lower bound.
        let bound = |r: &Test<G::Score>| match *r {
            Test::AtLeast(s) | Test::AtMost(s) => s,
        };
        let bounds = answers.iter().map(bound);
        let missing = "a position that is not over has a move";
        Some(match mover {
            Player::First => Test::AtMost(bounds.max().expect(missing)),
            Player::Second => Test::AtLeast(bounds.min().expect(missing)),
        })
    }

    /// [`Self::search`] at a child (any labels; `static_known`: its
    /// bounds), key first ([`Symmetric::canonical_if`]): where the table's
    /// entry for its key decides the test, the rest of its canonical form
    /// is never made.
    fn search_child(
        &self,
        position: &G::Position,
        static_known: Interval<G::Score>,
        t: Threshold<G::Score>,
        ply: usize,
    ) -> Option<Test<G::Score>> {
        let mut known = static_known;
        let canon = self.game.canonical_if(position, &mut |key| {
            known = self.table.get(key).unwrap_or(static_known);
            known.decides(t).is_none()
        });
        match canon {
            Some(canon) => self.search_known(&canon, t, ply, known),
            None => known.decides(t),
        }
    }

    fn store(&self, canon: &Canonical<G::Position>, interval: Interval<G::Score>, ply: usize) {
        if self.table.store(&canon.key, interval, Interval::meet) {
            self.per_ply[ply.min(COUNTED_PLIES - 1)].fetch_add(1, Ordering::Relaxed);
        }
    }
}
