//! `ramsey-cert-check FILE [THREADS]`: exit 0 valid, 1 invalid, 2 unreadable.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let threads = match args.get(1).map(|t| t.parse::<usize>()) {
        None => 1,
        Some(Ok(t)) if (1..=256).contains(&t) => t,
        Some(_) => {
            eprintln!("error: THREADS must be a number from 1 to 256");
            return ExitCode::from(2);
        }
    };
    let [path, ..] = &args[..] else {
        eprintln!("error: usage: ramsey-cert-check FILE [THREADS]");
        return ExitCode::from(2);
    };
    match ramsey_cert_check::check_file(path.as_ref(), threads) {
        Ok(summary) => {
            print!("{}", summary.to_text());
            ExitCode::SUCCESS
        }
        Err(rejection) => {
            let label = if rejection.exit_code() == 1 { "INVALID" } else { "error" };
            eprintln!("{label}: {}", rejection.message);
            ExitCode::from(rejection.exit_code())
        }
    }
}
