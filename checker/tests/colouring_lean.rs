//! The version-7 checker keeps one sorted 16-byte key per entry and parses
//! an entry's line again whenever a lookup tries it as a candidate. It
//! used to keep every entry parsed and prepared (about 700 bytes each).
//! These tests check that nothing else changed: the committed colouring
//! certificates get the same counts, and tampered ones are rejected with
//! the same line and message. The expected values were recorded from the
//! earlier checker (commit bfedc65) on the same files and edits. The files
//! are the format-7 certificates committed until format 12 replaced them
//! (main at 480a4a0), kept in `tests/format7/`: format 7 is still read.

mod common;

use common::{header_and_body, reseal};
use ramsey_cert_check::{check, RejectionKind};

const TREE14: &str = include_str!("format7/chi-g-tree14.cert");
const GRID44: &str = include_str!("format7/chi-g-grid-4x4.cert");
const GRID45: &[u8] = include_bytes!("format7/chi-g-grid-4x5.cert.gz");
const TORUS44: &[u8] = include_bytes!("format7/chi-g-torus-4x4.cert.gz");

#[test]
fn committed_colouring_certificates_check_with_the_earlier_counts_on_any_thread_count() {
    let cases: [(&[u8], usize, usize); 4] = [
        (TREE14.as_bytes(), 176, 816),
        (GRID44.as_bytes(), 276, 648),
        (GRID45, 6702, 14662),
        (TORUS44, 255, 989),
    ];
    for (bytes, entries, replies) in cases {
        for threads in [1, 2] {
            let s = check(bytes, threads).unwrap_or_else(|r| panic!("rejected: {}", r.message));
            assert_eq!((s.entries, s.replies), (entries, replies));
        }
    }
}

/// `text` with body line `line` (numbered in the file) edited by `edit`
/// (`None`: dropped), resealed; its rejection's line and message.
fn tampered(text: &str, line: usize, edit: impl Fn(&[&str]) -> Option<String>) -> (Option<usize>, String) {
    let (header, mut body) = header_and_body(text);
    let i = line - header.len() - 1;
    let fields: Vec<&str> = body[i].split([' ', ':']).collect();
    match edit(&fields) {
        Some(new) => body[i] = new,
        None => drop(body.remove(i)),
    }
    let r = check(reseal(&header, &body).as_bytes(), 2).expect_err("accepted a tampered certificate");
    assert_eq!(r.kind, RejectionKind::Invalid, "{}", r.message);
    (r.line, r.message)
}

#[test]
fn tampered_entries_are_rejected_with_the_earlier_line_and_message() {
    let another_colour = |f: &[&str]| {
        let next = f[3].parse::<usize>().unwrap() % f[0].parse::<usize>().unwrap() + 1;
        Some(format!("{} {} {}:{next}", f[0], f[1], f[2]))
    };
    let five_colours = |f: &[&str]| Some(format!("5 {} {}:{}", f[1], f[2], f[3]));
    let coloured_vertex = |f: &[&str]| {
        let v = f[1].bytes().position(|c| c != b'0').unwrap();
        Some(format!("{} {} {v}:{}", f[0], f[1], f[3]))
    };
    let missing = "has no entry: missing position";
    let cases = [
        (
            tampered(TREE14, 177, |_| None),
            142,
            "after move 12:3 and the reply 3:3 the position 00030000001032",
        ),
        (
            tampered(TREE14, 23, |_| None),
            16,
            "after move 8:2 and the reply 9:1 the position 00000000211000",
        ),
        (
            tampered(GRID44, 176, another_colour),
            176,
            "after move 8:2 and the reply 0:1 the position 1003012020010012",
        ),
        (
            tampered(GRID44, 59, another_colour),
            59,
            "after move 2:1 and the reply 1:3 the position 1310020000100000",
        ),
    ];
    for ((line, message), want, words) in cases {
        assert_eq!(line, Some(want), "{message}");
        assert_eq!(message, format!("entry on line {want}: {words} {missing}"));
    }
    let (line, message) = tampered(GRID44, 100, five_colours);
    assert_eq!(
        (line, message.as_str()),
        (Some(100), "line 100: 5 colours is none of the claims'")
    );
    let (line, message) = tampered(GRID44, 120, coloured_vertex);
    assert_eq!(
        (line, message.as_str()),
        (Some(120), "entry on line 120: move 1:1 is not legal there")
    );
}
