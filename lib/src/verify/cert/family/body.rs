//! The body of a family certificate (versions 8 and 15, proofs/FORMAT.md),
//! collected one member at a time and written streamed: each member's
//! line `member G6 N` and its certificate, kept gzipped (about a seventh
//! of its size), with the body's line count and SHA-256 taken as members
//! come, so a family of many or large members is written without ever
//! holding its text: the 60 graphs of (10, 5), 1.2 GB gzipped, once held
//! 22 GB. The gzipped members are counted against the memory cap
//! ([`FamilyBody::room`]).

use crate::engine::{Limits, Stopped};
use crate::verify::cert::{hex, write_file, CertWriteError, Certificate};
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use flate2::Compression;
use sha2::{Digest, Sha256};
use std::io::Write;

/// The members collected so far, and what the header will say of them.
#[derive(Debug, Default)]
pub struct FamilyBody {
    members: Vec<Packed>,
    tally: BodyTally,
    entries: usize,
    held: u64,
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
}

impl FamilyBody {
    /// Adds the member `graph6` (as its certificate writes its graph or
    /// board) with its certificate.
    pub fn add(&mut self, graph6: &str, cert: &Certificate) -> std::io::Result<()> {
        let head = format!("member {graph6} {}\n", cert.text.lines().count());
        self.tally.add(head.as_bytes());
        self.tally.add(cert.text.as_bytes());
        self.entries += cert.entries;
        let mut gz = GzEncoder::new(Vec::new(), Compression::fast());
        gz.write_all(cert.text.as_bytes())?;
        let text = gz.finish()?;
        self.held += (head.len() + text.len() + std::mem::size_of::<Packed>()) as u64;
        self.members.push(Packed { head, text });
        Ok(())
    }

    /// Counts `bytes` more against the memory cap: what a family keeps
    /// beside its members' texts (the graphs met, to refuse a repeat), so
    /// that [`FamilyBody::room`] covers it too.
    pub fn hold(&mut self, bytes: u64) {
        self.held += bytes;
    }

    /// Whether there is no member yet.
    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    /// The members' entries in all.
    pub fn entries(&self) -> usize {
        self.entries
    }

    /// The limits for the next member's search: the memory cap less what
    /// the members kept so far hold, so that the family and the search
    /// together stay within `limits`' cap; stopped (no verdict) once the
    /// members alone fill it.
    pub fn room(&self, limits: Limits) -> Result<Limits, Stopped> {
        let cap = limits.max_memory();
        match cap.checked_sub(self.held) {
            Some(left) if left > 0 => Ok(limits.with_max_memory(left)),
            _ => Err(Stopped::certificate_cap(cap)),
        }
    }

    /// Writes the certificate: `head` (its header up to the body's
    /// announcement), the lines `members`, `lines` and `sha256`, then the
    /// body, one member at a time.
    pub fn write_text(&self, head: &str, out: &mut dyn Write) -> std::io::Result<()> {
        write!(
            out,
            "{head}members {}\nlines {}\nsha256 {}\n",
            self.members.len(),
            self.tally.lines(),
            hex(&self.tally.hash.clone().finalize())
        )?;
        for member in &self.members {
            out.write_all(member.head.as_bytes())?;
            std::io::copy(&mut GzDecoder::new(&member.text[..]), out)?;
        }
        Ok(())
    }

    /// Writes the certificate ([`Self::write_text`]) to `path`, gzipped if
    /// the name ends in `.gz`, streamed; returns its bytes.
    pub fn write(&self, head: &str, path: &std::path::Path) -> Result<u64, CertWriteError> {
        write_file(path, &mut |out| self.write_text(head, out))
    }

    /// The certificate whole in memory (for small families; [`Self::write`]
    /// streams).
    pub fn certificate(&self, head: &str) -> Certificate {
        let mut text = Vec::new();
        self.write_text(head, &mut text).expect("writing to memory cannot fail");
        Certificate {
            text: String::from_utf8(text).expect("certificates are text"),
            entries: self.entries,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::StopReason;

    const MIB: u64 = 1 << 20;

    /// A member certificate of about `bytes` bytes that gzip cannot shrink
    /// much (pseudo-random hex digits).
    fn noise(bytes: usize) -> Certificate {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let text = (0..bytes)
            .map(|i| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                match i % 64 {
                    63 => '\n',
                    _ => char::from_digit((x % 16) as u32, 16).unwrap(),
                }
            })
            .collect();
        Certificate { text, entries: 1 }
    }

    #[test]
    fn the_members_kept_count_against_the_memory_cap() {
        let mut body = FamilyBody::default();
        let limits = Limits::default().with_max_memory(4 * MIB);
        assert_eq!(body.room(limits).unwrap().max_memory(), 4 * MIB);
        body.add("A_", &noise(2 << 20)).unwrap();
        // Hex digits gzip to about half: at least 1 MiB is held now.
        let left = body.room(limits).unwrap().max_memory();
        assert!((MIB..3 * MIB).contains(&(4 * MIB - left)), "{left}");
        body.add("Bw", &noise(6 << 20)).unwrap();
        let stopped = body.room(limits).unwrap_err();
        assert_eq!(stopped.reason, StopReason::CertificateCap { bytes: 4 * MIB });
    }
}
