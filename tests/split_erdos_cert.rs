//! An Erdős folder (`split --erdos`, `job`, `merge --cert`;
//! `verify::jobs::parts`, format 6): its jobs search as `erdos` does
//! (threshold searches), and the merge gives the value one process finds
//! (`erdos`, and the plain exact search) on every game, board and cut
//! tried; the independent checker accepts the merged certificate with that
//! value, a tampered copy (or one glued from a tampered job certificate)
//! is rejected at its line, and a missing job certificate stops the merge.

mod common;
use common::{bad_input, ramsey, sha256_hex};
use ramsey_cert_check::scoring::rules::Points;
use ramsey_cert_check::{check, Claim, RejectionKind};
use ramsey_verify::analysis::erdos::{solve, Found};
use ramsey_verify::core::board::{Board, Edge, Position};
use ramsey_verify::core::graph6::decode;
use ramsey_verify::engine::{Limits, Solver};
use ramsey_verify::games::colex::colex_graph;
use ramsey_verify::games::prelude::*;
use ramsey_verify::games::scoring::{Scoring, ScoringGame};
use ramsey_verify::verify::jobs::merge::Merge;
use ramsey_verify::verify::jobs::run::{run_job, split, Cut, SplitOptions, Usage};
use ramsey_verify::verify::jobs::Folder;
use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ramsey-ecert-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// `scoring` on C(9) split at `depth` into folder `name`, every job run:
/// the folder and the merged certificate's text.
fn split_merge(scoring: Scoring, depth: u32, name: &str) -> (PathBuf, String) {
    let (n, edges) = colex_graph(9);
    let game = ScoringGame::new(scoring, &Position::on_graph(n, edges), &[]).unwrap();
    let (dir, merge) = split_run(&game, depth, name);
    (
        dir,
        merge
            .merge(true)
            .unwrap()
            .certificate
            .expect("the jobs wrote certificates")
            .text,
    )
}

/// `game` split at `depth` into folder `name` (with certificates), every
/// job run on one thread: the folder and its merge.
fn split_run(game: &ScoringGame, depth: u32, name: &str) -> (PathBuf, Merge<ScoringGame>) {
    let dir = scratch(name);
    let folder = Folder::at(&dir);
    let options = SplitOptions {
        cut: Cut::Depth(depth),
        keys: false,
        certificates: true,
        command: String::new(),
    };
    let manifest = split(game, &folder, &options).unwrap();
    let limits = Limits::default().with_threads(1);
    for job in &manifest.jobs {
        limits
            .install(|| run_job(&folder, job.index, limits, Usage::default))
            .unwrap()
            .unwrap();
    }
    (dir, Merge::<ScoringGame>::load(&folder).unwrap())
}

/// Every game on boards with and without symmetry, with a head start and
/// with Bob first, cut at 1 to 3 plies: the merged value is the value of
/// one process, `erdos`'s threshold search and the plain exact search
/// alike (the jobs' searches are `erdos`'s, the glue's the exact one).
#[test]
fn merged_erdos_values_are_one_process_values() {
    let (n, edges) = colex_graph(10);
    let colex = Position::on_graph(n, edges);
    let k5 = Position::empty(Board::complete_graph(5));
    let head: [Edge; 1] = [Edge::checked(0, 1).unwrap()];
    let mut tried = 0;
    for scoring in Scoring::ALL {
        let games = [
            ("C(10)", ScoringGame::new(scoring, &colex, &[]).unwrap()),
            ("K5 with 0-1", ScoringGame::new(scoring, &k5, &head).unwrap()),
            (
                "K5, Bob first",
                ScoringGame::new(scoring, &k5, &[]).unwrap().bob_first(),
            ),
        ];
        for (board, game) in games {
            let threshold = solve(&game, Limits::default(), false).unwrap();
            let Found::Exact { outcome, .. } = threshold.found else {
                panic!("an exact outcome")
            };
            let exact = Solver::new(&game).value(&game.start()).unwrap().score;
            assert_eq!(outcome, exact, "{} on {board}", scoring.name());
            for depth in 1..=3 {
                let (_, merge) = split_run(&game, depth, &format!("value-{tried}"));
                let merged = merge.merge(false).unwrap();
                let what = format!("{} on {board} at depth {depth}", scoring.name());
                assert_eq!(merged.value.score, outcome, "{what}");
                // The merged line (the glue's moves, then the job's in the
                // start's labels) is a legal line that ends in the value.
                let end = merged.line.iter().fold(game.start(), |p, m| {
                    let (u, v) = m.split_once('-').expect("a move u-v");
                    let edge = Edge::checked(u.parse().unwrap(), v.parse().unwrap()).unwrap();
                    assert!(p.free_edges().contains(&edge), "{what}: {m} is not free");
                    game.play(&p, &edge)
                });
                assert_eq!(game.outcome(&end), Some(outcome), "{what}: {:?}", merged.line);
                tried += 1;
            }
        }
    }
    assert_eq!(tried, 36);
}

/// `erdos`'s value of `game` on C(9): `(a, b)`.
fn one_process(game: &str) -> String {
    let (code, out, err) = ramsey(&["erdos", "--game", game, "--board", "colex:9", "--json"]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let outcome = &json["games"][0]["outcome"];
    format!("({}, {})", outcome[0], outcome[1])
}

#[test]
fn merged_erdos_certificates_prove_the_one_process_value() {
    for scoring in Scoring::ALL {
        let (_, text) = split_merge(scoring, 2, scoring.name());
        let summary = check(text.as_bytes(), 1).unwrap_or_else(|r| panic!("{}: {}", scoring.name(), r.message));
        let Claim::Scoring(claim) = &summary.claim else {
            panic!("not a scoring certificate")
        };
        let bound = |p: Option<_>| p.map(|p: Points| format!("({}, {})", p.alice, p.bob));
        let one = Some(one_process(scoring.name()));
        assert_eq!(bound(claim.at_least), one, "{}", scoring.name());
        assert_eq!(bound(claim.at_most), one, "{}", scoring.name());
    }
    // At depth 5 the glue meets a frontier position of the Star game only
    // equivalent to its job's under the per-vertex reduction (not
    // isomorphic: the job's certificate does not cover it), and searches
    // below it itself.
    let (_, text) = split_merge(Scoring::Star, 5, "star-5");
    check(text.as_bytes(), 1).unwrap_or_else(|r| panic!("star at depth 5: {}", r.message));
}

/// The text with body `body` and its `entries` and `sha256` made to match.
fn resealed(text: &str, body: &[&str]) -> String {
    let header: Vec<&str> = text.lines().take(8).collect();
    let body: String = body.iter().map(|l| format!("{l}\n")).collect();
    let (entries, sha) = (body.lines().count(), sha256_hex(body.as_bytes()));
    format!("{}\nentries {entries}\nsha256 {sha}\n{body}", header.join("\n"))
}

#[test]
fn tampered_erdos_certificates_are_rejected_at_their_line() {
    let (_, text) = split_merge(Scoring::VertexCapturing, 2, "tamper");
    let lines: Vec<&str> = text.lines().skip(10).collect();
    for i in [0, lines.len() / 2, lines.len() - 1] {
        // A move onto an edge the position has coloured already.
        let fields: Vec<&str> = lines[i].split(' ').collect();
        let coloured = fields[1].split(':').flat_map(|half| decode(half).unwrap().1);
        if let Some(taken) = coloured.into_iter().next() {
            let mut changed = lines.clone();
            let line = format!("{} {} {taken}", fields[0], fields[1]);
            changed[i] = &line;
            let rejected = check(resealed(&text, &changed).as_bytes(), 1).unwrap_err();
            assert_eq!(
                (rejected.kind, rejected.line),
                (RejectionKind::Invalid, Some(11 + i)),
                "{}",
                rejected.message
            );
        }
        let mut dropped = lines.clone();
        dropped.remove(i);
        let rejected = check(resealed(&text, &dropped).as_bytes(), 1).unwrap_err();
        assert_eq!(rejected.kind, RejectionKind::Invalid, "{}", rejected.message);
    }
}

#[test]
fn a_missing_erdos_job_certificate_stops_the_merge() {
    let (dir, _) = split_merge(Scoring::Clique, 2, "missing");
    std::fs::remove_file(dir.join("results/job-000000.cert")).unwrap();
    let out = dir.join("out.cert");
    let (code, _, err) = ramsey(&["merge", dir.to_str().unwrap(), "--cert", out.to_str().unwrap()]);
    bad_input(code, &err, "job certificate missing");
    assert!(!out.exists(), "no certificate written");
}

/// `line` with its move made an edge its position has coloured already, if
/// it has one.
fn onto_a_coloured_edge(line: &str) -> Option<String> {
    let fields: Vec<&str> = line.split(' ').collect();
    let mut coloured = fields[1].split(':').flat_map(|half| decode(half).unwrap().1);
    coloured
        .next()
        .map(|taken| format!("{} {} {taken}", fields[0], fields[1]))
}

/// Every job certificate tampered (each entry's move made an edge its
/// position has coloured already) and resealed: the merge refuses the
/// changed files; with the results' checksums made to match, it reads them,
/// and the certificate it glues is rejected at its first tampered entry.
#[test]
fn a_tampered_job_certificate_is_rejected() {
    let (n, edges) = colex_graph(9);
    let game = ScoringGame::new(Scoring::VertexCapturing, &Position::on_graph(n, edges), &[]).unwrap();
    let (dir, merge) = split_run(&game, 2, "tamper-job");
    let mut tampered = Vec::new();
    for job in &merge.manifest.jobs {
        let cert = dir.join(format!("results/job-{:06}.cert", job.index));
        let text = std::fs::read_to_string(&cert).unwrap();
        let body: Vec<String> = text
            .lines()
            .skip(10)
            .map(|l| onto_a_coloured_edge(l).unwrap_or_else(|| l.to_string()))
            .collect();
        tampered.extend(body.iter().filter(|l| !text.contains(&format!("{l}\n"))).cloned());
        let changed = resealed(&text, &body.iter().map(String::as_str).collect::<Vec<_>>());
        std::fs::write(&cert, &changed).unwrap();
        let result = dir.join(format!("results/job-{:06}.json", job.index));
        let mut json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&result).unwrap()).unwrap();
        let before = json["certificate"]["sha256"].clone();
        json["certificate"]["sha256"] = sha256_hex(changed.as_bytes()).into();
        std::fs::write(&result, json.to_string()).unwrap();
        if job.index == 0 {
            // With the old checksum, the merge refuses the changed file.
            let mut stale = json.clone();
            stale["certificate"]["sha256"] = before;
            std::fs::write(&result, stale.to_string()).unwrap();
            let refused = Merge::<ScoringGame>::load(&Folder::at(&dir)).err().unwrap().to_string();
            assert!(refused.contains("changed after the job wrote it"), "{refused}");
            std::fs::write(&result, json.to_string()).unwrap();
        }
    }
    assert!(!tampered.is_empty(), "some entry was tampered");
    let merged = Merge::<ScoringGame>::load(&Folder::at(&dir))
        .unwrap()
        .merge(true)
        .unwrap();
    let text = merged.certificate.unwrap().text;
    let first = text.lines().position(|l| tampered.iter().any(|t| t == l));
    let first = first.expect("the merged certificate glues in a tampered entry");
    let rejected = check(text.as_bytes(), 1).unwrap_err();
    assert_eq!(
        (rejected.kind, rejected.line),
        (RejectionKind::Invalid, Some(first + 1)),
        "{}",
        rejected.message
    );
}
