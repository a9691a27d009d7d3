//! The heart of the checker: every entry must be closed.
//!
//! An entry `(P, m, d)` is closed when her move `m` is legal in `P` and
//! either completes a red `K_k`, or `d >= 2` and for every reply `e` of his
//! in `P + m`: `e` does not complete a blue `K_k`, the board is not full, and
//! `P + m + e` is isomorphic to the position of some entry of depth at most
//! `d - 1`, or she can complete a red `K_k` at once in `P + m + e` (such
//! positions need no entry: she wins with her next move, and `d - 1 >= 1`).
//! If every entry is closed and the empty board has an entry of
//! depth `D`, induction on `d` shows she wins within `D` moves (FORMAT.md).
//! Under the version-4 claim `every-option-wins` an entry lists several
//! moves, and each of them must be closed in this sense.

use crate::format::{parse_entry, Board, Entry, HEADER_LINES};
use crate::graph::{Colour, Graph};
use crate::iso::isomorphic;
use crate::table::Table;
use crate::Rejection;

/// The entries by the touched parts of their positions up to isomorphism
/// ([`Table`]). Keeps the body's lines, and parses a candidate again only
/// for a position too symmetric to have a canonical form.
pub struct Index<'a> {
    lines: Vec<&'a [u8]>,
    /// Entries list several moves (claim `every-option-wins`).
    lists: bool,
    table: Table,
}

/// The 1-based line number in the file of body line `i` (0-based): the
/// body starts on the line after the header's [`HEADER_LINES`].
pub fn line_number(i: usize) -> usize {
    HEADER_LINES + 1 + i
}

impl<'a> Index<'a> {
    /// Parses every line (rejecting the first malformed one) and indexes
    /// it; with `lists`, a line may list several moves.
    pub fn new(lines: Vec<&'a [u8]>, lists: bool) -> Result<Index<'a>, Rejection> {
        let mut table = Table::new();
        for (i, line) in lines.iter().enumerate() {
            let e = parse_entry(line_number(i), line, lists)?;
            let i = u32::try_from(i).map_err(|_| Rejection::unreadable("more than 2^32 entries"))?;
            table.add(0, &e.position.touched_part(), e.depth, i);
        }
        table.seal();
        Ok(Index { lines, lists, table })
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
        parse_entry(line_number(i), self.lines[i], self.lists).ok()
    }

    /// Whether entry `i`'s touched part is isomorphic to `part` (for a
    /// position without a canonical form).
    fn same(&self, i: usize, part: &Graph) -> bool {
        self.entry(i)
            .is_some_and(|e| isomorphic(part, &e.position.touched_part()))
    }

    /// The largest depth, at least `least`, of an entry whose position is
    /// isomorphic to `position` (version 9 looks up his entries this way:
    /// an entry holding her off for more moves holds her off for fewer).
    pub fn largest_depth_of(&self, position: &Graph, least: u32) -> Option<u32> {
        let part = position.touched_part();
        self.table
            .most(0, &part, |i| self.same(i, &part))
            .filter(|&d| d >= least)
    }

    /// The smallest depth of an entry whose position is isomorphic to `position`.
    pub fn depth_of(&self, position: &Graph) -> Option<u32> {
        let part = position.touched_part();
        self.table.least(0, &part, |i| self.same(i, &part))
    }
}

/// The game the certificate is about.
#[derive(Clone, Copy, Debug)]
pub struct Game {
    /// The board.
    pub board: Board,
    /// The target is `K_k`.
    pub k: usize,
}

impl Game {
    /// Whether every edge of the board is claimed (never on `K_aleph0`).
    pub(crate) fn is_full(&self, g: &Graph) -> bool {
        match self.board {
            Board::Infinite => false,
            Board::Complete(n) => g.count(Colour::Red) + g.count(Colour::Blue) == n * (n - 1) / 2,
        }
    }

    /// Every unclaimed edge of `g`. On `K_n` literally all of them. On
    /// `K_aleph0` the untouched vertices are interchangeable (swapping two of
    /// them fixes every claimed edge), so edges to one untouched vertex `f`
    /// and the edge between `f` and a second untouched vertex stand for all
    /// edges that leave the touched vertices (FORMAT.md).
    pub(crate) fn replies(&self, g: &Graph) -> Vec<(usize, usize)> {
        let touched = g.touched();
        let (vertices, extra): (Vec<usize>, Option<(usize, usize)>) = match self.board {
            Board::Complete(n) => ((0..n).collect(), None),
            Board::Infinite => {
                let f = g.order();
                let mut vs = touched.clone();
                vs.push(f);
                (vs, Some((f, f + 1)))
            }
        };
        let mut out = Vec::new();
        for (i, &u) in vertices.iter().enumerate() {
            for &v in &vertices[i + 1..] {
                if g.cell(u, v) == 0 {
                    out.push((u, v));
                }
            }
        }
        out.extend(extra);
        out
    }

    /// Whether she can complete a red `K_k` with her next edge. For `k >= 3`
    /// both ends of that edge have a red neighbour, so are touched; for
    /// `k = 2` any unclaimed edge does (and one exists: the board is not full).
    fn wins_at_once(&self, g: &Graph) -> bool {
        self.k == 2 || g.can_complete(&g.touched(), Colour::Red, self.k)
    }

    /// Why the entry is not a legal her-turn position with legal moves.
    fn legality(&self, e: &Entry) -> Result<(), String> {
        let p = &e.position;
        let (red, blue) = (p.count(Colour::Red), p.count(Colour::Blue));
        if red != blue {
            return Err(format!("not her turn: {red} red and {blue} blue edges"));
        }
        self.legality_of(p, &e.moves)
    }

    /// Why `p` is not a position of the game (a `K_k` complete, or more
    /// vertices than `K_n`) or `moves` are not unclaimed edges of the board.
    pub(crate) fn legality_of(&self, p: &Graph, moves: &[(usize, usize)]) -> Result<(), String> {
        if p.has_clique(Colour::Red, self.k) || p.has_clique(Colour::Blue, self.k) {
            return Err(format!("the position already contains a K{}", self.k));
        }
        let limit = match self.board {
            Board::Complete(n) if p.order() > n => return Err(format!("position has more than {n} vertices")),
            Board::Complete(n) => n,
            Board::Infinite => p.order() + 2,
        };
        for &(u, v) in moves {
            if u >= limit || v >= limit {
                return Err(format!("move {u}-{v} leaves the board (vertices below {limit})"));
            }
            if p.cell(u, v) != 0 {
                return Err(format!("move {u}-{v} is already claimed"));
            }
        }
        Ok(())
    }

    /// Checks that every move of `e` is closed; returns how many replies
    /// of his it examined.
    pub fn check_entry(&self, e: &Entry, index: &Index) -> Result<usize, String> {
        self.legality(e)?;
        e.moves
            .iter()
            .try_fold(0, |n, &m| Ok(n + self.check_move(e, m, index)?))
    }

    /// Checks that move `(u, v)` of entry `e` is closed.
    fn check_move(&self, e: &Entry, (u, v): (usize, usize), index: &Index) -> Result<usize, String> {
        if e.position.completes(u, v, Colour::Red, self.k) {
            return Ok(0);
        }
        let mut after = e.position.clone();
        after.claim(u, v, Colour::Red);
        if e.depth < 2 {
            return Err(format!("depth 1 but move {u}-{v} does not complete a red K{}", self.k));
        }
        let context = format!("after move {u}-{v}");
        Ok(self.check_replies(&after, e.depth - 1, index, &context)?.0)
    }

    /// Checks that every reply of his in `after` (him to move) leads to a
    /// position she wins within `limit` more moves; returns how many replies
    /// it examined and the most moves any of them needs.
    fn check_replies(&self, after: &Graph, limit: u32, index: &Index, context: &str) -> Result<(usize, u32), String> {
        let replies = self.replies(after);
        if replies.is_empty() || self.is_full(after) {
            return Err(format!("{context} the board is full without a red K{}: a draw", self.k));
        }
        let mut most = 0;
        for &(a, b) in &replies {
            if after.completes(a, b, Colour::Blue, self.k) {
                return Err(format!("{context}, his reply {a}-{b} completes a blue K{}", self.k));
            }
            let mut next = after.clone();
            next.claim(a, b, Colour::Blue);
            if self.is_full(&next) {
                return Err(format!("{context}, his reply {a}-{b} fills the board: a draw"));
            }
            let needed = if self.wins_at_once(&next) {
                Some(1)
            } else {
                index.depth_of(&next)
            };
            match needed {
                Some(d) if d <= limit => most = most.max(d),
                found => {
                    let found = found.map_or("none".to_string(), |d| format!("only depth {d}"));
                    return Err(format!(
                        "{context} and his reply {a}-{b} the position has no entry of depth <= {limit} \
                         ({found}): missing position"
                    ));
                }
            }
        }
        Ok((replies.len(), most))
    }

    /// Checks a subtree certificate's start position (him to move, no
    /// `K_k` yet): every reply leads to an entry. Returns her total moves
    /// (those on the board plus the most any reply needs) and the replies.
    pub fn check_start(&self, start: &Graph, bound: u32, index: &Index) -> Result<(u32, usize), String> {
        let (red, blue) = (start.count(Colour::Red), start.count(Colour::Blue));
        if red != blue + 1 {
            return Err(format!(
                "start position is not his turn: {red} red and {blue} blue edges"
            ));
        }
        if start.has_clique(Colour::Red, self.k) || start.has_clique(Colour::Blue, self.k) {
            return Err(format!("start position already contains a K{}", self.k));
        }
        if let Board::Complete(n) = self.board {
            if start.order() > n {
                return Err(format!("start position has more than {n} vertices"));
            }
        }
        let limit = bound.saturating_sub(red as u32);
        let (replies, most) = self.check_replies(start, limit, index, "from the start position")?;
        Ok((red as u32 + most, replies))
    }
}
