//! What the checker's test files share: the committed K3 certificate, a
//! way to rewrite it with a header that matches the new body, and sealing
//! and rejecting game certificates written by hand. Each test file uses
//! only some of them.
#![allow(dead_code)]

use ramsey_cert_check::{check, Rejection, RejectionKind};
use sha2::{Digest, Sha256};

/// `proofs/k3-inf.cert`: 8 header lines, then 5 entries on lines 9 to 13.
pub const K3_INF: &str = include_str!("../../../proofs/k3-inf.cert");

/// The header's lines (up to its `sha256` line: 8 in version 2, 10 in
/// version 7) and the body's lines.
pub fn header_and_body(text: &str) -> (Vec<String>, Vec<String>) {
    let lines: Vec<String> = text.lines().map(String::from).collect();
    let end = 1 + lines
        .iter()
        .position(|l| l.starts_with("sha256 "))
        .expect("a sha256 line");
    (lines[..end].to_vec(), lines[end..].to_vec())
}

/// A certificate with a rewritten body and a header whose count and hash match it.
pub fn reseal(header: &[String], body: &[String]) -> String {
    let body: String = body.iter().map(|l| format!("{l}\n")).collect();
    let digest: String = Sha256::digest(body.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let mut header = header.to_vec();
    let line = |word: &str| header.iter().position(|l| l.starts_with(word)).expect("a header line");
    let (entries, sha256) = (line("entries "), line("sha256 "));
    header[entries] = format!("entries {}", body.lines().count());
    header[sha256] = format!("sha256 {digest}");
    format!("{}\n{body}", header.join("\n"))
}

/// The rejection of `bytes`, which must be of `kind` and mention `words`.
pub fn rejected(bytes: &[u8], kind: RejectionKind, words: &str) -> Rejection {
    match check(bytes, 2) {
        Ok(_) => panic!("accepted a damaged certificate (expected `{words}`)"),
        Err(r) => {
            assert_eq!(r.kind, kind, "wrong kind for: {}", r.message);
            assert!(
                r.message.contains(words),
                "message `{}` does not say `{words}`",
                r.message
            );
            r
        }
    }
}

/// The rejection of `header` with `body` resealed ([`reseal`]: count and
/// hash match, so only the proof is wrong), which must be invalid and
/// mention `words`.
pub fn invalid_resealed(header: &[String], body: &[String], words: &str) -> Rejection {
    rejected(reseal(header, body).as_bytes(), RejectionKind::Invalid, words)
}

/// A certificate of versions 3 to 6 with `head` as its header lines up to
/// its `entries` line (exclusive) and `body` as its entries, sealed: the
/// count and the SHA-256 match the body.
pub fn sealed(head: &str, body: &[&str]) -> String {
    let body: String = body.iter().map(|l| format!("{l}\n")).collect();
    let digest: String = Sha256::digest(body.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("{head}entries {}\nsha256 {digest}\n{body}", body.lines().count())
}

/// Asserts that the checker finds `text` invalid, at `line`, saying `words`.
pub fn invalid_at(text: &str, line: Option<usize>, words: &str) {
    let r = check(text.as_bytes(), 1).expect_err("accepted a wrong certificate");
    assert_eq!(r.kind, RejectionKind::Invalid, "{}", r.message);
    assert_eq!(r.line, line, "{}", r.message);
    assert!(r.message.contains(words), "`{}` does not say `{words}`", r.message);
}
