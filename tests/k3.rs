//! The K3 building strategy (Lemma 4.1) and its broken variants, through
//! the library.

use ramsey_verify::core::board::{Board, Player};
use ramsey_verify::strategies::by_name;
use ramsey_verify::verify::line::Ending;
use ramsey_verify::verify::search::FailKind;
use ramsey_verify::verify::{verify, Report, Request, Verdict};

fn run(name: &str, board: Board, bound: u32, threads: usize) -> Report {
    let strategy = by_name(name).unwrap();
    verify(strategy.as_ref(), &Request::new(board, bound, threads)).unwrap()
}

#[test]
fn k3_wins_within_four_moves_on_the_infinite_board() {
    let report = run("k3", Board::Infinite, 10, 1);
    assert_eq!(report.verdict, Verdict::Verified);
    // Lemma 4.1: at most 4 moves, computed by the search.
    assert_eq!(report.max_moves, Some(4));
    assert_eq!(report.line.ending, Ending::FirstPlayerWins);
    assert_eq!(report.line.count(Player::First), 4);
    assert!(report.positions > 0);
}

#[test]
fn smallest_board_for_k3_is_found_by_search() {
    let verifies = |n: usize| run("k3", Board::Complete(n), 10, 1).verdict == Verdict::Verified;
    let smallest = (3..=10).find(|&n| verifies(n)).expect("verifies on some board");
    // Section 4: "the first player needs at most five vertices".
    assert_eq!(smallest, 5);
    let below = run("k3", Board::Complete(smallest - 1), 10, 1);
    assert_eq!(below.verdict, Verdict::Refuted);
    assert!(matches!(below.line.ending, Ending::StrategyError(_)));
    for n in (smallest..=8).chain([17, 64, 128]) {
        assert_eq!(run("k3", Board::Complete(n), 10, 1).max_moves, Some(4), "board {n}");
    }
}

#[test]
fn bound_three_is_refuted_by_a_line_needing_a_fourth_move() {
    let report = run("k3", Board::Infinite, 3, 1);
    assert_eq!(report.verdict, Verdict::Refuted);
    assert_eq!(report.failure, Some(FailKind::BoundExceeded));
    assert_eq!(report.line.ending, Ending::BoundExceeded);
    assert_eq!(report.line.count(Player::First), 3);
    // He blocked twice: ac, then one of the two completions.
    assert!(
        report
            .line
            .moves
            .iter()
            .filter(|m| m.player == Player::Second && m.forced)
            .count()
            >= 1
    );
}

#[test]
fn broken_strategies_are_refuted() {
    for (name, kind) in [
        ("k3-broken-ignores-reply", FailKind::SecondPlayerWins),
        ("k3-broken-wrong-triangle", FailKind::StrategyError),
        ("k3-broken-scatters", FailKind::BoundExceeded),
    ] {
        let report = run(name, Board::Infinite, 6, 1);
        assert_eq!(report.verdict, Verdict::Refuted, "{name}");
        assert_eq!(report.failure, Some(kind), "{name}");
        assert_ne!(report.line.ending, Ending::FirstPlayerWins);
    }
}

#[test]
fn scattering_loses_to_his_triangle_when_the_bound_allows() {
    // With a generous bound the scattering strategy's first failing line in
    // reply order may be a long one, but some line ends with his triangle.
    let report = run("k3-broken-scatters", Board::Complete(6), 20, 1);
    assert_eq!(report.verdict, Verdict::Refuted);
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    for (name, board) in [
        ("k3", Board::Infinite),
        ("k3", Board::Complete(5)),
        ("k3-broken-scatters", Board::Infinite),
    ] {
        let one = run(name, board.clone(), 6, 1);
        let two = run(name, board, 6, 2);
        assert_eq!(one.verdict, two.verdict);
        assert_eq!(one.max_moves, two.max_moves);
        assert_eq!(one.positions, two.positions);
        assert_eq!(one.line, two.line);
    }
}

/// A strategy that panics has a bug, not a counterexample: no verdict, the
/// situation named, and no crash (the panic is caught).
#[test]
fn a_panicking_strategy_is_no_verdict_naming_the_situation() {
    use ramsey_verify::core::memory::Memory;
    use ramsey_verify::verify::strategy::{Game, Move, Strategy, StrategyError, View};
    use ramsey_verify::verify::VerifyError;
    struct Panics;
    impl Strategy for Panics {
        fn name(&self) -> &'static str {
            "panics"
        }
        fn description(&self) -> &'static str {
            "panics on her second move"
        }
        fn game(&self) -> Game {
            Game::clique(3)
        }
        fn initial_memory(&self) -> Memory {
            Memory::default()
        }
        fn play(&self, view: &View) -> Result<Move, StrategyError> {
            assert!(view.move_number() < 2, "deliberate bug");
            Ok(Move {
                edge: ramsey_verify::core::board::Edge::new(0, 1),
                memory: Memory::default(),
            })
        }
    }
    match verify(&Panics, &Request::new(Board::Infinite, 5, 2)) {
        Err(VerifyError::Contract(broken)) => {
            assert!(
                broken.message.contains("panicked: deliberate bug") && broken.message.starts_with("at `"),
                "{broken}"
            );
            // The line: her first move and his reply, then the panic.
            assert_eq!(broken.line.moves.len(), 2, "{broken}");
            assert!(matches!(broken.line.ending, Ending::ContractBroken(_)));
        }
        other => panic!("expected no verdict, got {other:?}"),
    }
}

/// The two buggy K3 variants (an illegal fourth move, a panic at the
/// fourth move) get no verdict in every mode, the situation named; the
/// same strategy without the bug is verified.
#[test]
fn buggy_strategies_are_no_verdict_in_every_mode() {
    use ramsey_verify::verify::search::Choices;
    use ramsey_verify::verify::VerifyError;
    for (name, says) in [
        ("k3-broken-illegal", "is already claimed"),
        ("k3-broken-panics", "panicked: k3-broken-panics"),
    ] {
        for choices in Choices::ALL {
            let strategy = by_name(name).unwrap();
            let request = Request {
                choices,
                ..Request::new(Board::Infinite, 6, 2)
            };
            match verify(strategy.as_ref(), &request) {
                Err(VerifyError::Contract(broken)) => {
                    let text = broken.to_string();
                    assert!(
                        text.contains(says) && text.contains("at `"),
                        "{name} {choices:?}: {text}"
                    );
                    assert!(text.contains("play reaches it by the line \"0-1,"), "{text}");
                    // Her fourth move is the bug: the line has her three and his three.
                    assert_eq!(broken.line.moves.len(), 6, "{name} {choices:?}: {text}");
                }
                other => panic!("{name} {choices:?}: expected no verdict, got {other:?}"),
            }
        }
    }
}
