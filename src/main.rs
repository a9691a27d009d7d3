use clap::Parser;
use ramsey_verify::cli::{output, run, Cli, Failure};
use std::process::ExitCode;

fn main() -> ExitCode {
    ramsey_verify::search::quiet_strategy_panics();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            if !e.use_stderr() {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            // One line: clap's first line names the argument and the reason.
            let rendered = e.render().to_string();
            let message: Vec<&str> = rendered
                .lines()
                .map(str::trim)
                .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
                .filter(|l| !l.is_empty())
                .collect();
            output::note(message.join(" "));
            return ExitCode::from(2);
        }
    };
    // All output goes through `cli::output`, which reports a full disk as
    // an error and a closed pipe (`ramsey-verify ... | head`) as
    // `Failure::BrokenPipe`: a quiet end, like other Unix filters.
    match run(cli) {
        Ok(()) | Err(Failure::BrokenPipe) => ExitCode::SUCCESS,
        Err(failure) => {
            output::note(format_args!("error: {}", failure.message()));
            ExitCode::from(failure.exit_code())
        }
    }
}
