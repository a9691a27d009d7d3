//! The search core for any game: exact values by minimax over
//! canonical positions, one move per orbit, a transposition table shared
//! by all threads, a memory cap, and counters for progress displays.
//!
//! Every position reachable from the start is evaluated exactly once (up
//! to isomorphism), so the value, the chosen moves and the number of
//! positions are the same for any number of threads: threads only change
//! who computes a position first, never what is stored.
//!
//! The solver asks a game for its rules, symmetry and hints
//! ([`Symmetric`] + [`Hints`]) and answers one [`Question`] about it, the
//! exact value ([`Exact`]) unless told otherwise
//! ([`Solver::asking`]); both are type parameters, so the search
//! loop is compiled for each pair and asks them without dynamic dispatch.
//!
//! Values: red maximises [`Value::rank`], blue minimises it; among moves of
//! equal rank the first in the canonical move order is chosen, which makes
//! optimal lines deterministic. A question may declare scores *decisive*
//! ([`Question::decisive`]): a node's value is then its first decisive child's,
//! and the children after it are cut off (in parallel, by cancellation:
//! see `chain.rs`). Cancelled subtrees store nothing, so stored values and
//! chosen moves stay the same for any thread count; the number of positions
//! touched before a cutoff takes effect may depend on timing (a sequential
//! run is the reproducible count).
//!
//! Moves are first offered to [`Hints::quick_move_value`], before they are
//! played, and children to [`Hints::quick_value`], before canonical
//! labelling: a game decides there what it can without labelling, and such
//! positions are not stored (each game documents which convention it uses).

use crate::core::symmetry::Canonical;
use crate::games::{Exact, Hints, Question, Rules, Symmetric, Value};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use table::Table;

pub mod bounded;
mod census;
mod chain;
#[cfg(test)]
mod cutoff_tests;
mod decide;
pub mod dfpn;
pub mod extract;
pub mod follow;
mod hook;
pub mod layers;
pub mod limits;
mod minimax;
pub mod play;
mod progress;
pub mod reachable;
mod report;
pub mod split;
pub mod strategy;
mod table;
mod together;
pub use crate::core::canon::inverse;
pub use crate::games::question::best_index;
pub use census::census;
pub use decide::{Decider, MoveOrder};
pub use dfpn::Dfpn;
pub use hook::{Child, Hook, NoHook};
pub use limits::{default_memory_cap, machine_memory, Counters, Limits, LimitsError, Progress, StopReason, Stopped};
pub use report::{solve, SolveReport};

/// Plies from the root below which children are evaluated in parallel
/// (the default; see [`Solver::with_parallel_plies`]).
const PARALLEL_PLIES: u32 = 4;

/// A game the solver borrows or owns.
enum Held<'g, G> {
    Borrowed(&'g G),
    Owned(G),
}

impl<G> std::ops::Deref for Held<'_, G> {
    type Target = G;
    fn deref(&self) -> &G {
        match self {
            Held::Borrowed(g) => g,
            Held::Owned(g) => g,
        }
    }
}

/// An exact solver for one game, answering question `Q` and telling `H`
/// what it does.
pub struct Solver<'g, G: Symmetric + Hints, H: Hook<G> = NoHook, Q: Question<G::Score> = Exact> {
    game: Held<'g, G>,
    hook: H,
    question: Q,
    table: Table<Value<G::Score>>,
    /// Some child was found decisive: until then no subtree can be
    /// cancelled, and [`Chain::cancelled`] (a walk up to the root, twice per
    /// child) is skipped; a verified strategy never sets it.
    cutoffs: AtomicBool,
    visited: AtomicU64,
    parallel_plies: u32,
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
pub type MoveValues<G> = MoveValue<<G as Rules>::Move, <G as Rules>::Score>;

/// The move a node's value comes from (its index among the node's orbit
/// moves) and that value.
pub type Choice<S> = (usize, Value<S>);

impl<'g, G: Symmetric + Hints> Solver<'g, G> {
    /// A solver for the exact value ([`Exact`]: every child is searched),
    /// with no memory cap (see [`Solver::with_limits`]). A game meant to be
    /// asked something narrower, such as [`crate::games::horizon::Horizon`]
    /// ([`crate::games::FirstWins`]), is built with [`Solver::asking`]
    /// instead: asked the exact value it gives the same answer, only slower.
    pub fn new(game: &'g G) -> Solver<'g, G> {
        Solver::asking(game, Exact)
    }

    /// A solver for the exact value that owns its game (for a caller that
    /// keeps the solver).
    pub fn owning(game: G) -> Solver<'g, G> {
        Solver::owning_asking(game, Exact)
    }
}

impl<'g, G: Symmetric + Hints, Q: Question<G::Score>> Solver<'g, G, NoHook, Q> {
    /// A solver answering `question` about `game`, with no memory cap. The
    /// question is given when the solver is made, so a caller cannot build
    /// the solver first and forget to narrow its question: the cutoffs a
    /// question allows are most of the speed of a win-only search.
    pub fn asking(game: &'g G, question: Q) -> Solver<'g, G, NoHook, Q> {
        Solver::holding(Held::Borrowed(game), question)
    }

    /// [`Solver::asking`] for a solver that owns its game.
    pub fn owning_asking(game: G, question: Q) -> Solver<'g, G, NoHook, Q> {
        Solver::holding(Held::Owned(game), question)
    }

    fn holding(game: Held<'g, G>, question: Q) -> Solver<'g, G, NoHook, Q> {
        Solver {
            game,
            hook: NoHook,
            question,
            table: Table::new(),
            cutoffs: AtomicBool::new(false),
            visited: AtomicU64::new(0),
            parallel_plies: PARALLEL_PLIES,
        }
    }
}

impl<'g, G: Symmetric + Hints, H: Hook<G>, Q: Question<G::Score>> Solver<'g, G, H, Q> {
    /// The same (unused) solver, telling `hook` what it does.
    pub fn with_hook<H2: Hook<G>>(self, hook: H2) -> Solver<'g, G, H2, Q> {
        Solver {
            game: self.game,
            hook,
            question: self.question,
            table: self.table,
            cutoffs: self.cutoffs,
            visited: self.visited,
            parallel_plies: self.parallel_plies,
        }
    }

    /// Caps the transposition table at about `limits.max_memory()` bytes;
    /// past it the search stops with [`Stopped`]. (Threads are those of the
    /// pool the solver runs on: [`Limits::install`].)
    pub fn with_limits(mut self, limits: Limits) -> Solver<'g, G, H, Q> {
        self.table = self.table.within(limits);
        self
    }

    /// Counts `bytes` more per stored position against the memory cap (and
    /// in [`Solver::table_bytes`]): what the game itself keeps per
    /// position outside the table, such as the key book of
    /// [`follow::Follow`], which gives labelled positions exact keys.
    pub fn with_entry_bytes(mut self, bytes: u64) -> Solver<'g, G, H, Q> {
        self.table = self.table.with_entry_bytes(bytes);
        self
    }

    /// Evaluates children in parallel at nodes fewer than `plies` plies
    /// below the root (default 4; `u32::MAX`: everywhere, for games whose
    /// positions are costly). Values never depend on it.
    pub fn with_parallel_plies(mut self, plies: u32) -> Solver<'g, G, H, Q> {
        self.parallel_plies = plies;
        self
    }

    /// The game being solved.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The hook.
    pub fn hook(&self) -> &H {
        &self.hook
    }

    /// The question the solver answers.
    pub fn question(&self) -> &Q {
        &self.question
    }

    /// Distinct positions (up to isomorphism) stored so far: finished ones
    /// included, those decided by [`Hints::quick_value`] not.
    pub fn positions(&self) -> u64 {
        self.table.len()
    }

    /// Positions entered so far (for progress displays).
    pub fn visited(&self) -> u64 {
        self.visited.load(Ordering::Relaxed)
    }

    /// The canonical keys of the positions stored so far, sorted: what a
    /// split search's jobs write so that their merge counts distinct
    /// positions over all jobs ([`split`]), as one process would.
    pub fn keys(&self) -> Vec<Box<[u64]>> {
        let mut keys = self.table.keys();
        keys.sort_unstable();
        keys
    }

    /// Approximate bytes held by the transposition table, with what the
    /// hook holds beside it ([`Hook::held_bytes`]).
    pub fn table_bytes(&self) -> u64 {
        self.table.bytes() + self.hook.held_bytes()
    }

    /// Whether `bytes` more, held beside the table by a certificate writer
    /// reading a strategy off this search, fit under the memory cap: the
    /// writer stops with [`Stopped`] (a certificate cap) where they do not,
    /// instead of growing past `--max-memory`.
    pub fn room_for(&self, bytes: u64) -> Result<(), Stopped> {
        self.table.room_for(bytes.saturating_add(self.hook.held_bytes()))
    }

    /// Whether the memory cap stopped the search (then nothing it returns
    /// is a value: every query gives [`Stopped`]).
    fn at_cap(&self) -> bool {
        self.table.full()
    }

    fn cap_error(&self) -> Stopped {
        self.table.stopped()
    }

    /// The value of `position` (any labels) under optimal play.
    pub fn value(&self, position: &G::Position) -> Result<Value<G::Score>, Stopped> {
        self.value_at(&self.game.canonical(position))
    }

    /// The value of `position` (any labels) if it is known without a
    /// search: the game is over, the game's quick value gives it, or the
    /// table holds it. Never searches, so the table does not grow (a
    /// certificate writer probes moves with it).
    pub fn known(&self, position: &G::Position) -> Option<Value<G::Score>> {
        if let Some(score) = self.game.outcome(position) {
            return Some(Value { score, plies: 0 });
        }
        if let Some(value) = self.game.quick_value(position) {
            return Some(value);
        }
        self.table.get(&self.game.canonical(position).key)
    }

    /// The value of a position given in canonical form.
    pub fn value_at(&self, canon: &Canonical<G::Position>) -> Result<Value<G::Score>, Stopped> {
        self.value_of(canon, 0, None).ok_or_else(|| self.cap_error())
    }

    /// The move a canonical position's value comes from (an index into
    /// [`Symmetric::orbit_moves`]) and that value: the first decisive move, else
    /// the first best; `None` when the game is over.
    pub fn choice_at(&self, canon: &Canonical<G::Position>) -> Result<Option<Choice<G::Score>>, Stopped> {
        if self.game.outcome(&canon.position).is_some() {
            return Ok(None);
        }
        let moves = self.orbit_moves(canon);
        let (children, chosen) = self.children(canon, &moves, 0, None).ok_or_else(|| self.cap_error())?;
        Ok(children[chosen].value.map(|v| (chosen, v)))
    }

    /// Every move at `position` (one per orbit, in `position`'s labels)
    /// with the value it leads to; empty when the game is over. Where a
    /// move is decisive ([`Question::decisive`]), the moves after it are left
    /// out (their values are not needed).
    pub fn move_values(&self, position: &G::Position) -> Result<Vec<MoveValues<G>>, Stopped> {
        let canon = self.game.canonical(position);
        if self.game.outcome(&canon.position).is_some() {
            return Ok(vec![]);
        }
        let back = inverse(&canon.to_canon);
        let moves = self.orbit_moves(&canon);
        let (children, _) = self.children(&canon, &moves, 0, None).ok_or_else(|| self.cap_error())?;
        Ok(moves
            .iter()
            .zip(children)
            .map_while(|(m, child)| {
                Some(MoveValue {
                    m: self.game.relabel_move(m, &back),
                    value: child.value?,
                })
            })
            .collect())
    }

    /// One optimal line from `position` to the end of the game, in
    /// `position`'s labels: at every turn the move the value comes from.
    pub fn optimal_line(&self, position: &G::Position) -> Result<Vec<G::Move>, Stopped> {
        let mut line = Vec::new();
        let mut current = position.clone();
        while let Some(m) = self.chosen_move(&current)? {
            current = self.game.play(&current, &m);
            line.push(m);
        }
        Ok(line)
    }

    /// The move `position`'s value comes from ([`Solver::choice_at`]), in
    /// `position`'s labels; `None` when the game is over.
    pub fn chosen_move(&self, position: &G::Position) -> Result<Option<G::Move>, Stopped> {
        let canon = self.game.canonical(position);
        let Some((chosen, _)) = self.choice_at(&canon)? else {
            return Ok(None);
        };
        let back = inverse(&canon.to_canon);
        Ok(Some(self.game.relabel_move(&self.orbit_moves(&canon)[chosen], &back)))
    }

    /// The orbit representatives of the legal moves of a canonical position.
    fn orbit_moves(&self, canon: &Canonical<G::Position>) -> Vec<G::Move> {
        self.game.orbit_moves(&canon.position, &canon.generators)
    }

    /// Counts of values in the table, for reports: (score, plies) -> positions.
    pub fn value_counts(&self) -> BTreeMap<(G::Score, u32), u64> {
        let mut counts = BTreeMap::new();
        for v in self.table.values() {
            *counts.entry((v.score, v.plies)).or_default() += 1;
        }
        counts
    }
}
