//! The K3 building strategy (Bowler & Gut, Section 4, Lemma 4.1), and
//! deliberately broken variants: three that the verifier must refute (each
//! loses by legal moves), and two with bugs that the verifier must report
//! as a broken strategy contract, with no verdict (an illegal move, a
//! panic).
//!
//! The strategy, move by move (his moves are his 1st, 2nd, ... edge):
//! 1. She claims an edge `ab`.
//! 2. If his 1st edge meets `ab`, the common vertex is called `b`
//!    ("by renaming the vertices if necessary"). She picks a fresh `c` and
//!    claims `bc`.
//! 3. If `ac` is free she claims it and wins. Otherwise: if his 1st edge
//!    `uv` was disjoint from `ab` she claims `bu`; if it met `ab` (at `b`)
//!    she claims `bu` for a fresh `u`.
//! 4. She claims `au` if free, else `cu`.
//!
//! Interpretations (tie-breaks the text leaves open; any choice must work):
//! - when his 1st edge is disjoint from `ab`, `b` is the endpoint of `ab`
//!   with the smaller canonical label;
//! - `u` is the endpoint of his 1st edge with the smaller canonical label.
//!
//! Since the engine hands the strategy canonical positions, "smaller
//! canonical label" is an isomorphism-invariant choice.

use ramsey_verify_lib::core::board::{Edge, Player, Position, Vertex};
use ramsey_verify_lib::core::memory::Memory;
use ramsey_verify_lib::verify::strategy::{fresh, Game, Move, Strategy, StrategyError, View};

/// Where the K3 building strategy keeps its named vertices in a memory, so
/// that larger strategies (the K4 strategy's Stage 1) can embed it.
#[derive(Clone, Copy, Debug)]
pub struct K3Slots {
    /// Slot of `a`, the end of her first edge away from `b`.
    pub a: usize,
    /// Slot of `b`, the vertex of all her edges but the last.
    pub b: usize,
    /// Slot of `c`, the far end of her second edge `bc`.
    pub c: usize,
    /// Slot of `u`, the far end of her third edge `bu`.
    pub u: usize,
    /// The endpoints of his first edge (the third move depends on it).
    pub first_reply: [usize; 2],
}

/// Slot layout of the stand-alone strategy.
pub const SLOTS: K3Slots = K3Slots {
    a: 0,
    b: 1,
    c: 2,
    u: 3,
    first_reply: [4, 5],
};
const SLOT_NAMES: &[&str] = &["a", "b", "c", "u", "h1", "h2"];

/// What goes wrong in a deliberately broken variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flaw {
    /// The strategy as Section 4 states it.
    None,
    /// Second move ignores where his first edge was: when it meets her edge
    /// `ab`, she extends `ab` at the *other* end (the Lemma renames so that
    /// she extends at the end he touched). His first edge and his forced
    /// block of `ac` then make a threat of his that she never answers.
    IgnoresFirstReply,
    /// Fourth move goes for the wrong triangle: `cu` if it is free, else an
    /// edge from `u` to a fresh vertex; it never completes `abu`, and when
    /// he took `cu`, his `ac` and `cu` make a threat she does not answer.
    WrongTriangle,
    /// Every move is an edge between two fresh vertices: she never builds.
    Scatters,
    /// A strategy bug, not a losing rule: the fourth move claims `cu` even
    /// when he took it (an illegal move).
    IllegalFourth,
    /// A strategy bug: the fourth move panics.
    PanicsFourth,
}

/// The K3 building strategy with an optional flaw.
pub struct K3Strategy {
    /// What is broken on purpose ([`Flaw::None`]: nothing).
    pub flaw: Flaw,
}

/// All registered K3 strategies.
pub fn variants() -> Vec<Box<dyn Strategy>> {
    [
        Flaw::None,
        Flaw::IgnoresFirstReply,
        Flaw::WrongTriangle,
        Flaw::Scatters,
        Flaw::IllegalFourth,
        Flaw::PanicsFourth,
    ]
    .into_iter()
    .map(|flaw| Box::new(K3Strategy { flaw }) as Box<dyn Strategy>)
    .collect()
}

/// The vertices of her single edge `ab`, ordered so that `b` is the one his
/// first edge meets (or the smaller label when it meets neither); with
/// [`Flaw::IgnoresFirstReply`], the one it does not meet.
fn name_first_edge(position: &Position, reply: Edge, flaw: Flaw) -> (Vertex, Vertex) {
    let (x, y) = position.edges(Player::First)[0].ends();
    let at_y = match flaw {
        Flaw::IgnoresFirstReply => reply.touches(x),
        _ => reply.touches(y),
    };
    match at_y {
        true => (x, y),
        false => (y, x),
    }
}

/// One move of the K3 building strategy, using `slots` of `memory`.
/// `move_number` counts her moves within this strategy, starting at 1.
pub fn k3_move(
    position: &Position,
    memory: &mut Memory,
    last_reply: Option<Edge>,
    slots: &K3Slots,
    move_number: usize,
    flaw: Flaw,
) -> Result<Edge, StrategyError> {
    let no_rule = || StrategyError::RuleDoesNotApply(format!("K3 building strategy has no move {move_number}"));
    match move_number {
        1 => Ok(Edge::new(fresh(position)?, fresh_after(position, 1)?)),
        2 => {
            let reply = last_reply.ok_or_else(no_rule)?;
            let (a, b) = name_first_edge(position, reply, flaw);
            let c = fresh(position)?;
            memory.set_name(slots.a, Some(a));
            memory.set_name(slots.b, Some(b));
            memory.set_name(slots.c, Some(c));
            let (h1, h2) = reply.ends();
            memory.set_name(slots.first_reply[0], Some(h1));
            memory.set_name(slots.first_reply[1], Some(h2));
            Ok(Edge::new(b, c))
        }
        3 => {
            let (a, b, c) = (
                memory.require(slots.a, "a")?,
                memory.require(slots.b, "b")?,
                memory.require(slots.c, "c")?,
            );
            if position.is_free(Edge::new(a, c)) {
                return Ok(Edge::new(a, c));
            }
            let first = Edge::new(
                memory.require(slots.first_reply[0], "h1")?,
                memory.require(slots.first_reply[1], "h2")?,
            );
            // Else the end of his first edge away from `ab` (the smaller
            // label if both are; only the flawed second move lets it meet `a`).
            let (h1, h2) = first.ends();
            let u = match (first.touches(b), h1 == a) {
                (true, _) => fresh(position)?,
                (false, true) => h2,
                (false, false) => h1,
            };
            memory.set_name(slots.u, Some(u));
            Ok(Edge::new(b, u))
        }
        4 => {
            let (a, c, u) = (
                memory.require(slots.a, "a")?,
                memory.require(slots.c, "c")?,
                memory.require(slots.u, "u")?,
            );
            let (au, cu) = (Edge::new(a, u), Edge::new(c, u));
            match flaw {
                Flaw::WrongTriangle if position.is_free(cu) => Ok(cu),
                Flaw::WrongTriangle => Ok(Edge::new(u, fresh(position)?)),
                Flaw::IllegalFourth => Ok(cu),
                Flaw::PanicsFourth => panic!("k3-broken-panics: a deliberate panic at her fourth move"),
                _ if position.is_free(au) => Ok(au),
                _ => Ok(cu),
            }
        }
        _ => Err(no_rule()),
    }
}

/// The `skip`-th fresh vertex after the smallest one.
fn fresh_after(position: &Position, skip: usize) -> Result<Vertex, StrategyError> {
    let touched = position.touched();
    (0..position.board().capacity() as Vertex)
        .filter(|&v| touched >> v & 1 == 0)
        .nth(skip)
        .ok_or(StrategyError::NoFreshVertex)
}

impl Strategy for K3Strategy {
    fn name(&self) -> &'static str {
        match self.flaw {
            Flaw::None => "k3",
            Flaw::IgnoresFirstReply => "k3-broken-ignores-reply",
            Flaw::WrongTriangle => "k3-broken-wrong-triangle",
            Flaw::Scatters => "k3-broken-scatters",
            Flaw::IllegalFourth => "k3-broken-illegal",
            Flaw::PanicsFourth => "k3-broken-panics",
        }
    }

    fn description(&self) -> &'static str {
        match self.flaw {
            Flaw::None => "K3 building strategy (Bowler & Gut, Section 4, Lemma 4.1)",
            Flaw::IgnoresFirstReply => {
                "BROKEN on purpose: second move ignores where his first edge was (extends ab at the other end)"
            }
            Flaw::WrongTriangle => "BROKEN on purpose: fourth move goes for cu, never completes abu",
            Flaw::Scatters => "BROKEN on purpose: every move is a fresh disjoint edge",
            Flaw::IllegalFourth => "BUGGY on purpose: fourth move claims cu even when he has it (no verdict)",
            Flaw::PanicsFourth => "BUGGY on purpose: fourth move panics (no verdict)",
        }
    }

    fn game(&self) -> Game {
        Game::clique(3)
    }

    fn initial_memory(&self) -> Memory {
        Memory::new(0, SLOT_NAMES.len())
    }

    fn play(&self, view: &View) -> Result<Move, StrategyError> {
        let mut memory = view.memory.clone();
        let edge = if self.flaw == Flaw::Scatters {
            Edge::new(fresh(view.position)?, fresh_after(view.position, 1)?)
        } else {
            k3_move(
                view.position,
                &mut memory,
                view.last_reply,
                &SLOTS,
                view.move_number(),
                self.flaw,
            )?
        };
        Ok(Move { edge, memory })
    }

    fn slot_names(&self) -> &'static [&'static str] {
        SLOT_NAMES
    }
}
