//! `ramsey-verify split`, `job`, `jobs` and `merge`: one search cut into
//! jobs in a folder, run by a scheduler (scripts/slurm/, scripts/parallel/),
//! watched, and merged into one value and one certificate. The folder and
//! the merge are `verify::jobs`; this file parses the flags and prints.

use super::args::on_pool;
use super::game_solve::statement;
use super::split_args::{job_failure, said_split, usage, FolderArgs, JobArgs, SplitArgs};
use super::split_layers::{failure, layered_status, merge_layered};
use super::split_strategy::{merge_strategy_command, split_strategy_command, strategy_job_command};
use super::{output, Failure};
use crate::analysis::erdos::{parse_games, BoardReport};
use crate::games::ramsey::RamseyGame;
use crate::games::scoring::ScoringGame;
use crate::verify::jobs::layered::run::{run_layer_job, split_layers};
use crate::verify::jobs::layered::Budget;
use crate::verify::jobs::merge::{Merge, Merged};
use crate::verify::jobs::run::{run_job, split, Cut, SplitOptions, ERDOS_KEYS};
use crate::verify::jobs::status::Status;
use crate::verify::jobs::strategy::spec_of;
use crate::verify::jobs::{Folder, GameSpec, JobResult, Splittable};
use crate::verify::registry::Registry;

/// Writes the folder and says how to run it.
pub fn run_split(args: SplitArgs, registry: &Registry) -> Result<(), Failure> {
    if let Some(name) = &args.strategy {
        return split_strategy_command(&args, name, registry);
    }
    if args.depth.is_none() && args.jobs.is_none() && !args.layers {
        return Err(Failure::BadInput("split needs --depth, --jobs or --layers".into()));
    }
    match (&args.erdos, &args.statement.rules) {
        (Some(name), _) => {
            let games = parse_games(name).map_err(|e| Failure::BadInput(e.to_string()))?;
            let [scoring] = games[..] else {
                return Err(Failure::BadInput("--erdos names one game".into()));
            };
            let report = BoardReport::parse(&args.board, args.head_start.as_deref(), args.bob_first)
                .map_err(|e| Failure::BadInput(e.to_string()))?;
            let game = report.game(scoring).map_err(|e| Failure::BadInput(e.to_string()))?;
            if args.keys {
                return Err(Failure::BadInput(ERDOS_KEYS.into()));
            }
            split_game(&args, &game)
        }
        (None, Some(rules)) => split_game(&args, &statement(&args.statement, rules, &args.board)?),
        (None, None) => Err(Failure::BadInput("split needs --rules or --erdos".into())),
    }
}

/// Writes the folder of `game`.
fn split_game<G: Splittable>(args: &SplitArgs, game: &G) -> Result<(), Failure> {
    std::fs::create_dir_all(&args.out).map_err(|e| Failure::Output(format!("{}: {e}", args.out.display())))?;
    let dir = std::fs::canonicalize(&args.out).map_err(|e| Failure::Output(e.to_string()))?;
    let command = format!("ramsey-verify job {} {{}}", dir.display());
    if args.layers {
        let manifest = split_layers(game, &Folder::at(&dir), args.shards, !args.no_cert, command).map_err(failure)?;
        let plan = manifest.layers.expect("a layered manifest");
        return output::print(&format!(
            "{} jobs ({} levels x {} shards, forward then backward) in {}
             run the jobs of step k (numbers k*{} to k*{}+{}) after those of step k-1: {}
",
            plan.jobs(),
            plan.levels,
            plan.shards,
            dir.display(),
            plan.shards,
            plan.shards,
            plan.shards - 1,
            manifest.command
        ));
    }
    let options = SplitOptions {
        cut: match (args.depth, args.jobs) {
            (Some(d), _) => Cut::Depth(d.max(1)),
            (None, n) => Cut::Jobs(n.unwrap_or(1)),
        },
        keys: args.keys,
        certificates: !args.no_cert,
        command,
    };
    let manifest = split(game, &Folder::at(&dir), &options).map_err(failure)?;
    said_split(&manifest, &format!("at depth {}", manifest.depth), &dir)
}

/// Runs one job (or skips it if it has finished before).
pub fn run_job_command(args: JobArgs, registry: &Registry) -> Result<(), Failure> {
    let limits = args.limits.limits(false);
    let folder = Folder::at(&args.dir);
    let manifest = folder.manifest().map_err(failure)?;
    if spec_of(&manifest).is_some() {
        return strategy_job_command(&args, &manifest, registry);
    }
    if manifest.layers.is_some() {
        let budget = Budget(limits.max_memory());
        let (r, ran) = on_pool(&limits, || {
            run_layer_job(&folder, args.index, budget, usage).map_err(|e| job_failure(args.index, e))
        })?;
        return output::println(format_args!(
            "job {}: {}: {:?} level {} shard {}: {} positions, {} children, {:.2} s CPU",
            r.index,
            if ran { "done" } else { "finished before" },
            r.phase,
            r.level,
            r.shard,
            r.positions,
            r.children,
            r.cpu_seconds
        ));
    }
    let ran = on_pool(&limits, || {
        run_job(&folder, args.index, limits, usage).map_err(|e| job_failure(args.index, e))
    })?;
    let (what, r) = ran.said();
    output::println(format_args!(
        "job {}: {what}: {} after {} plies, {} positions, {:.2} s CPU",
        r.index, r.score, r.plies, r.positions, r.cpu_seconds
    ))
}

/// Merges the folder's jobs: value, line, counts, certificate.
pub fn run_merge(args: FolderArgs, registry: &Registry) -> Result<(), Failure> {
    if let Some(path) = &args.cert {
        output::check_writable(path)?;
    }
    let manifest = Folder::at(&args.dir).manifest().map_err(failure)?;
    match (manifest.game, manifest.layers.is_some()) {
        (GameSpec::Strategy(spec), _) => merge_strategy_command(&args, &spec, registry),
        (GameSpec::Ramsey(_), false) => merge_as::<RamseyGame>(&args),
        (GameSpec::Erdos(_), false) => merge_as::<ScoringGame>(&args),
        (GameSpec::Ramsey(_), true) => merge_layered::<RamseyGame>(&args.dir, args.cert.as_deref(), args.json),
        (GameSpec::Erdos(_), true) => merge_layered::<ScoringGame>(&args.dir, args.cert.as_deref(), args.json),
    }
}

/// [`run_merge`] for the folder's game family.
fn merge_as<G: Splittable>(args: &FolderArgs) -> Result<(), Failure> {
    let merge = Merge::<G>::load(&Folder::at(&args.dir)).map_err(failure)?;
    if args.cert.is_some() && !merge.manifest.certificates {
        return Err(Failure::BadInput(
            "the jobs wrote no certificates (split --no-cert)".into(),
        ));
    }
    let merged = merge.merge(args.cert.is_some()).map_err(failure)?;
    let cpu: f64 = merge.results.iter().map(|r| r.cpu_seconds).sum();
    match args.json {
        true => output::println(merged_json(&merge, &merged, cpu))?,
        false => output::print(&merged_text(&merge, &merged, cpu))?,
    }
    match (&merged.certificate, &args.cert) {
        (Some(cert), Some(path)) => super::erdos::write_certificate(cert, path),
        _ => Ok(()),
    }
}

fn merged_text<G: Splittable>(merge: &Merge<G>, m: &Merged<G::Score>, cpu: f64) -> String {
    let positions = match m.distinct_positions {
        Some(d) => format!("{d} distinct (up to isomorphism, as one process counts them); "),
        None => "distinct not counted (split --keys); ".into(),
    };
    format!(
        "VALUE: {}, after {} more moves with optimal play\noptimal line: {}\n\
         jobs: {} at depth {}, {:.2} s CPU in all\npositions: {positions}top of the tree {}, \
         jobs {} added up (a position several jobs meet is counted by each)\n",
        merge.game().score_text(m.value.score),
        m.value.plies,
        m.line.join(" "),
        merge.results.len(),
        merge.manifest.depth,
        cpu,
        m.top_positions,
        m.job_positions
    )
}

fn merged_json<G: Splittable>(merge: &Merge<G>, m: &Merged<G::Score>, cpu: f64) -> serde_json::Value {
    serde_json::json!({
        "value": merge.game().score_json(m.value.score),
        "plies": m.value.plies,
        "line": m.line,
        "jobs": merge.results.len(),
        "depth": merge.manifest.depth,
        "cpu_seconds": cpu,
        "distinct_positions": m.distinct_positions,
        "top_positions": m.top_positions,
        "job_positions": m.job_positions,
        "certificate_entries": m.certificate.as_ref().map(|c| c.entries),
    })
}

/// Shows a folder's progress.
pub fn run_status(args: FolderArgs) -> Result<(), Failure> {
    if Folder::at(&args.dir).manifest().map_err(failure)?.layers.is_some() {
        return layered_status(&args.dir, args.json);
    }
    let status = Status::read(&Folder::at(&args.dir)).map_err(failure)?;
    let spans: Vec<(usize, f64, f64)> = [16, 64, 256]
        .into_iter()
        .map(|p| {
            let (span, bound) = status.makespan(p);
            (p, span, bound)
        })
        .collect();
    if args.json {
        let running: Vec<_> = status.running.iter().filter(|r| !r.3).map(|r| r.0).collect();
        let killed: Vec<_> = status.running.iter().filter(|r| r.3).map(|r| r.0).collect();
        let largest = status
            .done
            .iter()
            .max_by(|a, b| a.cpu_seconds.total_cmp(&b.cpu_seconds));
        return output::println(serde_json::json!({
            "total": status.total,
            "done": status.done.len(),
            "running": running,
            "killed": killed,
            "failed": status.failed.iter().map(|f| f.0).collect::<Vec<_>>(),
            "bad": status.bad,
            "cpu_seconds": status.cpu_done(),
            "cpu_seconds_left_estimate": status.cpu_left(),
            "largest_job": largest.map(|r: &JobResult| r.index),
            "largest_share": status.largest_share(),
            "makespan": spans.iter().map(|(p, s, b)| serde_json::json!({"cores": p, "seconds": s, "lower_bound": b})).collect::<Vec<_>>(),
        }));
    }
    output::print(&status_text(&status, &spans))
}

fn status_text(status: &Status, spans: &[(usize, f64, f64)]) -> String {
    let killed = status.running.iter().filter(|r| r.3).count();
    let mut text = format!(
        "jobs: {} done, {} running, {} killed (rerun them), {} failed, {} bad, {} total\n\
         CPU so far: {:.2} s",
        status.done.len(),
        status.running.len() - killed,
        killed,
        status.failed.len(),
        status.bad.len(),
        status.total,
        status.cpu_done()
    );
    if let Some(left) = status.cpu_left() {
        text += &format!("; left, estimated from the mean job: {left:.2} s");
    }
    if let Some(share) = status.largest_share() {
        text += &format!("\nlargest job: {:.1}% of the CPU done", share * 100.0);
        for (p, span, bound) in spans {
            text += &format!("\nmakespan on {p} cores: {span:.2} s (lower bound {bound:.2} s)");
        }
    }
    for (i, why) in &status.failed {
        text += &format!("\nfailed: job {i}: {why}");
    }
    for why in &status.bad {
        text += &format!("\nbad: {why}");
    }
    text + "\n"
}
