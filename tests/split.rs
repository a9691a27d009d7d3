//! A search split into jobs (`split`, `job`, `merge`; `verify::jobs`)
//! gives what one process gives: the same value (also against the plain
//! brute force of `tests/brute`), the same distinct position count, a
//! merged certificate the independent checker accepts with as many entries
//! as one process's; and a folder with a missing, changed or foreign job
//! file is refused, never merged.

mod brute;
mod common;
use brute::{empty_board_score, outcome_score};
use common::split::{each_case, game, merge_cli, run_jobs, split_cli};
use common::{bad_input, ramsey};
use ramsey_verify::engine::{Limits, Solver};
use ramsey_verify::games::prelude::*;
use ramsey_verify::games::ramsey::{Outcome, RamseyGame};
use ramsey_verify::games::{Hints, Symmetric};
use ramsey_verify::verify::jobs::merge::{Merge, Merged};
use ramsey_verify::verify::jobs::run::{run_job, split, Cut, Ran, SplitOptions, Usage};
use ramsey_verify::verify::jobs::status::Status;
use ramsey_verify::verify::jobs::Folder;
use std::collections::HashMap;
use std::path::PathBuf;

/// The folder of one split.
fn dir_of(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("ramsey-split-{}-{name}", std::process::id()))
}

/// A fresh folder for one split.
fn scratch(name: &str) -> PathBuf {
    let dir = dir_of(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Splits `game` at `depth` into a new folder (keys and certificates on)
/// and runs every job on one thread.
fn split_and_run(game: &RamseyGame, name: &str, depth: u32) -> Folder {
    split_and_run_on(game, name, depth, 1)
}

/// [`split_and_run`] with `threads` threads per job.
fn split_and_run_on(game: &RamseyGame, name: &str, depth: u32, threads: usize) -> Folder {
    let folder = Folder::at(scratch(name));
    let options = SplitOptions {
        cut: Cut::Depth(depth),
        keys: true,
        certificates: true,
        command: "ramsey-verify job DIR {}".into(),
    };
    let manifest = split(game, &folder, &options).unwrap();
    for job in &manifest.jobs {
        let limits = Limits::default().with_threads(threads);
        let ran = limits
            .install(|| run_job(&folder, job.index, limits, Usage::default))
            .unwrap();
        assert!(matches!(ran.unwrap(), Ran::Done(_)));
    }
    folder
}

fn merged(folder: &Folder) -> Merged<Outcome> {
    Merge::<RamseyGame>::load(folder).unwrap().merge(true).unwrap()
}

#[test]
fn merged_runs_equal_one_process_for_every_rule_set() {
    each_case(
        |row| row.depth,
        |case, depth| {
            let m = merged(&split_and_run(&case.game, &case.name(), depth));
            let what = format!("{} at depth {depth}", case.what());
            assert_eq!(m.value, case.value, "{what}");
            assert_eq!(
                outcome_score(case.value.score),
                empty_board_score(case.rules.parse().unwrap(), case.n, case.target),
                "{what}"
            );
            assert_eq!(m.distinct_positions, Some(case.positions), "{what}");
            case.assert_accepted(&m.certificate.unwrap(), &what);
            // One optimal line, as long as the value says.
            assert_eq!(m.line.len() as u32, case.value.plies, "{what}");
        },
    );
}

#[test]
fn the_merged_certificate_is_the_same_for_any_thread_count() {
    let g = game("achieve", 6, "K3");
    let one = merged(&split_and_run_on(&g, "threads-1", 3, 1));
    let two = merged(&split_and_run_on(&g, "threads-2", 3, 2));
    assert_eq!(one.certificate.unwrap().text, two.certificate.unwrap().text);
    assert_eq!((one.value, one.distinct_positions), (two.value, two.distinct_positions));
}

#[test]
fn jobs_are_idempotent_and_a_killed_job_reruns() {
    let g = game("misere", 5, "K3");
    let folder = split_and_run(&g, "idempotent", 3);
    let ran = run_job(&folder, 0, Limits::default().with_threads(1), Usage::default).unwrap();
    assert!(matches!(ran, Ran::Skipped(_)), "a finished job is skipped");
    // A job killed mid-way: a temporary file and a stale marker, no result.
    let result = dir_of("idempotent").join("results/job-000001.json");
    std::fs::remove_file(&result).unwrap();
    std::fs::write(result.with_extension("json.tmp.99999999"), "{\"trunc").unwrap();
    let marker = dir_of("idempotent").join("running/job-000001.json");
    std::fs::write(&marker, r#"{"host":"nowhere","pid":1}"#).unwrap();
    let status = Status::read(&folder).unwrap();
    assert_eq!((status.done.len(), status.running.len()), (status.total - 1, 1));
    assert!(
        Merge::<RamseyGame>::load(&folder).is_err(),
        "a missing job is not merged over"
    );
    let ran = run_job(&folder, 1, Limits::default().with_threads(1), Usage::default).unwrap();
    assert!(matches!(ran, Ran::Done(_)));
    assert!(!marker.exists());
    let one = Solver::new(&g);
    assert_eq!(merged(&folder).value, one.value(&g.start()).unwrap());
    assert_eq!(merged(&folder).distinct_positions, Some(one.positions()));
}

/// A folder of Sim (misère K3 on K6, blue wins) split at depth 3.
fn sim(name: &str) -> (Folder, PathBuf) {
    let folder = split_and_run(&game("misere", 6, "K3"), name, 3);
    (folder, dir_of(name))
}

#[test]
fn missing_changed_and_foreign_job_files_are_refused() {
    let (folder, dir) = sim("missing");
    std::fs::remove_file(dir.join("results/job-000002.json")).unwrap();
    let e = Merge::<RamseyGame>::load(&folder).err().unwrap().to_string();
    assert!(e.contains("without a result (2)"), "{e}");

    let (folder, dir) = sim("changed");
    let cert = dir.join("results/job-000000.cert");
    let text = std::fs::read_to_string(&cert).unwrap();
    std::fs::write(&cert, text.replacen(" 1\n", " 2\n", 1)).unwrap();
    let e = Merge::<RamseyGame>::load(&folder).err().unwrap().to_string();
    assert!(e.contains("changed after the job wrote it"), "{e}");

    let (folder, dir) = sim("foreign");
    std::fs::copy(dir.join("results/job-000000.json"), dir.join("results/job-000001.json")).unwrap();
    let e = Merge::<RamseyGame>::load(&folder).err().unwrap().to_string();
    assert!(e.contains("another job's"), "{e}");

    let (folder, dir) = sim("manifest");
    let manifest = std::fs::read_to_string(dir.join("manifest.json")).unwrap();
    std::fs::write(
        dir.join("manifest.json"),
        manifest.replacen("\"depth\": 3", "\"depth\": 2", 1),
    )
    .unwrap();
    assert!(
        Merge::<RamseyGame>::load(&folder).is_err(),
        "a manifest that is not the game's frontier"
    );
}

#[test]
fn a_job_value_changed_with_its_checksum_gives_no_accepted_certificate() {
    // Every job's result rewritten as a draw: the merge must not certify
    // a draw of a game blue wins.
    let (folder, dir) = sim("lying");
    for entry in std::fs::read_dir(dir.join("results")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "json") {
            let text = std::fs::read_to_string(&path).unwrap();
            std::fs::write(&path, text.replace("\"score\": \"blue\"", "\"score\": \"draw\"")).unwrap();
        }
    }
    let merge = Merge::<RamseyGame>::load(&folder).unwrap();
    match merge.merge(true) {
        Err(e) => assert!(e.to_string().contains("certificate"), "{e}"),
        Ok(m) => assert!(ramsey_cert_check::check(m.certificate.unwrap().text.as_bytes(), 1).is_err()),
    }
}

#[test]
fn the_command_line_splits_runs_and_merges() {
    let dir = scratch("cli");
    let d = dir.to_str().unwrap();
    let jobs = split_cli(&[
        "--rules", "misere", "--target", "K3", "--board", "6", "--jobs", "4", "--out", d,
    ]);
    assert!(jobs >= 4);
    // Nothing run yet: no CPU, printed as 0.00 (an empty f64 sum is -0.0).
    let (code, out, _) = ramsey(&["jobs", d]);
    assert_eq!(code, 0);
    assert!(out.contains("CPU so far: 0.00 s"), "{out}");
    run_jobs(d, jobs);
    let (merged, cert) = merge_cli(&dir, jobs);
    assert_eq!(merged["value"]["winner"], "blue");
    let (code, _, _) = ramsey(&["check", &cert]);
    assert_eq!(code, 0);
    assert!(std::fs::read_to_string(dir.join("results/job-000000.json"))
        .unwrap()
        .contains("\"score\": \"blue\""));
    // Bad input: one line, exit code 2.
    let (code, _, err) = ramsey(&["merge", "/nonexistent/folder"]);
    bad_input(code, &err, "merge /nonexistent/folder");
    let (code, _, err) = ramsey(&["job", d, "999"]);
    bad_input(code, &err, "job 999");
}

/// The engine's split for any game: each frontier position solved on its
/// own (as a job is), the top solved by the glue game; the root's value and
/// the distinct position count are one process's.
fn engine_split_agrees<G: Symmetric + Hints>(game: &G, depth: u32, what: &str) {
    use ramsey_verify::engine::split::{frontier, glue};
    let one = Solver::new(game);
    let value = one.value(&game.start()).unwrap();
    let nodes = frontier(game, depth);
    assert!(!nodes.is_empty(), "{what}: a frontier at depth {depth}");
    let mut values = HashMap::new();
    let mut keys: Vec<Box<[u64]>> = Vec::new();
    for node in &nodes {
        let job = Solver::new(game);
        values.insert(node.canon.key.clone(), job.value(&node.canon.position).unwrap());
        keys.extend(job.keys());
    }
    let top = glue(game, values);
    assert_eq!(top.value(&game.start()).unwrap(), value, "{what}");
    keys.extend(top.keys());
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len() as u64, one.positions(), "{what}");
}

#[test]
fn the_engine_split_agrees_on_scoring_and_colouring_games() {
    use ramsey_verify::core::board::Position;
    use ramsey_verify::games::colex::colex_graph;
    use ramsey_verify::games::colouring::{parse_graph, ColouringGame, Rules as Colouring};
    use ramsey_verify::games::scoring::{Scoring, ScoringGame};
    let (n, edges) = colex_graph(9);
    let colex9 = Position::on_graph(n, edges);
    for scoring in Scoring::ALL {
        let game = ScoringGame::new(scoring, &colex9, &[]).unwrap();
        engine_split_agrees(&game, 3, &format!("{scoring:?} on C(9)"));
    }
    let mut colouring = 0;
    for (graph, k) in [("path:7", 2), ("cycle:6", 2), ("cycle:5", 3)] {
        for rules in [Colouring::Cg, Colouring::Scg] {
            let Ok(game) = ColouringGame::new(parse_graph(graph).unwrap(), k, rules, None, None) else {
                continue;
            };
            engine_split_agrees(&game, 2, &format!("{rules:?} on {graph} with {k} colours"));
            colouring += 1;
        }
    }
    assert!(colouring >= 4, "colouring games tried: {colouring}");
}

#[test]
fn an_erdos_game_splits_and_merges_to_one_process_value_and_certificate() {
    let dir = scratch("erdos");
    let d = dir.to_str().unwrap();
    // Its jobs search as `erdos` does (threshold tests), whose stored
    // positions depend on the order of the tests: no keys to count.
    let split_args = ["--erdos", "vc", "--board", "colex:12", "--depth", "3", "--out", d];
    let (code, _, err) = ramsey(&[&["split"], &split_args[..], &["--keys"]].concat());
    assert!(
        bad_input(code, &err, "split --keys").contains("without --keys"),
        "{err}"
    );
    run_jobs(d, split_cli(&split_args));
    let (code, out, err) = ramsey(&["merge", d, "--json"]);
    assert_eq!(code, 0, "{err}");
    let merged: serde_json::Value = serde_json::from_str(&out).unwrap();
    let (_, one, _) = ramsey(&[
        "erdos",
        "--game",
        "vc",
        "--board",
        "colex:12",
        "--json",
        "--threads",
        "1",
    ]);
    let one: serde_json::Value = serde_json::from_str(&one).unwrap();
    let game = &one["games"][0];
    let outcome = game["outcome"].as_array().unwrap();
    assert_eq!(merged["value"], format!("({}, {})", outcome[0], outcome[1]));
    assert_eq!(merged["distinct_positions"], serde_json::Value::Null);
    assert_eq!(merged["certificate_entries"], serde_json::Value::Null);
    // The jobs wrote format-6 certificates: the merged one proves the value.
    let cert = dir.join("x.cert");
    let (code, _, err) = ramsey(&["merge", d, "--cert", cert.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = ramsey(&["check", cert.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains(&format!("is ({}, {})", outcome[0], outcome[1])), "{out}");
    // A folder split with keys (by an earlier version) is refused by its jobs.
    let manifest = dir.join("manifest.json");
    let text = std::fs::read_to_string(&manifest).unwrap();
    std::fs::write(&manifest, text.replace("\"keys\": false", "\"keys\": true")).unwrap();
    std::fs::remove_file(dir.join("results/job-000000.json")).unwrap();
    let (code, _, err) = ramsey(&["job", d, "0", "--threads", "1"]);
    assert!(
        bad_input(code, &err, "job with keys").contains("without --keys"),
        "{err}"
    );
}

/// On a board that is not symmetric (C(9), graph6 `D~w`) a canonical
/// form renames the board; the jobs certify their positions in the start's
/// labels, so the merged certificate's entries are on the stated board
/// (before, the merge refused a job's entry as "not an edge of the board").
#[test]
fn a_graph_board_merges_to_an_accepted_certificate() {
    let dir = scratch("graph-board");
    let d = dir.to_str().unwrap();
    run_jobs(
        d,
        split_cli(&[
            "--rules", "achieve", "--target", "K3", "--board", "D~w", "--depth", "2", "--out", d,
        ]),
    );
    let cert = dir.join("merged.cert");
    let (code, _, err) = ramsey(&["merge", d, "--cert", cert.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = ramsey(&["check", cert.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("VALID: red wins"), "{out}");
}
