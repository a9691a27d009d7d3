//! `play` explains itself (issue 29): the rules before the first move, why
//! a move is refused, how the game ended, "thinking…" while the program
//! works, goodbye on `q` and at the end of input, and a line that is not
//! text refused without ending the game. Most tests pipe the person's
//! lines in; one drives the program in a terminal (tmux) as a person would.

mod common;
use common::with_stdin;

const MISERE_K5: [&str; 9] = [
    "play", "--rules", "misere", "--target", "K3", "--board", "5", "--human", "red",
];

/// Every edge of `K_5` in order, six times: each prompt takes lines until
/// one is legal, so the person's moves are always the first free edges.
fn every_edge_in_turn() -> Vec<u8> {
    let edges: Vec<String> = (0..5)
        .flat_map(|u| (u + 1..5).map(move |v| format!("{u} {v}\n")))
        .collect();
    edges.concat().repeat(6).into_bytes()
}

#[test]
fn the_banner_says_the_rules_the_target_the_colour_and_how_to_move() {
    let (code, out, _) = with_stdin(&MISERE_K5, b"q\n");
    assert_eq!(code, 0);
    let banner = out.lines().take(2).collect::<Vec<_>>().join("\n");
    for words in [
        "misere on K_5",
        "target K3",
        "who completes a copy of their own target loses",
        "You are red",
        "you move first",
        "`0 1`",
        "`q` quits",
    ] {
        assert!(banner.contains(words), "`{words}` missing from:\n{banner}");
    }
    // One edge a move here: the set-move syntax is not offered.
    assert!(!banner.contains("0-1,2-3"), "{banner}");
    let (_, plus, _) = with_stdin(
        &["play", "--rules", "avoid-plus", "--target", "K3", "--board", "4"],
        b"q\n",
    );
    assert!(plus.contains("several edges as `0-1,2-3`"), "{plus}");
}

#[test]
fn a_refused_move_says_why() {
    let (code, out, _) = with_stdin(&MISERE_K5, b"0 1\n0 1\n0 9\n3-4,2-3\n0 2\nxx\nq\n");
    assert_eq!(code, 0);
    for why in [
        "refused: 0-1 is already red",
        "refused: vertex 9 is not on the board (its vertices are 0 to 4)",
        "refused: one edge per move in this game",
        "refused: 0-2 is already blue",
        "not a move. Type an edge",
    ] {
        assert!(out.contains(why), "`{why}` missing from:\n{out}");
    }
    assert!(!out.contains("not a legal move here"), "{out}");
}

#[test]
fn a_line_that_is_not_text_is_refused_and_the_game_goes_on() {
    let (code, out, _) = with_stdin(&MISERE_K5, b"\xff\xfe\n0 1\nq\n");
    assert_eq!(code, 0);
    assert!(out.contains("that line is not text (UTF-8)"), "{out}");
    // The next line was read and played: the program answered it.
    assert!(out.contains("blue plays"), "{out}");
    assert!(out.trim_end().ends_with("goodbye"), "{out}");
}

#[test]
fn q_and_the_end_of_input_say_goodbye() {
    for input in [&b"q\n"[..], b""] {
        let (code, out, _) = with_stdin(&MISERE_K5, input);
        assert_eq!(code, 0);
        assert!(out.trim_end().ends_with("goodbye"), "{out}");
    }
}

#[test]
fn the_end_names_the_completed_target_marks_it_and_the_svg_path() {
    let svg = std::env::temp_dir().join(format!("cli-play-{}.svg", std::process::id()));
    let mut args = MISERE_K5.to_vec();
    args.extend(["--svg", svg.to_str().unwrap()]);
    let (code, out, _) = with_stdin(&args, &every_edge_in_turn());
    assert_eq!(code, 0);
    // Sim on K5 is the second player's: red completes a triangle and loses.
    assert!(out.contains("game over: blue (second player) wins"), "{out}");
    let completed = out
        .lines()
        .find(|l| l.starts_with("red completed K3: "))
        .expect("the completed target is named");
    let edges: Vec<&str> = completed["red completed K3: ".len()..]
        .split(" (")
        .next()
        .unwrap()
        .split(", ")
        .collect();
    assert_eq!(edges.len(), 3, "{completed}");
    // The last board marks exactly those three edges, each in both cells.
    let last_board = out.split("game over").next().unwrap().rsplit("\n\n").next().unwrap();
    assert_eq!(last_board.matches("R*").count(), 6, "{last_board}");
    assert!(
        out.contains(&format!("edges numbered in play order: {}", svg.display())),
        "{out}"
    );
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    std::fs::remove_file(&svg).unwrap();
}

#[test]
fn the_program_says_it_is_thinking_when_it_takes_a_while() {
    // On K7 its first move solves 7-Sim: well over the moment it waits.
    let (code, out, _) = with_stdin(
        &[
            "play", "--rules", "misere", "--target", "K3", "--board", "7", "--human", "blue",
        ],
        b"q\n",
    );
    assert_eq!(code, 0);
    let thinking = out.find("thinking…").expect("thinking is said");
    assert!(thinking < out.find("red plays").unwrap(), "{out}");
    // A quick answer is not announced.
    let (_, quick, _) = with_stdin(
        &[
            "play", "--rules", "misere", "--target", "K3", "--board", "4", "--human", "blue",
        ],
        b"q\n",
    );
    assert!(!quick.contains("thinking"), "{quick}");
}

/// A person at a terminal: tmux runs `play`, keys are typed, the screen is read.
#[test]
fn a_person_at_a_terminal_sees_the_banner_a_refusal_and_goodbye() {
    let session = format!("play-test-{}", std::process::id());
    let binary = env!("CARGO_BIN_EXE_ramsey-verify");
    let command = format!("{binary} play --rules misere --target K3 --board 5; sleep 30");
    let tmux = |args: &[&str]| {
        let out = std::process::Command::new("tmux")
            .args(args)
            .output()
            .expect("tmux runs (.ci/run installs it)");
        assert!(
            out.status.success(),
            "tmux {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let screen = |wanted: &str| {
        for _ in 0..100 {
            let text = tmux(&["capture-pane", "-p", "-t", &session]);
            if text.contains(wanted) {
                return text;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        panic!(
            "`{wanted}` never appeared:\n{}",
            tmux(&["capture-pane", "-p", "-t", &session])
        );
    };
    tmux(&["new-session", "-d", "-x", "120", "-y", "50", "-s", &session, &command]);
    let first = screen("your move (red)");
    assert!(first.contains("misere on K_5, target K3"), "{first}");
    tmux(&["send-keys", "-t", &session, "0 7", "Enter"]);
    screen("refused: vertex 7 is not on the board");
    tmux(&["send-keys", "-t", &session, "q", "Enter"]);
    screen("goodbye");
    tmux(&["kill-session", "-t", &session]);
}
