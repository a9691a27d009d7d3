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

use crate::board::{Board, Edge, Player, Position};
use crate::canon::{canonical_form, Canonical, Key};
use crate::line::{Ending, Line, PlayedMove};
use crate::orbits::edge_orbit_representatives;
use crate::strategy::{Game, Memory, Strategy, View};
use dashmap::DashMap;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

/// Why a line is a counterexample, ordered by how a report prefers them.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum FailKind {
    SecondPlayerWins,
    Draw,
    StrategyError,
    IllegalMove,
    BoundExceeded,
}

impl FailKind {
    /// The failure an ending is, `None` when she won.
    pub fn of(ending: &Ending) -> Option<FailKind> {
        match ending {
            Ending::FirstPlayerWins => None,
            Ending::SecondPlayerWins => Some(FailKind::SecondPlayerWins),
            Ending::Draw => Some(FailKind::Draw),
            Ending::StrategyError(_) => Some(FailKind::StrategyError),
            Ending::IllegalMove(_) => Some(FailKind::IllegalMove),
            Ending::BoundExceeded => Some(FailKind::BoundExceeded),
        }
    }
}

/// The outcome of a position with the second player to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Value {
    /// She wins on every line; the largest total number of her moves.
    Win(u32),
    /// He has a counterexample with `his_moves` more moves of his (the
    /// first one in reply order, not necessarily the shortest).
    Fail { kind: FailKind, his_moves: u32 },
}

/// Counts gathered while searching, identical for any thread count.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Stats {
    /// Distinct positions (second player to move) by the strategy's phase.
    pub positions_by_phase: BTreeMap<String, u64>,
    /// Distinct winning final moves by the total number of her moves.
    pub wins_by_length: BTreeMap<u32, u64>,
    /// Distinct winning final moves by the phase she won in.
    pub wins_by_phase: BTreeMap<String, u64>,
}

impl Stats {
    fn merge(&mut self, other: Stats) {
        for (k, v) in other.positions_by_phase {
            *self.positions_by_phase.entry(k).or_default() += v;
        }
        for (k, v) in other.wins_by_length {
            *self.wins_by_length.entry(k).or_default() += v;
        }
        for (k, v) in other.wins_by_phase {
            *self.wins_by_phase.entry(k).or_default() += v;
        }
    }
}

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

/// A configured search of one strategy on one board.
pub struct Search<'a> {
    pub strategy: &'a dyn Strategy,
    pub game: Game,
    pub board: Board,
    /// Largest number of her moves allowed.
    pub bound: u32,
    table: DashMap<Key, Value>,
    stats: Mutex<Stats>,
    visited: AtomicU64,
}

impl<'a> Search<'a> {
    pub fn new(strategy: &'a dyn Strategy, board: Board, bound: u32) -> Search<'a> {
        Search {
            strategy,
            game: strategy.game(),
            board,
            bound,
            table: DashMap::new(),
            stats: Mutex::new(Stats::default()),
            visited: AtomicU64::new(0),
        }
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
        let chosen = self
            .strategy
            .play(&view)
            .map_err(|e| Ending::StrategyError(e.to_string()))?;
        let back = canon.to_canon.inverse();
        let capacity = self.board.capacity();
        let (u, v) = chosen.edge.ends();
        if v as usize >= capacity {
            return Err(Ending::IllegalMove(format!("edge {u}-{v} leaves the board")));
        }
        let edge = chosen.edge.map(|v| back.apply(v));
        let after = position
            .with(edge, Player::First)
            .map_err(|e| Ending::IllegalMove(e.to_string()))?;
        let touched = after.touched();
        let memory = chosen
            .memory
            .relabel(|v| if (v as usize) < capacity { back.apply(v) } else { v });
        if let Some(v) = memory.names.iter().flatten().find(|&&v| touched >> v & 1 == 0) {
            return Err(Ending::IllegalMove(format!(
                "memory names vertex {v}, which no claimed edge touches"
            )));
        }
        Ok((edge, memory))
    }

    /// His edge `his`, then her answer, from a position with him to move.
    pub fn exchange(&self, position: &Position, memory: &Memory, his: Edge) -> Exchange {
        let k = self.game.clique;
        let mut after = position.with(his, Player::Second).expect("replies are unclaimed edges");
        let mut exchange = Exchange {
            his,
            her: None,
            position: after.clone(),
            memory: memory.clone(),
            ending: None,
        };
        if position.completes_clique(Player::Second, his, k) {
            exchange.ending = Some(Ending::SecondPlayerWins);
        } else if after.is_full() {
            exchange.ending = Some(Ending::Draw);
        } else {
            match self.her_turn(&after, memory, Some(his)) {
                Err(ending) => exchange.ending = Some(ending),
                Ok((her, next_memory)) => {
                    let wins = after.completes_clique(Player::First, her, k);
                    after.claim(her, Player::First).expect("checked legal");
                    exchange.her = Some(her);
                    exchange.position = after;
                    exchange.memory = next_memory;
                    if wins {
                        exchange.ending = Some(Ending::FirstPlayerWins);
                    }
                }
            }
        }
        exchange
    }

    /// The value of a canonical position with him to move.
    pub fn value(&self, node: &Canonical) -> Value {
        if let Some(v) = self.table.get(&node.key) {
            return *v;
        }
        self.visited.fetch_add(1, Ordering::Relaxed);
        let (outcomes, chosen) = self.evaluate_replies(node);
        let value = chosen.map_or(
            Value::Fail {
                kind: FailKind::Draw,
                his_moves: 0,
            },
            |i| outcomes[i].0,
        );
        if let dashmap::Entry::Vacant(slot) = self.table.entry(node.key.clone()) {
            slot.insert(value);
            self.record(node, &outcomes);
        }
        value
    }

    /// Evaluates his replies in orbit order, in parallel, stopping at the
    /// first counterexample: replies after the first failing one are not
    /// needed (and come back as a win of 0 moves). Returns the outcomes and
    /// the index of the reply a line follows: the first failing reply, or
    /// the first reply with the longest win; `None` if he has no move.
    fn evaluate_replies(&self, node: &Canonical) -> (Vec<(Value, Option<String>)>, Option<usize>) {
        let replies = edge_orbit_representatives(node);
        let first_fail = AtomicUsize::new(usize::MAX);
        let outcomes: Vec<(Value, Option<String>)> = replies
            .par_iter()
            .enumerate()
            .map(|(i, &e)| {
                if i > first_fail.load(Ordering::Relaxed) {
                    return (Value::Win(0), None);
                }
                let outcome = self.reply_value(node, e);
                if matches!(outcome.0, Value::Fail { .. }) {
                    first_fail.fetch_min(i, Ordering::Relaxed);
                }
                outcome
            })
            .collect();
        let fail = first_fail.into_inner();
        let chosen = if fail < outcomes.len() {
            Some(fail)
        } else {
            let wins = outcomes.iter().enumerate().map(|(i, (v, _))| match v {
                Value::Win(m) => (*m, std::cmp::Reverse(i)),
                Value::Fail { .. } => unreachable!("no reply failed"),
            });
            wins.max().map(|(_, std::cmp::Reverse(i))| i)
        };
        (outcomes, chosen)
    }

    fn record(&self, node: &Canonical, outcomes: &[(Value, Option<String>)]) {
        let mut local = Stats::default();
        local.positions_by_phase.insert(self.strategy.phase(&node.memory), 1);
        for (value, won_in) in outcomes {
            if let (Value::Win(moves), Some(phase)) = (value, won_in) {
                *local.wins_by_length.entry(*moves).or_default() += 1;
                *local.wins_by_phase.entry(phase.clone()).or_default() += 1;
            }
        }
        self.stats.lock().unwrap().merge(local);
    }

    /// The value of his reply `e`; when she wins at once, also her phase.
    fn reply_value(&self, node: &Canonical, e: Edge) -> (Value, Option<String>) {
        let x = self.exchange(&node.position, &node.memory, e);
        match x.ending {
            Some(Ending::FirstPlayerWins) => (
                Value::Win(x.position.edge_count(Player::First) as u32),
                Some(self.strategy.phase(&x.memory)),
            ),
            Some(ending) => (
                Value::Fail {
                    kind: FailKind::of(&ending).unwrap(),
                    his_moves: 1,
                },
                None,
            ),
            None => {
                let child = canonical_form(&x.position, &x.memory, None);
                let value = match self.value(&child) {
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
            Ok((position, memory, _)) => self.value(&canonical_form(&position, &memory, None)),
        }
    }

    /// The line the values point to: the first counterexample in reply
    /// order, or the first longest win. Call after [`Search::root_value`].
    pub fn principal_line(&self) -> Line {
        let mut moves = Vec::new();
        let mut names = NameBook::new(self.strategy.slot_names());
        let (mut position, mut memory) = match self.opening() {
            Err(ending) => {
                return Line {
                    moves,
                    ending,
                    names: vec![],
                }
            }
            Ok((position, memory, edge)) => {
                moves.push(PlayedMove {
                    player: Player::First,
                    edge,
                    forced: false,
                    phase: self.strategy.phase(&memory),
                });
                names.note(&memory);
                (position, memory)
            }
        };
        loop {
            let node = canonical_form(&position, &memory, None);
            let Some(chosen) = self.evaluate_replies(&node).1 else {
                return Line {
                    moves,
                    ending: Ending::Draw,
                    names: names.finish(),
                };
            };
            let x = self.exchange(&node.position, &node.memory, edge_orbit_representatives(&node)[chosen]);
            let back = node.to_canon.inverse();
            let k = self.game.clique;
            let his = x.his.map(|v| back.apply(v));
            moves.push(PlayedMove {
                player: Player::Second,
                edge: his,
                forced: position.completes_clique(Player::First, his, k),
                phase: String::new(),
            });
            let before_her = position.with(his, Player::Second).expect("legal");
            position = x.position.relabel(|v| back.apply(v));
            memory = x.memory.relabel(|v| back.apply(v));
            if let Some(her) = x.her.map(|e| e.map(|v| back.apply(v))) {
                let wins = before_her.completes_clique(Player::First, her, k);
                let forced = !wins && before_her.completes_clique(Player::Second, her, k);
                moves.push(PlayedMove {
                    player: Player::First,
                    edge: her,
                    forced,
                    phase: self.strategy.phase(&memory),
                });
                names.note(&memory);
            }
            if let Some(ending) = x.ending {
                return Line {
                    moves,
                    ending,
                    names: names.finish(),
                };
            }
        }
    }
}

/// The last name each vertex was given along a line.
struct NameBook {
    slots: &'static [&'static str],
    names: BTreeMap<u8, String>,
}

impl NameBook {
    fn new(slots: &'static [&'static str]) -> NameBook {
        NameBook {
            slots,
            names: BTreeMap::new(),
        }
    }

    fn note(&mut self, memory: &Memory) {
        for (slot, v) in memory.names.iter().enumerate().rev() {
            if let (Some(v), Some(name)) = (v, self.slots.get(slot)) {
                self.names.insert(*v, name.to_string());
            }
        }
    }

    fn finish(self) -> Vec<(u8, String)> {
        self.names.into_iter().collect()
    }
}
