//! The `ramsey-cert-check` binary: `--help`, `--version`, `--json`,
//! `--threads`, and exit codes 0 (valid), 1 (invalid), 2 (unreadable or bad usage).

mod common;

use common::K3_INF;
use std::path::PathBuf;
use std::process::Output;

fn run(args: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_ramsey-cert-check"))
        .args(args)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A scratch file with `contents`, unique to this test process.
fn scratch(name: &str, contents: &str) -> String {
    let dir: PathBuf = std::env::temp_dir().join(format!("ramsey-cert-check-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path.to_str().unwrap().to_string()
}

const K3_INF_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../proofs/k3-inf.cert");

#[test]
fn help_and_version_are_answered_not_opened_as_files() {
    let help = run(&["--help"]);
    assert_eq!(help.status.code(), Some(0));
    let out = text(&help.stdout);
    assert!(out.contains("Usage: ramsey-cert-check") && out.contains("--json") && out.contains("--threads"));
    let version = run(&["--version"]);
    assert_eq!(version.status.code(), Some(0));
    assert_eq!(
        text(&version.stdout).trim(),
        format!("ramsey-cert-check {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn exit_codes_and_text_output() {
    let good = run(&[K3_INF_PATH, "--threads", "2"]);
    assert_eq!(good.status.code(), Some(0));
    assert!(text(&good.stdout).starts_with("VALID: she wins the K3 game on K_aleph0 within 4 moves"));
    let bad = scratch("bad.cert", &K3_INF.replacen("bound 50", "bound 1", 1));
    let out = run(&[&bad]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).starts_with("INVALID: bound 1 is lower"));
    let missing = std::env::temp_dir().join(format!("ramsey-cert-check-none-{}", std::process::id()));
    let out = run(&[missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with("error: cannot read"));
}

#[test]
fn bad_usage_is_one_line_and_exit_code_2() {
    for args in [
        vec![],
        vec![K3_INF_PATH, "--threads", "0"],
        vec![K3_INF_PATH, "--threads", "many"],
        vec![K3_INF_PATH, "--bogus"],
        vec![K3_INF_PATH, K3_INF_PATH],
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn json_reports_a_valid_certificate() {
    let out = run(&["--json", K3_INF_PATH]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert_eq!(v["valid"], true);
    assert_eq!(
        (v["entries"].as_u64(), v["moves"].as_u64(), v["bound"].as_u64()),
        (Some(5), Some(4), Some(50))
    );
    assert_eq!((v["board"].as_str(), v["target"].as_str()), (Some("inf"), Some("K3")));
    assert!(v["replies"].as_u64().unwrap() > 0);
}

#[test]
fn json_reports_the_rejection_kind_message_and_line() {
    // A changed move on line 10 with a matching hash: invalid at line 10.
    let (header, mut body) = common::header_and_body(K3_INF);
    body[1] = "BG:BO 0-1 3".into();
    let path = scratch("line10.cert", &common::reseal(&header, &body));
    let out = run(&["--json", &path]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert_eq!(
        (v["valid"].as_bool(), v["kind"].as_str(), v["line"].as_u64()),
        (Some(false), Some("invalid"), Some(10))
    );
    assert!(v["error"].as_str().unwrap().starts_with("entry on line 10: "));
    assert_eq!(text(&out.stderr).lines().count(), 1);
    let garbage = scratch("garbage.cert", "hello\n");
    let out = run(&["--json", &garbage]);
    assert_eq!(out.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert_eq!(
        (v["kind"].as_str(), v["exit_code"].as_u64()),
        (Some("unreadable"), Some(2))
    );
    assert!(v["line"].is_null());
}

/// The checker's runs on a good and a bad certificate, with and without
/// `--json`, with the exit code of each verdict and whether the run
/// writes on standard output (a rejection without `--json` does not).
fn printing_runs() -> Vec<(Vec<String>, i32, bool)> {
    let bad = scratch("bad-bound.cert", &K3_INF.replacen("bound 50", "bound 1", 1));
    let mut runs = Vec::new();
    for (file, code) in [(K3_INF_PATH.to_string(), 0), (bad, 1)] {
        runs.push((vec![file.clone()], code, code == 0));
        runs.push((vec!["--json".to_string(), file], code, true));
    }
    runs.push((vec!["--help".to_string()], 0, true));
    runs
}

#[test]
fn a_full_disk_is_one_line_and_exit_code_2_not_a_panic() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    for (args, code, prints) in printing_runs() {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_ramsey-cert-check"))
            .args(&args)
            .env("RUST_BACKTRACE", "1")
            .stdout(full)
            .output()
            .unwrap();
        let err = text(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        if prints {
            assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
            assert!(
                err.starts_with("error: cannot write to standard output: "),
                "{args:?}: {err}"
            );
        } else {
            assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
            assert!(err.starts_with("INVALID: "), "{args:?}: {err}");
        }
    }
}

#[test]
fn a_closed_pipe_ends_quietly_with_the_verdicts_exit_code() {
    for (args, code, _) in printing_runs() {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_ramsey-cert-check"))
            .args(&args)
            .env("RUST_BACKTRACE", "1")
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // The reader goes away before the checker writes (like `| true`).
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        // Only the verdict's own line on stderr for an invalid certificate.
        let expected = if code == 0 { 0 } else { 1 };
        assert_eq!(err.lines().count(), expected, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// The standalone checker takes the same raised caps as `ramsey-verify
/// check`: the entry count announced in the header is read at exactly the
/// cap and refused one below it, with one line and exit code 2.
#[test]
fn max_entries_and_max_text_mib_raise_or_lower_the_caps() {
    let header = std::fs::read_to_string(K3_INF_PATH).unwrap();
    let entries: usize = header
        .lines()
        .find_map(|l| l.strip_prefix("entries "))
        .and_then(|n| n.trim().parse().ok())
        .expect("an entries line");
    let at = entries.to_string();
    let below = (entries - 1).to_string();
    assert_eq!(run(&["--max-entries", &at, K3_INF_PATH]).status.code(), Some(0));
    let refused = run(&["--max-entries", &below, K3_INF_PATH]);
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(text(&refused.stderr).lines().count(), 1, "{}", text(&refused.stderr));
    assert_eq!(run(&["--max-text-mib", "1", K3_INF_PATH]).status.code(), Some(0));
    for bad in [["--max-entries", "0"], ["--max-text-mib", "0"], ["--max-entries", "x"]] {
        let out = run(&[bad[0], bad[1], K3_INF_PATH]);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert_eq!(text(&out.stderr).lines().count(), 1, "{bad:?}");
    }
}
