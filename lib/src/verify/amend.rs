//! A variant of a strategy that changes one rule: [`Amended`].
//!
//! Researchers rarely write a strategy from nothing; more often they ask
//! "what if this one rule were different?". `Amended` answers that without
//! copying the strategy: it asks the wrapped strategy for its move and hands
//! the move to a function that may replace it. Everything else (game,
//! memory, phases, slot names) is the wrapped strategy's.
//!
//! The variant has no open choices of its own: its
//! [`Strategy::choices`] is the default, the one amended move of `play`
//! (amending a whole set of choices is a different question).
//!
//! A move that completes the target is never passed to the amendment. So if
//! the wrapped strategy always takes a win when there is one
//! ([`Strategy::completes_when_possible`]), so does the variant, and the
//! engine's shortcut for such strategies stays sound for it.
//!
//! ```
//! use ramsey_strategies::by_name;
//! use ramsey_verify_lib::core::board::{Board, Edge};
//! use ramsey_verify_lib::verify::amend::Amended;
//! use ramsey_verify_lib::verify::{verify, Request, Verdict};
//!
//! // Lemma 4.1's K3 strategy, except that her 3rd move (unless it wins)
//! // is an edge away from everything.
//! let careless = Amended::new(by_name("k3").unwrap(), "k3-careless", "K3, 3rd move elsewhere", |view, mut decision| {
//!     if view.move_number() == 3 {
//!         let away = view.position.touched_count() as u8; // untouched in a canonical view
//!         decision.edge = Edge::new(away, away + 1);
//!     }
//!     Ok(decision)
//! });
//! let report = verify(&careless, &Request::new(Board::Infinite, 4, 1)).unwrap();
//! assert_eq!(report.verdict, Verdict::Refuted);
//! ```

use crate::core::board::Player;
use crate::core::memory::Memory;
use crate::verify::strategy::{Game, Move, Strategy, StrategyError, View};
use std::sync::Arc;

/// How an [`Amended`] strategy changes the wrapped strategy's moves.
///
/// Any closure `Fn(&View, Move) -> Result<Move, StrategyError>` is one (it
/// sees only the wrapped strategy's moves, its errors pass through); a type
/// that needs more (the wrapped strategy's options, or a say where it
/// fails, as [`crate::verify::patch::Patches`]) implements the trait itself.
pub trait Amendment: Send + Sync {
    /// Her move at `view`, given the wrapped strategy `inner` and its
    /// answer `own` there (never a move that completes the target).
    fn amend(&self, inner: &dyn Strategy, view: &View, own: Result<Move, StrategyError>)
        -> Result<Move, StrategyError>;
}

impl<F> Amendment for F
where
    F: Fn(&View, Move) -> Result<Move, StrategyError> + Send + Sync,
{
    fn amend(&self, _: &dyn Strategy, view: &View, own: Result<Move, StrategyError>) -> Result<Move, StrategyError> {
        self(view, own?)
    }
}

/// A strategy whose moves are another's, passed through an amendment.
pub struct Amended<A> {
    inner: Arc<dyn Strategy>,
    name: &'static str,
    description: &'static str,
    amendment: A,
}

impl<A: Amendment> Amended<A> {
    /// `inner` under a new name and description, with `amend` applied to
    /// each of its moves that does not complete the target. `amend` gets
    /// the (canonical) view and the inner strategy's move, and returns her
    /// move: the same, or another edge and memory (the inner strategy's
    /// errors pass through).
    pub fn new(inner: Arc<dyn Strategy>, name: &'static str, description: &'static str, amend: A) -> Amended<A>
    where
        A: Fn(&View, Move) -> Result<Move, StrategyError>,
    {
        Amended::with_amendment(inner, name, description, amend)
    }

    /// Like [`Amended::new`], for any [`Amendment`] (one that also sees the
    /// inner strategy and its errors).
    pub fn with_amendment(
        inner: Arc<dyn Strategy>,
        name: &'static str,
        description: &'static str,
        amendment: A,
    ) -> Amended<A> {
        Amended {
            inner,
            name,
            description,
            amendment,
        }
    }

    /// The strategy without the amendment.
    pub fn inner(&self) -> &dyn Strategy {
        self.inner.as_ref()
    }

    /// The amendment.
    pub fn amendment(&self) -> &A {
        &self.amendment
    }

    /// Her move at `view` given the inner strategy's answer `own` there:
    /// `own` if it completes the target, else the amended move.
    pub fn play_over(&self, view: &View, own: Result<Move, StrategyError>) -> Result<Move, StrategyError> {
        let position = view.position;
        let wins =
            |m: &Move| position.is_free(m.edge) && position.completes_clique(Player::First, m.edge, view.game.clique);
        if own.as_ref().is_ok_and(wins) {
            return own;
        }
        self.amendment.amend(self.inner.as_ref(), view, own)
    }
}

impl<A: Amendment> Strategy for Amended<A> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn description(&self) -> &'static str {
        self.description
    }

    fn game(&self) -> Game {
        self.inner.game()
    }

    fn initial_memory(&self) -> Memory {
        self.inner.initial_memory()
    }

    /// The inner move, amended unless it completes the target.
    fn play(&self, view: &View) -> Result<Move, StrategyError> {
        self.play_over(view, self.inner.play(view))
    }

    fn phase(&self, memory: &Memory) -> &'static str {
        self.inner.phase(memory)
    }

    /// The inner strategy's answer: a winning move is never amended.
    fn completes_when_possible(&self) -> bool {
        self.inner.completes_when_possible()
    }

    fn slot_names(&self) -> &'static [&'static str] {
        self.inner.slot_names()
    }
}
