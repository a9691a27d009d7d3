//! `ramsey-verify bench`: positions per second on fixed workloads.

use super::args::parse_threads;
use super::{output, Failure};
use crate::bench::{canon_throughput, certification, subtree, Measurement};
use crate::board::Board;
use crate::strategies;
use crate::strategies::k4::fixtures::end_of_stage3;
use crate::verify::Request;
use clap::Args;

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Worker threads for the certification workloads.
    #[arg(long, default_value_t = 1, value_parser = parse_threads)]
    pub threads: usize,
    /// Print JSON lines instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The fixed certification workloads: (strategy, board, bound).
const WORKLOADS: &[(&str, Board, u32)] = &[("k3", Board::Infinite, 4), ("k3", Board::Complete(5), 4)];

pub fn run(args: BenchArgs) -> Result<(), Failure> {
    let mut results: Vec<Measurement> = vec![canon_throughput(2000, 8), canon_throughput(1000, 14)];
    for &(name, board, bound) in WORKLOADS {
        let strategy = strategies::by_name(name)?;
        results.push(certification(
            strategy.as_ref(),
            Request::new(board, bound, args.threads),
        )?);
    }
    let k4 = strategies::by_name("k4")?;
    let (position, memory) = end_of_stage3();
    results.push(subtree("k4 Stage 4 subtree", k4.as_ref(), &position, &memory, 21)?);
    for m in results {
        if args.json {
            output::println(serde_json::to_string(&m).expect("serialisable"))?;
        } else {
            output::println(format_args!(
                "{:<55} {:>10} items {:>9.3}s {:>12.0}/s",
                m.workload, m.items, m.seconds, m.per_second
            ))?;
        }
    }
    Ok(())
}
