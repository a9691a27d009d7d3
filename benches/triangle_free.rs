//! Hajnal's triangle-free game (`solve --rules shared-avoid --target K3
//! --winner-only`) on each K_n: winner, positions, wall time, positions
//! per second and the table's peak memory, one thread (the winner-only
//! search is sequential). `cargo bench --bench triangle_free` runs n =
//! 3..12; `-- quick` stops at 10; `-- N` stops at N. proofs/triangle-free.md
//! and the README have the figures beside the published costs.

use ramsey_verify::analysis::ramsey_game::{winner_decider, winner_only};
use ramsey_verify::core::board::{Board, Player, Position};
use ramsey_verify::engine::Limits;
use ramsey_verify::games::pattern::Pattern;
use ramsey_verify::games::prelude::*;
use ramsey_verify::games::ramsey::{RamseyGame, Rules};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let top = match args.iter().find_map(|a| a.parse::<usize>().ok()) {
        Some(n) => n,
        None if args.iter().any(|a| a == "quick") => 10,
        None => 12,
    };
    println!(
        "{:>3} {:>22} {:>10} {:>9} {:>12} {:>9}",
        "n", "winner", "positions", "seconds", "positions/s", "table MB"
    );
    for n in 3..=top {
        let triangle: Pattern = "K3".parse().expect("a named target");
        let game = RamseyGame::new(
            Position::empty(Board::complete_graph(n)),
            [triangle.clone(), triangle],
            Rules::SharedAvoid,
            Player::First,
        )
        .expect("a valid statement");
        let decider = winner_decider(&game, Limits::default());
        let found = winner_only(&decider, &game).expect("no memory cap");
        println!(
            "{n:>3} {:>22} {:>10} {:>9.3} {:>12.0} {:>9.1}",
            game.score_text(found.outcome),
            found.positions,
            found.seconds,
            found.positions as f64 / found.seconds.max(1e-9),
            found.table_bytes as f64 / (1u64 << 20) as f64
        );
    }
}
