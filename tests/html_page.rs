//! `--html FILE`: the step-through page of a line. The page must hold every
//! move and need no network; opened in a real browser (Debian's headless
//! Chromium, installed by `.ci/run`) at `#step=k` it must draw exactly k
//! edges and say so in its caption.

mod common;
use common::run;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A scratch directory unique to this test process.
fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ramsey-verify-html-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

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
    let page = std::fs::read_to_string(k3_page(&scratch())).unwrap();
    assert_eq!(page.matches("\"player\":").count(), MOVES);
    assert!(!page.contains("http://") && !page.contains("https://"));
    assert!(!page.contains("src=") && !page.contains("<link"), "no external assets");
    // The strategy's stage text of her moves travels with the line.
    assert!(page.contains("\"stage\":\""));
}

#[test]
fn unwritable_html_file_is_a_clean_error() {
    let out = run(&["verify", "--strategy", "k3", "--html", "/nonexistent-dir/x.html"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

/// Headless Chromium with a private profile, or `None` if not installed.
fn chromium(dir: &Path) -> Option<Command> {
    // A profile per run: two browsers sharing one would wait on its lock.
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let found = Command::new("chromium")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        eprintln!("skipped: chromium is not installed (.ci/run installs it)");
        return None;
    }
    let mut cmd = Command::new("chromium");
    cmd.args(["--headless", "--disable-gpu", "--no-sandbox", "--no-first-run"])
        .arg(format!(
            "--user-data-dir={}",
            dir.join(format!("profile{run}")).display()
        ));
    Some(cmd)
}

/// The edges drawn in a dumped DOM: `class="edge" data-move="<digit>`
/// (the script's own template has `${` there instead).
fn edges(dom: &str) -> usize {
    let tag = "class=\"edge\" data-move=\"";
    dom.match_indices(tag)
        .filter(|(i, _)| dom[i + tag.len()..].starts_with(|c: char| c.is_ascii_digit()))
        .count()
}

fn url(page: &Path, step: usize) -> String {
    format!("file://{}#step={step}", page.display())
}

#[test]
fn browser_draws_k_edges_at_step_k() {
    let dir = scratch();
    let page = k3_page(&dir);
    for k in [0, 3, MOVES] {
        let Some(mut cmd) = chromium(&dir) else { return };
        let out = cmd.arg("--dump-dom").arg(url(&page, k)).output().unwrap();
        let dom = String::from_utf8_lossy(&out.stdout);
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
    // Past the end clamps to the last move.
    let Some(mut cmd) = chromium(&dir) else { return };
    let dom = cmd.arg("--dump-dom").arg(url(&page, 99)).output().unwrap().stdout;
    assert_eq!(edges(&String::from_utf8_lossy(&dom)), MOVES);
}

#[test]
fn screenshots_differ_as_edges_are_drawn() {
    let dir = scratch();
    let page = k3_page(&dir);
    let shot = |k: usize| {
        let png = dir.join(format!("step{k}.png"));
        let mut cmd = chromium(&dir)?;
        cmd.arg(format!("--screenshot={}", png.display()))
            .arg("--window-size=800,700")
            .arg(url(&page, k))
            .output()
            .unwrap();
        Some(std::fs::read(&png).expect("the screenshot is written"))
    };
    let (Some(none), Some(all)) = (shot(0), shot(MOVES)) else {
        return;
    };
    for png in [&none, &all] {
        assert!(png.starts_with(b"\x89PNG") && png.len() > 2000, "a real picture");
    }
    assert_ne!(none, all, "drawing the edges changes the picture");
}

#[test]
fn browser_shows_the_stage_and_threats_of_a_counterexample() {
    let dir = scratch();
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
    let Some(mut cmd) = chromium(&dir) else { return };
    let dom = cmd.arg("--dump-dom").arg(url(&page, 11)).output().unwrap().stdout;
    let dom = String::from_utf8_lossy(&dom);
    assert_eq!(edges(&dom), 11, "{dom}");
    assert!(dom.contains("<span id=\"stage\">stage 3</span>"), "{dom}");
    assert!(
        dom.contains("<li class=\"threat\">red threat: K4 completed by l-r</li>"),
        "{dom}"
    );
}
