//! The flags of `split`, `job`, `jobs` and `merge`, and what the game and
//! strategy folders' commands share (how a split is announced, a job's
//! failure, this process's usage), so that `split.rs` and
//! `split_strategy.rs` both take them from here.

use super::args::LimitArgs;
use super::game_solve::StatementArgs;
use super::split_layers::failure;
use super::{output, Failure};
use crate::verify::jobs::run::{JobError, Usage};
use crate::verify::jobs::Manifest;
use clap::{ArgGroup, Args};
use std::path::{Path, PathBuf};

/// `split`: the game (as `solve --rules` or `erdos` states it), where to
/// cut, and the folder.
#[derive(Args, Debug)]
#[command(group(ArgGroup::new("cut").args(["depth", "jobs", "layers", "plies"])))]
#[command(group(ArgGroup::new("family").required(true).args(["rules", "erdos", "strategy"])))]
pub struct SplitArgs {
    /// A graph Ramsey game (`solve --rules`).
    #[command(flatten)]
    pub statement: StatementArgs,
    /// Instead: one of Erdős' scoring games (clique, star, vc, colex), as
    /// `erdos --game`.
    #[arg(long, conflicts_with_all = ["target", "target_red", "target_blue", "start", "first"])]
    pub erdos: Option<String>,
    /// With --erdos: edges red before Alice's first move (as `erdos --head-start`).
    #[arg(long, requires = "erdos")]
    pub head_start: Option<String>,
    /// With --erdos: Bob moves first.
    #[arg(long, requires = "erdos")]
    pub bob_first: bool,
    /// Instead: `verify` of this strategy (with --bound), split over his
    /// first replies (--plies).
    #[arg(long, conflicts_with_all = ["target", "target_red", "target_blue", "start", "first", "depth", "jobs", "layers"])]
    pub strategy: Option<String>,
    /// With --strategy: the bound on her moves (as `verify --bound`).
    #[arg(long, default_value_t = 50, value_parser = crate::verify::parse_bound)]
    pub bound: u32,
    /// With --strategy: cut after this many of his moves.
    #[arg(long, requires = "strategy")]
    pub plies: Option<u32>,
    /// The board: n (K_n), a graph name or graph6; with --erdos also
    /// colex:m for the Colex graph C(m).
    #[arg(long)]
    pub board: String,
    /// Cut this many plies below the start.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Cut at the shallowest depth with at least this many positions (up
    /// to isomorphism).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Instead of a frontier: level by level (positions with as many
    /// edges coloured), jobs sharing values through files: a forward and a
    /// backward job per level and shard, run step after step (no position
    /// is searched twice).
    #[arg(long)]
    pub layers: bool,
    /// With --layers: shards per level (jobs per step).
    #[arg(long, requires = "layers", default_value_t = 4)]
    pub shards: usize,
    /// Jobs also write their positions' keys, so that the merge counts
    /// distinct positions exactly as one process does (disk: about 20
    /// bytes per position). Not with --erdos: its jobs search as `erdos`
    /// does, by threshold tests, whose stored positions depend on the
    /// order of the tests.
    #[arg(long)]
    pub keys: bool,
    /// Jobs write no certificates (the merge then gives no certificate).
    #[arg(long)]
    pub no_cert: bool,
    /// The job folder to create.
    #[arg(long)]
    pub out: PathBuf,
}

/// `job`: one job of a folder.
#[derive(Args, Debug)]
pub struct JobArgs {
    /// The job folder.
    pub dir: PathBuf,
    /// The job's number (from 0).
    pub index: usize,
    /// Worker threads and the memory cap.
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// `jobs` and `merge`: a folder.
#[derive(Args, Debug)]
pub struct FolderArgs {
    /// The job folder.
    pub dir: PathBuf,
    /// With `merge`: write the merged certificate to FILE (gzipped if it
    /// ends in .gz).
    #[arg(long, value_name = "FILE")]
    pub cert: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Says how many jobs the folder `dir` holds, where they were cut (`cut`),
/// and how to run one.
pub(super) fn said_split(manifest: &Manifest, cut: &str, dir: &Path) -> Result<(), Failure> {
    output::print(&format!(
        "{} jobs {cut} in {}\nrun job i: {}\n",
        manifest.jobs.len(),
        dir.display(),
        manifest.command
    ))
}

/// A job's error as the command line reports it: a stopped job has no
/// verdict (exit code 3), a bad folder is bad input.
pub(super) fn job_failure(index: usize, e: JobError) -> Failure {
    match e {
        JobError::Jobs(e) => failure(e),
        JobError::Stopped(s) => Failure::NoVerdict(format!("job {index}: {s}")),
    }
}

/// CPU seconds and peak resident memory of this process.
pub(super) fn usage() -> Usage {
    // SAFETY: getrusage only writes the struct it is given.
    let u = unsafe {
        let mut u = std::mem::zeroed::<libc::rusage>();
        libc::getrusage(libc::RUSAGE_SELF, &mut u);
        u
    };
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    Usage {
        cpu_seconds: seconds(u.ru_utime) + seconds(u.ru_stime),
        // Linux reports kibibytes.
        peak_memory_bytes: u.ru_maxrss as u64 * 1024,
    }
}
