//! Every byte the command line writes goes through here, so that a full
//! disk, a closed pipe or an unwritable file is a one-line error and never a
//! panic (`println!` panics when standard output fails).
//!
//! - Standard output: [`print()`] and [`println()`] write and flush, and turn an
//!   error into a [`Failure`]: a reader that went away (`... | head`) is
//!   [`Failure::BrokenPipe`], which ends the run quietly with exit code 0
//!   (as ripgrep does); any other error (e.g. `> /dev/full`) is
//!   [`Failure::Output`], exit code 2.
//! - Files (`--svg`, `--dot`, `--out`, `--svg-dir`): [`write_file`], whose
//!   error names the file.
//! - Standard error: [`note`] for progress and notes. If standard error
//!   itself cannot be written there is nowhere left to report, so its
//!   errors are ignored.

use super::Failure;
use std::fmt::Display;
use std::io::{self, Write};
use std::path::Path;

/// Writes `text` to standard output and flushes it.
pub fn print(text: &str) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(stdout_failure)
}

/// Writes `text` and a newline to standard output and flushes it.
pub fn println(text: impl Display) -> Result<(), Failure> {
    print(&format!("{text}\n"))
}

/// Writes one line to standard error, ignoring errors (see the module docs).
pub fn note(text: impl Display) {
    let _ = writeln!(io::stderr(), "{text}");
}

/// Writes `bytes` to the file at `path`; the error names the file.
pub fn write_file(path: &Path, bytes: impl AsRef<[u8]>) -> Result<(), Failure> {
    std::fs::write(path, bytes).map_err(|e| Failure::Output(format!("cannot write {}: {e}", path.display())))
}

/// Fails now, before a long run, if the file at `path` could not be
/// written later (missing directory, no permission). Leaves an existing
/// file as it is and removes the empty file the check creates.
pub fn check_writable(path: &Path) -> Result<(), Failure> {
    let existed = path.exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .map_err(|e| Failure::Output(format!("cannot write {}: {e}", path.display())))?;
    if !existed {
        let _ = std::fs::remove_file(path);
    }
    Ok(())
}

/// The failure for an error writing standard output.
fn stdout_failure(e: io::Error) -> Failure {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Failure::BrokenPipe
    } else {
        Failure::Output(format!("cannot write to standard output: {e}"))
    }
}
