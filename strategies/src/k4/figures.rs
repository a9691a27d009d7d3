//! Figures 5 and 6 of the paper (Section 4, Stages 5 and 6), which the
//! text lacks. They are derived with the tool, as the positions after
//! round 5 (Figure 5) and round 4 (Figure 6) from which the second player
//! beats the regular strategy `k4-regular`, up to isomorphism:
//!
//! ```text
//! ramsey-verify refute --strategy k4-regular --at-round 5 --bound 21
//! ramsey-verify refute --strategy k4-regular --at-round 4 --bound 21
//! ```
//!
//! The data files `figure5.g6` and `figure6.g6` hold one position per line
//! as `RED:BLUE` graph6 pairs (see `ramsey_verify_lib::core::graph6`); `#` starts a comment.

use ramsey_verify_lib::core::board::{Board, Position};
use ramsey_verify_lib::core::canon::{canonical_form, Key};
use ramsey_verify_lib::core::graph6::{decode_position, Graph6Error};
use ramsey_verify_lib::core::memory::Memory;
use std::collections::HashSet;
use std::sync::OnceLock;

/// The Figure 5 data (positions after five rounds).
pub const FIGURE5: &str = include_str!("figure5.g6");
/// The Figure 6 data (positions after four rounds).
pub const FIGURE6: &str = include_str!("figure6.g6");

/// The positions of a figure data file.
pub fn parse(data: &str) -> Result<Vec<Position>, Graph6Error> {
    data.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(|l| decode_position(l, Board::Infinite))
        .collect()
}

/// Isomorphism-class key of a bare position (no memory, no marked edge).
pub fn bare_key(position: &Position) -> Key {
    canonical_form(position, &Memory::default(), None).key
}

fn keys(data: &str) -> HashSet<Key> {
    parse(data)
        .expect("figure data files are checked by the test suite")
        .iter()
        .map(bare_key)
        .collect()
}

/// Whether the bare position is one of Figure 5's.
pub fn is_figure5(position: &Position) -> bool {
    static KEYS: OnceLock<HashSet<Key>> = OnceLock::new();
    KEYS.get_or_init(|| keys(FIGURE5)).contains(&bare_key(position))
}

/// Whether the bare position is one of Figure 6's.
pub fn is_figure6(position: &Position) -> bool {
    static KEYS: OnceLock<HashSet<Key>> = OnceLock::new();
    KEYS.get_or_init(|| keys(FIGURE6)).contains(&bare_key(position))
}
