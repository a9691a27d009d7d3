//! Version 14 ("no win within L plies") on the checker alone: the
//! committed Sim certificate (blue does not win within 13 plies) is
//! accepted, and the header's claims are read as FORMAT.md says (set
//! rules unreadable, a raised horizon invalid, another prover invalid);
//! byte flips in it: `tamper.rs`.

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
