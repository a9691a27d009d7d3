//! The command line: a thin layer over the library. Each subcommand has its
//! own module with its arguments and its `run`.
//!
//! [`main_with`] is the whole `ramsey-verify` program for the strategies of
//! a [`Registry`]: the stock binary (`src/main.rs`) is
//! `main_with(ramsey_verify::strategies::builtin())`, and a researcher's own binary hands it
//! their strategies too, and gets every command and flag for them:
//!
//! ```no_run
//! use ramsey_verify::verify::registry::Registry;
//! use std::process::ExitCode;
//!
//! fn main() -> ExitCode {
//!     let registry = ramsey_verify::strategies::builtin(); // .with(MyStrategy).unwrap()
//!     ramsey_verify::cli::main_with(registry)
//! }
//! ```

mod args;
mod bench;
mod check;
mod colour;
mod erdos;
mod game_solve;
pub mod line_input;
pub mod output;
mod picture;
mod play;
mod progress;
mod refute;
mod repair;
mod show;
mod solve;
mod split;
mod split_args;
mod split_layers;
mod split_strategy;
mod stream;
mod table;
mod verify;

use crate::verify::registry::{Registry, UnknownStrategy};
use clap::{Parser, Subcommand};
use std::ffi::OsString;
use std::process::ExitCode;

/// Certifies explicit strategies in graph-building games (strong Ramsey
/// games) and finds counterexamples to flawed ones.
#[derive(Parser, Debug)]
#[command(name = "ramsey-verify", version, about)]
pub struct Cli {
    /// The subcommand and its arguments.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands; each variant holds its arguments.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Explore every reply of the second player (one per orbit) and certify
    /// that the strategy wins within the bound, or print a counterexample.
    Verify(verify::VerifyArgs),
    /// Check a proof certificate with the independent checker (no search
    /// engine, no strategy code). Exit 1: invalid; 2: unreadable.
    Check(check::CheckArgs),
    /// List the positions after a round, up to isomorphism, from which the
    /// second player beats the strategy (failure classes).
    Refute(refute::RefuteArgs),
    /// List the available strategies.
    Strategies,
    /// Measure positions per second on fixed workloads.
    Bench(bench::BenchArgs),
    /// Show a line of moves or a position as numbered text, SVG (--svg) and
    /// DOT (--dot): edges numbered in play order, forced moves marked.
    Show(show::ShowArgs),
    /// Solve a game exactly over both players' moves: a graph Ramsey game
    /// (--rules, any board, target and rule set), or a K_k achievement
    /// position within a budget of her moves (--budget).
    Solve(solve::SolveArgs),
    /// Play a graph Ramsey game against the perfect player in the terminal.
    Play(play::PlayArgs),
    /// Search for a small table of moves that makes a refuted strategy win
    /// (counterexample-guided), and write the table.
    Repair(repair::RepairArgs),
    /// Value and length of Slany's graph Ramsey games on K_n for every rule
    /// set and target, or (--open-problems) his Open Problems 1 and 2.
    RamseyTable(table::TableArgs),
    /// Bodlaender's colouring games: winner and optimal line, or the game
    /// chromatic number (--game-chromatic).
    Colour(colour::ColourArgs),
    /// Erdős' scoring games (Clique, Star, vertex-capturing, Colex) solved
    /// exactly on a board, or Table 1's rows for Colex graphs (--table).
    Erdos(erdos::ErdosArgs),
    /// Cut a search (solve --rules) into jobs in a folder, for Slurm or GNU
    /// parallel (scripts/slurm/, scripts/parallel/).
    Split(split_args::SplitArgs),
    /// Run one job of a split search (a finished job is skipped).
    Job(split_args::JobArgs),
    /// Progress over a split search's jobs: done, running, failed, CPU.
    Jobs(split_args::FolderArgs),
    /// Merge a split search's jobs: the value and one certificate.
    Merge(split_args::FolderArgs),
}

/// Why a command ended without its normal output. The exit codes are
/// documented in `docs/book/src/cli-reference.md`.
#[derive(Debug)]
pub enum Failure {
    /// Unusable input: one-line message, exit code 2.
    BadInput(String),
    /// Standard output or an output file cannot be written (full disk,
    /// missing directory, no permission): one-line message, exit code 2.
    Output(String),
    /// The reader of standard output went away (`... | head`): no message,
    /// exit code 0, like other Unix filters.
    BrokenPipe,
    /// The run stopped without a verdict (e.g. memory cap): exit code 3.
    NoVerdict(String),
    /// A proof certificate was read and found wrong: exit code 1.
    InvalidCertificate(String),
}

impl From<String> for Failure {
    fn from(msg: String) -> Failure {
        Failure::BadInput(msg)
    }
}

impl From<UnknownStrategy> for Failure {
    fn from(e: UnknownStrategy) -> Failure {
        Failure::BadInput(e.to_string())
    }
}

/// The library's errors about what the user gave (a name, a file, a
/// flag's value) are bad input: exit code 2, their message on one line.
macro_rules! bad_input_from {
    ($($error:ty),* $(,)?) => {
        $(impl From<$error> for Failure {
            fn from(e: $error) -> Failure {
                Failure::BadInput(e.to_string())
            }
        })*
    };
}

bad_input_from!(
    crate::games::UnknownName,
    crate::verify::strategy::UnverifiableRules,
    crate::analysis::colouring::by_size::TreeSizeError,
);

impl Failure {
    /// The process exit code for this failure.
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::BrokenPipe => 0,
            Failure::BadInput(_) | Failure::Output(_) => 2,
            Failure::NoVerdict(_) => 3,
            Failure::InvalidCertificate(_) => 1,
        }
    }

    /// The one-line message for standard error (empty for a broken pipe).
    pub fn message(&self) -> &str {
        match self {
            Failure::BrokenPipe => "",
            Failure::BadInput(msg)
            | Failure::Output(msg)
            | Failure::NoVerdict(msg)
            | Failure::InvalidCertificate(msg) => msg,
        }
    }
}

/// The `ramsey-verify` program for the strategies of `registry`: parses
/// the process's arguments, runs the command and returns its exit code
/// (documented in `docs/book/src/cli-reference.md`), after a one-line error on
/// standard error if there is one.
pub fn main_with(registry: Registry) -> ExitCode {
    main_from(std::env::args_os(), &registry)
}

/// [`main_with`] on the given arguments (the first is the program's name),
/// for tests and programs that build a command line themselves.
pub fn main_from<I, T>(args: I, registry: &Registry) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    crate::verify::search::quiet_strategy_panics();
    match Cli::try_parse_from(args) {
        Ok(cli) => finish(run(cli, registry)),
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
/// output goes through [`output`], which reports a full disk as an error
/// and a closed pipe (`ramsey-verify ... | head`) as [`Failure::BrokenPipe`]:
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

/// Runs a parsed command with the strategies of `registry`.
pub fn run(cli: Cli, registry: &Registry) -> Result<(), Failure> {
    match cli.command {
        Command::Strategies => output::print(&strategy_list(registry)),
        Command::Verify(args) => verify::run(args, registry),
        Command::Bench(args) => bench::run(args),
        Command::Show(args) => show::run(args),
        Command::Check(args) => check::run(args),
        Command::Refute(args) => refute::run(args, registry),
        Command::Solve(args) => solve::run(args),
        Command::Repair(args) => repair::run(args, registry),
        Command::Play(args) => play::run(args),
        Command::RamseyTable(args) => table::run(args),
        Command::Colour(args) => colour::run(args),
        Command::Erdos(args) => erdos::run(args),
        Command::Split(args) => split::run_split(args, registry),
        Command::Job(args) => split::run_job_command(args, registry),
        Command::Jobs(args) => split::run_status(args),
        Command::Merge(args) => split::run_merge(args, registry),
    }
}

/// `ramsey-verify strategies`: one line per strategy, in the registry's order.
fn strategy_list(registry: &Registry) -> String {
    registry
        .iter()
        .map(|s| {
            format!(
                "{:<28} {} game  {}\n",
                s.name(),
                s.game().target_name(),
                s.description()
            )
        })
        .collect()
}
