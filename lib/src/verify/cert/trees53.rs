//! Certificates of Theorem 5.3's strategy on every tree (format version 10,
//! proofs/FORMAT.md): the claim "on every tree with `A` to `B` vertices,
//! hung from any root, player 1 wins the CCG with `K` colours by the
//! strategy, whatever choice its rules 3 and 4 leave open" is written as
//! the strategy's inductive invariant, the states it reaches
//! ([`crate::analysis::colouring::trees53_states`]), one line each. The
//! checker has its own reading of the rules, enumerates the trees and
//! roots itself, and checks that the states are closed under every
//! allowed move and every reply.

use super::{sha256_hex, Certificate};
use std::ops::RangeInclusive;

/// Certificate format version of Theorem 5.3's strategy on trees.
pub const THEOREM53_FORMAT_VERSION: u32 = 10;

/// The certificate that the strategy wins with `colours` colours on every
/// tree on `sizes` vertices and every root, games played to the last
/// vertex (`played_out`) or ended when every vertex is safe; `states` are
/// the strategy's states, one line each.
pub fn theorem53_certificate(
    sizes: RangeInclusive<usize>,
    colours: usize,
    played_out: bool,
    states: &[String],
) -> Certificate {
    let mut body = String::with_capacity(states.iter().map(|s| s.len() + 1).sum());
    for state in states {
        body.push_str(state);
        body.push('\n');
    }
    let text = format!(
        "ramsey-cert {THEOREM53_FORMAT_VERSION}\ntool ramsey-verify {}\nfamily trees\nvertices {}-{}\n\
         game ccg\nclaim theorem-5.3 {colours}\nends {}\nentries {}\nsha256 {}\n{body}",
        env!("CARGO_PKG_VERSION"),
        sizes.start(),
        sizes.end(),
        if played_out { "played-out" } else { "safe" },
        states.len(),
        sha256_hex(&body),
    );
    Certificate {
        text,
        entries: states.len(),
    }
}
