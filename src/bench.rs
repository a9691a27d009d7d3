//! Fixed workloads for `ramsey-verify bench` and `cargo bench`: canonical
//! labelling throughput on game-like positions and whole certifications.

use crate::board::{Board, Edge, Player, Position, Vertex};
use crate::canon::canonical_form;
use crate::strategy::{Memory, Strategy};
use crate::verify::{verify, Request, Verdict};
use std::time::Instant;

/// One measured workload.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Measurement {
    pub workload: String,
    pub items: u64,
    pub seconds: f64,
    pub per_second: f64,
}

impl Measurement {
    fn new(workload: String, items: u64, seconds: f64) -> Measurement {
        Measurement {
            workload,
            items,
            seconds,
            per_second: items as f64 / seconds.max(1e-9),
        }
    }
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

/// Canonical forms per second on `count` game-like positions of `rounds` rounds.
pub fn canon_throughput(count: u64, rounds: usize) -> Measurement {
    let positions: Vec<Position> = (0..count).map(|s| game_like_position(s, rounds)).collect();
    let memory = Memory::default();
    let start = Instant::now();
    let mut checksum = 0u64;
    for p in &positions {
        checksum = checksum.wrapping_add(canonical_form(p, &memory, None).key.0.len() as u64);
    }
    std::hint::black_box(checksum);
    Measurement::new(
        format!("canonical labelling, {rounds}-round positions"),
        count,
        start.elapsed().as_secs_f64(),
    )
}

/// Positions per second of a whole certification (must verify).
pub fn certification(strategy: &dyn Strategy, request: Request) -> Result<Measurement, String> {
    let report = verify(strategy, request).map_err(|e| e.to_string())?;
    if report.verdict != Verdict::Verified {
        return Err(format!("benchmark workload {} did not verify", strategy.name()));
    }
    Ok(Measurement::new(
        format!(
            "certify {} on {} bound {} ({} threads)",
            strategy.name(),
            request.board,
            request.bound,
            request.threads
        ),
        report.positions,
        report.seconds,
    ))
}

/// Positions per second of a failure-class search (`refute`): every
/// position after `round` rounds in `phase`, each searched to the end.
pub fn failure_class_search(
    strategy: &dyn Strategy,
    round: u32,
    phase: &str,
    threads: usize,
) -> Result<Measurement, String> {
    let pool = crate::verify::thread_pool(threads)?;
    let search = crate::search::Search::new(strategy, Board::Infinite, 21);
    let start = Instant::now();
    let classes = pool.install(|| crate::classes::failure_classes(&search, round, Some(phase), &|_, _| {}))?;
    Ok(Measurement::new(
        format!(
            "failure classes of {} after round {round} ({} found, {threads} threads)",
            strategy.name(),
            classes.len()
        ),
        search.positions(),
        start.elapsed().as_secs_f64(),
    ))
}

/// Positions per second of certifying one subtree: `position` with him to
/// move and the strategy's `memory` there (e.g. a fixed end of a stage).
pub fn subtree(
    name: &str,
    strategy: &dyn Strategy,
    position: &Position,
    memory: &Memory,
    bound: u32,
) -> Result<Measurement, String> {
    let search = crate::search::Search::new(strategy, Board::Infinite, bound);
    let start = Instant::now();
    match search.value(&canonical_form(position, memory, None)) {
        crate::search::Value::Win(_) => Ok(Measurement::new(
            format!("certify {name}"),
            search.positions(),
            start.elapsed().as_secs_f64(),
        )),
        fail => Err(format!("benchmark subtree {name} did not verify: {fail:?}")),
    }
}

/// Plays `strategy` from the empty board against his replies `choices`
/// (each an index into the edge orbit representatives of the position, in
/// their order): the position (him to move) and her memory at the end, the
/// start of a certification slice. `None` if the game ends on the way.
pub fn line_start(search: &crate::search::Search, choices: &[usize]) -> Option<(Position, Memory)> {
    let (mut position, mut memory, _) = search.opening().ok()?;
    for &choice in choices {
        let node = canonical_form(&position, &memory, None);
        let reps = crate::orbits::edge_orbit_representatives(&node);
        let his = *reps.get(choice)?;
        let x = search.exchange(&node.position, &node.memory, his);
        if x.ending.is_some() {
            return None;
        }
        (position, memory) = (x.position, x.memory);
    }
    Some((position, memory))
}
