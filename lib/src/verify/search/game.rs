//! A first-player strategy as a game ([`Rules`] and the other capabilities
//! of [`crate::games`]): the strategy
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
//! Where her open choices are searched ([`Choices::All`], [`Choices::Some`])
//! and the strategy allows more than one move
//! ([`crate::verify::strategy::Strategy::choices`]), the exchange is cut in two:
//! after his edge comes a *choice node* where she is to move and the moves
//! are her options in the strategy's order. Its mover is the adversary
//! under `All` (every option must win) and she herself under `Some` (one
//! option must win). Where exactly one move is allowed she plays it in the
//! exchange, so without open choices the search is the same as under `one`.
//!
//! Scores: every failure is below every win, and a win with fewer of her
//! moves is above one with more (she hurries, he delays; the total is in
//! the score; the length of a value counts his moves only). A failure is
//! decisive for him and a win for her ([`crate::games::FirstFailure`], the
//! question of every strategy check): the value of
//! a node is its first failing reply in reply order, else its longest win
//! (and at her choice nodes under `Some`, the first winning option).
//!
//! Counting convention ([`Hints::quick_value`]): only positions that are
//! labelled are stored and counted: with him to move, and her choice
//! nodes. A game that ended inside an exchange and a position decided by
//! the double-threat shortcut are decided before labelling and never
//! stored; a full board with him to move (he has no reply: a draw) is
//! stored, as it always was. His replies that end the game or that she
//! answers with the shortcut's win are scored before the exchange is even
//! played ([`Hints::quick_move_value`]), with the same values.

use super::bare::{BareCell, Origin, Source};
use super::choices::Choices;
use super::value::{FailKind, Value as Outcome};
use crate::core::board::{Board, Edge, Player, Position, Vertex};
use crate::core::canon::canonical_form;
use crate::core::memory::Memory;
use crate::core::orbits::edge_orbits;
use crate::core::symmetry::Canonical;
use crate::games::{FinalScore, Hints, Notation, Rules, StrategyScore, Symmetric, Value};
use crate::verify::line::Ending;
use crate::verify::strategy::{Game, Strategy};
use std::cmp::Reverse;
use std::sync::{Arc, OnceLock};

/// The score of a line for the strategy: a failure of some kind, or a win
/// with her total number of moves (fewer is better for her).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Score {
    /// A counterexample of this kind.
    Fail(FailKind),
    /// She wins with this many moves in all (at most half the edges of a
    /// board of at most 128 vertices, so 16 bits hold it; 4 bytes per score
    /// keep the table small).
    Win(Reverse<u16>),
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

/// Her threats at a node with him to move, where the shortcuts need them,
/// and the node's seed for the sample of shortcut wins: the same for every
/// reply there, computed once. The sampled shortcut wins are a fixed
/// function of (position before his reply, his reply), which fixes the
/// situation after it.
#[derive(Clone, Debug, Default)]
pub struct AtNode {
    /// Her threats (none where the shortcuts do not apply).
    pub threats: Vec<Edge>,
    /// The hash of the position (`StrategyGame::seed`).
    pub seed: u64,
}

/// A move of the strategy game: his edge, or her choice of option.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Turn {
    /// His edge (and, unless choices are searched, her answer).
    His(Edge),
    /// Option `i` of those the strategy allows at a choice node.
    Her(usize),
}

/// The moves the strategy allows at a choice node (checked legal), each
/// with the memory it leads to, in the node's labels; or the ending that
/// stops her first.
pub type Options = Result<Vec<(Edge, Memory)>, Ending>;

/// A position of the strategy game, as the search sees it.
#[derive(Clone, Debug)]
pub struct Node {
    /// The board.
    pub position: Position,
    /// Her memory.
    pub memory: Memory,
    /// Her last move, if the step that led here had one.
    pub her: Option<Edge>,
    /// She is to choose among her options (a choice node), after `his`.
    pub her_turn: bool,
    /// His last edge at a choice node.
    pub his: Option<Edge>,
    /// How the game ended, if it did.
    pub ending: Option<Ending>,
    /// Her threats, computed once per node where the shortcuts need them.
    threats: OnceLock<AtNode>,
    /// Her options at a choice node, computed once.
    options: OnceLock<Options>,
    /// Where a certificate's writer finds this node's bare labelling: set
    /// on the canonical nodes of a certified search ([`Node::bare_cell`]).
    bare: Option<Arc<BareCell>>,
    /// A played child's parent cell, his edge and her answer (parent's
    /// labels), until the child is put in canonical form.
    from: Option<(Arc<BareCell>, Edge, Edge)>,
}

impl Node {
    /// A position with him to move, before anything is known about it.
    pub fn new(position: Position, memory: Memory) -> Node {
        Node {
            position,
            memory,
            her: None,
            her_turn: false,
            his: None,
            ending: None,
            threats: OnceLock::new(),
            options: OnceLock::new(),
            bare: None,
            from: None,
        }
    }

    /// Where the bare labelling of the position (no memory, no marked
    /// edge) is kept, worked out at most once per node: a certificate
    /// records her answers to all his replies at the node through it
    /// ([`super::Observer::her_answer`]). Only in a certified search
    /// ([`StrategyGame::certifying`]), and not at choice nodes.
    pub fn bare_cell(&self) -> Option<&Arc<BareCell>> {
        self.bare.as_ref()
    }

    /// A choice node: she is to move after his edge `his` (if any).
    pub fn choice(position: Position, memory: Memory, his: Option<Edge>) -> Node {
        Node {
            her_turn: true,
            his,
            ..Node::new(position, memory)
        }
    }

    /// The same node, ended by `ending`.
    fn ended(self, ending: Option<Ending>) -> Node {
        Node { ending, ..self }
    }
}

/// One strategy on one board with a bound on her moves, as a game.
#[derive(Clone)]
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
    /// How her open choices are resolved.
    pub choices: Choices,
    /// One situation in this many gets the contract checks
    /// ([`super::contract`]; the shortcut's wins more rarely); 1 checks
    /// every situation.
    pub contract_sample: u64,
    /// A certificate is written: canonical nodes carry a [`BareCell`],
    /// derived from the parent's where his edge and her answer led there.
    pub certifying: bool,
}

/// The verifier's outcome of a position from the engine's value there
/// (whose length counts his moves: [`StrategyGame`]'s `plies`).
pub fn to_value(value: Value<Score>) -> Outcome {
    match value.score {
        Score::Win(Reverse(total)) => Outcome::Win(total.into()),
        Score::Fail(kind) => Outcome::Fail {
            kind,
            his_moves: value.plies,
        },
    }
}

/// The engine's form of a canonical (position, memory, marked edge): a
/// choice node (his last edge marked) if `her_turn`, else him to move.
pub fn engine_form(canon: crate::core::canon::CanonicalForm, her_turn: bool) -> Canonical<Node> {
    let position = match her_turn {
        true => Node::choice(canon.position, canon.memory, canon.marked),
        false => Node::new(canon.position, canon.memory),
    };
    Canonical {
        key: canon.key.words(her_turn as u8),
        to_canon: canon.to_canon.map,
        generators: canon.generators,
        position,
    }
}

/// The node an exchange leads to (him to move, or the game over).
fn exchanged(x: Exchange) -> Node {
    Node {
        her: x.her,
        ..Node::new(x.position, x.memory).ended(x.ending)
    }
}

/// A win with `total` of her moves.
pub(super) fn win_in(total: usize) -> Score {
    Score::Win(Reverse(u16::try_from(total).expect("her moves fit in 16 bits")))
}

/// The score of a line that ended in `position`.
fn ending_score(ending: &Ending, position: &Position) -> Score {
    match FailKind::of(ending) {
        Some(kind) => Score::Fail(kind),
        None => win_in(position.edge_count(Player::First)),
    }
}

impl StrategyGame<'_> {
    /// Her options at a choice node (cached in the node).
    pub fn options<'n>(&self, node: &'n Node) -> &'n Options {
        node.options
            .get_or_init(|| self.her_options(&node.position, &node.memory, node.his))
    }

    /// His edge at a node with him to move: the whole exchange, or up to
    /// her choice node where choices are searched. The standing-assumption
    /// shortcut (the engine plays her winning edge) is contract-checked in
    /// every mode ([`super::contract`]).
    fn his_step(&self, node: &Node, his: Edge) -> Node {
        let at = node.threats.get_or_init(|| self.threats_for_shortcuts(&node.position));
        if self.choices == Choices::One {
            return exchanged(self.exchange_given(&node.position, &node.memory, his, at));
        }
        let (after, stop) = self.after_his(&node.position, his);
        match (stop, self.shortcut_win(&node.position, his, &at.threats)) {
            (Some(ending), _) => Node::new(after, node.memory.clone()).ended(Some(ending)),
            (None, Some(win)) => {
                exchanged(self.shortcut_exchange(&node.position, after, &node.memory, (his, at.seed), win))
            }
            (None, None) => self.her_choice(after, node.memory.clone(), Some(his)),
        }
    }

    /// Her turn where choices are searched: her move at once where the
    /// strategy allows exactly one (so a strategy without open choices is
    /// searched exactly as under `one`), else a choice node.
    fn her_choice(&self, position: Position, memory: Memory, his: Option<Edge>) -> Node {
        match self.her_options(&position, &memory, his) {
            Ok(mut options) if options.len() == 1 => {
                let (edge, after) = options.pop().expect("one option");
                self.her_step(position, after, edge)
            }
            Ok(options) => {
                let node = Node::choice(position, memory, his);
                node.options.set(Ok(options)).expect("a new node");
                node
            }
            Err(ending) => Node::new(position, memory).ended(Some(ending)),
        }
    }

    /// Her (checked) edge `her` with the memory it leads to.
    fn her_step(&self, position: Position, memory: Memory, her: Edge) -> Node {
        let (position, ending) = self.claim_hers(position, her);
        Node {
            her: Some(her),
            ..Node::new(position, memory).ended(ending)
        }
    }

    /// Option `i` at a choice node.
    fn choose(&self, node: &Node, i: usize) -> Node {
        match self.options(node).as_ref().map(|options| options[i].clone()) {
            Ok((edge, memory)) => self.her_step(node.position.clone(), memory, edge),
            Err(ending) => Node::new(node.position.clone(), node.memory.clone()).ended(Some(ending.clone())),
        }
    }
}

/// She hurries and he delays, but the length is in the score already
/// (her total moves in [`Score::Win`]), so no question ranks it again.
impl FinalScore for Score {
    fn hurries(self) -> Option<Player> {
        None
    }
}

/// A failure of any kind is what he looks for (the question
/// [`crate::games::FirstFailure`]).
impl StrategyScore for Score {
    fn fails(self) -> bool {
        matches!(self, Score::Fail(_))
    }
}

impl Rules for StrategyGame<'_> {
    type Position = Node;
    type Move = Turn;
    type Score = Score;

    /// The empty board after her first move, or her choice of it (or the
    /// ending that stops her).
    fn start(&self) -> Node {
        self.her_choice(
            Position::empty(self.board.clone()),
            self.strategy.initial_memory(),
            None,
        )
    }

    fn to_move(&self, node: &Node) -> Player {
        match node.her_turn && self.choices == Choices::Some {
            true => Player::First,
            false => Player::Second,
        }
    }

    /// A full board with him to move is a draw (he has no reply); a choice
    /// node where the strategy gives no option has that failure.
    fn outcome(&self, node: &Node) -> Option<Score> {
        if let Some(ending) = &node.ending {
            return Some(ending_score(ending, &node.position));
        }
        if node.her_turn {
            return self
                .options(node)
                .as_ref()
                .err()
                .map(|e| ending_score(e, &node.position));
        }
        node.position.is_full().then_some(Score::Fail(FailKind::Draw))
    }

    /// At his turn every unclaimed edge between touched vertices, and edges
    /// to the first fresh vertices (all fresh vertices are alike); at a
    /// choice node every option.
    fn moves(&self, node: &Node) -> Vec<Turn> {
        self.orbit_moves(node, &[])
    }

    fn play(&self, node: &Node, m: &Turn) -> Node {
        match *m {
            Turn::His(his) => {
                let mut child = self.his_step(node, his);
                if let (Some(cell), Some(her), false, None) = (&node.bare, child.her, child.her_turn, &child.ending) {
                    child.from = Some((cell.clone(), his, her));
                }
                child
            }
            Turn::Her(i) => self.choose(node, i),
        }
    }
}

impl Symmetric for StrategyGame<'_> {
    fn orbit_moves(&self, node: &Node, generators: &[Vec<Vertex>]) -> Vec<Turn> {
        if node.her_turn {
            let count = self.options(node).as_ref().map_or(0, Vec::len);
            return (0..count).map(Turn::Her).collect();
        }
        let edges = edge_orbits(&node.position, generators);
        edges.into_iter().map(Turn::His).collect()
    }

    fn canonical(&self, node: &Node) -> Canonical<Node> {
        let marked = node.his.filter(|_| node.her_turn);
        let mut canon = engine_form(canonical_form(&node.position, &node.memory, marked), node.her_turn);
        if self.certifying && !node.her_turn && node.ending.is_none() {
            let source = match &node.from {
                Some((parent, his, her)) => Source::Derived(Origin {
                    parent: parent.clone(),
                    his: *his,
                    her: *her,
                    to_node: super::bare::trimmed(&canon.to_canon),
                }),
                None => Source::Labelled(canon.position.position.clone()),
            };
            canon.position.bare = Some(BareCell::new(source));
        }
        canon
    }

    fn relabel_move(&self, m: &Turn, perm: &[Vertex]) -> Turn {
        match *m {
            Turn::His(e) => Turn::His(e.map(|v| perm.get(v as usize).copied().unwrap_or(v))),
            her => her,
        }
    }
}

impl Notation for StrategyGame<'_> {
    fn move_text(&self, m: &Turn) -> String {
        match m {
            Turn::His(e) => e.to_string(),
            Turn::Her(i) => format!("option {}", i + 1),
        }
    }

    fn score_text(&self, score: Score) -> String {
        match score {
            Score::Win(Reverse(total)) => {
                format!("she wins within {}", crate::core::words::count(total, "move", "moves"))
            }
            Score::Fail(kind) => format!("{kind:?}"),
        }
    }
}

impl Hints for StrategyGame<'_> {
    /// His moves count; her choice is part of his turn's exchange.
    fn plies(&self, m: &Turn) -> u32 {
        matches!(m, Turn::His(_)).into()
    }

    fn quick_value(&self, node: &Node) -> Option<Value<Score>> {
        match &node.ending {
            Some(ending) => Some(Value {
                score: ending_score(ending, &node.position),
                plies: 0,
            }),
            None if node.her_turn => None,
            None => self.double_threat_value(&node.position),
        }
    }

    /// His replies that end the game, or after which she completes her
    /// target at once by the shortcut (most replies of a K4 certification),
    /// are scored without building the exchange's position.
    fn quick_move_value(&self, node: &Node, m: &Turn) -> Option<Value<Score>> {
        let (Turn::His(his), false) = (*m, node.her_turn) else {
            return None;
        };
        let at = node.threats.get_or_init(|| self.threats_for_shortcuts(&node.position));
        let score = self.his_edge_score(&node.position, &node.memory, his, at)?;
        Some(Value { score, plies: 0 })
    }
}
