//! Reading a certificate file (format version 1, see proofs/FORMAT.md):
//! optional gzip, a seven-line header, then one line per entry.

use crate::graph::{Colour, Graph};
use crate::Rejection;
use sha2::{Digest, Sha256};
use std::io::Read;

pub const VERSION: u32 = 2;

/// Lines in the header: magic and version, tool, board, target, bound,
/// start, entries, sha256.
const HEADER_LINES: usize = 8;
const MAGIC: &str = "ramsey-cert";
/// Largest vertex number the checker accepts anywhere.
pub const MAX_ORDER: usize = 255;

/// The board the game is played on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Board {
    Infinite,
    Complete(usize),
}

/// What the header claims.
#[derive(Clone, Debug)]
pub struct Header {
    pub tool: String,
    pub board: Board,
    /// The target is `K_k`.
    pub k: usize,
    pub bound: u32,
    /// Where play starts: `None` for the empty board (her turn), or a
    /// position with him to move (a subtree certificate).
    pub start: Option<Graph>,
    pub entries: usize,
    pub sha256: String,
}

/// One body line: her move `mv` in position `position`, winning within `depth` of her moves.
#[derive(Clone, Debug)]
pub struct Entry {
    /// 1-based line number in the file, for messages.
    pub line: usize,
    pub position: Graph,
    pub mv: (usize, usize),
    pub depth: u32,
}

/// The file's bytes, gunzipped if they start with the gzip magic.
pub fn decompress(bytes: &[u8]) -> Result<Vec<u8>, Rejection> {
    if !bytes.starts_with(&[0x1f, 0x8b]) {
        return Ok(bytes.to_vec());
    }
    let mut out = Vec::new();
    flate2::read::MultiGzDecoder::new(bytes)
        .read_to_end(&mut out)
        .map_err(|e| Rejection::unreadable(format!("gzip stream is damaged: {e}")))?;
    Ok(out)
}

fn header_line<'a>(lines: &mut impl Iterator<Item = &'a str>, key: &str) -> Result<&'a str, Rejection> {
    let line = lines
        .next()
        .ok_or_else(|| Rejection::unreadable(format!("header ends before its `{key}` line")))?;
    line.strip_prefix(key)
        .and_then(|rest| rest.strip_prefix(' '))
        .ok_or_else(|| Rejection::unreadable(format!("header line `{key} ...` expected, found `{}`", clip(line))))
}

fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, Rejection> {
    text.parse()
        .map_err(|_| Rejection::unreadable(format!("header: {what} `{}` is not a number", clip(text))))
}

/// Splits a decompressed file into its header and its body.
pub fn split(text: &[u8]) -> Result<(Header, &[u8]), Rejection> {
    let mut offset = 0;
    let mut lines = Vec::new();
    for _ in 0..HEADER_LINES {
        let end = text[offset..].iter().position(|&b| b == b'\n').map(|i| offset + i);
        let Some(end) = end else {
            if lines.first().is_some_and(|first: &&str| !first.starts_with(MAGIC)) {
                return Err(Rejection::unreadable(
                    "not a ramsey-verify certificate (first line is not `ramsey-cert <version>`)",
                ));
            }
            return Err(Rejection::unreadable("header is truncated (fewer than 8 lines)"));
        };
        let line = std::str::from_utf8(&text[offset..end])
            .map_err(|_| Rejection::unreadable("header is not text (not a ramsey-verify certificate)"))?;
        lines.push(line);
        offset = end + 1;
    }
    let mut it = lines.into_iter();
    let version = header_line(&mut it, MAGIC).map_err(|_| {
        Rejection::unreadable("not a ramsey-verify certificate (first line is not `ramsey-cert <version>`)")
    })?;
    let version: u32 = number(version, "format version")?;
    if version != VERSION {
        return Err(Rejection::unreadable(format!(
            "unsupported certificate format version {version} (this checker reads version {VERSION})"
        )));
    }
    let tool = header_line(&mut it, "tool")?.to_string();
    let board = match header_line(&mut it, "board")? {
        "inf" => Board::Infinite,
        n => match number::<usize>(n, "board size")? {
            n @ 2..=MAX_ORDER => Board::Complete(n),
            n => {
                return Err(Rejection::unreadable(format!(
                    "header: board size {n} outside 2..={MAX_ORDER}"
                )))
            }
        },
    };
    let target = header_line(&mut it, "target")?;
    let k = match target.strip_prefix('K').map(|k| number::<usize>(k, "target size")) {
        Some(Ok(k @ 2..=16)) => k,
        _ => {
            return Err(Rejection::unreadable(format!(
                "header: target `{}` is not K2..K16",
                clip(target)
            )))
        }
    };
    let bound = number(header_line(&mut it, "bound")?, "bound")?;
    let start = match header_line(&mut it, "start")? {
        "empty" => None,
        pair => Some(parse_position(pair).map_err(|e| Rejection::unreadable(format!("header: start position: {e}")))?),
    };
    let entries = number(header_line(&mut it, "entries")?, "entry count")?;
    let sha256 = header_line(&mut it, "sha256")?.to_string();
    let header = Header {
        tool,
        board,
        k,
        bound,
        start,
        entries,
        sha256,
    };
    Ok((header, &text[offset..]))
}

/// Checks the body against the header's entry count and hash.
pub fn check_integrity(header: &Header, body: &[u8]) -> Result<(), Rejection> {
    if !body.is_empty() && !body.ends_with(b"\n") {
        return Err(Rejection::invalid("body ends in the middle of a line (truncated?)"));
    }
    let lines = body.iter().filter(|&&b| b == b'\n').count();
    if lines != header.entries {
        return Err(Rejection::invalid(format!(
            "header announces {} entries but the body has {lines} lines (truncated or extended?)",
            header.entries
        )));
    }
    let digest: String = Sha256::digest(body).iter().map(|b| format!("{b:02x}")).collect();
    if digest != header.sha256 {
        return Err(Rejection::invalid(format!(
            "body SHA-256 is {digest} but the header says {} (the body was changed)",
            clip(&header.sha256)
        )));
    }
    Ok(())
}

/// Parses one body line `RED:BLUE U-V DEPTH`.
pub fn parse_entry(line: usize, text: &[u8]) -> Result<Entry, Rejection> {
    let bad = |what: String| Rejection::invalid(format!("line {line}: {what}"));
    let text = std::str::from_utf8(text).map_err(|_| bad("not text".into()))?;
    let fields: Vec<&str> = text.split(' ').collect();
    let [position, mv, depth] = fields[..] else {
        return Err(bad(format!("expected `RED:BLUE U-V DEPTH`, found `{}`", clip(text))));
    };
    let position = parse_position(position).map_err(bad)?;
    let vertex = |s: &str| s.parse::<usize>().ok().filter(|&v| v < MAX_ORDER);
    let mv = match mv.split_once('-').map(|(u, v)| (vertex(u), vertex(v))) {
        Some((Some(u), Some(v))) if u != v => (u, v),
        _ => return Err(bad(format!("move `{}` is not an edge U-V", clip(mv)))),
    };
    let depth = depth
        .parse::<u32>()
        .ok()
        .filter(|&d| d >= 1)
        .ok_or_else(|| bad(format!("depth `{}` is not a positive number", clip(depth))))?;
    Ok(Entry {
        line,
        position,
        mv,
        depth,
    })
}

/// A position written `RED:BLUE` (two graph6 strings of the same order).
pub fn parse_position(text: &str) -> Result<Graph, String> {
    let Some((red, blue)) = text.split_once(':') else {
        return Err(format!("position `{}` is not RED:BLUE", clip(text)));
    };
    let red = decode_graph6(red).map_err(|e| format!("red graph: {e}"))?;
    let blue = decode_graph6(blue).map_err(|e| format!("blue graph: {e}"))?;
    if red.0 != blue.0 {
        return Err("red and blue graphs have different orders".into());
    }
    let mut position = Graph::new(red.0);
    red.1.iter().for_each(|&(u, v)| position.claim(u, v, Colour::Red));
    for &(u, v) in &blue.1 {
        if position.cell(u, v) != 0 {
            return Err(format!("edge {u}-{v} is both red and blue"));
        }
        position.claim(u, v, Colour::Blue);
    }
    Ok(position)
}

/// Decodes a graph6 string (orders up to [`MAX_ORDER`]): the order and the edges.
pub fn decode_graph6(s: &str) -> Result<(usize, Vec<(usize, usize)>), String> {
    let bytes = s.as_bytes();
    if bytes.iter().any(|&b| !(63..=126).contains(&b)) || bytes.is_empty() {
        return Err(format!("`{}` is not graph6", clip(s)));
    }
    let (n, rest) = if bytes[0] != 126 {
        ((bytes[0] - 63) as usize, &bytes[1..])
    } else if bytes.len() >= 4 && bytes[1] != 126 {
        let n = bytes[1..4].iter().fold(0usize, |n, &b| n << 6 | (b - 63) as usize);
        (n, &bytes[4..])
    } else {
        return Err("graph6 order is too large".into());
    };
    if n > MAX_ORDER {
        return Err(format!("graph6 order {n} exceeds {MAX_ORDER}"));
    }
    let pairs = n * n.saturating_sub(1) / 2;
    if rest.len() != pairs.div_ceil(6) {
        return Err(format!(
            "graph6 of order {n} needs {} data bytes, has {}",
            pairs.div_ceil(6),
            rest.len()
        ));
    }
    let mut bits = rest
        .iter()
        .flat_map(|&b| (0..6).rev().map(move |i| (b - 63) >> i & 1 == 1));
    let pairs = (1..n).flat_map(|v| (0..v).map(move |u| (u, v)));
    let edges = pairs.filter(|_| bits.next() == Some(true)).collect();
    Ok((n, edges))
}

/// At most 80 characters of untrusted text, for messages.
pub fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(80).filter(|c| !c.is_control()).collect();
    if s.chars().count() > 80 {
        out.push_str("...");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn graph6_of_a_path() {
        // The path 0-1-2: bits (0,1)=1 (0,2)=0 (1,2)=1, padded 101000 = 40, 40+63 = 'g'.
        assert_eq!(decode_graph6("Bg").unwrap(), (3, vec![(0, 1), (1, 2)]));
        assert_eq!(decode_graph6("C~").unwrap().1.len(), 6);
        assert!(decode_graph6("B").is_err());
        assert!(decode_graph6("B\u{7f}").is_err());
        assert_eq!(decode_graph6("?").unwrap(), (0, vec![]));
    }
}
