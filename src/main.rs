use clap::Parser;
use ramsey_verify::cli::{run, Cli};
use std::process::ExitCode;

/// mimalloc instead of the system allocator: the search allocates small
/// positions and memories on every move, and glibc's malloc was a fifth of
/// a K4 certification's time (README, Performance).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    ramsey_verify::search::quiet_strategy_panics();
    // Like other Unix filters, stop quietly when the reader of our output
    // goes away (`ramsey-verify ... | head`) instead of panicking in println.
    #[cfg(unix)]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
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
            eprintln!("{}", message.join(" "));
            return ExitCode::from(2);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("error: {}", failure.message());
            ExitCode::from(failure.exit_code())
        }
    }
}
