//! Version 13: the Star and vertex-capturing games played on *degree
//! forms*, written from proofs/FORMAT.md ("Version 13") alone.
//!
//! A degree form is what is left of a position when the colours of the
//! coloured edges are forgotten: the graph of free board edges and, per
//! vertex, how many red and how many blue edges it has. A move of colour
//! `c` on the free edge `u-v` removes `u-v` from the free graph and adds
//! one to `c`'s count at `u` and at `v`; the game ends when no free edge
//! is left, and each colour scores from the final counts alone (Star: its
//! largest count; vertex-capturing: the vertices where its count is more
//! than half of the vertex's board edges, which are its red, blue and free
//! edges).
//!
//! **Why the game on degree forms has the value of the game on colourings**
//! (our argument, not the paper's). Let `D` map a position to its degree
//! form. The free edges of `P` are those of `D(P)`, so both have the same
//! moves; colouring a free edge and then taking `D` is the same as taking
//! `D` and then playing that edge on the form; both games end at the same
//! time (no free edge), and the version-6 Star and VC scores of a colouring
//! are the scores above of its form (a colour's degree at `v` is its count;
//! the board's degree is red + blue + free). So every play of one game is a
//! play of the other with the same outcome, and a strategy on forms is
//! played on colourings by answering at `P` what the strategy answers at
//! `D(P)`: by induction on the free edges, whatever one side can force in
//! one game it can force in the other. Forms that an isomorphism (a vertex
//! bijection keeping free edges and both counts) maps onto each other have
//! the same value, as relabelling keeps every count and so every score.
//!
//! A form is held as a [`Position`] whose free edges are [`FREE`], whose
//! other pairs are 0, and whose vertex marks ([`Position::mark`]) are
//! `1 + 16 * red + blue`: the canonical forms and isomorphism tests of
//! [`crate::canon`] and [`crate::iso`] then keep both counts. A vertex has
//! at most 15 edges (red + blue + free, checked when read), so a mark fits
//! a byte and no move can overflow one.

use super::rules::{Measure, Points, Scores};
use crate::game::closure::{OnMove, Rulebook};
use crate::game::position::{Position, FREE};
use crate::graph::Colour;
use crate::iso::Cells;
use crate::text::{clip, decode_graph6};

/// Most edges at a vertex of a degree form (its mark must fit a byte).
pub const MAX_DEGREE: usize = 15;

/// The Star or vertex-capturing game on degree forms.
#[derive(Clone, Copy, Debug)]
pub struct Degrees {
    /// [`Measure::Star`] or [`Measure::VertexCapturing`].
    pub measure: Measure,
}

/// The red and blue counts at `v`.
fn counts(p: &Position, v: usize) -> [usize; 2] {
    let m = usize::from(p.mark(v)).saturating_sub(1);
    [m / 16, m % 16]
}

/// The free edges at `v` (the mark, `v`'s code with itself, is no edge).
fn free(p: &Position, v: usize) -> usize {
    (0..p.order()).filter(|&w| w != v && p.cell(v, w) == FREE).count()
}

/// Sets `v`'s mark to the counts `[red, blue]`, or says why they are too many.
fn set_counts(p: &mut Position, v: usize, [red, blue]: [usize; 2]) -> Result<(), String> {
    if red + blue + free(p, v) > MAX_DEGREE {
        return Err(format!("vertex {v} has more than {MAX_DEGREE} edges"));
    }
    p.set_mark(v, (1 + 16 * red + blue) as u8);
    Ok(())
}

/// The degree form of a colouring `p` (a version-6 position on a board).
pub fn form_of(p: &Position) -> Result<Position, String> {
    let n = p.order();
    let mut form = Position::board(n, &p.free_edges());
    for v in 0..n {
        let count = |c: Colour| (0..n).filter(|&w| p.is(v, w, c)).count();
        set_counts(&mut form, v, [count(Colour::Red), count(Colour::Blue)])?;
    }
    Ok(form)
}

/// Reads a form `FREE:COUNTS` on the `board`'s vertices: the free graph in
/// graph6, then per vertex its red and its blue count as two hex digits.
pub fn parse(board: &Position, text: &str) -> Result<Position, String> {
    let Some((graph, digits)) = text.split_once(':') else {
        return Err(format!("degree form `{}` is not FREE:COUNTS", clip(text)));
    };
    let (n, edges) = decode_graph6(graph).map_err(|e| format!("free graph: {e}"))?;
    if n != board.order() || digits.len() != 2 * n {
        return Err(format!(
            "degree form `{}` is not on the board's {} vertices",
            clip(text),
            board.order()
        ));
    }
    if !digits.is_ascii() {
        return Err(format!("counts `{}` are not hex digits", clip(digits)));
    }
    let hex = |i: usize| char::from(digits.as_bytes()[i]).to_digit(16).map(|d| d as usize);
    let mut form = Position::board(n, &edges);
    for v in 0..n {
        let (Some(red), Some(blue)) = (hex(2 * v), hex(2 * v + 1)) else {
            return Err(format!("counts `{}` are not hex digits", clip(digits)));
        };
        set_counts(&mut form, v, [red, blue])?;
    }
    Ok(form)
}

impl Scores for Degrees {
    fn points(&self, p: &Position, fill: Option<Colour>) -> Points {
        let n = p.order();
        let score = |c: Colour| {
            let own = |v: usize| counts(p, v)[c as usize - 1] + if fill == Some(c) { free(p, v) } else { 0 };
            let total = |v: usize| counts(p, v).iter().sum::<usize>() + free(p, v);
            match self.measure {
                Measure::Star => (0..n).map(own).max().unwrap_or(0),
                _ => (0..n).filter(|&v| 2 * own(v) > total(v)).count(),
            }
        };
        Points {
            alice: score(Colour::Red) as u32,
            bob: score(Colour::Blue) as u32,
        }
    }
}

impl Rulebook for Degrees {
    type End = Points;

    fn end(&self, p: &Position, _to_move: Colour) -> Option<Points> {
        (0..p.order()).all(|v| free(p, v) == 0).then(|| self.points(p, None))
    }

    fn play(&self, p: &Position, m: &[(usize, usize)], c: Colour) -> Result<Position, String> {
        let [(u, v)] = m[..] else {
            return Err("a move takes exactly one edge".into());
        };
        if u == v || u >= p.order() || v >= p.order() || p.cell(u, v) != FREE {
            return Err(format!("{u}-{v} is not a free edge"));
        }
        let mut next = p.clone();
        next.remove(u, v);
        for w in [u, v] {
            let mut count = counts(&next, w);
            count[c as usize - 1] += 1;
            set_counts(&mut next, w, count)?;
        }
        Ok(next)
    }

    fn each_move(&self, p: &Position, c: Colour, f: OnMove) -> Result<usize, String> {
        let n = p.order();
        let free: Vec<(usize, usize)> = (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
            .filter(|&(u, v)| p.cell(u, v) == FREE)
            .collect();
        for &m in &free {
            f(self.play(p, &[m], c)?, &[m])?;
        }
        Ok(free.len())
    }

    fn playable(&self, p: &Position, to_move: Colour) -> Result<(), String> {
        match self.end(p, to_move) {
            Some(_) => Err("no free edge is left: the game is over".into()),
            None => Ok(()),
        }
    }

    fn end_text(&self, end: Points) -> String {
        format!("the outcome {end}")
    }
}
