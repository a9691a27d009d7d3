//! Fixed workloads for `ramsey-verify bench` and `cargo bench`: canonical
//! labelling of game-like positions, calls of the K4 strategy, a slice of
//! the K4 certification, a solve, and whole certifications. Each workload
//! is repeated and reported with its spread; CPU time is reported beside
//! wall time because on a shared machine it is the steadier of the two.

use crate::analysis::budget::NoAnswer;
use crate::core::board::{Board, Edge, Player, Position, Vertex};
use crate::core::canon::{canonical_form, CanonicalForm};
use crate::core::memory::Memory;
use crate::core::orbits::edge_orbit_representatives;
use crate::core::words::count;
use crate::engine::{Limits, Stopped};
use crate::verify::classes::ClassesError;
use crate::verify::search::{Search, Value};
use crate::verify::strategy::{Strategy, View};
use crate::verify::{verify, Request, Verdict, VerifyError};
use std::time::Instant;

/// Why a workload has no measurement.
#[derive(Debug)]
pub enum BenchError {
    /// A limit stopped its search (no verdict).
    Stopped(Stopped),
    /// It could not run, or its result was not the one expected.
    Failed(String),
}

impl std::fmt::Display for BenchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BenchError::Stopped(stopped) => stopped.fmt(f),
            BenchError::Failed(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for BenchError {}

impl From<Stopped> for BenchError {
    fn from(stopped: Stopped) -> BenchError {
        BenchError::Stopped(stopped)
    }
}

impl From<String> for BenchError {
    fn from(why: String) -> BenchError {
        BenchError::Failed(why)
    }
}

impl From<&str> for BenchError {
    fn from(why: &str) -> BenchError {
        BenchError::Failed(why.to_string())
    }
}

/// For callers whose errors are strings (`cargo bench`).
impl From<BenchError> for String {
    fn from(e: BenchError) -> String {
        e.to_string()
    }
}

/// One workload measured `runs` times.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Measurement {
    /// What was measured.
    pub workload: String,
    /// Items (positions, calls, nodes) one run handles.
    pub items: u64,
    /// How many times the workload ran.
    pub runs: usize,
    /// Median wall seconds of a run.
    pub seconds: f64,
    /// Wall seconds of the fastest run.
    pub min_seconds: f64,
    /// Wall seconds of the slowest run.
    pub max_seconds: f64,
    /// Median CPU seconds (user and system, all threads) of a run.
    pub cpu_seconds: f64,
    /// Items per median wall second.
    pub per_second: f64,
    /// Items per median CPU second (the steadier figure on a shared machine).
    pub per_cpu_second: f64,
}

impl Measurement {
    /// One text line: items, median wall time with its range, CPU time, rate.
    pub fn line(&self) -> String {
        format!(
            "{:<50} {:>8} items  wall {:.4}s [{:.4}..{:.4}] x{}  cpu {:.4}s  {:.0}/cpu-s",
            self.workload,
            self.items,
            self.seconds,
            self.min_seconds,
            self.max_seconds,
            self.runs,
            self.cpu_seconds,
            self.per_cpu_second
        )
    }
}

/// CPU seconds (user and system) the process has used so far.
fn cpu_seconds() -> f64 {
    // SAFETY: getrusage only writes the struct it is given.
    let usage = unsafe {
        let mut usage = std::mem::zeroed::<libc::rusage>();
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
        usage
    };
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// Runs `work` `runs` times (at least once); `work` returns the number of
/// items it handled (reported from the first run: a failure-class search on
/// several threads may count a few more or fewer).
pub fn measure(
    workload: String,
    runs: usize,
    mut work: impl FnMut() -> Result<u64, BenchError>,
) -> Result<Measurement, BenchError> {
    let (mut wall, mut cpu, mut items) = (Vec::new(), Vec::new(), None);
    for _ in 0..runs.max(1) {
        let (start, start_cpu) = (Instant::now(), cpu_seconds());
        let n = work()?;
        wall.push(start.elapsed().as_secs_f64());
        cpu.push(cpu_seconds() - start_cpu);
        items.get_or_insert(n);
    }
    let seconds = median(&mut wall);
    let cpu_seconds = median(&mut cpu);
    Ok(Measurement {
        workload,
        items: items.unwrap_or(0),
        runs: wall.len(),
        seconds,
        min_seconds: wall[0],
        max_seconds: wall[wall.len() - 1],
        cpu_seconds,
        per_second: items.unwrap_or(0) as f64 / seconds.max(1e-9),
        per_cpu_second: items.unwrap_or(0) as f64 / cpu_seconds.max(1e-9),
    })
}

/// A deterministic pseudo-random game-like position: `rounds` rounds of
/// play in which most edges touch vertices already in play, as in a K4
/// game (triangles, stars, a few fresh vertices).
pub fn game_like_position(seed: u64, rounds: usize) -> Position {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let mut position = Position::empty(Board::Infinite);
    for turn in 0..2 * rounds {
        let player = if turn % 2 == 0 { Player::First } else { Player::Second };
        loop {
            let used = position.touched_count().max(2) as u64;
            let u = next(used) as Vertex;
            let v = if next(4) == 0 {
                position.fresh_vertex().unwrap()
            } else {
                next(used + 1) as Vertex
            };
            if u != v && position.is_free(Edge::new(u, v)) {
                position.claim(Edge::new(u, v), player).unwrap();
                break;
            }
        }
    }
    position
}

/// Canonical labelling of `count` game-like positions of `rounds` rounds.
pub fn canon_throughput(count: u64, rounds: usize, runs: usize) -> Result<Measurement, BenchError> {
    let positions: Vec<Position> = (0..count).map(|s| game_like_position(s, rounds)).collect();
    let memory = Memory::default();
    measure(format!("canonical labelling, {rounds}-round positions"), runs, || {
        for p in &positions {
            std::hint::black_box(canonical_form(p, &memory, None));
        }
        Ok(count)
    })
}

/// His replies (indices into the edge orbit representatives, round by
/// round) that lead to the K4 certification slice: a subtree of about
/// 33,000 positions in Stages 3 and 4, a twenty-fifth of the whole run.
pub const K4_SLICE: [usize; 3] = [0, 1, 2];

/// Plays the strategy of `search` from the empty board against his replies
/// `choices` (each an index into the edge orbit representatives of the
/// position, in their order): the position (him to move) and her memory at
/// the end. `None` if the game ends on the way or a choice does not exist.
pub fn line_start(search: &Search, choices: &[usize]) -> Option<(Position, Memory)> {
    let (mut position, mut memory, _) = search.opening().ok()?;
    for &choice in choices {
        let node = canonical_form(&position, &memory, None);
        let his = *edge_orbit_representatives(&node).get(choice)?;
        let x = search.exchange(&node.position, &node.memory, his);
        if x.ending.is_some() {
            return None;
        }
        (position, memory) = (x.position, x.memory);
    }
    Some((position, memory))
}

/// Certifies the subtree of `strategy` after his replies `choices` (see
/// [`line_start`]) within `bound`, on the current thread pool, under
/// `limits`' memory cap.
pub fn slice(
    strategy: &dyn Strategy,
    choices: &[usize],
    bound: u32,
    limits: Limits,
    runs: usize,
) -> Result<Measurement, BenchError> {
    let start = line_start(&Search::new(strategy, Board::Infinite, bound), choices)
        .ok_or_else(|| format!("no slice {choices:?} for {}", strategy.name()))?;
    let name = format!("certify {} slice {choices:?} bound {bound}", strategy.name());
    measure(name, runs, || {
        subtree_positions(strategy, &start.0, &start.1, bound, limits)
    })
}

/// Positions of a certified subtree: `position` with him to move and the
/// strategy's `memory` there, under `limits`' memory cap.
pub fn subtree_positions(
    strategy: &dyn Strategy,
    position: &Position,
    memory: &Memory,
    bound: u32,
    limits: Limits,
) -> Result<u64, BenchError> {
    let search = Search::new(strategy, Board::Infinite, bound).with_limits(limits);
    match search.value(&canonical_form(position, memory, None))? {
        Value::Win(_) => Ok(search.positions()),
        fail => Err(BenchError::Failed(format!(
            "benchmark subtree of {} did not verify: {fail:?}",
            strategy.name()
        ))),
    }
}

/// The situations (canonical, her turn) one exchange after the slice start
/// and after each reply to those: what the strategy is asked in the slice.
fn slice_situations(strategy: &dyn Strategy, choices: &[usize]) -> Option<Vec<(CanonicalForm, Edge)>> {
    let search = Search::new(strategy, Board::Infinite, 21);
    let (position, memory) = line_start(&search, choices)?;
    let mut nodes = vec![canonical_form(&position, &memory, None)];
    let mut situations = Vec::new();
    for _ in 0..2 {
        let mut next = Vec::new();
        for node in &nodes {
            for his in edge_orbit_representatives(node) {
                let after = node.position.with(his, Player::Second).ok()?;
                situations.push((canonical_form(&after, &node.memory, Some(his)), his));
                let x = search.exchange(&node.position, &node.memory, his);
                if x.ending.is_none() {
                    next.push(canonical_form(&x.position, &x.memory, None));
                }
            }
        }
        nodes = next;
    }
    Some(situations)
}

/// Calls of `strategy.play` on the situations of `slice_situations`,
/// `passes` times over.
pub fn strategy_calls(
    strategy: &dyn Strategy,
    choices: &[usize],
    passes: usize,
    runs: usize,
) -> Result<Measurement, BenchError> {
    let situations = slice_situations(strategy, choices).ok_or("no situations for the strategy benchmark")?;
    let name = format!("{} strategy calls near slice {choices:?}", strategy.name());
    measure(name, runs, || {
        for (canon, _) in situations.iter().cycle().take(passes * situations.len()) {
            let view = View {
                game: strategy.game(),
                position: &canon.position,
                memory: &canon.memory,
                last_reply: canon.marked,
            };
            std::hint::black_box(strategy.play(&view).ok());
        }
        Ok((passes * situations.len()) as u64)
    })
}

/// Exhaustive solve (the budget game, [`crate::analysis::budget`]) in the K4
/// game: her winning moves within `depth` moves of hers after the K4 slice
/// start ([`K4_SLICE`]) and his first reply there; items are the positions
/// stored. The solve's table is capped at `limits`' memory cap.
pub fn k4_solve(depth: u32, limits: Limits, runs: usize) -> Result<Measurement, BenchError> {
    let strategy = crate::strategies::k4::patched();
    let search = Search::new(&strategy, Board::Infinite, 21);
    let (position, memory) = line_start(&search, &K4_SLICE).ok_or("no K4 slice start")?;
    let node = canonical_form(&position, &memory, None);
    let his = edge_orbit_representatives(&node)[0];
    let position = node.position.with(his, Player::Second).map_err(|e| e.to_string())?;
    measure(
        format!("solve K4 after slice {K4_SLICE:?}, her wins within {depth}"),
        runs,
        || {
            let game = crate::analysis::budget::CliqueRace::new(4, Board::Infinite);
            let solver = crate::analysis::budget::BudgetSolver::new(game).with_limits(limits);
            let wins = solver.winning_moves(&position, depth).map_err(|e| match e {
                NoAnswer::Stopped(stopped) => BenchError::Stopped(stopped),
                bad => BenchError::Failed(bad.to_string()),
            })?;
            std::hint::black_box(wins);
            Ok(solver.positions())
        },
    )
}

/// A whole certification (must verify); items are positions.
pub fn certification(strategy: &dyn Strategy, request: Request, runs: usize) -> Result<Measurement, BenchError> {
    let name = format!(
        "certify {} on {} bound {} ({})",
        strategy.name(),
        request.board,
        request.bound,
        count(request.limits.threads(), "thread", "threads")
    );
    measure(name, runs, || {
        let report = verify(strategy, &request).map_err(|e| match e {
            VerifyError::Stopped { stopped, .. } => BenchError::Stopped(stopped),
            other => BenchError::Failed(other.to_string()),
        })?;
        if report.verdict != Verdict::Verified {
            return Err(format!("benchmark workload {} did not verify", strategy.name()).into());
        }
        Ok(report.positions)
    })
}

/// Positions of a failure-class search (`refute`): every position after
/// `round` rounds in `phase`, each searched to the end, under `limits`.
pub fn failure_class_search(
    strategy: &dyn Strategy,
    round: u32,
    phase: &str,
    limits: Limits,
    runs: usize,
) -> Result<Measurement, BenchError> {
    let name = format!(
        "failure classes of {} after round {round} ({})",
        strategy.name(),
        count(limits.threads(), "thread", "threads")
    );
    measure(name, runs, || {
        let search = Search::new(strategy, Board::Infinite, 21).with_limits(limits);
        let classes = || crate::verify::classes::failure_classes(&search, round, Some(phase), &|_, _| {});
        match limits.install(classes).map_err(|e| e.to_string())? {
            Err(ClassesError::Stopped(stopped)) => return Err(stopped.into()),
            other => other.map_err(|e| e.to_string())?,
        };
        Ok(search.positions())
    })
}
