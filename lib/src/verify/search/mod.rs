//! The adversary enumerator: plays a strategy against every reply of the
//! second player, one reply per orbit of the automorphism group of the
//! canonical (position, memory), and computes the exact outcome.
//!
//! The search itself is the engine's one core ([`crate::engine::Solver`])
//! on the strategy seen as a game ([`StrategyGame`]); [`Search`] is the
//! facade the verifier, certificates, repair, classes and shortest
//! refutations use. The value of a position (his turn) is a pure function
//! of its canonical form and the bound: the first counterexample in reply
//! order, or else the longest win. It is computed once and kept in the
//! engine's transposition table. Replies are evaluated in parallel;
//! replies after a known failing one are abandoned, so on refuted runs the
//! number of positions touched depends on timing, and `verify` recounts
//! those sequentially. Verified runs visit every reachable position
//! whatever the thread count.
//!
//! Open choices (`verify --choices all|some`, [`Choices`]) are searched by
//! the same core with her choice as a node of its own (`choice.rs`); the
//! default `one` plays the strategy's own move as always.

use crate::core::board::{Board, Edge, Player, Position};
use crate::core::canon::{canonical_form, CanonicalForm};
use crate::core::memory::Memory;
use crate::engine::{Child, Counters, Hook, Limits, Solver, Stopped};
use crate::games::prelude::*;
use crate::games::FirstFailure;
use crate::verify::line::Ending;
use crate::verify::strategy::{Game, Strategy};
use std::cmp::Reverse;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::Mutex;

pub mod bare;
mod choice;
mod choices;
pub mod contract;
mod exchange;
mod game;
mod stats;
mod value;
mod walk;

pub use choice::TreeError;
pub use choices::{ChoiceMade, Choices, Resolution, TreeEnd, TreeNode, MAX_TREE};
pub(crate) use exchange::guarded;
pub use exchange::quiet_strategy_panics;
pub use game::{engine_form, to_value, AtNode, Exchange, Node, Options, Score, StrategyGame, Turn};
pub use stats::Stats;
pub use value::{FailKind, Value};
pub use walk::ReplayError;

/// Told about her moves as the search proves them; used to write proof
/// certificates (src/cert). Called from inside the search rather than by a
/// second walk afterwards because only here are the position before her move
/// and the proven value after it both at hand, without replaying the strategy.
pub trait Observer: Sync {
    /// She plays `her` in `before` (her turn) and wins within `depth` more
    /// moves of hers, this one included, against every reply. Moves that
    /// win at once (`depth` 1) need no telling and are not all told: the
    /// search scores most of them without playing them.
    fn her_move(&self, before: &Position, her: Edge, depth: u32);
    /// She answers his edge `his` at `node` (him to move; edges in the
    /// node's labels) with `her` and wins within `depth` moves of hers:
    /// [`Observer::her_move`] in the position after his edge, told with
    /// the node so that what an observer works out once per node (such as
    /// [`Node::bare_cell`]) serves all his replies there.
    fn her_answer(&self, node: &Node, his: Edge, her: Edge, depth: u32) {
        let before = node.position.with(his, Player::Second).expect("replies are unclaimed");
        self.her_move(&before, her, depth);
    }
    /// Under `--choices all`: the strategy allows every move of `options`
    /// in `before` (her turn), and each wins within `depth` moves of hers
    /// against every reply. (Her options there are not also told to
    /// [`Observer::her_move`].)
    fn her_options(&self, _before: &Position, _options: &[Edge], _depth: u32) {}
    /// Forget everything told so far (the search is run again).
    fn forget(&self) {}
    /// Whether this observer reads [`Node::bare_cell`] in
    /// [`Observer::her_answer`] (the search then keeps the cells).
    fn bare_forms(&self) -> bool {
        false
    }
}

/// What the verifier is told by the engine: statistics, the depth for the
/// progress display, and her proven moves for a certificate.
struct Recorder<'a> {
    strategy: &'a dyn Strategy,
    /// The rules searched (for her options at choice nodes).
    rules: StrategyGame<'a>,
    stats: Mutex<Stats>,
    /// Her move count in the position evaluated last (progress display).
    depth: AtomicU32,
    /// Stored choice nodes (where her open choices are searched).
    choice_nodes: AtomicU64,
    observer: Option<&'a dyn Observer>,
}

/// An immediate win of hers, for the statistics: her total number of
/// moves and her phase after the winning move.
type WonIn = Option<(u32, &'static str)>;

impl<'a> Hook<StrategyGame<'a>> for Recorder<'a> {
    type Note = WonIn;

    fn entered(&self, node: &crate::core::symmetry::Canonical<Node>) {
        let moves = node.position.position.edge_count(Player::First) as u32;
        self.depth.store(moves, Ordering::Relaxed);
    }

    fn child(
        &self,
        node: &crate::core::symmetry::Canonical<Node>,
        m: &Turn,
        child: &Node,
        canon: Option<&crate::core::symmetry::Canonical<Node>>,
        value: crate::games::Value<Score>,
    ) -> WonIn {
        let listed = matches!(m, Turn::Her(_)) && self.rules.choices == Choices::All;
        if let (Some(observer), Some(her), Score::Win(Reverse(total)), false) =
            (self.observer, child.her, value.score, listed)
        {
            // His edge leaves her edge count as it is.
            let depth = total as u32 - node.position.position.edge_count(Player::First) as u32;
            match *m {
                Turn::His(his) => observer.her_answer(&node.position, his, her, depth),
                Turn::Her(_) => observer.her_move(&node.position.position, her, depth),
            }
        }
        let won = canon.is_none() && child.ending == Some(Ending::FirstPlayerWins);
        won.then(|| {
            let moves = child.position.edge_count(Player::First) as u32;
            (moves, self.strategy.phase(&child.memory))
        })
    }

    /// His reply was scored unplayed ([`crate::games::Hints::quick_move_value`]): a
    /// win is her immediate win by the shortcut, with the node's memory.
    fn decided(
        &self,
        node: &crate::core::symmetry::Canonical<Node>,
        _m: &Turn,
        value: crate::games::Value<Score>,
    ) -> WonIn {
        match value.score {
            Score::Win(Reverse(total)) => Some((total.into(), self.strategy.phase(&node.position.memory))),
            Score::Fail(_) => None,
        }
    }

    fn stored(
        &self,
        node: &crate::core::symmetry::Canonical<Node>,
        value: crate::games::Value<Score>,
        children: &[Child<Score, WonIn>],
    ) {
        if node.position.her_turn {
            self.choice_nodes.fetch_add(1, Ordering::Relaxed);
            self.tell_options(&node.position, value.score);
        }
        let phase = self.strategy.phase(&node.position.memory);
        let mut stats = self.stats.lock().unwrap();
        *stats.positions_by_phase.entry(phase).or_default() += 1;
        // Her immediate wins after his replies at one node are mostly alike
        // (same length, same phase): one map update per run of equal ones.
        let mut wins = children.iter().filter_map(|c| c.note).peekable();
        while let Some(won) = wins.next() {
            let mut count = 1;
            while wins.next_if_eq(&won).is_some() {
                count += 1;
            }
            *stats.wins_by_length.entry(won.0).or_default() += count;
            *stats.wins_by_phase.entry(won.1).or_default() += count;
        }
    }
}

impl Recorder<'_> {
    /// Under `--choices all`, tells the observer her options at a choice
    /// node that every option wins (the adversary's value is a win).
    fn tell_options(&self, node: &Node, score: Score) {
        let (Some(observer), Choices::All, Score::Win(Reverse(total))) = (self.observer, self.rules.choices, score)
        else {
            return;
        };
        if let Ok(options) = self.rules.options(node) {
            let edges: Vec<Edge> = options.iter().map(|(e, _)| *e).collect();
            let depth = total as u32 - node.position.edge_count(Player::First) as u32;
            observer.her_options(&node.position, &edges, depth);
        }
    }
}

/// A configured search of one strategy on one board.
pub struct Search<'a> {
    /// The strategy searched.
    pub strategy: &'a dyn Strategy,
    /// The rules it is searched under.
    pub game: Game,
    /// The board.
    pub board: Board,
    /// Largest number of her moves allowed.
    pub bound: u32,
    limits: Option<Limits>,
    sequential: bool,
    solver: Solver<'a, StrategyGame<'a>, Recorder<'a>, FirstFailure>,
}

impl<'a> Search<'a> {
    /// A search of `strategy` on `board` with at most `bound` moves of
    /// hers, with no memory cap (see [`Search::with_limits`]).
    pub fn new(strategy: &'a dyn Strategy, board: Board, bound: u32) -> Search<'a> {
        let rules = StrategyGame {
            strategy,
            game: strategy.game(),
            board,
            bound,
            shortcuts: true,
            choices: Choices::One,
            contract_sample: contract::SAMPLE,
            certifying: false,
        };
        Search::build(rules, None, false, None)
    }

    fn build(
        mut rules: StrategyGame<'a>,
        limits: Option<Limits>,
        sequential: bool,
        observer: Option<&'a dyn Observer>,
    ) -> Search<'a> {
        rules.certifying = observer.is_some_and(|o| o.bare_forms());
        let recorder = Recorder {
            strategy: rules.strategy,
            rules: rules.clone(),
            stats: Mutex::new(Stats::default()),
            depth: AtomicU32::new(0),
            choice_nodes: AtomicU64::new(0),
            observer,
        };
        let (strategy, game, board, bound) = (rules.strategy, rules.game, rules.board.clone(), rules.bound);
        let solver = Solver::owning_asking(rules, FirstFailure)
            .with_hook(recorder)
            .with_parallel_plies(if sequential { 0 } else { u32::MAX });
        Search {
            strategy,
            game,
            board,
            bound,
            limits,
            sequential,
            solver: match limits {
                Some(limits) => solver.with_limits(limits),
                None => solver,
            },
        }
    }

    /// The same search (not yet run) rebuilt with `change` applied.
    fn rebuilt(self, change: impl FnOnce(&mut StrategyGame<'a>, &mut Option<&'a dyn Observer>)) -> Search<'a> {
        let mut rules = self.rules().clone();
        let mut observer = self.solver.hook().observer;
        change(&mut rules, &mut observer);
        Search::build(rules, self.limits, self.sequential, observer)
    }

    /// The strategy as a game (the rules this search plays).
    pub fn rules(&self) -> &StrategyGame<'a> {
        self.solver.game()
    }

    /// The same search under other rules (see [`Game::under`]).
    pub fn with_game(self, game: Game) -> Search<'a> {
        self.rebuilt(|rules, _| rules.game = game)
    }

    /// The same search, reporting every proven move of hers to `observer`.
    pub fn with_observer(self, observer: &'a dyn Observer) -> Search<'a> {
        self.rebuilt(|_, o| *o = Some(observer))
    }

    /// The same search with her open choices resolved as `choices` says.
    pub fn with_choices(self, choices: Choices) -> Search<'a> {
        self.rebuilt(|rules, _| rules.choices = choices)
    }

    /// Checks the strategy contract ([`contract`]) in one situation in
    /// `sample` (1: in every situation; the default is [`contract::SAMPLE`]).
    pub fn with_contract_sample(self, sample: u64) -> Search<'a> {
        self.rebuilt(|rules, _| rules.contract_sample = sample.max(1))
    }

    /// Turns off the standing-assumption shortcuts (to measure what they
    /// save; verdict and moves are the same either way, the position
    /// count is not: positions the shortcut decides are never stored).
    pub fn without_shortcuts(self) -> Search<'a> {
        self.rebuilt(|rules, _| rules.shortcuts = false)
    }

    /// The same search (not yet run) under `limits`: its table capped at
    /// their memory cap (a search that reaches it stops with [`Stopped`]),
    /// its progress told to their display by [`Search::watch`]. (Threads
    /// are those of the pool it runs on: [`Limits::install`].)
    pub fn with_limits(mut self, limits: Limits) -> Search<'a> {
        self.limits = Some(limits);
        self.rebuilt(|_, _| {})
    }

    /// The same search (not yet run), evaluating replies one at a time in
    /// reply order whatever the pool: the positions it touches past a
    /// cutoff are then the same on every run.
    pub fn sequential(mut self) -> Search<'a> {
        self.sequential = true;
        self.rebuilt(|_, _| {})
    }

    /// Runs `work` (a search on this [`Search`]) while its limits' progress
    /// display, if any, is told the search's counters.
    pub fn watch<T>(&self, work: impl FnOnce() -> T) -> T {
        let Some(limits) = self.limits else {
            return work();
        };
        let counters = || Counters {
            visited: self.visited(),
            table_bytes: self.table_bytes(),
            her_move: Some(self.current_depth() + 1),
            ..Counters::default()
        };
        limits.watch(counters, work)
    }

    /// Approximate bytes held by the transposition table.
    pub fn table_bytes(&self) -> u64 {
        self.solver.table_bytes()
    }

    /// Her move count in the position evaluated most recently.
    pub fn current_depth(&self) -> u32 {
        self.solver.hook().depth.load(Ordering::Relaxed)
    }

    /// Distinct positions (second player to move) evaluated so far.
    pub fn positions(&self) -> u64 {
        self.solver.positions()
    }

    /// Positions evaluated so far, for progress display.
    pub fn visited(&self) -> u64 {
        self.solver.visited()
    }

    /// Stored positions where she chose among open choices (included in
    /// [`Search::positions`]; none under `--choices one`).
    pub fn choice_nodes(&self) -> u64 {
        self.solver.hook().choice_nodes.load(Ordering::Relaxed)
    }

    /// Counts over the stored positions, identical for any thread count.
    pub fn stats(&self) -> Stats {
        self.solver.hook().stats.lock().unwrap().clone()
    }

    /// Her move from (`position`, `memory`) after his `last` edge, in the
    /// caller's labels, or the ending that stops her.
    pub fn her_turn(&self, position: &Position, memory: &Memory, last: Option<Edge>) -> Result<(Edge, Memory), Ending> {
        self.rules().her_turn(position, memory, last)
    }

    /// His edge `his`, then her answer, from a position with him to move.
    pub fn exchange(&self, position: &Position, memory: &Memory, his: Edge) -> Exchange {
        self.rules().exchange(position, memory, his)
    }

    /// The value of a canonical position with him to move (the game must
    /// not be over yet), or [`Stopped`] once a limit stops the search.
    pub fn value(&self, node: &CanonicalForm) -> Result<Value, Stopped> {
        let value = self.solver.value_at(&engine_form(node.clone(), false))?;
        Ok(to_value(value))
    }

    /// The index (in [`crate::core::orbits::edge_orbit_representatives`] order)
    /// of his reply the values point to: the first failing reply, or the
    /// first reply with the longest win; `None` if he has no move.
    fn principal_index(&self, node: &CanonicalForm) -> Result<Option<usize>, Stopped> {
        let choice = self.solver.choice_at(&engine_form(node.clone(), false))?;
        Ok(choice.map(|(index, _)| index))
    }

    /// Her first move on the empty board.
    pub fn opening(&self) -> Result<(Position, Memory, Edge), Ending> {
        let empty = Position::empty(self.board.clone());
        let (edge, memory) = self.her_turn(&empty, &self.strategy.initial_memory(), None)?;
        Ok((empty.with(edge, Player::First).expect("checked legal"), memory, edge))
    }

    /// The value of the whole game, or [`Stopped`] once a limit stops the
    /// search.
    pub fn root_value(&self) -> Result<Value, Stopped> {
        if self.rules().choices != Choices::One {
            let start = self.rules().start();
            let value = to_value(self.solver.value(&start)?);
            // Her first move where the strategy allows only one (a choice
            // there is told by the search itself).
            if let (Some(observer), Some(her), Value::Win(total)) = (self.solver.hook().observer, start.her, value) {
                observer.her_move(&Position::empty(self.board.clone()), her, total);
            }
            return Ok(value);
        }
        match self.opening() {
            Err(ending) => Ok(Value::Fail {
                kind: FailKind::of(&ending).unwrap_or(FailKind::StrategyError),
                his_moves: 0,
            }),
            Ok((position, memory, edge)) => {
                let value = self.value(&canonical_form(&position, &memory, None))?;
                if let (Some(observer), Value::Win(total)) = (self.solver.hook().observer, value) {
                    observer.her_move(&Position::empty(self.board.clone()), edge, total);
                }
                Ok(value)
            }
        }
    }
}
