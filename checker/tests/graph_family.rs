//! Version 8's family `graphs` (chi_g of every graph on A to B vertices,
//! counted by the checker): `format8/graphs-1-3.cert`, written by
//! `printf '@\nA?\nA_\nB?\nBO\nBW\nBw\n' | ramsey-verify colour
//! --game-chromatic --graph @- --json-lines --cert FILE`, is accepted with
//! its distribution; a header claiming more orders than the members hold,
//! members outside the header's orders, a member left out, an unknown
//! family and orders beyond the checker's limit are rejected.

mod common;
use common::rejected;
use ramsey_cert_check::family::Family;
use ramsey_cert_check::{check, Claim, RejectionKind};
use sha2::{Digest, Sha256};

/// Every graph on 1 to 3 vertices: seven members.
const GRAPHS_1_3: &str = include_str!("format8/graphs-1-3.cert");

/// The certificate without its member on line `line` (1-based) and that
/// member's certificate, the header's counts and hash made to match.
fn without_member(text: &str, line: usize) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    let count: usize = lines[line - 1].rsplit(' ').next().unwrap().parse().unwrap();
    lines.drain(line - 1..line + count);
    let body: String = lines[9..].iter().map(|l| format!("{l}\n")).collect();
    let digest: String = Sha256::digest(body.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let members = body.lines().filter(|l| l.starts_with("member ")).count();
    let head = [
        lines[..6].join("\n"),
        format!("members {members}\nlines {}\nsha256 {digest}", body.lines().count()),
    ];
    format!("{}\n{body}", head.join("\n"))
}

#[test]
fn every_graph_on_1_to_3_vertices_is_accepted_with_its_distribution() {
    let summary = check(GRAPHS_1_3.as_bytes(), 1).unwrap();
    let Claim::Family(family) = summary.claim else {
        panic!("not a family")
    };
    assert_eq!(
        (family.family, family.sizes, family.members),
        (Family::Graphs, (1, 3), 7)
    );
    let sizes: Vec<Vec<(usize, usize)>> = family
        .distribution
        .values()
        .map(|d| d.iter().map(|(&k, &c)| (k, c)).collect())
        .collect();
    assert_eq!(
        sizes,
        [vec![(1, 1)], vec![(1, 1), (2, 1)], vec![(1, 1), (2, 2), (3, 1)]]
    );
    assert_eq!(family.largest, (3, 1, vec!["Bw".to_string()]));
    assert!(family
        .text()
        .contains("every graph on 1 to 3 vertices (7 graphs, connected or not"));
    assert_eq!(family.json()["family"], "graphs");
}

#[test]
fn orders_that_the_members_do_not_cover_are_rejected() {
    let more = GRAPHS_1_3.replace("vertices 1-3", "vertices 1-4");
    let words = "hold 0 of the 64 labelled graphs on 4 vertices: 64 are no member's";
    rejected(more.as_bytes(), RejectionKind::Invalid, words);
    let fewer = GRAPHS_1_3.replace("vertices 1-3", "vertices 2-3");
    let r = rejected(
        fewer.as_bytes(),
        RejectionKind::Invalid,
        "its graph has 1 vertices, outside 2-3",
    );
    assert_eq!(r.line, Some(10), "{}", r.message);
}

#[test]
fn a_member_left_out_is_rejected_by_the_count() {
    // The path BW on line 71: its class holds 3 of the 8 labelled graphs.
    let words = "hold 5 of the 8 labelled graphs on 3 vertices: 3 are no member's (a member is missing)";
    rejected(without_member(GRAPHS_1_3, 71).as_bytes(), RejectionKind::Invalid, words);
}

#[test]
fn an_unknown_family_and_orders_beyond_the_limit_are_unreadable() {
    for (from, to, words) in [
        (
            "family graphs",
            "family graph",
            "family `graph` is not `trees` or `graphs`",
        ),
        ("vertices 1-3", "vertices 1-11", "1 <= A <= B <= 10"),
        ("vertices 1-3", "vertices 0-3", "1 <= A <= B <= 10"),
    ] {
        rejected(
            GRAPHS_1_3.replace(from, to).as_bytes(),
            RejectionKind::Unreadable,
            words,
        );
    }
}
