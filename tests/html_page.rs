//! `--html FILE`: the step-through page of a line (`verify`, `show`,
//! `solve --rules`, `play`). The page must hold every move and need no
//! network; opened in a real browser (Debian's headless Chromium,
//! installed by `.ci/run`) at `#step=k` it must draw exactly the edges of
//! k turns and say so in its caption.

mod common;
use common::browser::{dom as open, edges, scratch, screenshot, text_of};
use common::{bad_input, ramsey, run, with_stdin};
use std::path::{Path, PathBuf};

/// Writes the page of k3's longest line (7 moves) and returns its path.
fn k3_page(dir: &Path) -> PathBuf {
    let page = dir.join("k3.html");
    let out = run(&["verify", "--strategy", "k3", "--html", page.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    page
}

/// Moves in k3's longest line, as `verify` prints them.
const MOVES: usize = 7;

#[test]
fn page_holds_every_move_and_needs_no_network() {
    let page = std::fs::read_to_string(k3_page(&scratch("html"))).unwrap();
    assert_eq!(page.matches("\"player\":").count(), MOVES);
    assert!(!page.contains("http://") && !page.contains("https://"));
    assert!(!page.contains("src=") && !page.contains("<link"), "no external assets");
    // Every turn carries its stage (k3's are empty; see the k4-regular test).
    assert_eq!(page.matches("\"stage\":\"").count(), MOVES);
}

#[test]
fn unwritable_html_file_is_a_clean_error() {
    for args in [
        &["verify", "--strategy", "k3"][..],
        &["solve", "--rules", "misere", "--target", "K3", "--board", "5"],
    ] {
        let (code, _, err) = ramsey(&[args, &["--html", "/nonexistent-dir/x.html"]].concat());
        bad_input(code, &err, args);
    }
}

#[test]
fn browser_draws_k_edges_at_step_k() {
    let dir = scratch("html");
    let page = k3_page(&dir);
    for k in [0, 3, MOVES] {
        let Some(dom) = open(&page, &format!("step={k}")) else {
            return;
        };
        assert_eq!(edges(&dom), k, "step {k}: {dom}");
        assert!(dom.contains(&format!("move {k} of {MOVES}")), "step {k}: {dom}");
        assert!(dom.contains(&format!("<span id=\"step\">{k}</span>")), "step {k}");
        let next = if k == MOVES {
            "end of the line"
        } else if k % 2 == 0 {
            "red to move"
        } else {
            "blue to move"
        };
        assert!(dom.contains(next), "step {k}: {dom}");
    }
    // Past the end stops at the last move; back steps one move.
    let Some(dom) = open(&page, "step=99") else { return };
    assert_eq!(edges(&dom), MOVES);
    let Some(dom) = open(&page, "do=e,b,b") else { return };
    assert_eq!(edges(&dom), MOVES - 2, "{dom}");
}

#[test]
fn screenshots_differ_as_edges_are_drawn() {
    let dir = scratch("html");
    let page = k3_page(&dir);
    let (Some(none), Some(all)) = (screenshot(&page, "step=0"), screenshot(&page, &format!("step={MOVES}"))) else {
        return;
    };
    assert_ne!(none, all, "drawing the edges changes the picture");
}

#[test]
fn browser_shows_the_stage_and_threats_of_a_counterexample() {
    let dir = scratch("html");
    let page = dir.join("k4-regular.html");
    let out = run(&[
        "verify",
        "--strategy",
        "k4-regular",
        "--threads",
        "1",
        "--html",
        page.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // Move 11 (red m-r, stage 3) threatens l-r, which blue answers at 12.
    let Some(dom) = open(&page, "step=11") else { return };
    assert_eq!(edges(&dom), 11, "{dom}");
    assert!(dom.contains("<span id=\"stage\">stage 3</span>"), "{dom}");
    assert!(
        dom.contains("<li class=\"threat\">red threat: K4 completed by l-r</li>"),
        "{dom}"
    );
}

/// Turns of the optimal line of misère K3 on K6 (blue wins after 15 moves).
const SOLVE_TURNS: usize = 15;

#[test]
fn solve_page_steps_through_the_optimal_line() {
    let dir = scratch("html");
    let page = dir.join("solve.html");
    let out = run(&[
        "solve",
        "--rules",
        "misere",
        "--target",
        "K3",
        "--board",
        "6",
        "--html",
        page.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&page).unwrap();
    assert_eq!(text.matches("\"player\":").count(), SOLVE_TURNS);
    for k in [0, 4, SOLVE_TURNS] {
        let Some(dom) = open(&page, &format!("step={k}")) else {
            return;
        };
        assert_eq!(edges(&dom), k, "step {k}: {dom}");
        assert!(dom.contains(&format!("move {k} of {SOLVE_TURNS}")), "step {k}: {dom}");
    }
    // The value after each turn is the stage: optimal play never changes it.
    let Some(dom) = open(&page, "step=4") else { return };
    assert_eq!(
        text_of(&dom, "span", "stage"),
        "blue (second player) wins after 11 more moves with optimal play"
    );
}

#[test]
fn play_page_steps_one_turn_per_set_move() {
    let dir = scratch("html");
    let page = dir.join("play.html");
    // Misère-plus P3 on K4: red's first turn colours two edges at once.
    let moves = b"0-1,2-3\n1-3\n";
    let args = ["play", "--rules", "misere-plus", "--target", "P3", "--board", "4"];
    let (code, out, err) = with_stdin(&[&args[..], &["--html", page.to_str().unwrap()]].concat(), moves);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("a page to step through it"), "{out}");
    let text = std::fs::read_to_string(&page).unwrap();
    let turns = text.matches("\"player\":").count();
    assert_eq!(turns, 3, "red's set move, blue's reply, red's losing move: {text}");
    for (k, drawn) in [(1, 2), (2, 3), (3, 4)] {
        let Some(dom) = open(&page, &format!("step={k}")) else {
            return;
        };
        assert_eq!(edges(&dom), drawn, "step {k}: {dom}");
        assert!(dom.contains(&format!("move {k} of 3")), "step {k}: {dom}");
        assert!(dom.contains(&format!("data-move=\"{k}\"")) && !dom.contains(&format!("data-move=\"{}\"", k + 1)));
    }
}

#[test]
fn solve_page_from_a_start_colouring_draws_it_at_every_step() {
    let dir = scratch("html");
    let page = dir.join("start.html");
    let args = [
        "solve", "--rules", "achieve", "--target", "K3", "--board", "5", "--start", "0-1,0-2",
    ];
    let out = run(&[&args[..], &["--html", page.to_str().unwrap()]].concat());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // The start's red 0-1 and blue 0-2, then the optimal line's 5 moves.
    let start_edges = |dom: &str| {
        let tag = "class=\"start-edge\" x1=\"";
        dom.match_indices(tag)
            .filter(|(i, _)| dom[i + tag.len()..].starts_with(|c: char| c.is_ascii_digit()))
            .count()
    };
    for k in [0, 5] {
        let Some(dom) = open(&page, &format!("step={k}")) else {
            return;
        };
        assert_eq!((start_edges(&dom), edges(&dom)), (2, k), "step {k}: {dom}");
        assert!(dom.contains(&format!("move {k} of 5")), "step {k}: {dom}");
    }
}
