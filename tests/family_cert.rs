//! Family certificates (format version 8): `colour --trees N --cert F`
//! proves chi_g of every tree on 1 to N vertices, one version-7
//! certificate per tree, and the checker enumerates the trees itself. The
//! certificate is the same for any thread count and agrees with the
//! census; copies with a member left out, a member twice, a member's
//! certificate for another graph, a damaged member, a non-tree member or
//! a family larger than its members are rejected.

mod cert_common;
mod common;
use cert_common::{accepted, edited, rejected, same_for_any_threads};
use common::ramsey;
use ramsey_verify::analysis::colouring::trees::census;
use ramsey_verify::engine::Limits;
use ramsey_verify::verify::cert::family::tree_family_certificate;
use ramsey_verify::verify::cert::Certificate;

/// The family certificate of the trees up to 8 vertices (48 trees),
/// written once: the tests run in parallel and `same_for_any_threads`
/// writes to fixed scratch names, so concurrent writers would race.
fn family8() -> String {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEXT.get_or_init(|| same_for_any_threads("colour", &["--trees", "8"]))
        .clone()
}

/// The members of a version-8 family certificate: (graph6, certificate text).
fn members(text: &str) -> Vec<(String, String)> {
    cert_common::family_members(text, 9)
}

/// A family certificate of `members` (headers and hashes made to match).
fn rebuilt(sizes: std::ops::RangeInclusive<usize>, members: Vec<(String, String)>) -> String {
    let members: Vec<(String, Certificate)> = members
        .into_iter()
        .map(|(g, text)| (g, Certificate { text, entries: 0 }))
        .collect();
    tree_family_certificate(sizes, &members).text
}

#[test]
fn chi_g_of_every_tree_up_to_8_vertices_is_certified_as_the_census_says() {
    let text = family8();
    let summary = accepted(&text);
    let ramsey_cert_check::Claim::Family(family) = summary.claim else {
        panic!("not a family")
    };
    assert_eq!(family.sizes, (1, 8));
    assert_eq!(family.members, 48);
    let mut threes = 0;
    for n in 1..=8 {
        let census = census(n, 0, Limits::default(), None).unwrap();
        threes += census.distribution.get(&3).copied().unwrap_or(0);
        let proved: Vec<(usize, usize)> = family.distribution[&n].iter().map(|(k, c)| (*k, *c)).collect();
        let computed: Vec<(usize, usize)> = census.distribution.into_iter().collect();
        assert_eq!(proved, computed, "n = {n}");
    }
    assert_eq!((family.largest.0, family.largest.1), (3, threes));
    // The rebuilt certificate is byte for byte the written one.
    assert_eq!(rebuilt(1..=8, members(&text)), text);
}

#[test]
fn the_command_line_check_states_the_family_claim() {
    let path = cert_common::scratch("family-5.cert");
    let (code, _, err) = ramsey(&["colour", "--trees", "5", "--cert", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let (out, json) = cert_common::checked(&path);
    assert!(
        out.contains("VALID: chi_g of every tree on 1 to 5 vertices (8 trees; the checker enumerates"),
        "{out}"
    );
    assert_eq!((json["format"].as_u64(), json["members"].as_u64()), (Some(8), Some(8)));
    assert_eq!(json["largest"], 3);
}

#[test]
fn a_member_left_out_is_found_by_the_checkers_own_enumeration() {
    let mut all = members(&family8());
    let gone = all.remove(30);
    let r = rejected(&rebuilt(1..=8, all));
    assert!(
        r.message.contains("no member's graph (a member is missing)"),
        "{}",
        r.message
    );
    assert!(
        r.message
            .contains(&format!("on {} vertices", (gone.0.as_bytes()[0] - 63))),
        "{}",
        r.message
    );
    // So is a family that claims more sizes than its members cover.
    let r = rejected(&rebuilt(1..=9, members(&family8())));
    assert!(
        r.message.contains("on 9 vertices is no member's graph"),
        "{}",
        r.message
    );
}

#[test]
fn a_member_twice_and_a_member_for_another_graph_are_rejected() {
    let all = members(&family8());
    let mut twice = all.clone();
    twice[31] = twice[30].clone();
    let r = rejected(&rebuilt(1..=8, twice));
    assert!(
        r.message.contains("is the same as the member's on line"),
        "{}",
        r.message
    );
    let mut swapped = all.clone();
    swapped[31].1 = all[30].1.clone();
    let r = rejected(&rebuilt(1..=8, swapped));
    assert!(r.message.contains("not about the CCG on this graph"), "{}", r.message);
}

#[test]
fn a_damaged_member_is_rejected_on_its_line_in_the_family_file() {
    let mut all = members(&family8());
    // The largest member certificate loses its first entry.
    let i = (0..all.len()).max_by_key(|&i| all[i].1.lines().count()).unwrap();
    all[i].1 = edited(&all[i].1, 0, None);
    let text = rebuilt(1..=8, all);
    let r = rejected(&text);
    assert!(r.message.starts_with("member on line"), "{}", r.message);
    let line = r.line.expect("a line");
    let lines: Vec<&str> = text.lines().collect();
    assert!(line > 9 && line <= lines.len(), "line {line}");
}

#[test]
fn a_member_that_is_not_a_tree_is_rejected() {
    let path = cert_common::scratch("c4.cert");
    let (code, _, err) = ramsey(&[
        "colour",
        "--game-chromatic",
        "--graph",
        "cycle:4",
        "--cert",
        path.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let c4 = std::fs::read_to_string(&path).unwrap();
    let graph = c4.lines().find_map(|l| l.strip_prefix("graph ")).unwrap().to_string();
    let mut all = members(&family8());
    let four = all.iter().position(|(g, _)| g.starts_with('C')).unwrap();
    all[four] = (graph, c4);
    let r = rejected(&rebuilt(1..=8, all));
    assert!(r.message.contains("its graph is not a tree"), "{}", r.message);
}
