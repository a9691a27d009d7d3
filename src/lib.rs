//! ramsey-verify: certifies explicit first-player strategies in strong
//! Ramsey games (graph-building games) and finds counterexamples to flawed
//! ones.
//!
//! The engine (board, canonical labelling, orbits, adversary enumerator,
//! reports) lives in `src/`; concrete strategies live in `strategies/` and
//! only use the engine's public interface.

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
pub mod render;
pub mod repair;
pub mod search;
pub mod shortest;
pub mod solve;
pub mod strategy;
pub mod verify;

#[path = "../strategies/mod.rs"]
pub mod strategies;
