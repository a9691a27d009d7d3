//! The command line: a thin layer over the library. Each subcommand has its
//! own module with its arguments and its `run`.

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
mod refute;
mod repair;
mod show;
mod solve;
mod table;
mod verify;

use crate::strategies;
use clap::{Parser, Subcommand};

/// Certifies explicit strategies in graph-building games (strong Ramsey
/// games) and finds counterexamples to flawed ones.
#[derive(Parser, Debug)]
#[command(name = "ramsey-verify", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

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
}

/// Why a command ended without its normal output. The exit codes are
/// documented in `docs/cli-reference.md`.
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

/// Runs a parsed command.
pub fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Strategies => {
            let list: String = strategies::all()
                .iter()
                .map(|s| {
                    format!(
                        "{:<28} {} game  {}\n",
                        s.name(),
                        s.game().target_name(),
                        s.description()
                    )
                })
                .collect();
            output::print(&list)
        }
        Command::Verify(args) => verify::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Show(args) => show::run(args),
        Command::Check(args) => check::run(args),
        Command::Refute(args) => refute::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Repair(args) => repair::run(args),
        Command::Play(args) => play::run(args),
        Command::RamseyTable(args) => table::run(args),
        Command::Colour(args) => colour::run(args),
        Command::Erdos(args) => erdos::run(args),
    }
}
