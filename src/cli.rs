//! The command line: a thin layer over the library.

use crate::board::Board;
use crate::strategies;
use crate::verify::{verify, Request};
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
    Verify {
        /// Strategy name (see `ramsey-verify strategies`).
        #[arg(long)]
        strategy: String,
        /// `inf` for K_aleph0, or the number of vertices n of K_n.
        #[arg(long, default_value = "inf", value_parser = parse_board)]
        board: Board,
        /// Largest number of her moves allowed.
        #[arg(long, default_value_t = 50, value_parser = parse_bound)]
        bound: u32,
        /// Worker threads.
        #[arg(long, default_value_t = 1, value_parser = parse_threads)]
        threads: usize,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// List the available strategies.
    Strategies,
}

fn parse_board(s: &str) -> Result<Board, String> {
    s.parse()
}

fn parse_bound(s: &str) -> Result<u32, String> {
    match s.parse::<u32>() {
        Ok(0) => Err("the bound must be at least 1".into()),
        Ok(b) if b > 200 => Err("the bound must be at most 200".into()),
        Ok(b) => Ok(b),
        Err(_) => Err(format!("the bound must be a positive number, not `{s}`")),
    }
}

fn parse_threads(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(t) if (1..=256).contains(&t) => Ok(t),
        _ => Err(format!("threads must be a number from 1 to 256, not `{s}`")),
    }
}

/// Runs a parsed command; `Err` is a one-line message for exit code 2.
pub fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Strategies => {
            for s in strategies::all() {
                println!(
                    "{:<28} {} game  {}",
                    s.name(),
                    s.game().target_name(),
                    s.description()
                );
            }
            Ok(())
        }
        Command::Verify {
            strategy,
            board,
            bound,
            threads,
            json,
        } => {
            let strategy = strategies::by_name(&strategy)?;
            let report = verify(
                strategy.as_ref(),
                Request {
                    board,
                    bound,
                    threads,
                },
            )?;
            if json {
                println!("{}", report.to_json());
            } else {
                print!("{}", report.to_text(strategy.game()));
            }
            Ok(())
        }
    }
}
