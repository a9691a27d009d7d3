//! The rules of graph Ramsey games (versions 3 and 5), written from
//! proofs/FORMAT.md alone (section "Version 3", "Rules"): legal moves, and
//! when and how a game ends; and what a claim needs of an end (a win, or
//! no loss). Nothing here comes from the engine.

use super::closure::{Goal, OnMove, Rulebook};
use super::position::{other, Position, Target};
use crate::graph::Colour;
use crate::text::{name_of, named};
use std::fmt;
use std::str::FromStr;

/// Most free edges at the start of a game whose moves are sets of edges
/// (the engine's cap): the checker tries every set.
pub const MAX_SET_MOVE_EDGES: usize = 21;

/// The rule sets (FORMAT.md gives each one's moves and ends).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Rules {
    /// Completing one's target wins; a full board is a draw.
    Achieve,
    /// As achieve, but a full board is a win of the second player.
    AchieveSecond,
    /// Only the first player's target counts; a full board without it is a
    /// win of the second player.
    Maker,
    /// Completing one's target is illegal; a player without a legal move loses.
    Avoid,
    /// Completing one's target loses; a full board is a draw.
    Misere,
    /// As avoid, but a move colours a nonempty set of free edges.
    AvoidPlus,
    /// As misere, but a move colours a nonempty set of free edges.
    MiserePlus,
    /// One common graph (Hajnal's triangle-free game for K3): every move
    /// adds its edge to the red class whoever moves; completing the target
    /// there is illegal; a player without a legal move loses.
    SharedAvoid,
}

const NAMES: [(Rules, &str); 8] = [
    (Rules::Achieve, "achieve"),
    (Rules::AchieveSecond, "achieve-second"),
    (Rules::Maker, "maker"),
    (Rules::Avoid, "avoid"),
    (Rules::Misere, "misere"),
    (Rules::AvoidPlus, "avoid-plus"),
    (Rules::MiserePlus, "misere-plus"),
    (Rules::SharedAvoid, "shared-avoid"),
];

impl FromStr for Rules {
    type Err = String;
    fn from_str(s: &str) -> Result<Rules, String> {
        named(&NAMES, s).ok_or_else(|| format!("unknown rules `{}`", crate::text::clip(s)))
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(name_of(&NAMES, self))
    }
}

impl Rules {
    /// Whether a move is a nonempty set of edges.
    pub fn sets(self) -> bool {
        matches!(self, Rules::AvoidPlus | Rules::MiserePlus)
    }

    /// Whether completing one's own target is illegal.
    pub fn forbids(self) -> bool {
        matches!(self, Rules::Avoid | Rules::AvoidPlus | Rules::SharedAvoid)
    }

    /// The colour class a move of `c` adds its edges to: `c`'s own, or
    /// under shared-avoid the one common graph, written red.
    pub fn class(self, c: Colour) -> Colour {
        match self {
            Rules::SharedAvoid => Colour::Red,
            _ => c,
        }
    }
}

/// How a game ended: a colour won, or a draw.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum End {
    /// This colour won.
    Win(Colour),
    /// Nobody won.
    Draw,
}

/// A game: rules, board, targets, who moved first.
#[derive(Clone, Debug)]
pub struct Game {
    /// The rules.
    pub rules: Rules,
    /// Targets of red and blue.
    pub targets: [Target; 2],
    /// The colour that moved first.
    pub first: Colour,
}

impl Game {
    fn target(&self, c: Colour) -> &Target {
        &self.targets[c as usize - 1]
    }

    /// Whether `c`'s target matters (under maker only the first player's).
    pub fn counts(&self, c: Colour) -> bool {
        self.rules != Rules::Maker || c == self.first
    }

    /// Whether `c` owns a copy of its target in `p` (under shared-avoid:
    /// whether the common graph, the red class, contains it).
    pub fn owns(&self, p: &Position, c: Colour) -> bool {
        self.target(c).in_colour(p, self.rules.class(c))
    }

    /// Whether a move of `c` after which `c`'s colour class has the
    /// neighbour sets `rows` ([`Position::rows`]) is illegal: under avoid
    /// rules, when that class holds `c`'s target. The one statement of the
    /// avoid rule: [`Game::play`], [`Game::each_move`] and [`Game::end`]
    /// all ask it.
    fn illegal(&self, rows: &[u128], c: Colour) -> bool {
        self.rules.forbids() && self.target(c).within(rows)
    }

    /// [`Game::illegal`] for the move of the one free edge `(u, v)`, given
    /// `rows`, `c`'s class before it; `rows` is left as it was.
    fn illegal_edge(&self, rows: &mut [u128], (u, v): (usize, usize), c: Colour) -> bool {
        let (ru, rv) = (rows[u], rows[v]);
        rows[u] |= 1 << v;
        rows[v] |= 1 << u;
        let illegal = self.illegal(rows, c);
        (rows[u], rows[v]) = (ru, rv);
        illegal
    }

    /// Why `p` is not a position where the game goes on with `to_move` to
    /// move: someone owns a target that counts, or the mover cannot move.
    fn goes_on(&self, p: &Position, to_move: Colour) -> Result<(), String> {
        for c in [Colour::Red, Colour::Blue] {
            if self.counts(c) && self.owns(p, c) {
                return Err(format!("{} owns its target: the game is over", name(c)));
            }
        }
        match self.end(p, to_move) {
            None => Ok(()),
            Some(_) => Err(format!("{} cannot move: the game is over", name(to_move))),
        }
    }

    /// `p` with the edges of `m` coloured for `c`, if `m` is a legal move
    /// of `c` in `p`: nonempty, one edge unless the rules take sets, free
    /// board edges, and under avoid rules not completing `c`'s target.
    pub fn play(&self, p: &Position, m: &[(usize, usize)], c: Colour) -> Result<Position, String> {
        if m.is_empty() || (m.len() > 1 && !self.rules.sets()) {
            return Err(format!("a move under {} colours exactly one edge", self.rules));
        }
        let mut next = p.clone();
        for &(u, v) in m {
            next.colour(u, v, self.rules.class(c))?;
        }
        if self.illegal(&next.rows(self.rules.class(c)), c) {
            return Err(format!(
                "the move completes the mover's target: illegal under {}",
                self.rules
            ));
        }
        Ok(next)
    }

    /// The end of the game at `p` with `to_move` to move (the other colour
    /// made the last move), or `None` while it goes on.
    pub fn end(&self, p: &Position, to_move: Colour) -> Option<End> {
        let last = other(to_move);
        if !self.rules.forbids() && self.counts(last) && self.owns(p, last) {
            return Some(match self.rules {
                Rules::Misere | Rules::MiserePlus => End::Win(to_move),
                _ => End::Win(last),
            });
        }
        let free = p.free_edges();
        let stuck = match self.rules.forbids() {
            true => {
                let mut rows = p.rows(self.rules.class(to_move));
                free.iter().all(|&e| self.illegal_edge(&mut rows, e, to_move))
            }
            false => free.is_empty(),
        };
        stuck.then_some(match self.rules {
            Rules::Avoid | Rules::AvoidPlus | Rules::SharedAvoid => End::Win(last),
            Rules::Achieve | Rules::Misere | Rules::MiserePlus => End::Draw,
            Rules::AchieveSecond | Rules::Maker => End::Win(other(self.first)),
        })
    }

    /// Calls `f` with every position after a legal move of `c` in `p`, and
    /// the move; stops at the first error. Set moves: every nonempty set of
    /// free edges, except that a set whose colour class contains `c`'s
    /// target is not extended (under avoid rules it and every superset are
    /// illegal; otherwise every superset also completes the target, so it
    /// ends the game the same way). Returns the number of moves tried.
    pub fn each_move(&self, p: &Position, c: Colour, f: OnMove) -> Result<usize, String> {
        let free = p.free_edges();
        if !self.rules.sets() {
            // The moves `play` accepts: free edges, under avoid rules those
            // that do not complete the mover's target (`tests` below).
            let mut rows = p.rows(self.rules.class(c));
            let mut tried = 0;
            for &e in &free {
                if !self.illegal_edge(&mut rows, e, c) {
                    let mut next = p.clone();
                    next.colour(e.0, e.1, self.rules.class(c))?;
                    f(next, &[e])?;
                    tried += 1;
                }
            }
            return Ok(tried);
        }
        self.extend_sets(p, c, &free, &mut Vec::new(), f)
    }

    /// The set moves of `c` at `p` that add edges of `free` to `set` (the
    /// edges before them, already coloured in `p`).
    fn extend_sets(
        &self,
        p: &Position,
        c: Colour,
        free: &[(usize, usize)],
        set: &mut Vec<(usize, usize)>,
        f: OnMove,
    ) -> Result<usize, String> {
        let mut tried = 0;
        for (i, &(u, v)) in free.iter().enumerate() {
            let mut next = p.clone();
            next.colour(u, v, self.rules.class(c))?;
            let rows = next.rows(self.rules.class(c));
            if self.illegal(&rows, c) {
                continue;
            }
            let completes = self.target(c).within(&rows);
            set.push((u, v));
            f(next.clone(), set)?;
            tried += 1;
            if !completes {
                tried += self.extend_sets(&next, c, &free[i + 1..], set, f)?;
            }
            set.pop();
        }
        Ok(tried)
    }
}

impl Rulebook for Game {
    type End = End;

    fn end(&self, p: &Position, to_move: Colour) -> Option<End> {
        Game::end(self, p, to_move)
    }

    fn play(&self, p: &Position, m: &[(usize, usize)], c: Colour) -> Result<Position, String> {
        Game::play(self, p, m, c)
    }

    fn each_move(&self, p: &Position, c: Colour, f: OnMove) -> Result<usize, String> {
        Game::each_move(self, p, c, f)
    }

    fn playable(&self, p: &Position, to_move: Colour) -> Result<(), String> {
        self.goes_on(p, to_move)?;
        if self.rules.sets() && p.free_edges().len() > MAX_SET_MOVE_EDGES {
            return Err(format!("more than {MAX_SET_MOVE_EDGES} free edges"));
        }
        Ok(())
    }

    fn end_text(&self, end: End) -> String {
        match end {
            End::Win(c) => format!("a win of {}", name(c)),
            End::Draw => "a draw".to_string(),
        }
    }
}

/// What a Ramsey game claim needs of the end: the prover's win (version
/// 3), or anything but the other colour's win (version 5, a draw's two
/// halves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    /// This colour wins.
    Win(Colour),
    /// This colour does not lose.
    NotLose(Colour),
}

impl Goal<Game> for Aim {
    fn accepts(&self, end: End) -> bool {
        match *self {
            Aim::Win(c) => end == End::Win(c),
            Aim::NotLose(c) => end != End::Win(other(c)),
        }
    }
}

/// The colour's name (`red`, `blue`).
pub fn name(c: Colour) -> &'static str {
    match c {
        Colour::Red => "red",
        Colour::Blue => "blue",
    }
}

#[cfg(test)]
mod tests;
