//! `ramsey-verify colour` from the outside: verdicts, JSON, and bad input
//! (one line, exit code 2).

mod common;
use common::{bad_input, ramsey, untimed, with_stdin};

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
    let line = "colour --game sccg --graph path:3 --colours 2 --order 0,2,1";
    let args: Vec<&str> = line.split(' ').collect();
    let (_, out, _) = ramsey(&[&args[..], &["--owner", "111"]].concat());
    assert!(out.contains("PLAYER 1 WINS"), "{out}");
    let (_, out, _) = ramsey(&[&args[..], &["--owner", "121"]].concat());
    assert!(out.contains("PLAYER 1 WINS"), "{out}");
    let (_, out, _) = ramsey(&[&args[..], &["--owner", "112"]].concat());
    assert!(out.contains("PLAYER 2 WINS"), "{out}");
    assert!(
        out.contains("Theorem 3.1 (linear time): player 2 wins (agrees)"),
        "{out}"
    );
}

#[test]
fn bad_input_gets_one_line_and_exit_code_2() {
    // Each case: game, graph, colours, then extra arguments.
    let cases = [
        "cg path:3 0",
        "scg path:3 2 --order 0,1,1",
        "scg path:3 2 --order 0,1",
        "scg path:3 2 --owner 12",
        "scg path:3 2 --owner 1x2",
        "cg D? 2",
        "kayles path:3 2",
        "cg path:3 2 --order 0,1,2",
        "cg complete:100 2 --game-chromatic",
    ];
    for case in cases {
        let words: Vec<&str> = case.split(' ').collect();
        let mut args = vec!["colour", "--game", words[0], "--graph", words[1], "--colours", words[2]];
        args.extend(&words[3..]);
        let (code, out, err) = ramsey(&args);
        bad_input(code, &err, case);
        assert!(out.is_empty(), "{case}");
    }
}

#[test]
fn good_input_is_not_rejected() {
    // The negative cases above differ from this in one argument each.
    let args = "colour --game scg --graph path:3 --colours 2 --order 0,2,1 --owner 122";
    let (code, _, err) = ramsey(&args.split(' ').collect::<Vec<_>>());
    assert_eq!(code, 0, "{err}");
}

/// Writes `text` to a fresh file in the temporary directory.
fn temp_file(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("colouring-cli-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn a_million_vertex_path_is_answered_by_the_linear_algorithms() {
    // Alternating owners on a path: every vertex after the first is
    // forced, so player 1 wins the SCCG and the player colouring the last
    // (even-numbered) vertex, player 2, wins the SCG.
    for (game, winner, theorem) in [("sccg", 1, "3.1"), ("scg", 2, "3.3")] {
        let args = [
            "colour",
            "--game",
            game,
            "--colours",
            "2",
            "--graph",
            "path:1000000",
            "--json",
        ];
        let (code, out, err) = ramsey(&args);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["vertices"], 1_000_000);
        assert_eq!(v["edges"], 999_999);
        assert_eq!(v["winner"], winner, "{game}");
        assert_eq!(v["method"], format!("theorem {theorem}"));
    }
    // An odd cycle is no bipartite graph: player 2 wins the SCCG.
    let args = ["colour", "--game", "sccg", "--colours", "2", "--graph", "cycle:1000001"];
    let (_, out, _) = ramsey(&args);
    assert!(out.contains("PLAYER 2 WINS"), "{out}");
}

#[test]
fn edge_list_files_read_like_graph6() {
    // The path 0-1-2 by name, as an edge list (comments, blank lines,
    // repeated edges) and as a one-line file naming it by its Prüfer code.
    let (_, want, _) = ramsey(&[
        "colour",
        "--game",
        "ccg",
        "--graph",
        "path:3",
        "--colours",
        "2",
        "--json",
    ]);
    let list = temp_file("list", "# a path\n0 1\n\n2 1  # again\n1 0\n");
    let one = temp_file("one", "prufer:1\n");
    for source in [format!("@{list}"), format!("@{one}")] {
        let (code, got, err) = ramsey(&[
            "colour",
            "--game",
            "ccg",
            "--graph",
            &source,
            "--colours",
            "2",
            "--json",
        ]);
        assert_eq!(code, 0, "{err}");
        let (a, b): (serde_json::Value, serde_json::Value) = (
            serde_json::from_str(&want).unwrap(),
            serde_json::from_str(&got).unwrap(),
        );
        assert_eq!((&a["graph"], &a["winner"]), (&b["graph"], &b["winner"]), "{source}");
    }
    // `vertices N` adds isolated vertices; --linear-only skips the search.
    let isolated = temp_file("isolated", "vertices 5\n0 1\n");
    let args = ["colour", "--game", "scg", "--colours", "2", "--linear-only", "--json"];
    let (code, out, err) = ramsey(&[&args[..], &["--graph", &format!("@{isolated}")]].concat());
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["vertices"].as_u64(), v["edges"].as_u64()), (Some(5), Some(1)));
    // Five vertices, owners alternating: player 1 colours the last.
    assert_eq!(v["winner"], 1);
}

#[test]
fn bad_graph_input_gets_one_line_and_exit_code_2() {
    let loop_file = temp_file("loop", "0 1\n3 3\n");
    let word_file = temp_file("word", "0 1\n1 x\n");
    let three_file = temp_file("three", "0 1 2\n");
    let graphs = [
        "@/nonexistent/graph.txt".to_string(),
        format!("@{loop_file}"),
        format!("@{word_file}"),
        format!("@{three_file}"),
        "random-tree:1".into(),
        "random-tree:10,x".into(),
        "path:x".into(),
        "path:30000000".into(),
        "prufer:@/nonexistent/code.txt".into(),
        "prufer:1,9".into(),
        "wheel:5".into(),
    ];
    for graph in &graphs {
        let (code, out, err) = ramsey(&["colour", "--game", "scg", "--graph", graph, "--colours", "2"]);
        bad_input(code, &err, (graph, out));
    }
    // Too large for the exact solver and no linear algorithm.
    let big = "path:1000";
    for extra in [
        "--game cg --colours 2",
        "--game scg --colours 3",
        "--game scg --colours 2 --svg x.svg",
        "--game-chromatic",
        "--game scg --colours 2 --order 0,1",
        "--game scg --colours 2 --owner 12",
    ] {
        let mut args = vec!["colour", "--graph", big];
        args.extend(extra.split(' '));
        let (code, out, err) = ramsey(&args);
        bad_input(code, &err, (extra, out));
    }
    let (code, _, err) = ramsey(&["colour", "--graph", big, "--game", "scg", "--colours", "2"]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn svg_draws_the_optimal_line_with_colours_and_move_numbers() {
    // P4 with 2 colours: player 2 wins the CCG by blocking a vertex; the
    // picture shows every vertex, a #n tag per move, the blocked vertex
    // in a heavy frame, and the legend explains each mark.
    let path = temp_file("p4.svg", "");
    let args = ["colour", "--game-chromatic", "--graph", "path:4", "--svg", &path];
    let (code, _, err) = ramsey(&args);
    assert_eq!(code, 0, "{err}");
    let svg = std::fs::read_to_string(&path).unwrap();
    let (drawing, legend) = svg.split_once(r#"<g class="legend""#).unwrap();
    assert_eq!(drawing.matches(r#"<circle class="vertex""#).count(), 4);
    assert!(drawing.contains(r#"stroke-width="4""#), "a framed vertex");
    let tags = drawing.matches(r#"class="tag""#).count();
    assert!(tags >= 2, "{tags} moves");
    for mark in ["vertex", "colour-1", "colour-2", "move", "blocked"] {
        assert!(legend.contains(&format!(r#"data-mark="{mark}""#)), "{mark}");
    }
    assert!(svg.contains("chi_g = 3; CCG with 2 colours") && svg.contains("player 2 wins"));
}

#[test]
fn tree_census_lists_examples_and_counts_the_rest() {
    // Two of the three trees on 5 vertices have chi_g = 3.
    let (code, out, err) = ramsey(&["colour", "--trees", "5", "--examples", "1"]);
    assert_eq!(code, 0, "{err}");
    let line = out.lines().rfind(|l| l.contains("chi_g=3: D")).unwrap();
    assert_eq!(line.split_whitespace().count(), 5, "{line}");
    assert!(line.ends_with(" and 1 more"), "{line}");
    let (_, out, _) = ramsey(&["colour", "--trees", "5"]);
    let line = out.lines().rfind(|l| l.contains("chi_g=3: D")).unwrap();
    assert!(!line.contains("more") && line.split_whitespace().count() == 3, "{line}");
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    let run = |threads: &str| {
        let (code, out, err) = ramsey(&[
            "colour",
            "--game-chromatic",
            "--graph",
            "random-tree:12,3",
            "--json",
            "--threads",
            threads,
        ]);
        assert_eq!(code, 0, "{err}");
        let mut v: serde_json::Value = serde_json::from_str(&out).unwrap();
        for level in v["levels"].as_array_mut().unwrap() {
            level.as_object_mut().unwrap().remove("seconds");
        }
        v
    };
    let one = run("1");
    for threads in ["2", "4", "2"] {
        assert_eq!(run(threads), one, "--threads {threads}");
    }
}

#[test]
fn a_refuted_theorem_53_check_is_a_verdict() {
    // With two colours the strategy loses already on a path of 3 vertices.
    let (code, out, _) = ramsey(&["colour", "--certify-trees", "4", "--strategy-colours", "2"]);
    assert_eq!(code, 0);
    assert!(out.contains("REFUTED on BW rooted at 0"), "{out}");
    assert!(out.trim_end().ends_with("REFUTED"), "{out}");
    let (code, out, _) = ramsey(&["colour", "--certify-trees", "6"]);
    assert_eq!(code, 0);
    assert!(out.trim_end().ends_with("VERIFIED"), "{out}");
}

#[test]
fn an_edge_past_the_stated_vertex_count_is_an_error_naming_its_line() {
    for (text, line) in [
        ("vertices 3\n0 1\n0 5\n", "line 3"),
        ("# three\nvertices 3\n\n0 3\n", "line 4"),
        ("0 5\nvertices 3\n", "line 2"),
        ("vertices 3\n0 1\nvertices 4\n", "line 3"),
    ] {
        let file = temp_file("past-count", text);
        let graph = format!("@{file}");
        for extra in [&[][..], &["--linear-only"]] {
            let mut args = vec!["colour", "--game", "scg", "--graph", &graph, "--colours", "2"];
            args.extend(extra);
            let (code, out, err) = ramsey(&args);
            let said = bad_input(code, &err, text);
            assert!(out.is_empty(), "{text:?}: {out}");
            assert!(said.contains(line), "{text:?}: {err}");
        }
    }
    // Within the count, the count stands: isolated vertices 3 and 4.
    let file = temp_file("within-count", "vertices 5\n0 1\n1 2\n");
    let graph = format!("@{file}");
    let args = [
        "colour",
        "--game",
        "scg",
        "--colours",
        "2",
        "--linear-only",
        "--json",
        "--graph",
        &graph,
    ];
    let (code, out, err) = ramsey(&args);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["vertices"].as_u64(), v["edges"].as_u64()), (Some(5), Some(2)));
}

#[test]
fn the_winning_first_moves_are_named_for_the_player_who_moves_first() {
    // path:5 coloured from vertex 4 to vertex 0 with two colours: each
    // vertex has one coloured neighbour when its turn comes, so nobody is
    // ever blocked, every vertex gets coloured, and in the SCG the owner
    // of vertex 0, who colours last, wins (tests/colouring_brute.rs checks
    // the engine against brute force on these games). The owner of vertex
    // 4 moves first; the winning first moves listed are that player's.
    let base = [
        "colour",
        "--game",
        "scg",
        "--graph",
        "path:5",
        "--colours",
        "2",
        "--order",
        "4,3,2,1,0",
    ];
    for mask in 0..32u32 {
        let owners: String = (0..5).map(|v| if mask >> v & 1 == 1 { '2' } else { '1' }).collect();
        let digit = |v: usize| owners.as_bytes()[v] - b'0';
        let (first, winner) = (digit(4), digit(0));
        let mut args = base.to_vec();
        args.extend(["--owner", &owners]);
        let (code, text, err) = ramsey(&args);
        assert_eq!(code, 0, "{owners}: {err}");
        assert!(text.contains(&format!("PLAYER {winner} WINS")), "{owners}: {text}");
        let label = format!("winning first moves of player {first}, who moves first (one per orbit): ");
        let listed = text
            .lines()
            .find_map(|l| l.strip_prefix(&label))
            .unwrap_or_else(|| panic!("{owners}: no line `{label}` in\n{text}"));
        assert_eq!(listed == "none", first != winner, "{owners}: {text}");
        args.push("--json");
        let (_, out, _) = ramsey(&args);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(
            (v["first_mover"].as_u64(), v["winner"].as_u64()),
            (Some(first.into()), Some(winner.into())),
            "{owners}"
        );
        let moves = v["winning_first_moves"].as_array().unwrap();
        assert_eq!(moves.is_empty(), first != winner, "{owners}: {out}");
        assert!(moves.iter().all(|m| m[0] == 4), "{owners}: {out}");
    }
}

#[test]
fn a_graph6_stream_gets_one_json_line_per_graph_as_each_alone_would() {
    // One vertex (`@`, not a file name here), the star K1,4, the path P4
    // and the 5-cycle, as nauty's geng writes them.
    let graphs = ["@", "D?{", "Cr", "Dhc"];
    let stream = graphs.map(|g| format!("{g}\n")).concat();
    let census = ["colour", "--game-chromatic", "--graph", "@-", "--json-lines"];
    let (code, out, err) = with_stdin(&census, stream.as_bytes());
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), graphs.len(), "{out}");
    for (line, graph) in lines.iter().zip(graphs) {
        let (_, alone, _) = ramsey(&["colour", "--game-chromatic", "--graph", graph, "--json"]);
        assert_eq!(untimed(line), untimed(&alone), "{graph}");
    }
    // Resuming after three lines gives the fourth.
    let resumed = [&census[..], &["--skip", "3"]].concat();
    let (_, rest, _) = with_stdin(&resumed, stream.as_bytes());
    assert_eq!(rest.lines().map(untimed).collect::<Vec<_>>(), vec![untimed(lines[3])]);
}

#[test]
fn a_bad_line_in_a_stream_is_named_and_ends_the_census_with_exit_code_2() {
    let census = ["colour", "--game-chromatic", "--graph", "@-", "--json-lines"];
    let (code, out, err) = with_stdin(&census, b"Cr\nbad\nDhc\n");
    assert!(bad_input(code, &err, "bad").starts_with("error: line 2: "), "{err}");
    assert_eq!(out.lines().count(), 1, "the graph before it is answered: {out}");
    let (code, _, err) = with_stdin(&census, b"\xff\n");
    assert!(bad_input(code, &err, "\\xff").contains("line 1: not text"), "{err}");
    // A stream needs @- or @FILE, and --json-lines is not --json.
    for args in [
        &["colour", "--game-chromatic", "--graph", "Cr", "--json-lines"][..],
        &["colour", "--game-chromatic", "--graph", "@-", "--json-lines", "--json"],
        &["colour", "--game-chromatic", "--graph", "Cr", "--skip", "1"],
    ] {
        let (code, _, err) = with_stdin(args, b"Cr\n");
        bad_input(code, &err, args);
    }
}
