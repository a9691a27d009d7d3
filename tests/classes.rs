//! Failure classes (`src/classes.rs`, `ramsey-verify refute`): a broken
//! strategy has them, a certified one has none, bad input is rejected.

use ramsey_verify::core::board::{Board, Player};
use ramsey_verify::strategies::by_name;
use ramsey_verify::verify::classes::failure_classes;
use ramsey_verify::verify::search::{FailKind, Search};
use std::process::Command;

mod common;
use common::{bad_input, one_line_error, parts};

fn classes(strategy: &str, round: u32) -> Vec<ramsey_verify::verify::classes::FailureClass> {
    let s = by_name(strategy).unwrap();
    let search = Search::new(s.as_ref(), Board::Infinite, 10);
    failure_classes(&search, round, None, &|_, _| {}).unwrap()
}

#[test]
fn certified_k3_has_no_failure_class_at_any_round() {
    for round in 1..=3 {
        assert!(classes("k3", round).is_empty(), "round {round}");
    }
}

#[test]
fn broken_k3_has_failure_classes_after_round_2() {
    let found = classes("k3-broken-wrong-triangle", 2);
    assert!(!found.is_empty());
    for class in &found {
        assert_eq!(class.position.edge_count(Player::First), 2);
        assert_eq!(class.position.edge_count(Player::Second), 2);
        assert_eq!(class.line.len(), 4, "her two moves and his two, in play order");
        assert!(class.kind <= FailKind::BoundExceeded);
    }
}

#[test]
fn classes_are_distinct_up_to_isomorphism() {
    use ramsey_verify::core::canon::canonical_form;
    use ramsey_verify::core::memory::Memory;
    let found = classes("k3-broken-scatters", 2);
    let mut keys: Vec<_> = found
        .iter()
        .map(|c| canonical_form(&c.position, &Memory::default(), None).key)
        .collect();
    let n = keys.len();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), n);
}

fn refute(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_ramsey-verify"))
        .arg("refute")
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn refute_cli_prints_graph6_and_json() {
    let out = refute(&["--strategy", "k3-broken-wrong-triangle", "--at-round", "2", "--json"]);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(json["count"].as_u64().unwrap() > 0);
    let pair = json["classes"][0]["graph6"].as_str().unwrap();
    assert!(ramsey_verify::core::graph6::decode_position(pair, Board::Infinite).is_ok());
}

#[test]
fn refute_cli_rejects_bad_input() {
    for args in [
        &["--strategy", "nope", "--at-round", "2"][..],
        &["--strategy", "k3", "--at-round", "0"][..],
        &["--strategy", "k3"][..],
    ] {
        let (code, _, err) = parts(&refute(args));
        bad_input(code, &err, args);
    }
}

#[test]
fn refute_cli_draws_each_class() {
    let dir = std::env::temp_dir().join(format!("ramsey-refute-svg-{}", std::process::id()));
    let out = refute(&[
        "--strategy",
        "k3-broken-wrong-triangle",
        "--at-round",
        "2",
        "--svg-dir",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let count = classes("k3-broken-wrong-triangle", 2).len();
    for i in 1..=count {
        let svg = std::fs::read_to_string(dir.join(format!("round-2-class-{i}.svg"))).unwrap();
        assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"), "{svg:.40}");
        // Edges numbered from 0 in play order, as in the paper's figures.
        assert!(svg.contains(">#0<") && svg.contains(">#3<"), "move numbers 0..3");
    }
    assert!(!dir.join(format!("round-2-class-{}.svg", count + 1)).exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_strategy_with_a_bug_has_no_failure_classes_but_no_verdict() {
    use ramsey_verify::verify::classes::ClassesError;
    for strategy in ["k3-broken-illegal", "k3-broken-panics"] {
        let s = by_name(strategy).unwrap();
        let search = Search::new(s.as_ref(), Board::Infinite, 10);
        for round in 1..=3 {
            let result = failure_classes(&search, round, None, &|_, _| {});
            assert!(
                matches!(result, Err(ClassesError::ContractBroken { .. })),
                "{strategy} round {round}: {result:?}"
            );
        }
        let (code, out, err) = parts(&refute(&["--strategy", strategy, "--at-round", "3", "--json"]));
        assert!(out.is_empty(), "{strategy}: {out}");
        let line = one_line_error(3, code, &err, strategy);
        assert!(line.contains("breaks its contract after the line"), "{err}");
    }
}
