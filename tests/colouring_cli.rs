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
    let args = [
        "colour",
        "--game",
        "sccg",
        "--graph",
        "path:3",
        "--colours",
        "2",
        "--order",
        "0,2,1",
    ];
    let (_, out, _) = ramsey(&[&args[..], &["--owner", "111"]].concat());
    assert!(out.contains("PLAYER 1 WINS"), "{out}");
    let (_, out, _) = ramsey(&[&args[..], &["--owner", "121"]].concat());
    assert!(out.contains("PLAYER 1 WINS"), "{out}");
    let (_, out, _) = ramsey(&[&args[..], &["--owner", "112"]].concat());
    assert!(out.contains("PLAYER 2 WINS"), "{out}");
}

#[test]
fn bad_input_gets_one_line_and_exit_code_2() {
    let cases: [&[&str]; 8] = [
        &["colour", "--game", "cg", "--graph", "path:3", "--colours", "0"],
        &[
            "colour",
            "--game",
            "scg",
            "--graph",
            "path:3",
            "--colours",
            "2",
            "--order",
            "0,1,1",
        ],
        &[
            "colour",
            "--game",
            "scg",
            "--graph",
            "path:3",
            "--colours",
            "2",
            "--order",
            "0,1",
        ],
        &[
            "colour",
            "--game",
            "scg",
            "--graph",
            "path:3",
            "--colours",
            "2",
            "--owner",
            "12",
        ],
        &[
            "colour",
            "--game",
            "scg",
            "--graph",
            "path:3",
            "--colours",
            "2",
            "--owner",
            "1x2",
        ],
        &["colour", "--game", "cg", "--graph", "D?", "--colours", "2"],
        &["colour", "--game", "kayles", "--graph", "path:3", "--colours", "2"],
        &[
            "colour",
            "--game",
            "cg",
            "--graph",
            "path:3",
            "--colours",
            "2",
            "--order",
            "0,1,2",
        ],
    ];
    for args in cases {
        let (code, out, err) = ramsey(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}");
    }
}

#[test]
fn good_input_is_not_rejected() {
    // The negative cases above differ from these in one argument each.
    let (code, _, err) = ramsey(&[
        "colour",
        "--game",
        "scg",
        "--graph",
        "path:3",
        "--colours",
        "2",
        "--order",
        "0,2,1",
        "--owner",
        "122",
    ]);
    assert_eq!(code, 0, "{err}");
}
