//! `ramsey-verify check`: runs the independent checker (crate
//! `ramsey-cert-check`, which shares no code with the engine) on a certificate.

use super::args::parse_threads;
use super::{output, Failure};
use crate::engine::limits::default_threads;
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Certificate file written by `verify --cert` (plain or gzipped).
    pub file: PathBuf,
    /// Worker threads [default: all cores]; results do not depend on it.
    #[arg(long, default_value_t = default_threads(), hide_default_value = true, value_parser = parse_threads)]
    pub threads: usize,
    /// Print one JSON object (also for rejected certificates; the one-line
    /// error and the exit code are the same as without it).
    #[arg(long)]
    pub json: bool,
    /// Most entries the header may announce [default: 4194304]; raise it
    /// for a large certificate you mean to check (about 200 bytes of
    /// memory per entry plus its canonical form: `proofs/FORMAT.md`,
    /// "Limits").
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_entries: Option<u32>,
    /// Most MiB of certificate text after gunzip [default: 128].
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u32).range(1..=65536))]
    pub max_text_mib: Option<u32>,
}

/// Exit code 1 for an invalid certificate, 2 for unreadable input. A
/// closed pipe after the JSON verdict keeps the verdict's exit code (as
/// `ramsey-cert-check` does): it must not turn a rejection into a success.
pub fn run(args: CheckArgs) -> Result<(), Failure> {
    let limits = ramsey_cert_check::Limits::raised(args.max_entries, args.max_text_mib);
    let verdict = ramsey_cert_check::check_file_within(&args.file, args.threads, &limits);
    if args.json {
        match output::println(ramsey_cert_check::verdict_json(&verdict)) {
            Ok(()) | Err(Failure::BrokenPipe) => {}
            Err(failure) => return Err(failure),
        }
    }
    match verdict {
        Ok(summary) => {
            if !args.json {
                output::print(&summary.to_text())?;
            }
            Ok(())
        }
        Err(rejection) if rejection.exit_code() == 1 => Err(Failure::InvalidCertificate(format!(
            "invalid certificate: {}",
            rejection.message
        ))),
        Err(rejection) => Err(Failure::BadInput(rejection.message)),
    }
}
