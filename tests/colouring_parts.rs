//! chi_g's certificate in parts (format version 12) end to end: `colour
//! --game-chromatic --cert-parts DIR` writes an opening and one part per
//! leaf; the independent checker accepts the opening (every part checked
//! with it) and each part alone, and proves the same chi_g as the whole
//! certificate (format 12). A part left out, a leaf whose SHA-256 does not
//! match its part, a tampered part (its line named) and a part starting
//! elsewhere than its leaf are each rejected, blamed on the leaf's line.

mod cert_common;
mod common;
use cert_common::{scratch, written_by};
use common::ramsey;
use ramsey_cert_check::{check_file, Claim, RejectionKind};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// The 14-vertex tree with chi_g = 4.
const TREE14: &str = "M???????F?B_?M?p_";

/// Writes chi_g of `graph` in parts (2 plies, player 1's lines ending
/// where she is secured) into a fresh folder, on `threads` threads.
fn parts(graph: &str, threads: &str) -> PathBuf {
    let dir = scratch("parts");
    parts_into(&dir, graph, threads);
    dir
}

/// [`parts`] into the folder `dir`.
fn parts_into(dir: &Path, graph: &str, threads: &str) {
    let args = [
        "colour",
        "--game-chromatic",
        "--graph",
        graph,
        "--cert-secured",
        "--threads",
        threads,
        "--cert-parts",
        dir.to_str().unwrap(),
    ];
    let (code, out, err) = ramsey(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("certificate in parts"), "{out}");
}

/// The chi_g an accepted opening proves, and its parts.
fn chi_g(opening: &Path) -> (usize, usize) {
    let summary = check_file(opening, 2).unwrap_or_else(|r| panic!("rejected: {} ({:?})", r.message, r.line));
    match summary.claim {
        Claim::Colouring(s) => match s.claim {
            ramsey_cert_check::colouring::Claim::GameChromatic(k) => (k, s.parts),
            other => panic!("not chi_g: {other:?}"),
        },
        _ => panic!("not a colouring certificate"),
    }
}

/// The files of a folder, sorted.
fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

/// A copy of the folder `dir`.
fn copy(dir: &Path) -> PathBuf {
    let to = scratch("copy");
    std::fs::create_dir_all(&to).unwrap();
    for name in files(dir) {
        std::fs::copy(dir.join(&name), to.join(&name)).unwrap();
    }
    to
}

/// A certificate's text (gunzipped if need be).
fn text(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap();
    let mut text = String::new();
    match bytes.starts_with(&[0x1f, 0x8b]) {
        true => std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut text).unwrap(),
        false => std::io::Read::read_to_string(&mut &bytes[..], &mut text).unwrap(),
    };
    text
}

fn hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// `text` with `edit` applied to its lines (numbered from 1), its
/// `entries` and `sha256` lines made to match the new body.
fn resealed(text: &str, edit: impl Fn(usize, &str) -> String) -> String {
    let lines: Vec<String> = text.lines().enumerate().map(|(i, l)| edit(i + 1, l)).collect();
    let head = lines.iter().position(|l| l.starts_with("sha256 ")).unwrap() + 1;
    let body: String = lines[head..].iter().map(|l| format!("{l}\n")).collect();
    let mut out = String::new();
    for l in &lines[..head] {
        let l = match l.split_once(' ') {
            Some(("entries", _)) => format!("entries {}", lines.len() - head),
            Some(("sha256", _)) => format!("sha256 {}", hex(body.as_bytes())),
            _ => l.clone(),
        };
        out += &format!("{l}\n");
    }
    out + &body
}

/// The opening's first leaf: its line number, colours, colouring, file.
fn first_leaf(dir: &Path) -> (usize, String, String, String) {
    let opening = text(&dir.join("opening.cert"));
    let (i, line) = opening
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains(" part "))
        .expect("a leaf");
    let f: Vec<&str> = line.split(' ').collect();
    (i + 1, f[0].into(), f[1].into(), f[3].into())
}

/// The opening of `dir` rejected as invalid: the line blamed and the message.
fn rejected(dir: &Path) -> (Option<usize>, String) {
    let r = check_file(&dir.join("opening.cert"), 2).expect_err("accepted a broken certificate in parts");
    assert_eq!(r.kind, RejectionKind::Invalid, "{}", r.message);
    (r.line, r.message)
}

/// Writes `part` over the part `file` of `dir` and the leaf's SHA-256 to
/// match, so that only the part's own check can reject it.
fn replace_part(dir: &Path, file: &str, part: &str) {
    std::fs::write(dir.join(file), part).unwrap();
    let sha = hex(part.as_bytes());
    let opening = text(&dir.join("opening.cert"));
    let edited = resealed(&opening, |_, l| match l.split(' ').collect::<Vec<_>>()[..] {
        [k, c, "part", f, _] if f == file => format!("{k} {c} part {f} {sha}"),
        _ => l.to_string(),
    });
    std::fs::write(dir.join("opening.cert"), edited).unwrap();
}

#[test]
fn parts_prove_the_whole_certificates_chi_g_and_each_part_checks_alone() {
    for graph in [TREE14, "grid:4x5"] {
        let dir = parts(graph, "2");
        let whole = written_by(
            "colour",
            "whole.cert",
            &["--game-chromatic", "--graph", graph, "--cert-secured"],
        );
        let k: usize = whole
            .lines()
            .find_map(|l| l.strip_prefix("claim chi-g "))
            .unwrap()
            .parse()
            .unwrap();
        let (proved, parts) = chi_g(&dir.join("opening.cert"));
        assert_eq!((proved, k), (4, 4), "{graph}");
        assert!(parts > 1, "{graph}: {parts} parts");
        assert_eq!(files(&dir).len(), parts + 1);
        for name in files(&dir).iter().filter(|n| n.ends_with(".gz")) {
            let summary = check_file(&dir.join(name), 1).unwrap();
            assert!(summary.to_text().contains("from the position"), "{name}");
        }
    }
}

#[test]
fn parts_are_the_same_on_any_number_of_threads() {
    let (one, two) = (parts(TREE14, "1"), parts(TREE14, "2"));
    assert_eq!(files(&one), files(&two));
    for name in files(&one) {
        assert_eq!(
            std::fs::read(one.join(&name)).unwrap(),
            std::fs::read(two.join(&name)).unwrap(),
            "{name}"
        );
    }
}

#[test]
fn a_stopped_run_resumes_with_the_parts_it_wrote_and_writes_the_same_files() {
    let whole = parts(TREE14, "2");
    let resumed = copy(&whole);
    let names = files(&whole);
    // Stopped after some parts: the opening and the last parts missing.
    for name in names.iter().filter(|n| !n.starts_with("k3-")) {
        std::fs::remove_file(resumed.join(name)).unwrap();
    }
    // A kept part is trusted by the writer, not by the checker.
    let kept = names.iter().find(|n| n.starts_with("k3-")).unwrap();
    parts_into(&resumed, TREE14, "2");
    assert_eq!(files(&resumed), names);
    for name in &names {
        assert_eq!(
            std::fs::read(whole.join(name)).unwrap(),
            std::fs::read(resumed.join(name)).unwrap(),
            "{name}"
        );
    }
    let other = names.iter().find(|n| n.starts_with("k4-")).unwrap();
    std::fs::copy(whole.join(other), resumed.join(kept)).unwrap();
    std::fs::remove_file(resumed.join("opening.cert")).unwrap();
    parts_into(&resumed, TREE14, "2");
    let (_, message) = rejected(&resumed);
    assert!(message.contains(&format!("part {kept}: it claims")), "{message}");
}

#[test]
fn a_part_left_out_or_not_matching_its_sha_is_rejected_at_its_leaf() {
    let dir = parts(TREE14, "2");
    let (line, _, _, file) = first_leaf(&dir);
    let left_out = copy(&dir);
    std::fs::remove_file(left_out.join(&file)).unwrap();
    let (at, message) = rejected(&left_out);
    assert_eq!(at, Some(line));
    assert!(message.contains("cannot read"), "{message}");

    let changed = copy(&dir);
    let mut bytes = std::fs::read(changed.join(&file)).unwrap();
    bytes.push(b'\n');
    std::fs::write(changed.join(&file), bytes).unwrap();
    let (at, message) = rejected(&changed);
    assert_eq!(at, Some(line));
    assert!(message.contains("SHA-256"), "{message}");

    // The opening alone (no folder to read parts from) proves nothing.
    let bytes = std::fs::read(dir.join("opening.cert")).unwrap();
    let r = ramsey_cert_check::check(&bytes, 1).expect_err("an opening without its parts");
    assert_eq!(r.line, Some(line), "{}", r.message);
}

#[test]
fn a_tampered_part_is_rejected_with_its_line_even_with_a_matching_sha() {
    let dir = copy(&parts(TREE14, "2"));
    // The largest part, so that it has entries to tamper with.
    let file = files(&dir)
        .into_iter()
        .filter(|n| n.ends_with(".gz"))
        .max_by_key(|n| (text(&dir.join(n)).lines().count(), n.clone()))
        .unwrap();
    let part = text(&dir.join(&file));
    let first = part.lines().position(|l| l.starts_with("sha256 ")).unwrap() + 2;
    // Another colour for the first entry's move.
    let tampered = resealed(&part, |i, l| match i == first {
        true => {
            let (rest, c) = l.rsplit_once(':').unwrap();
            let k: u8 = l.split(' ').next().unwrap().parse().unwrap();
            format!("{rest}:{}", c.parse::<u8>().unwrap() % k + 1)
        }
        false => l.to_string(),
    });
    replace_part(&dir, &file, &tampered);
    let leaf = text(&dir.join("opening.cert"))
        .lines()
        .position(|l| l.contains(&format!(" part {file} ")))
        .unwrap()
        + 1;
    let (at, message) = rejected(&dir);
    assert_eq!(at, Some(leaf));
    assert!(
        message.contains(&format!("part {file}: entry on line {first}:")),
        "{message}"
    );
}

#[test]
fn a_part_starting_elsewhere_than_its_leaf_is_rejected() {
    let dir = copy(&parts(TREE14, "2"));
    let (line, k, colouring, file) = first_leaf(&dir);
    // Another start: the leaf's colouring with its first coloured vertex
    // uncoloured (one vertex more to colour: not equivalent to the leaf).
    let v = colouring.bytes().position(|c| c != b'0').unwrap();
    let mut elsewhere = colouring.clone().into_bytes();
    elsewhere[v] = b'0';
    let elsewhere = String::from_utf8(elsewhere).unwrap();
    let part = text(&dir.join(&file));
    let moved = resealed(&part, |_, l| match l.strip_prefix("start ") {
        Some(_) => format!("start {elsewhere}"),
        None => l.to_string(),
    });
    replace_part(&dir, &file, &moved);
    let (at, message) = rejected(&dir);
    assert_eq!(at, Some(line), "{k}: {message}");
    assert!(message.contains("not equivalent to the leaf"), "{message}");
}
