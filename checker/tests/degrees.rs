//! Version 13's claim, tested: the Star and vertex-capturing games played
//! on degree forms (the checker's [`Degrees`] rules) have the value of the
//! games played on colourings, computed here by plain minimax over red and
//! blue edge sets with this file's own scores, on every graph of up to six
//! vertices (up to isomorphism), Alice first and Bob first. And version-13
//! certificates written by hand: the Star game on the path P3 (`Bg`).

use ramsey_cert_check::game::closure::Rulebook;
use ramsey_cert_check::game::position::Position;
use ramsey_cert_check::graph::Colour;
use ramsey_cert_check::iso::Cells;
use ramsey_cert_check::scoring::degrees::{form_of, Degrees};
use ramsey_cert_check::scoring::rules::{Measure, Points};
use std::collections::HashMap;
mod common;
use common::{invalid_at, sealed};
use ramsey_cert_check::check;

/// A board: its order and its edges.
type Board = (usize, Vec<(usize, usize)>);

/// Plain minimax over edge sets: `red`, `blue` are bit sets over `edges`.
struct Plain<'a> {
    board: &'a Board,
    measure: Measure,
    /// Values by position (edge `i` a base-3 digit: 1 red, 2 blue),
    /// `alice << 16 | bob`, or `u32::MAX` while unknown.
    memo: Vec<u32>,
}

impl Plain<'_> {
    /// Both scores when every edge is coloured.
    fn score(&self, red: u32, blue: u32) -> (u32, u32) {
        let (n, edges) = self.board;
        // Vertex v's edges as a bit set over `edges`.
        let at = |v: usize| {
            (0..edges.len())
                .filter(|&i| edges[i].0 == v || edges[i].1 == v)
                .fold(0u32, |s, i| s | 1 << i)
        };
        let at: Vec<u32> = (0..*n).map(at).collect();
        let points = |own: u32| match self.measure {
            Measure::Star => at.iter().map(|a| (own & a).count_ones()).max().unwrap_or(0),
            _ => at
                .iter()
                .filter(|&&a| 2 * (own & a).count_ones() > a.count_ones())
                .count() as u32,
        };
        (points(red), points(blue))
    }

    /// The value with `red` and `blue` coloured (`index` in [`Plain::memo`]),
    /// Alice to move if `alice`.
    fn value(&mut self, (red, blue, index): (u32, u32, usize), alice: bool) -> (u32, u32) {
        let m = self.board.1.len();
        if (red | blue).count_ones() as usize == m {
            return self.score(red, blue);
        }
        if self.memo[index] != u32::MAX {
            return (self.memo[index] >> 16, self.memo[index] & 0xffff);
        }
        let rank = |p: (u32, u32)| (i64::from(p.0) - i64::from(p.1), p.0);
        let free = (0..m).filter(|&i| (red | blue) >> i & 1 == 0);
        let values: Vec<(u32, u32)> = free
            .map(|i| match alice {
                true => self.value((red | 1 << i, blue, index + 3usize.pow(i as u32)), false),
                false => self.value((red, blue | 1 << i, index + 2 * 3usize.pow(i as u32)), true),
            })
            .collect();
        let best = match alice {
            true => values.into_iter().max_by_key(|&p| rank(p)),
            false => values.into_iter().min_by_key(|&p| rank(p)),
        }
        .expect("a free edge");
        self.memo[index] = best.0 << 16 | best.1;
        best
    }
}

/// A form's codes as one word: its free pairs as bits, then its marks, a
/// byte each (at most 15 pairs and 6 vertices here).
fn packed(p: &Position) -> u64 {
    let n = p.order();
    let pairs = (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v)));
    let free = pairs
        .enumerate()
        .fold(0u64, |s, (i, (u, v))| s | u64::from(p.cell(u, v) != 0) << i);
    (0..n).fold(free, |s, v| s | u64::from(p.mark(v)) << (16 + 8 * v))
}

/// Minimax on degree forms with the checker's rules, memo by [`packed`]
/// (the mover is fixed by the number of coloured edges).
fn by_forms(rules: &Degrees, p: &Position, c: Colour, memo: &mut HashMap<u64, Points>) -> Points {
    if let Some(end) = rules.end(p, c) {
        return end;
    }
    let key = packed(p);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let other = if c == Colour::Red { Colour::Blue } else { Colour::Red };
    let mut children = Vec::new();
    rules
        .each_move(p, c, &mut |next, _| {
            children.push(next);
            Ok(())
        })
        .unwrap();
    let values = children.iter().map(|q| by_forms(rules, q, other, memo));
    let best = match c {
        Colour::Red => values.max(),
        Colour::Blue => values.min(),
    }
    .expect("a free edge");
    memo.insert(key, best);
    best
}

/// Every graph on `n` vertices up to isomorphism: the edge sets that are
/// the least of their images under every vertex permutation.
fn graphs(n: usize) -> Vec<Board> {
    let pairs: Vec<(usize, usize)> = (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))).collect();
    let index = |u: usize, v: usize| pairs.iter().position(|&p| p == (u.min(v), u.max(v))).unwrap();
    let mut perms: Vec<Vec<usize>> = vec![vec![]];
    for k in 0..n {
        perms = perms
            .into_iter()
            .flat_map(|p| (0..=k).map(move |at| [&p[..at], &[k], &p[at..]].concat()))
            .collect();
    }
    let maps: Vec<Vec<usize>> = perms
        .iter()
        .map(|p| pairs.iter().map(|&(u, v)| index(p[u], p[v])).collect())
        .collect();
    (0u32..1 << pairs.len())
        .filter(|&set| {
            maps.iter().all(|map| {
                let image = (0..pairs.len())
                    .filter(|&i| set >> i & 1 == 1)
                    .fold(0u32, |s, i| s | 1 << map[i]);
                image >= set
            })
        })
        .map(|set| {
            (
                n,
                (0..pairs.len())
                    .filter(|&i| set >> i & 1 == 1)
                    .map(|i| pairs[i])
                    .collect(),
            )
        })
        .collect()
}

#[test]
fn degree_forms_have_the_games_value_on_every_graph_up_to_six_vertices() {
    let mut boards = 0;
    for n in 1..=6 {
        for board in graphs(n) {
            let empty = Position::board(n, &board.1);
            let start = form_of(&empty).unwrap();
            for measure in [Measure::Star, Measure::VertexCapturing] {
                let rules = Degrees { measure };
                for alice in [true, false] {
                    let mut plain = Plain {
                        board: &board,
                        measure,
                        memo: vec![u32::MAX; 3usize.pow(board.1.len() as u32)],
                    };
                    let (a, b) = plain.value((0, 0, 0), alice);
                    let first = if alice { Colour::Red } else { Colour::Blue };
                    let forms = by_forms(&rules, &start, first, &mut HashMap::new());
                    assert_eq!(
                        (forms.alice, forms.bob),
                        (a, b),
                        "{measure:?} on {board:?}, Alice first {alice}"
                    );
                }
            }
            boards += 1;
        }
    }
    // 1, 2, 4, 11, 34 and 156 graphs on 1 to 6 vertices.
    assert_eq!(boards, 208);
}

/// Alice takes 0-1 (1-2 is its mirror image), then Bob takes 1-2: the
/// forms are the free graph and each vertex's red and blue counts.
const P3: [&str; 2] = ["red Bg:000000 0-1", "blue BG:101000 1-2"];

fn certificate(game: &str, claims: &str, body: &[&str]) -> String {
    let head = format!("ramsey-cert 13\ntool by hand\ngame {game}\nboard Bg\nstart B?:B?\nto-move red\n{claims}\n");
    sealed(&head, body)
}

#[test]
fn hand_written_degree_forms_are_checked() {
    let both = "at-least 1 1\nat-most 1 1";
    let s = check(certificate("star", both, &P3).as_bytes(), 1).unwrap();
    let json = ramsey_cert_check::verdict_json(&Ok(s));
    assert_eq!(
        (json["format"].as_u64(), json["value"][0].as_u64()),
        (Some(13), Some(1))
    );
    // A false claim, a move on a coloured edge, a wrong count, bad digits.
    invalid_at(
        &certificate("star", "at-least 2 1\nat-most 1 1", &P3),
        Some(11),
        "the outcome (1, 1)",
    );
    invalid_at(
        &certificate("star", both, &["red Bg:000000 0-2", P3[1]]),
        Some(11),
        "not a free edge",
    );
    invalid_at(
        &certificate("star", both, &[P3[0], "blue BG:101001 1-2"]),
        None,
        "missing position",
    );
    invalid_at(
        &certificate("star", both, &[P3[0], "blue BG:10100z 1-2"]),
        Some(12),
        "hex digits",
    );
    invalid_at(&certificate("star", both, &P3[..1]), None, "missing position");
    invalid_at(&certificate("clique", both, &P3), None, "star and vc");
}
