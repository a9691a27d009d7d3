//! What the tests of game certificates share (format versions 3, 5 and 6,
//! whose headers end with `entries N` and `sha256 H`): writing one through
//! the command line, checking it with the independent checker, and editing
//! a copy with a header that matches the new body.
#![allow(dead_code)]

use super::common::ramsey;
use ramsey_cert_check::{check, Rejection, RejectionKind, Summary};
use sha2::{Digest, Sha256};
use std::path::PathBuf;

/// A fresh scratch file, unique to the test process.
///
/// Each call gets its own file (a counter in front of `name`): tests of one
/// binary run in parallel, and two writing the same name would read each
/// other's half-written certificates.
pub fn scratch(name: &str) -> PathBuf {
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("ramsey-game-cert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(format!("{call}-{name}"))
}

/// Runs `command args --cert FILE` (2 threads) and returns the
/// certificate's text (gunzipped if `name` ends in `.gz`).
pub fn written_by(command: &str, name: &str, args: &[&str]) -> String {
    written_with(command, "2", name, args)
}

/// The certificate of `command args` written with 1 thread, after
/// checking that 2 threads write the same bytes.
pub fn same_for_any_threads(command: &str, args: &[&str]) -> String {
    let one = written_with(command, "1", "threads-1.cert", args);
    assert_eq!(
        one,
        written_with(command, "2", "threads-2.cert", args),
        "{command} {args:?}"
    );
    one
}

/// [`written_by`] on `threads` threads.
fn written_with(command: &str, threads: &str, name: &str, args: &[&str]) -> String {
    let path = scratch(name);
    let mut all = vec![command, "--threads", threads];
    all.extend_from_slice(args);
    all.extend(["--cert", path.to_str().unwrap()]);
    let (code, _, err) = ramsey(&all);
    assert_eq!(code, 0, "{command} --cert failed: {err}");
    let bytes = std::fs::read(&path).unwrap();
    if name.ends_with(".gz") {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut text).unwrap();
        return text;
    }
    String::from_utf8(bytes).unwrap()
}

/// The checker's summary of a certificate it must accept.
pub fn accepted(text: &str) -> Summary {
    check(text.as_bytes(), 2).unwrap_or_else(|r| panic!("rejected: {} (line {:?})", r.message, r.line))
}

/// The checker's rejection of a certificate it must find invalid.
pub fn rejected(text: &str) -> Rejection {
    let r = check(text.as_bytes(), 2).expect_err("a tampered certificate was accepted");
    assert_eq!(r.kind, RejectionKind::Invalid, "not `invalid`: {}", r.message);
    r
}

/// Lines of the header: up to and including `sha256 …`.
pub fn header_len(text: &str) -> usize {
    text.lines().position(|l| l.starts_with("sha256 ")).unwrap() + 1
}

/// The header line `key VALUE`'s value.
pub fn field<'a>(text: &'a str, key: &str) -> &'a str {
    let line = text.lines().find(|l| l.starts_with(&format!("{key} "))).unwrap();
    &line[key.len() + 1..]
}

/// The certificate with body line `i` (0-based) replaced by `line`
/// (`None`: removed), resealed: entry count and hash match the new body.
pub fn edited(text: &str, i: usize, line: Option<String>) -> String {
    let header = header_len(text);
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    match line {
        Some(l) => lines[header + i] = l,
        None => {
            lines.remove(header + i);
        }
    }
    reseal(&lines, header)
}

/// The lines with the header's count and hash made to match the body.
pub fn reseal(lines: &[String], header: usize) -> String {
    let body: String = lines[header..].iter().map(|l| format!("{l}\n")).collect();
    let digest: String = Sha256::digest(body.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let mut head = lines[..header].to_vec();
    head[header - 2] = format!("entries {}", lines.len() - header);
    head[header - 1] = format!("sha256 {digest}");
    format!("{}\n{body}", head.join("\n"))
}

/// The header line `key` set to `value`.
pub fn with_field(text: &str, key: &str, value: &str) -> String {
    let lines: Vec<String> = text
        .lines()
        .map(|l| match l.starts_with(&format!("{key} ")) {
            true => format!("{key} {value}"),
            false => l.to_string(),
        })
        .collect();
    reseal(&lines, header_len(text))
}

/// The body's lines, split into fields.
pub fn body(text: &str) -> Vec<Vec<String>> {
    let fields = |l: &str| l.split(' ').map(String::from).collect();
    text.lines().skip(header_len(text)).map(fields).collect()
}

/// Asserts that each body line `i` of `indices` is needed: without it the
/// certificate is rejected for a missing position, on the line of the
/// entry whose reply leads there (or at the start, or a missing root).
pub fn each_entry_needed(text: &str, indices: impl IntoIterator<Item = usize>) {
    for i in indices {
        let r = rejected(&edited(text, i, None));
        assert!(
            r.message.contains("missing position") || r.message.contains("root"),
            "entry {i}: {}",
            r.message
        );
        assert!(
            r.line.is_some() || r.message.contains("start"),
            "entry {i}: {}",
            r.message
        );
    }
}

/// The members of a family certificate (versions 8 and 15) whose header
/// has `header` lines: (graph6, certificate text).
pub fn family_members(text: &str, header: usize) -> Vec<(String, String)> {
    let mut lines = text.lines().skip(header);
    let mut members = Vec::new();
    while let Some(head) = lines.next() {
        let fields: Vec<&str> = head.split(' ').collect();
        let count: usize = fields[2].parse().unwrap();
        let cert: String = lines.by_ref().take(count).map(|l| format!("{l}\n")).collect();
        members.push((fields[1].to_string(), cert));
    }
    members
}

/// A family certificate (versions 8 and 15) with the header lines `head`
/// up to its `members` line (exclusive) and these members, its counts and
/// hash made to match (the writer's format, by hand, so that members it
/// would refuse can be put in).
pub fn family_text(head: &str, members: &[(String, String)]) -> String {
    let body: String = members
        .iter()
        .map(|(g, cert)| format!("member {g} {}\n{cert}", cert.lines().count()))
        .collect();
    let digest: String = Sha256::digest(body.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!(
        "{head}members {}\nlines {}\nsha256 {digest}\n{body}",
        members.len(),
        body.lines().count()
    )
}

/// What `check FILE` prints and the object `check --json FILE` prints for
/// a certificate both accept (exit 0).
pub fn checked(path: &std::path::Path) -> (String, serde_json::Value) {
    let (code, text, _) = ramsey(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{text}");
    let (code, out, _) = ramsey(&["check", "--json", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    (text, serde_json::from_str(&out).unwrap())
}
