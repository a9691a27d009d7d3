//! `ramsey-verify repair` and `--patches` on the command line: bad numbers
//! and tables written for another strategy are one-line errors with exit
//! code 2, found before any search.

mod common;
use common::{bad_input, ramsey, wrong_triangle};
use std::path::PathBuf;

/// A fresh directory for this test's files, and the path of its file
/// `file`.
fn scratch(name: &str, file: &str) -> (PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("ramsey-repair-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(file).to_str().unwrap().to_string();
    (dir, file)
}

#[test]
fn repair_rejects_move_numbers_past_the_bound_and_zero_rounds() {
    let (_, out) = scratch("numbers", "table.txt");
    let out = out.as_str();
    for (extra, says) in [
        (vec!["--max-rounds", "0"], "--max-rounds"),
        (vec!["--from-move", "99"], "--from-move 99"),
        (vec!["--from-move", "5"], "--from-move 5"),
        (vec!["--from-move", "0"], "--from-move"),
    ] {
        let (code, stdout, err) = ramsey(&wrong_triangle_repair(out, &extra));
        assert!(bad_input(code, &err, &extra).contains(says), "{extra:?}: {err}");
        assert!(stdout.is_empty(), "{extra:?}: {stdout}");
        assert!(!std::path::Path::new(out).exists(), "{extra:?}: a table was written");
    }
    // Her last move (the bound) may be patched, and one round is a run.
    for extra in [["--from-move", "4"], ["--max-rounds", "1"]] {
        let (code, _, err) = ramsey(&wrong_triangle_repair(out, &extra));
        assert!(code == 0 || code == 3, "{extra:?}: {err}");
        assert!(std::path::Path::new(out).exists(), "{extra:?}: no table written");
        std::fs::remove_file(out).unwrap();
    }
}

/// Runs `repair` of `k3-broken-wrong-triangle` (K3, bound 4), which ends
/// VERIFIED with a table of two entries, written to `out`.
fn k3_table(out: &str) {
    let (code, stdout, err) = ramsey(&wrong_triangle_repair(out, &[]));
    assert_eq!(code, 0, "{stdout} {err}");
}

/// Asserts a one-line error with exit code 2 that contains every one of `says`.
fn refused(args: &[&str], says: &[&str]) {
    let (code, stdout, err) = ramsey(args);
    let line = bad_input(code, &err, args);
    assert!(stdout.is_empty(), "{args:?}: {stdout}");
    for s in says {
        assert!(line.contains(s), "{args:?}: expected `{s}` in {err}");
    }
}

#[test]
fn a_patch_table_names_its_strategy_and_game_and_is_refused_for_another() {
    let (dir, table) = scratch("header", "k3.patches");
    let table = table.as_str();
    k3_table(table);
    let text = std::fs::read_to_string(table).unwrap();
    let header: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.contains(" => "))
        .collect();
    assert_eq!(
        header,
        [
            "strategy: k3-broken-wrong-triangle",
            "game: K3",
            "board: inf",
            "bound: 4"
        ],
        "{text}"
    );
    // Another strategy and game (K4), another strategy of the same game:
    // refused by every command that takes a table, naming both.
    for (strategy, game) in [("k4-patched", "K4"), ("k3", "K3")] {
        let both = ["k3-broken-wrong-triangle (K3)", &format!("{strategy} ({game})")];
        for command in ["verify", "refute"] {
            let mut args = vec![command, "--strategy", strategy, "--bound", "4", "--patches", table];
            if command == "refute" {
                args.extend(["--at-round", "1"]);
            }
            refused(&args, &both);
        }
        let out = dir.join("out.patches");
        let args = [
            "repair",
            "--strategy",
            strategy,
            "--bound",
            "4",
            "--table",
            table,
            "--out",
            out.to_str().unwrap(),
        ];
        refused(&args, &both);
        // The override uses it anyway: a verdict (or a repair run), not a refusal.
        let mut args = args.to_vec();
        args.push("--patches-for-any-strategy");
        let (code, _, err) = ramsey(&args);
        assert!(code == 0 || code == 3, "{args:?}: {err}");
        let verify = [
            "verify",
            "--strategy",
            strategy,
            "--bound",
            "4",
            "--patches",
            table,
            "--patches-for-any-strategy",
        ];
        let (code, stdout, err) = ramsey(&verify);
        assert_eq!(code, 0, "{verify:?}: {err}");
        assert!(stdout.contains("VERIFIED") || stdout.contains("REFUTED"), "{stdout}");
    }
    // Its own strategy takes it: verified, where it is refuted without.
    let (code, stdout, _) = common::verify_wrong_triangle_with(table);
    assert_eq!(code, 0);
    assert!(stdout.contains("VERIFIED"), "{stdout}");
    // Round trip: the table written by `repair`, given back to it, is
    // complete at once and written again with the same header and entries.
    let again = dir.join("again.patches");
    let again = again.to_str().unwrap();
    let (code, stdout, err) = ramsey(&wrong_triangle_repair(again, &["--table", table]));
    assert_eq!(code, 0, "{stdout} {err}");
    let body = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| !l.starts_with('#'))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(body(&std::fs::read_to_string(again).unwrap()), body(&text));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_table_without_its_header_or_with_a_garbled_one_is_refused() {
    let (dir, table) = scratch("garbled", "k3.patches");
    let table = table.as_str();
    k3_table(table);
    let text = std::fs::read_to_string(table).unwrap();
    let entries: Vec<&str> = text.lines().filter(|l| l.contains(" => ")).collect();
    assert_eq!(entries.len(), 2, "{text}");
    let entries = entries.join("\n");
    let bad = dir.join("bad.patches");
    let bad = bad.to_str().unwrap();
    for (garbled, says) in [
        (entries.clone(), "header"),
        (format!("# a comment\n{entries}"), "header"),
        (format!("strategy: k3-broken-wrong-triangle\n{entries}"), "game"),
        (format!("game: K3\n{entries}"), "strategy"),
        (
            format!("strategy k3-broken-wrong-triangle\ngame: K3\n{entries}"),
            "line 1",
        ),
        (
            format!("strategy: k3-broken-wrong-triangle\ngame: three\n{entries}"),
            "line 2",
        ),
        (
            format!("strategy: k3-broken-wrong-triangle\ngame: K3\nbound: many\n{entries}"),
            "line 3",
        ),
        (
            format!("strategy: k3-broken-wrong-triangle\ngame: K3\ncolour: red\n{entries}"),
            "line 3",
        ),
        (
            format!("strategy: k3-broken-wrong-triangle\ngame: K3\ngame: K3\n{entries}"),
            "line 3",
        ),
        (
            format!("strategy: k3-broken-wrong-triangle\n{entries}\ngame: K3\n"),
            "line 2",
        ),
        (String::new(), "header"),
    ] {
        std::fs::write(bad, &garbled).unwrap();
        for extra in [
            &["--patches", bad][..],
            &["--patches", bad, "--patches-for-any-strategy"],
        ] {
            let args = wrong_triangle("verify", extra);
            refused(&args, &["bad.patches", says]);
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_table_of_k4_patched_names_k4_guarded() {
    // The built-in table is for `k4-guarded` (`k4-patched` is k4-guarded
    // with it): accepted there, refused for `k4`.
    let table = concat!(env!("CARGO_MANIFEST_DIR"), "/strategies/src/k4/patches.txt");
    let (code, stdout, err) = ramsey(&["verify", "--strategy", "k4-guarded", "--bound", "5", "--patches", table]);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("REFUTED"), "{stdout}");
    refused(
        &["verify", "--strategy", "k4", "--bound", "5", "--patches", table],
        &["k4-guarded (K4)", "k4 (K4)"],
    );
}

#[test]
fn a_written_resolution_names_its_strategy_and_replays_only_there() {
    // `k3` leaves no choice open: its winning resolution is an empty table,
    // written with the header of `k3`.
    let (dir, table) = scratch("resolution", "k3.resolution");
    let table = table.as_str();
    let (code, _, err) = ramsey(&[
        "verify",
        "--strategy",
        "k3",
        "--bound",
        "4",
        "--choices",
        "some",
        "--resolution-out",
        table,
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(table).unwrap();
    let header: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(header, ["strategy: k3", "game: K3", "board: inf", "bound: 4"], "{text}");
    let (code, stdout, err) = ramsey(&["verify", "--strategy", "k3", "--bound", "4", "--patches", table]);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("VERIFIED"), "{stdout}");
    refused(
        &[
            "verify",
            "--strategy",
            "k3-broken-scatters",
            "--bound",
            "4",
            "--patches",
            table,
        ],
        &["k3 (K3)", "k3-broken-scatters (K3)"],
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// `repair` of `k3-broken-wrong-triangle` at bound 4 into `out`, with `extra` flags.
fn wrong_triangle_repair<'a>(out: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    wrong_triangle("repair", &[&["--out", out], extra].concat())
}

#[test]
fn a_batch_repair_writes_a_table_that_verify_replays_and_a_stuck_one_says_so() {
    let (dir, out) = scratch("batch", "table.txt");
    let out = out.as_str();
    let (code, stdout, err) = ramsey(&wrong_triangle_repair(out, &["--batch"]));
    assert_eq!(code, 0, "{stdout} {err}");
    assert!(stdout.starts_with("VERIFIED within 4"), "{stdout}");
    assert!(
        err.contains("round 1: 2 entries at her moves 4: 2; failing situations"),
        "{err}"
    );
    let (code, stdout, err) = common::verify_wrong_triangle_with(out);
    assert_eq!(code, 0, "{stdout} {err}");
    assert!(stdout.contains("VERIFIED"), "{stdout}");
    // K3 within 3 of her moves: nothing to fix, exit code 3, table written.
    let (code, stdout, err) = ramsey(&["repair", "--strategy", "k3", "--bound", "3", "--batch", "--out", out]);
    assert_eq!(code, 3, "{stdout}");
    assert!(
        err.contains("round 1: 0 entries; failing situations at her moves 3: "),
        "{err}"
    );
    assert!(
        stdout.starts_with("STUCK: no failing decision could be fixed; a failing line:"),
        "{stdout}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}
