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
//! from its start, module [`colouring::parts`]).
//!
//! It shares no code with the search engine: its own board ([`graph`]), its
//! own isomorphism test ([`iso`], no canonical labelling), its own reader
//! ([`mod@format`]). It trusts nothing in the file: every entry is checked to be
//! closed ([`closure`]) and the empty board must have an entry within the
//! bound. proofs/FORMAT.md specifies the format and argues soundness.
//!
//! Hostile input is read within [`Limits`] (by default 128 MiB of text after
//! gunzip, lines of 4,096 bytes, 2,097,152 entries; boards and positions of
//! at most [`text::MAX_ORDER`] = 128 vertices, the engine's cap): the input
//! is streamed line by line and rejected at the first cap it passes, so
//! memory stays below the text cap plus about 200 bytes per entry, and
//! messages quote at most 40 characters of it.

#![warn(missing_docs)]

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
pub mod text;
pub mod theorem53;

use closure::{Game, Index};
pub use format::{AnyHeader, Board, Limits, StrongClaim};
use std::time::Instant;
use text::count;

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

/// What an accepted certificate proves, and what checking it cost.
#[derive(Clone, Debug)]
pub struct Summary {
    /// The writing program named in the header (clipped; informative only).
    pub tool: String,
    /// The game and who wins it.
    pub claim: Claim,
    /// The header's claim: the winner wins within `bound` moves.
    pub bound: u32,
    /// The winner wins within this many moves (version 2: the depth of the
    /// empty board's entry, or for a subtree certificate her moves on the
    /// start position plus the most any reply needs; version 3: the start
    /// entry's depth, or with the loser to move the most any reply needs).
    pub moves: u32,
    /// Body entries, all checked.
    pub entries: usize,
    /// Replies of the loser examined over all entries.
    pub replies: usize,
    /// Wall-clock time of the check.
    pub seconds: f64,
}

/// What a certificate claims, by format version.
#[derive(Clone, Debug)]
pub enum Claim {
    /// Versions 2 and 4: the strong `K_k` game on `board`; `claim` says
    /// what is proved (version 2: she wins).
    Strong {
        /// The board of the game.
        board: Board,
        /// The target is `K_k`.
        k: usize,
        /// What the certificate proves.
        claim: StrongClaim,
        /// For a refutation: what its tree holds.
        tally: Option<refutation::Tally>,
    },
    /// Versions 3 and 5: the stated graph Ramsey game and its winner, or a draw.
    Game(game::Statement),
    /// Version 6: a scoring game and the bounds on its value.
    Scoring(scoring::Statement),
    /// Version 7: a colouring game's winner, or a game chromatic number.
    Colouring(colouring::Statement),
    /// Version 8: a claim about every member of a family.
    Family(family::Statement),
    /// Version 10: Theorem 5.3's strategy on every tree of a family.
    Theorem53(theorem53::Statement),
}

impl Summary {
    /// The two-line report of a valid certificate.
    pub fn to_text(&self) -> String {
        let first = match &self.claim {
            Claim::Strong { board, k, claim, tally } => {
                let board = match board {
                    Board::Infinite => "K_aleph0".to_string(),
                    Board::Complete(n) => format!("K_{n}"),
                };
                let text = strong_text(*claim, tally.as_ref(), &format!("K{k} game on {board}"), self.moves);
                format!("{text} (bound {})", self.bound)
            }
            Claim::Scoring(s) => s.text(),
            Claim::Colouring(s) => s.text(),
            Claim::Family(s) => s.text(),
            Claim::Theorem53(s) => s.text(),
            Claim::Game(s) => {
                let game = format!(
                    "the {} game on board {} (targets {} for red, {} for blue; {} moved first)",
                    s.rules, s.board, s.targets[0], s.targets[1], s.first
                );
                match s.winner {
                    Some(w) => format!(
                        "{w} wins {game} within {} of {w} (bound {})",
                        count(self.moves, "move", "moves"),
                        self.bound
                    ),
                    None => format!("{game} is a draw: neither red nor blue loses with its strategy"),
                }
            }
        };
        format!(
            "VALID: {first}\n\
             entries: {}   replies checked: {}   time: {:.3}s   written by: {}\n",
            self.entries, self.replies, self.seconds, self.tool
        )
    }
}

/// What a strong-game certificate proves, in words.
fn strong_text(claim: StrongClaim, tally: Option<&refutation::Tally>, game: &str, moves: u32) -> String {
    let leaves = |t: &refutation::Tally| {
        let reason = t
            .reason
            .as_ref()
            .map_or(String::new(), |r| format!(", first reason: {r}"));
        format!(
            "{}; leaves: {}, {}, {} at the bound, {} without a move{reason}",
            count(t.nodes, "line", "lines"),
            count(t.blue, "blue win", "blue wins"),
            count(t.full, "full board", "full boards"),
            t.bound,
            t.none
        )
    };
    let within = count(moves, "move", "moves");
    match (claim, tally) {
        (StrongClaim::Wins, _) => format!("she wins the {game} within {within}"),
        (StrongClaim::NoWin, _) => {
            format!("she cannot force a win in the {game} within {within} of hers: his strategy holds her off")
        }
        (StrongClaim::EveryOptionWins, _) => {
            format!("every option listed wins the {game} for her within {within}")
        }
        (StrongClaim::EveryOptionLoses, Some(t)) => format!(
            "every option of hers listed loses the {game}: on every line of the tree he completes his \
             target, the board fills, she reaches the bound or the strategy has no move, after at most \
             {within} of hers ({})",
            leaves(t)
        ),
        (_, t) => format!(
            "she loses the {game} on this line, after {within} of hers ({})",
            t.map_or(String::new(), leaves)
        ),
    }
}

/// A verdict as one JSON object: `valid`, and either `board`, `target`,
/// `bound`, `moves`, `entries`, `replies`, `seconds`, `tool`, or
/// `exit_code`, `kind` (`"invalid"` or `"unreadable"`), `error`, `line`.
pub fn verdict_json(verdict: &Result<Summary, Rejection>) -> serde_json::Value {
    match verdict {
        Ok(s) => {
            let mut claim = match &s.claim {
                Claim::Strong { board, k, claim, .. } => {
                    let mut out = serde_json::json!({
                        "valid": true,
                        "board": match board { Board::Infinite => "inf".to_string(), Board::Complete(n) => n.to_string() },
                        "target": format!("K{k}"),
                    });
                    if *claim != StrongClaim::Wins {
                        out["claim"] = serde_json::json!(claim.name());
                    }
                    out
                }
                Claim::Game(g) => serde_json::json!({
                    "valid": true, "format": if g.winner.is_some() { 3 } else { 5 }, "rules": g.rules,
                    "board": g.board, "target_red": g.targets[0], "target_blue": g.targets[1],
                    "first": g.first, "winner": g.winner, "claim": if g.winner.is_some() { "win" } else { "draw" },
                }),
                Claim::Scoring(g) => {
                    let pair = |p: Option<scoring::rules::Points>| p.map(|p| [p.alice, p.bob]);
                    let value = (g.at_least == g.at_most).then_some(pair(g.at_least)).flatten();
                    serde_json::json!({
                        "valid": true, "format": 6, "game": g.game, "board": g.board, "to_move": g.to_move,
                        "at_least": pair(g.at_least), "at_most": pair(g.at_most), "value": value,
                    })
                }
                Claim::Colouring(c) => colouring_json(c),
                Claim::Family(f) => f.json(),
                Claim::Theorem53(t) => t.json(),
            };
            // A draw and a scoring game claim no bound and need no moves.
            let drawn = matches!(&s.claim, Claim::Game(g) if g.winner.is_none())
                || matches!(
                    &s.claim,
                    Claim::Scoring(_) | Claim::Colouring(_) | Claim::Family(_) | Claim::Theorem53(_)
                );
            let rest = serde_json::json!({
            "bound": (!drawn).then_some(s.bound),
            "moves": (!drawn).then_some(s.moves),
            "entries": s.entries,
            "replies": s.replies,
            "seconds": s.seconds,
            "tool": s.tool,
            });
            claim
                .as_object_mut()
                .expect("an object")
                .extend(rest.as_object().expect("an object").clone());
            claim
        }
        Err(r) => serde_json::json!({
            "valid": false,
            "exit_code": r.exit_code(),
            "kind": match r.kind { RejectionKind::Invalid => "invalid", RejectionKind::Unreadable => "unreadable" },
            "error": r.message,
            "line": r.line,
        }),
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

/// The fields of a valid version-7 certificate's JSON object.
fn colouring_json(c: &colouring::Statement) -> serde_json::Value {
    let (chi_g, winner, colours) = match c.claim {
        colouring::Claim::GameChromatic(k) => (Some(k), None, k),
        colouring::Claim::Wins { winner, colours } => (None, Some(winner), colours),
    };
    let ordered = |text: &String| (text != "-").then(|| text.clone());
    serde_json::json!({
        "valid": true, "format": c.format, "game": c.game, "graph": c.graph, "start": c.start, "parts": c.parts,
        "order": ordered(&c.order.0), "owners": ordered(&c.order.1),
        "claim": if chi_g.is_some() { "chi-g" } else { "wins" },
        "game_chromatic_number": chi_g, "winner": winner, "colours": colours,
    })
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
            let (statement, entries, replies) = family::check(&h, &body, threads)?;
            return Ok(lengthless(h.tool, Claim::Family(statement), entries, replies, start));
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

/// The summary of a claim with no length (versions 6 to 8 and 10: bound and
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
