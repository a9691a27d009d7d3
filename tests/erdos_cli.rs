//! `ramsey-verify erdos` from the command line: output and bad input.

mod common;
use common::{bad_input, ramsey, untimed, with_stdin};

#[test]
fn json_reports_outcome_winner_line_and_counts() {
    let (code, out, err) = ramsey(&["erdos", "--game", "clique", "--board", "4", "--json", "--threads", "1"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let game = &v["games"][0];
    assert_eq!(game["outcome"], serde_json::json!([2, 2]));
    assert_eq!(game["winner"], "Bob wins (a draw counts for Bob)");
    assert_eq!(game["line"].as_array().unwrap().len(), 6);
    assert_eq!(game["positions_per_move"][0], 1);
}

/// The JSON report of `erdos --game all --board 6` on `threads` threads,
/// without the times.
fn report_without_times(threads: &str) -> serde_json::Value {
    let (code, out, err) = ramsey(&["erdos", "--board", "6", "--json", "--threads", threads]);
    assert_eq!(code, 0, "{err}");
    let mut v: serde_json::Value = serde_json::from_str(&out).unwrap();
    for game in v["games"].as_array_mut().unwrap() {
        game.as_object_mut()
            .unwrap()
            .remove("seconds")
            .expect("a time per game");
    }
    v
}

#[test]
fn reports_are_the_same_for_any_thread_count_and_run() {
    let one = report_without_times("1");
    assert_eq!(one["games"].as_array().unwrap().len(), 4);
    assert!(one["games"][2]["positions"].as_u64().unwrap() > 100);
    for threads in ["2", "4", "2"] {
        assert_eq!(report_without_times(threads), one, "{threads} threads");
    }
}

/// The exit code and text of `erdos` with `args` on `threads` threads,
/// without the times.
fn text_without_times(args: &[&str], threads: &str) -> (i32, String) {
    let (code, out, _) = ramsey(&[args, &["--threads", threads]].concat());
    let untimed = out.lines().map(|line| line.split("   time:").next().unwrap_or(line));
    (code, untimed.collect::<Vec<_>>().join("\n"))
}

/// Several games on more than one thread are solved side by side, the
/// costliest first: the text still lists them in the order given, the
/// same as on one thread, and a game stopped by the memory cap stops the
/// run after the games before it, as on one thread.
#[test]
fn side_by_side_games_print_in_the_given_order_and_stop_alike() {
    let given = ["erdos", "--board", "6", "--game", "star,colex,clique"];
    let stopped = [
        "erdos",
        "--board",
        "7",
        "--game",
        "star,colex,clique",
        "--max-memory",
        "1",
    ];
    for (args, code) in [(&given[..], 0), (&stopped[..], 3)] {
        let one = text_without_times(args, "1");
        assert_eq!(one.0, code, "{}", one.1);
        assert!(one.1.starts_with("star game on K"), "{}", one.1);
        for threads in ["2", "3", "2"] {
            assert_eq!(text_without_times(args, threads), one, "{threads} threads");
        }
    }
}

#[test]
fn all_games_on_one_board_in_text() {
    let (code, out, err) = ramsey(&["erdos", "--game", "all", "--board", "colex:9"]);
    assert_eq!(code, 0, "{err}");
    for line in [
        "clique game on C(9) (5 vertices, 9 edges): outcome (a, b) = (3, 2): Alice wins",
        "star game on C(9) (5 vertices, 9 edges): outcome (a, b) = (3, 2): Alice wins",
        "vc game on C(9) (5 vertices, 9 edges): outcome (a, b) = (2, 1): Alice wins",
        "colex game on C(9) (5 vertices, 9 edges): outcome (a, b) = (4, 2): Alice wins",
    ] {
        assert!(out.contains(line), "{line} missing from\n{out}");
    }
}

#[test]
fn head_start_on_the_board_labels() {
    let (code, out, err) = ramsey(&[
        "erdos",
        "--game",
        "clique",
        "--board",
        "5",
        "--head-start",
        "0-1,1-2,0-2",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["head_start"], serde_json::json!(["0-1", "1-2", "0-2"]));
    assert!(v["games"][0]["outcome"][0].as_u64().unwrap() >= 3);
    assert_eq!(v["first"], "Alice");
    let (code, out, err) = ramsey(&[
        "erdos",
        "--game",
        "clique",
        "--board",
        "4",
        "--head-start",
        "0-1",
        "--bob-first",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["first"], "Bob");
    assert_eq!(v["games"][0]["line"].as_array().unwrap().len(), 5);
}

#[test]
fn table_rows_for_colex_sizes() {
    let (code, out, err) = ramsey(&["erdos", "--table", "9..10"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("| 9 | 5 | (4, 2) | (3, 2) | 1 | (2, 1) | (3, 2) |"),
        "{out}"
    );
    assert!(
        out.contains("| 10 | 5 | (4, 4) | (3, 3) | 0 | (1, 1) | (3, 3) |"),
        "{out}"
    );
}

/// Asserts that `args` are refused as bad input, saying `says`.
fn refused(args: &[&str], says: &str) {
    let (code, _, err) = ramsey(args);
    assert!(bad_input(code, &err, args).contains(says), "{args:?}: {err}");
}

#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    refused(
        &["erdos", "--board", "colex:9", "--head-start", "3-4"],
        "not a subgraph of the board",
    );
    refused(
        &["erdos", "--board", "5", "--head-start", "0-7"],
        "not a subgraph of the board",
    );
    refused(&["erdos", "--board", "13"], "at most 12");
    refused(&["erdos", "--board", "150"], "at most 12");
    refused(&["erdos", "--board", "99999999999999999999999"], "board");
    refused(&["erdos", "--game", "chess", "--board", "4"], "unknown game");
    refused(&["erdos", "--board", "not graph6!"], "board");
    refused(&["erdos", "--board", "4", "--head-start", "0-x"], "head start");
    refused(&["erdos", "--table", "5..3"], "range");
}

#[test]
fn boards_without_edges_are_games_over_at_the_start() {
    // Nobody moves; a lone vertex is a K1 of either colour, so the Clique
    // game is (1, 1) on a board with a vertex and (0, 0) on none.
    for (board, clique) in [("1", "(1, 1)"), ("D??", "(1, 1)"), ("colex:0", "(0, 0)")] {
        let (code, out, err) = ramsey(&["erdos", "--board", board]);
        assert_eq!(code, 0, "{board}: {err}");
        assert!(
            out.contains("clique game on ") && out.contains(&format!("outcome (a, b) = {clique}")),
            "{board}: {out}"
        );
        assert!(
            out.contains("star game") && out.contains("optimal line: none"),
            "{board}: {out}"
        );
    }
}

/// `(a - b, a)`: the paper's order of outcomes, as a sortable key.
fn order_key(pair: &serde_json::Value) -> (i64, i64) {
    let (a, b) = (pair[0].as_i64().unwrap(), pair[1].as_i64().unwrap());
    (a - b, a)
}

#[test]
fn winner_only_agrees_with_the_exact_outcome_and_brackets_it() {
    for board in [
        "3", "4", "5", "6", "colex:5", "colex:7", "colex:9", "colex:11", "colex:13",
    ] {
        let run = |extra: &[&str]| {
            let mut args = vec!["erdos", "--board", board, "--json", "--threads", "1"];
            args.extend_from_slice(extra);
            let (code, out, err) = ramsey(&args);
            assert_eq!(code, 0, "{board}: {err}");
            serde_json::from_str::<serde_json::Value>(&out).unwrap()
        };
        let (exact, quick) = (run(&[]), run(&["--winner-only"]));
        for (e, q) in exact["games"]
            .as_array()
            .unwrap()
            .iter()
            .zip(quick["games"].as_array().unwrap())
        {
            let name = format!("{board} {}", e["game"]);
            assert_eq!(e["outcome_at_least"], e["outcome"], "{name}");
            assert_eq!(e["outcome_at_most"], e["outcome"], "{name}");
            assert!(q["outcome"].is_null() && q["line"].is_null(), "{name}");
            let outcome = order_key(&e["outcome"]);
            if !q["outcome_at_least"].is_null() {
                assert!(order_key(&q["outcome_at_least"]) <= outcome, "{name}");
            }
            if !q["outcome_at_most"].is_null() {
                assert!(order_key(&q["outcome_at_most"]) >= outcome, "{name}");
            }
            let first_word =
                |g: &serde_json::Value| g["winner"].as_str().unwrap().split(' ').next().unwrap().to_string();
            assert_eq!(
                first_word(q),
                first_word(e),
                "{name}: {} against {}",
                q["winner"],
                e["winner"]
            );
            assert!(
                q["positions"].as_u64().unwrap() <= e["positions"].as_u64().unwrap(),
                "{name}"
            );
        }
    }
}

#[test]
fn a_graph6_stream_gets_one_json_line_per_board_as_each_alone_would() {
    // The triangle, K4, the 5-cycle and K_{1,3}, as nauty's geng writes them,
    // with geng's optional header and a blank line.
    let boards = ["Bw", "C~", "Dhc", "Cs"];
    let stream = format!(
        ">>graph6<<{}\n\n{}\n{}\n{}\n",
        boards[0], boards[1], boards[2], boards[3]
    );
    let census = ["erdos", "--board", "@-", "--json-lines", "--threads", "1"];
    let (code, out, err) = with_stdin(&census, stream.as_bytes());
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), boards.len(), "{out}");
    for (line, board) in lines.iter().zip(boards) {
        let (_, alone, _) = ramsey(&["erdos", "--board", board, "--json", "--threads", "1"]);
        assert_eq!(untimed(line), untimed(&alone), "{board}");
    }
    let resumed = [&census[..], &["--skip", "3"]].concat();
    let (_, rest, _) = with_stdin(&resumed, stream.as_bytes());
    assert_eq!(rest.lines().map(untimed).collect::<Vec<_>>(), vec![untimed(lines[3])]);
}

#[test]
fn a_bad_board_in_a_stream_is_named_by_its_line_with_exit_code_2() {
    let census = ["erdos", "--game", "star", "--board", "@-", "--json-lines"];
    let (code, out, err) = with_stdin(&census, b"Bw\n\nxx\nC~\n");
    assert!(bad_input(code, &err, "xx").starts_with("error: line 3: "), "{err}");
    assert_eq!(out.lines().count(), 1, "the board before it is answered: {out}");
    for args in [
        &["erdos", "--board", "Bw", "--json-lines"][..],
        &["erdos", "--board", "@-", "--json-lines", "--json"],
        &["erdos", "--board", "@-", "--json-lines", "--table", "1..2"],
        &["erdos", "--board", "@/nonexistent/boards.g6", "--json-lines"],
        &["erdos", "--board", "Bw", "--skip", "1"],
    ] {
        let (code, _, err) = with_stdin(args, b"Bw\n");
        bad_input(code, &err, args);
    }
}

/// `erdos --table a..b --cert DIR`: one certificate per game and row, each
/// accepted by the independent checker with the row's outcome as both
/// bounds, the index's size and SHA-256 those of the file, and the file the
/// same bytes as `erdos --game G --board colex:M --cert FILE` writes.
#[test]
fn table_cert_writes_a_checked_certificate_per_game_and_an_index() {
    use ramsey_cert_check::{check, Claim};
    let dir = std::env::temp_dir().join(format!("erdos-table-cert-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (code, out, err) = ramsey(&[
        "erdos",
        "--table",
        "8..9",
        "--threads",
        "1",
        "--cert",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("| 9 | 5 | (4, 2) | (3, 2) | 1 | (2, 1) | (3, 2) |"),
        "{out}"
    );
    let rows = [common::index_rows(&dir, "8 "), common::index_rows(&dir, "9 ")].concat();
    assert_eq!(rows.len(), 8, "{rows:?}");
    for row in &rows {
        let (outcome, file, bytes, sha) = (&row[3], &row[5], &row[7], &row[8]);
        let data = std::fs::read(dir.join(file)).unwrap();
        assert_eq!(data.len().to_string(), *bytes, "{file}");
        assert_eq!(common::sha256_hex(&data), *sha, "{file}");
        let summary = check(&data, 1).unwrap_or_else(|r| panic!("{file}: {}", r.message));
        let Claim::Scoring(s) = &summary.claim else {
            panic!("{file}: not a scoring certificate")
        };
        let text =
            |p: Option<ramsey_cert_check::scoring::rules::Points>| p.map(|p| format!("({}, {})", p.alice, p.bob));
        assert_eq!(text(s.at_least).as_ref(), Some(outcome), "{file}");
        assert_eq!(text(s.at_most).as_ref(), Some(outcome), "{file}");
    }
    let alone = dir.join("alone.cert");
    let (code, _, err) = ramsey(&[
        "erdos",
        "--game",
        "vc",
        "--board",
        "colex:9",
        "--threads",
        "1",
        "--cert",
        alone.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let in_table = std::fs::read(dir.join("erdos-c9-vc.cert")).unwrap();
    assert_eq!(
        std::fs::read(&alone).unwrap(),
        in_table,
        "the same certificate alone and in the table"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
