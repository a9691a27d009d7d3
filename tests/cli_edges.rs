//! Rough edges of the command line a new user found (issue 24): help that
//! lists options a command refuses, options that should conflict, and
//! counts printed with the wrong number ("1 positions").

mod common;
use common::ramsey;
use std::io::Write;
use std::process::{Command, Stdio};

/// The long options (`--name`) a `--help` text lists, in order.
fn listed_options(help: &str) -> Vec<String> {
    help.lines()
        .map(str::trim_start)
        .filter_map(|l| {
            let l = l.strip_prefix("-h, ").unwrap_or(l);
            let l = l.strip_prefix("-V, ").unwrap_or(l);
            l.strip_prefix("--")
                .map(|rest| rest.split([' ', ',']).next().unwrap_or_default().to_string())
        })
        .collect()
}

/// Runs the binary with `args` and `stdin` as its standard input.
fn with_stdin(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ramsey-verify"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn play_lists_only_the_options_it_accepts() {
    let (code, help, _) = ramsey(&["play", "--help"]);
    assert_eq!(code, 0);
    let options = listed_options(&help);
    assert!(options.contains(&"rules".to_string()), "{help}");
    for refused in ["census", "cert"] {
        assert!(
            !options.contains(&refused.to_string()),
            "play --help lists --{refused}:\n{help}"
        );
    }
    // Every option listed, with a value it takes, starts a game that the
    // person ends at once (`q`): exit code 0, not a refusal.
    let svg = std::env::temp_dir().join(format!("cli-edges-play-{}.svg", std::process::id()));
    let svg = svg.to_str().unwrap();
    let base = [("rules", "achieve"), ("target", "K3"), ("board", "4")];
    for option in options.iter().filter(|o| o.as_str() != "help") {
        let value = match option.as_str() {
            "rules" => "maker",
            "target" | "target-red" | "target-blue" => "P3",
            "start" => "0-1",
            "first" => "blue",
            "board" => "5",
            "human" => "blue",
            "svg" => svg,
            other => panic!("play --help lists --{other}: give this test a value for it"),
        };
        let mut args = vec!["play".to_string()];
        for (name, default) in base.iter().filter(|(name, _)| name != option) {
            args.extend([format!("--{name}"), default.to_string()]);
        }
        args.extend([format!("--{option}"), value.to_string()]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, _, err) = with_stdin(&args, "q\n");
        assert_eq!(code, 0, "{args:?}: {err}");
    }
}

#[test]
fn ramsey_table_json_and_save_conflict() {
    let base = std::env::temp_dir().join(format!("cli-edges-table-{}", std::process::id()));
    let base = base.to_str().unwrap();
    for args in [
        [
            "ramsey-table",
            "--boards",
            "4",
            "--targets",
            "K3",
            "--json",
            "--save",
            base,
        ],
        [
            "ramsey-table",
            "--boards",
            "4",
            "--targets",
            "K3",
            "--save",
            base,
            "--json",
        ],
    ] {
        let (code, out, err) = ramsey(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("error:") && err.contains("--json") && err.contains("--save"),
            "{args:?}: {err}"
        );
        for ext in ["md", "json"] {
            assert!(
                !std::path::Path::new(&format!("{base}.{ext}")).exists(),
                "{args:?} wrote {base}.{ext}"
            );
        }
    }
}
