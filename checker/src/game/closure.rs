//! Closure of a strategy written as entries on a labelled board (format
//! versions 3, 5 and 6): every entry's move is legal, and against every
//! legal reply of the other player the game ends as the claim needs or
//! reaches a position isomorphic (by a permutation of the board's vertices
//! that keeps the board and both colours) to an entry of the same player
//! (in version 3 of smaller depth). proofs/FORMAT.md argues why that proves
//! each claim.
//!
//! The rules are a [`Rulebook`] (graph Ramsey games in [`super::rules`],
//! Erdős' scoring games in [`crate::scoring`]) and what counts as a good
//! end a [`Goal`]; the closure is written once for all of them.

use super::position::{other, parse_move, Position};
use crate::canon::form;
use crate::graph::Colour;
use crate::iso::{isomorphic, Cells};
use crate::table::{Probe, Table};
use crate::text::clip;
use crate::Rejection;

/// What [`Rulebook::each_move`] calls with each position after a move
/// (its own copy, kept by the caller without copying again) and the
/// move's edges.
pub type OnMove<'a> = &'a mut dyn FnMut(Position, &[(usize, usize)]) -> Result<(), String>;

/// The rules of a game on a labelled board, as the closure needs them.
pub trait Rulebook: Sync {
    /// How a game ends (a winner, a draw, a final score).
    type End: Copy;
    /// The end of the game at `p` with `to_move` to move, or `None` while it goes on.
    fn end(&self, p: &Position, to_move: Colour) -> Option<Self::End>;
    /// `p` after move `m` of `c`, or why `m` is not a legal move there.
    fn play(&self, p: &Position, m: &[(usize, usize)], c: Colour) -> Result<Position, String>;
    /// Calls `f` with the position after every legal move of `c` at `p` and
    /// the move's edges, until an error; returns the moves tried.
    fn each_move(&self, p: &Position, c: Colour, f: OnMove) -> Result<usize, String>;
    /// Why an entry's position, `to_move` to move, is not one where the game
    /// goes on (or is beyond the checker's limits).
    fn playable(&self, p: &Position, to_move: Colour) -> Result<(), String>;
    /// An end, in words.
    fn end_text(&self, end: Self::End) -> String;
}

/// What the prover's strategy must achieve.
pub trait Goal<R: Rulebook>: Sync {
    /// Whether a game that ended in `end` meets the claim.
    fn accepts(&self, end: R::End) -> bool;
    /// Whether the claim holds at `p` however play goes on from there
    /// (checked before the rules' end; default: never).
    fn settled(&self, _p: &Position) -> bool {
        false
    }
}

/// One body line: the prover `colour`'s move `mv` at `position`.
#[derive(Clone, Debug)]
pub struct Entry {
    /// Whose strategy the entry belongs to (to move at `position`).
    pub colour: Colour,
    /// The position, in the board's labels.
    pub position: Position,
    /// The move: one edge, or a set of edges.
    pub mv: Vec<(usize, usize)>,
    /// Version 3: the prover wins within `depth` of its moves, this one
    /// included; 0 in versions 5 and 6, which claim no length.
    pub depth: u32,
}

/// How body lines are written and numbered.
pub struct Layout<'a> {
    /// The uncoloured board of the header.
    pub board: &'a Position,
    /// The file's line number of the first body line.
    pub first_line: usize,
    /// Version 3: `RED:BLUE MOVE DEPTH`, every entry the winner's (this
    /// colour); versions 5, 6 and 13 (`None`): `COLOUR RED:BLUE MOVE`.
    pub winner: Option<Colour>,
    /// Reads an entry's position on the board: [`Position::coloured`], or
    /// version 13's degree form (`crate::scoring::degrees::parse`).
    pub position: fn(&Position, &str) -> Result<Position, String>,
    /// Reads an entry's number, given its position: version 3's depth
    /// ([`positive_depth`]), or version 14's plies held off, kept as a key
    /// for which smaller is better (`super::holdout::reach_key`). Unused
    /// where `winner` is `None`.
    pub depth: fn(&Position, &str) -> Result<u32, String>,
}

impl Layout<'_> {
    /// The 1-based line number of body line `i` (0-based).
    pub fn line_number(&self, i: usize) -> usize {
        self.first_line + i
    }

    /// Parses body line `text`, on file line `line`.
    pub fn parse(&self, line: usize, text: &[u8]) -> Result<Entry, Rejection> {
        let bad = |what: String| Rejection::invalid(format!("line {line}: {what}")).at_line(line);
        let text = std::str::from_utf8(text).map_err(|_| bad("not text".into()))?;
        let fields: Vec<&str> = text.split(' ').collect();
        let (colour, position, mv, depth) = match (self.winner, &fields[..]) {
            (Some(winner), [position, mv, depth]) => (winner, position, mv, Some(depth)),
            (None, [colour, position, mv]) => (parse_colour(colour).map_err(bad)?, position, mv, None),
            (Some(_), _) => return Err(bad(format!("expected `RED:BLUE MOVE DEPTH`, found `{}`", clip(text)))),
            (None, _) => return Err(bad(format!("expected `COLOUR RED:BLUE MOVE`, found `{}`", clip(text)))),
        };
        let position = (self.position)(self.board, position).map_err(bad)?;
        let depth = match depth {
            Some(text) => (self.depth)(&position, text).map_err(bad)?,
            None => 0,
        };
        Ok(Entry {
            colour,
            position,
            mv: parse_move(mv, self.board.order()).map_err(bad)?,
            depth,
        })
    }
}

/// Version 3's depth: a positive number (the position plays no part).
pub fn positive_depth(_position: &Position, text: &str) -> Result<u32, String> {
    text.parse::<u32>()
        .ok()
        .filter(|&d| d >= 1)
        .ok_or_else(|| format!("depth `{}` is not a positive number", clip(text)))
}

/// `red` or `blue`.
pub fn parse_colour(text: &str) -> Result<Colour, String> {
    match text {
        "red" => Ok(Colour::Red),
        "blue" => Ok(Colour::Blue),
        _ => Err(format!("colour `{}` is not red or blue", clip(text))),
    }
}

/// The entries by colour and position up to isomorphism ([`Table`]);
/// keeps the lines, and parses a candidate again only for a position too
/// symmetric to have a canonical form.
pub struct Index<'a> {
    layout: Layout<'a>,
    lines: Vec<&'a [u8]>,
    table: Table,
}

impl<'a> Index<'a> {
    /// Parses every line (rejecting the first malformed one) and indexes it.
    pub fn new(layout: Layout<'a>, lines: Vec<&'a [u8]>) -> Result<Index<'a>, Rejection> {
        let mut table = Table::new();
        for (i, line) in lines.iter().enumerate() {
            let e = layout.parse(layout.line_number(i), line)?;
            let i = u32::try_from(i).map_err(|_| Rejection::unreadable("more than 2^32 entries"))?;
            table.add(e.colour as u64, &e.position, e.depth, i);
        }
        table.seal();
        Ok(Index { layout, lines, table })
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The file's line number of entry `i`.
    pub fn line_number(&self, i: usize) -> usize {
        self.layout.line_number(i)
    }

    /// Entry `i` (parsed before, so parsing cannot fail now).
    pub fn entry(&self, i: usize) -> Option<Entry> {
        self.layout.parse(self.line_number(i), self.lines[i]).ok()
    }

    /// The smallest depth of an entry of `colour` isomorphic to `p`.
    pub fn depth_of(&self, colour: Colour, p: &Position) -> Option<u32> {
        self.table.least(colour as u64, p, |i| {
            self.entry(i)
                .is_some_and(|e| e.colour == colour && isomorphic(p, &e.position))
        })
    }
}

/// The prover's strategy in a game, and what it must achieve.
pub struct Strategy<'a, R, G> {
    /// The rules.
    pub rules: &'a R,
    /// What counts as a good end for the prover.
    pub goal: &'a G,
    /// Whose strategy it is.
    pub prover: Colour,
}

impl<R: Rulebook, G: Goal<R>> Strategy<'_, R, G> {
    /// Checks that entry `e` (the prover's) is closed; returns the replies tried.
    pub fn check_entry(&self, e: &Entry, index: &Index) -> Result<usize, String> {
        self.rules.playable(&e.position, self.prover)?;
        let after = self.rules.play(&e.position, &e.mv, self.prover)?;
        let context = || format!("after move {}", move_text(&e.mv));
        let limit = index.layout.winner.map(|_| e.depth - 1);
        Ok(self.reply_turn(&after, limit, index, &context)?.0)
    }

    /// Checks that from `p`, the other player to move, the claim holds
    /// against every reply: the game ends as the goal needs, or the prover
    /// has an entry (within `limit` moves, where depths count). Returns the
    /// replies tried and the most depth any of them needs.
    pub fn reply_turn(
        &self,
        p: &Position,
        limit: Option<u32>,
        index: &Index,
        context: &dyn Fn() -> String,
    ) -> Result<(usize, u32), String> {
        let replier = other(self.prover);
        if self.goal.settled(p) {
            return Ok((0, 0));
        }
        if let Some(end) = self.rules.end(p, replier) {
            return match self.goal.accepts(end) {
                true => Ok((0, 0)),
                false => Err(format!("{} the game ends in {}", context(), self.rules.end_text(end))),
            };
        }
        let (mut tried, mut most) = (0, 0);
        // The positions after the replies not yet checked, and the replies'
        // edges one after another (reply `i` ends at `ends[i]`).
        let (mut batch, mut edges, mut ends) = (Vec::new(), Vec::new(), Vec::new());
        let mut check = |batch: &mut Vec<Position>, edges: &mut Vec<(usize, usize)>, ends: &mut Vec<usize>| {
            let positions: Vec<&Position> = batch.iter().collect();
            for (i, need) in self.needs(&positions, index).into_iter().enumerate() {
                let reply = || move_text(&edges[if i == 0 { 0 } else { ends[i - 1] }..ends[i]]);
                let depth = within(need, limit).map_err(|why| match why {
                    Missing::End(end) => format!("{}, the reply {} ends the game in {end}", context(), reply()),
                    Missing::Entry(found) => format!(
                        "{} and the reply {} the position has no entry{} ({found}): missing position",
                        context(),
                        reply(),
                        limit.map_or(String::new(), |l| format!(" of depth <= {l}"))
                    ),
                })?;
                most = most.max(depth);
            }
            batch.clear();
            edges.clear();
            ends.clear();
            Ok::<(), String>(())
        };
        tried += self.rules.each_move(p, replier, &mut |next, reply| {
            batch.push(next);
            edges.extend_from_slice(reply);
            ends.push(edges.len());
            match batch.len() < BATCH {
                true => Ok(()),
                false => check(&mut batch, &mut edges, &mut ends),
            }
        })?;
        check(&mut batch, &mut edges, &mut ends)?;
        Ok((tried, most))
    }

    /// The depth the prover needs at `p`, its turn: 0 if the claim holds
    /// there already, else its entry's (within `limit`).
    pub fn prover_turn(&self, p: &Position, limit: Option<u32>, index: &Index) -> Result<u32, Missing> {
        let need = self.needs(&[p], index).pop().expect("one answer");
        within(need, limit)
    }

    /// What the prover needs at each of `positions` (its turn at each),
    /// without a limit: 0 if the claim holds there already, else the least
    /// depth of an entry of the prover there. The positions that need an
    /// entry are looked up together: their forms first, then the table's
    /// memory for all of them touched at once ([`Table::warm`]), then each
    /// compared.
    fn needs(&self, positions: &[&Position], index: &Index) -> Vec<Result<u32, Missing>> {
        let mut answers = Vec::with_capacity(positions.len());
        let (mut forms, mut spans) = (Vec::new(), Vec::new());
        for (i, &p) in positions.iter().enumerate() {
            answers.push(match self.early(p) {
                Some(answer) => answer,
                None => form(p, |f| match f {
                    Some(f) => {
                        spans.push((i, forms.len(), f.len()));
                        forms.extend_from_slice(f);
                        Ok(0) // looked up below
                    }
                    None => index.depth_of(self.prover, p).ok_or_else(none),
                }),
            });
        }
        let tag = self.prover as u64;
        let form_of = |&(_, at, len): &(usize, usize, usize)| &forms[at..at + len];
        index.table.warm(tag, spans.iter().map(form_of));
        for span in &spans {
            let found = index.table.find(tag, Probe::Form(form_of(span)), false, &|_| false);
            answers[span.0] = found.ok_or_else(none);
        }
        answers
    }

    /// The answer at `p`, the prover's turn, where no lookup is needed:
    /// the claim holds already, or the game ended.
    fn early(&self, p: &Position) -> Option<Result<u32, Missing>> {
        if self.goal.settled(p) {
            return Some(Ok(0));
        }
        let end = self.rules.end(p, self.prover)?;
        Some(match self.goal.accepts(end) {
            true => Ok(0),
            false => Err(Missing::End(self.rules.end_text(end))),
        })
    }
}

/// The positions a reply turn looks up together (see [`Table::warm`]).
const BATCH: usize = 64;

/// No entry at all.
fn none() -> Missing {
    Missing::Entry("none".to_string())
}

/// A need within `limit` (depths count in version 3), or why not.
fn within(need: Result<u32, Missing>, limit: Option<u32>) -> Result<u32, Missing> {
    match (need?, limit) {
        (need, Some(l)) if need > l => Err(Missing::Entry(format!("only depth {need}"))),
        (need, _) => Ok(need),
    }
}

/// Why the prover has no answer at a position: the game ended badly (in
/// words), or no entry covers it (what was found, in words).
#[derive(Debug)]
pub enum Missing {
    /// The game ended against the claim.
    End(String),
    /// No entry of the prover (within the limit).
    Entry(String),
}

/// A move as written: `u-v` or `u-v,w-x,...`.
pub fn move_text(m: &[(usize, usize)]) -> String {
    m.iter().map(|(u, v)| format!("{u}-{v}")).collect::<Vec<_>>().join(",")
}
