//! A colouring certificate's entries, kept compactly while the walk finds
//! them, and the certificate written from them as a stream.
//!
//! Memory: an entry is `n + 2` bytes (the colouring's symbols, the move)
//! in blocks of [`BLOCK`] entries, so a strategy of tens of millions of
//! entries never reallocates more than a block (a growing vector holds the
//! old and the new copy at once). The body's order (FORMAT.md: colours,
//! coloured vertices, text) is made in place: each level's entries are
//! sorted through an index of 5 bytes per entry ([`LevelStrategy::sort`]),
//! and the certificate is written line by line twice, once into the
//! SHA-256 its header states and once into the file (gzipped or not),
//! never held as text. The writer held its entries, then as lines, as the
//! body and as the text (about 180 bytes per entry at the end); now the
//! entries alone (34 on P4 x P8).

use super::Leaf;
use crate::verify::cert::{gzipped_if, write_file, CertWriteError, Certificate};
use sha2::{Digest, Sha256};
use std::io::{self, Write};
use std::path::Path;

/// Entries per block of a [`LevelStrategy`].
const BLOCK: usize = 1 << 14;

/// One claim's strategy: its number of colours and the prover's entries,
/// `n + 2` bytes each: the colouring's symbols ([`super::SYMBOLS`]), the
/// move's vertex and colour.
#[derive(Clone, Debug)]
pub struct LevelStrategy {
    /// The number of colours of the game.
    pub colours: usize,
    /// Vertices of the graph (an entry is `n + 2` bytes).
    n: usize,
    len: usize,
    blocks: Vec<Vec<u8>>,
}

impl LevelStrategy {
    /// A strategy with no entry yet, of the game with `colours` colours on
    /// `n` vertices.
    pub(super) fn new(colours: usize, n: usize) -> LevelStrategy {
        LevelStrategy {
            colours,
            n,
            len: 0,
            blocks: Vec::new(),
        }
    }

    /// Entries: the prover's positions up to equivalence.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the strategy has no entry (the game decided at the start).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bytes held.
    pub fn bytes(&self) -> u64 {
        self.blocks.iter().map(|b| b.capacity() as u64).sum()
    }

    /// Appends the entry `colouring` (its symbols), `v`:`c`.
    pub(super) fn push(&mut self, colouring: impl Iterator<Item = u8>, v: u8, c: u8) {
        // A block grows as a vector until it is full (small strategies
        // hold what they use), then the next starts.
        if self.len.is_multiple_of(BLOCK) {
            self.blocks.push(Vec::new());
        }
        let block = self.blocks.last_mut().expect("a block was pushed");
        block.extend(colouring);
        block.extend([v, c]);
        self.len += 1;
    }

    /// Entry `i`'s bytes.
    fn record(&self, i: usize) -> &[u8] {
        let width = self.n + 2;
        &self.blocks[i / BLOCK][(i % BLOCK) * width..][..width]
    }

    /// Coloured vertices of an entry's colouring.
    fn coloured(colouring: &[u8]) -> usize {
        colouring.iter().filter(|&&s| s != b'0').count()
    }

    /// Sorts the entries into the body's order (coloured vertices, then
    /// text; colourings differ within a level, so the move never decides),
    /// in place: an index of 4 bytes and a count of 1 per entry beside
    /// them ([`LevelStrategy::sort_bytes`]).
    pub(super) fn sort(&mut self) {
        let n = self.n;
        let coloured: Vec<u8> = (0..self.len)
            .map(|i| Self::coloured(&self.record(i)[..n]) as u8)
            .collect();
        let mut order: Vec<u32> = (0..self.len as u32).collect();
        let key = |i: u32| (coloured[i as usize], &self.record(i as usize)[..n]);
        order.sort_unstable_by(|&a, &b| key(a).cmp(&key(b)));
        drop(coloured);
        self.permute(order);
    }

    /// Bytes [`LevelStrategy::sort`] takes beside the entries.
    pub(super) fn sort_bytes(&self) -> u64 {
        5 * self.len as u64
    }

    /// Moves entry `order[i]` to place `i`, cycle by cycle.
    fn permute(&mut self, mut order: Vec<u32>) {
        let width = self.n + 2;
        let (mut held, mut moving) = (vec![0; width], vec![0; width]);
        for start in 0..self.len {
            if order[start] == u32::MAX || order[start] as usize == start {
                continue;
            }
            held.copy_from_slice(self.record(start));
            let mut to = start;
            loop {
                let from = std::mem::replace(&mut order[to], u32::MAX) as usize;
                let bytes = match from == start {
                    true => &held,
                    false => {
                        moving.copy_from_slice(self.record(from));
                        &moving
                    }
                };
                self.blocks[to / BLOCK][(to % BLOCK) * width..][..width].copy_from_slice(bytes);
                if from == start {
                    break;
                }
                to = from;
            }
        }
    }

    /// The body lines of the entries, in their order.
    fn lines(&self) -> impl Iterator<Item = Line<'_>> {
        (0..self.len).map(|i| {
            let (colouring, m) = self.record(i).split_at(self.n);
            Line {
                colours: self.colours,
                coloured: Self::coloured(colouring),
                colouring,
                tail: Tail::Move(m[0], m[1]),
            }
        })
    }
}

/// A body line: sorted by colours, coloured vertices, then text.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Line<'a> {
    colours: usize,
    coloured: usize,
    colouring: &'a [u8],
    tail: Tail<'a>,
}

/// What a body line has after its colouring: a move, or a leaf's part.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum Tail<'a> {
    Move(u8, u8),
    Part(&'a Leaf),
}

impl Line<'_> {
    fn write(&self, out: &mut impl Write) -> io::Result<()> {
        write!(out, "{} ", self.colours)?;
        out.write_all(self.colouring)?;
        match self.tail {
            Tail::Move(v, c) => writeln!(out, " {v}:{c}"),
            Tail::Part(l) => writeln!(out, " part {} {}", l.file, l.sha256),
        }
    }
}

/// A colouring certificate (FORMAT.md, versions 7, 11 and 12): its header
/// and its strategies, written as text only where asked
/// ([`ColouringCertificate::write`] streams it into a file).
#[derive(Clone, Debug)]
pub struct ColouringCertificate {
    /// The header up to the `entries` line.
    head: String,
    levels: Vec<LevelStrategy>,
    leaves: Vec<Leaf>,
    /// Its number of body lines (entries and leaves).
    pub entries: usize,
    sha256: String,
}

impl ColouringCertificate {
    /// The certificate of `head` (the header's lines before `entries`),
    /// `levels` (each sorted, [`LevelStrategy::sort`]) and `leaves`; the
    /// body's SHA-256 is computed here, from the lines as they are made.
    pub(super) fn new(head: String, levels: Vec<LevelStrategy>, mut leaves: Vec<Leaf>) -> ColouringCertificate {
        let key = |l: &Leaf| (l.colours, LevelStrategy::coloured(l.colouring.as_bytes()));
        leaves.sort_by(|a, b| (key(a), a).cmp(&(key(b), b)));
        let mut cert = ColouringCertificate {
            head,
            levels,
            leaves,
            entries: 0,
            sha256: String::new(),
        };
        let mut hash = Hashing(Sha256::new(), 0);
        let mut buffered = io::BufWriter::with_capacity(1 << 16, &mut hash);
        cert.write_body(&mut buffered)
            .and_then(|_| buffered.flush())
            .expect("hashing does not fail");
        drop(buffered);
        cert.sha256 = hash.0.finalize().iter().map(|b| format!("{b:02x}")).collect();
        cert.entries = hash.1;
        cert
    }

    /// The body lines in order: each level's (sorted) merged with the
    /// leaves' (sorted).
    fn lines(&self) -> impl Iterator<Item = Line<'_>> {
        let leaves = self.leaves.iter().map(|l| Line {
            colours: l.colours,
            coloured: LevelStrategy::coloured(l.colouring.as_bytes()),
            colouring: l.colouring.as_bytes(),
            tail: Tail::Part(l),
        });
        let mut streams: Vec<_> = self.levels.iter().map(|l| l.lines().peekable()).collect();
        let mut leaves = leaves.peekable();
        std::iter::from_fn(move || {
            let first = streams
                .iter_mut()
                .enumerate()
                .filter_map(|(i, s)| Some((s.peek()?, i)))
                .min()
                .map(|(_, i)| i);
            let leaf_first = match (first, leaves.peek()) {
                (Some(i), Some(leaf)) => streams[i].peek().is_some_and(|l| l > leaf),
                (Some(_), None) => false,
                (None, _) => true,
            };
            match (leaf_first, first) {
                (false, Some(i)) => streams[i].next(),
                _ => leaves.next(),
            }
        })
    }

    fn write_body(&self, out: &mut impl Write) -> io::Result<()> {
        self.lines().try_for_each(|line| line.write(out))
    }

    /// The whole text into `out`.
    pub fn write_text(&self, out: &mut impl Write) -> io::Result<()> {
        write!(out, "{}entries {}\nsha256 {}\n", self.head, self.entries, self.sha256)?;
        self.write_body(out)
    }

    /// The certificate text (FORMAT.md), whole (tests, small certificates).
    pub fn text(&self) -> String {
        let mut text = Vec::new();
        self.write_text(&mut text).expect("a Vec takes any bytes");
        String::from_utf8(text).expect("certificates are ASCII")
    }

    /// The same as a [`Certificate`] (its text whole), for families.
    pub fn to_certificate(&self) -> Certificate {
        Certificate {
            text: self.text(),
            entries: self.entries,
        }
    }

    /// Writes the certificate to `path` as a stream, gzipped if the name
    /// ends in `.gz` (as [`Certificate::write`]); returns the bytes written.
    pub fn write(&self, path: &Path) -> Result<u64, CertWriteError> {
        write_file(path, &mut |out| self.write_buffered(out))
    }

    /// The bytes [`ColouringCertificate::write`] writes to `path`.
    pub fn encode(&self, path: &Path) -> io::Result<Vec<u8>> {
        gzipped_if(path, Vec::new(), &mut |out| self.write_buffered(out))
    }

    /// [`Self::write_text`] through a buffer: the lines are short, and
    /// each write into a gzip stream costs a call into the compressor.
    fn write_buffered(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut out = io::BufWriter::with_capacity(1 << 16, out);
        self.write_text(&mut out)?;
        out.flush()
    }
}

/// A writer into a SHA-256 that counts lines.
struct Hashing(Sha256, usize);

impl Write for Hashing {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.update(bytes);
        self.1 += bytes.iter().filter(|&&b| b == b'\n').count();
        Ok(bytes.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
