//! Version 6: certificates of Erdős' scoring games (Cambie and Provoost:
//! the Clique, Star, vertex-capturing and Colex games), written by
//! `ramsey-verify erdos --cert`. A value is two claims, "Alice (red) can
//! force an outcome of at least `v`" and "Bob (blue) can hold her to at
//! most `v`"; a certificate holds a strategy for each claim it makes (one,
//! for the thresholds of `--winner-only`). The rules and scores are this
//! module's own ([`rules`]); positions, the closure check and the
//! isomorphism test are those of the graph Ramsey games ([`crate::game`]).

pub mod degrees;
pub mod rules;

use crate::game::closure::{Index, Layout, Missing, Strategy};
use crate::game::header::{board, colour};
use crate::game::position::Position;
use crate::graph::Colour;
use crate::iso::Cells;
use crate::text::{clip, header_line, number};
use crate::Rejection;
use degrees::Degrees;
use rules::{Bound, Measure, Points, Scores, Scoring};

/// The format version of scoring game certificates.
pub const VERSION: u32 = 6;
/// The format version of Star and vertex-capturing certificates on degree
/// forms ([`degrees`]): version 6's header, entries `COLOUR FREE:COUNTS MOVE`.
pub const DEGREES_VERSION: u32 = 13;
/// Lines in a version-6 header.
pub const HEADER_LINES: usize = 10;

/// What a version-6 or version-13 header states and claims.
#[derive(Clone, Debug)]
pub struct Header {
    /// 6, or 13: entries are degree forms ([`degrees`]).
    pub version: u32,
    /// The writing program, clipped (informative only).
    pub tool: String,
    /// The game.
    pub measure: Measure,
    /// The uncoloured board.
    pub board: Position,
    /// The board's graph6, as written.
    pub board_text: String,
    /// The start position.
    pub start: Position,
    /// Who moves at the start.
    pub to_move: Colour,
    /// The claim of red (Alice): the outcome is at least this.
    pub at_least: Option<Points>,
    /// The claim of blue (Bob): the outcome is at most this.
    pub at_most: Option<Points>,
    /// Body lines announced.
    pub entries: usize,
    /// SHA-256 of the body, as written.
    pub sha256: String,
}

/// What an accepted version-6 or version-13 certificate proves.
#[derive(Clone, Debug)]
pub struct Statement {
    /// The format version, 6 or 13.
    pub format: u32,
    /// The game's name.
    pub game: &'static str,
    /// The board in graph6, as written.
    pub board: String,
    /// Who moved at the start (`red` or `blue`).
    pub to_move: &'static str,
    /// Alice can force an outcome of at least this.
    pub at_least: Option<Points>,
    /// Bob can hold her to at most this.
    pub at_most: Option<Points>,
}

/// A claim line `KEY A B` or `KEY -`.
fn claim<'a>(lines: &mut impl Iterator<Item = &'a str>, key: &str) -> Result<Option<Points>, Rejection> {
    let text = header_line(lines, key)?;
    if text == "-" {
        return Ok(None);
    }
    let (a, b) = text
        .split_once(' ')
        .ok_or_else(|| Rejection::unreadable(format!("header: {key} `{}` is not `A B` or `-`", clip(text))))?;
    Ok(Some(Points {
        alice: number(a, key)?,
        bob: number(b, key)?,
    }))
}

/// Parses the ten header lines (the first, `ramsey-cert 6` or `13`, is
/// read already: `version`).
pub fn parse(lines: &[String], version: u32) -> Result<Header, Rejection> {
    let mut it = lines.iter().map(String::as_str).skip(1);
    let unreadable = |what: &str, e: String| Rejection::unreadable(format!("header: {what}: {e}"));
    let tool = clip(header_line(&mut it, "tool")?);
    let measure = Measure::parse(header_line(&mut it, "game")?).map_err(|e| unreadable("game", e))?;
    let (board, board_text) = board(&mut it)?;
    let start = board
        .coloured(header_line(&mut it, "start")?)
        .map_err(|e| unreadable("start", e))?;
    let to_move = colour(&mut it, "to-move")?;
    let (at_least, at_most) = (claim(&mut it, "at-least")?, claim(&mut it, "at-most")?);
    if at_least.is_none() && at_most.is_none() {
        return Err(unreadable("at-least, at-most", "the certificate claims nothing".into()));
    }
    let entries = number(header_line(&mut it, "entries")?, "entry count")?;
    let sha256 = header_line(&mut it, "sha256")?.to_string();
    if version == DEGREES_VERSION && !matches!(measure, Measure::Star | Measure::VertexCapturing) {
        return Err(Rejection::invalid(
            "header: game: version 13 states the star and vc games only",
        ));
    }
    if version == DEGREES_VERSION && board.order() > degrees::MAX_DEGREE + 1 {
        return Err(unreadable(
            "board",
            format!("version 13 boards have at most {} vertices", degrees::MAX_DEGREE + 1),
        ));
    }
    Ok(Header {
        version,
        tool,
        measure,
        board,
        board_text,
        start,
        to_move,
        at_least,
        at_most,
        entries,
        sha256,
    })
}

/// Checks a version-6 or version-13 body against its header: each claim
/// at the start, then every entry on `threads` threads. Returns the
/// statement, the entries and the replies tried.
pub fn check(header: &Header, body: &[u8], threads: usize) -> Result<(Statement, usize, usize), Rejection> {
    let measure = header.measure;
    let (rows, parse) = (
        body.split(|&b| b == b'\n').take(header.entries).collect(),
        Position::coloured,
    );
    let (entries, replies) = match header.version {
        DEGREES_VERSION => {
            let start = degrees::form_of(&header.start).map_err(Rejection::invalid)?;
            prove(header, &start, Degrees { measure }, (rows, degrees::parse), threads)?
        }
        _ => prove(header, &header.start, Scoring { measure }, (rows, parse), threads)?,
    };
    let statement = Statement {
        format: header.version,
        game: header.measure.name(),
        board: header.board_text.clone(),
        to_move: crate::game::rules::name(header.to_move),
        at_least: header.at_least,
        at_most: header.at_most,
    };
    Ok((statement, entries, replies))
}

/// The body's lines, and how an entry's position is read.
type Body<'a> = (Vec<&'a [u8]>, fn(&Position, &str) -> Result<Position, String>);

/// Checks each claim of `header` in `game` from `start`, then every entry;
/// returns the entries and the replies tried.
fn prove<S: Scores + Copy>(
    header: &Header,
    start: &Position,
    game: S,
    (lines, position): Body,
    threads: usize,
) -> Result<(usize, usize), Rejection> {
    let layout = Layout {
        board: &header.board,
        first_line: HEADER_LINES + 1,
        winner: None,
        position,
        depth: crate::game::closure::positive_depth,
    };
    let index = Index::new(layout, lines)?;
    let bounds = [(Colour::Red, header.at_least), (Colour::Blue, header.at_most)]
        .map(|(prover, t)| t.map(|t| Bound { game, prover, t }));
    let strategy = |c: Colour| {
        bounds[c as usize - 1].as_ref().map(|goal| Strategy {
            rules: &game,
            goal,
            prover: c,
        })
    };
    let mut start_replies = 0;
    for s in [Colour::Red, Colour::Blue].into_iter().filter_map(strategy) {
        start_replies += root(start, header.to_move, &s, &index).map_err(Rejection::invalid)?;
    }
    let replies = crate::check_all(index.len(), threads, &|i| {
        let line = index.line_number(i);
        let e = index.entry(i).ok_or((line, "unparsable".to_string()))?;
        let strategy = strategy(e.colour).ok_or((line, "an entry of a colour that claims nothing".to_string()))?;
        strategy.check_entry(&e, &index).map_err(|why| (line, why))
    })?;
    Ok((index.len(), replies + start_replies))
}

/// Checks one claim at the start, `to_move` to move; returns the replies
/// tried there.
fn root<S: Scores>(
    start: &Position,
    to_move: Colour,
    strategy: &Strategy<S, Bound<S>>,
    index: &Index,
) -> Result<usize, String> {
    let side = match strategy.prover {
        Colour::Red => "at least",
        Colour::Blue => "at most",
    };
    if to_move != strategy.prover {
        let context = || format!("for the claim {side} {}, from the start position", strategy.goal.t);
        return Ok(strategy.reply_turn(start, None, index, &context)?.0);
    }
    match strategy.prover_turn(start, None, index) {
        Ok(_) => Ok(0),
        Err(Missing::End(end)) => Err(format!("the start position is over: the game ended in {end}")),
        Err(Missing::Entry(_)) => Err(format!(
            "no entry for the start position (the root of the claim {side} {} is missing)",
            strategy.goal.t
        )),
    }
}

impl Statement {
    /// What is proved, in words.
    pub fn text(&self) -> String {
        let game = format!(
            "the {} game on board {} ({} to move)",
            self.game, self.board, self.to_move
        );
        match (self.at_least, self.at_most) {
            (Some(lo), Some(hi)) if lo == hi => format!(
                "the value of {game} is {lo}: Alice (red) can force at least {lo} and Bob (blue) can hold her to at most {hi}"
            ),
            (lo, hi) => {
                let lo = lo.map(|lo| format!("Alice (red) can force at least {lo}"));
                let hi = hi.map(|hi| format!("Bob (blue) can hold her to at most {hi}"));
                let both: Vec<String> = lo.into_iter().chain(hi).collect();
                format!("in {game}, {}", both.join(" and "))
            }
        }
    }
}
