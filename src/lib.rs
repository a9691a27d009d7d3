//! ramsey-verify: certifies explicit strategies in graph games and solves
//! those games exactly.
//!
//! Two questions, one library:
//!
//! * **Does this strategy always win, and within how many moves?** Write a
//!   first-player strategy as a [`verify::strategy::Strategy`] trait object and
//!   [`verify::verify()`] plays it against every reply of the second player,
//!   one reply per orbit of the automorphism group of the position. The
//!   answer is VERIFIED (with the exact largest number of her moves and a
//!   proof certificate, see [`verify::cert`]) or REFUTED (with a counterexample
//!   line); a strategy with a bug (an illegal move, a panic, a broken
//!   contract: [`verify::search::contract`]) gets no verdict but
//!   [`verify::VerifyError::Contract`], naming the situation.
//! * **Who wins with perfect play?** State a game as data — board, target,
//!   rule set, start position (see [`games`]) — and the [`engine`] solves it
//!   exactly: value, length of optimal play, an optimal line, the value of
//!   every move at the start, and the number of positions up to
//!   isomorphism.
//!
//! # Example: solve a game, certify a strategy
//!
//! Sim (Slany, Section 7.1) is the misère game on `K_6` with target `K_3`;
//! the second player wins, and the first player's 15th move, the last
//! possible one, completes her triangle. The K3 building strategy of Bowler
//! and Gut (Lemma 4.1) wins the strong `K_3` game on `K_aleph0` within 4 of
//! her moves.
//!
//! ```
//! use ramsey_verify::core::board::{Board, Player, Position};
//! use ramsey_verify::engine::Solver;
//! use ramsey_verify::games::pattern::Pattern;
//! use ramsey_verify::games::ramsey::{Outcome, RamseyGame, Rules};
//! use ramsey_verify::games::prelude::*;
//! use ramsey_verify::verify::{verify, Request, Verdict};
//!
//! // Solve Sim exactly.
//! let triangle: Pattern = "K3".parse().unwrap();
//! let sim = RamseyGame::new(
//!     Position::empty(Board::complete_graph(6)),
//!     [triangle.clone(), triangle],
//!     Rules::Misere,
//!     Player::First,
//! )
//! .unwrap();
//! let solver = Solver::new(&sim);
//! let value = solver.value(&sim.start()).unwrap();
//! assert_eq!((value.score, value.plies), (Outcome::BlueWins, 15));
//!
//! // Certify a built-in strategy.
//! let k3 = ramsey_verify::strategies::by_name("k3").unwrap();
//! let report = verify(k3.as_ref(), &Request::new(Board::Infinite, 4, 1)).unwrap();
//! assert_eq!(report.verdict, Verdict::Verified);
//! assert_eq!(report.max_moves, Some(4));
//! ```
//!
//! # Example: a strategy of your own
//!
//! A strategy is a type implementing [`verify::strategy::Strategy`]: a name, the
//! game, a [`core::memory::Memory`] to start from, and `play`, her move in a
//! [`verify::strategy::View`] (position, memory, his last edge). The engine hands
//! `play` the *canonical form* of the situation, so any tie-break on
//! labels ("the smallest fresh vertex") is the same for isomorphic
//! situations; vertices the strategy must remember go into the memory's
//! name slots, which the engine relabels with the position.
//!
//! Here she builds a star from a hub and closes a triangle when she can.
//! The verifier refutes it: while blocking her, he builds his own triangle.
//! One more rule, "else block his triangle", makes it win on `K_aleph0`,
//! within 5 of her moves (one more than Lemma 4.1's strategy needs).
//!
//! ```
//! use ramsey_verify::core::board::{Board, Edge, Player};
//! use ramsey_verify::verify::line::Ending;
//! use ramsey_verify::core::memory::Memory;
//! use ramsey_verify::verify::strategy::{fresh, Game, Move, Strategy, StrategyError, View};
//! use ramsey_verify::verify::{verify, Request, Verdict};
//!
//! /// A star from a hub (memory slot 0); completes a triangle when it can,
//! /// and with `blocks`, else takes the missing edge of his.
//! struct Star {
//!     blocks: bool,
//! }
//!
//! impl Strategy for Star {
//!     fn name(&self) -> &'static str {
//!         if self.blocks { "k3-star-blocks" } else { "k3-star" }
//!     }
//!     fn description(&self) -> &'static str {
//!         "a star from one hub, closing a triangle when it can"
//!     }
//!     fn game(&self) -> Game {
//!         Game::clique(3)
//!     }
//!     fn initial_memory(&self) -> Memory {
//!         Memory::new(0, 1)
//!     }
//!     fn play(&self, view: &View) -> Result<Move, StrategyError> {
//!         let (position, mut memory) = (view.position, view.memory.clone());
//!         let mut urgent = position.threats(Player::First, 3);
//!         if self.blocks {
//!             urgent.extend(position.threats(Player::Second, 3));
//!         }
//!         let edge = match (urgent.first(), memory.name(0)) {
//!             (Some(&edge), _) => edge,
//!             (None, Some(hub)) => Edge::new(hub, fresh(position)?),
//!             (None, None) => {
//!                 memory.set_name(0, Some(0));
//!                 Edge::new(0, 1)
//!             }
//!         };
//!         Ok(Move { edge, memory })
//!     }
//! }
//!
//! let on_k_aleph0 = Request::new(Board::Infinite, 10, 1);
//! let star = verify(&Star { blocks: false }, &on_k_aleph0).unwrap();
//! assert_eq!(star.verdict, Verdict::Refuted);
//! assert_eq!(star.line.ending, Ending::SecondPlayerWins);
//! print!("{}", star.to_text(Game::clique(3))); // the counterexample line
//!
//! let fixed = verify(&Star { blocks: true }, &on_k_aleph0).unwrap();
//! assert_eq!((fixed.verdict, fixed.max_moves), (Verdict::Verified, Some(5)));
//!
//! // Hand both to the command line: `ramsey_verify::cli::main_with(registry)`
//! // in your own `main` gives them every command of `ramsey-verify`.
//! let registry = ramsey_verify::strategies::builtin()
//!     .with(Star { blocks: false })
//!     .and_then(|r| r.with(Star { blocks: true }))
//!     .unwrap();
//! assert_eq!(registry.get("k3-star-blocks").unwrap().name(), "k3-star-blocks");
//! ```
//!
//! `docs/book/src/howto-strategy.md` walks through the whole path from the command
//! line (check, read a counterexample, certificates, patch tables), and
//! `examples/` holds complete programs: `k3_in_a_screen.rs` (Lemma 4.1 in
//! about a screen), `k4_variant.rs` (a K4 variant that wraps a built-in
//! strategy and changes one rule with [`verify::amend::Amended`]) and `lab_tool.rs` (a user's own
//! `ramsey-verify` via [`cli::main_with`]).
//!
//! # How the crates fit
//!
//! This crate is a facade. The library proper is `ramsey-verify-lib`
//! (folder `lib/`), whose layers are re-exported here: [`core`] (vertices,
//! positions, graph6, canonical forms, orbits) → [`games`] (rules only) →
//! [`engine`] (the searches) → [`analysis`] (questions asked of games) and
//! [`verify`] (strategies, runs, certificates) → [`render`] (pictures).
//! The built-in strategies are the crate `ramsey-strategies` (folder
//! `strategies/`, re-exported as [`strategies`]), written against the
//! library's public interface only, and reach the command line through
//! [`strategies::builtin`], as a user's strategies do through their own
//! registry. The command line ([`cli`]) and progress bars sit behind the
//! cargo feature `cli` (on by default): `default-features = false` gives the
//! library without clap or indicatif.

#![warn(missing_docs)]

pub use ramsey_strategies as strategies;
pub use ramsey_verify_lib::{analysis, core, engine, games, render, verify};

pub mod bench;
#[cfg(feature = "cli")]
pub mod cli;
