//! Helpers shared by the integration tests that run the binary. Each test
//! crate uses only some of them.
#![allow(dead_code)]

use std::process::{Command, Output};

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
