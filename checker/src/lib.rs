//! ramsey-cert-check: an independent checker for ramsey-verify certificates.
//!
//! It shares no code with the search engine: its own board ([`graph`]), its
//! own isomorphism test ([`iso`], no canonical labelling), its own reader
//! ([`format`]). It trusts nothing in the file: every entry is checked to be
//! closed ([`closure`]) and the empty board must have an entry within the
//! bound. proofs/FORMAT.md specifies the format and argues soundness.

pub mod closure;
pub mod format;
pub mod graph;
pub mod iso;

use closure::{Game, Index};
use format::Board;
use std::time::Instant;

/// Why a certificate was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    pub kind: RejectionKind,
    pub message: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RejectionKind {
    /// The input is not a certificate this checker can read (exit code 2).
    Unreadable,
    /// The certificate is readable but does not prove its claim (exit code 1).
    Invalid,
}

impl Rejection {
    pub fn unreadable(message: impl Into<String>) -> Rejection {
        Rejection {
            kind: RejectionKind::Unreadable,
            message: message.into(),
        }
    }

    pub fn invalid(message: impl Into<String>) -> Rejection {
        Rejection {
            kind: RejectionKind::Invalid,
            message: message.into(),
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

/// What an accepted certificate proves, and what checking it cost.
#[derive(Clone, Debug)]
pub struct Summary {
    pub tool: String,
    pub board: Board,
    pub k: usize,
    pub bound: u32,
    /// She wins within this many moves (the depth of the empty board's entry).
    pub moves: u32,
    pub entries: usize,
    /// His replies examined over all entries.
    pub replies: usize,
    pub seconds: f64,
}

impl Summary {
    pub fn to_text(&self) -> String {
        let board = match self.board {
            Board::Infinite => "K_aleph0".to_string(),
            Board::Complete(n) => format!("K_{n}"),
        };
        format!(
            "VALID: she wins the K{} game on {board} within {} moves (bound {})\n\
             entries: {}   replies checked: {}   time: {:.3}s   written by: {}\n",
            self.k, self.moves, self.bound, self.entries, self.replies, self.seconds, self.tool
        )
    }
}

/// Reads and checks a certificate file.
pub fn check_file(path: &std::path::Path, threads: usize) -> Result<Summary, Rejection> {
    let bytes =
        std::fs::read(path).map_err(|e| Rejection::unreadable(format!("cannot read {}: {e}", path.display())))?;
    check(&bytes, threads)
}

/// Checks a certificate given as the file's bytes (gzipped or not).
pub fn check(bytes: &[u8], threads: usize) -> Result<Summary, Rejection> {
    let start = Instant::now();
    let text = format::decompress(bytes)?;
    let (header, body) = format::split(&text)?;
    format::check_integrity(&header, body)?;
    let index = Index::new(body.split(|&b| b == b'\n').take(header.entries).collect())?;
    let game = Game {
        board: header.board,
        k: header.k,
    };
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
    let replies = check_all(&game, &index, threads)? + start_replies;
    Ok(Summary {
        tool: header.tool,
        board: header.board,
        k: header.k,
        bound: header.bound,
        moves,
        entries: index.len(),
        replies,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// Checks every entry, on `threads` threads; reports the failing entry with
/// the smallest line number, so the message does not depend on timing.
fn check_all(game: &Game, index: &Index, threads: usize) -> Result<usize, Rejection> {
    let threads = threads.max(1);
    let results: Vec<Result<usize, (usize, String)>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut replies = 0;
                    for i in (t..index.len()).step_by(threads) {
                        let line = closure::line_number(i);
                        let e = index.entry(i).ok_or((line, "unparsable".to_string()))?;
                        replies += game.check_entry(&e, index).map_err(|why| (line, why))?;
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
        Some((line, why)) => Err(Rejection::invalid(format!("entry on line {line}: {why}"))),
    }
}
