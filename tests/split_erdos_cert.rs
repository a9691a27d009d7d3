//! An Erdős folder's merged certificate (`split --erdos`, `job`, `merge
//! --cert`; `verify::jobs::parts`, format 6): the independent checker
//! accepts it with the value one process (`erdos`) finds, a tampered copy
//! is rejected at its line, and a missing job certificate stops the merge.

mod common;
use common::{ramsey, sha256_hex};
use ramsey_cert_check::scoring::rules::Points;
use ramsey_cert_check::{check, Claim, RejectionKind};
use ramsey_verify::core::board::Position;
use ramsey_verify::core::graph6::decode;
use ramsey_verify::engine::Limits;
use ramsey_verify::games::colex::colex_graph;
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
    let dir = scratch(name);
    let folder = Folder::at(&dir);
    let options = SplitOptions {
        cut: Cut::Depth(depth),
        keys: false,
        certificates: true,
        command: String::new(),
    };
    let manifest = split(&game, &folder, &options).unwrap();
    let limits = Limits::default().with_threads(1);
    for job in &manifest.jobs {
        limits
            .install(|| run_job(&folder, job.index, limits, Usage::default))
            .unwrap()
            .unwrap();
    }
    let merged = Merge::<ScoringGame>::load(&folder).unwrap().merge(true).unwrap();
    (dir, merged.certificate.expect("the jobs wrote certificates").text)
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
    assert_eq!((code, err.lines().count()), (2, 1), "{err}");
    assert!(!out.exists(), "no certificate written");
}
