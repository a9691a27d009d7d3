//! Family certificates of chi_g over every graph (format version 8, family
//! `graphs`): `colour --game-chromatic --graph @- --json-lines --cert F` on
//! every graph on 1 to 5 vertices, one per isomorphism class (listed by
//! this test's own brute force, not by nauty), is accepted with the
//! census's distribution; the checker counts the family itself. Copies
//! with a member left out, one class twice in place of another, a member
//! on the wrong number of vertices, a member's certificate for another
//! graph or claiming another chi_g, and a changed body line are rejected;
//! the writer refuses an empty stream, a graph twice, `--skip`, and a
//! census without `--game-chromatic`.

mod cert_common;
mod common;
use cert_common::{accepted, family_text, rejected, scratch, with_field};
use common::{bad_input, ramsey, with_stdin};
use ramsey_cert_check::family::Family;
use ramsey_verify::core::board::Edge;
use ramsey_verify::core::graph6::encode;
use std::collections::HashSet;

/// Every graph on `n` vertices, one per isomorphism class, in graph6: the
/// labelled graphs in order of their edge masks, each kept unless a
/// relabelling of it was kept before (brute force over all `n!` maps).
fn one_per_class(n: usize) -> Vec<String> {
    let pairs: Vec<(usize, usize)> = (0..n).flat_map(|v| (0..v).map(move |u| (u, v))).collect();
    let mut maps: Vec<Vec<usize>> = vec![vec![]];
    for k in 0..n {
        maps = maps
            .iter()
            .flat_map(|p| (0..=k).map(move |i| [&p[..i], &[k], &p[i..]].concat()))
            .collect();
    }
    let image = |mask: u64, map: &[usize]| {
        pairs
            .iter()
            .enumerate()
            .filter(|(i, _)| mask >> i & 1 == 1)
            .fold(0u64, |m, (_, &(u, v))| {
                let (a, b) = (map[u].min(map[v]), map[u].max(map[v]));
                m | 1 << pairs.iter().position(|&p| p == (a, b)).unwrap()
            })
    };
    let mut seen = HashSet::new();
    let mut graphs = Vec::new();
    for mask in 0u64..1 << pairs.len() {
        if maps.iter().any(|m| seen.contains(&image(mask, m))) {
            continue;
        }
        seen.insert(mask);
        let edges: Vec<Edge> = pairs
            .iter()
            .enumerate()
            .filter(|(i, _)| mask >> i & 1 == 1)
            .map(|(_, &(u, v))| Edge::new(u as u8, v as u8))
            .collect();
        graphs.push(encode(n, &edges));
    }
    graphs
}

/// The stream of every graph on 1 to 5 vertices (52 lines).
fn stream() -> String {
    (1..=5).flat_map(one_per_class).map(|g| g + "\n").collect()
}

/// The census of `stream` with `--cert` into a file named `name`: its
/// standard output and the certificate's bytes, or the failed run's exit
/// code and standard error.
fn census(stream: &str, name: &str, more: &[&str]) -> Result<(String, Vec<u8>), (i32, String)> {
    let path = scratch(name);
    let args = [
        "colour",
        "--game-chromatic",
        "--graph",
        "@-",
        "--json-lines",
        "--threads",
        "1",
    ];
    let cert = ["--cert", path.to_str().unwrap()];
    let (code, out, err) = with_stdin(&[&args[..], more, &cert].concat(), stream.as_bytes());
    match code {
        0 => Ok((out, std::fs::read(&path).unwrap())),
        _ => Err((code, err)),
    }
}

/// The family certificate of every graph on 1 to 5 vertices and the
/// census's answers, written once.
fn family5() -> (String, String) {
    static RUN: std::sync::OnceLock<(String, String)> = std::sync::OnceLock::new();
    RUN.get_or_init(|| {
        let (out, bytes) = census(&stream(), "graphs5.cert", &[]).unwrap();
        (String::from_utf8(bytes).unwrap(), out)
    })
    .clone()
}

/// The members of a version-8 family certificate: (graph6, certificate text).
fn members(text: &str) -> Vec<(String, String)> {
    cert_common::family_members(text, 9)
}

/// A version-8 family of graphs on `a` to `b` vertices with these members,
/// its counts and hash made to match.
fn rebuilt((a, b): (usize, usize), members: &[(String, String)]) -> String {
    let head = format!("ramsey-cert 8\ntool test\nfamily graphs\nvertices {a}-{b}\ngame ccg\nclaim chi-g\n");
    family_text(&head, members)
}

/// The chi_g certificate of one graph, as `colour --game-chromatic --cert`
/// writes it alone.
fn member_cert(graph6: &str) -> String {
    let path = scratch("member.cert");
    let args = ["colour", "--game-chromatic", "--graph", graph6, "--threads", "1"];
    let (code, _, err) = ramsey(&[&args[..], &["--cert", path.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    std::fs::read_to_string(&path).unwrap()
}

#[test]
fn every_graph_up_to_5_vertices_is_certified_with_the_census_distribution() {
    let (text, out) = family5();
    let summary = accepted(&text);
    let ramsey_cert_check::Claim::Family(family) = summary.claim else {
        panic!("not a family")
    };
    assert_eq!(
        (family.family, family.sizes, family.members),
        (Family::Graphs, (1, 5), 52)
    );
    // proofs/colouring-census-graphs.md, by search: chi_g = 1, 2, ... per n.
    let census = [
        vec![1],
        vec![1, 1],
        vec![1, 2, 1],
        vec![1, 4, 5, 1],
        vec![1, 8, 20, 4, 1],
    ];
    for (n, counts) in (1..=5).zip(census) {
        let proved: Vec<(usize, usize)> = family.distribution[&n].iter().map(|(&k, &c)| (k, c)).collect();
        assert_eq!(proved, (1..).zip(counts).collect::<Vec<_>>(), "n = {n}");
    }
    // The same values as the census's own answers, member by member.
    let answers: Vec<u64> = out
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["game_chromatic_number"]
                .as_u64()
                .unwrap()
        })
        .collect();
    let claimed: Vec<u64> = members(&text)
        .iter()
        .map(|(_, cert)| cert_common::field(cert, "claim")["chi-g ".len()..].parse().unwrap())
        .collect();
    assert_eq!(answers, claimed);
    assert_eq!(
        (family.largest.0, family.largest.2.clone()),
        (5, vec!["D~{".to_string()])
    );
    // The writer's bytes are the format's, as rebuilt by hand.
    let tool = text.lines().nth(1).unwrap();
    assert_eq!(rebuilt((1, 5), &members(&text)).replace("tool test", tool), text);
}

#[test]
fn each_member_is_the_certificate_colour_writes_for_its_graph_alone() {
    let all = members(&family5().0);
    for i in [0, 5, 17, 30, 51] {
        assert_eq!(all[i].1, member_cert(&all[i].0), "{}", all[i].0);
    }
}

#[test]
fn the_gzipped_family_has_the_plain_text_and_the_check_states_it() {
    let (_, gz) = census(&stream(), "graphs5.cert.gz", &[]).unwrap();
    let mut text = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&gz[..]), &mut text).unwrap();
    assert_eq!(text, family5().0);
    let path = scratch("graphs5-check.cert");
    std::fs::write(&path, &text).unwrap();
    let (out, json) = cert_common::checked(&path);
    assert!(
        out.contains("VALID: chi_g of every graph on 1 to 5 vertices (52 graphs, connected or not"),
        "{out}"
    );
    assert_eq!(
        (json["format"].as_u64(), json["family"].as_str()),
        (Some(8), Some("graphs"))
    );
    assert_eq!(
        json["sizes"][4]["chi_g"],
        serde_json::json!([[1, 1], [2, 8], [3, 20], [4, 4], [5, 1]])
    );
}

/// The first line of the member `i` in `members`' family file.
fn line_of(members: &[(String, String)], i: usize) -> usize {
    10 + members[..i].iter().map(|(_, c)| 1 + c.lines().count()).sum::<usize>()
}

#[test]
fn a_member_left_out_is_found_by_the_checkers_count() {
    let all = members(&family5().0);
    for (gone, n, labelled) in [(0, 1, 1), (3, 3, 8), (20, 5, 1024), (51, 5, 1024)] {
        let mut some = all.clone();
        some.remove(gone);
        let r = rejected(&rebuilt((1, 5), &some));
        let words = format!("of the {labelled} labelled graphs on {n} vertices");
        assert!(r.message.contains(&words), "{}", r.message);
        assert!(r.message.contains("(a member is missing)"), "{}", r.message);
    }
}

#[test]
fn one_class_twice_in_place_of_another_is_rejected_on_its_line() {
    let mut all = members(&family5().0);
    // A path on 3 vertices labelled otherwise than its member stands in
    // for the triangle.
    let triangle = all.iter().position(|(g, _)| g == "Bw").unwrap();
    let paths = [(0, 1, 2), (1, 0, 2), (0, 2, 1)].map(|(a, b, c)| encode(3, &[Edge::new(a, b), Edge::new(b, c)]));
    let member = paths.iter().find(|&p| all.iter().any(|(g, _)| g == p)).unwrap();
    let copy = paths.iter().find(|&p| p != member).unwrap().clone();
    all[triangle] = (copy.clone(), member_cert(&copy));
    let r = rejected(&rebuilt((1, 5), &all));
    assert!(
        r.message.contains("its graph is isomorphic to the member's on line"),
        "{}",
        r.message
    );
    assert_eq!(r.line, Some(line_of(&all, triangle)), "{}", r.message);
}

#[test]
fn a_member_on_the_wrong_number_of_vertices_is_rejected_on_its_line() {
    let mut all = members(&family5().0);
    let six = encode(6, &[]);
    all.push((six.clone(), member_cert(&six)));
    let r = rejected(&rebuilt((1, 5), &all));
    assert!(
        r.message.contains("its graph has 6 vertices, outside 1-5"),
        "{}",
        r.message
    );
    assert_eq!(r.line, Some(line_of(&all, 52)), "{}", r.message);
    // A header beyond the checker's limit is unreadable.
    let beyond = family5().0.replace("\nvertices 1-5\n", "\nvertices 1-11\n");
    let r = ramsey_cert_check::check(beyond.as_bytes(), 1).unwrap_err();
    assert_eq!(r.kind, ramsey_cert_check::RejectionKind::Unreadable, "{}", r.message);
    assert!(r.message.contains("1 <= A <= B <= 10"), "{}", r.message);
}

#[test]
fn a_members_certificate_for_another_graph_or_chi_g_is_rejected() {
    let all = members(&family5().0);
    let (k5, c5) = (all.iter().position(|(g, _)| g == "D~{").unwrap(), 30);
    // K5's member line with the certificate of another graph.
    let mut swapped = all.clone();
    swapped[k5].1 = all[c5].1.clone();
    let r = rejected(&rebuilt((1, 5), &swapped));
    assert!(
        r.message.contains("is not about the CCG on this graph"),
        "{}",
        r.message
    );
    assert_eq!(r.line, Some(line_of(&all, k5)), "{}", r.message);
    // K5's certificate claiming chi_g = 4, resealed: its own proof fails.
    let mut claimed = all.clone();
    assert_eq!(cert_common::field(&claimed[k5].1, "claim"), "chi-g 5");
    claimed[k5].1 = with_field(&claimed[k5].1, "claim", "chi-g 4");
    let r = rejected(&rebuilt((1, 5), &claimed));
    assert!(
        r.message
            .starts_with(&format!("member on line {} (D~{{)", line_of(&all, k5))),
        "{}",
        r.message
    );
}

#[test]
fn a_changed_body_line_breaks_the_hash() {
    let text = family5().0;
    let changed = text.replacen("member D~{ ", "member D~w ", 1);
    assert_ne!(changed, text);
    let r = rejected(&changed);
    assert!(r.message.contains("(the body was changed)"), "{}", r.message);
}

#[test]
fn the_writer_refuses_an_empty_stream_a_graph_twice_skip_and_no_game_chromatic() {
    let (code, err) = census("", "empty.cert", &[]).unwrap_err();
    assert!(bad_input(code, &err, "empty").contains("no graph"), "{err}");
    let (code, err) = census("Bw\nBO\nBw\n", "twice.cert", &[]).unwrap_err();
    assert!(
        bad_input(code, &err, "twice").contains("Bw is in the stream twice"),
        "{err}"
    );
    let (code, err) = census("Bw\n", "skip.cert", &["--skip", "1"]).unwrap_err();
    assert!(bad_input(code, &err, "skip").contains("--skip"), "{err}");
    let path = scratch("no-chi.cert");
    let args = [
        "colour",
        "--game",
        "ccg",
        "--colours",
        "2",
        "--graph",
        "@-",
        "--json-lines",
    ];
    let (code, _, err) = with_stdin(&[&args[..], &["--cert", path.to_str().unwrap()]].concat(), b"Bw\n");
    assert!(
        bad_input(code, &err, "no chi").contains("add --game-chromatic"),
        "{err}"
    );
}
