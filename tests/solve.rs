//! The exhaustive solver (`ramsey-verify solve`): game values over *all*
//! strategies, compared with what is known, plus the position where the
//! reconstructed Stage 6 has no rule although a forced win exists.

use ramsey_verify::analysis::budget::{BudgetSolver, CliqueRace, NoAnswer};
use ramsey_verify::core::board::{Board, Edge, Player, Position};
use ramsey_verify::engine::Limits;
use ramsey_verify::strategies::k4::hub_search;
mod common;
use common::{bad_input, ramsey};

fn line(moves: &[(u8, u8)]) -> Position {
    let mut p = Position::empty(Board::Infinite);
    for (i, &(u, v)) in moves.iter().enumerate() {
        let player = if i % 2 == 0 { Player::First } else { Player::Second };
        p.claim(Edge::new(u, v), player).unwrap();
    }
    p
}

/// The end of `k4`'s shortest counterexample (`docs/figures/k4-shortest.txt`):
/// hub c = 0, p0 = 1, h2 = 2, a = 3, b = 4, p1..p4 = 5..8; in Stage 6 none of
/// rules (a)-(d) applies.
const K4_DEAD_END: [(u8, u8); 16] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (1, 3),
    (0, 4),
    (1, 4),
    (3, 4),
    (1, 2),
    (0, 5),
    (3, 5),
    (0, 6),
    (3, 6),
    (0, 7),
    (3, 7),
    (0, 8),
    (1, 8),
];

fn solver(clique: usize) -> BudgetSolver {
    BudgetSolver::new(CliqueRace::new(clique, Board::Infinite))
}

fn shortest_win(position: &Position, clique: usize, up_to: u32) -> Option<u32> {
    let solver = solver(clique);
    (1..=up_to).find(|&b| solver.wins(position, b).unwrap())
}

#[test]
fn k3_game_needs_four_moves_on_k_aleph0() {
    // Lemma 4.1's bound, computed over all strategies: 4 moves, not 3.
    assert_eq!(shortest_win(&Position::empty(Board::Infinite), 3, 6), Some(4));
}

#[test]
fn k3_game_cannot_be_forced_on_k4() {
    // Negative: on K4 (6 edges, 3 of them hers) she has no forced triangle.
    assert_eq!(shortest_win(&Position::empty(Board::Complete(4)), 3, 3), None);
}

#[test]
fn k3_game_is_won_on_k5() {
    assert_eq!(shortest_win(&Position::empty(Board::Complete(5)), 3, 5), Some(4));
}

#[test]
fn the_stage6_dead_end_has_a_forced_win() {
    let position = line(&K4_DEAD_END);
    assert_eq!(shortest_win(&position, 4, 4), Some(4));
    let wins = solver(4).winning_moves(&position, 4).unwrap();
    // b-p4 starts the line b-p4, b-p1, b-p2 of the README.
    assert!(wins.contains(&Edge::new(4, 8)), "{wins:?}");
}

#[test]
fn hub_search_plays_a_winning_move_at_the_hub() {
    let position = line(&K4_DEAD_END);
    let e = hub_search::move_at_hub(&position, 0, 4).expect("a win at hub 0");
    assert!(solver(4).winning_moves(&position, 4).unwrap().contains(&e));
    // Negative: with too small a depth there is nothing to play.
    assert_eq!(hub_search::move_at_hub(&position, 0, 3), None);
}

#[test]
fn a_memory_cap_gives_no_verdict() {
    let capped = solver(4).with_limits(Limits::default().with_max_memory(1000));
    let answer = capped.wins(&line(&K4_DEAD_END[..8]), 8);
    assert!(matches!(answer, Err(NoAnswer::Stopped(_))), "{answer:?}");
}

#[test]
fn solve_cli_reports_the_shortest_win_as_json() {
    let (code, out, _) = ramsey(&["solve", "--line", "", "--clique", "3", "--budget", "6", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["wins"], true);
    assert_eq!(v["shortest_win"], 4);
}

/// `solve --json` on `args`: (shortest win, winning first moves).
fn solve_json(args: &[&str]) -> (Option<u64>, Vec<[u64; 2]>) {
    let mut all = vec!["solve", "--json"];
    all.extend_from_slice(args);
    let (code, out, err) = ramsey(&all);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let moves = serde_json::from_value(v["winning_moves"].clone()).unwrap();
    (v["shortest_win"].as_u64(), moves)
}

#[test]
fn solve_sees_her_completion_when_he_threatens_too() {
    // Red 0-1, 0-2; blue 2-3, 1-3: 1-2 completes her triangle (and blocks
    // his). Before the fix: "no forced win within 5".
    let (shortest, moves) = solve_json(&["--line", "0-1,2-3,0-2,1-3", "--budget", "5", "--clique", "3"]);
    assert_eq!((shortest, moves), (Some(1), vec![[1, 2]]));
}

#[test]
fn solve_sees_her_k4_completion_at_once() {
    // Red K4 on 0..3 minus 2-3, blue a 5-cycle 5-6-8-9-7 (no blue
    // triangle): 2-3 wins now. Before the fix: shortest win 3, moves 0-5, 0-4.
    let line = "0-1,5-6,0-2,5-7,0-3,6-8,1-2,7-9,1-3,8-9";
    let (shortest, moves) = solve_json(&["--line", line, "--budget", "5"]);
    assert_eq!((shortest, moves), (Some(1), vec![[2, 3]]));
}

#[test]
fn solve_with_clique_2_wins_with_any_edge() {
    // Before the fix: "no forced win within 1" (K2 completions were never seen).
    for board in ["inf", "4"] {
        let (shortest, moves) = solve_json(&["--g6", "?:?", "--budget", "1", "--clique", "2", "--board", board]);
        assert_eq!((shortest, moves), (Some(1), vec![[0, 1]]), "board {board}");
    }
}

#[test]
fn solve_on_a_finished_game_is_bad_input_and_the_api_says_no_win() {
    let (code, _, err) = ramsey(&[
        "solve",
        "--line",
        "0-1,2-3,0-2,2-4,1-2,3-4",
        "--budget",
        "3",
        "--clique",
        "3",
    ]);
    bad_input(code, &err, "a finished game");
    // The library's documented answer on a finished game: no move, no win.
    let done = line(&[(0, 1), (2, 3), (0, 2), (2, 4), (1, 2), (3, 4)]);
    let solver = solver(3);
    assert!(!solver.wins(&done, 3).unwrap());
    assert!(solver.winning_moves(&done, 3).unwrap().is_empty());
}

#[test]
fn solve_cli_rejects_bad_input() {
    for (args, needle) in [
        (vec!["solve", "--line", "0-1", "--budget", "3"], "not to move"),
        (vec!["solve", "--g6", "garbage", "--budget", "3"], "RED:BLUE"),
        (vec!["solve", "--line", "0-1,0-1", "--budget", "3"], "illegal"),
        (vec!["solve", "--line", "", "--budget", "0"], "bound"),
    ] {
        let (code, _, err) = ramsey(&args);
        assert!(bad_input(code, &err, &args).contains(needle), "{args:?}: {err}");
    }
    let (code, _, err) = ramsey(&["solve", "--g6", "D@[:Dm?", "--budget", "9", "--max-memory", "1"]);
    assert_eq!(code, 3, "{err}");
}

#[test]
fn safety_takes_his_double_threat_square() {
    use ramsey_verify::strategies::k4::safety::safe_move;
    // k4-forcing's shortest loss (proofs/k4-forcing-inf-21.json): c = 0,
    // p0 = 1, a = 2, b = 3, h2 = 4, p1 = 5, p2 = 6. Stage 6 would play c-p3;
    // then his p0-p1 makes two threats.
    let position = line(&[
        (0, 1),
        (3, 4),
        (0, 2),
        (1, 2),
        (0, 3),
        (1, 3),
        (3, 2),
        (1, 4),
        (0, 5),
        (4, 5),
        (0, 6),
        (2, 5),
    ]);
    let planned = Edge::new(0, 7);
    let after = position.with(planned, Player::First).unwrap();
    assert!(after
        .with(Edge::new(1, 5), Player::Second)
        .unwrap()
        .has_double_threat(Player::Second, 4));
    let safe = safe_move(&position, planned);
    assert_ne!(safe, planned);
    let guarded = position.with(safe, Player::First).unwrap();
    let his_double = |p: &Position| {
        (0..8u8)
            .flat_map(|u| (u + 1..8).map(move |v| Edge::new(u, v)))
            .any(|e| p.is_free(e) && p.with(e, Player::Second).unwrap().has_double_threat(Player::Second, 4))
    };
    assert!(his_double(&after) && !his_double(&guarded));
}

#[test]
fn with_two_moves_left_only_a_double_threat_ahead_wins() {
    // Red K_{2,3} between {0, 1} and {2, 3, 4}: no completion yet, but 0-1
    // makes three (2-3, 2-4, 3-4). Blue's edges are apart, with no threat.
    let red = [(0, 2), (1, 2), (0, 3), (1, 3), (0, 4), (1, 4)];
    let blue = [(5, 6), (7, 8), (9, 10), (11, 12), (13, 14), (15, 16)];
    let mut position = Position::empty(Board::Infinite);
    red.iter()
        .for_each(|&(u, v)| position.claim(Edge::new(u, v), Player::First).unwrap());
    blue.iter()
        .for_each(|&(u, v)| position.claim(Edge::new(u, v), Player::Second).unwrap());
    assert_eq!(shortest_win(&position, 4, 3), Some(2));
    assert_eq!(solver(4).winning_moves(&position, 2).unwrap(), vec![Edge::new(0, 1)]);
    // With 0-1 his, no edge gives her a double threat: no win within 2.
    let mut taken = position.clone();
    taken.claim(Edge::new(0, 1), Player::Second).unwrap();
    taken.claim(Edge::new(17, 18), Player::First).unwrap();
    assert!(!solver(4).wins(&taken, 2).unwrap());
}
