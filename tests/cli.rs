//! The command line: verdicts, JSON, and one-line errors with exit code 2.

mod common;
use common::ramsey;

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
        vec!["verify"],
        vec!["frobnicate"],
    ] {
        let (code, out, err) = ramsey(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}");
    }
}
