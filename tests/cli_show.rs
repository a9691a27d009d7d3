//! `ramsey-verify show` and `verify --svg/--dot/--shortest`, run as the
//! binary: good input renders, every kind of bad input is a one-line error
//! with exit code 2 (never a panic).

use std::path::PathBuf;
mod common;
use common::{bad_input, parts, run};
use std::process::Output;

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A scratch file path unique to this test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ramsey-verify-cli-show-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Asserts a clean rejection: exit code 2, one line on stderr containing
/// `needle`, nothing that looks like a panic.
fn rejects(args: &[&str], needle: &str) {
    let (code, _, err) = parts(&run(args));
    let line = bad_input(code, &err, args);
    assert!(line.contains(needle), "{args:?}: expected `{needle}` in {err}");
}

#[test]
fn line_is_numbered_with_forced_moves_and_double_threat() {
    // K3 game: red a-b, blue elsewhere, red b-c threatens a-c, blue blocks;
    // red b-3 threatens a-3 and c-3, blue blocks a-3, red wins with c-3.
    let svg = scratch("k3.svg");
    let dot = scratch("k3.dot");
    let out = run(&[
        "show",
        "--line",
        "a-b,5-6,b-c,a-c,b-3,a-3,c-3",
        "--names",
        "0=a,1=b,2=c",
        "--clique",
        "3",
        "--svg",
        svg.to_str().unwrap(),
        "--dot",
        dot.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = stdout(&out);
    assert!(text.contains("  1. red  a-b\n"), "{text}");
    assert!(text.contains("  4. blue a-c  (forced)\n"), "{text}");
    assert!(text.contains("  6. blue a-3  (forced)\n"), "{text}");
    assert!(text.contains("end: the first player completes a red K3"), "{text}");
    assert!(
        text.contains("final double threat: red after move 5 threatens K3 by a-3 and c-3"),
        "{text}"
    );
    let svg = std::fs::read_to_string(svg).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains(">#4</text>") && svg.contains(">a</text>"));
    let dot = std::fs::read_to_string(dot).unwrap();
    assert!(dot.starts_with("graph figure {") && dot.contains("<b>#6</b>"));
}

#[test]
fn unfinished_line_lists_threats() {
    let out = run(&["show", "--line", "0-1,5-6,1-2", "--clique", "3"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("end: no K3 yet after 3 moves"), "{text}");
    assert!(text.contains("red threat: K3 completed by 0-2"), "{text}");
}

#[test]
fn position_from_graph6() {
    // Red path 0-1-2 and blue 0-3, 1-3: red threatens 0-2; blue's 0-1 is red.
    let out = run(&["show", "--g6", "Cg:CE", "--clique", "3"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = stdout(&out);
    assert!(text.starts_with("position Cg:CE"), "{text}");
    assert!(text.contains("red threat: K3 completed by 0-2\n"), "{text}");
    assert!(!text.contains("blue threat"), "{text}");
    let split = run(&["show", "--red-g6", "Cg", "--blue-g6", "CE", "--clique", "3"]);
    assert_eq!(stdout(&split), text);
}

#[test]
fn verify_writes_pictures_and_json_round_trips_through_show() {
    let svg = scratch("scatters.svg");
    let out = run(&[
        "verify",
        "--strategy",
        "k3-broken-scatters",
        "--shortest",
        "--json",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    assert!(std::fs::read_to_string(&svg)
        .unwrap()
        .contains("counterexample, 3 of his moves"));
    let json = scratch("scatters.json");
    std::fs::write(&json, &out.stdout).unwrap();
    let shown = run(&["show", "--from-json", json.to_str().unwrap()]);
    assert!(shown.status.success(), "{}", String::from_utf8_lossy(&shown.stderr));
    let text = stdout(&shown);
    assert!(text.contains("  6. blue ") && text.contains("end: the second player completes a blue K3 first"));
}

#[test]
fn verify_shortest_says_provably_shortest() {
    let out = run(&["verify", "--strategy", "k3-broken-wrong-triangle", "--shortest"]);
    let text = stdout(&out);
    assert!(text.contains("after 4 of his moves"), "{text}");
    assert!(text.contains("provably shortest: yes"), "{text}");
    let out = run(&[
        "verify",
        "--strategy",
        "k3-broken-scatters",
        "--shortest",
        "--max-positions",
        "2",
    ]);
    let text = stdout(&out);
    assert!(text.contains("provably shortest: no"), "{text}");
}

#[test]
fn bad_lines_are_rejected() {
    rejects(&["show", "--line", "a-b", "--names", "0=a"], "unknown vertex name `b`");
    rejects(
        &["show", "--line", "0-1,0-1"],
        "illegal line: move 2 (blue 0-1): edge 0-1 is already claimed",
    );
    rejects(&["show", "--line", "0-0"], "joins 0 to itself");
    rejects(&["show", "--line", "0-1,2"], "move 2 should look like `u-v`");
    rejects(&["show", "--line", "0-300"], "out of range");
    rejects(&["show", "--line", "0-1,2-3,0-5", "--board", "4"], "leaves the board");
    rejects(
        &["show", "--line", "0-1,5-6,1-2,7-8,0-2,8-9", "--clique", "3"],
        "move 6 comes after red completed a K3",
    );
    rejects(&["show", "--line", "0-1", "--names", "0=a,1=a"], "given twice");
    rejects(&["show", "--line", "0-1", "--names", "0"], "look like `0=a`");
    rejects(&["show", "--line", "0-1", "--clique", "1"], "clique size");
    rejects(&["show"], "required");
}

#[test]
fn bad_json_lines_are_rejected() {
    let file = scratch("bad-line.json");
    let line = |edge: &str, ending: &str| {
        format!(
            r#"{{"moves":[{{"player":"first","edge":{edge},"forced":false}}],"ending":{{"kind":"{ending}"}},"names":[]}}"#
        )
    };
    for (text, needle) in [
        // Edges used to be taken as written: a loop, or an end past the
        // board's rows, panicked or was shown.
        (line("[5,5]", "bound_exceeded"), "joins 5 to itself"),
        (line("[200,3]", "bound_exceeded"), "out of range"),
        // A draw needs a full board.
        (line("[0,1]", "draw"), "the board is not full"),
        (line("[0,1]", "FirstPlayerWins"), "holds no line"),
    ] {
        std::fs::write(&file, text).unwrap();
        rejects(&["show", "--from-json", file.to_str().unwrap()], needle);
    }
}

#[test]
fn bad_graph6_is_rejected() {
    rejects(&["show", "--g6", "Bw"], "RED:BLUE");
    rejects(&["show", "--g6", "B!:Bw"], "outside");
    rejects(&["show", "--g6", "Bww:B?"], "characters");
    rejects(&["show", "--g6", "Bw:Bw"], "both red and blue");
    rejects(&["show", "--g6", "Bw:C?"], "different vertex counts");
    rejects(&["show", "--g6", "Bx:B?"], "padding");
    rejects(&["show", "--red-g6", "Bw"], "--blue-g6");
}

#[test]
fn bad_files_are_rejected() {
    rejects(&["show", "--from-json", "/nonexistent/line.json"], "cannot read");
    let garbage = scratch("garbage.json");
    std::fs::write(&garbage, "not json").unwrap();
    rejects(&["show", "--from-json", garbage.to_str().unwrap()], "is not JSON");
    let no_line = scratch("noline.json");
    std::fs::write(&no_line, r#"{"verdict": "refuted"}"#).unwrap();
    rejects(&["show", "--from-json", no_line.to_str().unwrap()], "holds no line");
    // A tampered line: claims her win, but the moves do not complete a K3.
    let tampered = scratch("tampered.json");
    std::fs::write(
        &tampered,
        r#"{"target": "K3", "moves": [{"player": "first", "edge": [0, 1], "forced": false}],
            "ending": {"kind": "first_player_wins"}, "names": []}"#,
    )
    .unwrap();
    rejects(
        &["show", "--from-json", tampered.to_str().unwrap()],
        "does not match its moves",
    );
    // Players out of turn.
    let turn = scratch("turn.json");
    std::fs::write(
        &turn,
        r#"{"moves": [{"player": "second", "edge": [0, 1], "forced": false}], "ending": {"kind": "draw"}, "names": []}"#,
    )
    .unwrap();
    rejects(&["show", "--from-json", turn.to_str().unwrap()], "red is to move");
    rejects(
        &["show", "--line", "0-1", "--svg", "/nonexistent/dir/x.svg"],
        "cannot write",
    );
}
