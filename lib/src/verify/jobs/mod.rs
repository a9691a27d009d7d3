//! A search split into jobs in a folder, for a scheduler (Slurm, GNU
//! parallel) to run on many cores or machines, and merged back
//! (`ramsey-verify split`, `job`, `jobs`, `merge`; the engine's side is
//! [`crate::engine::split`]).
//!
//! The folder (docs/book/src/scale-out.md shows one):
//!
//! - `manifest.json`: the game statement (as a certificate header states
//!   it: rules, board, targets, first player, start), the frontier depth,
//!   what the jobs write, the command that runs job `i`, and one line per
//!   job: its path ([`crate::engine::split::replay`]), its position
//!   (`RED:BLUE`, canonical labels) and the free edges left there (a cheap
//!   size estimate: the job's tree shrinks with every edge coloured).
//! - `results/job-NNNNNN.json` ([`JobResult`]): the job's value, positions,
//!   optimal line, CPU time, peak memory and host; beside it its
//!   certificate (`.cert`, a version-3 or -5 certificate of its position)
//!   and, if asked, its positions' keys (`.keys`), both named in the result
//!   with their SHA-256. Each file is written under a temporary name and
//!   renamed, the result last: a result file is there only once the job is
//!   finished, whole.
//! - `running/job-NNNNNN.json`: written when a job starts, removed when it
//!   finishes; `failed/job-NNNNNN.txt`: why a job stopped without a value.
//!
//! So a job is idempotent (a finished job is skipped), restartable (a killed
//! job left no result and reruns from the start) and nothing is counted
//! twice (one result file per job). The merge reads every result, refuses
//! missing or bad ones by number, and recomputes the frontier to check the
//! manifest.

use crate::core::board::Position;
use crate::verify::cert::game::colouring;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

mod family;
pub mod layered;
pub mod merge;
mod parts;
pub mod run;
pub mod status;
pub mod strategy;

pub use family::{ErdosSpec, GameSpec, RamseySpec, Searched, Splittable};

/// The first line of a manifest's `format` field.
pub const MANIFEST_FORMAT: &str = "ramsey-verify jobs 1";

/// What the game job runners say of a strategy folder ([`GameSpec::Strategy`]).
pub(crate) const ITS_OWN: &str = "a strategy folder (split --strategy): its jobs verify the strategy";

/// What went wrong with a job folder, with the message the command line shows.
#[derive(Debug, thiserror::Error)]
pub enum JobsError {
    /// A file of the folder cannot be read or written.
    #[error("{path}: {error}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// A file of the folder is not what it should be.
    #[error("{0}")]
    Bad(String),
}

/// [`JobsError::Io`] for `path`.
pub(crate) fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> JobsError + '_ {
    move |error| JobsError::Io {
        path: path.to_path_buf(),
        error,
    }
}

/// One job of a manifest.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct JobSpec {
    /// The job's number, from 0.
    pub index: usize,
    /// Orbit-move indices from the canonical start.
    pub path: Vec<u32>,
    /// The position, `RED:BLUE` in canonical labels.
    pub position: String,
    /// Who moves there.
    pub to_move: String,
    /// Free edges left: a cheap size estimate.
    pub free_edges: usize,
}

impl JobSpec {
    /// Job `index` at canonical `position`, reached by `path`.
    pub fn new(index: usize, path: Vec<u32>, position: &Position) -> JobSpec {
        JobSpec {
            index,
            path,
            position: colouring(position),
            to_move: position.to_move().colour_name().to_string(),
            free_edges: position.free_edges().len(),
        }
    }
}

/// A job folder's manifest.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Manifest {
    /// [`MANIFEST_FORMAT`].
    pub format: String,
    /// The program and version that split the search (a job must be run by
    /// the same: paths follow its canonical labelling).
    pub tool: String,
    /// The game.
    pub game: GameSpec,
    /// Plies from the start to the frontier.
    pub depth: u32,
    /// Whether jobs write their positions' keys (for exact counts of
    /// distinct positions over all jobs, at some disk cost).
    pub keys: bool,
    /// Whether jobs write certificates of their positions.
    pub certificates: bool,
    /// How to run job `{}` (the index replaces `{}`), for people and scripts.
    pub command: String,
    /// The jobs (none in a layered folder: its jobs are numbered by its
    /// plan).
    pub jobs: Vec<JobSpec>,
    /// A layered folder's levels and shards ([`layered`]); none for a
    /// folder cut at a frontier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layers: Option<layered::Plan>,
}

/// The tool line of manifests and results.
pub fn tool() -> String {
    format!("ramsey-verify {}", env!("CARGO_PKG_VERSION"))
}

impl Manifest {
    /// The manifest as text: one line per job.
    pub fn to_text(&self) -> String {
        let jobs: Vec<String> = self.jobs.iter().map(json).collect();
        let layers = match &self.layers {
            Some(plan) => format!(",\n\"layers\": {}", json(plan)),
            None => String::new(),
        };
        format!(
            "{{\n\"format\": {},\n\"tool\": {},\n\"game\": {},\n\"depth\": {},\n\"keys\": {},\n\
             \"certificates\": {},\n\"command\": {},\n\"jobs\": [\n{}\n]{layers}\n}}\n",
            json(&self.format),
            json(&self.tool),
            json(&self.game),
            self.depth,
            self.keys,
            self.certificates,
            json(&self.command),
            jobs.join(",\n")
        )
    }
}

/// `value` as one line of JSON (plain data always serialises).
fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("plain data serialises")
}

/// A job folder on disk.
#[derive(Clone, Debug)]
pub struct Folder {
    root: PathBuf,
}

impl Folder {
    /// The folder at `root` (nothing is read yet).
    pub fn at(root: impl Into<PathBuf>) -> Folder {
        Folder { root: root.into() }
    }

    /// The manifest's path.
    pub fn manifest_path(&self) -> PathBuf {
        self.root.join("manifest.json")
    }

    /// The path of job `index`'s file in `kind` (`results`, `running`,
    /// `failed`) with extension `ext`.
    pub fn job_file(&self, kind: &str, index: usize, ext: &str) -> PathBuf {
        self.root.join(kind).join(format!("job-{index:06}.{ext}"))
    }

    /// Creates the folder (which must not hold a manifest yet) and writes
    /// the manifest.
    pub fn create(&self, manifest: &Manifest) -> Result<(), JobsError> {
        if self.manifest_path().exists() {
            return Err(JobsError::Bad(format!(
                "{} exists: split into a new folder",
                self.manifest_path().display()
            )));
        }
        for kind in ["results", "running", "failed"] {
            let dir = self.root.join(kind);
            std::fs::create_dir_all(&dir).map_err(io_error(&dir))?;
        }
        write_atomic(&self.manifest_path(), manifest.to_text().as_bytes())
    }

    /// Reads the manifest.
    pub fn manifest(&self) -> Result<Manifest, JobsError> {
        let path = self.manifest_path();
        let text = std::fs::read_to_string(&path).map_err(io_error(&path))?;
        let manifest: Manifest =
            serde_json::from_str(&text).map_err(|e| JobsError::Bad(format!("{}: {e}", path.display())))?;
        if manifest.format != MANIFEST_FORMAT {
            return Err(JobsError::Bad(format!(
                "{}: format `{}`, expected `{MANIFEST_FORMAT}`",
                path.display(),
                manifest.format
            )));
        }
        if manifest.jobs.iter().enumerate().any(|(i, j)| j.index != i) {
            return Err(JobsError::Bad(format!("{}: jobs out of order", path.display())));
        }
        Ok(manifest)
    }
}

/// Writes `bytes` to `path` whole or not at all: to a temporary name beside
/// it (with this process's id, so two runs of one job do not share it),
/// then renamed over `path`.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), JobsError> {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".tmp.{}", std::process::id()));
    let temporary = path.with_file_name(name);
    std::fs::write(&temporary, bytes).map_err(io_error(&temporary))?;
    std::fs::rename(&temporary, path).map_err(io_error(path))
}

/// A file a result names, with its SHA-256 (so a changed or truncated file
/// is seen).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct FileSum {
    /// The file's name in `results/`.
    pub file: String,
    /// Its SHA-256, hexadecimal.
    pub sha256: String,
    /// Its entries (certificate) or keys (key file).
    pub count: u64,
}

/// What a finished job wrote.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct JobResult {
    /// The program that ran it.
    pub tool: String,
    /// The job's number.
    pub index: usize,
    /// Its path (as in the manifest).
    pub path: Vec<u32>,
    /// Its position (as in the manifest).
    pub position: String,
    /// The score under optimal play, as the family writes it
    /// ([`Splittable::score_code`]: `"red"`, `"blue"` or `"draw"` for a
    /// graph Ramsey game, `[a, b]` for Erdős' games).
    pub score: serde_json::Value,
    /// Turns of optimal play from the position to the end.
    pub plies: u32,
    /// One optimal line from the position, in its (canonical) labels.
    pub line: Vec<String>,
    /// Distinct positions the job's solver stored.
    pub positions: u64,
    /// CPU seconds of the job's process (user and system).
    pub cpu_seconds: f64,
    /// Wall-clock seconds of the job's search.
    pub wall_seconds: f64,
    /// The process's peak resident memory, bytes.
    pub peak_memory_bytes: u64,
    /// Threads the job ran on.
    pub threads: usize,
    /// The machine.
    pub host: String,
    /// Its certificate, if the manifest asks for them.
    pub certificate: Option<FileSum>,
    /// Its keys, if the manifest asks for them.
    pub keys: Option<FileSum>,
}

impl JobResult {
    /// Job `job`'s result as its search found it (`score` as the family
    /// writes it, `plies` and `line` of optimal play, `positions` stored),
    /// written by this program on this machine: no files beside it, and
    /// the usage zero until the job's process is measured ([`run::run_job`]).
    pub fn new(job: &JobSpec, score: serde_json::Value, plies: u32, line: Vec<String>, positions: u64) -> JobResult {
        JobResult {
            tool: tool(),
            index: job.index,
            path: job.path.clone(),
            position: job.position.clone(),
            score,
            plies,
            line,
            positions,
            cpu_seconds: 0.0,
            wall_seconds: 0.0,
            peak_memory_bytes: 0,
            threads: 0,
            host: host_name(),
            certificate: None,
            keys: None,
        }
    }
}

/// This machine's name (for results and progress), or `unknown`.
pub fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .or_else(|_| std::fs::read_to_string("/etc/hostname"))
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|_| "unknown".into())
}
