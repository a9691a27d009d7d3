//! `ramsey-verify verify`.

use super::args::{parse_board, parse_bound, parse_threads};
use crate::board::Board;
use crate::strategies;
use crate::verify::{verify, Request};
use clap::Args;

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
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: VerifyArgs) -> Result<(), String> {
    let strategy = strategies::by_name(&args.strategy)?;
    let request = Request {
        board: args.board,
        bound: args.bound,
        threads: args.threads,
    };
    let report = verify(strategy.as_ref(), request)?;
    if args.json {
        println!("{}", report.to_json());
    } else {
        print!("{}", report.to_text(strategy.game()));
    }
    Ok(())
}
