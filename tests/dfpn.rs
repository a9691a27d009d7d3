//! The proof-number search (`engine::Dfpn`, `solve --winner-only --dfpn`)
//! against the exact solver: the same winner on every rule set on K4..K6,
//! on the triangle-free game for n = 3..10 and on small budgets of the
//! achievement games, with 1 and 2 threads and under a memory cap so small
//! that the table evicts (the verdict must not change); its certificates
//! accepted by the independent checker, tampered copies rejected.

mod cert_common;
mod common;

use cert_common::{accepted, body, edited, rejected, same_for_any_threads, with_field};
use common::{bad_input, ramsey};
use ramsey_cert_check::Claim;
use ramsey_verify::analysis::ramsey_game::{
    winner_decider, winner_dfpn, winner_only, within_budget, Statement, WinSearch,
};
use ramsey_verify::engine::{Limits, Solver};
use ramsey_verify::games::prelude::*;
use ramsey_verify::games::ramsey::{Outcome, RamseyGame, Rules};
use ramsey_verify::verify::cert::game::winner_certificate;

/// A cap of 8 KiB: about a hundred entries, so every search below that
/// stores more evicts.
const TINY: u64 = 8 << 10;

fn game(rules: Rules, n: usize, target: &str) -> RamseyGame {
    let statement = Statement {
        target: Some(target.into()),
        ..Statement::default()
    };
    statement.game(rules.name(), &n.to_string()).unwrap()
}

/// The proof-number search's outcome of `game` under `limits` (on a pool
/// of its threads) and the entries it evicted.
fn dfpn(game: &RamseyGame, limits: Limits) -> (Outcome, u64) {
    let found = limits.install(|| winner_dfpn(game, limits).unwrap().0).unwrap();
    (
        found.outcome,
        found.evicted.expect("a proof-number search counts evictions"),
    )
}

/// Asserts the proof-number search gives `expected` for `game` on 1 and 2
/// threads and under a cap of `cap` bytes; the entries the cap evicted.
fn agrees(game: &RamseyGame, expected: Outcome, cap: u64, what: &str) -> u64 {
    for threads in [1, 2] {
        let limits = Limits::default().with_threads(threads);
        assert_eq!(dfpn(game, limits).0, expected, "{what}, {threads} threads");
    }
    let (outcome, evicted) = dfpn(game, Limits::default().with_threads(1).with_max_memory(cap));
    assert_eq!(outcome, expected, "{what}, under a cap of {cap} bytes");
    evicted
}

#[test]
fn every_rule_set_on_small_boards_has_the_exact_solvers_winner() {
    let mut evicted = 0;
    let mut outcomes = std::collections::BTreeSet::new();
    for rules in Rules::ALL {
        // A set move is any nonempty set of free edges: K6 has 2^15 - 1.
        let largest = if rules.sets() { 5 } else { 6 };
        for n in 4..=largest {
            for target in ["K3", "P3"] {
                let game = game(rules, n, target);
                let exact = Solver::new(&game).value(&game.start()).unwrap().score;
                outcomes.insert(exact);
                evicted += agrees(&game, exact, TINY, &format!("{rules} on K{n} with {target}"));
            }
        }
    }
    assert_eq!(outcomes.len(), 3, "wins of both colours and draws are all compared");
    assert!(evicted > 0, "the tiny cap never evicted");
}

#[test]
fn the_triangle_free_game_up_to_ten_vertices_has_the_score_only_searchs_winner() {
    let mut evicted = 0;
    for n in 3..=10 {
        let game = game(Rules::SharedAvoid, n, "K3");
        let decider = winner_decider(&game, Limits::default());
        let expected = winner_only(&decider, &game).unwrap().outcome;
        // The tiny cap re-searches too much on the largest boards.
        let cap = if n <= 8 { TINY } else { 32 * TINY };
        evicted += agrees(&game, expected, cap, &format!("K{n}"));
    }
    assert!(evicted > 0, "no cap evicted");
}

#[test]
fn budgets_of_the_achievement_games_have_the_exact_solvers_answer() {
    let mut wins = [0; 2];
    for (target, budgets) in [("K3", 1..=4), ("K4", 1..=4)] {
        let statement = Statement {
            target: Some(target.into()),
            ..Statement::default()
        };
        for budget in budgets {
            let aleph0 = statement.aleph0_game("achieve", Some(budget)).unwrap();
            let finite = statement.game("achieve", "6").unwrap();
            for game in [aleph0, finite] {
                let limits = Limits::default().with_threads(1);
                let exact = within_budget(&game, budget, WinSearch::Exact, limits).unwrap();
                for limits in [limits, limits.with_max_memory(TINY)] {
                    let pn = within_budget(&game, budget, WinSearch::ProofNumber, limits).unwrap();
                    assert_eq!(pn.wins, exact.wins, "{target} within {budget}");
                    // Her winning move is one: it leads to a win within the budget.
                    assert_eq!(pn.winning_move.is_some(), pn.wins);
                }
                wins[usize::from(exact.wins)] += 1;
            }
        }
    }
    assert!(wins[0] > 0 && wins[1] > 0, "both answers compared: {wins:?}");
}

/// `solve --winner-only --dfpn --cert` on `board` (the same bytes on 1 and
/// 2 threads).
fn certificate(rules: &str, board: &str, target: &str) -> String {
    let args = [
        "--rules",
        rules,
        "--board",
        board,
        "--target",
        target,
        "--winner-only",
        "--dfpn",
    ];
    same_for_any_threads("solve", &args)
}

#[test]
fn proof_number_certificates_are_accepted_with_the_exact_winner() {
    for (rules, n, target) in [
        (Rules::SharedAvoid, 6, "K3"),
        (Rules::SharedAvoid, 8, "K3"),
        (Rules::Achieve, 6, "K3"),
        (Rules::Avoid, 5, "K3"),
        (Rules::Misere, 5, "P3"),
    ] {
        let game = game(rules, n, target);
        let winner = Solver::new(&game).value(&game.start()).unwrap().score.winner();
        let colour = winner.expect("a won game").colour_name();
        let text = certificate(rules.name(), &n.to_string(), target);
        let Claim::Game(statement) = accepted(&text).claim else {
            panic!("not a game certificate")
        };
        assert_eq!(statement.winner, Some(colour), "{rules} on K{n}");
    }
}

/// Certificates read off a search whose table evicted (its moves found
/// again by searching the evicted positions anew) are accepted too.
#[test]
fn certificates_after_eviction_are_accepted() {
    for (rules, n) in [(Rules::SharedAvoid, 8), (Rules::Achieve, 6)] {
        let game = game(rules, n, "K3");
        // About a dozen entries.
        let limits = Limits::default().with_threads(1).with_max_memory(1 << 10);
        let (found, proved) = winner_dfpn(&game, limits).unwrap();
        let (winner, search) = proved.expect("a won game");
        assert!(found.evicted.unwrap() > 0, "{rules} on K{n}: nothing evicted");
        let cert = winner_certificate(&game, winner, &search).unwrap();
        let Claim::Game(statement) = accepted(&cert.text).claim else {
            panic!("not a game certificate")
        };
        assert_eq!(statement.winner, Some(winner.colour_name()), "{rules} on K{n}");
    }
}

#[test]
fn tampered_proof_number_certificates_are_rejected() {
    let text = certificate("shared-avoid", "9", "K3");
    let entries = body(&text);
    rejected(&with_field(&text, "winner", "red"));
    rejected(&with_field(&text, "rules", "avoid"));
    let mut caught = 0;
    for (i, entry) in entries.iter().enumerate().step_by(7) {
        for (u, v) in [(0, 1), (2, 5), (3, 8)] {
            let line = format!("{} {u}-{v} {}", entry[0], entry[2]);
            caught += usize::from(ramsey_cert_check::check(edited(&text, i, Some(line)).as_bytes(), 1).is_err());
        }
        caught += usize::from(ramsey_cert_check::check(edited(&text, i, None).as_bytes(), 1).is_err());
    }
    assert!(caught > 0, "no tampering was caught");
}

#[test]
fn the_command_line_reports_the_search_and_refuses_dfpn_without_a_win_question() {
    let (code, out, err) = ramsey(&[
        "solve",
        "--rules",
        "shared-avoid",
        "--board",
        "7",
        "--target",
        "K3",
        "--winner-only",
        "--dfpn",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["search"], "pn");
    assert!(json["evicted"].is_u64() && json["positions"].as_u64().unwrap() > 0);
    assert_eq!(json["value"]["winner"], "blue");
    let (code, _, err) = ramsey(&["solve", "--rules", "avoid", "--board", "5", "--target", "K3", "--dfpn"]);
    bad_input(code, &err, "--dfpn on avoid");
}
