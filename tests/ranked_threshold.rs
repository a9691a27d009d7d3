//! The threshold search on ranked scores ([`Ranked`] + [`BoundedSolver`])
//! against the exact solver: the same value (who wins and, where someone
//! wins, after how many plies) on every rule set, K4..K6 and six targets,
//! and an optimal line that replays to that value. Zero disagreements.

use ramsey_verify::analysis::ramsey_table::complete_game;
use ramsey_verify::engine::bounded::BoundedSolver;
use ramsey_verify::engine::Solver;
use ramsey_verify::games::prelude::*;
use ramsey_verify::games::ramsey::{Outcome, RamseyGame, Rules};
use ramsey_verify::games::ranked::Ranked;

const TARGETS: [&str; 6] = ["K3", "P3", "P4", "C4", "K1,3", "2K2"];

fn instances() -> Vec<(usize, &'static str, Rules)> {
    let mut all = Vec::new();
    for n in 4..=6 {
        for target in TARGETS {
            for rules in Rules::ALL {
                // Set moves on K6 (15 free edges) take seconds each;
                // K4 and K5 cover them.
                if n == 6 && rules.sets() {
                    continue;
                }
                all.push((n, target, rules));
            }
        }
    }
    all
}

fn game(n: usize, target: &str, rules: Rules) -> RamseyGame {
    complete_game(n, &target.parse().unwrap(), rules).unwrap()
}

#[test]
fn threshold_search_on_ranks_agrees_with_the_exact_solver() {
    let mut disagreements = Vec::new();
    for (n, target, rules) in instances() {
        let g = game(n, target, rules);
        let exact = Solver::new(&g).value(&g.start()).unwrap();
        let ranked = Ranked::new(&g);
        let solver = BoundedSolver::new(&ranked);
        let value = solver.value(&ranked.start(), &[]).unwrap();
        let line = solver.optimal_line(&ranked.start(), value).unwrap();
        let mut end = ranked.start();
        for m in &line {
            end = ranked.play(&end, m);
        }
        let same_length = exact.score == Outcome::Draw || exact.plies as usize == line.len();
        if value.score != exact.score || !same_length || ranked.outcome(&end) != Some(value) {
            disagreements.push(format!(
                "K{n} {target} {rules}: {exact:?} vs {value:?} ({} plies)",
                line.len()
            ));
        }
    }
    assert!(disagreements.is_empty(), "{disagreements:#?}");
}

#[test]
fn a_wrong_length_in_the_ranked_score_would_be_seen() {
    // Sim: blue wins on the 15th ply; the ranked score says so, and a
    // length one ply off is a different score.
    let g = game(6, "K3", Rules::Misere);
    let ranked = Ranked::new(&g);
    let value = BoundedSolver::new(&ranked).value(&ranked.start(), &[]).unwrap();
    assert_eq!((value.score, value.length), (Outcome::BlueWins, 15));
}

#[test]
fn ranked_threshold_counts_are_the_same_for_any_thread_count_and_run() {
    // Sim (K6, K3, misère): the ramsey-table fallback's search on a long game:
    // value, optimal line, positions and positions per move.
    let g = game(6, "K3", Rules::Misere);
    let ranked = Ranked::new(&g);
    let run = |threads| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| {
            let solver = BoundedSolver::new(&ranked);
            let value = solver.value(&ranked.start(), &[]).unwrap();
            let line = solver.optimal_line(&ranked.start(), value).unwrap();
            (value, line, solver.counts().positions, solver.positions_per_ply())
        })
    };
    let first = run(1);
    assert!(first.2 > 1000, "{first:?}");
    for threads in [2, 4, 2, 4] {
        assert_eq!(run(threads), first, "{threads} threads");
    }
}
