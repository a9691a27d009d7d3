//! Version 11: colouring certificates in parts (proofs/FORMAT.md). A
//! *part* is a version-7 certificate of one claim (`wins P K`) from a
//! `start` position instead of the empty colouring; an *opening* (`start
//! -`) may have *leaf* lines `K COLOURING part FILE SHA256`: the claim with
//! `K` colours holds at that position (either player to move) because the
//! part `FILE`, in the opening's folder, proves it from a start equivalent
//! to the leaf. Here: the `start` line, and each leaf's part read, its
//! SHA-256 compared and the part checked as a certificate of its own. A
//! part names no parts, so the check ends.

use super::{check, text, Claim, Colouring, Header, Index, Tail, SYMBOLS};
use crate::Rejection;
use sha2::{Digest, Sha256};
use std::path::Path;

/// A colouring certificate read from its bytes: header and body.
pub type Read = Result<(Header, Vec<u8>), Rejection>;

/// Where an opening's parts are read: the opening's folder, the most
/// bytes a part file may have, and the caller's reader of a colouring
/// certificate's bytes (gzip, caps, header, body, integrity; the format's
/// reader, which sits above this module).
#[derive(Clone, Copy)]
pub struct Beside<'a> {
    /// The opening's folder.
    pub dir: &'a Path,
    /// The most bytes a part file may have (the text cap).
    pub max_bytes: u64,
    /// Reads a colouring certificate: its header and body, integrity checked.
    pub read: &'a dyn Fn(&[u8]) -> Read,
}

/// Parses a `start` line's value: `-` (no vertex coloured), or one symbol
/// per vertex with colours up to the claim's, which must be `wins P K`
/// (a part proves one claim).
pub fn parse_start(text: &str, claim: Claim, n: usize) -> Result<Option<Colouring>, String> {
    if text == "-" {
        return Ok(None);
    }
    let Claim::Wins { colours: k, .. } = claim else {
        return Err("a part's claim is `wins P K`, not chi-g".into());
    };
    let symbol = |b: u8| SYMBOLS[..=k].iter().position(|&s| s == b).map(|c| c as u8);
    let start: Option<Colouring> = text.bytes().map(symbol).collect();
    start.filter(|s| s.len() == n).map(Some).ok_or_else(|| {
        format!(
            "`{}` is not - or {n} symbols of colours 0 to {k}",
            crate::text::clip(text)
        )
    })
}

/// Checks the part of every leaf of `index` (an opening's), one after the
/// other, each read as `beside` says;
/// returns their entries and replies. A leaf whose part is missing, does
/// not match its SHA-256, claims another claim, starts elsewhere or is
/// invalid fails with the leaf's line (and the part's, in the message).
pub(super) fn check_leaves(
    header: &Header,
    index: &Index,
    threads: usize,
    beside: Option<Beside>,
) -> Result<(usize, usize), Rejection> {
    let (mut entries, mut replies) = (0, 0);
    for &i in &index.leaves {
        let line = index.header + 1 + i as usize;
        let leaf = index.entry(i as usize);
        let Tail::Part(file, sha256) = &leaf.tail else {
            unreachable!("the index lists leaves only")
        };
        let prover = header
            .claim
            .levels()
            .into_iter()
            .find(|&(k, _)| k == leaf.colours)
            .expect("a claim's colours")
            .1;
        let blame = |why: String| Rejection::invalid(format!("leaf on line {line}: part {file}: {why}")).at_line(line);
        let Some(beside) = beside else {
            return Err(blame(
                "parts are read beside the opening's file: check it as a file".into(),
            ));
        };
        let claim = Claim::Wins {
            winner: prover,
            colours: leaf.colours,
        };
        let (e, r) = check_part(header, beside, (file, sha256), (claim, &leaf.colouring), threads).map_err(blame)?;
        entries += e;
        replies += r;
    }
    Ok((entries, replies))
}

/// Reads the part `file` (a plain name in `dir`), compares its SHA-256,
/// its setting, claim and start with the opening's `header` and the leaf,
/// and checks it; returns its entries and replies.
fn check_part(
    header: &Header,
    beside: Beside,
    (file, sha256): (&str, &str),
    (claim, leaf): (Claim, &[u8]),
    threads: usize,
) -> Result<(usize, usize), String> {
    let plain = !file.is_empty() && !file.starts_with('.') && !file.contains(['/', '\\']);
    if !plain {
        return Err("not a plain file name in the opening's folder".into());
    }
    let path = beside.dir.join(file);
    let size = std::fs::metadata(&path)
        .map_err(|e| format!("cannot read it: {e}"))?
        .len();
    if size > beside.max_bytes {
        return Err(format!("{size} bytes, more than the text cap"));
    }
    let bytes = std::fs::read(&path).map_err(|e| format!("cannot read it: {e}"))?;
    let digest: String = Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect();
    if digest != sha256 {
        return Err(format!(
            "its SHA-256 is {digest}, the leaf says {}",
            crate::text::clip(sha256)
        ));
    }
    let quote = |r: Rejection| r.message;
    let (part, body) = (beside.read)(&bytes).map_err(quote)?;
    let same = (part.setting.game, &part.graph, &part.order, part.setting.secured)
        == (
            header.setting.game,
            &header.graph,
            &header.order,
            header.setting.secured,
        );
    if !same {
        return Err("its game, graph, order, owners or ends differ from the opening's".into());
    }
    if part.claim != claim {
        return Err(format!("it claims {:?}, the leaf needs {claim:?}", part.claim));
    }
    let Some(start) = &part.start else {
        return Err("it has no start (a part starts at its leaf)".into());
    };
    let k = leaf_colours(claim);
    let prepared = |p: &[u8]| header.setting.reduced(p, k).prepare();
    if !prepared(start).equivalent(&prepared(leaf)) {
        return Err(format!("its start {} is not equivalent to the leaf", text(start)));
    }
    let (_, entries, replies) = check(&part, &body, threads, None).map_err(quote)?;
    Ok((entries, replies))
}

/// The colours of a part's claim.
fn leaf_colours(claim: Claim) -> usize {
    match claim {
        Claim::Wins { colours, .. } | Claim::GameChromatic(colours) => colours,
    }
}
