//! Running a verification and reporting it.

use crate::board::{Board, Player};
use crate::line::Line;
use crate::progress;
use crate::search::{FailKind, Search, Stats, Value};
use crate::strategy::Strategy;
use serde::Serialize;
use serde_json::json;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// What a verification run is asked to do.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    pub board: Board,
    /// Largest number of her moves allowed.
    pub bound: u32,
    /// Worker threads (1 = sequential).
    pub threads: usize,
    /// Cap on the transposition table's memory, in bytes.
    pub max_memory: Option<u64>,
    /// Show a progress line on stderr for runs longer than a second.
    pub progress: bool,
    /// Use the standing-assumption shortcuts where the strategy allows them.
    pub shortcuts: bool,
}

impl Request {
    /// A request with no memory cap and no progress display.
    pub fn new(board: Board, bound: u32, threads: usize) -> Request {
        Request {
            board,
            bound,
            threads,
            max_memory: None,
            progress: false,
            shortcuts: true,
        }
    }
}

/// Why a run gave no verdict.
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    #[error("{0}")]
    Setup(String),
    #[error(
        "memory limit reached: the table held about {} MiB after {positions} positions; no verdict \
         (raise --max-memory)",
        bytes >> 20
    )]
    MemoryLimit { positions: u64, bytes: u64 },
}

/// The verdict of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Verified,
    Refuted,
}

/// Everything a run found.
#[derive(Clone, Debug)]
pub struct Report {
    pub strategy: String,
    pub target: String,
    pub board: Board,
    pub bound: u32,
    pub verdict: Verdict,
    /// Exact largest number of her moves over all lines (verified runs).
    pub max_moves: Option<u32>,
    /// Kind of counterexample (refuted runs).
    pub failure: Option<FailKind>,
    /// Distinct positions with the second player to move.
    pub positions: u64,
    pub seconds: f64,
    pub threads: usize,
    /// A longest line (verified) or a shortest counterexample (refuted).
    pub line: Line,
    pub stats: Stats,
}

fn run_search(
    strategy: &dyn Strategy,
    request: Request,
    threads: usize,
) -> Result<(Search<'_>, Value, Line), VerifyError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| VerifyError::Setup(format!("cannot start {threads} threads: {e}")))?;
    let search =
        Search::new(strategy, request.board, request.bound).with_memory_limit(request.max_memory.unwrap_or(u64::MAX));
    let done = AtomicBool::new(false);
    let value = std::thread::scope(|scope| {
        if request.progress {
            scope.spawn(|| progress::watch(&search, &done));
        }
        let value = pool.install(|| search.root_value());
        done.store(true, Ordering::Relaxed);
        value
    });
    if search.aborted() {
        return Err(VerifyError::MemoryLimit {
            positions: search.positions(),
            bytes: search.table_bytes(),
        });
    }
    let line = pool.install(|| search.principal_line());
    Ok((search, value, line))
}

/// Runs the adversary enumerator on `strategy` as `request` says.
pub fn verify(strategy: &dyn Strategy, request: Request) -> Result<Report, VerifyError> {
    let start = Instant::now();
    let (mut search, mut value, mut line) = run_search(strategy, request, request.threads)?;
    if matches!(value, Value::Fail { .. }) && request.threads > 1 {
        // Which positions a parallel refutation touched depends on timing;
        // the sequential run's count is the reproducible one.
        (search, value, line) = run_search(strategy, request, 1)?;
    }
    let (verdict, max_moves, failure) = match value {
        Value::Win(m) => (Verdict::Verified, Some(m), None),
        Value::Fail { kind, .. } => (Verdict::Refuted, None, Some(kind)),
    };
    Ok(Report {
        strategy: strategy.name().to_string(),
        target: strategy.game().target_name(),
        board: request.board,
        bound: request.bound,
        verdict,
        max_moves,
        failure,
        positions: search.positions(),
        seconds: start.elapsed().as_secs_f64(),
        threads: request.threads,
        line,
        stats: search.stats(),
    })
}

impl Report {
    /// The machine-readable form printed by `--json`.
    pub fn to_json(&self) -> serde_json::Value {
        let moves: Vec<_> = self
            .line
            .moves
            .iter()
            .map(|m| {
                let (u, v) = m.edge.ends();
                json!({"player": m.player, "edge": [u, v], "forced": m.forced, "phase": m.phase})
            })
            .collect();
        let line = json!({"moves": moves, "ending": self.line.ending, "names": self.line.names});
        let refuted = self.verdict == Verdict::Refuted;
        json!({
            "strategy": self.strategy,
            "target": self.target,
            "board": self.board.to_string(),
            "bound": self.bound,
            "verdict": self.verdict,
            "max_moves": self.max_moves,
            "failure": self.failure.map(|f| format!("{f:?}")),
            "positions": self.positions,
            "seconds": self.seconds,
            "threads": self.threads,
            "counterexample": if refuted { line.clone() } else { serde_json::Value::Null },
            "longest_line": if refuted { serde_json::Value::Null } else { line },
            "his_moves": self.line.count(Player::Second),
            "stats": self.stats,
        })
    }

    /// The human-readable summary printed without `--json`.
    pub fn to_text(&self, game: crate::strategy::Game) -> String {
        let mut out = format!(
            "strategy {} on board {} ({} game), bound {}\n",
            self.strategy, self.board, self.target, self.bound
        );
        match self.verdict {
            Verdict::Verified => out.push_str(&format!(
                "VERIFIED: she wins within {} moves on every line\n",
                self.max_moves.unwrap_or(0)
            )),
            Verdict::Refuted => out.push_str(&format!(
                "REFUTED: {} after {} of his moves\n",
                self.line.ending.describe(game),
                self.line.count(Player::Second)
            )),
        }
        out.push_str(&format!(
            "positions: {}   time: {:.3}s   threads: {}\n",
            self.positions, self.seconds, self.threads
        ));
        out.push_str(match self.verdict {
            Verdict::Verified => "a longest line:\n",
            Verdict::Refuted => "counterexample (the first one in reply order):\n",
        });
        out.push_str(&self.line.to_text(game));
        out
    }
}
