//! Reading a certificate file (format versions 2 to 15, see proofs/FORMAT.md):
//! optional gzip, a header (eight lines in versions 2 and 4), then one line per entry. The reader
//! streams the (decompressed) input line by line within [`Limits`], so a
//! hostile file is rejected in bounded memory and never echoed at length.

use crate::claim::parse_claim;
pub use crate::claim::StrongClaim;
use crate::graph::{Colour, Graph};
use crate::text::{clip, decode_graph6, header_line, number, MAX_ORDER};
use crate::Rejection;
use sha2::{Digest, Sha256};
use std::io::{BufRead, BufReader, Read};

/// The format version of strong `K_k` game certificates (version 3: [`crate::game`]).
pub const VERSION: u32 = 2;
/// The format version of strong `K_k` certificates about a strategy's open
/// choices (`verify --choices all|some --cert`): its header has a `claim`
/// line where version 2 has `start` ([`StrongClaim`]).
pub const CHOICES_VERSION: u32 = 4;
/// The format version of "no forced win within `b`" certificates (the
/// version-2 header; his strategy: [`crate::nowin`]). Here, with the
/// other strong-game versions, so that reading a header needs nothing of
/// the modules that check bodies.
pub const NOWIN_VERSION: u32 = 9;

/// Lines in the header: magic and version, tool, board, target, bound,
/// start, entries, sha256.
pub const HEADER_LINES: usize = 8;
const MAGIC: &str = "ramsey-cert";

/// Caps on what the checker reads; beyond them a file is rejected as
/// unreadable (exit code 2) with a one-line message, in memory bounded by
/// about `max_bytes` plus 200 bytes per entry and the entries' canonical
/// forms (proofs/FORMAT.md, "Limits": about 1.3 GB at the default caps,
/// up to 9 GB for version 7's colourings of 128 vertices, bounded there by
/// the text cap). The defaults are documented in proofs/FORMAT.md ("Limits").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most bytes of certificate text (after gunzip), header included.
    pub max_bytes: u64,
    /// Longest line in bytes, its `\n` not counted.
    pub max_line: usize,
    /// Most body entries the header may announce.
    pub max_entries: usize,
}

impl Default for Limits {
    /// 128 MiB of text, lines of 4096 bytes, 4,194,304 entries: the largest
    /// committed certificate (`proofs/k4-inf.cert.gz`) is 8.8 MB of text in
    /// 268,648 entries of at most 71 bytes, a line for a position on 128
    /// vertices takes about 2,750 bytes, and K8's VC game
    /// (`erdos --game vc --board 8 --cert`) writes 2,700,486 entries.
    fn default() -> Limits {
        Limits {
            max_bytes: 128 << 20,
            max_line: 4096,
            max_entries: 1 << 22,
        }
    }
}

impl Limits {
    /// The defaults with the caps a user raised on purpose for a large
    /// file they mean to check (`--max-entries N`, `--max-text-mib MIB`);
    /// `None` keeps a default.
    pub fn raised(max_entries: Option<u32>, max_text_mib: Option<u32>) -> Limits {
        let defaults = Limits::default();
        Limits {
            max_entries: max_entries.map_or(defaults.max_entries, |n| n as usize),
            max_bytes: max_text_mib.map_or(defaults.max_bytes, |mib| u64::from(mib) << 20),
            ..defaults
        }
    }
}

/// The board the game is played on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Board {
    /// `K_aleph0`.
    Infinite,
    /// `K_n`.
    Complete(usize),
}

/// What the header claims.
#[derive(Clone, Debug)]
pub struct Header {
    /// The writing program, clipped to a few dozen characters.
    pub tool: String,
    /// The board of the game.
    pub board: Board,
    /// The target is `K_k`.
    pub k: usize,
    /// The claim: she wins within `bound` moves.
    pub bound: u32,
    /// Where play starts: `None` for the empty board (her turn), or a
    /// position with him to move (a subtree certificate; version 2), or
    /// with her to move (version 9).
    pub start: Option<Graph>,
    /// The claim: `Wins` in version 2, the `claim` line in version 4,
    /// `NoWin` in version 9.
    pub claim: StrongClaim,
    /// Body lines announced.
    pub entries: usize,
    /// SHA-256 of the body, as written (lowercase hex expected).
    pub sha256: String,
}

/// One body line: her moves `moves` in position `position` (one in version
/// 2), each winning within `depth` of her moves.
#[derive(Clone, Debug)]
pub struct Entry {
    /// 1-based line number in the file, for messages.
    pub line: usize,
    /// The position, her turn.
    pub position: Graph,
    /// Her move, or under `every-option-wins` the options listed.
    pub moves: Vec<(usize, usize)>,
    /// She wins within this many of her moves, this one included.
    pub depth: u32,
}

/// Reads a certificate (gunzipped if it starts with the gzip magic): its
/// header, and its body of exactly `header.entries` lines, each ending in `\n`.
pub fn read(mut input: impl Read, limits: &Limits) -> Result<(AnyHeader, Vec<u8>), Rejection> {
    let mut magic = [0u8; 2];
    let mut got = 0;
    while got < 2 {
        match input.read(&mut magic[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(Rejection::unreadable(format!("cannot read the certificate: {e}"))),
        }
    }
    let input = (&magic[..got]).chain(input);
    if magic[..got] == [0x1f, 0x8b] {
        let gunzipped = flate2::read::MultiGzDecoder::new(input);
        Lines::new(BufReader::new(gunzipped), limits, "gzip stream is damaged").certificate()
    } else {
        Lines::new(BufReader::new(input), limits, "cannot read the certificate").certificate()
    }
}

/// The input's lines, each at most `max_line` bytes, together at most `max_bytes`.
struct Lines<'a, R> {
    input: R,
    limits: &'a Limits,
    /// How read errors are introduced in messages.
    failure: &'static str,
    /// Lines read so far (the number of the last one).
    number: usize,
    bytes: u64,
    /// The last line read, with its `\n` if it has one.
    line: Vec<u8>,
}

impl<'a, R: BufRead> Lines<'a, R> {
    fn new(input: R, limits: &'a Limits, failure: &'static str) -> Lines<'a, R> {
        Lines {
            input,
            limits,
            failure,
            number: 0,
            bytes: 0,
            line: Vec::new(),
        }
    }

    /// Reads the next line into `self.line`; `false` at the end of the input.
    fn advance(&mut self) -> Result<bool, Rejection> {
        self.line.clear();
        let cap = self.limits.max_line as u64 + 1;
        let n = (&mut self.input)
            .take(cap)
            .read_until(b'\n', &mut self.line)
            .map_err(|e| Rejection::unreadable(format!("{}: {e}", self.failure)))?;
        if n == 0 {
            return Ok(false);
        }
        self.number += 1;
        if self.line.len() - usize::from(self.line.ends_with(b"\n")) > self.limits.max_line {
            return Err(Rejection::unreadable(format!(
                "line {} is longer than {} bytes",
                self.number, self.limits.max_line
            ))
            .at_line(self.number));
        }
        self.bytes += n as u64;
        if self.bytes > self.limits.max_bytes {
            return Err(Rejection::unreadable(format!(
                "the certificate is longer than {} bytes (after gunzip; a larger cap: --max-text-mib MIB)",
                self.limits.max_bytes
            )));
        }
        Ok(true)
    }

    /// The header's lines (as many as its version has), then the body
    /// (kept up to the announced count, counted beyond).
    fn certificate(mut self) -> Result<(AnyHeader, Vec<u8>), Rejection> {
        let mut lines: Vec<String> = Vec::with_capacity(HEADER_LINES);
        let mut needed = 1;
        while lines.len() < needed {
            if !self.advance()? || !self.line.ends_with(b"\n") {
                if lines.first().is_some_and(|first| !first.starts_with(MAGIC)) {
                    return Err(not_a_certificate());
                }
                return Err(Rejection::unreadable(format!(
                    "header is truncated (fewer than {})",
                    crate::text::count(needed, "line", "lines")
                )));
            }
            let text = std::str::from_utf8(&self.line[..self.line.len() - 1])
                .map_err(|_| Rejection::unreadable("header is not text (not a ramsey-verify certificate)"))?;
            lines.push(text.to_string());
            if lines.len() == 1 {
                needed = match version(&lines[0])? {
                    VERSION | CHOICES_VERSION | NOWIN_VERSION => HEADER_LINES,
                    crate::scoring::VERSION | crate::scoring::DEGREES_VERSION => crate::scoring::HEADER_LINES,
                    crate::colouring::VERSION => crate::colouring::HEADER_LINES,
                    crate::colouring::PARTS_VERSION | crate::colouring::TOKENS_VERSION => {
                        crate::colouring::PARTS_HEADER_LINES
                    }
                    crate::family::VERSION => crate::family::HEADER_LINES,
                    crate::family::erdos::VERSION => crate::family::erdos::HEADER_LINES,
                    crate::theorem53::VERSION => crate::theorem53::HEADER_LINES,
                    v => crate::game::header::header_lines(v),
                };
            }
        }
        let header = match version(&lines[0])? {
            VERSION | CHOICES_VERSION | NOWIN_VERSION => AnyHeader::V2(parse_header(&lines)?),
            v @ (crate::scoring::VERSION | crate::scoring::DEGREES_VERSION) => {
                AnyHeader::V6(crate::scoring::parse(&lines, v)?)
            }
            crate::colouring::VERSION | crate::colouring::PARTS_VERSION | crate::colouring::TOKENS_VERSION => {
                AnyHeader::V7(crate::colouring::parse(&lines)?)
            }
            crate::family::VERSION => AnyHeader::V8(crate::family::parse(&lines)?),
            crate::family::erdos::VERSION => AnyHeader::V15(crate::family::erdos::parse(&lines)?),
            crate::theorem53::VERSION => AnyHeader::V10(crate::theorem53::parse_header(&lines)?),
            v => AnyHeader::V3(crate::game::header::parse(&lines, v)?),
        };
        let announced = header.entries();
        // A family's members are checked one by one, each within the entry
        // cap; the family file itself is bounded by the text cap.
        let capped = !matches!(header, AnyHeader::V8(_) | AnyHeader::V15(_));
        if capped && announced > self.limits.max_entries {
            return Err(Rejection::unreadable(format!(
                "header announces {announced} entries, more than the {} this checker reads (a larger cap: --max-entries N)",
                self.limits.max_entries
            )));
        }
        let mut body = Vec::new();
        let mut count = 0;
        while self.advance()? {
            if !self.line.ends_with(b"\n") {
                return Err(Rejection::invalid("body ends in the middle of a line (truncated?)").at_line(self.number));
            }
            if count < announced {
                body.extend_from_slice(&self.line);
            }
            count += 1;
        }
        if count != announced {
            return Err(Rejection::invalid(format!(
                "header announces {} but the body has {} (truncated or extended?)",
                crate::text::count(announced, "entry", "entries"),
                crate::text::count(count, "line", "lines")
            )));
        }
        Ok((header, body))
    }
}

/// A header of either version this checker reads.
#[derive(Clone, Debug)]
pub enum AnyHeader {
    /// Versions 2, 4 and 9: the strong `K_k` game (this module's [`Header`]).
    V2(Header),
    /// Versions 3 and 5: a graph Ramsey game, won or drawn
    /// ([`crate::game::header::Header`]).
    V3(crate::game::header::Header),
    /// Version 6: one of Erdős' scoring games ([`crate::scoring::Header`]).
    V6(crate::scoring::Header),
    /// Versions 7 and 11: a colouring game ([`crate::colouring::Header`]).
    V7(crate::colouring::Header),
    /// Version 8: a family of colouring claims ([`crate::family::Header`]).
    V8(crate::family::Header),
    /// Version 10: Theorem 5.3's strategy on every tree
    /// ([`crate::theorem53::Header`]).
    V10(crate::theorem53::Header),
    /// Version 15: a scoring game on every connected regular graph of an
    /// order and degree ([`crate::family::erdos::Header`]).
    V15(crate::family::erdos::Header),
}

impl AnyHeader {
    /// Body lines announced.
    pub fn entries(&self) -> usize {
        match self {
            AnyHeader::V2(h) => h.entries,
            AnyHeader::V3(h) => h.entries,
            AnyHeader::V6(h) => h.entries,
            AnyHeader::V7(h) => h.entries,
            AnyHeader::V8(h) => h.body.lines,
            AnyHeader::V10(h) => h.entries,
            AnyHeader::V15(h) => h.body.lines,
        }
    }

    /// SHA-256 of the body, as written.
    pub fn sha256(&self) -> &str {
        match self {
            AnyHeader::V2(h) => &h.sha256,
            AnyHeader::V3(h) => &h.sha256,
            AnyHeader::V6(h) => &h.sha256,
            AnyHeader::V7(h) => &h.sha256,
            AnyHeader::V8(h) => &h.body.sha256,
            AnyHeader::V10(h) => &h.sha256,
            AnyHeader::V15(h) => &h.body.sha256,
        }
    }
}

/// The version named by the first line `ramsey-cert V`: 2 to 15, else unreadable.
fn version(first: &str) -> Result<u32, Rejection> {
    let mut it = std::iter::once(first);
    let version = header_line(&mut it, MAGIC).map_err(|_| not_a_certificate())?;
    match number::<u32>(version, "format version")? {
        v @ (VERSION..=NOWIN_VERSION) => Ok(v),
        v @ (crate::theorem53::VERSION
        | crate::colouring::PARTS_VERSION
        | crate::colouring::TOKENS_VERSION
        | crate::scoring::DEGREES_VERSION
        | crate::game::header::HOLDOUT_VERSION
        | crate::family::erdos::VERSION) => Ok(v),
        v => Err(Rejection::unreadable(format!(
            "unsupported certificate format version {v} (this checker reads versions 2 to 15)"
        ))),
    }
}

fn not_a_certificate() -> Rejection {
    Rejection::unreadable("not a ramsey-verify certificate (first line is not `ramsey-cert <version>`)")
}

/// Parses the eight header lines (version 2, 4 or 9: version 4 has a
/// `claim` line where the others have `start`).
fn parse_header(lines: &[String]) -> Result<Header, Rejection> {
    let mut it = lines.iter().map(String::as_str);
    let version = header_line(&mut it, MAGIC)?;
    let v4 = version == CHOICES_VERSION.to_string();
    let v9 = version == NOWIN_VERSION.to_string();
    let tool = clip(header_line(&mut it, "tool")?);
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
    let (start, claim) = match (v4, v9) {
        (false, false) => (parse_start(header_line(&mut it, "start")?)?, StrongClaim::Wins),
        (false, true) => (parse_start(header_line(&mut it, "start")?)?, StrongClaim::NoWin),
        (true, _) => (None, parse_claim(header_line(&mut it, "claim")?)?),
    };
    let entries = number(header_line(&mut it, "entries")?, "entry count")?;
    let sha256 = header_line(&mut it, "sha256")?.to_string();
    Ok(Header {
        tool,
        board,
        k,
        bound,
        start,
        claim,
        entries,
        sha256,
    })
}

fn parse_start(text: &str) -> Result<Option<Graph>, Rejection> {
    match text {
        "empty" => Ok(None),
        pair => {
            Ok(Some(parse_position(pair).map_err(|e| {
                Rejection::unreadable(format!("header: start position: {e}"))
            })?))
        }
    }
}

/// Checks the body against the header's hash (the reader has already
/// checked its line count).
pub fn check_integrity(sha256: &str, body: &[u8]) -> Result<(), Rejection> {
    let digest: String = Sha256::digest(body).iter().map(|b| format!("{b:02x}")).collect();
    if digest != sha256 {
        return Err(Rejection::invalid(format!(
            "body SHA-256 is {digest} but the header says {} (the body was changed)",
            clip(sha256)
        )));
    }
    Ok(())
}

/// Parses one body line `RED:BLUE U-V DEPTH`, or with `lists` (claim
/// `every-option-wins`) `RED:BLUE U-V,W-X,... DEPTH`.
pub fn parse_entry(line: usize, text: &[u8], lists: bool) -> Result<Entry, Rejection> {
    let bad = |what: String| Rejection::invalid(format!("line {line}: {what}")).at_line(line);
    let text = std::str::from_utf8(text).map_err(|_| bad("not text".into()))?;
    let fields: Vec<&str> = text.split(' ').collect();
    let [position, mv, depth] = fields[..] else {
        return Err(bad(format!("expected `RED:BLUE U-V DEPTH`, found `{}`", clip(text))));
    };
    let position = parse_position(position).map_err(bad)?;
    let moves = match lists {
        false => vec![parse_edge(mv).map_err(bad)?],
        true => parse_edges(mv).map_err(bad)?,
    };
    let depth = depth
        .parse::<u32>()
        .ok()
        .filter(|&d| d >= 1)
        .ok_or_else(|| bad(format!("depth `{}` is not a positive number", clip(depth))))?;
    Ok(Entry {
        line,
        position,
        moves,
        depth,
    })
}

/// An edge `U-V` of two distinct vertices below `MAX_ORDER + 2`.
pub fn parse_edge(text: &str) -> Result<(usize, usize), String> {
    let vertex = |s: &str| s.parse::<usize>().ok().filter(|&v| v < MAX_ORDER + 2);
    match text.split_once('-').map(|(u, v)| (vertex(u), vertex(v))) {
        Some((Some(u), Some(v))) if u != v => Ok((u.min(v), u.max(v))),
        _ => Err(format!("move `{}` is not an edge U-V", clip(text))),
    }
}

/// A nonempty list `U-V,W-X,...` of distinct edges.
pub fn parse_edges(text: &str) -> Result<Vec<(usize, usize)>, String> {
    let edges = text.split(',').map(parse_edge).collect::<Result<Vec<_>, _>>()?;
    let mut sorted = edges.clone();
    sorted.sort_unstable();
    sorted.dedup();
    match sorted.len() == edges.len() {
        true => Ok(edges),
        false => Err(format!("moves `{}` list an edge twice", clip(text))),
    }
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
