//! The whole scale-out path on GNU parallel with 2 local slots, as CI runs
//! it (`.ci/run` installs parallel): split -> jobs (scripts/parallel/run.sh)
//! -> merge -> check, then a run cut off (a job's result removed, a stale
//! marker left) finished by running the script again.

use std::path::{Path, PathBuf};
use std::process::Command;

fn script(dir: &Path) -> (bool, String) {
    let out = Command::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/parallel/run.sh"))
        .arg(dir)
        .arg("2")
        .env("RAMSEY_VERIFY", env!("CARGO_BIN_EXE_ramsey-verify"))
        .output()
        .expect("bash runs scripts/parallel/run.sh (GNU parallel: .ci/run installs it)");
    let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

/// Splits into a fresh folder named `name` (`split ARGS --out DIR`).
fn split(name: &str, args: &[&str]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let split = Command::new(env!("CARGO_BIN_EXE_ramsey-verify"))
        .arg("split")
        .args(args)
        .arg("--out")
        .arg(&dir)
        .output()
        .unwrap();
    assert!(split.status.success(), "{}", String::from_utf8_lossy(&split.stderr));
    dir
}

#[test]
fn split_jobs_merge_and_check_on_two_parallel_slots() {
    let dir = split(
        "ramsey-split-parallel",
        &[
            "--rules", "misere", "--target", "K3", "--board", "6", "--jobs", "8", "--keys",
        ],
    );
    let (ok, text) = script(&dir);
    assert!(ok, "{text}");
    assert!(text.contains("VALID: blue wins the misere game"), "{text}");
    // One process's count of Sim's positions (`solve --rules misere --board 6`).
    let one = Command::new(env!("CARGO_BIN_EXE_ramsey-verify"))
        .args(["solve", "--rules", "misere", "--target", "K3", "--board", "6", "--json"])
        .output()
        .unwrap();
    let one: serde_json::Value = serde_json::from_slice(&one.stdout).unwrap();
    let positions = one["positions"].as_u64().unwrap();
    assert!(text.contains(&format!("positions: {positions} distinct")), "{text}");

    // Cut off: job 3's result gone, a stale marker; the script finishes it.
    let result: PathBuf = dir.join("results/job-000003.json");
    std::fs::remove_file(&result).unwrap();
    std::fs::write(dir.join("running/job-000003.json"), r#"{"host":"elsewhere","pid":1}"#).unwrap();
    let (ok, _) = script(&dir);
    assert!(
        !ok,
        "parallel's log says job 3 ran: the merge refuses the missing result"
    );
    // parallel --resume-failed reruns only failed jobs: rerun job 3 alone.
    let lines: Vec<String> = std::fs::read_to_string(dir.join("parallel.joblog"))
        .unwrap()
        .lines()
        .filter(|l| !l.ends_with(" 3 --threads 1"))
        .map(str::to_string)
        .collect();
    std::fs::write(dir.join("parallel.joblog"), lines.join("\n") + "\n").unwrap();
    let (ok, text) = script(&dir);
    assert!(ok && result.exists(), "{text}");
    assert!(text.contains("VALID"), "{text}");
}

#[test]
fn a_layered_split_runs_step_by_step_on_two_parallel_slots() {
    let dir = split(
        "ramsey-layers-parallel",
        &[
            "--rules", "misere", "--target", "K3", "--board", "5", "--layers", "--shards", "2",
        ],
    );
    let (ok, text) = script(&dir);
    assert!(ok, "{text}");
    // One process's value and count (`solve --rules misere --board 5`).
    assert!(text.contains("VALID: the misere game on board D~{"), "{text}");
    assert!(text.contains("positions: 177 distinct"), "{text}");
    // Cut off in step 16 (jobs 32 and 33): job 32 killed before its result;
    // running the script again runs that step again (job 33 is skipped).
    std::fs::remove_file(dir.join("results/job-000032.json")).unwrap();
    std::fs::remove_file(dir.join("parallel.joblog.16")).unwrap();
    let (ok, text) = script(&dir);
    assert!(ok && text.contains("VALID"), "{text}");
}
