//! A split whose jobs share values: the game cut into *levels* (positions
//! with the same number of coloured edges) and each level into *shards*
//! (by a stable hash of the canonical key), solved level by level
//! (`split --layers`; the engine's side is [`crate::engine::layers`]).
//!
//! In an edge game every move colours at least one edge, so a position's
//! children lie in deeper levels and no position is in two levels: each
//! position is stored by exactly one job, as one process stores it once.
//! Jobs come in two phases, each a chain of steps of `shards` jobs:
//!
//! - *forward* `(d, s)` (steps `0..levels`): gathers level `d` shard `s`
//!   from the files the forward jobs of shallower levels wrote for it,
//!   deduplicated and sorted by key (`Lddd-Sssss.pos`), and maps each of
//!   those files' children to its index there (`.from-Lddd-Sssss`, one per
//!   file read); lists every position's orbit moves as the solver meets
//!   them (`.steps`: a quick value, or the child's level, shard and number
//!   in this job's file for that shard); writes the children for each
//!   (level, shard) they fall in, each once, in the order met
//!   (`.to-Lddd-Sssss`).
//! - *backward* `(d, s)` (steps `levels..2 levels`, deepest level first):
//!   values every position from its steps and its children's values: a
//!   child's number, through the deeper forward job's `.from-` map of this
//!   shard's children, indexes the deeper shard's `.val` (no key is read
//!   or searched); records the chosen move (`.val`: value and orbit-move
//!   index, in `.pos` order).
//!
//! Job `i` is step `i / shards`, shard `i % shards`; every job of a step
//! needs only jobs of earlier steps (a Slurm array per step, chained with
//! `--dependency=afterok`). Files are written under temporary names and
//! renamed, the result (`results/job-NNNNNN.json`, naming each file with
//! its SHA-256) last: a job is idempotent, restartable, and a job reads
//! only files whose checksums match their writers' results. The merge
//! (`merge.rs`) reads the root's value, counts the positions (the levels'
//! sizes added up: each position is in one shard of one level) and walks
//! the chosen moves for one optimal line and the certificate.

use super::{io_error, write_atomic, FileSum, Folder, JobsError, Manifest};
use crate::engine::{StopReason, Stopped};
use crate::verify::cert::sha256_hex;
use serde::{Deserialize, Serialize};

pub mod backward;
mod bucket;
pub mod cert;
mod codec;
pub mod forward;
pub mod merge;
pub mod run;
mod shard;
pub mod status;

/// How a layered folder is cut: levels (the start's free edges and one)
/// and shards per level.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Plan {
    /// Levels: 0 (the start) to the start's free edges.
    pub levels: usize,
    /// Shards per level.
    pub shards: usize,
}

/// The two passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Gather a level's positions and list their moves.
    Forward,
    /// Value a level's positions.
    Backward,
}

/// One job of a layered folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Task {
    /// Its number.
    pub index: usize,
    /// Its pass.
    pub phase: Phase,
    /// Its level.
    pub level: usize,
    /// Its shard.
    pub shard: usize,
}

impl Plan {
    /// Jobs in all.
    pub fn jobs(&self) -> usize {
        2 * self.levels * self.shards
    }

    /// Steps in the chain (each a Slurm array, each job needing only
    /// earlier steps).
    pub fn steps(&self) -> usize {
        2 * self.levels
    }

    /// Job `index`; `None` past the last.
    pub fn task(&self, index: usize) -> Option<Task> {
        let (step, shard) = (index / self.shards, index % self.shards);
        let (phase, level) = match step {
            s if s < self.levels => (Phase::Forward, s),
            s if s < 2 * self.levels => (Phase::Backward, 2 * self.levels - 1 - s),
            _ => return None,
        };
        Some(Task {
            index,
            phase,
            level,
            shard,
        })
    }

    /// The number of the job of `phase` at (`level`, `shard`).
    pub fn index(&self, phase: Phase, level: usize, shard: usize) -> usize {
        let step = match phase {
            Phase::Forward => level,
            Phase::Backward => 2 * self.levels - 1 - level,
        };
        step * self.shards + shard
    }

    /// The shard of a canonical key.
    pub fn shard_of(&self, key: &[u64]) -> usize {
        (crate::engine::layers::key_hash(key) % self.shards as u64) as usize
    }
}

/// The name of a level's shard file (`pos`, `steps`, `val`), relative to
/// the folder.
pub fn file_name(level: usize, shard: usize, ext: &str) -> String {
    format!("layers/L{level:03}-S{shard:05}.{ext}")
}

/// A layered job's memory cap (`job --max-memory`): the bytes of the files
/// it has read and the buffers it fills are added up as they grow, and a
/// job that would pass the cap stops before it writes any file (no
/// result: the job can be run again with a larger cap, or the folder
/// split into more shards).
#[derive(Clone, Copy, Debug)]
pub struct Budget(pub u64);

impl Budget {
    /// `Ok` if `held` bytes are within the cap.
    pub fn check(self, held: u64) -> Result<(), Stopped> {
        match held > self.0 {
            true => Err(Stopped {
                reason: StopReason::JobCap { bytes: self.0 },
            }),
            false => Ok(()),
        }
    }
}

/// What a finished job of a layered folder wrote.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct LayerResult {
    /// The program that ran it.
    pub tool: String,
    /// The job's number.
    pub index: usize,
    /// Its pass.
    pub phase: Phase,
    /// Its level.
    pub level: usize,
    /// Its shard.
    pub shard: usize,
    /// Positions of its shard.
    pub positions: u64,
    /// Children listed (forward) or looked up (backward).
    pub children: u64,
    /// CPU seconds of the job's process (user and system).
    pub cpu_seconds: f64,
    /// Wall-clock seconds of the job.
    pub wall_seconds: f64,
    /// The process's peak resident memory, bytes.
    pub peak_memory_bytes: u64,
    /// The machine.
    pub host: String,
    /// Its files (names relative to the folder), with their checksums.
    pub files: Vec<FileSum>,
}

impl Folder {
    /// The layered plan of a manifest, or why it has none.
    pub fn plan(manifest: &Manifest) -> Result<Plan, JobsError> {
        match manifest.layers {
            Some(plan) if plan.shards > 0 && plan.levels > 0 => Ok(plan),
            Some(_) => Err(JobsError::Bad("the manifest's plan has no levels or no shards".into())),
            None => Err(JobsError::Bad("not a layered folder (split --layers)".into())),
        }
    }

    /// Job `index`'s layered result, if it has finished (an error if the
    /// file is unreadable or another job's).
    pub fn layer_result(&self, plan: &Plan, index: usize) -> Result<Option<LayerResult>, JobsError> {
        let path = self.job_file("results", index, "json");
        let text = match std::fs::read_to_string(&path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            other => other.map_err(io_error(&path))?,
        };
        let bad = |why: String| JobsError::Bad(format!("job {index}: {why}"));
        let r: LayerResult = serde_json::from_str(&text).map_err(|e| bad(format!("{}: {e}", path.display())))?;
        let task = plan.task(index).ok_or_else(|| bad("not a job of the plan".into()))?;
        if (r.index, r.phase, r.level, r.shard) != (index, task.phase, task.level, task.shard) {
            return Err(bad("its result is another job's".into()));
        }
        Ok(Some(r))
    }

    /// The results of jobs `indices`, all finished, or one error naming
    /// the missing and bad ones by number.
    pub fn layer_results(&self, plan: &Plan, indices: &[usize]) -> Result<Vec<LayerResult>, JobsError> {
        let (mut found, mut missing, mut bad) = (Vec::new(), Vec::new(), Vec::new());
        for &i in indices {
            match self.layer_result(plan, i) {
                Ok(Some(r)) => found.push(r),
                Ok(None) => missing.push(i.to_string()),
                Err(e) => bad.push(e.to_string()),
            }
        }
        if missing.is_empty() && bad.is_empty() {
            return Ok(found);
        }
        let mut why = Vec::new();
        if !missing.is_empty() {
            let shown: Vec<String> = missing.iter().take(10).cloned().collect();
            let more = missing.len().saturating_sub(10);
            let more = if more > 0 {
                format!(", ... {more} more")
            } else {
                String::new()
            };
            why.push(format!(
                "{} jobs without a result ({}{more})",
                missing.len(),
                shown.join(", ")
            ));
        }
        why.extend(bad);
        Err(JobsError::Bad(format!("not ready: {}", why.join("; "))))
    }

    /// A file a result names, read and checked against its checksum.
    pub fn read_named(&self, result: &LayerResult, name: &str) -> Result<Vec<u8>, JobsError> {
        let sum = result
            .files
            .iter()
            .find(|f| f.file == name)
            .ok_or_else(|| JobsError::Bad(format!("job {}: does not name {name}", result.index)))?;
        let path = self.root.join(name);
        let bytes = match std::fs::read(&path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(JobsError::Bad(format!(
                    "job {}: {} is missing (run the job again)",
                    result.index,
                    path.display()
                )))
            }
            other => other.map_err(io_error(&path))?,
        };
        match sha256_hex(&bytes) == sum.sha256 {
            true => Ok(bytes),
            false => Err(JobsError::Bad(format!(
                "job {}: {} was changed after the job wrote it",
                result.index,
                path.display()
            ))),
        }
    }

    /// Writes a file of a layered job (atomically) and names it with its
    /// checksum.
    pub fn write_layer_file(&self, name: &str, bytes: &[u8], count: u64) -> Result<FileSum, JobsError> {
        let path = self.root.join(name);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(io_error(dir))?;
        }
        write_atomic(&path, bytes)?;
        Ok(FileSum {
            file: name.to_string(),
            sha256: sha256_hex(bytes),
            count,
        })
    }

    /// Writes a layered job's result, last (its files are written).
    pub fn write_layer_result(&self, result: &LayerResult) -> Result<(), JobsError> {
        let text = serde_json::to_string_pretty(result).expect("plain data serialises") + "\n";
        write_atomic(&self.job_file("results", result.index, "json"), text.as_bytes())
    }
}
