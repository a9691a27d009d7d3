//! Splitting a game into a layered folder, and running one of its jobs.

use super::backward::backward;
use super::forward::forward;
use super::{Budget, Folder, LayerResult, Phase, Plan};
use crate::games::ramsey::RamseyGame;
use crate::games::scoring::ScoringGame;
use crate::verify::jobs::run::{JobError, Usage};
use crate::verify::jobs::{host_name, tool, write_atomic, GameSpec, JobsError, Manifest, Splittable};
use std::time::Instant;

/// Writes the layered folder of `game`: `shards` shards per level (at
/// least 1), certificates if the family has them and `certificates`.
pub fn split_layers<G: Splittable>(
    game: &G,
    folder: &Folder,
    shards: usize,
    certificates: bool,
    command: String,
) -> Result<Manifest, JobsError> {
    let plan = Plan {
        levels: game.start().free_edges().len() + 1,
        shards: shards.max(1),
    };
    let manifest = Manifest {
        format: crate::verify::jobs::MANIFEST_FORMAT.to_string(),
        tool: tool(),
        game: game.spec(),
        depth: 0,
        keys: false,
        certificates: certificates && matches!(game.spec(), GameSpec::Ramsey(_)),
        command,
        jobs: vec![],
        layers: Some(plan),
    };
    folder.create(&manifest)?;
    Ok(manifest)
}

/// Runs job `index` of a layered folder within `budget` unless it has
/// finished before (`Ok((result, false))` then); `usage` is read once the
/// job is done. A job stopped by the budget writes why in `failed/` and
/// no result.
pub fn run_layer_job(
    folder: &Folder,
    index: usize,
    budget: Budget,
    usage: impl Fn() -> Usage,
) -> Result<(LayerResult, bool), JobError> {
    let manifest = folder.manifest()?;
    match &manifest.game {
        GameSpec::Ramsey(_) => run_as(
            &RamseyGame::from_spec(&manifest.game)?,
            folder,
            &manifest,
            (index, budget),
            usage,
        ),
        GameSpec::Erdos(_) => run_as(
            &ScoringGame::from_spec(&manifest.game)?,
            folder,
            &manifest,
            (index, budget),
            usage,
        ),
        GameSpec::Strategy(_) => Err(crate::verify::jobs::JobsError::Bad(crate::verify::jobs::ITS_OWN.into()).into()),
    }
}

fn run_as<G: Splittable>(
    game: &G,
    folder: &Folder,
    manifest: &Manifest,
    (index, budget): (usize, Budget),
    usage: impl Fn() -> Usage,
) -> Result<(LayerResult, bool), JobError> {
    let plan = Folder::plan(manifest)?;
    let task = plan
        .task(index)
        .ok_or_else(|| JobsError::Bad(format!("no job {index}: the folder has {}", plan.jobs())))?;
    if let Some(done) = folder.layer_result(&plan, index)? {
        return Ok((done, false));
    }
    let marker = folder.job_file("running", index, "json");
    let note = serde_json::json!({"host": host_name(), "pid": std::process::id()});
    write_atomic(&marker, note.to_string().as_bytes())?;
    let started = Instant::now();
    let done = match task.phase {
        Phase::Forward => forward(game, folder, &plan, task, budget),
        Phase::Backward => backward(game, folder, &plan, task, budget),
    };
    let _ = std::fs::remove_file(&marker);
    let failed = folder.job_file("failed", index, "txt");
    let (positions, children, files) = match done {
        Err(JobError::Stopped(stop)) => {
            write_atomic(&failed, format!("{stop}\n").as_bytes())?;
            return Err(stop.into());
        }
        other => other?,
    };
    let used = usage();
    let result = LayerResult {
        tool: tool(),
        index,
        phase: task.phase,
        level: task.level,
        shard: task.shard,
        positions,
        children,
        cpu_seconds: used.cpu_seconds,
        wall_seconds: started.elapsed().as_secs_f64(),
        peak_memory_bytes: used.peak_memory_bytes,
        host: host_name(),
        files,
    };
    folder.write_layer_result(&result)?;
    let _ = std::fs::remove_file(&failed);
    Ok((result, true))
}
