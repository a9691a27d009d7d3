//! `ramsey-cert-check [--threads N] [--json] [--max-entries N] [--max-text-mib MIB] FILE`:
//! exit 0 valid, 1 invalid,
//! 2 unreadable input or bad usage.
//!
//! Standard output is written with `write_out`, never `println!` (which
//! panics when it cannot write): a full disk (`> /dev/full`) is a one-line
//! error and exit code 2; a reader that went away (`| true`, `| head`)
//! ends the run quietly, with the verdict's exit code, since the verdict is
//! known by then and a closed pipe must not turn an invalid certificate
//! into a success.

use clap::Parser;
use ramsey_cert_check::{check_file_within, verdict_json, Limits};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Checks a ramsey-verify proof certificate (format: proofs/FORMAT.md),
/// sharing no code with the search that wrote it. Exit code 0: valid;
/// 1: invalid (readable, but it does not prove its claim); 2: unreadable
/// input or bad usage.
#[derive(Parser, Debug)]
#[command(name = "ramsey-cert-check", version)]
struct Cli {
    /// Certificate file, plain or gzipped.
    file: PathBuf,
    /// Worker threads; the verdict and the message are the same for any number.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// Print one JSON object on stdout (also for a rejected certificate; the
    /// one-line error on stderr and the exit code stay the same).
    #[arg(long)]
    json: bool,
    /// Most entries the header may announce [default: 4194304]; raise it
    /// for a large certificate you mean to check (about 200 bytes of
    /// memory per entry).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    max_entries: Option<u32>,
    /// Most MiB of certificate text after gunzip [default: 128].
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u32).range(1..=65536))]
    max_text_mib: Option<u32>,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            return write_out(&e.render().to_string()).map_or_else(|e| cannot_write(&e), |()| ExitCode::SUCCESS)
        }
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "{}", first_line(&e.render().to_string()));
            return ExitCode::from(2);
        }
    };
    let verdict = check_file_within(
        &cli.file,
        usize::from(cli.threads),
        &Limits::raised(cli.max_entries, cli.max_text_mib),
    );
    let printed = match (&verdict, cli.json) {
        (_, true) => write_out(&format!("{}\n", verdict_json(&verdict))),
        (Ok(summary), false) => write_out(&summary.to_text()),
        (Err(_), false) => Ok(()),
    };
    if let Err(e) = printed {
        return cannot_write(&e);
    }
    match verdict {
        Ok(_) => ExitCode::SUCCESS,
        Err(rejection) => {
            let label = if rejection.exit_code() == 1 { "INVALID" } else { "error" };
            let _ = writeln!(std::io::stderr(), "{label}: {}", rejection.message);
            ExitCode::from(rejection.exit_code())
        }
    }
}

/// Writes `text` to standard output and flushes it. A closed pipe is not
/// an error (nobody is left to read); any other error is returned.
fn write_out(text: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        done => done,
    }
}

/// Standard output failed for another reason than a closed pipe (a full
/// disk): the one line on standard error, and exit code 2.
fn cannot_write(e: &std::io::Error) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "error: cannot write to standard output: {e}");
    ExitCode::from(2)
}

/// Clap's usage error in one line: the lines before `Usage:`.
fn first_line(rendered: &str) -> String {
    let lines: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .filter(|l| !l.is_empty())
        .collect();
    lines.join(" ")
}
