//! Headless Chromium for the tests of the step-through pages (`--html`):
//! Debian's package, installed by `.ci/run`; a test without it is skipped
//! with a note.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A scratch directory unique to this test process and `name`.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ramsey-verify-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Headless Chromium with a private profile, or `None` if not installed.
pub fn chromium(dir: &Path) -> Option<Command> {
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

/// The page opened at `hash` (`step=3`, `do=f,c1,b`), its DOM after the
/// script ran; `None` without Chromium.
pub fn dom(page: &Path, hash: &str) -> Option<String> {
    let dir = page.parent().expect("a page in a folder");
    let out = chromium(dir)?
        .arg("--dump-dom")
        .arg(format!("file://{}#{hash}", page.display()))
        .output()
        .unwrap();
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// A screenshot (PNG bytes) of the page opened at `hash`; `None` without
/// Chromium.
pub fn screenshot(page: &Path, hash: &str) -> Option<Vec<u8>> {
    let dir = page.parent().expect("a page in a folder");
    static SHOTS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = SHOTS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let png = dir.join(format!("shot{n}.png"));
    chromium(dir)?
        .arg(format!("--screenshot={}", png.display()))
        .arg("--window-size=800,900")
        .arg(format!("file://{}#{hash}", page.display()))
        .output()
        .unwrap();
    let bytes = std::fs::read(&png).expect("the screenshot is written");
    assert!(bytes.starts_with(b"\x89PNG") && bytes.len() > 2000, "a real picture");
    Some(bytes)
}

/// The edges drawn in a dumped DOM: `class="edge" data-move="<digit>`
/// (the script's own template has `${` there instead).
pub fn edges(dom: &str) -> usize {
    let tag = "class=\"edge\" data-move=\"";
    dom.match_indices(tag)
        .filter(|(i, _)| dom[i + tag.len()..].starts_with(|c: char| c.is_ascii_digit()))
        .count()
}

/// The text of the element `<tag id="id">` in a dumped DOM (up to its
/// first child or end).
pub fn text_of(dom: &str, tag: &str, id: &str) -> String {
    let open = format!("<{tag} id=\"{id}\">");
    let Some(start) = dom.find(&open) else {
        return String::new();
    };
    let rest = &dom[start + open.len()..];
    rest[..rest.find('<').unwrap_or(rest.len())].to_string()
}
