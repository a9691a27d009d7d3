//! ramsey-verify: certifies explicit strategies in graph games and solves
//! those games exactly.
//!
//! Two questions, one library:
//!
//! * **Does this strategy always win, and within how many moves?** Write a
//!   first-player strategy as a [`strategy::Strategy`] trait object and
//!   [`verify::verify`] plays it against every reply of the second player,
//!   one reply per orbit of the automorphism group of the position. The
//!   answer is VERIFIED (with the exact largest number of her moves and a
//!   proof certificate, see [`cert`]) or REFUTED (with a counterexample
//!   line).
//! * **Who wins with perfect play?** State a game as data — board, target,
//!   rule set, start position (see [`game`]) — and the [`engine`] solves it
//!   exactly: value, length of optimal play, an optimal line, the value of
//!   every move at the start, and the number of positions up to
//!   isomorphism.
//!
//! # Example
//!
//! Sim (Slany, Section 7.1) is the misère game on `K_6` with target `K_3`;
//! the second player wins, and the first player's 15th move, the last
//! possible one, completes her triangle. The K3 building strategy of Bowler
//! and Gut (Lemma 4.1) wins the strong `K_3` game on `K_aleph0` within 4 of
//! her moves.
//!
//! ```
//! use ramsey_verify::board::{Board, Player};
//! use ramsey_verify::engine::Solver;
//! use ramsey_verify::game::edges::EdgePosition;
//! use ramsey_verify::game::pattern::Pattern;
//! use ramsey_verify::game::ramsey::{Outcome, RamseyGame, Rules};
//! use ramsey_verify::game::Game;
//! use ramsey_verify::verify::{verify, Request, Verdict};
//!
//! // Solve Sim exactly.
//! let triangle: Pattern = "K3".parse().unwrap();
//! let sim = RamseyGame::new(
//!     EdgePosition::complete(6),
//!     [triangle.clone(), triangle],
//!     Rules::Misere,
//!     Player::First,
//! )
//! .unwrap();
//! let solver = Solver::new(&sim);
//! let value = solver.value(&sim.start()).unwrap();
//! assert_eq!((value.score, value.plies), (Outcome::BlueWins, 15));
//!
//! // Certify a strategy.
//! let k3 = ramsey_verify::strategies::by_name("k3").unwrap();
//! let report = verify(k3.as_ref(), Request::new(Board::Infinite, 4, 1)).unwrap();
//! assert_eq!(report.verdict, Verdict::Verified);
//! assert_eq!(report.max_moves, Some(4));
//! ```
//!
//! The engine (board, canonical labelling, orbits, searches, reports) lives
//! in `src/`; concrete strategies live in `strategies/` and only use the
//! engine's public interface.

#![warn(missing_docs)]

pub mod bench;
pub mod board;
pub mod canon;
pub mod cert;
pub mod classes;
pub mod cli;
pub mod engine;
pub mod game;
pub mod graph6;
pub mod line;
pub mod orbits;
pub mod patch;
pub mod progress;
pub mod registry;
pub mod render;
pub mod repair;
// TODO(lead): remove once documented (src/search/ belongs to the engine helper).
#[allow(missing_docs)]
pub mod search;
pub mod shortest;
pub mod solve;
pub mod strategy;
pub mod verify;

#[path = "../strategies/mod.rs"]
pub mod strategies;
