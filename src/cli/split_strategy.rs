//! `split --strategy`, and `job` and `merge` on its folders: `verify` of
//! one strategy split over his first replies (`verify::jobs::strategy`);
//! this file parses and prints.

use super::args::on_pool;
use super::split_args::{job_failure, said_split, usage, FolderArgs, JobArgs, SplitArgs};
use super::split_layers::failure;
use super::{output, Failure};
use crate::core::board::Board;
use crate::verify::jobs::strategy::{merge_strategy, run_strategy_job, split_strategy, StrategyMerged, StrategySpec};
use crate::verify::jobs::{Folder, Manifest};
use crate::verify::registry::Registry;
use crate::verify::Verdict;

/// Writes the folder of `verify --strategy name` and says how to run it.
pub fn split_strategy_command(args: &SplitArgs, name: &str, registry: &Registry) -> Result<(), Failure> {
    let strategy = registry.get(name)?;
    let board: Board = args
        .board
        .parse()
        .map_err(|e| Failure::BadInput(format!("--board: {e}")))?;
    if !board.untouched_alike() {
        return Err(Failure::BadInput(format!(
            "the strategy verifier plays on K_n or K_aleph0, not on a {board}"
        )));
    }
    std::fs::create_dir_all(&args.out).map_err(|e| Failure::Output(format!("{}: {e}", args.out.display())))?;
    let dir = std::fs::canonicalize(&args.out).map_err(|e| Failure::Output(e.to_string()))?;
    let spec = StrategySpec {
        strategy: name.to_string(),
        board: board.to_string(),
        bound: args.bound,
    };
    let command = format!("ramsey-verify job {} {{}}", dir.display());
    let plies = args.plies.unwrap_or(1);
    let manifest = split_strategy(
        strategy.as_ref(),
        spec,
        plies,
        &Folder::at(&dir),
        command,
        !args.no_cert,
    )
    .map_err(failure)?;
    said_split(&manifest, &format!("after {} of his moves", manifest.depth), &dir)
}

/// Runs one job of a strategy folder (or skips it if it finished before).
pub fn strategy_job_command(args: &JobArgs, manifest: &Manifest, registry: &Registry) -> Result<(), Failure> {
    let spec = crate::verify::jobs::strategy::spec_of(manifest).expect("a strategy folder");
    let strategy = registry.get(&spec.strategy)?;
    let limits = args.limits.limits(false);
    let folder = Folder::at(&args.dir);
    let ran = on_pool(&limits, || {
        run_strategy_job(&folder, strategy.as_ref(), args.index, limits, usage).map_err(|e| job_failure(args.index, e))
    })?;
    let (what, r) = ran.said();
    output::println(format_args!(
        "job {}: {what}: {}, {} positions, {:.2} s CPU",
        r.index, r.score, r.positions, r.cpu_seconds
    ))
}

/// Merges a strategy folder: the verdict, its line, what the jobs spent.
pub fn merge_strategy_command(args: &FolderArgs, spec: &StrategySpec, registry: &Registry) -> Result<(), Failure> {
    let strategy = registry.get(&spec.strategy)?;
    let merged = merge_strategy(&Folder::at(&args.dir), strategy.as_ref(), args.cert.is_some()).map_err(failure)?;
    match args.json {
        true => output::println(serde_json::to_value(&merged).expect("plain data serialises"))?,
        false => output::print(&merged_text(spec, &merged))?,
    }
    match (&merged.certificate, &args.cert) {
        (Some(cert), Some(path)) => super::erdos::write_certificate(cert, path),
        _ => Ok(()),
    }
}

fn merged_text(spec: &StrategySpec, m: &StrategyMerged) -> String {
    let verdict = match (m.verdict, m.max_moves, &m.failure) {
        (Verdict::Verified, Some(n), _) => format!("VERIFIED: she wins within {n} moves on every line"),
        (_, _, failure) => format!(
            "REFUTED ({}) in job {}",
            failure.as_deref().unwrap_or("?"),
            m.refuting_job.unwrap_or(0)
        ),
    };
    let what = match m.verdict {
        Verdict::Verified => "a longest line",
        Verdict::Refuted => "counterexample (the first one in reply order)",
    };
    format!(
        "strategy {} on board {}, bound {}\n{verdict}\n{what}: {}\n\
         jobs: {} after {} of his moves, {:.2} s CPU in all, largest job {:.2} s\n\
         positions: {} above the frontier + {} in the jobs added up (a position several jobs meet is counted by each)\n",
        spec.strategy,
        spec.board,
        spec.bound,
        m.line.join(" "),
        m.jobs,
        m.plies,
        m.cpu_seconds,
        m.largest_cpu_seconds,
        m.top_positions,
        m.job_positions
    )
}
