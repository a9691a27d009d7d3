//! The command line: a thin layer over the library. Each subcommand has its
//! own module with its arguments and its `run`.

mod args;
mod refute;
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
    /// List the positions after a round, up to isomorphism, from which the
    /// second player beats the strategy (failure classes).
    Refute(refute::RefuteArgs),
    /// List the available strategies.
    Strategies,
}

/// Runs a parsed command; `Err` is a one-line message for exit code 2.
pub fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Strategies => {
            for s in strategies::all() {
                println!("{:<28} {} game  {}", s.name(), s.game().target_name(), s.description());
            }
            Ok(())
        }
        Command::Verify(args) => verify::run(args),
        Command::Refute(args) => refute::run(args),
    }
}
