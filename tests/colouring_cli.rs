//! `ramsey-verify colour` from the outside: verdicts, JSON, and bad input
//! (one line, exit code 2).

mod common;
use common::ramsey;

#[test]
fn ccg_on_p4_with_two_colours_is_a_second_player_win() {
    let (code, out, _) = ramsey(&["colour", "--game", "ccg", "--graph", "path:4", "--colours", "2"]);
    assert_eq!(code, 0);
    assert!(out.contains("PLAYER 2 WINS"), "{out}");
    let (_, out, _) = ramsey(&["colour", "--game", "ccg", "--graph", "path:4", "--colours", "3"]);
    assert!(out.contains("PLAYER 1 WINS"), "{out}");
}

#[test]
fn game_chromatic_number_reports_both_sides_in_json() {
    let (code, out, _) = ramsey(&["colour", "--game-chromatic", "--graph", "path:4", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["game_chromatic_number"], 3);
    assert_eq!(v["chromatic_number"], 2);
    assert_eq!(v["max_degree_plus_one"], 3);
    let levels = v["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 3);
    assert_eq!(levels[2]["winner"], 1);
    assert_eq!(levels[1]["winner"], 2);
}

#[test]
fn ordered_game_with_order_and_owners() {
    // Path 0-1-2 coloured in the order 0, 2, 1 with two colours: the
    // player colouring 2 can make 1 uncolourable. Owners are per vertex:
    // `111` and `121` leave vertex 2 to player 1, who wins the SCCG;
    // `112` gives it to player 2, who wins.
    let line = "colour --game sccg --graph path:3 --colours 2 --order 0,2,1";
    let args: Vec<&str> = line.split(' ').collect();
    let (_, out, _) = ramsey(&[&args[..], &["--owner", "111"]].concat());
    assert!(out.contains("PLAYER 1 WINS"), "{out}");
    let (_, out, _) = ramsey(&[&args[..], &["--owner", "121"]].concat());
    assert!(out.contains("PLAYER 1 WINS"), "{out}");
    let (_, out, _) = ramsey(&[&args[..], &["--owner", "112"]].concat());
    assert!(out.contains("PLAYER 2 WINS"), "{out}");
    assert!(
        out.contains("Theorem 3.1 (linear time): player 2 wins (agrees)"),
        "{out}"
    );
}

#[test]
fn bad_input_gets_one_line_and_exit_code_2() {
    // Each case: game, graph, colours, then extra arguments.
    let cases = [
        "cg path:3 0",
        "scg path:3 2 --order 0,1,1",
        "scg path:3 2 --order 0,1",
        "scg path:3 2 --owner 12",
        "scg path:3 2 --owner 1x2",
        "cg D? 2",
        "kayles path:3 2",
        "cg path:3 2 --order 0,1,2",
        "cg complete:100 2 --game-chromatic",
    ];
    for case in cases {
        let words: Vec<&str> = case.split(' ').collect();
        let mut args = vec!["colour", "--game", words[0], "--graph", words[1], "--colours", words[2]];
        args.extend(&words[3..]);
        let (code, out, err) = ramsey(&args);
        assert_eq!(code, 2, "{case}: {out}{err}");
        assert_eq!(err.trim().lines().count(), 1, "{case}: {err}");
        assert!(out.is_empty(), "{case}");
    }
}

#[test]
fn good_input_is_not_rejected() {
    // The negative cases above differ from this in one argument each.
    let args = "colour --game scg --graph path:3 --colours 2 --order 0,2,1 --owner 122";
    let (code, _, err) = ramsey(&args.split(' ').collect::<Vec<_>>());
    assert_eq!(code, 0, "{err}");
}
