//! `solve --cert` (format version 3) end to end: the winner's strategy of
//! solved graph Ramsey games is written, the independent checker accepts it
//! with the engine's winner and bound, and tampered copies are rejected
//! with exit code 1 and the line at fault. (Draws: `tests/draw_cert.rs`.)

mod cert_common;
mod common;
use cert_common::{
    accepted, body, each_entry_needed, edited, field, rejected, same_for_any_threads, scratch, with_field, written_by,
};
use common::{bad_input, one_line_error, parts, ramsey, run};
use ramsey_cert_check::{check, Claim};
use ramsey_verify::core::board::Player;
use ramsey_verify::games::pattern::Pattern;

/// Lines of a version-3 header; the first entry is on the next line.
const HEADER: usize = 13;

/// Solves the game with `--cert` and returns the certificate's text.
fn written(name: &str, args: &[&str]) -> String {
    written_by("solve", name, args)
}

/// The winner and moves the checker proved, with the header's claims.
fn proved(text: &str) -> (String, u32) {
    let summary = accepted(text);
    let Claim::Game(statement) = &summary.claim else {
        panic!("not read as a game certificate")
    };
    assert_eq!(
        summary.moves, summary.bound,
        "the writer's bound is the exact number of moves"
    );
    assert_eq!(summary.entries, body(text).len());
    (statement.winner.expect("a win").to_string(), summary.moves)
}

#[test]
fn sim_sim_plus_and_sim_a_certificates_are_accepted() {
    // Sim (Slany's misère K6, K3): the second player, blue, wins; so in
    // Sim+ (avoid-plus); Sim_a (achieve) is a first-player win in 4 moves.
    let sim = written("sim.cert", &["--rules", "misere", "--board", "6", "--target", "K3"]);
    assert_eq!(proved(&sim), ("blue".into(), 7));
    let plus = written(
        "simplus.cert.gz",
        &["--rules", "avoid-plus", "--board", "6", "--target", "K3"],
    );
    assert_eq!(proved(&plus).0, "blue");
    let sim_a = written("sima.cert", &["--rules", "achieve", "--board", "6", "--target", "K3"]);
    assert_eq!(proved(&sim_a), ("red".into(), 4));
    assert_eq!(field(&sim, "rules"), "misere");
    assert_eq!(field(&sim, "board"), "E~~w");
}

#[test]
fn games_on_boards_that_are_not_complete_are_accepted() {
    // The maker game on C6 with P4 is won by the breaker (blue); avoid P3
    // on the Petersen graph by the second player; maker P3 on K4 - e by
    // red; avoid P3 on K5 from a start position by blue.
    let cases: [(&[&str], &str); 4] = [
        (&["--rules", "maker", "--board", "C6", "--target", "P4"], "blue"),
        (&["--rules", "avoid", "--board", "IheA@GUAo", "--target", "P3"], "blue"),
        (&["--rules", "maker", "--board", "C}", "--target", "P3"], "red"),
        // Red has taken 0-1; blue, to move, wins (who moved first does not
        // matter under avoid rules).
        (
            &["--rules", "avoid", "--board", "5", "--target", "P3", "--start", "0-1"],
            "blue",
        ),
    ];
    for (i, (args, winner)) in cases.iter().enumerate() {
        let text = written(&format!("board{i}.cert"), args);
        assert_eq!(proved(&text).0, *winner, "{args:?}");
    }
}

/// `solve --budget b --cert` certifies only "no forced win within b"
/// (format 9, `tests/nowin_cert.rs`): where she does win (K3 on K_aleph0
/// within 4 of her moves) it writes nothing, with one line and exit 2.
#[test]
fn the_strong_game_budget_solver_writes_no_certificate_of_her_win() {
    let path = scratch("budget.cert");
    let (code, _, err) = ramsey(&[
        "solve",
        "--budget",
        "4",
        "--clique",
        "3",
        "--cert",
        path.to_str().unwrap(),
    ]);
    bad_input(code, &err, "--budget 4 --clique 3");
    assert!(!path.exists());
}

#[test]
fn every_lowered_depth_is_caught_on_its_own_line() {
    // The writer's depths are exact (optimal play), so one move less is
    // never enough; depth 0 is not a depth at all.
    for (name, args) in [
        ("low1.cert", ["--rules", "achieve", "--board", "6", "--target", "K3"]),
        ("low2.cert", ["--rules", "maker", "--board", "C6", "--target", "P4"]),
    ] {
        let text = written(name, &args);
        for (i, entry) in body(&text).iter().enumerate() {
            let depth: u32 = entry[2].parse().unwrap();
            let line = format!("{} {} {}", entry[0], entry[1], depth - 1);
            let r = rejected(&edited(&text, i, Some(line)));
            assert_eq!(r.line, Some(HEADER + 1 + i), "{}", r.message);
        }
    }
}

#[test]
fn changed_moves_and_removed_entries_are_caught() {
    let text = written("moves.cert", &["--rules", "misere", "--board", "6", "--target", "K3"]);
    let entries = body(&text);
    // Every other edge at an entry: accepted only if it keeps the win within
    // the depth; otherwise rejected on that entry's line. Some must fail.
    let mut failures = 0;
    for (i, entry) in entries.iter().enumerate().step_by(37) {
        for u in 0..6 {
            for v in u + 1..6 {
                let line = format!("{} {u}-{v} {}", entry[0], entry[2]);
                if let Err(r) = check(edited(&text, i, Some(line)).as_bytes(), 2) {
                    assert_eq!(r.line, Some(HEADER + 1 + i), "{}", r.message);
                    failures += 1;
                }
            }
        }
    }
    assert!(failures > 0);
    each_entry_needed(&text, [0, entries.len() / 2, entries.len() - 1]);
}

#[test]
fn a_move_that_completes_the_winners_target_under_avoid_is_illegal() {
    let text = written(
        "avoid.cert",
        &["--rules", "avoid", "--board", "IheA@GUAo", "--target", "P3"],
    );
    let mut found = false;
    for (i, entry) in body(&text).iter().enumerate().take(20) {
        for u in 0..10 {
            for v in u + 1..10 {
                let line = format!("{} {u}-{v} {}", entry[0], entry[2]);
                if let Err(r) = check(edited(&text, i, Some(line)).as_bytes(), 1) {
                    if r.message.contains("completes the mover's target") {
                        assert_eq!(r.line, Some(HEADER + 1 + i));
                        found = true;
                    }
                }
            }
        }
    }
    assert!(found, "no entry where the winner could complete P3");
}

#[test]
fn wrong_headers_are_caught() {
    let sim = written("header.cert", &["--rules", "misere", "--board", "6", "--target", "K3"]);
    let r = rejected(&with_field(&sim, "winner", "red"));
    assert!(r.line.is_some() || r.message.contains("start"), "{}", r.message);
    rejected(&with_field(&sim, "rules", "achieve"));
    // Not every change of rules is false: blue's Sim strategy never
    // completes a blue triangle, and red's triangle moves, which lose under
    // misere, are illegal under avoid, so it also wins the avoidance game.
    assert_eq!(proved(&with_field(&sim, "rules", "avoid")).0, "blue");
    rejected(&with_field(&sim, "rules", "maker"));
    rejected(&with_field(&sim, "bound", "6"));
    rejected(&with_field(&sim, "to-move", "blue"));
    // Under misere, who moved first does not matter (only who is to move).
    assert_eq!(proved(&with_field(&sim, "first", "blue")).0, "blue");
    let c6 = written("c6.cert", &["--rules", "maker", "--board", "C6", "--target", "P4"]);
    // The path P6 and the triangle pair 2K3 instead of the hexagon.
    for other in ["EhCG", "EwCW"] {
        assert_ne!(field(&c6, "board"), other);
        rejected(&with_field(&c6, "board", other));
    }
    // A triangle cannot be built on C6, so that claim would be true; P3 can.
    rejected(&with_field(&c6, "target-red", "Bg"));
    // Under maker it does: blue would be the builder.
    rejected(&with_field(&c6, "first", "blue"));
    // Through the command line: exit code 1, one line.
    let path = scratch("tampered.cert");
    std::fs::write(&path, with_field(&sim, "rules", "achieve")).unwrap();
    let (code, _, err) = parts(&run(&["check", path.to_str().unwrap()]));
    one_line_error(1, code, &err, "rules achieve");
}

#[test]
fn certificates_do_not_depend_on_threads() {
    let args = ["--rules", "avoid-plus", "--board", "5", "--target", "K3"];
    proved(&same_for_any_threads("solve", &args));
}

#[test]
fn every_rule_set_on_small_boards_agrees_with_the_checker() {
    // The engine's value against the independent checker, for every rule
    // set, small boards (complete and not), both first movers: each win
    // gives a certificate the checker accepts with the engine's winner and
    // exactly the engine's number of winner moves; each draw one it accepts
    // as a draw (version 5).
    use ramsey_verify::engine::Solver;
    use ramsey_verify::games::prelude::*;
    use ramsey_verify::games::ramsey::{RamseyGame, Rules};
    use ramsey_verify::games::statement::parse_board;
    use ramsey_verify::verify::cert::game::solved_game_certificate;
    let (mut wins, mut draws) = (0, 0);
    for rules in Rules::ALL {
        for board in ["4", "C5", "C}", "5"] {
            for target in ["P3", "K3", "2K2"] {
                for first in [Player::First, Player::Second] {
                    let t: Pattern = target.parse().unwrap();
                    let mut start = parse_board(board).unwrap();
                    start.set_to_move(first);
                    let Ok(game) = RamseyGame::new(start, [t.clone(), t], rules, first) else {
                        continue;
                    };
                    let solver = Solver::new(&game);
                    let value = solver.value(&game.start()).unwrap();
                    let summary = accepted(&solved_game_certificate(&solver).unwrap().text);
                    let Claim::Game(s) = &summary.claim else { panic!() };
                    match value.score.winner() {
                        Some(winner) => {
                            let moves = match winner == first {
                                true => value.plies.div_ceil(2),
                                false => value.plies / 2,
                            };
                            assert_eq!((s.winner, summary.moves), (Some(winner.colour_name()), moves));
                            wins += 1;
                        }
                        None => {
                            assert_eq!(s.winner, None, "{rules} {board} {target}");
                            draws += 1;
                        }
                    }
                }
            }
        }
    }
    // Every one of the 8 * 4 * 3 * 2 statements is playable (160 wins and
    // 32 draws when this was written: the one-colour game has no draws).
    assert_eq!(wins + draws, 192);
    assert!(wins > 100 && draws > 10, "{wins} wins, {draws} draws");
}
