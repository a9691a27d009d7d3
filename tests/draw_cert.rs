//! `solve --cert` on a draw (format version 5) end to end: both players'
//! non-losing strategies are written, the independent checker accepts them
//! as a draw, and tampered copies (a changed move, a dropped entry, a
//! move given to the wrong player, a claim of a draw in a game that is not
//! one) are rejected with exit code 1 and, where an entry is at fault, its
//! line.

mod cert_common;
mod common;
use cert_common::{
    accepted, body, each_entry_needed, edited, field, header_len, rejected, same_for_any_threads, scratch, with_field,
    written_by,
};
use common::run;
use ramsey_cert_check::{check, Claim};

/// Solves the game with `--cert` and returns the certificate's text.
fn written(name: &str, args: &[&str]) -> String {
    written_by("solve", name, args)
}

/// The game's certificate must be a draw the checker accepts, with entries
/// of both colours.
fn drawn(text: &str) {
    assert_eq!(field(text, "claim"), "draw");
    let summary = accepted(text);
    let Claim::Game(s) = &summary.claim else {
        panic!("not a game certificate")
    };
    assert_eq!(s.winner, None);
    let colours: Vec<String> = body(text).iter().map(|e| e[0].clone()).collect();
    assert!(colours.contains(&"red".to_string()) && colours.contains(&"blue".to_string()));
    assert_eq!(summary.entries, colours.len());
}

#[test]
fn draws_of_several_rule_sets_are_certified() {
    let c4 = scratch("c4-for-check.cert");
    for (name, args) in [
        ("c4.cert", ["--rules", "achieve", "--board", "5", "--target", "C4"]),
        (
            "k4-misere.cert",
            ["--rules", "misere", "--board", "4", "--target", "K3"],
        ),
        (
            "k4-plus.cert.gz",
            ["--rules", "misere-plus", "--board", "4", "--target", "K3"],
        ),
        (
            "k5-misere.cert",
            ["--rules", "misere", "--board", "5", "--target", "K3"],
        ),
    ] {
        let text = written(name, &args);
        assert_eq!(header_len(&text), 12, "{name}");
        drawn(&text);
        if name == "c4.cert" {
            std::fs::write(&c4, &text).unwrap();
        }
    }
    // Through the command line, with --json.
    let path = c4;
    let out = run(&["check", "--json", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((v["format"].as_u64(), v["claim"].as_str()), (Some(5), Some("draw")));
    assert!(v["winner"].is_null() && v["bound"].is_null());
}

#[test]
fn changed_moves_are_caught_on_their_line() {
    let text = written("moves.cert", &["--rules", "achieve", "--board", "5", "--target", "C4"]);
    let header = header_len(&text);
    let mut failures = 0;
    for (i, entry) in body(&text).iter().enumerate().step_by(7) {
        for u in 0..5 {
            for v in u + 1..5 {
                let line = format!("{} {} {u}-{v}", entry[0], entry[1]);
                if let Err(r) = check(edited(&text, i, Some(line)).as_bytes(), 2) {
                    assert_eq!(r.line, Some(header + 1 + i), "{}", r.message);
                    failures += 1;
                }
            }
        }
    }
    assert!(failures > 0, "no changed move was refuted");
}

#[test]
fn dropped_entries_and_wrong_owners_are_caught() {
    let text = written("drop.cert", &["--rules", "misere", "--board", "5", "--target", "K3"]);
    let entries = body(&text);
    let header = header_len(&text);
    // Every entry is needed: a reply leads to it, or it is the root.
    each_entry_needed(&text, 0..entries.len());
    for (i, entry) in entries.iter().enumerate() {
        // The same move given to the other colour: not that colour's turn
        // to win with, and the owner's strategy loses the entry.
        let other = if entry[0] == "red" { "blue" } else { "red" };
        let line = format!("{other} {} {}", entry[1], entry[2]);
        let r = rejected(&edited(&text, i, Some(line)));
        assert!(r.line.is_some() || r.message.contains("start"), "{}", r.message);
        if let Some(line) = r.line {
            assert!(line > header, "{}", r.message);
        }
    }
}

#[test]
fn a_draw_claimed_for_a_game_that_is_not_one_is_rejected() {
    let text = written("claim.cert", &["--rules", "achieve", "--board", "5", "--target", "C4"]);
    // A full board is a win of the second player under achieve-second and
    // maker: red's strategy, which only avoids losing by a C4, loses there.
    for rules in ["achieve-second", "maker"] {
        let r = rejected(&with_field(&text, "rules", rules));
        assert!(r.message.contains("a win of blue"), "{rules}: {}", r.message);
    }
    // A target of three edges (K3) instead of a C4: red completes one first.
    rejected(&with_field(&text, "target-red", "Bw"));
    // Version 3's claim in a version-5 header is not read.
    let wrong = text.replacen("claim draw", "claim red", 1);
    let r = check(wrong.as_bytes(), 1).expect_err("a claim other than draw");
    assert_eq!(r.exit_code(), 2, "{}", r.message);
}

#[test]
fn draw_certificates_do_not_depend_on_threads() {
    let args = ["--rules", "misere-plus", "--board", "4", "--target", "K3"];
    drawn(&same_for_any_threads("solve", &args));
}
