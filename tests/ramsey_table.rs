//! `ramsey-verify ramsey-table`: its rows against the brute force of
//! `tests/brute` on K4 and K5, its Open Problem 2 figures (c) against
//! Slany's definition evaluated literally (every colouring enumerated),
//! rows without a verdict, and bad input refused with exit code 2.

mod brute;
mod common;

use brute::{target, Model, Pos, RED};
use common::{bad_input, ramsey};
use ramsey_verify::games::ramsey::Rules;
use serde_json::Value;
use std::collections::HashMap;

fn complete(n: usize) -> Vec<(usize, usize)> {
    brute::complete(n).1
}

fn json(args: &[&str]) -> Value {
    let (code, out, err) = ramsey(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn table_rows_agree_with_brute_force_on_k4_and_k5() {
    let table = json(&["ramsey-table", "--boards", "4..5", "--json", "--threads", "2"]);
    let rows = table["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2 * 6 * 7, "every board, target and rule set has a row");
    for row in rows {
        let n: usize = row["board"].as_str().unwrap()[1..].parse().unwrap();
        let t = target(row["target"].as_str().unwrap());
        let rules: Rules = row["rules"].as_str().unwrap().parse().unwrap();
        let model = Model::new(n, &complete(n), [&t, &t], rules, RED);
        let v = model.solve(
            Pos {
                colour: [0, 0],
                mover: RED,
            },
            &mut HashMap::new(),
        );
        let result = match v.score {
            1 => "first",
            -1 => "second",
            _ => "draw",
        };
        assert_eq!(row["result"], result, "{row}");
        let plies = row["plies"].as_u64().unwrap() as u32;
        assert!((v.lo..=v.hi).contains(&plies), "{row}: brute force {v:?}");
    }
}

/// Slany's c read literally: the least t such that every colouring of t
/// free edges, ceil(t/2) red and floor(t/2) green, has a monochromatic
/// target; `None` if there is none.
fn literal_c(n: usize, board: &[(usize, usize)], t: &(usize, Vec<(usize, usize)>)) -> Option<u32> {
    let model = Model::new(n, board, [t, t], Rules::Avoid, RED);
    let free: Vec<u64> = (0..64).map(|i| 1u64 << i).filter(|b| model.board & b != 0).collect();
    let m = free.len();
    let mut avoidable = vec![false; m + 1];
    for code in 0..3u64.pow(m as u32) {
        let (mut colour, mut rest) = ([0u64; 2], code);
        for &e in &free {
            match rest % 3 {
                1 => colour[0] |= e,
                2 => colour[1] |= e,
                _ => {}
            }
            rest /= 3;
        }
        let (r, g) = (colour[0].count_ones(), colour[1].count_ones());
        if (r == g || r == g + 1) && !model.owns(colour[0], 0) && !model.owns(colour[1], 1) {
            avoidable[(r + g) as usize] = true;
        }
    }
    (0..=m).find(|&t| !avoidable[t]).map(|t| t as u32)
}

/// Edges of a graph6 string (graphs of at most 62 vertices).
fn graph6_edges(s: &str) -> (usize, Vec<(usize, usize)>) {
    let bytes: Vec<u8> = s.bytes().map(|b| b - 63).collect();
    let n = bytes[0] as usize;
    let bits = bytes[1..]
        .iter()
        .flat_map(|&b| (0..6).rev().map(move |i| b >> i & 1 == 1));
    let pairs = (1..n).flat_map(|v| (0..v).map(move |u| (u, v)));
    (n, pairs.zip(bits).filter(|&(_, bit)| bit).map(|(p, _)| p).collect())
}

#[test]
fn open_problem_two_c_is_slanys_definition_evaluated_literally() {
    let args = [
        "ramsey-table",
        "--open-problems",
        "--boards",
        "4..5",
        "--graphs-up-to",
        "5",
        "--json",
    ];
    let report = json(&args);
    let mut checked = 0;
    for i in report["problem_2_graphs"].as_array().unwrap() {
        let (n, edges) = graph6_edges(i["board"].as_str().unwrap());
        let t = target(i["target"].as_str().unwrap());
        assert_eq!(i["c"].as_u64().map(|c| c as u32), literal_c(n, &edges, &t), "{i}");
        checked += 1;
    }
    for i in report["problem_2_complete"].as_array().unwrap() {
        let n: usize = i["board"].as_str().unwrap()[1..].parse().unwrap();
        let t = target(i["target"].as_str().unwrap());
        assert_eq!(i["c"].as_u64().map(|c| c as u32), literal_c(n, &complete(n), &t), "{i}");
        checked += 1;
    }
    assert!(checked > 100, "only {checked} instances");
    // Open Problem 1 on Sim: C(6,2) = 15 is odd and the second player wins.
    let sim = &report["problem_1"][1];
    assert_eq!(
        (sim["board"].as_str(), sim["result"].as_str()),
        (Some("K6"), Some("second"))
    );
}

#[test]
fn the_threshold_search_gives_the_value_where_the_exact_solver_runs_out_of_memory() {
    // K7 with K3 under achieve: the exact solver needs more than 1 MiB; the
    // threshold search proves the first player's win on her 4th move (7
    // plies, as the exact solver finds with room, tests/ranked_threshold.rs).
    let args = ["ramsey-table", "--boards", "7", "--targets", "K3", "--rules", "achieve"];
    let table = json(&[&args[..], &["--max-memory", "1", "--json"]].concat());
    let row = &table["rows"][0];
    assert_eq!(
        (row["result"].as_str(), row["plies"].as_u64()),
        (Some("first"), Some(7)),
        "{row}"
    );
    let note = row["note"].as_str().unwrap();
    assert!(
        note.contains("cap of 1 MiB") && note.contains("threshold search"),
        "{note}"
    );
}

#[test]
fn rows_without_a_verdict_say_why() {
    let args = [
        "ramsey-table",
        "--boards",
        "7",
        "--targets",
        "K3",
        "--rules",
        "avoid,avoid-plus",
    ];
    let table = json(&[&args[..], &["--max-memory", "1", "--json"]].concat());
    let rows = table["rows"].as_array().unwrap();
    assert!(rows[0]["result"].is_null());
    assert!(
        rows[0]["note"].as_str().unwrap().contains("cap of 1 MiB"),
        "{}",
        rows[0]
    );
    assert!(
        rows[1]["note"].as_str().unwrap().starts_with("not attempted"),
        "{}",
        rows[1]
    );
}

#[test]
fn bad_input_is_refused_with_exit_code_two() {
    for bad in [
        &["--boards", "8..4"][..],
        &["--boards", "x"],
        &["--targets", "nonsense!"],
        &["--rules", "chess"],
        &["--max-memory", "0"],
    ] {
        let (code, out, err) = ramsey(&[&["ramsey-table"][..], bad].concat());
        bad_input(code, &err, (bad, out));
    }
}

/// `ramsey-table --cert DIR`: one certificate per solved row, each
/// accepted by the independent checker with the row's result, listed in
/// DIR/INDEX.md with its size and SHA-256 (which a changed byte breaks);
/// a row not attempted is listed with why it has none.
#[test]
fn cert_writes_a_checked_certificate_per_row_and_an_index() {
    let dir = std::env::temp_dir().join(format!("ramsey-table-cert-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let args = ["ramsey-table", "--boards", "4..5", "--max-set-edges", "6", "--json"];
    let (code, out, err) = ramsey(&[&args[..], &["--cert", dir.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    let table: Value = serde_json::from_str(&out).unwrap();
    let listed = common::index_rows(&dir, "K");
    let rows = table["rows"].as_array().unwrap();
    assert_eq!(listed.len(), rows.len(), "one index line per row");
    let mut certified = 0;
    for (row, line) in rows.iter().zip(&listed) {
        let result = row["result"].as_str();
        if result.is_none() {
            assert!(line[4].starts_with("none: not attempted"), "{line:?}");
            continue;
        }
        let (file, bytes, sha) = (&line[5], &line[7], &line[8]);
        let data = std::fs::read(dir.join(file)).unwrap();
        assert_eq!(data.len().to_string(), *bytes);
        assert_eq!(common::sha256_hex(&data), *sha);
        let summary = ramsey_cert_check::check(&data, 1).unwrap_or_else(|r| panic!("{file}: {}", r.message));
        let ramsey_cert_check::Claim::Game(statement) = summary.claim else {
            panic!("{file}: not a game")
        };
        let winner = match result.unwrap() {
            "draw" => None,
            "first" => Some("red"),
            _ => Some("blue"),
        };
        assert_eq!(statement.winner, winner, "{file}");
        certified += 1;
    }
    assert!(
        certified > 70 && listed.iter().any(|l| l[4].starts_with("none")),
        "{certified}"
    );
    // A changed byte: the checker refuses the file.
    let (file, mut data) = (&listed[0][5], std::fs::read(dir.join(&listed[0][5])).unwrap());
    *data.last_mut().unwrap() ^= 1;
    assert!(
        ramsey_cert_check::check(&data, 1).is_err(),
        "{file} with a changed byte"
    );
}
