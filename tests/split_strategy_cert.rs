//! A split verification's merged certificate (`split --strategy`, `job`,
//! `merge --cert`; `verify::jobs::strategy::cert`): the independent checker
//! accepts it, it is one process's `verify --cert` certificate, a tampered
//! copy is rejected at the tampered line, and a missing or damaged job
//! certificate stops the merge (exit 2, one line) instead of being merged.

mod common;
use common::{bad_input, ramsey, sha256_hex};
use ramsey_cert_check::{check, RejectionKind};
use std::path::{Path, PathBuf};

/// A fresh folder (or file) for one test.
fn scratch(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("ramsey-vcert-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&path);
    let _ = std::fs::remove_file(&path);
    path
}

/// `k3` on K_aleph0 within 10 split after `plies` of his moves (with
/// `extra` flags), every job run: the folder.
fn split_k3(name: &str, plies: u32, extra: &[&str]) -> PathBuf {
    let dir = scratch(name);
    let plies = plies.to_string();
    let mut args = vec![
        "split",
        "--strategy",
        "k3",
        "--board",
        "inf",
        "--bound",
        "10",
        "--plies",
        &plies,
    ];
    args.extend(extra);
    let dir_text = dir.to_str().unwrap();
    args.extend(["--out", dir_text]);
    let (code, _, err) = ramsey(&args);
    assert_eq!(code, 0, "{err}");
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap()).unwrap();
    for i in 0..manifest["jobs"].as_array().unwrap().len() {
        let (code, _, err) = ramsey(&["job", dir_text, &i.to_string(), "--threads", "1"]);
        assert_eq!(code, 0, "job {i}: {err}");
    }
    dir
}

/// `merge DIR --cert FILE`: the exit code, stderr and the file's text.
fn merge_cert(dir: &Path, name: &str) -> (i32, String, Option<String>) {
    let file = scratch(name);
    let (code, _, err) = ramsey(&["merge", dir.to_str().unwrap(), "--cert", file.to_str().unwrap()]);
    (code, err, std::fs::read_to_string(&file).ok())
}

/// The text with its body lines replaced by `body` and its header's
/// `entries` and `sha256` made to match (so that only the proof is wrong).
fn resealed(text: &str, body: &[String]) -> String {
    let header: Vec<&str> = text.lines().take(6).collect();
    let body: String = body.iter().map(|l| format!("{l}\n")).collect();
    format!(
        "{}\nentries {}\nsha256 {}\n{body}",
        header.join("\n"),
        body.lines().count(),
        sha256_hex(body.as_bytes())
    )
}

fn body(text: &str) -> Vec<String> {
    text.lines().skip(8).map(str::to_string).collect()
}

#[test]
fn merged_certificates_of_k3_are_accepted_and_are_one_process_s() {
    let one = scratch("one.cert");
    let (code, _, err) = ramsey(&[
        "verify",
        "--strategy",
        "k3",
        "--board",
        "inf",
        "--bound",
        "10",
        "--cert",
        one.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let one = std::fs::read_to_string(one).unwrap();
    for plies in [1, 2] {
        let dir = split_k3(&format!("ok-{plies}"), plies, &[]);
        let (code, err, text) = merge_cert(&dir, &format!("ok-{plies}.cert"));
        assert_eq!(code, 0, "plies {plies}: {err}");
        let text = text.expect("a certificate is written");
        let summary = check(text.as_bytes(), 1).unwrap_or_else(|r| panic!("plies {plies}: {}", r.message));
        assert_eq!(summary.moves, 4, "she wins K3 within 4 moves");
        assert_eq!(text, one, "plies {plies}: the merged certificate is one process's");
    }
}

#[test]
fn tampered_merged_certificates_are_rejected_at_their_line() {
    let dir = split_k3("tamper", 2, &[]);
    let text = merge_cert(&dir, "tamper.cert").2.unwrap();
    let lines = body(&text);
    assert!(lines.len() >= 3, "{text}");
    for (i, line) in lines.iter().enumerate() {
        // Her move replaced by an edge between two untouched vertices: a
        // wasted move, so the entry's depth no longer holds.
        let (position, rest) = line.split_once(' ').unwrap();
        let depth = rest.split(' ').nth(1).unwrap();
        let t = position.as_bytes()[0] - 63;
        let wasted = format!("{position} {}-{} {depth}", t, t + 1);
        if wasted != *line {
            let mut changed = lines.clone();
            changed[i] = wasted;
            let rejected = check(resealed(&text, &changed).as_bytes(), 1).unwrap_err();
            assert_eq!(rejected.kind, RejectionKind::Invalid, "{}", rejected.message);
            assert_eq!(
                rejected.line,
                Some(9 + i),
                "changed move on line {}: {}",
                9 + i,
                rejected.message
            );
        }
        // The entry dropped: another entry (or the root) misses it.
        let mut dropped = lines.clone();
        dropped.remove(i);
        let rejected = check(resealed(&text, &dropped).as_bytes(), 1).unwrap_err();
        assert_eq!(rejected.kind, RejectionKind::Invalid, "{}", rejected.message);
        assert!(
            rejected.message.contains("missing") || rejected.message.contains("root"),
            "{}",
            rejected.message
        );
    }
}

/// `merge --cert` on `dir` fails with exit 2 and one line saying `why`,
/// and writes no certificate.
fn refused(dir: &Path, name: &str, why: &str) {
    let (code, err, text) = merge_cert(dir, name);
    assert!(bad_input(code, &err, name).contains(why), "{name}: {err}");
    assert!(text.is_none(), "{name}: no certificate written");
}

#[test]
fn a_missing_or_damaged_job_certificate_stops_the_merge() {
    let dir = split_k3("broken", 2, &[]);
    let results = dir.join("results");
    let cert = std::fs::read_dir(&results)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "cert"))
        .expect("a job wrote a certificate");
    let good = std::fs::read(&cert).unwrap();
    std::fs::remove_file(&cert).unwrap();
    refused(&dir, "missing.cert", "No such file");
    let mut damaged = good.clone();
    damaged.extend(b"?:? 0-1 1\n");
    std::fs::write(&cert, &damaged).unwrap();
    refused(&dir, "damaged.cert", "changed after the job wrote it");
    std::fs::write(&cert, &good).unwrap();
    // A result that names no certificate.
    let result = cert.with_extension("json");
    let json = std::fs::read_to_string(&result).unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
    value["certificate"] = serde_json::Value::Null;
    std::fs::write(&result, value.to_string()).unwrap();
    refused(&dir, "unnamed.cert", "wrote no certificate");
    std::fs::write(&result, json).unwrap();
    assert_eq!(merge_cert(&dir, "restored.cert").0, 0, "restored, the folder merges");
    // Jobs told to write none.
    let none = split_k3("none", 1, &["--no-cert"]);
    refused(&none, "none.cert", "split --no-cert");
}
