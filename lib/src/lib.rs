//! The library of ramsey-verify: graph games as data, one search engine,
//! and a strategy verifier, in layers that each import only from below:
//!
//! ```text
//! render      pictures of lines and positions (SVG, DOT)
//! analysis    questions asked of games      verify    strategies, runs, certificates
//! engine      the searches: exact, threshold, census; table, hooks, memory cap
//! games       rules only: Ramsey games, Erdős' scoring games, colouring games
//! core        vertices, edges, positions, graph6, memory, canonical forms, orbits
//! ```
//!
//! Most users depend on the `ramsey-verify` crate, which re-exports these
//! layers with the built-in strategies and the command line; its crate
//! documentation has the worked examples.

#![warn(missing_docs)]

pub mod analysis;
pub mod core;
pub mod engine;
pub mod games;
pub mod render;
pub mod verify;
