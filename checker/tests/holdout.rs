//! Version 14 ("no win within L plies") on the checker alone: the
//! committed Sim certificate (blue does not win within 13 plies) is
//! accepted, damage never panics and never passes in the body, and the
//! header's claims are read as FORMAT.md says (set rules unreadable, a
//! raised horizon invalid, another prover invalid).

use ramsey_cert_check::{check, Claim, RejectionKind};

const SIM_LOWER: &str = include_str!("../../proofs/certs/sim-lower.cert");

/// The header line `key` set to `value` (the body, and so its hash, unchanged).
fn with_field(key: &str, value: &str) -> String {
    SIM_LOWER
        .lines()
        .map(|l| match l.starts_with(&format!("{key} ")) {
            true => format!("{key} {value}\n"),
            false => format!("{l}\n"),
        })
        .collect()
}

#[test]
fn the_committed_sim_lower_half_is_accepted() {
    let summary = check(SIM_LOWER.as_bytes(), 2).unwrap_or_else(|r| panic!("rejected: {}", r.message));
    let Claim::Game(statement) = summary.claim else {
        panic!("not a game certificate")
    };
    assert_eq!(statement.no_win_within, Some(("blue", 13)));
    assert_eq!((summary.bound, summary.moves, summary.entries), (13, 13, 239));
}

#[test]
fn the_header_claim_is_checked() {
    let kind = |text: &str| check(text.as_bytes(), 1).map(|_| ()).map_err(|r| r.kind);
    assert_eq!(
        kind(&with_field("rules", "misere-plus")),
        Err(RejectionKind::Unreadable)
    );
    assert_eq!(kind(&with_field("plies", "-1")), Err(RejectionKind::Unreadable));
    assert_eq!(kind(&with_field("plies", "14")), Err(RejectionKind::Invalid));
    assert_eq!(kind(&with_field("prover", "red")), Err(RejectionKind::Invalid));
    assert_eq!(
        kind(&with_field("plies", "12")),
        Ok(()),
        "fewer plies is a weaker claim"
    );
}

/// A tiny deterministic generator, so the fuzz test needs no dependency.
fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn random_byte_flips_never_panic_and_never_pass_in_the_body() {
    let header_len = SIM_LOWER.match_indices('\n').nth(12).unwrap().0 + 1;
    let mut state = 0x2545_f491_4f6c_dd1d;
    for _ in 0..2000 {
        let mut bytes = SIM_LOWER.as_bytes().to_vec();
        let at = xorshift(&mut state) as usize % bytes.len();
        bytes[at] ^= 1 << (xorshift(&mut state) % 8);
        let verdict = check(&bytes, 1);
        if at >= header_len {
            assert!(verdict.is_err(), "a flip at byte {at} of the body was accepted");
        }
    }
}
