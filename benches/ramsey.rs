//! Slany's graph Ramsey games: wall time, positions and positions per
//! second of the exact solver and of the census on the instances the issue
//! names (`cargo bench --bench ramsey`; `-- quick` skips the K7 games).
//! Sim = misère K3 on K6 (Slany §7.1), Sim+ = avoid-plus K3 on K6 (§7.3).
//! README "Graph Ramsey games" has the figures.

use ramsey_verify::core::board::Player;
use ramsey_verify::core::board::{Board, Position};
use ramsey_verify::engine::{census, Limits, Solver};
use ramsey_verify::games::pattern::Pattern;
use ramsey_verify::games::prelude::*;
use ramsey_verify::games::ramsey::{RamseyGame, Rules};
use std::time::Instant;

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let mut instances = vec![
        ("Sim", 6, Rules::Misere),
        ("Sim_a", 6, Rules::Achieve),
        ("Sim+", 6, Rules::AvoidPlus),
    ];
    if !quick {
        instances.extend([("avoid K7", 7, Rules::Avoid), ("misere K7", 7, Rules::Misere)]);
    }
    println!(
        "{:<10} {:>22} {:>10} {:>9} {:>12} {:>10}",
        "game", "value", "positions", "seconds", "positions/s", "census s"
    );
    for (name, n, rules) in instances {
        let triangle: Pattern = "K3".parse().expect("a named target");
        let game = RamseyGame::new(
            Position::empty(Board::complete_graph(n)),
            [triangle.clone(), triangle],
            rules,
            Player::First,
        )
        .expect("a valid statement");
        let started = Instant::now();
        let solver = Solver::new(&game);
        let value = solver.value(&game.start()).expect("no memory cap");
        let seconds = started.elapsed().as_secs_f64();
        let positions = solver.positions();
        let started = Instant::now();
        let census = census(&game, &game.start(), |_| (), Limits::default()).expect("under the default cap");
        let counted: u64 = census.values().sum();
        let census_seconds = started.elapsed().as_secs_f64();
        assert!(counted > 0, "the census counts the start");
        let shown = format!("{} in {}", game.score_text(value.score), value.plies);
        println!(
            "{name:<10} {shown:>22} {positions:>10} {seconds:>9.3} {:>12.0} {census_seconds:>10.3}",
            positions as f64 / seconds
        );
    }
}
