//! Slany's graph Ramsey games solved by the engine (`solve --rules`):
//! the published results for Sim, Sim+ and Sim_a, computed here, and bad
//! input refused with exit code 2.

use ramsey_verify::analysis::ramsey_table::complete_game;
use ramsey_verify::engine::{census, Limits, Solver};
use ramsey_verify::games::prelude::*;
use ramsey_verify::games::ramsey::{Outcome, RamseyGame, Rules};
mod common;
use common::{bad_input, ramsey, untimed, with_stdin};

fn game(n: usize, target: &str, rules: Rules) -> RamseyGame {
    complete_game(n, &target.parse().unwrap(), rules).unwrap()
}

fn solved(g: &RamseyGame) -> (Outcome, u32, u64) {
    let solver = Solver::new(g);
    let v = solver.value(&g.start()).unwrap();
    (v.score, v.plies, solver.positions())
}

#[test]
fn sim_is_a_second_player_win_that_lasts_all_fifteen_moves() {
    // Slany, Theorem 22 and Section 8: Green (our blue) wins Sim, and
    // cannot force the win before move 15.
    let (score, plies, positions) = solved(&game(6, "K3", Rules::Misere));
    assert_eq!(score, Outcome::BlueWins);
    assert_eq!(plies, 15);
    // Slany, Section 7.1: 3728 non-isomorphic positions, those with
    // monochromatic triangles included. We count the empty board too.
    assert_eq!(positions - 1, 3728, "positions other than the empty board");
}

#[test]
fn sim_under_avoid_rules_has_the_same_winner() {
    // Observation 3.1: Sim as an avoidance game.
    assert_eq!(solved(&game(6, "K3", Rules::Avoid)).0, Outcome::BlueWins);
}

#[test]
fn sim_plus_is_a_second_player_win() {
    // Slany, Theorem 23.
    assert_eq!(solved(&game(6, "K3", Rules::AvoidPlus)).0, Outcome::BlueWins);
}

#[test]
fn sim_a_is_a_first_player_win_on_her_fourth_move() {
    // Observation 3.3 / Figure 3: a trivial first-player win. Red's 4th move
    // is the 7th move of the game.
    let (score, plies, _) = solved(&game(6, "K3", Rules::Achieve));
    assert_eq!((score, plies), (Outcome::RedWins, 7));
    for rules in [Rules::AchieveSecond, Rules::Maker] {
        assert_eq!(solved(&game(6, "K3", rules)).0, Outcome::RedWins, "{rules}");
    }
}

#[test]
fn census_counts_the_same_positions_as_the_solver() {
    for rules in Rules::ALL {
        let g = game(5, "P3", rules);
        let total: u64 = census(&g, &g.start(), |_| (), Limits::default())
            .unwrap()
            .values()
            .sum();
        assert_eq!(total, solved(&g).2, "{rules}");
    }
}

#[test]
fn value_and_counts_do_not_depend_on_threads() {
    let run = |threads: &str| {
        ramsey(&[
            "solve",
            "--rules",
            "avoid",
            "--board",
            "6",
            "--target",
            "K3",
            "--threads",
            threads,
            "--json",
        ])
    };
    let strip = |out: String| {
        let mut v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let o = v.as_object_mut().unwrap();
        o.remove("seconds");
        o.remove("threads");
        v
    };
    let (one, two) = (run("1"), run("2"));
    assert_eq!((one.0, two.0), (0, 0));
    assert_eq!(strip(one.1), strip(two.1));
}

#[test]
fn the_optimal_line_replays_to_the_reported_result() {
    let g = game(6, "K3", Rules::Misere);
    let solver = Solver::new(&g);
    let value = solver.value(&g.start()).unwrap();
    let line = solver.optimal_line(&g.start()).unwrap();
    let mut p = g.start();
    for m in &line {
        assert!(g.outcome(&p).is_none());
        p = g.play(&p, m);
    }
    assert_eq!(g.outcome(&p), Some(value.score));
    assert_eq!(line.len() as u32, value.plies);
}

#[test]
fn bad_game_statements_get_one_line_and_exit_code_2() {
    let cases: [&[&str]; 9] = [
        &["--rules", "achieve", "--board", "3", "--target", "K4"],
        &["--rules", "sideways", "--board", "6", "--target", "K3"],
        &["--rules", "achieve", "--board", "6", "--target", "K9x"],
        &["--rules", "achieve", "--board", "E~~", "--target", "K3"],
        &[
            "--rules", "achieve", "--board", "6", "--target", "K3", "--start", "0-1,0-1",
        ],
        &["--rules", "achieve", "--board", "6", "--target", "K3", "--start", "0-9"],
        &["--rules", "avoid-plus", "--board", "inf", "--target", "K3"],
        &["--rules", "avoid-plus", "--board", "8", "--target", "K3"],
        &[
            "--rules",
            "achieve",
            "--board",
            "6",
            "--target",
            "K3",
            "--start",
            "0-1,2-3,0-2,4-5,1-2",
        ],
    ];
    for case in cases {
        let mut args = vec!["solve"];
        args.extend_from_slice(case);
        let (code, _, err) = ramsey(&args);
        bad_input(code, &err, case);
    }
}

/// Runs `play` with `args` and `input` on standard input: exit code, stdout.
fn play(args: &[&str], input: &str) -> (i32, String) {
    let (code, out, _) = with_stdin(&[&["play"], args].concat(), input.as_bytes());
    (code, out)
}

#[test]
fn the_perfect_player_wins_sim_against_a_person_who_plays_edges_in_order() {
    // The person (red) types every edge in order; illegal ones are refused
    // and asked again. Blue plays perfectly and must win.
    let input: String = (0..6)
        .flat_map(|u| (u + 1..6).map(move |v| format!("{u} {v}\n")))
        .collect::<String>()
        .repeat(8);
    let (code, out) = play(
        &["--rules", "misere", "--board", "6", "--target", "K3"],
        &("x y\n".to_string() + &input),
    );
    assert_eq!(code, 0);
    assert!(out.contains("not a move. Type an edge as two vertices"), "{out}");
    assert!(
        out.contains("game over: blue (second player) wins\nred completed K3: "),
        "{out}"
    );
}

#[test]
fn play_stops_quietly_at_the_end_of_input() {
    let (code, out) = play(
        &[
            "--rules", "achieve", "--board", "5", "--target", "K3", "--human", "blue",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.contains("red plays"), "{out}");
}

#[test]
fn a_solve_stopped_by_the_memory_cap_says_so_and_exits_3() {
    let (code, out, err) = ramsey(&[
        "solve",
        "--rules",
        "misere",
        "--board",
        "7",
        "--target",
        "K3",
        "--max-memory",
        "1",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(out.is_empty(), "no verdict may be printed: {out}");
    assert!(err.contains("no verdict") && err.contains("1 MiB"), "{err}");
}

#[test]
fn an_edge_list_start_leaves_the_next_player_to_move_unless_first_says_otherwise() {
    let to_move = |extra: &[&str]| {
        let mut args = vec![
            "solve", "--rules", "achieve", "--board", "5", "--target", "K3", "--start", "0-1", "--json",
        ];
        args.extend_from_slice(extra);
        let (code, out, err) = ramsey(&args);
        assert_eq!(code, 0, "{err}");
        let json: serde_json::Value = serde_json::from_str(&out).unwrap();
        (
            json["to_move"].as_str().unwrap().to_string(),
            json["first"].as_str().unwrap().to_string(),
        )
    };
    assert_eq!(to_move(&[]), ("blue".into(), "blue".into()));
    assert_eq!(to_move(&["--first", "red"]), ("red".into(), "red".into()));
}

#[test]
fn play_refuses_options_it_would_ignore() {
    for extra in [["--census", ""], ["--cert", "/tmp/never.cert"]] {
        let mut args = vec!["play", "--rules", "misere", "--board", "6", "--target", "K3"];
        args.extend(extra.iter().filter(|s| !s.is_empty()));
        let (code, _, err) = ramsey(&args);
        bad_input(code, &err, extra);
    }
}

/// The answers of `solve --rules` as a program gets them: the statement's
/// line heads the text, and JSON carries the statement's fields.
#[test]
fn game_answers_are_headed_by_the_statement() {
    use ramsey_verify::analysis::ramsey_game::{GameAnswer, Statement, WinSearch};
    let statement = Statement {
        target: Some("K3".into()),
        ..Statement::default()
    };
    let game = statement.game_named("achieve", "5", None).unwrap();
    let head = "game: achieve on a board of 5 vertices and 10 edges (10 free), target K3 for red and K3 for blue, red moves first\n";
    let solver = Solver::new(&game);
    let value = GameAnswer::value(&solver, Limits::default()).unwrap();
    assert!(value.to_text().starts_with(head));
    let census = GameAnswer::census(&game, Limits::default()).unwrap();
    assert!(census
        .to_text()
        .ends_with(&format!("total: {}\n", census.to_json()["total"])));
    let budget = GameAnswer::within_budget(&game, 2, false, WinSearch::Exact, Limits::default()).unwrap();
    assert_eq!(budget.to_json()["threads"], 1);
    assert_eq!(budget.to_json()["board"], "5");
    let aleph0 = statement.game_named("achieve", "inf", Some(3)).unwrap();
    let on_aleph0 = GameAnswer::within_budget(&aleph0, 3, true, WinSearch::Exact, Limits::default()).unwrap();
    assert!(on_aleph0.to_text().contains("(K_aleph0, answered on K_"));
}

#[test]
fn a_graph6_stream_of_boards_gets_one_json_line_each_as_alone() {
    // nauty's `geng 4` order: boards with 0..6 edges, and a triangle, as
    // `nauty-geng 4 | ramsey-verify solve --rules misere --target P3 --board @- --json-lines`.
    let boards = ["C?", "CC", "CK", "Cw", "C~", "Bw"];
    let stream = boards.map(|b| format!("{b}\n")).concat();
    for extra in [&[][..], &["--winner-only"]] {
        let census = [
            &[
                "solve",
                "--rules",
                "misere",
                "--target",
                "P3",
                "--board",
                "@-",
                "--json-lines",
            ][..],
            extra,
        ]
        .concat();
        let (code, out, err) = with_stdin(&census, stream.as_bytes());
        assert_eq!(code, 0, "{err}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), boards.len(), "{out}");
        for (line, board) in lines.iter().zip(boards) {
            let alone = [
                &[
                    "solve", "--rules", "misere", "--target", "P3", "--board", board, "--json",
                ][..],
                extra,
            ]
            .concat();
            let (_, alone, _) = ramsey(&alone);
            assert_eq!(untimed(line), untimed(&alone), "{board} {extra:?}");
        }
    }
    let bad = [
        "solve",
        "--rules",
        "misere",
        "--target",
        "K3",
        "--board",
        "@-",
        "--json-lines",
    ];
    let (code, out, err) = with_stdin(&bad, b"Bw\nxx\nC~\n");
    assert!(bad_input(code, &err, "xx").starts_with("error: line 2: "), "{err}");
    assert_eq!(out.lines().count(), 1, "the board before it is answered: {out}");
    let (code, _, err) = with_stdin(&[&bad[..], &["--cert", "/tmp/x.cert"]].concat(), b"Bw\n");
    bad_input(code, &err, "--cert");
}
