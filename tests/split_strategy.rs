//! `verify` split over his first replies (`split --strategy`, `job`,
//! `merge`; `verify::jobs::strategy`) gives one process's verdict: the same
//! bound on her moves when verified, the same first counterexample when
//! refuted (a line the strategy plays, replayed); and a folder with a
//! missing job or merged with another strategy is refused.

use ramsey_verify::core::board::{Board, Edge, Player};
use ramsey_verify::engine::Limits;
use ramsey_verify::verify::jobs::run::Usage;
use ramsey_verify::verify::jobs::strategy::{
    merge_strategy, run_strategy_job, split_strategy, StrategyMerged, StrategySpec,
};
use ramsey_verify::verify::jobs::Folder;
use ramsey_verify::verify::strategy::Strategy;
use ramsey_verify::verify::{fail_kind_name, new_search, verify, Report, Request, Verdict};
use std::path::PathBuf;
use std::sync::Arc;

mod common;
use common::{bad_input, parts, run};

fn strategy(name: &str) -> Arc<dyn Strategy> {
    ramsey_verify::strategies::builtin().get(name).unwrap()
}

/// A fresh folder for one split.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ramsey-vsplit-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// `name` split after `plies` of his moves with bound `bound`, every job
/// run on `threads` threads (all but `skip`), merged.
fn split_run_merge(
    name: &str,
    bound: u32,
    plies: u32,
    threads: usize,
    skip: Option<usize>,
) -> Result<StrategyMerged, String> {
    let s = strategy(name);
    let folder = Folder::at(scratch(&format!("{name}-{plies}-{threads}-{skip:?}")));
    let spec = StrategySpec {
        strategy: name.into(),
        board: "inf".into(),
        bound,
    };
    let manifest = split_strategy(s.as_ref(), spec, plies, &folder, "job {}".into(), true).unwrap();
    let limits = Limits::default().with_threads(threads);
    for i in (0..manifest.jobs.len()).filter(|&i| Some(i) != skip) {
        limits
            .install(|| run_strategy_job(&folder, s.as_ref(), i, limits, Usage::default))
            .unwrap()
            .unwrap();
    }
    merge_strategy(&folder, s.as_ref(), false).map_err(|e| e.to_string())
}

fn one_process(name: &str, bound: u32) -> Report {
    verify(strategy(name).as_ref(), &Request::new(Board::Infinite, bound, 1)).unwrap()
}

fn edges(report: &Report) -> Vec<String> {
    report.line.moves.iter().map(|m| m.edge.to_string()).collect()
}

#[test]
fn verified_split_gives_one_process_bound_and_line() {
    let one = one_process("k3", 10);
    assert_eq!(one.verdict, Verdict::Verified);
    for (plies, threads) in [(1, 1), (2, 1), (3, 2)] {
        let merged = split_run_merge("k3", 10, plies, threads, None).unwrap();
        assert_eq!(merged.verdict, Verdict::Verified, "plies {plies}");
        assert_eq!(merged.max_moves, one.max_moves, "plies {plies}");
        assert_eq!(merged.line, edges(&one), "plies {plies}");
        assert!(merged.top_positions + merged.job_positions >= one.positions);
    }
}

#[test]
fn a_bound_too_low_is_refuted_as_one_process_refutes_it() {
    let one = one_process("k3", 3);
    assert_eq!(one.verdict, Verdict::Refuted);
    let merged = split_run_merge("k3", 3, 1, 1, None).unwrap();
    assert_eq!(merged.verdict, Verdict::Refuted);
    assert_eq!(merged.failure.as_deref(), Some("bound_exceeded"));
    assert_eq!(merged.line, edges(&one));
}

#[test]
fn broken_strategies_merge_to_the_first_counterexample() {
    for name in [
        "k3-broken-ignores-reply",
        "k3-broken-wrong-triangle",
        "k3-broken-scatters",
    ] {
        let one = one_process(name, 10);
        assert_eq!(one.verdict, Verdict::Refuted, "{name}");
        for plies in [1, 2] {
            let merged = split_run_merge(name, 10, plies, 1, None).unwrap();
            assert_eq!(merged.verdict, Verdict::Refuted, "{name} plies {plies}");
            assert_eq!(merged.max_moves, None);
            assert_eq!(merged.line, edges(&one), "{name} plies {plies}");
            let kind = one.failure.map(fail_kind_name);
            assert_eq!(merged.failure.as_deref(), kind, "{name} plies {plies}");
            // The line is one the strategy plays (and where he wins, his
            // last move completes his triangle).
            let line: Vec<Edge> = one.line.moves.iter().map(|m| m.edge).collect();
            let s = strategy(name);
            let search = new_search(s.as_ref(), &Request::new(Board::Infinite, 10, 1));
            let ends_his = line.len().is_multiple_of(2);
            let (position, _, _) = search.replay_line(&line[..line.len() - ends_his as usize]).unwrap();
            if kind == Some("second_player_wins") {
                assert!(
                    position.completes_clique(Player::Second, line[line.len() - 1], 3),
                    "{name}"
                );
            }
        }
    }
}

#[test]
fn a_missing_job_or_another_strategy_is_refused() {
    let missing = split_run_merge("k3", 10, 1, 1, Some(1)).unwrap_err();
    assert!(missing.contains("job 1 has not finished"), "{missing}");
    let dir = scratch("k3-other");
    let folder = Folder::at(&dir);
    let spec = StrategySpec {
        strategy: "k3".into(),
        board: "inf".into(),
        bound: 10,
    };
    split_strategy(strategy("k3").as_ref(), spec, 1, &folder, String::new(), true).unwrap();
    let other = merge_strategy(&folder, strategy("k3-broken-scatters").as_ref(), false).unwrap_err();
    assert!(other.to_string().contains("the folder verifies k3"), "{other}");
}

#[test]
fn the_command_line_splits_runs_and_merges_a_refutation() {
    let dir = scratch("cli");
    let d = dir.to_str().unwrap();
    let split = run(&[
        "split",
        "--strategy",
        "k3-broken-scatters",
        "--board",
        "inf",
        "--bound",
        "10",
        "--plies",
        "2",
        "--out",
        d,
    ]);
    assert!(split.status.success(), "{split:?}");
    let jobs = Folder::at(&dir).manifest().unwrap().jobs.len();
    for i in 0..jobs {
        assert!(run(&["job", d, &i.to_string(), "--threads", "1"]).status.success());
    }
    let merged = run(&["merge", d]);
    let text = String::from_utf8_lossy(&merged.stdout);
    assert!(text.contains("REFUTED (bound_exceeded) in job 0"), "{text}");
    let refused = |args: &[&str]| {
        let (code, _, err) = parts(&run(args));
        bad_input(code, &err, args);
    };
    refused(&["merge", d, "--cert", &format!("{d}.cert")]);
    refused(&["job", d, &jobs.to_string()]);
    refused(&[
        "split",
        "--strategy",
        "no-such",
        "--board",
        "inf",
        "--out",
        &format!("{d}-x"),
    ]);
}
