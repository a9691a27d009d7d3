//! The command line: verdicts, JSON, and one-line errors with exit code 2.

mod common;
use common::{bad_input, one_line_error, parts, ramsey};

#[test]
fn verify_k3_json() {
    let (code, out, _) = ramsey(&["verify", "--strategy", "k3", "--board", "inf", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["strategy"], "k3");
    assert_eq!(v["board"], "inf");
    assert_eq!(v["verdict"], "verified");
    assert_eq!(v["max_moves"], 4);
    assert!(v["positions"].as_u64().unwrap() > 0);
    assert!(v["seconds"].is_number());
    assert!(v["counterexample"].is_null());
    assert!(v["bound"].is_number());
}

#[test]
fn refuted_json_carries_the_counterexample() {
    let (code, out, _) = ramsey(&["verify", "--strategy", "k3", "--bound", "3", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["verdict"], "refuted");
    let moves = v["counterexample"].as_array().unwrap();
    assert_eq!(v["ending"]["kind"], "bound_exceeded");
    assert_eq!(moves.len(), 6);
    assert_eq!(moves[0]["player"], "first");
    assert_eq!(moves[1]["player"], "second");
}

#[test]
fn choices_modes_say_so_in_json_and_text() {
    for mode in ["all", "some"] {
        let (code, out, _) = ramsey(&["verify", "--strategy", "k3", "--choices", mode, "--json"]);
        assert_eq!(code, 0);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(
            (v["verdict"].as_str(), v["max_moves"].as_u64()),
            (Some("verified"), Some(4))
        );
        assert_eq!(v["choices"], mode);
        assert_eq!(
            v["choices_made"].as_array().map(Vec::len),
            Some(0),
            "k3 leaves no choice open"
        );
        let (_, text, _) = ramsey(&["verify", "--strategy", "k3", "--choices", mode]);
        assert!(
            text.contains(&format!("open choices ({mode}): none along this line")),
            "{text}"
        );
    }
    let (_, out, _) = ramsey(&["verify", "--strategy", "k3", "--json"]);
    assert!(!out.contains("choices"), "--choices one prints what it always did");
}

#[test]
fn text_output_says_the_verdict() {
    let (code, out, _) = ramsey(&["verify", "--strategy", "k3", "--board", "4"]);
    assert_eq!(code, 0);
    assert!(out.contains("REFUTED"), "{out}");
    let (_, out, _) = ramsey(&["verify", "--strategy", "k3", "--board", "5"]);
    assert!(out.contains("VERIFIED"), "{out}");
}

#[test]
fn strategies_are_listed() {
    let (code, out, _) = ramsey(&["strategies"]);
    assert_eq!(code, 0);
    assert!(out.lines().any(|l| l.starts_with("k3 ")));
}

#[test]
fn bad_input_is_one_line_and_exit_code_two() {
    for args in [
        vec!["verify", "--strategy", "nope"],
        vec!["verify", "--strategy", "k3", "--board", "0"],
        vec!["verify", "--strategy", "k3", "--board", "1"],
        vec!["verify", "--strategy", "k3", "--board", "many"],
        vec!["verify", "--strategy", "k3", "--bound", "0"],
        vec!["verify", "--strategy", "k3", "--bound", "x"],
        vec!["verify", "--strategy", "k3", "--threads", "0"],
        vec!["verify", "--strategy", "k3", "--choices", "many"],
        vec![
            "verify",
            "--strategy",
            "k3",
            "--choices",
            "all",
            "--resolution-out",
            "/tmp/k3-choices-all.patches",
        ],
        vec!["verify"],
        vec!["frobnicate"],
    ] {
        let (code, out, err) = ramsey(&args);
        bad_input(code, &err, &args);
        assert!(out.is_empty(), "{args:?}");
    }
}

#[test]
fn a_buggy_strategy_is_no_verdict_exit_code_three_in_one_line() {
    // An illegal move of `play`, and a panic in strategy code, under the
    // default `--choices one` and the other modes, with and without
    // `--json`, and with `--shortest`: nothing on standard output, one
    // line on standard error naming the situation and the line of play,
    // and no panic message.
    for (strategy, says) in [
        ("k3-broken-illegal", "its move 3-4 is already claimed"),
        ("k3-broken-panics", "the strategy panicked: k3-broken-panics"),
    ] {
        for extra in [
            &[][..],
            &["--json"],
            &["--shortest"],
            &["--choices", "all"],
            &["--choices", "some", "--json"],
        ] {
            let mut args = vec!["verify", "--strategy", strategy];
            args.extend(extra);
            let (code, out, err) = ramsey(&args);
            let line = one_line_error(3, code, &err, &args);
            assert!(out.is_empty(), "{args:?}: {out}");
            assert!(
                line.starts_with("error: no verdict: the strategy breaks its contract: at `") && line.contains(says),
                "{args:?}: {err}"
            );
            assert!(line.contains("play reaches it by the line \"0-1,"), "{args:?}: {err}");
        }
    }
}

#[test]
fn the_documented_broken_contract_message_is_the_one_printed() {
    let doc = include_str!("../docs/book/src/cli-reference.md");
    let documented = doc
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with("error: no verdict: the strategy breaks its contract: at `D"))
        .expect("docs/book/src/cli-reference.md shows the message of k3-broken-illegal");
    let (code, _, err) = ramsey(&["verify", "--strategy", "k3-broken-illegal"]);
    assert_eq!((code, err.trim_end()), (3, documented));
}

/// Runs the binary with standard output sent to `stdout`.
fn run_with_stdout(args: &[&str], stdout: std::process::Stdio) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_ramsey-verify"))
        .args(args)
        .stdout(stdout)
        .output()
        .expect("the binary runs")
}

/// Every command that prints, with small inputs.
const PRINTING: &[&[&str]] = &[
    &["verify", "--strategy", "k3", "--board", "inf"],
    &["verify", "--strategy", "k3", "--board", "inf", "--json"],
    &["strategies"],
    &["show", "--line", "0-1,2-3,0-2"],
    &["show", "--g6", "Bo:BG", "--clique", "3"],
    &["refute", "--strategy", "k3-broken-scatters", "--at-round", "2"],
    &["solve", "--line", "", "--budget", "2", "--clique", "3"],
    &["check", "proofs/k3-inf.cert"],
    &[
        "solve", "--rules", "achieve", "--target", "K3", "--board", "4", "--json",
    ],
    &[
        "solve", "--rules", "achieve", "--target", "K3", "--board", "4", "--census",
    ],
    &[
        "play", "--rules", "achieve", "--target", "K3", "--board", "4", "--human", "blue",
    ],
    &["ramsey-table", "--boards", "4", "--targets", "K3", "--rules", "achieve"],
    &["--help"],
    &["verify", "--help"],
    &["--version"],
];

#[test]
fn a_full_disk_is_a_one_line_error_with_exit_code_two() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    for args in PRINTING {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let (code, _, err) = parts(&run_with_stdout(args, full.into()));
        let line = bad_input(code, &err, args);
        assert!(
            line.starts_with("error: cannot write to standard output"),
            "{args:?}: {err}"
        );
    }
}

/// Runs the program with a reader of standard output that goes away
/// before the program writes (like `| head -c 0`).
fn with_closed_pipe(args: &[&str]) -> std::process::Output {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_ramsey-verify"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    child.wait_with_output().unwrap()
}

#[test]
fn a_closed_pipe_ends_quietly_with_exit_code_zero() {
    for args in PRINTING {
        let out = with_closed_pipe(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: {err}");
    }
}

#[test]
fn a_closed_pipe_keeps_the_exit_code_of_a_rejected_certificate() {
    let bad = std::env::temp_dir().join(format!("ramsey-cli-bad-{}.cert", std::process::id()));
    let k3 = std::fs::read_to_string("proofs/k3-inf.cert").unwrap();
    std::fs::write(&bad, k3.replacen("bound 50", "bound 1", 1)).unwrap();
    let out = with_closed_pipe(&["check", "--json", bad.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.starts_with("error: invalid certificate: bound 1 is lower"), "{err}");
    std::fs::remove_file(bad).unwrap();
}

#[test]
fn unwritable_output_files_are_one_line_errors_before_the_run() {
    let missing = "/nonexistent-dir/out";
    for args in [
        vec!["verify", "--strategy", "k3", "--svg", missing],
        vec!["verify", "--strategy", "k3", "--dot", missing],
        vec!["verify", "--strategy", "k3", "--cert", missing],
        vec!["show", "--line", "0-1", "--svg", missing],
        vec![
            "refute",
            "--strategy",
            "k3",
            "--at-round",
            "1",
            "--svg-dir",
            "/proc/no/such",
        ],
        vec!["repair", "--strategy", "k3", "--bound", "4", "--out", missing],
        vec!["ramsey-table", "--boards", "4", "--targets", "K3", "--save", missing],
        vec![
            "solve", "--rules", "achieve", "--target", "K3", "--board", "6", "--cert", missing,
        ],
        vec![
            "play", "--rules", "achieve", "--target", "K3", "--board", "4", "--svg", missing,
        ],
    ] {
        let (code, out, err) = ramsey(&args);
        assert!(
            bad_input(code, &err, &args).starts_with("error: cannot "),
            "{args:?}: {err}"
        );
        // Checked before the search: nothing was printed.
        assert!(out.is_empty() || args[0] == "show", "{args:?}: {out}");
    }
}

/// `refute` of the k4 strategy after round 2, restricted to `phase`.
fn k4_round_2_in_phase(phase: &'static str) -> Vec<&'static str> {
    let mut args: Vec<_> = "refute --strategy k4 --bound 4 --at-round 2 --phase"
        .split(' ')
        .collect();
    args.push(phase);
    args
}

#[test]
fn unknown_names_are_errors_that_list_the_known_ones() {
    for (args, known) in [
        (vec!["verify", "--strategy", "k5"], "known: k3,"),
        (
            "refute --strategy k3 --at-round 1 --phase nope".split(' ').collect(),
            "phases there: none",
        ),
        (k4_round_2_in_phase("stage2"), "phases there: stage 1"),
        (
            vec!["verify", "--strategy", "k3", "--board", "huge"],
            "`inf` (or `aleph0`) or a number",
        ),
        (vec!["show", "--line", "0-1", "--number-from", "2"], "from 0 or 1"),
        (
            "refute --strategy k3 --bound 2 --at-round 5".split(' ').collect(),
            "past --bound 2",
        ),
    ] {
        let (code, _, err) = ramsey(&args);
        assert!(
            bad_input(code, &err, &args).contains(known),
            "{args:?}: expected `{known}` in {err}"
        );
    }
}

#[test]
fn a_known_phase_still_filters() {
    let mut args = k4_round_2_in_phase("stage 1");
    args.push("--json");
    let (code, out, err) = ramsey(&args);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["phase"], "stage 1");
}

/// The shared refusal check (`common::bad_input`, used by every test of
/// bad input) fails on a second line of error...
#[test]
#[should_panic(expected = "stderr is not one line")]
fn a_second_line_on_stderr_fails_the_refusal_check() {
    bad_input(2, "error: bad input\n  (at line 2)\n", "two lines");
}

/// ... and on any exit code but 2.
#[test]
#[should_panic(expected = "exit code 1, not 2")]
fn another_exit_code_fails_the_refusal_check() {
    bad_input(1, "error: bad input\n", "exit code 1");
}
