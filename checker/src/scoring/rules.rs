//! The rules and scores of Erdős' scoring games (version 6), written from
//! proofs/FORMAT.md alone (section "Version 6", after Cambie and
//! Provoost): the players colour one free board edge per turn until none
//! is left; then each scores a measure of the spanning graph of its colour
//! (the board's vertices, its edges). Nothing here comes from the engine.

use crate::game::closure::{Goal, OnMove, Rulebook};
use crate::game::position::{Position, Target, FREE};
use crate::graph::Colour;
use crate::iso::Cells;
use crate::text::{name_of, named};
use std::cmp::Ordering;
use std::fmt;

/// Which game: what a colour class scores.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Measure {
    /// The clique number (a lone vertex is a clique of 1).
    Clique,
    /// The maximum degree.
    Star,
    /// The vertices where more than half of the board's edges have the colour.
    VertexCapturing,
    /// The largest `m` with the Colex graph `C(m)` a subgraph.
    Colex,
}

const NAMES: [(Measure, &str); 4] = [
    (Measure::Clique, "clique"),
    (Measure::Star, "star"),
    (Measure::VertexCapturing, "vc"),
    (Measure::Colex, "colex"),
];

impl Measure {
    /// The game named `text`.
    pub fn parse(text: &str) -> Result<Measure, String> {
        named(&NAMES, text).ok_or_else(|| format!("unknown game `{}`", crate::text::clip(text)))
    }

    /// The game's name.
    pub fn name(self) -> &'static str {
        name_of(&NAMES, &self)
    }

    /// What colour `c` of `p` scores.
    pub fn score(self, p: &Position, c: Colour) -> u32 {
        self.score_filled(p, c, None)
    }

    /// What colour `c` scores in `p` with every free edge given to `fill`
    /// (`None`: `p` as it stands): [`Measure::score`] of [`Position::filled`],
    /// without building that position for the measures read off degrees
    /// (every reply's "settled" test asks it).
    pub fn score_filled(self, p: &Position, c: Colour, fill: Option<Colour>) -> u32 {
        if let (Some(f), Measure::Clique | Measure::Colex) = (fill, self) {
            return self.score(&p.filled(f), c);
        }
        let n = p.order();
        let mine = |x: u8| x == c as u8 || (x == FREE && fill == Some(c));
        // A row's diagonal is 0, never a colour or a board edge.
        let owned = |v: usize| p.row(v).iter().filter(|&&x| mine(x)).count();
        match self {
            Measure::Clique => clique_number(p, c, &mut Vec::new(), 0),
            Measure::Star => (0..n).map(owned).max().unwrap_or(0) as u32,
            Measure::VertexCapturing => {
                let degree = |v: usize| p.row(v).iter().filter(|&&x| x != 0).count();
                (0..n).filter(|&v| 2 * owned(v) > degree(v)).count() as u32
            }
            Measure::Colex => (1..)
                .take_while(|&m| colex_graph(m).in_colour(p, c))
                .last()
                .unwrap_or(0),
        }
    }
}

/// The largest clique of colour `c` extending `clique` by vertices from
/// `from` on: the clique number when called with none and 0.
fn clique_number(p: &Position, c: Colour, clique: &mut Vec<usize>, from: usize) -> u32 {
    let mut best = clique.len() as u32;
    for v in from..p.order() {
        if clique.iter().all(|&u| p.is(u, v, c)) {
            clique.push(v);
            best = best.max(clique_number(p, c, clique, v + 1));
            clique.pop();
        }
    }
    best
}

/// The Colex graph `C(m)`: the first `m` pairs `{a, b}`, `a < b`, ordered
/// by `b`, then `a`, on the fewest vertices that hold them.
fn colex_graph(m: u32) -> Target {
    let pairs: Vec<(usize, usize)> = (1..)
        .flat_map(|b| (0..b).map(move |a| (a, b)))
        .take(m as usize)
        .collect();
    let n = pairs.last().map_or(0, |&(_, b)| b + 1);
    Target::from_edges(n, &pairs)
}

/// A final score: Alice's (red's) points and Bob's (blue's), ordered as
/// the paper orders outcomes: by `a - b`, then by `a`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Points {
    /// Alice's (red's) points.
    pub alice: u32,
    /// Bob's (blue's) points.
    pub bob: u32,
}

impl Points {
    /// Where an outcome stands in the paper's order: the difference, then
    /// Alice's points.
    fn rank(&self) -> (i64, u32) {
        (i64::from(self.alice) - i64::from(self.bob), self.alice)
    }
}

impl Ord for Points {
    fn cmp(&self, other: &Points) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl PartialOrd for Points {
    fn partial_cmp(&self, other: &Points) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.alice, self.bob)
    }
}

/// A scoring game: which measure both colours score.
#[derive(Clone, Copy, Debug)]
pub struct Scoring {
    /// The measure.
    pub measure: Measure,
}

/// A scoring game's rules with its score: what a [`Bound`] needs (the
/// games on colourings here, on degree forms in [`super::degrees`]).
pub trait Scores: Rulebook<End = Points> {
    /// Both colours' scores in `p` with every free edge given to `fill`
    /// (`None`: as it stands).
    fn points(&self, p: &Position, fill: Option<Colour>) -> Points;
}

impl Scores for Scoring {
    fn points(&self, p: &Position, fill: Option<Colour>) -> Points {
        Points {
            alice: self.measure.score_filled(p, Colour::Red, fill),
            bob: self.measure.score_filled(p, Colour::Blue, fill),
        }
    }
}

impl Rulebook for Scoring {
    type End = Points;

    fn end(&self, p: &Position, _to_move: Colour) -> Option<Points> {
        (!p.has_free()).then(|| self.points(p, None))
    }

    fn play(&self, p: &Position, m: &[(usize, usize)], c: Colour) -> Result<Position, String> {
        let [(u, v)] = m[..] else {
            return Err("a move colours exactly one edge".into());
        };
        let mut next = p.clone();
        next.colour(u, v, c)?;
        Ok(next)
    }

    fn each_move(&self, p: &Position, c: Colour, f: OnMove) -> Result<usize, String> {
        let free = p.free_edges();
        for &(u, v) in &free {
            f(self.play(p, &[(u, v)], c)?, &[(u, v)])?;
        }
        Ok(free.len())
    }

    fn playable(&self, p: &Position, _to_move: Colour) -> Result<(), String> {
        match !p.has_free() {
            true => Err("no free edge is left: the game is over".into()),
            false => Ok(()),
        }
    }

    fn end_text(&self, end: Points) -> String {
        format!("the outcome {end}")
    }
}

/// What a strategy of version 6 or 13 must achieve: red (Alice) an outcome
/// of at least `t`, blue (Bob) one of at most `t`, in `game`.
#[derive(Clone, Copy, Debug)]
pub struct Bound<S> {
    /// The game.
    pub game: S,
    /// Whose claim: red (at least) or blue (at most).
    pub prover: Colour,
    /// The threshold.
    pub t: Points,
}

impl<S: Scores> Goal<S> for Bound<S> {
    fn accepts(&self, end: Points) -> bool {
        match self.prover {
            Colour::Red => end >= self.t,
            Colour::Blue => end <= self.t,
        }
    }

    /// Every measure only grows with a colour's edges, and the order only
    /// drops when an edge goes to blue instead of red; so the outcome with
    /// every free edge given to the other colour is the worst any play can
    /// end in for the prover. If it meets the claim, the claim holds.
    fn settled(&self, p: &Position) -> bool {
        let other = match self.prover {
            Colour::Red => Colour::Blue,
            Colour::Blue => Colour::Red,
        };
        self.accepts(self.game.points(p, Some(other)))
    }
}
