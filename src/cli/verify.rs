//! `ramsey-verify verify`.

use super::args::SearchArgs;
use crate::strategies;
use crate::verify::{verify, Request};
use clap::Args;

#[derive(Args, Debug)]
pub struct VerifyArgs {
    #[command(flatten)]
    pub search: SearchArgs,
}

pub fn run(args: VerifyArgs) -> Result<(), String> {
    let args = args.search;
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
