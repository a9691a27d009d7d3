//! Family certificates (format version 8, proofs/FORMAT.md): a claim about
//! every member of a family, here chi_g of every tree on `a` to `b`
//! vertices (`colour --trees b --cert FILE`), written as one version-7
//! certificate per member. The checker checks each member's certificate
//! and enumerates the family itself, so a member left out is found.

use super::{sha256_hex, Certificate};
use std::ops::RangeInclusive;

/// Certificate format version of family claims.
pub const FAMILY_FORMAT_VERSION: u32 = 8;

/// The certificate that every tree on `sizes` vertices has the game
/// chromatic number its member's certificate proves: `members` are
/// (graph6, its `colour --game-chromatic --cert` certificate), one per tree
/// up to isomorphism, in any order.
pub fn tree_family_certificate(sizes: RangeInclusive<usize>, members: &[(String, Certificate)]) -> Certificate {
    let mut body = String::new();
    for (graph6, cert) in members {
        body.push_str(&format!("member {graph6} {}\n", cert.text.lines().count()));
        body.push_str(&cert.text);
    }
    let text = format!(
        "ramsey-cert {FAMILY_FORMAT_VERSION}\ntool ramsey-verify {}\nfamily trees\nvertices {}-{}\n\
         game ccg\nclaim chi-g\nmembers {}\nlines {}\nsha256 {}\n{body}",
        env!("CARGO_PKG_VERSION"),
        sizes.start(),
        sizes.end(),
        members.len(),
        body.lines().count(),
        sha256_hex(&body),
    );
    Certificate {
        text,
        entries: members.iter().map(|(_, c)| c.entries).sum(),
    }
}
