//! `ramsey-verify verify`.

use super::args::{parse_board, parse_bound, parse_threads};
use super::Failure;
use crate::board::Board;
use crate::strategies;
use crate::verify::{verify, Request, VerifyError};
use clap::Args;
use std::io::IsTerminal;

#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// Strategy name (see `ramsey-verify strategies`).
    #[arg(long)]
    pub strategy: String,
    /// `inf` for K_aleph0, or the number of vertices n of K_n.
    #[arg(long, default_value = "inf", value_parser = parse_board)]
    pub board: Board,
    /// Largest number of her moves allowed.
    #[arg(long, default_value_t = 50, value_parser = parse_bound)]
    pub bound: u32,
    /// Worker threads.
    #[arg(long, default_value_t = 1, value_parser = parse_threads)]
    pub threads: usize,
    /// Cap on the transposition table, in MiB; the run stops without a
    /// verdict (exit code 3) when it is reached.
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_memory: Option<u64>,
    /// Do not let the engine take immediate wins for strategies that declare
    /// the standing assumption (to measure what the shortcut saves).
    #[arg(long)]
    pub no_shortcuts: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: VerifyArgs) -> Result<(), Failure> {
    let strategy = strategies::by_name(&args.strategy)?;
    let request = Request {
        board: args.board,
        bound: args.bound,
        threads: args.threads,
        max_memory: args.max_memory.map(|mib| mib << 20),
        progress: !args.json && std::io::stderr().is_terminal(),
        shortcuts: !args.no_shortcuts,
    };
    let report = verify(strategy.as_ref(), request).map_err(|e| match e {
        VerifyError::Setup(msg) => Failure::BadInput(msg),
        stopped => Failure::NoVerdict(stopped.to_string()),
    })?;
    if args.json {
        println!("{}", report.to_json());
    } else {
        print!("{}", report.to_text(strategy.game()));
    }
    Ok(())
}
