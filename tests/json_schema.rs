//! `docs/book/src/cli-reference.md` against the program: for each command with
//! `--json`, the set of field paths it prints (over a few small runs that
//! together reach every field) equals the set the document's table lists;
//! and every exit code's example command exits with that code. A field added
//! to the output without a line in the document (or the other way round)
//! fails here.

mod common;
use common::run;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

const DOC: &str = include_str!("../docs/book/src/cli-reference.md");

/// The documented field paths of each `## \`NAME\`` section that has a
/// field table, each with whether it is optional (its type says
/// "(optional)": printed only in cases the test's small runs do not reach);
/// map fields (marked `{}`) keep the mark.
fn documented() -> BTreeMap<String, BTreeMap<String, bool>> {
    let mut sections: BTreeMap<String, BTreeMap<String, bool>> = BTreeMap::new();
    let mut current = None;
    for line in DOC.lines() {
        if let Some(title) = line.strip_prefix("## `").and_then(|t| t.strip_suffix('`')) {
            current = Some(title.to_string());
        } else if line.starts_with("## ") {
            current = None;
        } else if let (Some(title), Some(cell)) = (&current, line.strip_prefix("| `")) {
            let field = cell.split('`').next().unwrap();
            let optional = cell.split(" | ").nth(1).is_some_and(|t| t.contains("(optional)"));
            sections
                .entry(title.clone())
                .or_default()
                .insert(field.to_string(), optional);
        }
    }
    sections
}

/// Field paths of `value`, not descending into the fields in `maps`.
fn paths(value: &Value, prefix: &str, maps: &BTreeSet<String>, out: &mut BTreeSet<String>) {
    match value {
        Value::Object(fields) => {
            for (key, v) in fields {
                let path = if prefix.is_empty() {
                    key.clone()
                } else {
                    format!("{prefix}.{key}")
                };
                if maps.contains(&path) {
                    out.insert(format!("{path}{{}}"));
                    continue;
                }
                out.insert(path.clone());
                paths(v, &path, maps, out);
            }
        }
        Value::Array(items) => {
            for item in items.iter().filter(|i| i.is_object()) {
                paths(item, &format!("{prefix}[]"), maps, out);
            }
        }
        _ => {}
    }
}

/// Runs the binary; every non-empty stdout line is one JSON object.
fn objects(args: &[&str]) -> Vec<Value> {
    let out = run(args);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        !text.trim().is_empty(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    text.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// Asserts that the objects' field paths are exactly the documented ones.
fn assert_schema(section: &str, objects: &[Value]) {
    let documented = documented()
        .remove(section)
        .unwrap_or_else(|| panic!("no section `{section}`"));
    let maps: BTreeSet<String> = documented
        .keys()
        .filter_map(|f| f.strip_suffix("{}"))
        .map(str::to_string)
        .collect();
    let mut seen = BTreeSet::new();
    for object in objects {
        paths(object, "", &maps, &mut seen);
    }
    let undocumented: Vec<_> = seen.iter().filter(|f| !documented.contains_key(*f)).collect();
    let unseen: Vec<_> = documented
        .iter()
        .filter(|&(f, &optional)| !optional && !seen.contains(f))
        .map(|(f, _)| f)
        .collect();
    assert!(
        undocumented.is_empty() && unseen.is_empty(),
        "{section}: printed but not documented: {undocumented:?}; documented but never printed: {unseen:?}"
    );
}

#[test]
fn verify_json_is_as_documented() {
    let runs: Vec<Value> = [
        &["verify", "--strategy", "k3", "--json"][..],
        &["verify", "--strategy", "k3", "--board", "4", "--shortest", "--json"],
        &["verify", "--strategy", "k3", "--bound", "3", "--json"],
    ]
    .iter()
    .flat_map(|args| objects(args))
    .collect();
    assert_schema("verify --json", &runs);
    // What the document says about the stats, on the verified run.
    let verified = &runs[0];
    let longest = verified["stats"]["wins_by_length"]
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.parse::<u64>().unwrap())
        .max();
    assert_eq!(longest, verified["max_moves"].as_u64());
    let by_phase: u64 = verified["stats"]["positions_by_phase"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(Some(by_phase), verified["positions"].as_u64());
    assert_eq!(runs[1]["failure"], runs[1]["ending"]["kind"]);
}

#[test]
fn failure_kinds_are_snake_case_everywhere() {
    let verify = objects(&["verify", "--strategy", "k3", "--board", "4", "--json"]);
    assert_eq!(verify[0]["failure"], "strategy_error");
    let refute = objects(&[
        "refute",
        "--strategy",
        "k3-broken-scatters",
        "--at-round",
        "2",
        "--json",
    ]);
    for class in refute[0]["classes"].as_array().unwrap() {
        let kind = class["failure"].as_str().unwrap();
        assert!(kind.chars().all(|c| c.is_ascii_lowercase() || c == '_'), "{kind}");
    }
}

#[test]
fn refute_json_is_as_documented() {
    let runs = objects(&[
        "refute",
        "--strategy",
        "k3-broken-scatters",
        "--at-round",
        "1",
        "--at-round",
        "2",
        "--json",
    ]);
    assert_eq!(runs.len(), 2);
    assert_schema("refute --json", &runs);
}

/// Sections whose fields one small run prints: (section, command).
const ONE_RUN: &[(&str, &str)] = &[
    ("solve --json", "solve --line 0-1,2-3 --budget 3 --clique 3 --json"),
    (
        "solve --rules --budget --json",
        "solve --rules achieve --target K3 --board inf --budget 4 --json",
    ),
    (
        "solve --rules --json",
        "solve --rules achieve --target K3 --board 5 --json",
    ),
    (
        "solve --rules --census --json",
        "solve --rules achieve --target K3 --board 4 --census --json",
    ),
    (
        "ramsey-table --json",
        "ramsey-table --boards 4..7 --targets K3 --rules achieve,avoid-plus --max-memory 1 --json",
    ),
    (
        "ramsey-table --open-problems --json",
        "ramsey-table --open-problems --boards 3..7 --targets K3 --graphs-up-to 3 --max-memory 1 --json",
    ),
];

#[test]
fn one_run_sections_are_as_documented() {
    for (section, command) in ONE_RUN {
        assert_schema(section, &objects(&command.split(' ').collect::<Vec<_>>()));
    }
}

#[test]
fn check_json_is_as_documented() {
    assert_schema("check --json", &objects(&["check", "proofs/k3-inf.cert", "--json"]));
    let rejected: Vec<Value> = ["tests/data/tampered-k3.cert", "Cargo.toml"]
        .iter()
        .flat_map(|file| objects(&["check", file, "--json"]))
        .collect();
    let game_cert = std::env::temp_dir().join(format!("ramsey-json-schema-{}.cert", std::process::id()));
    let game_cert = game_cert.to_str().unwrap();
    // `solve ARGS --cert` checked with --json.
    let certified = |args: &str| {
        let args: Vec<&str> = args.split(' ').chain(["--cert", game_cert]).collect();
        let out = run(&args);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        objects(&["check", game_cert, "--json"])
    };
    let mut games = certified("solve --rules achieve --target K3 --board 6");
    // A draw (format 5), no win within 13 plies (format 14: Sim's lower
    // half) and a scoring game (format 6).
    games.extend(certified("solve --rules achieve --target K3 --board 4"));
    games.extend(certified(
        "solve --rules misere --target K3 --board 6 --within-plies 13 --player blue",
    ));
    assert_schema("check --json (game certificate)", &games);
    let out = run(&["erdos", "--game", "vc", "--board", "colex:9", "--cert", game_cert]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_schema(
        "check --json (scoring certificate)",
        &objects(&["check", game_cert, "--json"]),
    );
    for (section, args) in [
        ("colouring", &["--game-chromatic", "--graph", "path:4"][..]),
        ("family", &["--trees", "4"][..]),
        ("Theorem 5.3", &["--certify-trees", "5"][..]),
    ] {
        let out = run(&[&["colour", "--cert", game_cert][..], args].concat());
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        assert_schema(
            &format!("check --json ({section} certificate)"),
            &objects(&["check", game_cert, "--json"]),
        );
    }
    // Every connected cubic graph on 6 vertices (nauty's geng), format 15.
    let stream = format!("{game_cert}.g6");
    std::fs::write(&stream, "EFz_\nEUxo\n").unwrap();
    let board = format!("@{stream}");
    let args = [
        "erdos",
        "--game",
        "star",
        "--board",
        &board,
        "--json-lines",
        "--winner-only",
    ];
    let out = run(&[&args[..], &["--cert", game_cert]].concat());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_schema(
        "check --json (regular family certificate)",
        &objects(&["check", game_cert, "--json"]),
    );
    assert_eq!(rejected[0]["exit_code"], 1);
    assert_eq!(rejected[1]["exit_code"], 2);
    assert_schema("check --json (rejected)", &rejected);
}

#[test]
fn bench_json_is_as_documented() {
    // The bench command's workloads take long; its lines are these objects.
    let measurement = ramsey_verify::bench::canon_throughput(10, 6, 3).unwrap();
    assert_schema("bench --json", &[serde_json::to_value(measurement).unwrap()]);
}

/// Splits an example command into words (double quotes group words).
fn words(command: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, part) in command.split('"').enumerate() {
        if i % 2 == 1 {
            out.push(part.to_string());
        } else {
            out.extend(part.split_whitespace().map(str::to_string));
        }
    }
    out
}

#[test]
fn every_exit_code_example_exits_with_its_code() {
    let section = DOC
        .split("## Exit codes")
        .nth(1)
        .unwrap()
        .split("\n## ")
        .next()
        .unwrap();
    let mut codes = Vec::new();
    for row in section
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| code"))
    {
        let cells: Vec<&str> = row.split(" | ").collect();
        let code: i32 = cells[0].trim_start_matches("| ").parse().unwrap();
        let example = cells.last().unwrap().trim_end_matches(" |").trim_matches('`');
        let args = words(example);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = run(&args);
        assert_eq!(
            out.status.code(),
            Some(code),
            "{example}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        codes.push(code);
    }
    assert_eq!(codes, [0, 1, 2, 3]);
}

#[test]
fn seconds_include_the_shortest_refutation_search() {
    use ramsey_verify::core::board::Board;
    use ramsey_verify::verify::{shorten, verify, Request};
    let strategy = ramsey_verify::strategies::by_name("k3").unwrap();
    let request = Request::new(Board::Complete(4), 50, 1);
    let mut report = verify(strategy.as_ref(), &request).unwrap();
    report.seconds = 0.0;
    shorten(&mut report, strategy.as_ref(), &request, 1_000_000).unwrap();
    assert!(report.shortest.is_some());
    assert!(report.seconds > 0.0, "the --shortest search took no time?");
}

#[test]
fn erdos_and_colour_json_are_as_documented() {
    let erdos: Vec<Value> = [
        &["erdos", "--game", "all", "--board", "5", "--json"][..],
        &[
            "erdos",
            "--game",
            "clique",
            "--board",
            "5",
            "--head-start",
            "0-1",
            "--json",
        ],
    ]
    .iter()
    .flat_map(|args| objects(args))
    .collect();
    assert_schema("erdos --json", &erdos);
    let colour: Vec<Value> = [
        &[
            "colour",
            "--game",
            "ccg",
            "--graph",
            "path:5",
            "--colours",
            "2",
            "--json",
        ][..],
        &[
            "colour",
            "--game",
            "sccg",
            "--graph",
            "path:4",
            "--colours",
            "2",
            "--json",
        ],
    ]
    .iter()
    .flat_map(|args| objects(args))
    .collect();
    assert_schema("colour --json", &colour);
    let linear: Vec<Value> = ["path:200", "cycle:201"]
        .iter()
        .flat_map(|g| objects(&["colour", "--game", "sccg", "--graph", g, "--colours", "2", "--json"]))
        .collect();
    assert_schema("colour --json --linear-only", &linear);
    let chromatic = objects(&["colour", "--graph", "path:5", "--game-chromatic", "--json"]);
    assert_schema("colour --game-chromatic --json", &chromatic);
    assert_schema("colour --trees --json", &objects(&["colour", "--trees", "5", "--json"]));
    // Two colours are too few for Theorem 5.3's strategy: the refuted run
    // reaches the counterexample's fields.
    let certified: Vec<Value> = ["5", "2"]
        .iter()
        .flat_map(|k| objects(&["colour", "--certify-trees", "4", "--strategy-colours", k, "--json"]))
        .collect();
    assert_eq!(certified[0]["verdict"], "verified");
    assert_eq!(certified[1]["verdict"], "refuted");
    assert_schema("colour --certify-trees --json", &certified);
    // With --cert: the strategy walked up to its states, one object.
    let cert = std::env::temp_dir().join(format!("ramsey-json-thm53-{}.cert", std::process::id()));
    let states: Vec<Value> = ["5", "2"]
        .iter()
        .flat_map(|k| {
            let args = [
                "colour",
                "--certify-trees",
                "4",
                "--strategy-colours",
                k,
                "--json",
                "--cert",
            ];
            objects(&[&args[..], &[cert.to_str().unwrap()]].concat())
        })
        .collect();
    assert_eq!(
        (&states[0]["verdict"], &states[1]["verdict"]),
        (&"verified".into(), &"refuted".into())
    );
    assert_schema("colour --certify-trees --cert --json", &states);
}

#[test]
fn merge_and_jobs_json_are_as_documented() {
    let dir = std::env::temp_dir().join(format!("ramsey-json-split-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let split = [
        "split", "--rules", "misere", "--target", "K3", "--board", "5", "--depth", "2", "--keys", "--out", d,
    ];
    assert!(run(&split).status.success());
    for i in ["0", "1"] {
        assert!(run(&["job", d, i, "--threads", "1"]).status.success());
    }
    assert_schema("jobs --json", &objects(&["jobs", d, "--json"]));
    let cert = dir.join("merged.cert");
    assert_schema(
        "merge --json",
        &objects(&["merge", d, "--json", "--cert", cert.to_str().unwrap()]),
    );
}
