//! `solve --by-tests` (the exact value by win-only tests on the length,
//! `analysis::ramsey_game::length`) against the exact solver: the same
//! value, the same optimal line and the same values of the moves at the
//! start, on every rule set with six targets on K4..K6 (set moves on K4
//! and K5), K3 and C4 on K7 under the misère, avoidance and achievement
//! rules, and boards other than `K_n` (several orbits at the start). Zero
//! disagreements. And the certificate of `--by-tests --cert` (the
//! winner's strategy within the length found, format 3) is accepted by the
//! independent checker with the winner's moves in that length as its
//! bound and as the moves it proves. The loser's half (`--cert-lower`:
//! the winner does not win within `d - gap` plies, format 14) is accepted
//! on every instance with single-edge moves, and at `d` (a test that
//! holds) no format-14 certificate is written.

mod cert_common;
mod common;
use cert_common::accepted;
use ramsey_cert_check::Claim;
use ramsey_verify::analysis::ramsey_game::{solve_by_tests, wins_within, Statement};
use ramsey_verify::core::board::Player;
use ramsey_verify::engine::{solve, Limits, Solver};
use ramsey_verify::games::ply_horizon::PlyHints;
use ramsey_verify::games::prelude::*;
use ramsey_verify::games::ramsey::{RamseyGame, Rules};

const TARGETS: [&str; 6] = ["K3", "P3", "P4", "C4", "K1,3", "2K2"];

fn game(board: &str, target: &str, rules: Rules) -> Option<RamseyGame> {
    let statement = Statement {
        target: Some(target.to_string()),
        ..Statement::default()
    };
    statement.game(rules.name(), board).ok()
}

/// Every instance compared: (board, target, rules).
fn instances() -> Vec<(String, &'static str, Rules)> {
    let mut all = Vec::new();
    for n in 4..=6 {
        for target in TARGETS {
            for rules in Rules::ALL {
                // Set moves on K6 (15 free edges) take seconds each.
                if !(n == 6 && rules.sets()) {
                    all.push((n.to_string(), target, rules));
                }
            }
        }
    }
    for target in ["K3", "C4"] {
        for rules in [Rules::Misere, Rules::Avoid, Rules::Achieve] {
            all.push(("7".to_string(), target, rules));
        }
    }
    for board in ["C5", "P4", "K1,3", "C6"] {
        for rules in [Rules::Misere, Rules::Avoid, Rules::Achieve, Rules::Maker] {
            all.push((board.to_string(), "P3", rules));
        }
    }
    all
}

/// The report's comparable part: value, line, moves at the start.
fn answer(report: &ramsey_verify::engine::SolveReport<RamseyGame>, game: &RamseyGame) -> serde_json::Value {
    let mut json = report.to_json(game);
    let map = json.as_object_mut().unwrap();
    map.remove("positions");
    map.remove("seconds");
    json
}

#[test]
fn tests_on_the_length_give_the_exact_solvers_answer() {
    let mut disagreements = Vec::new();
    let (mut compared, mut tested) = (0, 0);
    for (board, target, rules) in instances() {
        let Some(g) = game(&board, target, rules) else { continue };
        if g.outcome(&g.start()).is_some() {
            continue;
        }
        let exact = solve(&Solver::new(&g)).unwrap();
        let by_tests = solve_by_tests(&g, Limits::default(), false, false).unwrap();
        tested += usize::from(!by_tests.tests.is_empty());
        let (want, got) = (answer(&exact, &g), answer(&by_tests.report, &g));
        if want != got {
            disagreements.push(format!("{board} {target} {rules}:\n exact    {want}\n by tests {got}"));
        }
        compared += 1;
    }
    assert!(disagreements.is_empty(), "{disagreements:#?}");
    // Draws go to the exact solver: most instances must be wins.
    eprintln!("{compared} instances compared, {tested} of them by tests");
    assert!(
        compared >= 150 && tested >= 100,
        "only {compared} instances compared, {tested} by tests"
    );
}

#[test]
fn certificates_prove_the_win_within_the_length_found() {
    let games = [
        ("7", "K3", Rules::Misere),
        ("6", "K3", Rules::Achieve),
        ("6", "C4", Rules::Avoid),
        ("C6", "P3", Rules::Maker),
    ];
    for (board, target, rules) in games {
        let g = game(board, target, rules).unwrap();
        let found = solve_by_tests(&g, Limits::default(), true, false).unwrap();
        let winner = found.report.value.score.winner().expect("a win");
        let plies = found.report.value.plies;
        let moves = match g.to_move(&g.start()) == winner {
            true => plies.div_ceil(2),
            false => plies / 2,
        };
        let summary = accepted(&found.certificate.expect("asked for").text);
        let Claim::Game(statement) = &summary.claim else {
            panic!("not a game certificate")
        };
        let colour = if winner == Player::First { "red" } else { "blue" };
        assert_eq!(
            statement.winner.expect("a win").to_string(),
            colour,
            "{board} {target} {rules}"
        );
        assert_eq!(
            (summary.bound, summary.moves),
            (moves, moves),
            "{board} {target} {rules}"
        );
    }
}

/// `solve --within-plies` (one test alone): on games the exact solver
/// answers, the winner wins within the exact length and not within the
/// next shorter one of the same parity (Sim: the loser moves last); the
/// loser wins within no length at all.
#[test]
fn a_single_test_holds_at_the_exact_length_and_fails_below_it() {
    let games = [
        ("7", "K3", Rules::Misere),
        ("6", "K3", Rules::Achieve),
        ("6", "C4", Rules::Avoid),
    ];
    for (board, target, rules) in games {
        let g = game(board, target, rules).unwrap();
        let exact = solve(&Solver::new(&g)).unwrap();
        let winner = exact.value.score.winner().expect("a win");
        let d = exact.value.plies;
        let colour = if winner == Player::First { "red" } else { "blue" };
        let loser = if winner == Player::First { "blue" } else { "red" };
        let free = g.start().free_edges().len();
        for (player, plies, wins) in [(colour, d, true), (colour, d - 1, false), (loser, free as u32, false)] {
            let plies = plies.to_string();
            let args = ["solve", "--rules", rules.name(), "--board", board, "--target", target];
            let (code, out, err) =
                common::ramsey(&[&args[..], &["--within-plies", &plies, "--player", player, "--json"]].concat());
            assert_eq!(code, 0, "{board} {target} {rules}: {err}");
            let json: serde_json::Value = serde_json::from_str(&out).unwrap();
            assert_eq!(
                json["wins"], wins,
                "{board} {target} {rules}: {player} within {plies}: {out}"
            );
            assert_eq!(json["player"], player);
        }
    }
}

/// The loser's half on every instance with single-edge moves that someone
/// wins: the failing test at `d - gap` writes a format-14 certificate the
/// checker accepts for exactly that claim, and the test at `d` (which
/// holds) writes the winner's format-3 strategy, never a format-14 claim.
/// Made to fail by writing the lower half at `d` instead of `d - gap`
/// (`lower_half` in length.rs): the checker then rejects every one.
#[test]
fn lower_halves_are_accepted_and_never_written_where_the_test_holds() {
    let mut checked = 0;
    for (board, target, rules) in instances() {
        let Some(g) = game(&board, target, rules) else { continue };
        if rules.sets() || g.outcome(&g.start()).is_some() {
            continue;
        }
        let found = solve_by_tests(&g, Limits::default(), false, true).unwrap();
        let Some(winner) = found.report.value.score.winner() else {
            continue;
        };
        let d = found.report.value.plies;
        let gap = if g.winner_moves_last().is_some() { 2 } else { 1 };
        let (plies, lower) = found.lower.expect("asked for");
        assert_eq!(plies, d.saturating_sub(gap), "{board} {target} {rules}");
        let Claim::Game(statement) = accepted(&lower.text).claim else {
            panic!("not a game certificate")
        };
        let colour = if winner == Player::First { "red" } else { "blue" };
        assert_eq!(
            statement.no_win_within,
            Some((colour, plies)),
            "{board} {target} {rules}"
        );
        let (test, at_d) = wins_within(&g, winner, d, Limits::default(), true).unwrap();
        assert!(test.wins, "{board} {target} {rules}");
        let at_d = at_d.expect("asked for").text;
        assert!(at_d.starts_with("ramsey-cert 3\n"), "{board} {target} {rules}");
        accepted(&at_d);
        checked += 1;
    }
    assert!(checked >= 100, "only {checked} instances");
}
