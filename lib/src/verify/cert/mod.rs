//! Proof certificates of verified results (format: proofs/FORMAT.md).
//!
//! The search tells a [`Recorder`] every move of hers it proves, with the
//! position before it and how many of her moves (that one included) suffice
//! against every reply. The recorder forgets her memory: it keeps, per
//! position up to isomorphism, the proven move with the smallest depth
//! (ties: the smallest move in canonical labels). That set is closed, so it
//! is a memoryless winning strategy: an entry of depth `d` was proven with
//! every reply leading to a position proven within `d - 1`, and keeping the
//! smallest depth per position only lowers what a lookup finds. Winning moves
//! (depth 1) are left out: the checker recognises those positions itself.
//! The independent checker (crate `ramsey-cert-check`) re-proves that.
//!
//! Labelling each position after his reply from scratch cost more than
//! the search without `--cert` (about four of his replies per stored node,
//! about thirteen moves told per entry). So her answer at a node is
//! recorded through the node's bare labelling (an isomorphism onto its
//! bare canonical form, derived from the parent's: `cert/bare.rs`): his
//! reply is moved to the smallest edge of its orbit under the form's
//! automorphisms (her move with it), and the position after it is labelled
//! once per (node form, smallest edge) (`cert/answers.rs`). Her move is
//! written as the least of its orbit under the automorphisms of that
//! position's canonical form, so the entries (positions, depths and moves)
//! are those of labelling each position itself, whichever isomorphisms
//! were used; a tie in depth goes to the smallest such move.
//!
//! With open choices (format version 4): under `--choices some` a win is
//! the resolution's strategy, written as above (version 2); under `all`
//! [`lists::ListRecorder`] lists every option per position; a refutation
//! is a tree of his replies ([`refute`]).

mod answers;
mod bare;
pub mod colouring;
mod degrees;
pub mod family;
pub mod folder;
pub mod game;
pub mod lists;
mod orbit;
pub mod read;
pub mod refute;
pub mod scoring;
pub mod trees53;
pub mod walk;

use crate::core::board::{Board, Edge, Player, Position};
use crate::core::canon::{canonical_form, Key};
use crate::core::graph6::encode_position;
use crate::core::memory::Memory;
use crate::verify::search::bare::image;
use crate::verify::search::{Node, Observer};
use crate::verify::strategy::Game;
use dashmap::DashMap;
use foldhash::fast::FixedState;
use rayon::slice::ParallelSliceMut;
use sha2::{Digest, Sha256};
use std::io::Write;

/// Certificate format version written (and read by the checker).
pub const FORMAT_VERSION: u32 = 2;
/// Format version of certificates about open choices (`claim` header line).
pub const CHOICES_VERSION: u32 = 4;

/// A kept move of hers. The position is held as its certificate text
/// (graph6, a few dozen bytes) with its red edge count (the line's sort
/// key), not as a [`Position`] (a row of 32 bytes per vertex): K4's
/// 268,648 entries took about 120 MB more as positions.
struct Entry {
    depth: u32,
    her: Edge,
    red: usize,
    position: Box<str>,
}

/// Collects her proven moves during a search.
#[derive(Default)]
pub struct Recorder {
    entries: DashMap<Key, Entry, FixedState>,
    /// How the positions after his replies at a node are labelled.
    answers: answers::Answers,
}

impl Observer for Recorder {
    fn her_move(&self, before: &Position, her: Edge, depth: u32) {
        // A move that completes her target needs no entry: the checker sees
        // for itself that she can win at once (FORMAT.md, "closed").
        if depth == 1 {
            return;
        }
        let canon = canonical_form(before, &Memory::default(), None);
        let her = first_fresh(
            her.map(|v| canon.to_canon.apply(v)),
            canon.position.touched_count() as u8,
        );
        let her = orbit::least_of_orbit(&canon.generators, her);
        self.record(canon.key, depth, her, || canon.position);
    }

    fn her_answer(&self, node: &Node, his: Edge, her: Edge, depth: u32) {
        if depth == 1 {
            return;
        }
        let labelled;
        let bare = match node.bare_cell() {
            Some(cell) => self.answers.bare(cell),
            None => {
                labelled = self.answers.labelled(&node.position);
                &labelled
            }
        };
        debug_assert!(
            node.position.relabel(|v| image(&bare.to_form, v)) == bare.class.position,
            "a node's bare labelling maps it onto its class's form"
        );
        let (label, her, position) = self.answers.label(bare, his, her);
        if label.improves(depth, her) {
            self.record(label.class.clone(), depth, her, position);
        }
    }

    fn forget(&self) {
        self.entries.clear();
        self.answers.clear();
    }

    fn bare_forms(&self) -> bool {
        true
    }
}

impl Recorder {
    /// Keeps her move `her` (canonical labels) of `depth` for the class
    /// `key` if it is the first or better than the one kept (smaller
    /// depth, then smaller move); `position` is the class's canonical
    /// position, asked for only when the class is new.
    fn record(&self, key: Key, depth: u32, her: Edge, position: impl FnOnce() -> Position) {
        self.entries
            .entry(key)
            .and_modify(|e| {
                if (depth, her) < (e.depth, e.her) {
                    (e.depth, e.her) = (depth, her);
                }
            })
            .or_insert_with(|| {
                let position = position();
                Entry {
                    depth,
                    her,
                    red: position.edge_count(Player::First),
                    position: encode_position(&position).into(),
                }
            });
    }
}

/// The move with its untouched ends renamed `t` and `t + 1` (untouched
/// vertices are interchangeable), so a line only names vertices below `t + 2`.
pub(crate) fn first_fresh(her: Edge, t: u8) -> Edge {
    match her.ends() {
        (u, v) if v < t => Edge::new(u, v),
        (u, _) if u < t => Edge::new(u, t),
        _ => Edge::new(t, t + 1),
    }
}

/// A certificate ready to be written.
#[derive(Clone, Debug)]
pub struct Certificate {
    /// The certificate text (`proofs/FORMAT.md`).
    pub text: String,
    /// Its number of entries (her proved moves).
    pub entries: usize,
}

impl Recorder {
    /// A recorder with nothing recorded; hand it to the search as its
    /// [`Observer`].
    pub fn new() -> Recorder {
        Recorder::default()
    }

    /// The certificate of a verified run of `game` on `board` within `bound`,
    /// from the empty board or, for a subtree, from `start` (him to move).
    ///
    /// The labellings the search told its answers through are no longer
    /// needed: they are dropped meanwhile, on another thread of the pool
    /// if it has one (on K4, half a million allocations; at the end of the
    /// run they were freed one after the other).
    pub fn certificate(&self, game: Game, board: Board, bound: u32, start: Option<&Position>) -> Certificate {
        let lines =
            || -> Vec<(usize, String)> { self.entries.iter().map(|e| (e.red, entry_line(e.value()))).collect() };
        let ((), lines) = rayon::join(|| self.answers.clear(), lines);
        let start = format!("start {}", start.map_or("empty".to_string(), encode_position));
        seal(FORMAT_VERSION, &start, game, board, bound, lines)
    }
}

/// A strong-game certificate (version 2 or 4): the header, with `sixth`
/// as its sixth line (`start …` or `claim …`), and the body: the lines
/// sorted by key, then text (a key is her edge count, or a tree's line
/// number).
pub(crate) fn seal(
    version: u32,
    sixth: &str,
    game: Game,
    board: Board,
    bound: u32,
    mut lines: Vec<(usize, String)>,
) -> Certificate {
    lines.par_sort_unstable();
    let body: String = lines.iter().map(|(_, line)| line.as_str()).collect();
    let digest = sha256_hex(&body);
    let text = format!(
        "ramsey-cert {version}\ntool ramsey-verify {}\nboard {board}\ntarget {}\nbound {bound}\n\
         {sixth}\nentries {}\nsha256 {digest}\n{body}",
        env!("CARGO_PKG_VERSION"),
        game.target_name(),
        lines.len(),
    );
    Certificate {
        text,
        entries: lines.len(),
    }
}

/// The SHA-256 of a certificate's body, in lowercase hex (its header's
/// `sha256` line, in every format version).
pub(crate) fn sha256_hex(body: impl AsRef<[u8]>) -> String {
    hex(&Sha256::digest(body.as_ref()))
}

/// A digest in lowercase hex, as every header's `sha256` line writes it
/// (also for a hash taken piece by piece: `family`'s streamed bodies).
pub(crate) fn hex(digest: &[u8]) -> String {
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// `RED:BLUE U-V DEPTH`: the position's touched vertices are `0..t` in
/// canonical order; her move may also use the untouched vertices `t, t+1`.
fn entry_line(e: &Entry) -> String {
    let (u, v) = e.her.ends();
    format!("{} {u}-{v} {}\n", e.position, e.depth)
}

/// A certificate file that could not be written: its path and the
/// operating system's error.
#[derive(Debug, thiserror::Error)]
#[error("cannot write certificate {}: {source}", .path.display())]
pub struct CertWriteError {
    /// The file.
    pub path: std::path::PathBuf,
    /// Why it could not be written.
    pub source: std::io::Error,
}

impl Certificate {
    /// Writes the certificate to `path`, gzipped if the name ends in `.gz`;
    /// returns the number of bytes written. At flate2's default level: the
    /// best level took about 1.2 s instead of 0.5 s on the 8.8 MB K4
    /// certificate (a twentieth of the run) for a file 0.4% smaller.
    pub fn write(&self, path: &std::path::Path) -> Result<u64, CertWriteError> {
        write_file(path, &mut |out| out.write_all(self.text.as_bytes()))
    }

    /// The bytes [`Certificate::write`] writes to `path`: the text,
    /// gzipped if the name ends in `.gz`.
    pub fn encode(&self, path: &std::path::Path) -> std::io::Result<Vec<u8>> {
        gzipped_if(path, Vec::new(), &mut |out| out.write_all(self.text.as_bytes()))
    }
}

/// Writes `text` through `out`, gzipped (flate2's default level) if the
/// name `path` ends in `.gz`, plain otherwise: the one place where a
/// certificate's name chooses its encoding. Returns `out`.
pub(crate) fn gzipped_if<W: Write>(
    path: &std::path::Path,
    mut out: W,
    text: &mut dyn FnMut(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<W> {
    if path.extension().is_some_and(|x| x == "gz") {
        let mut gz = flate2::write::GzEncoder::new(out, flate2::Compression::default());
        text(&mut gz)?;
        gz.finish()
    } else {
        text(&mut out)?;
        Ok(out)
    }
}

/// Writes `text` to the file `path` ([`gzipped_if`] its name), streamed
/// (a family's text is never whole in memory); returns the file's bytes.
pub(crate) fn write_file(
    path: &std::path::Path,
    text: &mut dyn FnMut(&mut dyn Write) -> std::io::Result<()>,
) -> Result<u64, CertWriteError> {
    let fail = |source: std::io::Error| CertWriteError {
        path: path.to_path_buf(),
        source,
    };
    let file = std::io::BufWriter::new(std::fs::File::create(path).map_err(fail)?);
    let file = gzipped_if(path, file, text).map_err(fail)?;
    let file = file.into_inner().map_err(|e| fail(e.into_error()))?;
    Ok(file.metadata().map_err(fail)?.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::strategy::Game;

    /// A node (him to move): red 0-1, 1-2 and blue 0-2, symmetric under
    /// the swap of 0 and 2.
    fn node() -> Node {
        let p = Position::empty(Board::Infinite);
        let p = p.with(Edge::new(0, 1), Player::First).unwrap();
        let p = p.with(Edge::new(1, 2), Player::First).unwrap();
        let p = p.with(Edge::new(0, 2), Player::Second).unwrap();
        Node::new(p, Memory::default())
    }

    fn certificate(tellings: &[(Edge, Edge, u32)]) -> String {
        let recorder = Recorder::new();
        let node = node();
        for &(his, her, depth) in tellings {
            recorder.her_answer(&node, his, her, depth);
        }
        recorder.certificate(Game::clique(4), Board::Infinite, 9, None).text
    }

    /// The recorder updates an entry only when a telling improves on its
    /// labelling's best: the entries must still be the smallest depth (then
    /// move) per class, whatever the order (the threads') of the tellings.
    #[test]
    fn entries_do_not_depend_on_the_order_of_the_tellings() {
        let e = Edge::new;
        let tellings = [
            (e(0, 3), e(3, 4), 5),
            (e(1, 3), e(3, 4), 4),
            (e(2, 3), e(1, 3), 6),
            (e(2, 3), e(3, 4), 3),
            (e(3, 4), e(0, 3), 7),
            (e(3, 4), e(0, 3), 4),
            (e(3, 4), e(1, 3), 4),
        ];
        let forward = certificate(&tellings);
        let mut reversed = tellings;
        reversed.reverse();
        assert_eq!(forward, certificate(&reversed));
        let mut rotated = tellings;
        rotated.rotate_left(3);
        assert_eq!(forward, certificate(&rotated));
        // Each class keeps its smallest depth: 0-3 and 2-3 are swapped by
        // the symmetry 0 <-> 2, so their tellings (5, 3) make one entry of
        // depth 3; 3-4's (7, 4, 4) one of depth 4; 1-3's one of depth 4.
        let depths: Vec<&str> = forward.lines().skip(8).map(|l| l.rsplit(' ').next().unwrap()).collect();
        assert_eq!(forward.lines().nth(6), Some("entries 3"), "{forward}");
        let mut sorted = depths.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, ["3", "4", "4"], "{forward}");
    }
}
