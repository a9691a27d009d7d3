//! Version-3 (graph Ramsey game) certificates written by hand, so the
//! checker is tested without the engine: a small maker game on the path
//! P4, where the isomorphism test must keep the board (an end edge and the
//! middle edge look alike as coloured graphs, not as positions on P4).

mod common;

use common::{invalid_at, sealed};
use ramsey_cert_check::{check, Claim, RejectionKind};

/// Maker game on the path 0-1-2-3 (`Ch`), target P3 (`Bg`) for both (only
/// red's counts), red first. Red takes the middle edge 1-2; blue takes an
/// end edge; red takes the other end edge and owns a P3. The two replies
/// of blue are mirror images (0<->3, 1<->2 is an automorphism of P4), so
/// one entry covers both.
const MIDDLE: [&str; 2] = ["C?:C? 1-2 2", "CG:C_ 2-3 1"];

/// The certificate with these statement fields and body, sealed.
fn certificate(rules: &str, winner: &str, bound: u32, body: &[&str]) -> String {
    let head = format!(
        "ramsey-cert 3\ntool by hand\nrules {rules}\nboard Ch\ntarget-red Bg\ntarget-blue Bg\nfirst red\n\
         start C?:C?\nto-move red\nwinner {winner}\nbound {bound}\n"
    );
    sealed(&head, body)
}

#[test]
fn the_middle_edge_wins_the_maker_game_on_p4() {
    let s = check(certificate("maker", "red", 2, &MIDDLE).as_bytes(), 1).unwrap();
    assert_eq!((s.moves, s.entries, s.replies), (2, 2, 2));
    let Claim::Game(g) = &s.claim else { panic!("not a game") };
    assert_eq!(
        (g.rules.as_str(), g.winner, g.board.as_str()),
        ("maker", Some("red"), "Ch")
    );
    assert!(s.to_text().starts_with("VALID: red wins the maker game on board Ch"));
    let json = ramsey_cert_check::verdict_json(&Ok(s));
    assert_eq!(
        (json["format"].as_u64(), json["winner"].as_str()),
        (Some(3), Some("red"))
    );
}

#[test]
fn isomorphism_keeps_the_board() {
    // Red takes the end edge 0-1 instead. Blue's reply 1-2 gives red 0-1,
    // blue 1-2: as coloured graphs like the entry's red 1-2, blue 0-1, but
    // no automorphism of P4 maps one to the other (it would have to swap
    // an end edge and the middle edge), and there red cannot build a P3.
    let end = ["C?:C? 0-1 2", "CG:C_ 2-3 1"];
    invalid_at(&certificate("maker", "red", 2, &end), Some(14), "missing position");
}

#[test]
fn claims_and_moves_are_checked() {
    invalid_at(
        &certificate("maker", "red", 1, &MIDDLE),
        None,
        "bound 1 is lower than the 2 moves",
    );
    invalid_at(
        &certificate("maker", "blue", 2, &MIDDLE),
        None,
        "from the start position",
    );
    // Under achieve, blue's P3 counts too, but cannot arise here; under
    // avoid, red's last move would be illegal, so after blue's reply red
    // cannot move and loses; under misere it is legal and loses.
    assert!(check(certificate("achieve", "red", 2, &MIDDLE).as_bytes(), 1).is_ok());
    invalid_at(
        &certificate("avoid", "red", 2, &MIDDLE),
        Some(14),
        "ends the game in a win of blue",
    );
    invalid_at(
        &certificate("misere", "red", 2, &MIDDLE),
        Some(15),
        "ends in a win of blue",
    );
    invalid_at(
        &certificate("maker", "red", 2, &[MIDDLE[0], "CG:C_ 0-1 1"]),
        Some(15),
        "already coloured",
    );
    invalid_at(
        &certificate("maker", "red", 2, &[MIDDLE[0], "CG:C_ 0-2 1"]),
        Some(15),
        "not an edge of the board",
    );
    invalid_at(
        &certificate("maker", "red", 2, &[MIDDLE[0], "CG:C_ 2-3,0-3 1"]),
        Some(15),
        "exactly one edge",
    );
    invalid_at(
        &certificate("maker", "red", 2, &[MIDDLE[0]]),
        Some(14),
        "missing position",
    );
    // The order of entries does not matter.
    assert!(check(certificate("maker", "red", 2, &[MIDDLE[1], MIDDLE[0]]).as_bytes(), 1).is_ok());
}

#[test]
fn unreadable_game_headers_exit_2() {
    let good = certificate("maker", "red", 2, &MIDDLE);
    for (from, to, words) in [
        ("rules maker", "rules chess", "unknown rules"),
        ("board Ch", "board ?", "board"),
        ("target-red Bg", "target-red B?", "target"),
        ("start C?:C?", "start CG:CG", "already coloured"),
        ("winner red", "winner green", "winner"),
    ] {
        let r = check(good.replacen(from, to, 1).as_bytes(), 1).expect_err(to);
        assert_eq!(r.kind, RejectionKind::Unreadable, "{}", r.message);
        assert!(r.message.contains(words), "`{}` does not say `{words}`", r.message);
    }
}

#[test]
fn damaged_bytes_never_make_the_checker_panic() {
    // Every byte of the certificate replaced by a few others: the checker
    // answers (accepts or rejects) without panicking. A change it accepts
    // must be in the tool line, in blue's target (which does not count in
    // the maker game) or raise the bound (a weaker claim).
    let good = certificate("maker", "red", 2, &MIDDLE);
    for at in 0..good.len() {
        for byte in [b'0', b'9', b'?', b'~', b' ', b'\n', b',', b'-', 0xff] {
            let mut bytes = good.clone().into_bytes();
            if bytes[at] == byte {
                continue;
            }
            bytes[at] = byte;
            if check(&bytes, 1).is_ok() {
                let line = good[..at].matches('\n').count();
                let text = String::from_utf8_lossy(&bytes)
                    .lines()
                    .nth(line)
                    .unwrap_or("")
                    .to_string();
                let weaker = text
                    .strip_prefix("bound ")
                    .is_some_and(|b| b.parse::<u32>().is_ok_and(|b| b > 2));
                assert!(line == 1 || line == 5 || weaker, "accepted `{text}` (byte {at})");
            }
        }
    }
}

/// Achieve game on the board 0-1-2-3-4-5-0 plus the chords 0-2 and 3-5 and
/// a separate edge 6-7 (`GxEW?C`); red's target two disjoint edges (`C``),
/// blue's K4 (`C~`, out of reach). Red takes 6-7; each of blue's three
/// replies leaves red to move, and any red edge then wins. Blue's reply
/// 0-1 closes a blue hexagon (free: the chords); the entry offered for it
/// has blue's two triangles 0-1-2, 3-4-5 (free: 2-3, 0-5) instead. In
/// both every vertex has two blue edges and the same free degree, and so
/// do its neighbours: colour refinement cannot tell them apart, so they
/// share the refinement invariant, yet a hexagon is not two triangles.
const HEXAGON: [&str; 4] = [
    "G?????:GHEG?? 6-7 2",
    "G????C:GhEG?? 0-2 1",
    "G????C:GXEG?? 0-1 1",
    "G????C:GHEW?? 0-1 1",
];

/// The hexagon certificate, with `body` as its entries.
fn hexagon_certificate(body: &[&str]) -> String {
    let head = "ramsey-cert 3\ntool by hand\nrules achieve\nboard GxEW?C\ntarget-red C`\ntarget-blue C~\n\
                first red\nstart G?????:GHEG??\nto-move red\nwinner red\nbound 2\n";
    sealed(head, body)
}

#[test]
fn positions_with_equal_invariants_are_matched_only_if_isomorphic() {
    use ramsey_cert_check::game::position::Position;
    let s = check(hexagon_certificate(&HEXAGON).as_bytes(), 1).unwrap();
    assert_eq!((s.entries, s.replies), (4, 3));
    let board = Position::board(
        8,
        &[(0, 1), (0, 2), (0, 5), (1, 2), (2, 3), (3, 4), (3, 5), (4, 5), (6, 7)],
    );
    let hexagon = board.coloured("G????C:GhEG??").unwrap();
    let triangles = board.coloured("G????C:GwCW??").unwrap();
    assert_eq!(
        ramsey_cert_check::iso::invariant(&hexagon),
        ramsey_cert_check::iso::invariant(&triangles)
    );
    let form = |p: &Position| ramsey_cert_check::canon::form(p, |f| f.map(<[u64]>::to_vec));
    assert!(form(&hexagon).is_some() && form(&hexagon) != form(&triangles));
    // The two triangles' entry in place of the hexagon's: the reply 0-1
    // is left without an entry, and the first entry is blamed.
    let wrong = [HEXAGON[0], "G????C:GwCW?? 2-3 1", HEXAGON[2], HEXAGON[3]];
    invalid_at(
        &hexagon_certificate(&wrong),
        Some(14),
        "the reply 0-1 the position has no entry",
    );
}
