use clap::Parser;
use ramsey_verify::cli::{output, run, Cli, Failure};
use std::process::ExitCode;

/// mimalloc instead of the system allocator: the search allocates small
/// positions and memories on every move, and glibc's malloc was a fifth of
/// a K4 certification's time (README, Performance).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    ramsey_verify::search::quiet_strategy_panics();
    match Cli::try_parse() {
        Ok(cli) => finish(run(cli)),
        // --help and --version, through the same writer as all output.
        Err(e) if !e.use_stderr() => finish(output::print(&e.render().to_string())),
        Err(e) => {
            // One line: clap's first line names the argument and the reason.
            let rendered = e.render().to_string();
            let message: Vec<&str> = rendered
                .lines()
                .map(str::trim)
                .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
                .filter(|l| !l.is_empty())
                .collect();
            output::note(message.join(" "));
            ExitCode::from(2)
        }
    }
}

/// The exit code of a run, after its one-line error if it has one. All
/// output goes through `cli::output`, which reports a full disk as an error
/// and a closed pipe (`ramsey-verify ... | head`) as `Failure::BrokenPipe`:
/// a quiet end, like other Unix filters.
fn finish(result: Result<(), Failure>) -> ExitCode {
    match result {
        Ok(()) | Err(Failure::BrokenPipe) => ExitCode::SUCCESS,
        Err(failure) => {
            output::note(format_args!("error: {}", failure.message()));
            ExitCode::from(failure.exit_code())
        }
    }
}
