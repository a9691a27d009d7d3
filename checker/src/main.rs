//! `ramsey-cert-check [--threads N] [--json] FILE`: exit 0 valid, 1 invalid,
//! 2 unreadable input or bad usage.

use clap::Parser;
use ramsey_cert_check::{check_file, verdict_json};
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
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("{}", first_line(&e.render().to_string()));
            return ExitCode::from(2);
        }
    };
    let verdict = check_file(&cli.file, usize::from(cli.threads));
    if cli.json {
        println!("{}", verdict_json(&verdict));
    }
    match verdict {
        Ok(summary) => {
            if !cli.json {
                print!("{}", summary.to_text());
            }
            ExitCode::SUCCESS
        }
        Err(rejection) => {
            let label = if rejection.exit_code() == 1 { "INVALID" } else { "error" };
            eprintln!("{label}: {}", rejection.message);
            ExitCode::from(rejection.exit_code())
        }
    }
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
