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
    let out = run(args);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
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
    let out = child.wait_with_output().expect("the binary ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
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
