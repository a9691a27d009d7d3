//! `ramsey-verify repair` and `--patches` on the command line: bad numbers
//! and tables written for another strategy are one-line errors with exit
//! code 2, found before any search.

mod common;
use common::ramsey;

/// A fresh directory for this test's files.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ramsey-repair-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn repair_rejects_move_numbers_past_the_bound_and_zero_rounds() {
    let dir = scratch("numbers");
    let out = dir.join("table.txt");
    let out = out.to_str().unwrap();
    for (extra, says) in [
        (vec!["--max-rounds", "0"], "--max-rounds"),
        (vec!["--from-move", "99"], "--from-move 99"),
        (vec!["--from-move", "5"], "--from-move 5"),
        (vec!["--from-move", "0"], "--from-move"),
    ] {
        let mut args = vec![
            "repair",
            "--strategy",
            "k3-broken-wrong-triangle",
            "--bound",
            "4",
            "--out",
            out,
        ];
        args.extend(&extra);
        let (code, stdout, err) = ramsey(&args);
        assert_eq!(code, 2, "{extra:?}: {stdout} {err}");
        assert!(stdout.is_empty(), "{extra:?}: {stdout}");
        assert_eq!(err.trim_end().lines().count(), 1, "{extra:?}: {err}");
        assert!(err.starts_with("error:") && err.contains(says), "{extra:?}: {err}");
        assert!(!std::path::Path::new(out).exists(), "{extra:?}: a table was written");
    }
    // Her last move (the bound) may be patched, and one round is a run.
    for extra in [["--from-move", "4"], ["--max-rounds", "1"]] {
        let mut args = vec![
            "repair",
            "--strategy",
            "k3-broken-wrong-triangle",
            "--bound",
            "4",
            "--out",
            out,
        ];
        args.extend(extra);
        let (code, _, err) = ramsey(&args);
        assert!(code == 0 || code == 3, "{extra:?}: {err}");
        assert!(std::path::Path::new(out).exists(), "{extra:?}: no table written");
        std::fs::remove_file(out).unwrap();
    }
}
