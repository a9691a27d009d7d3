//! Parts of the Erdős certificate writer made cheaper (2026-12-07, branch
//! ecost), each against what it replaced: the settled test's outcome with
//! every free edge given to one player, made from counts, is that of the
//! full board; and a threshold test key first (the table's answer read by
//! the key alone) answers as the position's exact value says. The
//! certificates themselves are compared byte for byte with the plain walk
//! in `lib/src/verify/cert/scoring.rs`'s tests.

use ramsey_verify::core::board::{Board, Player, Position};
use ramsey_verify::engine::bounded::{BoundedSolver, Test, Threshold};
use ramsey_verify::games::colex::colex_graph;
use ramsey_verify::games::scoring::{Points, Scoring, ScoringGame, PROBES};
use ramsey_verify::games::Rules;

/// A xorshift generator: the same plays every run.
fn plays() -> impl FnMut() -> u64 {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

fn boards() -> Vec<Position> {
    let complete = [5, 6, 7].map(|n| Position::empty(Board::complete_graph(n)));
    let colex = [14, 19].map(colex_graph).map(|(n, edges)| Position::on_graph(n, edges));
    complete.into_iter().chain(colex).collect()
}

#[test]
fn points_with_the_free_edges_given_away_are_the_full_boards() {
    let mut next = plays();
    let mut checked = 0;
    for board in boards() {
        for scoring in Scoring::ALL {
            let game = ScoringGame::new(scoring, &board, &[]).unwrap();
            for _ in 0..10 {
                let mut position = game.start();
                while game.outcome(&position).is_none() {
                    for player in [Player::First, Player::Second] {
                        let mut full = position.clone();
                        for e in position.free_edges() {
                            full.claim(e, player).unwrap();
                        }
                        let expected: Points = game.points(&full);
                        assert_eq!(
                            game.points_with_free_to(&position, player),
                            expected,
                            "{scoring:?}, free edges to {player:?} at {position:?}"
                        );
                        checked += 1;
                    }
                    let moves = game.moves(&position);
                    position = game.play(&position, &moves[next() as usize % moves.len()]);
                }
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn tests_key_first_answer_as_the_exact_value_says() {
    let mut next = plays();
    let mut decided = 0;
    for board in boards().into_iter().take(4) {
        for scoring in Scoring::ALL {
            let game = ScoringGame::new(scoring, &board, &[]).unwrap();
            let solver = BoundedSolver::new(&game);
            let v = solver.value(&game.start(), &PROBES).unwrap();
            let truth = BoundedSolver::new(&game);
            let mut position = game.start();
            while game.outcome(&position).is_none() {
                let exact = truth.value(&position, &PROBES).unwrap();
                for strict in [false, true] {
                    let t = Threshold { score: v, strict };
                    // Asked twice: the second answer is the table's, read
                    // by the key alone (the first stored what it found).
                    for _ in 0..2 {
                        let met = matches!(solver.test(&position, t).unwrap(), Test::AtLeast(_));
                        let holds = if strict { exact > v } else { exact >= v };
                        assert_eq!(met, holds, "{scoring:?} at {position:?}, {t:?}");
                        decided += 1;
                    }
                }
                let moves = game.moves(&position);
                position = game.play(&position, &moves[next() as usize % moves.len()]);
            }
        }
    }
    assert!(decided > 200, "{decided}");
}
