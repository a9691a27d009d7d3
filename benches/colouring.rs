//! Benchmarks for the colouring games (figures go to the README, never
//! into timed tests): Theorems 3.1 and 3.3 on graphs with 10^6 vertices,
//! chi_g of every tree up to 14 vertices, and the searches' positions per
//! second (issue 28): the exact solver on P4 x P4 and the 14-vertex tree
//! with 4 colours, and chi_g of the torus C5 x C5 (about 90 s; `--torus 0`
//! leaves it out).
//!
//! Run: `cargo bench --bench colouring` (add `-- --trees 14` to change the
//! tree size, `-- --n 1000000` the linear-time graph size).

use ramsey_verify::analysis::colouring::chromatic::game_chromatic;
use ramsey_verify::analysis::colouring::report::solve;
use ramsey_verify::analysis::colouring::trees::census;
use ramsey_verify::engine::Limits;
use ramsey_verify::games::colouring::linear::{alternating, sccg2, scg2, BigGraph};
use ramsey_verify::games::colouring::{parse_graph, ColouringGame, Rules};
use rand::{Rng, SeedableRng};
use std::time::Instant;

fn arg(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A random graph in a random colouring order: a random tree (bipartite)
/// plus `extra` random edges between vertices of opposite tree parity,
/// vertices shuffled (so many vertices are sources).
fn random_graph(n: usize, extra: usize, rng: &mut impl Rng) -> BigGraph {
    let mut parity = vec![0u8; n];
    let mut edges = Vec::with_capacity(n + extra);
    for v in 1..n {
        let p = rng.random_range(0..v);
        parity[v] = parity[p] ^ 1;
        edges.push((p as u32, v as u32));
    }
    while edges.len() < n - 1 + extra {
        let (u, v) = (rng.random_range(0..n), rng.random_range(0..n));
        if u != v && parity[u] != parity[v] {
            edges.push((u as u32, v as u32));
        }
    }
    let mut label: Vec<u32> = (0..n as u32).collect();
    for i in (1..n).rev() {
        label.swap(i, rng.random_range(0..=i));
    }
    let edges: Vec<(u32, u32)> = edges
        .iter()
        .map(|&(u, v)| (label[u as usize], label[v as usize]))
        .collect();
    BigGraph::new(n, &edges)
}

fn main() {
    let n = arg("--n", 1_000_000);
    let mut rng = rand::rngs::StdRng::seed_from_u64(1989);
    for extra in [0, n] {
        let graph = random_graph(n, extra, &mut rng);
        let owners = alternating(n);
        let t = Instant::now();
        let construction = sccg2(&graph, &owners);
        let sccg_time = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let winner = scg2(&graph, &owners);
        let scg_time = t.elapsed().as_secs_f64();
        println!(
            "n={n} e={}: Theorem 3.1 (SCCG) {:?} in {sccg_time:.3}s; Theorem 3.3 (SCG) {winner:?} in {scg_time:.3}s",
            n - 1 + extra,
            construction.winner
        );
    }
    let max_trees = arg("--trees", 14);
    let t = Instant::now();
    for size in 1..=max_trees {
        let c = census(size, 1, Limits::default(), None).expect("under the default cap");
        println!(
            "trees n={size}: {} trees, chi_g distribution {:?} ({:.2}s so far)",
            c.trees,
            c.distribution,
            t.elapsed().as_secs_f64()
        );
    }
    positions_per_second(arg("--torus", 1) == 1);
}

/// Positions per CPU-bound second of one thread: the exact solver (lengths
/// too) with 4 colours on P4 x P4 and the 14-vertex tree, and with
/// `torus`, chi_g of C5 x C5 by the score-only search (its 4-colour level,
/// player 2's win, is the hard part).
fn positions_per_second(torus: bool) {
    let limits = Limits::default().with_threads(1);
    for (name, text) in [("P4 x P4", "grid:4x4"), ("14-vertex tree", "M???????F?B_?M?p_")] {
        let game = ColouringGame::new(parse_graph(text).unwrap(), 4, Rules::Ccg, None, None).unwrap();
        let r = limits
            .install(|| solve(&game, limits))
            .unwrap()
            .expect("under the default cap");
        let rate = r.positions as f64 / r.seconds;
        println!(
            "{name}, ccg with 4 colours (exact solver): {} positions in {:.2}s, {rate:.0}/s",
            r.positions, r.seconds
        );
    }
    if torus {
        let graph = parse_graph("torus:5x5").unwrap();
        let t = Instant::now();
        let chi = limits
            .install(|| game_chromatic(&graph, limits))
            .unwrap()
            .expect("under the default cap");
        let positions: u64 = chi.levels.iter().map(|l| l.positions).sum();
        let seconds = t.elapsed().as_secs_f64();
        println!(
            "C5 x C5, chi_g = {} (score-only search): {positions} positions in {seconds:.2}s, {:.0}/s",
            chi.chi_g,
            positions as f64 / seconds
        );
    }
}
