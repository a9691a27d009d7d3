//! Format version 14, "the prover does not win within L plies" (the
//! holder's strategy, read off a length test that fails): written by
//! `solve --within-plies L --player P --cert` where the test fails and by
//! `solve --by-tests --cert-lower`, accepted by the independent checker on
//! Sim (K6, exact length 15), 7-Sim (19) and games with no known parity of
//! a win's length (gap 1); tampered copies rejected, with the line at
//! fault where an entry is.

mod cert_common;
mod common;
use cert_common::{accepted, body, edited, field, rejected, scratch, with_field};
use common::{bad_input, ramsey};
use ramsey_cert_check::Claim;

/// The certificate `solve ARGS --within-plies PLIES --player PLAYER
/// --cert F` writes.
fn within(args: &[&str], plies: u32, player: &str) -> String {
    let path = scratch("within.cert");
    let plies = plies.to_string();
    let all = [
        args,
        &["--within-plies", &plies, "--player", player, "--threads", "1"],
        &["--cert", path.to_str().unwrap()],
    ]
    .concat();
    let (code, _, err) = ramsey(&all);
    assert_eq!(code, 0, "{all:?}: {err}");
    std::fs::read_to_string(path).unwrap()
}

/// The prover and plies a version-14 certificate is accepted for.
fn no_win_within(text: &str) -> (&'static str, u32) {
    let summary = accepted(text);
    let Claim::Game(statement) = summary.claim else {
        panic!("not a game certificate")
    };
    statement.no_win_within.expect("a version-14 claim")
}

const SIM: [&str; 7] = ["solve", "--rules", "misere", "--board", "6", "--target", "K3"];
const SIM7: [&str; 7] = ["solve", "--rules", "misere", "--board", "7", "--target", "K3"];
/// A win whose length has no known parity (gap 1): red wins after 11 plies.
const ACHIEVE_SECOND: [&str; 7] = ["solve", "--rules", "achieve-second", "--board", "6", "--target", "C4"];

/// The exact length, two claims: `--by-tests --cert F --cert-lower G` on
/// Sim (15 plies, blue wins): F proves blue wins within 15 plies (7 of
/// blue's moves), G that blue does not win within 13.
#[test]
fn by_tests_writes_both_halves_of_sims_length() {
    let (upper, lower) = (scratch("upper.cert"), scratch("lower.cert"));
    let args = [
        &SIM[..],
        &["--by-tests", "--threads", "1", "--cert", upper.to_str().unwrap()],
        &["--cert-lower", lower.to_str().unwrap()],
    ]
    .concat();
    let (code, out, err) = ramsey(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("after 15 more moves"), "{out}");
    assert_eq!(accepted(&std::fs::read_to_string(upper).unwrap()).moves, 7);
    let lower = std::fs::read_to_string(lower).unwrap();
    assert_eq!(field(&lower, "ramsey-cert"), "14");
    assert_eq!(no_win_within(&lower), ("blue", 13));
    let json = ramsey_cert_check::verdict_json(&ramsey_cert_check::check(lower.as_bytes(), 1));
    assert_eq!(
        (&json["claim"], &json["prover"], &json["plies"], &json["format"]),
        (
            &serde_json::json!("no-win-within"),
            &serde_json::json!("blue"),
            &serde_json::json!(13),
            &serde_json::json!(14)
        )
    );
}

/// `--within-plies --cert`: version 14 where the test fails, version 3
/// where it holds (7-Sim: 19 plies; with a gap of 1: 11 plies).
#[test]
fn within_plies_certifies_either_answer() {
    // The winner's moves in d plies: blue moves second, red first.
    for (args, d, gap, winner, moves) in [(SIM7, 19, 2, "blue", 9), (ACHIEVE_SECOND, 11, 1, "red", 6)] {
        let lower = within(&args, d - gap, winner);
        assert_eq!(no_win_within(&lower), (winner, d - gap), "{args:?}");
        let upper = within(&args, d, winner);
        assert_eq!(field(&upper, "ramsey-cert"), "3", "{args:?}");
        assert_eq!(accepted(&upper).moves, moves, "{args:?}");
    }
}

/// Set moves are refused with one line (exit 2), before any search.
#[test]
fn set_moves_are_refused() {
    let args = ["solve", "--rules", "misere-plus", "--board", "5", "--target", "K3"];
    let path = scratch("plus.cert");
    let (code, _, err) = ramsey(
        &[
            &args[..],
            &[
                "--within-plies",
                "5",
                "--player",
                "blue",
                "--cert",
                path.to_str().unwrap(),
            ],
        ]
        .concat(),
    );
    assert!(bad_input(code, &err, "blue").contains("single-edge moves"), "{err}");
}

/// Tampered copies of 7-Sim's lower half (blue does not win within 17
/// plies) and of the gap-1 game's (red does not win within 10) are
/// rejected: a changed move of the holder, a dropped entry and an entry's
/// plies raised by one on the entry's line; the header's plies raised by
/// one at the start (with a gap of 1 the test there holds: a false claim).
#[test]
fn tampered_lower_halves_are_rejected() {
    for (args, n, plies, prover) in [(SIM7, 7, 17, "blue"), (ACHIEVE_SECOND, 6, 10, "red")] {
        let text = within(&args, plies, prover);
        let entries = body(&text);
        let header = cert_common::header_len(&text);
        // The first entry whose plies leave the prover moves to answer.
        let i = entries.iter().position(|e| e[2].parse::<u32>().unwrap() >= 3).unwrap();
        let line = header + i + 1;
        let raised = format!(
            "{} {} {}",
            entries[i][0],
            entries[i][1],
            entries[i][2].parse::<u32>().unwrap() + 1
        );
        let r = rejected(&edited(&text, i, Some(raised)));
        assert_eq!(r.line, Some(line), "{args:?}: {}", r.message);
        // At some entry, some other move of the holder loses in time.
        let changed = |i: usize| {
            let line = header + i + 1;
            (0..n)
                .flat_map(|u| (u + 1..n).map(move |v| format!("{u}-{v}")))
                .filter(|m| *m != entries[i][1])
                .map(|m| edited(&text, i, Some(format!("{} {m} {}", entries[i][0], entries[i][2]))))
                .filter_map(|t| ramsey_cert_check::check(t.as_bytes(), 1).err())
                .any(|r| r.line == Some(line) && (r.message.contains("missing") || r.message.contains("ends")))
        };
        assert!(
            (0..entries.len().min(40)).any(changed),
            "{args:?}: every changed move accepted"
        );
        // The last entry is needed by one before it.
        let r = rejected(&edited(&text, entries.len() - 1, None));
        assert!(
            r.line.is_some() && r.message.contains("missing position"),
            "{}",
            r.message
        );
        // The header's plies raised by one.
        let r = rejected(&with_field(&text, "plies", &(plies + 1).to_string()));
        assert!(r.message.contains("start"), "{}", r.message);
    }
}

/// A false claim with consistent numbers: the gap-1 game's lower half
/// (red does not win within 10 plies) with the header's plies and every
/// entry's raised by one claims "not within 11", but red wins after
/// exactly 11: the checker must find her win at the horizon itself.
/// Made to fail by letting the horizon settle a position where she has
/// just won (`Horizon::settled` in checker/src/game/holdout.rs without
/// its end test): the lifted copy is then accepted.
#[test]
fn a_lifted_false_claim_is_rejected() {
    let text = within(&ACHIEVE_SECOND, 10, "red");
    let header = cert_common::header_len(&text);
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    for line in &mut lines[header..] {
        let f: Vec<&str> = line.split(' ').collect();
        *line = format!("{} {} {}", f[0], f[1], f[2].parse::<u32>().unwrap() + 1);
    }
    let lifted = with_field(&cert_common::reseal(&lines, header), "plies", "11");
    let r = rejected(&lifted);
    assert!(r.message.contains("a win of red"), "{}", r.message);
}
