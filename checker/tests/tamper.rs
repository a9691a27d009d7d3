//! The checker against the committed K3 certificates and every kind of
//! damage: each must be rejected with the right kind and a message naming it.

mod common;

use common::{header_and_body, invalid_resealed, rejected, reseal, K3_INF};
use ramsey_cert_check::{check, Claim, RejectionKind, Summary};
use std::io::Write;

const K3_5: &str = include_str!("../../proofs/k3-5.cert");

fn accepted(text: &str) -> Summary {
    check(text.as_bytes(), 2).unwrap_or_else(|r| panic!("rejected: {}", r.message))
}

#[test]
fn committed_k3_certificates_are_accepted() {
    let k = |s: &Summary| match s.claim {
        Claim::Strong { k, .. } => k,
        _ => panic!("a version-2 certificate read as another version"),
    };
    let inf = accepted(K3_INF);
    assert_eq!((inf.moves, k(&inf), inf.entries), (4, 3, 5));
    let five = accepted(K3_5);
    assert_eq!((five.moves, k(&five)), (4, 3));
}

#[test]
fn gzipped_certificate_is_accepted_and_damaged_gzip_is_unreadable() {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(K3_INF.as_bytes()).unwrap();
    let bytes = gz.finish().unwrap();
    assert_eq!(check(&bytes, 1).unwrap().moves, 4);
    rejected(&bytes[..bytes.len() / 2], RejectionKind::Unreadable, "gzip");
}

#[test]
fn truncated_certificates_are_rejected() {
    for cut in [0, 10, 60, K3_INF.len() / 2, K3_INF.len() - 1] {
        assert!(check(&K3_INF.as_bytes()[..cut], 1).is_err(), "accepted a cut at {cut}");
    }
    rejected(
        &K3_INF.as_bytes()[..40],
        RejectionKind::Unreadable,
        "header is truncated",
    );
    let end = K3_INF.len() - 1;
    let last_line = K3_INF[..end].rfind('\n').unwrap() + 1;
    rejected(&K3_INF.as_bytes()[..last_line], RejectionKind::Invalid, "truncated");
    rejected(
        &K3_INF.as_bytes()[..end - 3],
        RejectionKind::Invalid,
        "middle of a line",
    );
}

#[test]
fn garbage_and_wrong_version_are_unreadable() {
    rejected(b"", RejectionKind::Unreadable, "truncated");
    rejected(b"\x00\xff garbage\n\n\n\n\n\n\n", RejectionKind::Unreadable, "not");
    rejected(
        b"hello\nworld\n1\n2\n3\n4\n5\n",
        RejectionKind::Unreadable,
        "not a ramsey-verify certificate",
    );
    // Far above the newest version, so a new format does not break this.
    let v99 = K3_INF.replacen("ramsey-cert 2", "ramsey-cert 99", 1);
    rejected(
        v99.as_bytes(),
        RejectionKind::Unreadable,
        "unsupported certificate format version 99",
    );
    // Version 10 (Theorem 5.3) has a `family` line where version 2 has `board`.
    let v10 = K3_INF.replacen("ramsey-cert 2", "ramsey-cert 10", 1);
    rejected(
        v10.as_bytes(),
        RejectionKind::Unreadable,
        "header line `family ...` expected",
    );
    // Version 4 has a `claim` line where version 2 has `start`.
    let v4 = K3_INF.replacen("ramsey-cert 2", "ramsey-cert 4", 1);
    rejected(
        v4.as_bytes(),
        RejectionKind::Unreadable,
        "header line `claim ...` expected",
    );
    let v4 = v4.replacen("start empty", "claim she-wins", 1);
    rejected(v4.as_bytes(), RejectionKind::Unreadable, "claim `she-wins` is not");
    // A version-2 body under a version-3 magic line: the game header is missing.
    let v3 = K3_INF.replacen("ramsey-cert 2", "ramsey-cert 3", 1);
    rejected(v3.as_bytes(), RejectionKind::Unreadable, "rules");
    let bad_target = K3_INF.replacen("target K3", "target triangle", 1);
    rejected(bad_target.as_bytes(), RejectionKind::Unreadable, "target");
}

#[test]
fn wrong_hash_is_rejected() {
    let (header, body) = header_and_body(K3_INF);
    let mut text = reseal(&header, &body);
    let at = text.find("sha256 ").unwrap() + 7;
    let flipped = if &text[at..at + 1] == "0" { "1" } else { "0" };
    text.replace_range(at..at + 1, flipped);
    rejected(text.as_bytes(), RejectionKind::Invalid, "SHA-256");
    // A changed body line with the old header: the hash gives it away.
    let changed = K3_INF.replacen(" 2-3 3\n", " 2-4 3\n", 1);
    assert_ne!(changed, K3_INF);
    rejected(changed.as_bytes(), RejectionKind::Invalid, "SHA-256");
}

#[test]
fn changed_move_is_rejected_even_with_a_matching_hash() {
    let (header, mut body) = header_and_body(K3_INF);
    // Her second move: in "BG:BO" (red 1-2, blue 0-2) she plays 2-3; 0-1
    // instead leads to positions the certificate does not cover.
    let i = body.iter().position(|l| l.starts_with("BG:BO ")).unwrap();
    body[i] = "BG:BO 0-1 3".into();
    // `BG:BO` is the second entry: line 10 (the header has 8 lines).
    let r = invalid_resealed(&header, &body, "entry on line 10: ");
    assert_eq!(r.line, Some(10));
    body[i] = "BG:BO 1-2 3".into();
    invalid_resealed(&header, &body, "already claimed");
    body[i] = "BG:BO 0-9 3".into();
    invalid_resealed(&header, &body, "leaves the board");
}

#[test]
fn line_numbers_count_the_eight_header_lines() {
    let (header, body) = header_and_body(K3_INF);
    // An unparsable entry at each body index i is reported on line 9 + i.
    for i in 0..body.len() {
        let mut damaged = body.clone();
        damaged[i] = "garbage".into();
        let r = rejected(
            reseal(&header, &damaged).as_bytes(),
            RejectionKind::Invalid,
            &format!("line {}: expected `RED:BLUE U-V DEPTH`", 9 + i),
        );
        assert_eq!(r.line, Some(9 + i));
    }
    // A closure failure on the last line (13): `D?K:D`? 0-4 2` with depth 1.
    let mut last = body.clone();
    last[4] = last[4].replace(" 0-4 2", " 0-4 1");
    let r = invalid_resealed(&header, &last, "entry on line 13: depth 1");
    assert_eq!(r.line, Some(13));
}

#[test]
fn missing_position_is_rejected() {
    let (header, body) = header_and_body(K3_INF);
    for drop in 1..body.len() {
        let mut fewer = body.clone();
        fewer.remove(drop);
        invalid_resealed(&header, &fewer, "missing position");
    }
    invalid_resealed(&header, &body[1..], "root is missing");
}

#[test]
fn understated_depth_or_bound_is_rejected() {
    let (mut header, mut body) = header_and_body(K3_INF);
    header[4] = "bound 3".into();
    invalid_resealed(&header, &body, "bound 3 is lower than the 4 moves");
    body[0] = body[0].replace(" 4", " 3");
    invalid_resealed(&header, &body, "missing position");
}

#[test]
fn header_claims_about_the_game_are_checked() {
    let (mut header, body) = header_and_body(K3_INF);
    let invalid = |header: &[String], words: &str| invalid_resealed(header, &body, words);
    header[3] = "target K4".into();
    invalid(&header, "missing position");
    header[3] = "target K3".into();
    header[2] = "board 4".into();
    invalid(&header, "move 2-4 leaves the board (vertices below 4)");
    // The K_aleph0 certificate happens to be valid on K_5 as it stands.
    header[2] = "board 5".into();
    assert_eq!(accepted(&reseal(&header, &body)).moves, 4);
}

#[test]
fn a_position_where_he_has_already_won_is_rejected() {
    let (header, mut body) = header_and_body(K3_INF);
    // Three red edges 0-3, 1-3, 2-3 against a blue triangle on 0, 1, 2.
    body.push("CF:Cw 0-4 1".into());
    invalid_resealed(&header, &body, "already contains a K3");
}

/// A tiny deterministic generator, so the fuzz test needs no dependency.
fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Flips in the K3 certificate (format 2, eight header lines) and in
/// Sim's lower half (format 14, thirteen): from the `sha256` line on
/// (its last), every flip is rejected.
#[test]
fn random_byte_flips_never_panic_and_never_pass_in_the_body() {
    let sim_lower = include_str!("../../proofs/certs/sim-lower.cert");
    for (text, before_hash) in [(K3_INF, 7), (sim_lower, 12)] {
        let header_len = text.match_indices('\n').nth(before_hash - 1).unwrap().0 + 1;
        let mut state = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..3000 {
            let mut bytes = text.as_bytes().to_vec();
            let at = xorshift(&mut state) as usize % bytes.len();
            bytes[at] ^= 1 << (xorshift(&mut state) % 8);
            let verdict = check(&bytes, 1);
            if at >= header_len {
                assert!(verdict.is_err(), "a flip at byte {at} of the body was accepted");
            }
        }
    }
}

#[test]
fn his_winning_reply_is_caught_even_when_she_has_a_threat() {
    let (header, mut body) = header_and_body(K3_INF);
    // Red 0-1, 2-3; blue 4-5, 5-6. Her 1-2 makes a double threat but leaves
    // his 4-6 open, which completes his triangle first.
    body.push("F`???:F??GG 1-2 2".into());
    invalid_resealed(&header, &body, "his reply 4-6 completes a blue K3");
}

#[test]
fn draws_on_a_full_board_are_caught() {
    let (mut header, body) = header_and_body(K3_INF);
    let root = body[0].clone();
    // K_4, red 0-1, 2-3, blue 0-2, 1-3: after her 0-3 his 1-2 fills the board.
    header[2] = "board 4".into();
    let last_reply = vec!["C`:CQ 0-3 2".to_string(), root.clone()];
    invalid_resealed(&header, &last_reply, "his reply 1-2 fills the board: a draw");
    // K_3, red 0-1, blue 1-2: her 0-2 fills the board without a triangle.
    header[2] = "board 3".into();
    let last_move = vec!["B_:BG 0-2 2".to_string(), root];
    invalid_resealed(&header, &last_move, "the board is full without a red K3");
}
