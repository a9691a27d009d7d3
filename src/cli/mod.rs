//! The command line: a thin layer over the library. Each subcommand has its
//! own module with its arguments and its `run`.

mod args;
mod bench;
mod check;
mod erdos;
mod line_input;
mod picture;
mod refute;
mod repair;
mod show;
mod solve;
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
    /// Whether the first player, to move, can force a win within a budget of
    /// her moves (any strategy: exhaustive over both players' moves).
    Solve(solve::SolveArgs),
    /// Search for a small table of moves that makes a refuted strategy win
    /// (counterexample-guided), and write the table.
    Repair(repair::RepairArgs),
    /// Erdős' scoring games (Clique, Star, vertex-capturing, Colex) solved
    /// exactly on a board, or Table 1's rows for Colex graphs (--table).
    Erdos(erdos::ErdosArgs),
}

/// Why a command ended without its normal output.
#[derive(Debug)]
pub enum Failure {
    /// Unusable input: one-line message, exit code 2.
    BadInput(String),
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
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::BadInput(_) => 2,
            Failure::NoVerdict(_) => 3,
            Failure::InvalidCertificate(_) => 1,
        }
    }

    pub fn message(&self) -> &str {
        match self {
            Failure::BadInput(msg) | Failure::NoVerdict(msg) | Failure::InvalidCertificate(msg) => msg,
        }
    }
}

/// Runs a parsed command.
pub fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Strategies => {
            for s in strategies::all() {
                println!("{:<28} {} game  {}", s.name(), s.game().target_name(), s.description());
            }
            Ok(())
        }
        Command::Verify(args) => verify::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Show(args) => Ok(show::run(args)?),
        Command::Check(args) => check::run(args),
        Command::Refute(args) => Ok(refute::run(args)?),
        Command::Solve(args) => solve::run(args),
        Command::Repair(args) => repair::run(args),
        Command::Erdos(args) => erdos::run(args),
    }
}
