//! Erdős' scoring games: wall time and positions of the threshold search on
//! fixed boards (`cargo bench --bench erdos`; `-- quick` for the small ones
//! only). The boards are those `scripts/reference-erdos.sh` times against
//! the published solver; README "Erdős scoring games" has the figures.

use ramsey_verify::core::board::{Board, Position};
use ramsey_verify::engine::bounded::BoundedSolver;
use ramsey_verify::games::colex::colex_graph;
use ramsey_verify::games::prelude::*;
use ramsey_verify::games::scoring::{Scoring, ScoringGame, PROBES};
use std::time::Instant;

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let mut boards = vec![
        ("K6", Position::empty(Board::complete_graph(6))),
        ("C(16)", colex(16)),
        ("K7", Position::empty(Board::complete_graph(7))),
    ];
    if !quick {
        boards.extend([("C(18)", colex(18)), ("C(19)", colex(19))]);
    }
    println!(
        "{:<6} {:<6} {:>8} {:>10} {:>9}",
        "board", "game", "outcome", "positions", "seconds"
    );
    for (name, board) in &boards {
        let mut total = 0.0;
        for scoring in [Scoring::Clique, Scoring::Star, Scoring::VertexCapturing] {
            let game = ScoringGame::new(scoring, board, &[]).expect("a valid board");
            let started = Instant::now();
            let solver = BoundedSolver::new(&game);
            let outcome = solver.value(&game.start(), &PROBES).expect("no memory cap");
            let seconds = started.elapsed().as_secs_f64();
            total += seconds;
            let (game_name, positions) = (scoring.name(), solver.counts().positions);
            println!(
                "{name:<6} {game_name:<6} {:>8} {positions:>10} {seconds:>9.3}",
                outcome.to_string()
            );
        }
        println!("{name:<6} {:<6} {:>8} {:>10} {total:>9.3}", "3 games", "", "");
    }
}

fn colex(m: usize) -> Position {
    let (n, edges) = colex_graph(m);
    Position::on_graph(n, edges)
}
