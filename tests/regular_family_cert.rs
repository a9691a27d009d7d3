//! Family certificates of Erdős' games on regular graphs (format version
//! 15): `erdos --game star --board @- --json-lines --winner-only --cert F`
//! on every connected cubic graph on 8 vertices (nauty's `geng -c -d3 -D3
//! 8`, embedded: no nauty needed) proves that Alice wins the Star game on
//! none; the checker counts the family itself. Copies with a member left
//! out, a member replaced by an isomorphic copy of another, a member that
//! is not connected and cubic, a damaged member or a wrong header degree
//! are rejected; the writer refuses a stream of two orders and a board
//! where Alice wins.

mod cert_common;
mod common;
use cert_common::{accepted, edited, rejected, scratch};
use common::{bad_input, ramsey, with_stdin};
use ramsey_verify::core::board::Edge;
use ramsey_verify::core::graph6::{decode, encode};

/// `nauty-geng -cq -d3 -D3 8`: the five connected cubic graphs on 8 vertices.
const CUBIC_8: &str = "G?zTb_\nGCrb`o\nGCZJd_\nGCXmd_\nGCY^B_\n";

/// The certificate written from `stream`, or the failed run's exit code
/// and standard error.
fn family_of(stream: &str) -> Result<String, (i32, String)> {
    family_in(stream, "family.cert").map(|bytes| String::from_utf8(bytes).unwrap())
}

/// The bytes of the certificate written from `stream` to a file named
/// `name` (gzipped if it ends in `.gz`).
fn family_in(stream: &str, name: &str) -> Result<Vec<u8>, (i32, String)> {
    let path = scratch(name);
    let (code, _, err) = with_stdin(
        &[
            "erdos",
            "--game",
            "star",
            "--board",
            "@-",
            "--json-lines",
            "--winner-only",
            "--threads",
            "1",
            "--cert",
            path.to_str().unwrap(),
        ],
        stream.as_bytes(),
    );
    match code {
        0 => Ok(std::fs::read(&path).unwrap()),
        _ => Err((code, err)),
    }
}

/// The family certificate of the cubic graphs on 8 vertices, written once.
fn cubic8() -> String {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEXT.get_or_init(|| family_of(CUBIC_8).unwrap()).clone()
}

/// The Star game certificate of one board (`erdos --winner-only --cert`).
fn member_cert(graph6: &str) -> String {
    let path = scratch("member.cert");
    let args = [
        "erdos",
        "--game",
        "star",
        "--board",
        graph6,
        "--winner-only",
        "--threads",
        "1",
    ];
    let (code, _, err) = ramsey(&[&args[..], &["--cert", path.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    std::fs::read_to_string(&path).unwrap()
}

/// The members of a version-15 family certificate: (graph6, certificate text).
fn members(text: &str) -> Vec<(String, String)> {
    cert_common::family_members(text, 10)
}

/// A version-15 family of cubic graphs on `n` vertices with these members,
/// its counts and hash made to match (the writer's format, by hand, so
/// that members it would refuse can be put in).
fn rebuilt(n: usize, degree: usize, members: &[(String, String)]) -> String {
    let head = format!(
        "ramsey-cert 15\ntool test\nfamily connected-regular\nvertices {n}\ndegree {degree}\ngame star\n\
         claim alice-does-not-win\n"
    );
    cert_common::family_text(&head, members)
}

#[test]
fn every_cubic_graph_on_8_vertices_is_certified_and_rebuilt_byte_for_byte() {
    let text = cubic8();
    let summary = accepted(&text);
    let ramsey_cert_check::Claim::RegularFamily(family) = summary.claim else {
        panic!("not a regular family")
    };
    assert_eq!((family.vertices, family.degree, family.members), (8, 3, 5));
    assert_eq!(family.labelled, 19_320);
    // The writer's bytes are the format's, as rebuilt by hand.
    let tool = text.lines().nth(1).unwrap();
    assert_eq!(rebuilt(8, 3, &members(&text)).replace("tool test", tool), text);
}

#[test]
fn the_gzipped_family_streamed_member_by_member_has_the_plain_text() {
    // The writer keeps members gzipped and streams them out; the `.gz`
    // file must hold exactly the text the plain file holds.
    let gz = family_in(CUBIC_8, "family.cert.gz").unwrap();
    let mut text = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&gz[..]), &mut text).unwrap();
    assert_eq!(text, cubic8());
}

#[test]
fn the_command_line_check_states_the_family_claim() {
    let path = scratch("cubic8.cert");
    std::fs::write(&path, cubic8()).unwrap();
    let (out, json) = cert_common::checked(&path);
    assert!(
        out.contains("VALID: Alice does not win the star game") && out.contains("every connected 3-regular graph on 8"),
        "{out}"
    );
    assert_eq!((json["format"].as_u64(), json["members"].as_u64()), (Some(15), Some(5)));
    assert_eq!(json["labelled"], 19_320);
}

#[test]
fn a_member_left_out_is_found_by_the_checkers_count() {
    for gone in 0..5 {
        let mut all = members(&cubic8());
        all.remove(gone);
        let r = rejected(&rebuilt(8, 3, &all));
        assert!(
            r.message
                .contains("of the 19320 labelled connected 3-regular graphs on 8 vertices"),
            "{}",
            r.message
        );
        assert!(r.message.contains("(a member is missing)"), "{}", r.message);
    }
}

/// The graph `graph6` relabelled by `v -> (v + shift) mod n`.
fn rotated(graph6: &str, shift: u8) -> String {
    let (n, edges) = decode(graph6).unwrap();
    let n8 = n as u8;
    let turned: Vec<Edge> = edges
        .iter()
        .map(|e| {
            let (u, v) = e.ends();
            Edge::new((u + shift) % n8, (v + shift) % n8)
        })
        .collect();
    encode(n, &turned)
}

#[test]
fn an_isomorphic_copy_in_place_of_another_member_is_rejected() {
    let mut all = members(&cubic8());
    let copy = (1..8)
        .map(|shift| rotated(&all[0].0, shift))
        .find(|g| *g != all[0].0)
        .unwrap();
    all[3] = (copy.clone(), member_cert(&copy));
    let text = rebuilt(8, 3, &all);
    let r = rejected(&text);
    assert!(
        r.message.contains("isomorphic to the member's on line 11"),
        "{}",
        r.message
    );
    let line = r.line.unwrap();
    assert!(text
        .lines()
        .nth(line - 1)
        .unwrap()
        .starts_with(&format!("member {copy} ")));
}

#[test]
fn a_member_that_is_not_connected_and_cubic_is_rejected() {
    // Two disjoint K4: cubic on 8 vertices, not connected.
    let two_k4 = encode(
        8,
        &[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
            .iter()
            .flat_map(|&(u, v)| [Edge::new(u, v), Edge::new(u + 4, v + 4)])
            .collect::<Vec<_>>(),
    );
    // The cycle C8: connected, 2-regular.
    let c8 = encode(8, &(0..8).map(|i| Edge::new(i, (i + 1) % 8)).collect::<Vec<_>>());
    for stranger in [two_k4, c8] {
        let mut all = members(&cubic8());
        all[2] = (stranger.clone(), member_cert(&stranger));
        let r = rejected(&rebuilt(8, 3, &all));
        assert!(
            r.message.contains("its graph is not connected and 3-regular"),
            "{stranger}: {}",
            r.message
        );
        assert!(r.line.is_some(), "{}", r.message);
    }
}

#[test]
fn a_damaged_member_is_rejected_on_its_line_in_the_family_file() {
    let mut all = members(&cubic8());
    let i = (0..all.len()).max_by_key(|&i| all[i].1.lines().count()).unwrap();
    // Its first entry's move becomes a loop: invalid on that entry's line,
    // line 11 of the member's certificate.
    let entry = all[i].1.lines().nth(10).unwrap().to_string();
    let (position, _) = entry.rsplit_once(' ').unwrap();
    all[i].1 = edited(&all[i].1, 0, Some(format!("{position} 0-0")));
    let text = rebuilt(8, 3, &all);
    let r = rejected(&text);
    let first = 11 + all[..i].iter().map(|(_, c)| 1 + c.lines().count()).sum::<usize>();
    assert!(
        r.message.starts_with(&format!("member on line {first} ")),
        "{}",
        r.message
    );
    assert_eq!(r.line, Some(first + 11), "{}", r.message);
}

#[test]
fn a_wrong_header_degree_or_order_is_rejected() {
    let text = cubic8();
    let r = rejected(&text.replace("\ndegree 3\n", "\ndegree 4\n"));
    assert!(
        r.message.contains("line 11: its graph is not connected and 4-regular"),
        "{}",
        r.message
    );
    let r = rejected(&text.replace("\nvertices 8\n", "\nvertices 9\n"));
    assert!(r.message.contains("its graph has 8 vertices, not 9"), "{}", r.message);
}

#[test]
fn the_writer_refuses_two_orders_and_a_board_alice_wins() {
    let (code, err) = family_of("EFz_\nG?zTb_\n").unwrap_err();
    assert!(
        bad_input(code, &err, "two orders").contains("one order and degree"),
        "{err}"
    );
    // Alice wins the Star game on K3 (Cambie and Provoost's exception).
    let (code, err) = family_of("Bw\n").unwrap_err();
    let line = bad_input(code, &err, "Bw");
    assert!(line.contains("Alice is not shown not to win on Bw"), "{err}");
    let (code, err) = family_of("").unwrap_err();
    assert!(bad_input(code, &err, "no board").contains("no board"), "{err}");
}
