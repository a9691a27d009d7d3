//! `ramsey-verify bench`: fixed workloads users care about, each repeated
//! with its spread: canonical labelling, calls of the K4 strategy, a slice
//! of the K4 certification, a solve, and the K3 certifications.

use super::args::{on_pool, LimitArgs};
use super::{output, Failure};
use crate::bench::{
    canon_throughput, certification, k4_solve, slice, strategy_calls, BenchError, Measurement, K4_SLICE,
};
use crate::core::board::Board;
use crate::strategies;
use crate::verify::Request;
use clap::Args;

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Worker threads (of the certification workloads) and the memory cap.
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Runs of each workload (the median is reported with the range).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub runs: u32,
    /// Print JSON lines instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: BenchArgs) -> Result<(), Failure> {
    let runs = args.runs as usize;
    // Fixed workloads of built-in strategies, whatever the registry: the
    // figures stay comparable between binaries.
    let k4 = strategies::by_name("k4-patched")?;
    let k3 = strategies::by_name("k3")?;
    let limits = args.limits.limits(false);
    let request = Request {
        limits,
        ..Request::new(Board::Complete(5), 4, 1)
    };
    let workloads: Vec<Box<dyn Fn() -> Result<Measurement, BenchError> + Sync + '_>> = vec![
        Box::new(|| canon_throughput(2000, 8, runs)),
        Box::new(|| canon_throughput(1000, 14, runs)),
        Box::new(|| strategy_calls(k4.as_ref(), &K4_SLICE, 200, runs)),
        Box::new(|| slice(k4.as_ref(), &K4_SLICE, 21, limits, runs)),
        Box::new(|| k4_solve(5, limits, runs)),
        Box::new(|| certification(k3.as_ref(), request.clone(), runs)),
    ];
    on_pool(&limits, || {
        for workload in &workloads {
            let m = workload().map_err(|e| match e {
                BenchError::Stopped(stopped) => Failure::NoVerdict(stopped.to_string()),
                BenchError::Failed(why) => Failure::BadInput(why),
            })?;
            if args.json {
                output::println(serde_json::to_string(&m).expect("serialisable"))?;
            } else {
                output::println(m.line())?;
            }
        }
        Ok(())
    })
}
