//! Helpers shared by the integration tests that run the binary.

use std::process::Command;

/// Runs `ramsey-verify` with `args`: exit code, stdout, stderr.
pub fn ramsey(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ramsey-verify"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
