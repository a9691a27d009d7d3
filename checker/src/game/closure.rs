//! Closure of version-3 certificates: every entry's move is legal, and
//! against every legal reply of the loser the game ends in a win of the
//! winner or reaches a position isomorphic (by a permutation of the board's
//! vertices that keeps the board and both colours) to an entry of smaller
//! depth. proofs/FORMAT.md ("Version 3") argues why that proves the claim.

use super::header::{Header, HEADER_LINES, MAX_SET_MOVE_EDGES};
use super::position::{other, parse_move, Position};
use super::rules::{End, Game};
use crate::graph::Colour;
use crate::iso::{invariant, isomorphic, Cells};
use crate::text::clip;
use crate::Rejection;
use std::collections::HashMap;

/// One body line: the winner's move `mv` at `position`, winning within
/// `depth` of the winner's moves (this one included).
#[derive(Clone, Debug)]
pub struct Entry {
    /// The position, winner to move, in the board's labels.
    pub position: Position,
    /// The winner's move: one edge, or a set of edges.
    pub mv: Vec<(usize, usize)>,
    /// The claimed depth.
    pub depth: u32,
}

/// The 1-based line number of body line `i` (0-based).
pub fn line_number(i: usize) -> usize {
    HEADER_LINES + 1 + i
}

/// Parses one body line `RED:BLUE MOVE DEPTH` on the header's board.
pub fn parse_entry(header: &Header, line: usize, text: &[u8]) -> Result<Entry, Rejection> {
    let bad = |what: String| Rejection::invalid(format!("line {line}: {what}")).at_line(line);
    let text = std::str::from_utf8(text).map_err(|_| bad("not text".into()))?;
    let fields: Vec<&str> = text.split(' ').collect();
    let [position, mv, depth] = fields[..] else {
        return Err(bad(format!("expected `RED:BLUE MOVE DEPTH`, found `{}`", clip(text))));
    };
    let position = header.board.coloured(position).map_err(bad)?;
    let mv = parse_move(mv, header.board.order()).map_err(bad)?;
    let depth = depth
        .parse::<u32>()
        .ok()
        .filter(|&d| d >= 1)
        .ok_or_else(|| bad(format!("depth `{}` is not a positive number", clip(depth))))?;
    Ok(Entry { position, mv, depth })
}

/// The entries by isomorphism invariant; keeps the lines and parses a
/// candidate when a lookup needs it.
pub struct Index<'a> {
    header: &'a Header,
    lines: Vec<&'a [u8]>,
    buckets: HashMap<u64, Vec<(u32, usize)>>,
}

impl<'a> Index<'a> {
    /// Parses every line (rejecting the first malformed one) and indexes it.
    pub fn new(header: &'a Header, lines: Vec<&'a [u8]>) -> Result<Index<'a>, Rejection> {
        let mut buckets: HashMap<u64, Vec<(u32, usize)>> = HashMap::new();
        for (i, line) in lines.iter().enumerate() {
            let e = parse_entry(header, line_number(i), line)?;
            buckets.entry(invariant(&e.position)).or_default().push((e.depth, i));
        }
        buckets.values_mut().for_each(|b| b.sort_unstable());
        Ok(Index { header, lines, buckets })
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// Entry `i` (parsed before, so parsing cannot fail now).
    pub fn entry(&self, i: usize) -> Option<Entry> {
        parse_entry(self.header, line_number(i), self.lines[i]).ok()
    }

    /// The smallest depth of an entry isomorphic to `p`.
    pub fn depth_of(&self, p: &Position) -> Option<u32> {
        let bucket = self.buckets.get(&invariant(p))?;
        bucket
            .iter()
            .find(|&&(_, i)| self.entry(i).is_some_and(|e| isomorphic(p, &e.position)))
            .map(|&(d, _)| d)
    }
}

/// The game with its claimed winner.
pub struct Claim<'a> {
    /// The rules, targets and first player.
    pub game: &'a Game,
    /// The claimed winner.
    pub winner: Colour,
}

impl Claim<'_> {
    /// Why `p` is not a position where the game goes on: someone owns a
    /// target that counts, or the mover cannot move.
    fn goes_on(&self, p: &Position, to_move: Colour) -> Result<(), String> {
        for c in [Colour::Red, Colour::Blue] {
            if self.game.counts(c) && self.game.owns(p, c) {
                return Err(format!("{} owns its target: the game is over", name(c)));
            }
        }
        match self.game.end(p, to_move) {
            None => Ok(()),
            Some(_) => Err(format!("{} cannot move: the game is over", name(to_move))),
        }
    }

    /// Checks that entry `e` is closed; returns the loser's replies tried.
    pub fn check_entry(&self, e: &Entry, index: &Index) -> Result<usize, String> {
        self.goes_on(&e.position, self.winner)?;
        if self.game.rules.sets() && e.position.free_edges().len() > MAX_SET_MOVE_EDGES {
            return Err(format!("more than {MAX_SET_MOVE_EDGES} free edges"));
        }
        let after = self.game.play(&e.position, &e.mv, self.winner)?;
        let context = format!("after move {}", move_text(&e.mv));
        Ok(self.loser_turn(&after, e.depth - 1, index, &context)?.0)
    }

    /// Checks that from `p`, loser to move, the winner wins within `limit`
    /// more moves against every reply; returns the replies tried and the
    /// most moves any of them needs.
    pub fn loser_turn(&self, p: &Position, limit: u32, index: &Index, context: &str) -> Result<(usize, u32), String> {
        let loser = other(self.winner);
        match self.game.end(p, loser) {
            Some(End::Win(c)) if c == self.winner => return Ok((0, 0)),
            Some(end) => return Err(format!("{context} the game ends in {}", end_text(end))),
            None => {}
        }
        let mut most = 0;
        let tried = self.game.each_move(p, loser, &mut |next, reply| {
            let needed = match self.game.end(next, self.winner) {
                Some(End::Win(c)) if c == self.winner => return Ok(()),
                Some(end) => {
                    return Err(format!(
                        "{context}, the reply {reply} ends the game in {}",
                        end_text(end)
                    ));
                }
                None => index.depth_of(next),
            };
            match needed {
                Some(d) if d <= limit => {
                    most = most.max(d);
                    Ok(())
                }
                found => {
                    let found = found.map_or("none".to_string(), |d| format!("only depth {d}"));
                    Err(format!(
                        "{context} and the reply {reply} the position has no entry of depth <= {limit} \
                         ({found}): missing position"
                    ))
                }
            }
        })?;
        Ok((tried, most))
    }
}

/// The colour's name (`red`, `blue`).
pub fn name(c: Colour) -> &'static str {
    match c {
        Colour::Red => "red",
        Colour::Blue => "blue",
    }
}

fn end_text(end: End) -> String {
    match end {
        End::Win(c) => format!("a win of {}", name(c)),
        End::Draw => "a draw".to_string(),
    }
}

/// A move as written: `u-v` or `u-v,w-x,...`.
pub fn move_text(m: &[(usize, usize)]) -> String {
    m.iter().map(|(u, v)| format!("{u}-{v}")).collect::<Vec<_>>().join(",")
}
