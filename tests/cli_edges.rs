//! Rough edges of the command line a new user found (issue 24): help that
//! lists options a command refuses, options that should conflict, and
//! counts printed with the wrong number ("1 positions").

mod common;
use common::{bad_input, ramsey, with_stdin, wrong_triangle};

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
    let html = svg.replace(".svg", ".html");
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
            "html" => &html,
            "threads" => "1",
            "max-memory" => "64",
            other => panic!("play --help lists --{other}: give this test a value for it"),
        };
        let mut args = vec!["play".to_string()];
        for (name, default) in base.iter().filter(|(name, _)| name != option) {
            args.extend([format!("--{name}"), default.to_string()]);
        }
        args.extend([format!("--{option}"), value.to_string()]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, _, err) = with_stdin(&args, b"q\n");
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
        let line = bad_input(code, &err, args);
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(line.contains("--json") && line.contains("--save"), "{args:?}: {err}");
        for ext in ["md", "json"] {
            assert!(
                !std::path::Path::new(&format!("{base}.{ext}")).exists(),
                "{args:?} wrote {base}.{ext}"
            );
        }
    }
}

/// Nouns counted in output, in the plural.
const PLURALS: &[&str] = &[
    "positions",
    "moves",
    "entries",
    "edges",
    "vertices",
    "colours",
    "lines",
    "situations",
    "classes",
    "options",
    "bytes",
    "replies",
    "trees",
    "wins",
    "boards",
];

/// The places in `text` where 1 is followed by a plural noun ("1 moves",
/// "1 more moves", "1 table entries").
fn one_with_a_plural(text: &str) -> Vec<String> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || "(),;".contains(c))
        .map(|w| w.trim_end_matches(':'))
        .filter(|w| !w.is_empty())
        .collect();
    let plural = |w: Option<&&str>| w.is_some_and(|w| PLURALS.contains(w));
    (0..words.len())
        .filter(|&i| words[i] == "1")
        .filter(|&i| {
            // "player 1 wins" is a verb; "1 blue wins" a plural.
            let direct = plural(words.get(i + 1)) && words.get(i + 1) != Some(&"wins");
            let between = ["more", "table", "failure", "blue", "full"];
            let between = words.get(i + 1).is_some_and(|w| between.contains(w));
            direct || (between && plural(words.get(i + 2)))
        })
        .map(|i| words[i.saturating_sub(3)..(i + 3).min(words.len())].join(" "))
        .collect()
}

#[test]
fn a_count_of_one_takes_the_singular() {
    let dir = std::env::temp_dir().join(format!("cli-edges-plural-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let table = dir.join("one.patches");
    let table = table.to_str().unwrap();
    let empty = dir.join("empty.cert");
    std::fs::write(&empty, "").unwrap();
    let empty = empty.to_str().unwrap();
    let repair_one = wrong_triangle("repair", &["--max-rounds", "1", "--out", table]);
    let repair = wrong_triangle("repair", &["--out", table]);
    for (args, singular) in [
        (
            &repair_one[..],
            &["STOPPED after 1 entry\n1 table entry written to"][..],
        ),
        (
            &["solve", "--rules", "achieve", "--target", "K2", "--board", "2"],
            &[
                "a board of 2 vertices and 1 edge (1 free)",
                "wins, after 1 more move with optimal play",
                "wins after 1 move  (optimal)",
            ],
        ),
        (&["check", empty], &["(fewer than 1 line)"]),
        (
            &["colour", "--game", "ccg", "--graph", "path:2", "--colours", "1"],
            &["with 1 colour: PLAYER 2 WINS (decided after 1 move of optimal play)"],
        ),
        (
            &["colour", "--game-chromatic", "--graph", "empty:1"],
            &["with k = 1 colour,"],
        ),
        (
            &[
                "colour",
                "--game",
                "scg",
                "--graph",
                "path:2",
                "--colours",
                "2",
                "--linear-only",
            ],
            &["(2 vertices, 1 edge)"],
        ),
        (&["show", "--line", "0-1"], &["after 1 move"]),
        (&["erdos", "--board", "2"], &["(2 vertices, 1 edge)"]),
        (
            &[
                "verify",
                "--strategy",
                "k3-broken-scatters",
                "--bound",
                "4",
                "--shortest",
                "--max-positions",
                "1",
            ],
            &["search stopped at 1 position)"],
        ),
    ] {
        let (_, out, err) = ramsey(args);
        let text = format!("{out}{err}");
        assert!(
            one_with_a_plural(&text).is_empty(),
            "{args:?}: {:?}\n{text}",
            one_with_a_plural(&text)
        );
        for s in singular {
            assert!(text.contains(s), "{args:?}: expected `{s}` in\n{text}");
        }
    }
    let text = std::fs::read_to_string(table).unwrap();
    assert!(text.contains("; 1 entry; "), "{text}");
    // Other counts keep the plural.
    for (args, plural) in [
        (
            &["solve", "--rules", "achieve", "--target", "P3", "--board", "3"][..],
            &[
                "3 vertices and 3 edges (3 free)",
                "after 3 more moves with",
                "wins after 3 moves  (optimal)",
            ][..],
        ),
        (&repair[..], &["2 table entries written to"]),
        (
            &["colour", "--game", "ccg", "--graph", "path:4", "--colours", "2"],
            &["with 2 colours: PLAYER 2 WINS"],
        ),
    ] {
        let (_, out, err) = ramsey(args);
        for s in plural {
            assert!(out.contains(s), "{args:?}: expected `{s}` in\n{out}{err}");
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}
