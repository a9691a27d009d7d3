//! ramsey-cert-check: an independent checker for ramsey-verify certificates:
//! format version 2 (the strong `K_k` game, `verify --cert`), versions 3
//! and 5 (graph Ramsey games, `solve --cert`: a win, or a draw as both
//! players' non-losing strategies; module [`game`]) and version 4 (a
//! strategy's open choices, `verify --choices all|some --cert`: every listed
//! option wins, or a refutation, module [`refutation`]) and version 6
//! (Erdős' scoring games, `erdos --cert`: either side of a value or both,
//! module [`scoring`]) and version 7 (Bodlaender's colouring games and the
//! game chromatic number, `colour --cert`, module [`colouring`]) and
//! version 8 (a claim about every member of a family, such as chi_g of
//! every tree up to N vertices, `colour --trees N --cert`, module
//! [`family`]: each member a version-7 certificate, the family enumerated
//! by the checker itself) and version 9 (she cannot force a win within a
//! number of her moves: his strategy, module [`nowin`]) and version 10
//! (Theorem 5.3's colouring strategy on every tree up to N vertices and
//! every root, `colour --certify-trees N --cert`, module [`theorem53`]:
//! the strategy's states, checked with the checker's own reading of its
//! rules, the trees enumerated by the checker itself) and version 11
//! (version 7 in parts, `colour --game-chromatic --cert-parts DIR`: an
//! opening whose leaves name part files by SHA-256, each part checked
//! from its start, module [`colouring::parts`]) and version 14 (a colour
//! does not win a graph Ramsey game within a number of plies: the other
//! colour's strategy, module [`game::holdout`]) and version 15 (one of
//! Erdős' scoring games on every connected regular graph of an order and
//! degree, `erdos --board @- --cert`, module [`family::erdos`]: each member
//! a version-6 or 13 certificate, the family counted by the checker).
//!
//! It shares no code with the search engine: its own board ([`graph`]), its
//! own isomorphism test ([`iso`]) and canonical forms ([`canon`], found by
//! an exact comparison in a [`table`]), its own reader
//! ([`mod@format`]). It trusts nothing in the file: every entry is checked to be
//! closed ([`closure`]) and the empty board must have an entry within the
//! bound. proofs/FORMAT.md specifies the format and argues soundness.
//!
//! Hostile input is read within [`Limits`] (by default 128 MiB of text after
//! gunzip, lines of 4,096 bytes, 4,194,304 entries; boards and positions of
//! at most [`text::MAX_ORDER`] = 128 vertices, the engine's cap): the input
//! is streamed line by line and rejected at the first cap it passes, so
//! memory stays below the text cap plus about 200 bytes per entry and its
//! canonical form ([`canon`]: 2 bits per pair of vertices, about 2 KB on
//! 128 vertices, held twice while the table is sealed): about 1.3 GB at
//! the caps for versions 2 to 6, 9 and 10, and up to about 9 GB for the
//! colouring versions (7, 8, 11, 12), whose
//! forms also hold the colours (proofs/FORMAT.md, "Limits"); messages
//! quote at most 40 characters of it.

#![warn(missing_docs)]

pub mod canon;
pub mod claim;
pub mod closure;
pub mod colouring;
pub mod family;
pub mod format;
pub mod game;
pub mod graph;
pub mod iso;
pub mod nowin;
pub mod refutation;
pub mod scoring;
mod summary;
pub mod table;
pub mod text;
pub mod theorem53;

use closure::{Game, Index};
pub use format::{AnyHeader, Board, Limits, StrongClaim};
use std::time::Instant;
pub use summary::{verdict_json, Claim, Summary};

/// Why a certificate was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    /// Unreadable input or an invalid proof.
    pub kind: RejectionKind,
    /// One line, quoting at most a few dozen characters of the input.
    pub message: String,
    /// The 1-based line of the file at fault, where one is.
    pub line: Option<usize>,
}

/// The two ways a certificate fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RejectionKind {
    /// The input is not a certificate this checker can read (exit code 2).
    Unreadable,
    /// The certificate is readable but does not prove its claim (exit code 1).
    Invalid,
}

impl Rejection {
    /// Input this checker cannot read (exit code 2).
    pub fn unreadable(message: impl Into<String>) -> Rejection {
        Rejection {
            kind: RejectionKind::Unreadable,
            message: message.into(),
            line: None,
        }
    }

    /// A readable certificate that does not prove its claim (exit code 1).
    pub fn invalid(message: impl Into<String>) -> Rejection {
        Rejection {
            kind: RejectionKind::Invalid,
            message: message.into(),
            line: None,
        }
    }

    /// The same rejection, blamed on line `line` of the file.
    pub fn at_line(self, line: usize) -> Rejection {
        Rejection {
            line: Some(line),
            ..self
        }
    }

    /// The process exit code for this rejection.
    pub fn exit_code(&self) -> u8 {
        match self.kind {
            RejectionKind::Unreadable => 2,
            RejectionKind::Invalid => 1,
        }
    }
}

/// A part of a certificate in parts (version 11): its header and body,
/// read within `limits`, integrity checked.
fn colouring_part(bytes: &[u8], limits: &Limits) -> Result<(colouring::Header, Vec<u8>), Rejection> {
    let (header, body) = format::read(bytes, limits)?;
    format::check_integrity(header.sha256(), &body)?;
    match header {
        AnyHeader::V7(h) => Ok((h, body)),
        _ => Err(Rejection::invalid("not a colouring certificate")),
    }
}

/// A member of a version-15 family: a version-6 or 13 certificate's
/// header and body, read within the `limits` the family is checked within
/// (a user who raised `--max-entries` for a big family raised it for its
/// members), integrity checked.
pub(crate) fn scoring_member(bytes: &[u8], limits: &Limits) -> Result<(scoring::Header, Vec<u8>), Rejection> {
    let (header, body) = format::read(bytes, limits)?;
    format::check_integrity(header.sha256(), &body)?;
    match header {
        AnyHeader::V6(h) => Ok((h, body)),
        _ => Err(Rejection::invalid("a member's certificate must be version 6 or 13")),
    }
}

/// Reads and checks a certificate file (gzipped or not) within the default [`Limits`].
pub fn check_file(path: &std::path::Path, threads: usize) -> Result<Summary, Rejection> {
    check_file_within(path, threads, &Limits::default())
}

/// [`check_file`] within `limits`: a user who trusts a large file raises
/// the caps on purpose (`check --max-entries`, `--max-text-mib`).
pub fn check_file_within(path: &std::path::Path, threads: usize, limits: &Limits) -> Result<Summary, Rejection> {
    let file =
        std::fs::File::open(path).map_err(|e| Rejection::unreadable(format!("cannot read {}: {e}", path.display())))?;
    check_beside(file, threads, limits, path.parent())
}

/// Checks a certificate given as the file's bytes (gzipped or not) within
/// the default [`Limits`].
pub fn check(bytes: &[u8], threads: usize) -> Result<Summary, Rejection> {
    check_reader(bytes, threads, &Limits::default())
}

/// Checks a certificate read from `input` (gzipped or not), on `threads`
/// threads, rejecting input beyond `limits` as unreadable.
pub fn check_reader(input: impl std::io::Read, threads: usize, limits: &Limits) -> Result<Summary, Rejection> {
    check_beside(input, threads, limits, None)
}

/// [`check_reader`] for input read from a file in the folder `dir`, where
/// a certificate in parts (version 11) finds its parts.
fn check_beside(
    input: impl std::io::Read,
    threads: usize,
    limits: &Limits,
    dir: Option<&std::path::Path>,
) -> Result<Summary, Rejection> {
    let start = Instant::now();
    let (header, body) = format::read(input, limits)?;
    format::check_integrity(header.sha256(), &body)?;
    let header = match header {
        AnyHeader::V2(h) => h,
        AnyHeader::V7(h) => {
            let read = |bytes: &[u8]| colouring_part(bytes, limits);
            let beside = dir.map(|dir| colouring::Beside {
                dir,
                max_bytes: limits.max_bytes,
                read: &read,
            });
            let (statement, entries, replies) = colouring::check(&h, &body, threads, beside)?;
            return Ok(lengthless(h.tool, Claim::Colouring(statement), entries, replies, start));
        }
        AnyHeader::V8(h) => {
            let (statement, entries, replies) = family::check(&h, &body, threads, limits)?;
            return Ok(lengthless(h.tool, Claim::Family(statement), entries, replies, start));
        }
        AnyHeader::V15(h) => {
            let (statement, entries, replies) = family::erdos::check(&h, &body, threads, limits)?;
            return Ok(lengthless(
                h.tool,
                Claim::RegularFamily(statement),
                entries,
                replies,
                start,
            ));
        }
        AnyHeader::V10(h) => {
            let (statement, entries, replies) = theorem53::check(&h, &body, threads)?;
            return Ok(lengthless(h.tool, Claim::Theorem53(statement), entries, replies, start));
        }
        AnyHeader::V6(h) => {
            let (statement, entries, replies) = scoring::check(&h, &body, threads)?;
            return Ok(lengthless(h.tool, Claim::Scoring(statement), entries, replies, start));
        }
        AnyHeader::V3(h) => {
            let (statement, moves, entries, replies) = game::check(&h, &body, threads)?;
            let bound = match h.claim {
                game::header::GameClaim::Wins { bound, .. } => bound,
                game::header::GameClaim::Draw => 0,
                game::header::GameClaim::NoWinWithin { plies, .. } => plies,
            };
            return Ok(Summary {
                tool: h.tool,
                claim: Claim::Game(statement),
                bound,
                moves,
                entries,
                replies,
                seconds: start.elapsed().as_secs_f64(),
            });
        }
    };
    let lines: Vec<&[u8]> = body.split(|&b| b == b'\n').take(header.entries).collect();
    let game = Game {
        board: header.board,
        k: header.k,
    };
    if header.claim == StrongClaim::NoWin {
        let index = Index::new(lines, false)?;
        let from = header.start.clone().unwrap_or_else(|| graph::Graph::new(0));
        let tried = nowin::check(game, &from, header.bound, &index, threads)?;
        return Ok(Summary {
            tool: header.tool,
            bound: header.bound,
            moves: header.bound,
            entries: index.len(),
            replies: tried,
            seconds: start.elapsed().as_secs_f64(),
            claim: Claim::Strong {
                board: header.board,
                k: header.k,
                claim: header.claim,
                tally: None,
            },
        });
    }
    if header.claim.refutes() {
        let tally = refutation::check(header.board, header.k, header.bound, header.claim, &lines)?;
        return Ok(Summary {
            tool: header.tool,
            bound: header.bound,
            moves: tally.her_moves,
            entries: tally.nodes,
            replies: tally.nodes - 1,
            seconds: start.elapsed().as_secs_f64(),
            claim: Claim::Strong {
                board: header.board,
                k: header.k,
                claim: header.claim,
                tally: Some(tally),
            },
        });
    }
    let index = Index::new(lines, header.claim == StrongClaim::EveryOptionWins)?;
    let (moves, start_replies) = match &header.start {
        None => {
            let moves = index
                .depth_of(&graph::Graph::new(0))
                .ok_or_else(|| Rejection::invalid("no entry for the empty board (the root is missing)"))?;
            (moves, 0)
        }
        Some(start) => game
            .check_start(start, header.bound, &index)
            .map_err(Rejection::invalid)?,
    };
    if moves > header.bound {
        return Err(Rejection::invalid(format!(
            "bound {} is lower than the {moves} moves the certificate needs",
            header.bound
        )));
    }
    let replies = check_all(index.len(), threads, &|i| {
        let line = closure::line_number(i);
        let e = index.entry(i).ok_or((line, "unparsable".to_string()))?;
        game.check_entry(&e, &index).map_err(|why| (line, why))
    })? + start_replies;
    Ok(Summary {
        tool: header.tool,
        claim: Claim::Strong {
            board: header.board,
            k: header.k,
            claim: header.claim,
            tally: None,
        },
        bound: header.bound,
        moves,
        entries: index.len(),
        replies,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// The summary of a claim with no length (versions 6 to 8, 10 and 15: bound and
/// moves 0), checked since `start`.
fn lengthless(tool: String, claim: Claim, entries: usize, replies: usize, start: Instant) -> Summary {
    Summary {
        tool,
        claim,
        bound: 0,
        moves: 0,
        entries,
        replies,
        seconds: start.elapsed().as_secs_f64(),
    }
}

/// One entry's check: the replies it examined, or its line and the reason.
type EntryCheck<'a> = &'a (dyn Fn(usize) -> Result<usize, (usize, String)> + Sync);

/// Checks every entry, on `threads` threads; reports the failing entry with
/// the smallest line number, so the message does not depend on timing.
pub(crate) fn check_all(len: usize, threads: usize, check_one: EntryCheck) -> Result<usize, Rejection> {
    let threads = threads.max(1);
    let results: Vec<Result<usize, (usize, String)>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut replies = 0;
                    for i in (t..len).step_by(threads) {
                        replies += check_one(i)?;
                    }
                    Ok(replies)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|_| Err((0, "checker thread failed".into()))))
            .collect()
    });
    let mut total = 0;
    let mut first: Option<(usize, String)> = None;
    for r in results {
        match r {
            Ok(n) => total += n,
            Err(f) => first = Some(first.map_or(f.clone(), |g| g.min(f))),
        }
    }
    match first {
        None => Ok(total),
        Some((line, why)) => Err(Rejection::invalid(format!("entry on line {line}: {why}")).at_line(line)),
    }
}
