//! Depth-first proof-number search (df-pn) for win/loss questions over any
//! game the engine searches: "does player P reach her best score?", answered
//! proven or disproven (a draw counts as not reached), with a transposition
//! table that stays under the memory cap by evicting entries.
//!
//! # The search
//!
//! Proof-number search (Allis, van der Meulen and van den Herik, 1994)
//! keeps, for every position, a *proof number* (how many open positions
//! must at least be proven to prove the claim there) and a *disproof
//! number* (the same for refuting it). At a position of the prover the
//! proof number is the least of the children's and the disproof number
//! their sum; at a position of the other player the reverse. A proven
//! position has numbers (0, ∞), a disproven one (∞, 0). The search always
//! expands a *most-proving* position, reached from the root by following
//! the child with the least proof number at the prover's positions and the
//! least disproof number at the other player's.
//!
//! Depth-first proof-number search (Nagai, *Df-pn algorithm for searching
//! AND/OR trees and its applications*, PhD thesis, Tokyo 2002) finds the
//! same positions without walking down from the root each time: each
//! position is searched with two thresholds and stays below as long as its
//! numbers are under them; the child searched gets as proof threshold (at a
//! position of the prover) the second-least proof number among its
//! siblings, since past it another child becomes most-proving, and as
//! disproof threshold what the parent's threshold leaves after the other
//! children's disproof numbers. Numbers go into the transposition table
//! when a position is left. Here the second-least number is widened by the
//! factor 1 + ε of Pawlewicz and Lew (*Improving depth-first PN-search:
//! 1 + ε trick*, Computers and Games 2006), which makes the search leave a
//! child less often in exchange for more work inside it; ε = 15 here
//! (`search.rs` says why).
//!
//! The games here are finite and acyclic (every move colours an edge, or
//! spends a move of a horizon), so the graph-history interaction that
//! Kishimoto and Müller's fix addresses cannot arise. Positions are
//! canonical and moves are one per orbit of the position's automorphisms,
//! exactly as in the exact solver ([`super::Solver`]): isomorphic positions
//! have the same answer. Transpositions make proof numbers over-count
//! (shared subtrees are summed twice); that only changes the order of
//! search, never a verdict.
//!
//! # What decides a child without a search
//!
//! A child is proven or disproven on sight where the game is over there
//! ([`crate::games::Rules::outcome`]), where the game decides it without a search
//! ([`Hints::quick_move_value`], [`Hints::quick_value`]), or where the
//! player to move there can end the game at once with their best score
//! and the game tells so quickly ([`Hints::ending_move`]; unlike the
//! score-only search, moves are never played out to find one). Such
//! children are not stored.
//!
//! # Soundness under eviction
//!
//! A position is proven or disproven only from its children, and the
//! children's numbers come from the table or from a search of them. When
//! the table passes the cap it evicts entries (`table.rs`); an evicted
//! position reads as never seen (numbers 1, 1) and is searched again when
//! needed. Each searched position keeps its children's numbers while it
//! is searched (not in the table), so an eviction never loses what the
//! positions on the current path rely on: the search always progresses,
//! and its verdict is the same under any cap, only slower under a small one.
//!
//! # Threads and counts
//!
//! The search is sequential (one thread, whatever [`Limits`] says), so the
//! positions it expands, its table and its certificate are the same on
//! every run; the verdict is the game's, the same under any limits.
//! [`Dfpn::expansions`] counts expansions, re-expansions included (a
//! position left and entered again is expanded again); it is not a count
//! of distinct positions and is not comparable with the exact solver's.

use super::decide::MoveOrder;
use super::extract::Prover;
use super::{inverse, Counters, Limits, StopReason, Stopped};
use crate::core::board::Player;
use crate::games::{Hints, Symmetric};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use table::{Numbers, Table};

mod search;
mod table;

/// A proof-number search of one question about one game: does `prover`
/// reach her best score?
pub struct Dfpn<'g, G: Symmetric + Hints> {
    game: &'g G,
    /// The best score each player can reach (first, second): the prover's
    /// is the goal, the other player's ends the claim.
    best: [G::Score; 2],
    prover: Player,
    order: Option<MoveOrder<G>>,
    limits: Limits,
    table: Mutex<Table>,
    expansions: AtomicU64,
    /// The table's bytes now, for progress displays.
    bytes: AtomicU64,
}

impl<'g, G: Symmetric + Hints> Dfpn<'g, G> {
    /// A search for whether `prover` reaches her best score in `game`, where
    /// `best_for_first` is the largest score any position can have and
    /// `best_for_second` the smallest (they must differ); no memory cap
    /// (see [`Dfpn::with_limits`]).
    pub fn new(game: &'g G, best_for_first: G::Score, best_for_second: G::Score, prover: Player) -> Dfpn<'g, G> {
        assert!(
            best_for_first != best_for_second,
            "a win/loss question needs two outcomes"
        );
        Dfpn {
            game,
            best: [best_for_first, best_for_second],
            prover,
            order: None,
            limits: Limits::default().with_max_memory(u64::MAX),
            table: Mutex::new(Table::new(u64::MAX)),
            expansions: AtomicU64::new(0),
            bytes: AtomicU64::new(0),
        }
    }

    /// Tries moves in the order `order` gives them (among children with
    /// equal numbers the first is searched first; verdicts do not change).
    pub fn with_order(self, order: MoveOrder<G>) -> Dfpn<'g, G> {
        Dfpn {
            order: Some(order),
            ..self
        }
    }

    /// The same (unused) search keeping its table under `limits`' memory
    /// cap by eviction, stopping when `limits`' interrupt flag is raised.
    pub fn with_limits(self, limits: Limits) -> Dfpn<'g, G> {
        Dfpn {
            limits,
            table: Mutex::new(Table::new(limits.max_memory())),
            ..self
        }
    }

    /// The player whose claim is searched.
    pub fn prover(&self) -> Player {
        self.prover
    }

    /// Whether the prover reaches her best score from `position` (any
    /// labels) against every defence: `true` proven, `false` disproven.
    pub fn proves(&self, position: &G::Position) -> Result<bool, Stopped> {
        if let Some(numbers) = self.judge(position) {
            return Ok(numbers.proof == 0);
        }
        let counters = || Counters {
            visited: self.expansions(),
            table_bytes: self.table_bytes(),
            ..Counters::default()
        };
        let mut table = self.table.lock().expect("a search panicked");
        let searched = self
            .limits
            .watch(counters, || self.solve(&mut table, &self.game.canonical(position)))?;
        Ok(searched.numbers.proof == 0)
    }

    /// At a position the search has solved (or solves now), the move of the
    /// side it is solved for, if that side is to move (in `position`'s
    /// labels): the prover's first proving move where proven, the other
    /// player's first refuting move where disproven; `None` where the other
    /// side is to move or the game is over there. A certificate's strategy
    /// is read off these moves ([`Prover`]); evicted positions are searched
    /// again on the way.
    pub fn decisive_move(&self, position: &G::Position) -> Result<Option<G::Move>, Stopped> {
        if self.game.outcome(position).is_some() {
            return Ok(None);
        }
        let mut table = self.table.lock().expect("a search panicked");
        let canon = self.game.canonical(position);
        let solved = self.solve(&mut table, &canon)?;
        let back = inverse(&canon.to_canon);
        Ok(solved.decisive.map(|m| self.game.relabel_move(&m, &back)))
    }

    /// Positions expanded so far, re-expansions included (module docs).
    pub fn expansions(&self) -> u64 {
        self.expansions.load(Ordering::Relaxed)
    }

    /// Approximate bytes held by the table now.
    pub fn table_bytes(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }

    /// The most bytes the table has held.
    pub fn peak_bytes(&self) -> u64 {
        self.table.lock().expect("a search panicked").peak()
    }

    /// Positions stored in the table now.
    pub fn stored(&self) -> u64 {
        self.table.lock().expect("a search panicked").len()
    }

    /// Entries evicted so far to stay under the memory cap.
    pub fn evicted(&self) -> u64 {
        self.table.lock().expect("a search panicked").evicted()
    }

    /// The numbers of a finished score: proven if it is the prover's goal.
    fn numbers_of(&self, score: G::Score) -> Numbers {
        match score == self.best[self.prover as usize] {
            true => Numbers::PROVEN,
            false => Numbers::DISPROVEN,
        }
    }

    /// Stops the search if the caller raised the interrupt flag.
    fn check_interrupt(&self) -> Result<(), Stopped> {
        match self.limits.interrupted() {
            true => Err(Stopped {
                reason: StopReason::Interrupted,
            }),
            false => Ok(()),
        }
    }
}

/// The strategy of the side a search proved its result for: at each of
/// its positions, [`Dfpn::decisive_move`].
impl<G: Symmetric + Hints> Prover<G> for Dfpn<'_, G> {
    fn choose(&self, position: &G::Position) -> Result<G::Move, Stopped> {
        Ok(self
            .decisive_move(position)?
            .expect("the strategy's positions are solved for its player, who is to move"))
    }
}
