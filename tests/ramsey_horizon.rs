//! The horizon question ("does the first player win within b of her
//! moves?") over two games on the engine's core, and on `K_aleph0`: the
//! [`Horizon`] layer over Slany's graph Ramsey game (any target, `K_N`
//! boards, every move searched) against the same layer over the `K_k` race
//! with its shortcuts (forced blocks, pruned moves, quick answers:
//! `lib/src/analysis/budget.rs`),
//! and the finite-board argument of `lib/src/games/horizon.rs` checked: `K_N`,
//! `K_{N+1}`, `K_{N+2}` and the budget game's `K_aleph0` agree.

use ramsey_verify::analysis::budget::{BudgetSolver, CliqueRace};
use ramsey_verify::core::board::{Board, Edge, Player, Position};
use ramsey_verify::engine::Solver;
use ramsey_verify::games::horizon::{aleph0_vertices, Horizon};
use ramsey_verify::games::pattern::Pattern;
use ramsey_verify::games::prelude::*;
use ramsey_verify::games::ramsey::{Outcome, RamseyGame, Rules};
use ramsey_verify::games::FirstWins;
mod common;
use common::{bad_input, ramsey};

/// Red's start edges, then blue's, in the labels `0..`.
type Start<'a> = (&'a [(u8, u8)], &'a [(u8, u8)]);

/// Whether red, to move in `start` on `K_n`, wins the `K_k` game within
/// `budget` of her moves: the generic horizon over Slany's game, asked
/// with the win-only question's cutoffs.
fn horizon_wins(rules: Rules, k: usize, n: usize, start: Start, budget: u32) -> bool {
    let mut board = Position::empty(Board::complete_graph(n));
    for (edges, player) in [(start.0, Player::First), (start.1, Player::Second)] {
        for &(u, v) in edges {
            board.claim(Edge::new(u, v), player).unwrap();
        }
    }
    let target = Pattern::clique(k).unwrap();
    let game = RamseyGame::new(board, [target.clone(), target], rules, Player::First).unwrap();
    let won = |g: &RamseyGame, score: Outcome| score.winner() == Some(g.first());
    let horizon = Horizon::new(game, Player::First, budget, won);
    let solver = Solver::asking(&horizon, FirstWins);
    solver.value(&horizon.start()).unwrap().score
}

/// The same question asked of the `K_k` budget game.
fn budget_wins(k: usize, board: Board, start: Start, budget: u32) -> bool {
    let mut position = Position::empty(board.clone());
    for (edges, player) in [(start.0, Player::First), (start.1, Player::Second)] {
        for &(u, v) in edges {
            position.claim(Edge::new(u, v), player).unwrap();
        }
    }
    BudgetSolver::new(CliqueRace::new(k, board))
        .wins(&position, budget)
        .unwrap()
}

const EMPTY: Start = (&[], &[]);
/// Red 0-1, blue 2-3: a start that uses four vertices.
const TWO_EDGES: Start = (&[(0, 1)], &[(2, 3)]);

#[test]
fn horizon_agrees_with_the_budget_game_on_small_boards() {
    for n in [4, 5, 6] {
        for budget in 1..=4 {
            for start in [EMPTY, TWO_EDGES] {
                let generic = horizon_wins(Rules::Achieve, 3, n, start, budget);
                let special = budget_wins(3, Board::Complete(n), start, budget);
                assert_eq!(generic, special, "K3 on K{n}, budget {budget}, start {start:?}");
            }
        }
    }
}

#[test]
fn k_n_large_enough_answers_for_k_aleph0() {
    for (start, used) in [(EMPTY, 0), (TWO_EDGES, 4)] {
        for budget in 1..=4 {
            let n = aleph0_vertices(used, budget, 3);
            let on_n: Vec<bool> = (n..n + 3)
                .map(|m| horizon_wins(Rules::Achieve, 3, m, start, budget))
                .collect();
            let aleph0 = budget_wins(3, Board::Infinite, start, budget);
            assert_eq!(on_n, vec![aleph0; 3], "K3, budget {budget}, start {start:?}, K_{n}..");
            assert_eq!(budget_wins(3, Board::Complete(n), start, budget), aleph0);
        }
    }
    // Lemma 4.1's game: 4 moves, not 3 (computed, see tests/solve.rs).
    assert!(budget_wins(3, Board::Infinite, EMPTY, 4) && !budget_wins(3, Board::Infinite, EMPTY, 3));
}

#[test]
fn too_small_a_board_can_change_the_answer() {
    // Negative control for the argument: on K4 the K3 game is not won
    // within 4 moves, on K_aleph0 (and on K_{aleph0_vertices(0, 4, 3)}) it is.
    assert!(!horizon_wins(Rules::Achieve, 3, 4, EMPTY, 4));
    assert!(horizon_wins(Rules::Achieve, 3, aleph0_vertices(0, 4, 3), EMPTY, 4));
}

#[test]
fn maker_and_achieve_second_on_k_aleph0_from_the_cli() {
    for (rules, budget, wins) in [
        ("achieve", "4", true),
        ("achieve", "3", false),
        ("achieve-second", "4", true),
        ("maker", "4", true),
        ("maker", "3", false),
        ("achieve", "1", false),
    ] {
        let args = [
            "solve", "--rules", rules, "--target", "K3", "--board", "inf", "--budget", budget, "--json",
        ];
        let (code, out, err) = ramsey(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["wins"], wins, "{args:?}");
        assert_eq!(v["winning_move"].is_null(), !wins, "{args:?}");
        assert_eq!(v["board"], "inf");
    }
}

#[test]
fn avoidance_rules_and_missing_budgets_on_k_aleph0_are_bad_input() {
    for args in [
        vec![
            "solve",
            "--rules",
            "avoid-plus",
            "--target",
            "K3",
            "--board",
            "inf",
            "--budget",
            "3",
        ],
        vec![
            "solve", "--rules", "avoid", "--target", "K3", "--board", "inf", "--budget", "3",
        ],
        vec![
            "solve", "--rules", "misere", "--target", "K3", "--board", "inf", "--budget", "3",
        ],
        vec!["solve", "--rules", "achieve", "--target", "K3", "--board", "inf"],
        vec![
            "solve", "--rules", "achieve", "--target", "K3", "--board", "inf", "--budget", "40",
        ],
        vec!["solve", "--line", "", "--budget", "100"],
        vec![
            "solve", "--rules", "achieve", "--target", "K3", "--board", "5", "--budget", "2", "--census",
        ],
    ] {
        let (code, _, err) = ramsey(&args);
        bad_input(code, &err, &args);
    }
}
