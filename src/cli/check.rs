//! `ramsey-verify check`: runs the independent checker (crate
//! `ramsey-cert-check`, which shares no code with the engine) on a certificate.

use super::args::parse_threads;
use super::Failure;
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Certificate file written by `verify --cert` (plain or gzipped).
    pub file: PathBuf,
    /// Worker threads.
    #[arg(long, default_value_t = 1, value_parser = parse_threads)]
    pub threads: usize,
}

/// Exit code 1 for an invalid certificate, 2 for unreadable input.
pub fn run(args: CheckArgs) -> Result<(), Failure> {
    match ramsey_cert_check::check_file(&args.file, args.threads) {
        Ok(summary) => {
            print!("{}", summary.to_text());
            Ok(())
        }
        Err(rejection) if rejection.exit_code() == 1 => Err(Failure::InvalidCertificate(format!(
            "invalid certificate: {}",
            rejection.message
        ))),
        Err(rejection) => Err(Failure::BadInput(rejection.message)),
    }
}
