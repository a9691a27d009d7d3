//! Helpers shared by the integration tests that run the binary. Each test
//! crate uses only some of them.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `ramsey-verify` with `args`.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ramsey-verify"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Runs `ramsey-verify` with `args`: exit code, stdout, stderr.
pub fn ramsey(args: &[&str]) -> (i32, String, String) {
    parts(&run(args))
}

/// A finished run as exit code (-1 if killed by a signal), stdout and
/// stderr.
pub fn parts(out: &Output) -> (i32, String, String) {
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Asserts the project's rule for a refusal (bad input, exit code 2):
/// the run ended with `code` 2 and wrote one line to stderr, `error: ...`
/// (no second line, no usage text, no panic), and returns that line
/// without its newline, for the caller to check what it says. `context`
/// names the case when the assertion fails.
pub fn bad_input(code: i32, err: &str, context: impl std::fmt::Debug) -> &str {
    one_line_error(2, code, err, context)
}

/// [`bad_input`] for any exit code `want` (1: invalid certificate;
/// 3: no verdict): exit code `want` and one line `error: ...` on stderr.
pub fn one_line_error(want: i32, code: i32, err: &str, context: impl std::fmt::Debug) -> &str {
    assert_eq!(code, want, "{context:?}: exit code {code}, not {want}: {err}");
    let line = err.trim_end();
    assert!(
        line.starts_with("error: ") && !line.contains('\n'),
        "{context:?}: stderr is not one line `error: ...`: {err:?}"
    );
    line
}

/// Runs `ramsey-verify` with `args` and `stdin` (any bytes) as its standard
/// input: exit code, stdout, stderr.
pub fn with_stdin(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ramsey-verify"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A program that stops reading early closes the pipe: not an error here.
    let _ = child.stdin.take().expect("piped").write_all(stdin);
    parts(&child.wait_with_output().expect("the binary ends"))
}

/// A JSON answer without its timings (which differ from run to run).
pub fn untimed(line: &str) -> serde_json::Value {
    fn strip(value: &mut serde_json::Value) {
        match value {
            serde_json::Value::Object(map) => {
                map.remove("seconds");
                map.values_mut().for_each(strip);
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut value: serde_json::Value = serde_json::from_str(line).expect("one JSON object per line");
    strip(&mut value);
    value
}
pub mod browser;
pub mod split;

/// The rows of a certificate folder's index (`DIR/INDEX.md`, written by
/// `--cert DIR`) whose first cell starts with `first`, each as its cells,
/// trimmed, backticks dropped (so cell `i + 1` is column `i`).
pub fn index_rows(dir: &std::path::Path, first: &str) -> Vec<Vec<String>> {
    let index = std::fs::read_to_string(dir.join("INDEX.md")).expect("the folder has an index");
    index
        .lines()
        .filter(|l| l.strip_prefix("| ").is_some_and(|rest| rest.starts_with(first)))
        .map(|l| l.split('|').map(|f| f.trim().trim_matches('`').to_string()).collect())
        .collect()
}

/// The SHA-256 of `data` in lowercase hex, as certificate indexes give it.
pub fn sha256_hex(data: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(data).iter().map(|b| format!("{b:02x}")).collect()
}

/// The edges of a move list `u-v,u-v,...` (as `--line` takes them).
pub fn edges(text: &str) -> Vec<ramsey_verify::core::board::Edge> {
    text.split(',')
        .map(|m| {
            let (u, v) = m.split_once('-').unwrap();
            ramsey_verify::core::board::Edge::new(u.parse().unwrap(), v.parse().unwrap())
        })
        .collect()
}

/// The arguments of `command` (`verify`, `repair`) of
/// `k3-broken-wrong-triangle` at bound 4 (the repair tests' example),
/// then `extra`.
pub fn wrong_triangle<'a>(command: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![command, "--strategy", "k3-broken-wrong-triangle", "--bound", "4"];
    args.extend(extra);
    args
}

/// `verify` of `k3-broken-wrong-triangle` at bound 4 (the repair tests'
/// example) with the patch table file `table`.
pub fn verify_wrong_triangle_with(table: &str) -> (i32, String, String) {
    ramsey(&wrong_triangle("verify", &["--patches", table]))
}
