//! A layered split (`split --layers`: jobs per level and shard sharing
//! values through files) gives what one process gives: the value with its
//! plies (also against the plain brute force of `tests/brute`), one
//! optimal line as long, the distinct position count, a certificate the
//! independent checker accepts with as many entries as one process's; the
//! same files for any thread count; a folder with a missing or changed
//! file, or a job run before its inputs, is refused by number (exit 2); a
//! job past its memory cap stops with no verdict (exit 3), writing nothing
//! but why, and runs whole again with a larger cap.

mod brute;
mod common;
use brute::{empty_board_score, outcome_score};
use common::split::{each_case, game, merge_cli, run_jobs, split_cli};
use common::{bad_input, ramsey};
use ramsey_verify::engine::{Limits, Solver};
use ramsey_verify::engine::{StopReason, Stopped};
use ramsey_verify::games::prelude::*;
use ramsey_verify::games::ramsey::RamseyGame;
use ramsey_verify::verify::jobs::layered::merge::LayerMerge;
use ramsey_verify::verify::jobs::layered::run::{run_layer_job, split_layers};
use ramsey_verify::verify::jobs::layered::{Budget, Phase};
use ramsey_verify::verify::jobs::run::{JobError, Usage};
use ramsey_verify::verify::jobs::{Folder, Splittable};
use std::path::PathBuf;

/// A fresh folder.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ramsey-layers-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Splits `game` into `shards` shards per level and runs every job in
/// order on `threads` threads.
fn split_and_run<G: Splittable>(game: &G, name: &str, shards: usize, threads: usize) -> Folder {
    let folder = Folder::at(scratch(name));
    let manifest = split_layers(game, &folder, shards, true, "job {}".into()).unwrap();
    let plan = manifest.layers.unwrap();
    let limits = Limits::default().with_threads(threads);
    for i in 0..plan.jobs() {
        let (_, ran) = limits
            .install(|| run_layer_job(&folder, i, Budget(u64::MAX), Usage::default))
            .unwrap()
            .unwrap();
        assert!(ran, "job {i} ran");
    }
    folder
}

#[test]
fn layered_merges_equal_one_process_for_every_rule_set() {
    each_case(
        |row| Some(row.shards),
        |case, shards| {
            let folder = split_and_run(&case.game, &case.name(), shards as usize, 1);
            let merge = LayerMerge::<RamseyGame>::load(&folder).unwrap();
            let m = merge.merge().unwrap();
            let what = format!("{} in {shards} shards", case.what());
            assert_eq!(m.value, case.value, "{what}");
            if case.rules != "shared-avoid" {
                assert_eq!(
                    outcome_score(case.value.score),
                    empty_board_score(case.rules.parse().unwrap(), case.n, case.target),
                    "{what}"
                );
            }
            assert_eq!(m.positions, case.positions, "{what}");
            assert_eq!(m.line.len() as u32, case.value.plies, "{what}");
            case.assert_accepted(&RamseyGame::layered(&merge, m.value).unwrap().unwrap(), &what);
        },
    );
}

#[test]
fn an_erdos_game_merges_to_one_process_value_and_count() {
    use ramsey_verify::games::scoring::{Scoring, ScoringGame};
    let (n, edges) = ramsey_verify::games::colex::colex_graph(9);
    let board = ramsey_verify::core::board::Position::on_graph(n, edges);
    for scoring in Scoring::ALL {
        let g = ScoringGame::new(scoring, &board, &[]).unwrap();
        let one = Solver::new(&g);
        let value = one.value(&g.start()).unwrap();
        let folder = split_and_run(&g, &format!("erdos-{}", scoring.name()), 3, 1);
        let m = LayerMerge::<ScoringGame>::load(&folder).unwrap().merge().unwrap();
        assert_eq!((m.value, m.positions), (value, one.positions()), "{}", scoring.name());
    }
}

/// Every file of a folder's `layers/`, by name, with its bytes.
fn files(folder: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut all: Vec<_> = std::fs::read_dir(folder.join("layers"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().to_string(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    all.sort();
    all
}

#[test]
fn the_files_are_the_same_for_any_thread_count() {
    let g = game("achieve", 6, "K3");
    split_and_run(&g, "threads-1", 3, 1);
    split_and_run(&g, "threads-2", 3, 2);
    assert_eq!(files(&scratch_kept("threads-1")), files(&scratch_kept("threads-2")));
}

/// A folder made earlier in this process.
fn scratch_kept(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("ramsey-layers-{}-{name}", std::process::id()))
}

#[test]
fn the_command_line_runs_levels_in_turn_and_refuses_bad_folders() {
    let dir = scratch("cli");
    let d = dir.to_str().unwrap();
    let jobs = split_cli(&[
        "--rules", "misere", "--target", "K3", "--board", "5", "--layers", "--shards", "2", "--out", d,
    ]);
    assert_eq!(jobs, 2 * 11 * 2);
    // A job whose inputs are not there yet is refused, naming them.
    let (code, _, err) = ramsey(&["job", d, "4"]);
    assert!(
        bad_input(code, &err, "jobs without a result (0, 1, 2, 3)").contains("jobs without a result (0, 1, 2, 3)"),
        "{err}"
    );
    run_jobs(d, jobs);
    let (_, out, _) = ramsey(&["job", d, "0"]);
    assert!(out.contains("finished before"), "{out}");
    let (merged, cert) = merge_cli(&dir, jobs);
    let (_, one, _) = ramsey(&["solve", "--rules", "misere", "--target", "K3", "--board", "5", "--json"]);
    let one: serde_json::Value = serde_json::from_str(&one).unwrap();
    assert_eq!(merged["value"], one["score"]);
    assert_eq!(merged["plies"], one["plies"]);
    assert_eq!(merged["distinct_positions"], one["positions"]);
    let (code, out, _) = ramsey(&["check", &cert]);
    assert_eq!(code, 0, "{out}");

    // The value files of level 3 changed after their jobs wrote them:
    // refused, by job.
    for shard in 0..2 {
        let val = dir.join(format!("layers/L003-S0000{shard}.val"));
        let mut bytes = std::fs::read(&val).unwrap();
        let last = bytes.len() - 5;
        bytes[last] ^= 1;
        std::fs::write(&val, &bytes).unwrap();
    }
    let (code, _, err) = ramsey(&["merge", d, "--cert", &cert]);
    assert!(
        bad_input(code, &err, "was changed after the job wrote it").contains("was changed after the job wrote it"),
        "{err}"
    );
    // A file missing: refused, naming its job.
    std::fs::remove_file(dir.join("layers/L002-S00000.pos")).unwrap();
    std::fs::remove_file(dir.join("layers/L002-S00001.pos")).unwrap();
    let (code, _, err) = ramsey(&["merge", d, "--cert", &cert]);
    assert!(
        bad_input(code, &err, ".pos is missing").contains(".pos is missing"),
        "{err}"
    );
    // A result missing: refused, by number.
    std::fs::remove_file(dir.join("results/job-000037.json")).unwrap();
    let (code, _, err) = ramsey(&["merge", d]);
    assert!(
        bad_input(code, &err, "1 jobs without a result (37)").contains("1 jobs without a result (37)"),
        "{err}"
    );
}

#[test]
fn a_job_past_its_memory_cap_stops_having_written_nothing() {
    let g = game("misere", 7, "K3");
    let dir = scratch("cap");
    let d = dir.to_str().unwrap();
    let folder = Folder::at(&dir);
    let plan = split_layers(&g, &folder, 1, true, "job {}".into())
        .unwrap()
        .layers
        .unwrap();
    let capped = [plan.index(Phase::Forward, 10, 0), plan.index(Phase::Backward, 10, 0)];
    let run = |i: usize, budget: u64| {
        Limits::default()
            .with_threads(1)
            .install(|| run_layer_job(&folder, i, Budget(budget), Usage::default))
            .unwrap()
    };
    let (mut stopped, mut cli_stopped) = (0, 0);
    for i in 0..plan.jobs() {
        if capped.contains(&i) {
            let before = files(&dir);
            // The command line: no verdict, exit code 3, one line.
            let (code, _, err) = ramsey(&["job", d, &i.to_string(), "--max-memory", "1", "--threads", "1"]);
            assert_eq!((code, err.lines().count()), (3, 1), "job {i}: {err}");
            assert!(err.contains("memory cap of 1 MiB"), "{err}");
            cli_stopped += 1;
            // The library, with a cap of 64 KiB.
            match run(i, 64 << 10) {
                Err(JobError::Stopped(Stopped {
                    reason: StopReason::JobCap { bytes },
                })) => assert_eq!(bytes, 64 << 10),
                other => panic!("job {i}: {other:?}"),
            }
            stopped += 1;
            assert_eq!(files(&dir), before, "job {i} wrote nothing");
            assert!(!dir.join(format!("results/job-{i:06}.json")).exists());
            assert!(dir.join(format!("failed/job-{i:06}.txt")).exists());
        }
        let (_, ran) = run(i, u64::MAX).unwrap();
        assert!(ran, "job {i} ran");
        assert!(!dir.join(format!("failed/job-{i:06}.txt")).exists());
    }
    assert_eq!((stopped, cli_stopped), (2, 2));
    let one = Solver::new(&g);
    let m = LayerMerge::<RamseyGame>::load(&folder).unwrap().merge().unwrap();
    assert_eq!(
        (m.value, m.positions),
        (one.value(&g.start()).unwrap(), one.positions())
    );
}
