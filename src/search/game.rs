//! A first-player strategy as a [`crate::game::Game`]: the strategy
//! verifier runs on the engine's one search core ([`crate::engine::Solver`]).
//!
//! A position is a board with him to move, her memory, her last move and,
//! once the game is over, how it ended. A move is his edge; playing it
//! plays the whole exchange: his edge, then her answer from the strategy,
//! called on the canonical form of (position, memory, his edge). So the
//! search only branches on his replies, one per orbit of the canonical
//! (position, memory), in the order of [`edge_orbits`] (which fixes which
//! counterexample comes first).
//!
//! Scores: every failure is below a win. A failure is decisive for him
//! ([`Game::decisive`]): the value of a node is its first failing reply in
//! reply order, else its longest win (she hurries, he delays). The length
//! of a value is the number of exchanges (his moves) to the end, so a
//! win's total number of her moves is her moves at the node plus the
//! length, and a failure's length is the number of his moves to it (see
//! [`to_value`]).
//!
//! Counting convention ([`Game::quick_value`]): only positions with him to
//! move that are labelled are stored and counted. A game that ended inside
//! an exchange and a position decided by the double-threat shortcut are
//! decided before labelling and never stored; a full board with him to move
//! (he has no reply: a draw) is stored, as it always was.

use super::{FailKind, Value as Outcome};
use crate::board::{Board, Edge, IllegalMove, Player, Position, Vertex};
use crate::canon::{canonical_form, Key};
use crate::game::{Canonical, Game as EngineGame, Value};
use crate::line::Ending;
use crate::orbits::edge_orbits;
use crate::strategy::{Game, Memory, Strategy, View};
use std::sync::OnceLock;

/// The score of a line for the strategy: a failure of some kind, or a win.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Score {
    /// A counterexample of this kind.
    Fail(FailKind),
    /// She wins.
    Win,
}

/// A position with him to move (or a game that has ended), as the search
/// sees it.
#[derive(Clone, Debug)]
pub struct Node {
    /// The board.
    pub position: Position,
    /// Her memory.
    pub memory: Memory,
    /// Her last move, if the exchange that led here had one.
    pub her: Option<Edge>,
    /// How the game ended, if it did.
    pub ending: Option<Ending>,
    /// Her threats, computed once per node where the shortcuts need them.
    threats: OnceLock<Vec<Edge>>,
}

impl Node {
    /// A position with him to move, before anything is known about it.
    pub fn new(position: Position, memory: Memory) -> Node {
        Node {
            position,
            memory,
            her: None,
            ending: None,
            threats: OnceLock::new(),
        }
    }
}

/// One exchange from a position with him to move: his edge, then her answer.
#[derive(Clone, Debug)]
pub struct Exchange {
    /// His edge.
    pub his: Edge,
    /// Her answer, unless the game ended before it.
    pub her: Option<Edge>,
    /// Position after the exchange.
    pub position: Position,
    /// Memory after the exchange.
    pub memory: Memory,
    /// How the game ended, if it did.
    pub ending: Option<Ending>,
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

/// One strategy on one board with a bound on her moves, as a game.
#[derive(Clone, Copy)]
pub struct StrategyGame<'a> {
    /// The strategy that chooses her moves.
    pub strategy: &'a dyn Strategy,
    /// The rules.
    pub game: Game,
    /// The board.
    pub board: Board,
    /// Largest number of her moves allowed.
    pub bound: u32,
    /// Use the standing-assumption shortcuts (for strategies that declare it).
    pub shortcuts: bool,
}

/// The outcome at a node where she has made `her_moves` moves, from the
/// engine's value there (whose length counts his moves).
pub fn to_value(her_moves: u32, value: Value<Score>) -> Outcome {
    match value.score {
        Score::Win => Outcome::Win(her_moves + value.plies),
        Score::Fail(kind) => Outcome::Fail {
            kind,
            his_moves: value.plies,
        },
    }
}

/// The engine's form of the canonical (position, memory) of a node.
pub fn engine_form(canon: crate::canon::Canonical) -> Canonical<Node> {
    Canonical {
        key: words(&canon.key),
        to_canon: canon.to_canon.map,
        generators: canon.generators,
        position: Node::new(canon.position, canon.memory),
    }
}

/// A byte key as words: the bytes, a terminating 1, zeros to a whole word
/// (so that distinct byte strings give distinct words).
fn words(key: &Key) -> Box<[u64]> {
    let bytes = &key.0;
    let mut out = Vec::with_capacity(bytes.len() / 8 + 1);
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        out.push(u64::from_le_bytes(chunk.try_into().expect("eight bytes")));
    }
    let mut last = [0u8; 8];
    let rest = chunks.remainder();
    last[..rest.len()].copy_from_slice(rest);
    last[rest.len()] = 1;
    out.push(u64::from_le_bytes(last));
    out.into_boxed_slice()
}

impl StrategyGame<'_> {
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
        self.back_to_caller(position, &canon.to_canon.inverse_table(), chosen.edge, &chosen.memory)
    }

    /// Her move and memory, chosen in canonical labels, mapped back by
    /// `back` to the labels of `position` and checked.
    fn back_to_caller(
        &self,
        position: &Position,
        back: &[Vertex],
        edge: Edge,
        memory: &Memory,
    ) -> Result<(Edge, Memory), Ending> {
        let capacity = self.board.capacity();
        let (u, v) = edge.ends();
        if v as usize >= capacity {
            return Err(Ending::IllegalMove(format!("edge {u}-{v} leaves the board")));
        }
        let edge = edge.map(|v| back[v as usize]);
        if !position.is_free(edge) {
            return Err(Ending::IllegalMove(IllegalMove::Claimed(edge).to_string()));
        }
        let (a, b) = edge.ends();
        let touched = position.touched() | 1u128 << a | 1u128 << b;
        let memory = memory.relabel(|v| if (v as usize) < capacity { back[v as usize] } else { v });
        if let Some(v) = memory.names.iter().flatten().find(|&&v| touched >> v & 1 == 0) {
            return Err(Ending::IllegalMove(format!(
                "memory names vertex {v}, which no claimed edge touches"
            )));
        }
        Ok((edge, memory))
    }

    /// Whether the standing-assumption shortcuts apply.
    fn shortcuts_apply(&self) -> bool {
        self.shortcuts && self.strategy.completes_when_possible()
    }

    /// Her answer to `his`: an immediate win when the strategy declares
    /// that it completes the target whenever it can (no canonical labelling
    /// or strategy call needed), otherwise [`StrategyGame::her_turn`].
    /// `her_threats` are her threats before his move: his move can only
    /// remove one.
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
    fn double_threat_value(&self, position: &Position) -> Option<Value<Score>> {
        let k = self.game.clique;
        let moves = position.edge_count(Player::First) as u32;
        if !self.shortcuts_apply() || moves >= self.bound || !position.has_double_threat(Player::First, k) {
            return None;
        }
        let he_completes = self.game.second_builds() && !position.threats(Player::Second, k).is_empty();
        let score = match he_completes {
            false => Score::Win,
            true => Score::Fail(FailKind::SecondPlayerWins),
        };
        Some(Value { score, plies: 1 })
    }

    /// His edge `his`, then her answer, from a position with him to move.
    pub fn exchange(&self, position: &Position, memory: &Memory, his: Edge) -> Exchange {
        self.exchange_given(position, memory, his, &self.threats_for_shortcuts(position))
    }

    /// [`StrategyGame::exchange`] with her threats in `position` already
    /// known (they are the same for every reply at a node).
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
}

/// The score of a line that ended.
fn ending_score(ending: &Ending) -> Score {
    FailKind::of(ending).map_or(Score::Win, Score::Fail)
}

impl EngineGame for StrategyGame<'_> {
    type Position = Node;
    type Move = Edge;
    type Score = Score;

    /// The empty board after her first move (or the ending that stops it).
    fn start(&self) -> Node {
        let empty = Position::empty(self.board);
        match self.her_turn(&empty, &self.strategy.initial_memory(), None) {
            Ok((edge, memory)) => Node {
                her: Some(edge),
                ..Node::new(empty.with(edge, Player::First).expect("checked legal"), memory)
            },
            Err(ending) => Node {
                ending: Some(ending),
                ..Node::new(empty, self.strategy.initial_memory())
            },
        }
    }

    fn to_move(&self, _node: &Node) -> Player {
        Player::Second
    }

    /// A full board with him to move is a draw (he has no reply).
    fn outcome(&self, node: &Node) -> Option<Score> {
        match &node.ending {
            Some(ending) => Some(ending_score(ending)),
            None => node.position.is_full().then_some(Score::Fail(FailKind::Draw)),
        }
    }

    /// Every unclaimed edge between touched vertices, and edges to the
    /// first fresh vertices (all fresh vertices are alike).
    fn moves(&self, node: &Node) -> Vec<Edge> {
        edge_orbits(&node.position, &[])
    }

    fn orbit_moves(&self, canon: &Canonical<Node>) -> Vec<Edge> {
        edge_orbits(&canon.position.position, &canon.generators)
    }

    fn play(&self, node: &Node, his: &Edge) -> Node {
        let threats = node.threats.get_or_init(|| self.threats_for_shortcuts(&node.position));
        let x = self.exchange_given(&node.position, &node.memory, *his, threats);
        Node {
            her: x.her,
            ending: x.ending,
            ..Node::new(x.position, x.memory)
        }
    }

    fn canonical(&self, node: &Node) -> Canonical<Node> {
        engine_form(canonical_form(&node.position, &node.memory, None))
    }

    fn relabel_move(&self, m: &Edge, perm: &[Vertex]) -> Edge {
        m.map(|v| perm.get(v as usize).copied().unwrap_or(v))
    }

    /// She hurries to a win; failures are decisive, so their length is the
    /// first in reply order, not ranked.
    fn hurries(&self, score: Score) -> Option<Player> {
        (score == Score::Win).then_some(Player::First)
    }

    fn move_text(&self, m: &Edge) -> String {
        m.to_string()
    }

    fn score_text(&self, score: Score) -> String {
        format!("{score:?}")
    }

    fn decisive(&self, mover: Player, score: Score) -> bool {
        mover == Player::Second && score != Score::Win
    }

    fn quick_value(&self, node: &Node) -> Option<Value<Score>> {
        match &node.ending {
            Some(ending) => Some(Value {
                score: ending_score(ending),
                plies: 0,
            }),
            None => self.double_threat_value(&node.position),
        }
    }
}
