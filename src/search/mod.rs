//! The adversary enumerator: plays a strategy against every reply of the
//! second player, one reply per orbit of the automorphism group of the
//! canonical (position, memory), and computes the exact outcome.
//!
//! The value of a position (his turn) is a pure function of its canonical
//! form and the bound: the first counterexample in reply order, or else the
//! longest win. It is computed once and kept in a transposition table.
//! Replies are evaluated in parallel; replies after a known failing one are
//! abandoned, so on refuted runs the number of positions touched depends on
//! timing, and `verify` recounts those sequentially. Verified runs visit
//! every reachable position whatever the thread count.

use crate::board::{Board, Edge, IllegalMove, Player, Position};
use crate::canon::{canonical_form, Canonical, Key};
use crate::line::Ending;
use crate::orbits::edge_orbit_representatives;
use crate::strategy::{Game, Memory, Strategy, View};
use dashmap::DashMap;
use foldhash::fast::FixedState;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

mod stats;
mod value;
mod walk;

pub use stats::Stats;
use value::{Chain, Packed, VOID};
pub use value::{FailKind, Value};

/// One exchange from a position with him to move: his edge, then her answer.
#[derive(Clone, Debug)]
pub struct Exchange {
    pub his: Edge,
    pub her: Option<Edge>,
    /// Position and memory after the exchange.
    pub position: Position,
    pub memory: Memory,
    pub ending: Option<Ending>,
}

/// Told about her moves as the search proves them; used to write proof
/// certificates (src/cert). Called from inside the search rather than by a
/// second walk afterwards because only here are the position before her move
/// and the proven value after it both at hand, without replaying the strategy.
pub trait Observer: Sync {
    /// She plays `her` in `before` (her turn) and wins within `depth` more
    /// moves of hers, this one included, against every reply.
    fn her_move(&self, before: &Position, her: Edge, depth: u32);
}

thread_local! {
    /// Set while strategy code runs on this thread (see [`quiet_strategy_panics`]).
    static IN_STRATEGY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Installs a panic hook that stays silent for panics inside strategy code
/// (they are reported as counterexamples) and prints every other panic as
/// before. For binaries; the hook is process-wide.
pub fn quiet_strategy_panics() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !IN_STRATEGY.with(|flag| flag.get()) {
            default(info);
        }
    }));
}

/// The text of a panic payload, as far as it has one.
fn panic_message(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".into())
}

/// A configured search of one strategy on one board.
pub struct Search<'a> {
    pub strategy: &'a dyn Strategy,
    pub game: Game,
    pub board: Board,
    /// Largest number of her moves allowed.
    pub bound: u32,
    table: DashMap<Key, Packed, FixedState>,
    stats: Mutex<Stats>,
    visited: AtomicU64,
    /// Her move count in the position evaluated last (progress display).
    depth: AtomicU32,
    /// Approximate bytes held by the table, and the cap on them.
    table_bytes: AtomicU64,
    max_table_bytes: u64,
    /// Set when the cap is reached: the search unwinds without a verdict.
    aborted: AtomicBool,
    /// Use the standing-assumption shortcuts (for strategies that declare it).
    shortcuts: bool,
    observer: Option<&'a dyn Observer>,
}

impl<'a> Search<'a> {
    pub fn new(strategy: &'a dyn Strategy, board: Board, bound: u32) -> Search<'a> {
        Search {
            strategy,
            game: strategy.game(),
            board,
            bound,
            table: DashMap::with_hasher(FixedState::default()),
            stats: Mutex::new(Stats::default()),
            visited: AtomicU64::new(0),
            depth: AtomicU32::new(0),
            table_bytes: AtomicU64::new(0),
            max_table_bytes: u64::MAX,
            aborted: AtomicBool::new(false),
            shortcuts: true,
            observer: None,
        }
    }

    /// The same search under other rules (see [`Game::under`]).
    pub fn with_game(self, game: Game) -> Search<'a> {
        Search { game, ..self }
    }

    /// The same search, reporting every proven move of hers to `observer`.
    pub fn with_observer(self, observer: &'a dyn Observer) -> Search<'a> {
        Search {
            observer: Some(observer),
            ..self
        }
    }

    /// Tells the observer about her move in an exchange whose value is known.
    fn observe(&self, before: &Position, her: Option<Edge>, value: Value) {
        if self.aborted() {
            return; // values are void
        }
        if let (Some(observer), Some(her), Value::Win(total)) = (self.observer, her, value) {
            let depth = total - before.edge_count(Player::First) as u32;
            observer.her_move(before, her, depth);
        }
    }

    /// Turns off the standing-assumption shortcuts (to measure what they
    /// save; verdict and moves are the same either way, the position
    /// count is not: positions the shortcut decides are never stored).
    pub fn without_shortcuts(mut self) -> Search<'a> {
        self.shortcuts = false;
        self
    }

    /// Caps the transposition table at about `bytes` bytes. When the cap is
    /// reached the search stops without a verdict ([`Search::aborted`]).
    pub fn with_memory_limit(mut self, bytes: u64) -> Search<'a> {
        self.max_table_bytes = bytes;
        self
    }

    /// Whether the memory cap stopped the search (its values are then void).
    pub fn aborted(&self) -> bool {
        self.aborted.load(Ordering::Relaxed)
    }

    /// Approximate bytes held by the transposition table.
    pub fn table_bytes(&self) -> u64 {
        self.table_bytes.load(Ordering::Relaxed)
    }

    /// Her move count in the position evaluated most recently.
    pub fn current_depth(&self) -> u32 {
        self.depth.load(Ordering::Relaxed)
    }

    /// Distinct positions (second player to move) evaluated so far.
    pub fn positions(&self) -> u64 {
        self.table.len() as u64
    }

    /// Positions evaluated so far, for progress display.
    pub fn visited(&self) -> u64 {
        self.visited.load(Ordering::Relaxed)
    }

    pub fn stats(&self) -> Stats {
        self.stats.lock().unwrap().clone()
    }

    /// Her move from (`position`, `memory`) after his `last` edge, in the
    /// caller's labels, or the ending that stops her.
    pub fn her_turn(&self, position: &Position, memory: &Memory, last: Option<Edge>) -> Result<(Edge, Memory), Ending> {
        if position.edge_count(Player::First) as u32 >= self.bound {
            return Err(Ending::BoundExceeded);
        }
        let canon = canonical_form(position, memory, last);
        let view = View {
            game: self.game,
            position: &canon.position,
            memory: &canon.memory,
            last_reply: canon.marked,
        };
        // A panic in strategy code is a counterexample to that strategy,
        // reported like any other failure, not the end of the run.
        IN_STRATEGY.with(|flag| flag.set(true));
        let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.strategy.play(&view)));
        IN_STRATEGY.with(|flag| flag.set(false));
        let chosen = played
            .map_err(|panic| Ending::StrategyError(format!("the strategy panicked: {}", panic_message(&panic))))?
            .map_err(|e| Ending::StrategyError(e.to_string()))?;
        let back = canon.to_canon.inverse_table();
        let capacity = self.board.capacity();
        let (u, v) = chosen.edge.ends();
        if v as usize >= capacity {
            return Err(Ending::IllegalMove(format!("edge {u}-{v} leaves the board")));
        }
        let edge = chosen.edge.map(|v| back[v as usize]);
        if !position.is_free(edge) {
            return Err(Ending::IllegalMove(IllegalMove::Claimed(edge).to_string()));
        }
        let (a, b) = edge.ends();
        let touched = position.touched() | 1u128 << a | 1u128 << b;
        let memory = chosen
            .memory
            .relabel(|v| if (v as usize) < capacity { back[v as usize] } else { v });
        if let Some(v) = memory.names.iter().flatten().find(|&&v| touched >> v & 1 == 0) {
            return Err(Ending::IllegalMove(format!(
                "memory names vertex {v}, which no claimed edge touches"
            )));
        }
        Ok((edge, memory))
    }

    /// Whether the standing-assumption shortcuts apply (see [`Search::without_shortcuts`]).
    fn shortcuts_apply(&self) -> bool {
        self.shortcuts && self.strategy.completes_when_possible()
    }

    /// Her answer to `his`: an immediate win when the strategy declares
    /// that it completes the target whenever it can (no canonical labelling
    /// or strategy call needed), otherwise [`Search::her_turn`]. `her_threats`
    /// are her threats before his move: his move can only remove one.
    fn her_answer(
        &self,
        position: &Position,
        memory: &Memory,
        his: Edge,
        her_threats: &[Edge],
    ) -> Result<(Edge, Memory), Ending> {
        let moves = position.edge_count(Player::First) as u32;
        if self.shortcuts_apply() && moves < self.bound {
            if let Some(&win) = her_threats.iter().find(|&&e| e != his) {
                return Ok((win, memory.clone()));
            }
        }
        self.her_turn(position, memory, Some(his))
    }

    /// Her threats in `position` when the shortcuts need them, else none.
    fn threats_for_shortcuts(&self, position: &Position) -> Vec<Edge> {
        if self.shortcuts_apply() {
            position.threats(Player::First, self.game.clique)
        } else {
            Vec::new()
        }
    }

    /// The value of a position with him to move in which she has a double
    /// threat, without canonical labelling: he loses unless he can complete
    /// his own target now. Only for strategies that complete when possible,
    /// and only when her winning move is within the bound (otherwise which
    /// failure comes first depends on the reply order).
    fn double_threat_value(&self, position: &Position) -> Option<Value> {
        let k = self.game.clique;
        let moves = position.edge_count(Player::First) as u32;
        if !self.shortcuts_apply() || moves >= self.bound || !position.has_double_threat(Player::First, k) {
            return None;
        }
        Some(
            if !self.game.second_builds() || position.threats(Player::Second, k).is_empty() {
                Value::Win(moves + 1)
            } else {
                Value::Fail {
                    kind: FailKind::SecondPlayerWins,
                    his_moves: 1,
                }
            },
        )
    }

    /// His edge `his`, then her answer, from a position with him to move.
    pub fn exchange(&self, position: &Position, memory: &Memory, his: Edge) -> Exchange {
        self.exchange_given(position, memory, his, &self.threats_for_shortcuts(position))
    }

    /// [`Search::exchange`] with her threats in `position` already known
    /// (they are the same for every reply at a node).
    fn exchange_given(&self, position: &Position, memory: &Memory, his: Edge, her_threats: &[Edge]) -> Exchange {
        let k = self.game.clique;
        let mut after = position.with(his, Player::Second).expect("replies are unclaimed edges");
        let stop = if self.game.second_builds() && position.completes_clique(Player::Second, his, k) {
            Some(Ending::SecondPlayerWins)
        } else if after.is_full() {
            Some(Ending::Draw)
        } else {
            None
        };
        let answer = match stop {
            Some(ending) => Err(ending),
            None => self.her_answer(&after, memory, his, her_threats),
        };
        match answer {
            Err(ending) => Exchange {
                his,
                her: None,
                position: after,
                memory: memory.clone(),
                ending: Some(ending),
            },
            Ok((her, memory)) => {
                let wins = after.completes_clique(Player::First, her, k);
                after.claim(her, Player::First).expect("checked legal");
                Exchange {
                    his,
                    her: Some(her),
                    position: after,
                    memory,
                    ending: wins.then_some(Ending::FirstPlayerWins),
                }
            }
        }
    }

    /// The value of a canonical position with him to move (the game must
    /// not be over yet).
    pub fn value(&self, node: &Canonical) -> Value {
        self.value_in(node, None)
    }

    /// [`Search::value`] for a position reached along `chain`; returns a
    /// void placeholder, and stores nothing, once the chain is cancelled.
    fn value_in(&self, node: &Canonical, chain: Option<&Chain>) -> Value {
        if let Some(v) = self.table.get(&node.key) {
            return Value::from(*v);
        }
        if self.aborted() {
            return VOID;
        }
        self.visited.fetch_add(1, Ordering::Relaxed);
        self.depth
            .store(node.position.edge_count(Player::First) as u32, Ordering::Relaxed);
        let (outcomes, chosen) = self.evaluate_replies(node, chain);
        if self.aborted() || chain.is_some_and(Chain::cancelled) {
            return VOID;
        }
        let no_move = Value::Fail {
            kind: FailKind::Draw,
            his_moves: 0,
        };
        let value = chosen.map_or(no_move, |i| outcomes[i].0);
        if let dashmap::Entry::Vacant(slot) = self.table.entry(node.key.clone()) {
            slot.insert(Packed::from(value));
            self.record(node, &outcomes);
            // Key bytes, the boxed slice header, the value and the map's own
            // bookkeeping per entry.
            let bytes = node.key.0.len() as u64 + 64;
            if self.table_bytes.fetch_add(bytes, Ordering::Relaxed) + bytes > self.max_table_bytes {
                self.aborted.store(true, Ordering::Relaxed);
            }
        }
        value
    }

    /// Evaluates his replies in orbit order, in parallel. Once a reply is
    /// known to fail, later replies are not needed: those not started are
    /// skipped and those under way are cancelled through their [`Chain`]
    /// (both come back void). Returns the outcomes and the index of the
    /// reply a line follows: the first failing reply, or the first reply
    /// with the longest win; `None` if he has no move.
    fn evaluate_replies(
        &self,
        node: &Canonical,
        chain: Option<&Chain>,
    ) -> (Vec<(Value, Option<&'static str>)>, Option<usize>) {
        let replies = edge_orbit_representatives(node);
        let her_threats = self.threats_for_shortcuts(&node.position);
        let first_fail = AtomicUsize::new(usize::MAX);
        let outcomes: Vec<(Value, Option<&'static str>)> = replies
            .par_iter()
            .enumerate()
            .map(|(index, &e)| {
                let link = Chain {
                    first_fail: &first_fail,
                    index,
                    parent: chain,
                };
                if link.cancelled() {
                    return (VOID, None);
                }
                let outcome = self.reply_value(node, e, &her_threats, Some(&link));
                if matches!(outcome.0, Value::Fail { .. }) && !link.cancelled() {
                    first_fail.fetch_min(index, Ordering::Relaxed);
                }
                outcome
            })
            .collect();
        let fail = first_fail.into_inner();
        let chosen = if fail < outcomes.len() {
            Some(fail)
        } else {
            // A failure that was not recorded came from a subtree cancelled
            // above this node, which is then void itself: skip it.
            let wins = outcomes.iter().enumerate().filter_map(|(i, (v, _))| match v {
                Value::Win(m) => Some((*m, std::cmp::Reverse(i))),
                Value::Fail { .. } => None,
            });
            wins.max().map(|(_, std::cmp::Reverse(i))| i)
        };
        (outcomes, chosen)
    }

    fn record(&self, node: &Canonical, outcomes: &[(Value, Option<&'static str>)]) {
        let phase = self.strategy.phase(&node.memory);
        let mut stats = self.stats.lock().unwrap();
        *stats.positions_by_phase.entry(phase).or_default() += 1;
        for (value, won_in) in outcomes {
            if let (Value::Win(moves), Some(phase)) = (value, won_in) {
                *stats.wins_by_length.entry(*moves).or_default() += 1;
                *stats.wins_by_phase.entry(phase).or_default() += 1;
            }
        }
    }

    /// The value of his reply `e`; when she wins at once, also her phase.
    fn reply_value(
        &self,
        node: &Canonical,
        e: Edge,
        her_threats: &[Edge],
        chain: Option<&Chain>,
    ) -> (Value, Option<&'static str>) {
        let x = self.exchange_given(&node.position, &node.memory, e, her_threats);
        let outcome = self.exchange_value(&x, chain);
        if self.observer.is_some() && !chain.is_some_and(Chain::cancelled) {
            let before = node
                .position
                .with(e, Player::Second)
                .expect("replies are unclaimed edges");
            self.observe(&before, x.her, outcome.0);
        }
        outcome
    }

    /// The value of a played exchange; when she wins at once, also her phase.
    fn exchange_value(&self, x: &Exchange, chain: Option<&Chain>) -> (Value, Option<&'static str>) {
        match x.ending {
            Some(Ending::FirstPlayerWins) => (
                Value::Win(x.position.edge_count(Player::First) as u32),
                Some(self.strategy.phase(&x.memory)),
            ),
            Some(ref ending) => (
                Value::Fail {
                    kind: FailKind::of(ending).unwrap(),
                    his_moves: 1,
                },
                None,
            ),
            None => {
                let value = self.double_threat_value(&x.position);
                let value =
                    value.unwrap_or_else(|| self.value_in(&canonical_form(&x.position, &x.memory, None), chain));
                let value = match value {
                    Value::Fail { kind, his_moves } => Value::Fail {
                        kind,
                        his_moves: his_moves + 1,
                    },
                    win => win,
                };
                (value, None)
            }
        }
    }

    /// Her first move on the empty board.
    pub fn opening(&self) -> Result<(Position, Memory, Edge), Ending> {
        let empty = Position::empty(self.board);
        let (edge, memory) = self.her_turn(&empty, &self.strategy.initial_memory(), None)?;
        Ok((empty.with(edge, Player::First).expect("checked legal"), memory, edge))
    }

    /// The value of the whole game.
    pub fn root_value(&self) -> Value {
        match self.opening() {
            Err(ending) => Value::Fail {
                kind: FailKind::of(&ending).unwrap_or(FailKind::StrategyError),
                his_moves: 0,
            },
            Ok((position, memory, edge)) => {
                let value = self.value(&canonical_form(&position, &memory, None));
                self.observe(&Position::empty(self.board), Some(edge), value);
                value
            }
        }
    }
}
