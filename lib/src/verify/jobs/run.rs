//! Splitting a game into a job folder, and running one job.

use super::{host_name, io_error, tool, write_atomic, FileSum, Folder, JobResult, JobSpec, JobsError, Manifest};
use super::{GameSpec, Splittable};
use crate::core::board::Position;
use crate::core::symmetry::Canonical;
use crate::engine::split::{frontier, frontier_for_jobs, replay, write_keys};
use crate::engine::{inverse, Limits, Stopped};
use crate::games::ramsey::RamseyGame;
use crate::games::scoring::ScoringGame;
use crate::verify::cert::game::colouring;
use crate::verify::cert::sha256_hex;
use std::time::Instant;

/// Where to cut the search.
#[derive(Clone, Copy, Debug)]
pub enum Cut {
    /// At this many plies below the start.
    Depth(u32),
    /// At the shallowest depth with at least this many positions.
    Jobs(usize),
}

/// What the jobs of a split write besides their values.
#[derive(Clone, Debug)]
pub struct SplitOptions {
    /// Where to cut.
    pub cut: Cut,
    /// Jobs write their positions' keys, for exact distinct counts.
    pub keys: bool,
    /// Jobs write certificates, for a merged certificate.
    pub certificates: bool,
    /// How to run job `{}`, recorded in the manifest.
    pub command: String,
}

/// Cuts `game` at the frontier `options` asks for (isomorphic positions
/// merged) and writes the job folder; the manifest written.
pub fn split<G: Splittable>(game: &G, folder: &Folder, options: &SplitOptions) -> Result<Manifest, JobsError> {
    let (depth, nodes) = match options.cut {
        Cut::Depth(d) => (d, frontier(game, d)),
        Cut::Jobs(n) => frontier_for_jobs(game, n, game.start().free_edges().len() as u32),
    };
    let manifest = Manifest {
        format: super::MANIFEST_FORMAT.to_string(),
        tool: tool(),
        game: game.spec(),
        depth,
        keys: options.keys,
        certificates: options.certificates,
        command: options.command.clone(),
        jobs: nodes
            .into_iter()
            .enumerate()
            .map(|(i, n)| JobSpec::new(i, n.path, &n.canon.position))
            .collect(),
        layers: None,
    };
    folder.create(&manifest)?;
    Ok(manifest)
}

/// The job's canonical position: its path replayed, checked against the
/// position the manifest names (a manifest from another program or
/// version, whose labelling differs, is refused rather than misread).
pub fn job_position<G: Splittable>(game: &G, job: &JobSpec) -> Result<Canonical<Position>, JobsError> {
    let canon = replay(game, &job.path)
        .ok_or_else(|| JobsError::Bad(format!("job {}: its path is not a line of play", job.index)))?;
    if colouring(&canon.position) != job.position || game.outcome(&canon.position).is_some() {
        return Err(JobsError::Bad(format!(
            "job {}: its path leads to {}, not to the manifest's {} (split by another version?)",
            job.index,
            colouring(&canon.position),
            job.position
        )));
    }
    Ok(canon)
}

/// What the process used, measured by the caller (the library has no
/// access to the operating system's counters).
#[derive(Clone, Copy, Debug, Default)]
pub struct Usage {
    /// CPU seconds, user and system.
    pub cpu_seconds: f64,
    /// Peak resident memory, bytes.
    pub peak_memory_bytes: u64,
}

/// What running a job did.
#[derive(Debug)]
pub enum Ran {
    /// It had finished before: nothing was done.
    Skipped(JobResult),
    /// It ran now.
    Done(JobResult),
}

impl Ran {
    /// How a report says it ran ("done", or "finished before": nothing
    /// was done), and its result.
    pub fn said(&self) -> (&'static str, &JobResult) {
        match self {
            Ran::Skipped(r) => ("finished before", r),
            Ran::Done(r) => ("done", r),
        }
    }
}

/// Why a job gave no result.
#[derive(Debug, thiserror::Error)]
pub enum JobError {
    /// The folder or the job is unusable.
    #[error(transparent)]
    Jobs(#[from] JobsError),
    /// The search stopped (memory cap); the reason is in `failed/`.
    #[error("{0}")]
    Stopped(#[from] Stopped),
}

/// Why an Erdős folder's jobs write no keys: they search as `erdos` does,
/// by threshold tests, and the positions those store depend on the order
/// of the tests, so keys would count no one process's positions.
pub const ERDOS_KEYS: &str = "an Erdős job runs threshold searches, whose stored positions \
     depend on the order of their tests: split again without --keys";

/// Runs job `index` of the folder unless it has finished before: solves
/// its position, writes its certificate and keys if the manifest asks, then
/// its result, each atomically. `usage` is read once the job is done.
pub fn run_job(folder: &Folder, index: usize, limits: Limits, usage: impl Fn() -> Usage) -> Result<Ran, JobError> {
    let manifest = folder.manifest()?;
    match &manifest.game {
        GameSpec::Ramsey(_) => run_as(
            RamseyGame::from_spec(&manifest.game)?,
            folder,
            &manifest,
            index,
            limits,
            usage,
        ),
        GameSpec::Erdos(_) if manifest.keys => Err(JobsError::Bad(ERDOS_KEYS.into()).into()),
        GameSpec::Erdos(_) => run_as(
            ScoringGame::from_spec(&manifest.game)?,
            folder,
            &manifest,
            index,
            limits,
            usage,
        ),
        GameSpec::Strategy(_) => Err(JobsError::Bad(super::ITS_OWN.into()).into()),
    }
}

/// [`run_job`] for the manifest's game.
fn run_as<G: Splittable>(
    game: G,
    folder: &Folder,
    manifest: &Manifest,
    index: usize,
    limits: Limits,
    usage: impl Fn() -> Usage,
) -> Result<Ran, JobError> {
    let job = manifest
        .jobs
        .get(index)
        .ok_or_else(|| JobsError::Bad(format!("no job {index}: the folder has {}", manifest.jobs.len())))?;
    if let Some(done) = folder.result(manifest, index, true)? {
        return Ok(Ran::Skipped(done));
    }
    // The path checked against the manifest's position.
    job_position(&game, job)?;
    record(folder, index, limits.threads(), usage, || {
        solve_job(&game, folder, manifest, job, limits)
    })
}

/// The position at the end of `path` in the start's labels: the canonical
/// position [`replay`] reaches, renamed back through every step's
/// labelling. A job searches and certifies it, so that its certificate's
/// entries are on the board as the game states it (a canonical form
/// renames a board that is not symmetric), as the merged certificate's
/// must be.
fn in_start_labels<G: Splittable>(game: &G, path: &[u32]) -> Option<Position> {
    let mut canon = game.canonical(&game.start());
    let mut back = inverse(&canon.to_canon);
    for &i in path {
        let m = game
            .orbit_moves(&canon.position, &canon.generators)
            .get(i as usize)?
            .clone();
        let next = game.canonical(&game.play(&canon.position, &m));
        back = inverse(&next.to_canon).iter().map(|&v| back[v as usize]).collect();
        canon = next;
    }
    Some(canon.position.relabel(|v| back[v as usize]))
}

/// Runs `solve` as job `index`, keeping the folder's books: a `running/`
/// marker while it runs, then its result (with the process's `usage` and
/// wall time) written atomically, or why it stopped in `failed/`.
pub(super) fn record(
    folder: &Folder,
    index: usize,
    threads: usize,
    usage: impl Fn() -> Usage,
    solve: impl FnOnce() -> Result<JobResult, JobError>,
) -> Result<Ran, JobError> {
    let marker = folder.job_file("running", index, "json");
    let note = serde_json::json!({"host": host_name(), "pid": std::process::id()});
    write_atomic(&marker, note.to_string().as_bytes())?;
    let started = Instant::now();
    let solved = solve();
    let failed = folder.job_file("failed", index, "txt");
    let result = match solved {
        Err(JobError::Stopped(stop)) => {
            write_atomic(&failed, format!("{stop}\n").as_bytes())?;
            let _ = std::fs::remove_file(&marker);
            return Err(stop.into());
        }
        other => other?,
    };
    let used = usage();
    let result = JobResult {
        wall_seconds: started.elapsed().as_secs_f64(),
        cpu_seconds: used.cpu_seconds,
        peak_memory_bytes: used.peak_memory_bytes,
        threads,
        ..result
    };
    let text = serde_json::to_string_pretty(&result).expect("plain data serialises") + "\n";
    write_atomic(&folder.job_file("results", index, "json"), text.as_bytes())?;
    let _ = std::fs::remove_file(&marker);
    let _ = std::fs::remove_file(&failed);
    Ok(Ran::Done(result))
}

/// The job's search and the files beside its result; the result without
/// the process's usage.
fn solve_job<G: Splittable>(
    game: &G,
    folder: &Folder,
    manifest: &Manifest,
    job: &JobSpec,
    limits: Limits,
) -> Result<JobResult, JobError> {
    let from = in_start_labels(game, &job.path).expect("the job's path was replayed");
    let searched = game.search_job(&from, limits, manifest)?;
    // The line in the job's canonical labels, as results write it (the
    // merge renames it to each frontier position the job stands for).
    let to_canon = game.canonical(&from).to_canon;
    let line = searched
        .line
        .iter()
        .map(|m| game.move_text(&game.relabel_move(m, &to_canon)));
    let certificate = match searched.certificate {
        Some(cert) => Some(folder.write_part(job.index, "cert", cert.text.as_bytes(), cert.entries as u64)?),
        None => None,
    };
    let keys = match searched.keys {
        Some(keys) => {
            let mut bytes = Vec::new();
            write_keys(&keys, &mut bytes).expect("writing to memory");
            Some(folder.write_part(job.index, "keys", &bytes, keys.len() as u64)?)
        }
        None => None,
    };
    let score = game.score_code(searched.value.score);
    Ok(JobResult {
        certificate,
        keys,
        ..JobResult::new(job, score, searched.value.plies, line.collect(), searched.positions)
    })
}

impl Folder {
    /// Writes a file beside job `index`'s result (atomically) and names it
    /// with its checksum.
    pub(super) fn write_part(&self, index: usize, ext: &str, bytes: &[u8], count: u64) -> Result<FileSum, JobsError> {
        let path = self.job_file("results", index, ext);
        write_atomic(&path, bytes)?;
        Ok(FileSum {
            file: format!("job-{index:06}.{ext}"),
            sha256: sha256_hex(bytes),
            count,
        })
    }

    /// Job `index`'s result if it has finished: `None` if there is no
    /// result file; an error if the file is unreadable, is not the job's,
    /// lacks a file the manifest asks for, or (with `deep`) a file it names
    /// is missing or changed.
    pub fn result(&self, manifest: &Manifest, index: usize, deep: bool) -> Result<Option<JobResult>, JobsError> {
        let path = self.job_file("results", index, "json");
        let text = match std::fs::read_to_string(&path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            other => other.map_err(io_error(&path))?,
        };
        let bad = |why: String| JobsError::Bad(format!("job {index}: {why}"));
        let result: JobResult = serde_json::from_str(&text).map_err(|e| bad(format!("{}: {e}", path.display())))?;
        let job = &manifest.jobs[index];
        if result.index != index || result.path != job.path || result.position != job.position {
            return Err(bad("its result is another job's".into()));
        }
        // A strategy job certifies only a verified situation that is not
        // over (its merge asks for each it needs).
        let strategy = matches!(manifest.game, GameSpec::Strategy(_));
        let parts = [
            (manifest.certificates, !strategy, &result.certificate),
            (manifest.keys, true, &result.keys),
        ];
        for (wanted, required, part) in parts {
            match (wanted, part) {
                (true, None) if required => return Err(bad("a file the manifest asks for is not named".into())),
                (true, Some(sum)) if deep => self.check_part(sum).map_err(bad)?,
                _ => {}
            }
        }
        Ok(Some(result))
    }

    /// The text of a file a result names (in `results/`).
    pub(super) fn part_text(&self, file: &str) -> Result<String, JobsError> {
        let path = self.root.join("results").join(file);
        std::fs::read_to_string(&path).map_err(io_error(&path))
    }

    /// Whether a named file is there with its checksum.
    fn check_part(&self, sum: &super::FileSum) -> Result<(), String> {
        let path = self.root.join("results").join(&sum.file);
        let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        match sha256_hex(&bytes) == sum.sha256 {
            true => Ok(()),
            false => Err(format!("{} was changed after the job wrote it", path.display())),
        }
    }
}
