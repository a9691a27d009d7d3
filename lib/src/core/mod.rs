//! The ground floor: vertices, vertex sets, edges and positions, graph6,
//! strategies' memory, canonical forms and orbits, counts in words.
//! Everything above (the games' rules, the searches, the strategy verifier)
//! is built on these and nothing here knows about any of it.

pub mod board;
pub mod canon;
pub mod graph6;
pub mod graph6_stream;
pub mod labeller;
pub mod memory;
pub mod orbits;
pub mod symmetry;
pub mod words;
