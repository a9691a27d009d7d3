//! Family certificates (proofs/FORMAT.md): a claim about every member of a
//! family, written as one certificate per member. Version 8: chi_g of
//! every tree on `a` to `b` vertices (`colour --trees b --cert FILE`), one
//! version-7 certificate per member; the checker enumerates the trees
//! itself. Version 15: Alice does not win one of Erdős' scoring games on
//! any connected `d`-regular graph on `n` vertices (`erdos --board @-
//! --json-lines --cert FILE`), one version-6 or 13 certificate per member;
//! the checker counts the family's labelled graphs itself. Either way a
//! member left out is found.

use super::{sha256_hex, CertWriteError, Certificate};
use crate::games::scoring::{Points, Scoring};
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use flate2::Compression;
use sha2::{Digest, Sha256};
use std::io::Write;
use std::ops::RangeInclusive;

/// Certificate format version of family claims.
pub const FAMILY_FORMAT_VERSION: u32 = 8;

/// The certificate that every tree on `sizes` vertices has the game
/// chromatic number its member's certificate proves: `members` are
/// (graph6, its `colour --game-chromatic --cert` certificate), one per tree
/// up to isomorphism, in any order.
pub fn tree_family_certificate(sizes: RangeInclusive<usize>, members: &[(String, Certificate)]) -> Certificate {
    let mut body = String::new();
    for (graph6, cert) in members {
        body.push_str(&format!("member {graph6} {}\n", cert.text.lines().count()));
        body.push_str(&cert.text);
    }
    let text = format!(
        "ramsey-cert {FAMILY_FORMAT_VERSION}\ntool ramsey-verify {}\nfamily trees\nvertices {}-{}\n\
         game ccg\nclaim chi-g\nmembers {}\nlines {}\nsha256 {}\n{body}",
        env!("CARGO_PKG_VERSION"),
        sizes.start(),
        sizes.end(),
        members.len(),
        body.lines().count(),
        sha256_hex(&body),
    );
    Certificate {
        text,
        entries: members.iter().map(|(_, c)| c.entries).sum(),
    }
}

/// Certificate format version of a scoring game on every connected regular
/// graph of one order and degree (proofs/FORMAT.md, version 15).
pub const REGULAR_FAMILY_FORMAT_VERSION: u32 = 15;

/// The order and degree of a connected regular graph given in graph6
/// (what a member of a version-15 family must be), or why it is not one.
pub fn connected_regular(graph6: &str) -> Result<(usize, usize), String> {
    let (n, edges) = crate::core::graph6::decode(graph6).map_err(|e| e.to_string())?;
    let mut around = vec![Vec::new(); n];
    for e in &edges {
        let (u, v) = e.ends();
        around[u as usize].push(v as usize);
        around[v as usize].push(u as usize);
    }
    let d = around.first().map_or(0, Vec::len);
    if let Some(v) = around.iter().position(|a| a.len() != d) {
        return Err(format!(
            "{graph6} is not regular (vertex 0 has degree {d}, vertex {v} {})",
            around[v].len()
        ));
    }
    let mut seen = vec![false; n];
    let mut stack = vec![0];
    seen[0] = n > 0;
    while let Some(v) = stack.pop() {
        for &w in &around[v] {
            if !std::mem::replace(&mut seen[w], true) {
                stack.push(w);
            }
        }
    }
    match seen.iter().all(|&s| s) {
        true => Ok((n, d)),
        false => Err(format!("{graph6} is not connected")),
    }
}

/// A version-15 family being collected: one scoring game's certificate
/// that Alice does not win, for every connected `degree`-regular graph on
/// `order` vertices, as a stream of boards (nauty's `geng -c -d D -D D N`)
/// is solved. The checker counts the family itself, so a graph left out
/// of the stream makes the certificate invalid, not this writer.
///
/// Each member's text is kept gzipped (about a seventh of its size) and
/// the body's line count and SHA-256 are taken as members come, so a
/// family of many large members is written without holding its text:
/// the 60 graphs of (10, 5), 1.2 GB gzipped, once held 22 GB.
#[derive(Debug)]
pub struct RegularFamily {
    order: usize,
    degree: usize,
    game: Scoring,
    members: Vec<Packed>,
    body: BodyTally,
    entries: usize,
}

/// One member: its `member` line and its certificate's text, gzipped.
#[derive(Debug)]
struct Packed {
    head: String,
    text: Vec<u8>,
}

/// What the header says of the body (its lines, its SHA-256), taken as
/// the body is produced; `lines` counts as `str::lines` would.
#[derive(Debug, Default)]
struct BodyTally {
    newlines: usize,
    ends_in_newline: bool,
    bytes: usize,
    hash: Sha256,
}

impl BodyTally {
    fn add(&mut self, part: &[u8]) {
        self.newlines += part.iter().filter(|&&b| b == b'\n').count();
        if let Some(&last) = part.last() {
            self.ends_in_newline = last == b'\n';
        }
        self.bytes += part.len();
        self.hash.update(part);
    }

    fn lines(&self) -> usize {
        self.newlines + usize::from(self.bytes > 0 && !self.ends_in_newline)
    }

    fn sha256(&self) -> String {
        self.hash
            .clone()
            .finalize()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }
}

impl RegularFamily {
    /// An empty family of `game` (its members come with [`Self::add`]).
    pub fn new(game: Scoring) -> RegularFamily {
        RegularFamily {
            order: 0,
            degree: 0,
            game,
            members: Vec::new(),
            body: BodyTally::default(),
            entries: 0,
        }
    }

    /// Adds the board `graph6` with its game's certificate, which proves
    /// the outcome `at_most`: refused unless the board is connected and
    /// regular of the first member's order and degree, and `at_most` is
    /// an `(a, b)` with `a <= b` (Alice does not win).
    pub fn add(&mut self, graph6: &str, at_most: Option<Points>, cert: Option<Certificate>) -> Result<(), String> {
        let (n, d) = connected_regular(graph6)?;
        if !self.members.is_empty() && (n, d) != (self.order, self.degree) {
            return Err(format!(
                "{graph6} is {d}-regular on {n} vertices; a family certificate holds one order and degree \
                 (the first board: {}-regular on {} vertices)",
                self.degree, self.order
            ));
        }
        if at_most.is_none_or(|p| p.difference() > 0) {
            return Err(format!(
                "Alice is not shown not to win on {graph6}: a family certificate claims that she wins on no member"
            ));
        }
        let cert = cert.ok_or("no certificate was written for a member")?;
        (self.order, self.degree) = (n, d);
        // As the member's certificate writes its board.
        let (_, edges) = crate::core::graph6::decode(graph6).map_err(|e| e.to_string())?;
        let graph6 = crate::core::graph6::encode(n, &edges);
        let head = format!("member {graph6} {}\n", cert.text.lines().count());
        self.body.add(head.as_bytes());
        self.body.add(cert.text.as_bytes());
        self.entries += cert.entries;
        let mut gz = GzEncoder::new(Vec::new(), Compression::fast());
        gz.write_all(cert.text.as_bytes()).map_err(|e| e.to_string())?;
        let text = gz.finish().map_err(|e| e.to_string())?;
        self.members.push(Packed { head, text });
        Ok(())
    }

    /// The members' entries in all.
    pub fn entries(&self) -> usize {
        self.entries
    }

    /// Why no certificate can be written (no member), if so.
    pub fn refused(&self) -> Option<&'static str> {
        self.members
            .is_empty()
            .then_some("the stream has no board: a family certificate needs at least one member")
    }

    /// Writes the version-15 certificate's text (FORMAT.md) to `out`, one
    /// member at a time.
    pub fn write_text(&self, out: &mut dyn Write) -> std::io::Result<()> {
        write!(
            out,
            "ramsey-cert {REGULAR_FAMILY_FORMAT_VERSION}\ntool ramsey-verify {}\nfamily connected-regular\n\
             vertices {}\ndegree {}\ngame {}\nclaim alice-does-not-win\nmembers {}\nlines {}\nsha256 {}\n",
            env!("CARGO_PKG_VERSION"),
            self.order,
            self.degree,
            self.game.name(),
            self.members.len(),
            self.body.lines(),
            self.body.sha256(),
        )?;
        for member in &self.members {
            out.write_all(member.head.as_bytes())?;
            std::io::copy(&mut GzDecoder::new(&member.text[..]), out)?;
        }
        Ok(())
    }

    /// Writes the certificate to `path`, gzipped if the name ends in
    /// `.gz` (as [`Certificate::write`]), streamed; returns its bytes.
    pub fn write(&self, path: &std::path::Path) -> Result<u64, CertWriteError> {
        let fail = |source: std::io::Error| CertWriteError {
            path: path.to_path_buf(),
            source,
        };
        let file = std::io::BufWriter::new(std::fs::File::create(path).map_err(fail)?);
        let file = if path.extension().is_some_and(|x| x == "gz") {
            let mut gz = GzEncoder::new(file, Compression::default());
            self.write_text(&mut gz).map_err(fail)?;
            gz.finish().map_err(fail)?
        } else {
            let mut file = file;
            self.write_text(&mut file).map_err(fail)?;
            file
        };
        let file = file.into_inner().map_err(|e| fail(e.into_error()))?;
        file.sync_all().map_err(fail)?;
        Ok(file.metadata().map_err(fail)?.len())
    }

    /// The version-15 certificate of the members added, whole in memory
    /// (for small families; [`Self::write`] streams), or why there is
    /// none (no member).
    pub fn certificate(&self) -> Result<Certificate, String> {
        if let Some(why) = self.refused() {
            return Err(why.into());
        }
        let mut text = Vec::new();
        self.write_text(&mut text).map_err(|e| e.to_string())?;
        Ok(Certificate {
            text: String::from_utf8(text).map_err(|e| e.to_string())?,
            entries: self.entries,
        })
    }
}
