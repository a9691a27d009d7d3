//! Erdős' scoring games on degenerate boards (no edges, one edge, isolated
//! vertices): every search the `erdos` command runs (the exact value with
//! its line, who wins, the engine's exact solver) against plain minimax
//! over labelled colourings with scores of its own, computed from the
//! paper's definitions on the spanning colour classes `(V(G), A)` and
//! `(V(G), B)` (Cambie and Provoost, Section 1; `scoring.rs`, "The empty
//! colour class"): no symmetry, no bounds, no library scoring.

use ramsey_verify::analysis::erdos::{solve, Found};
use ramsey_verify::core::board::{Board, Edge, Player, Position};
use ramsey_verify::core::canon::canonical_position;
use ramsey_verify::engine::{Limits, Solver};
use ramsey_verify::games::prelude::*;
use ramsey_verify::games::scoring::{Points, Scoring, ScoringGame};
use std::collections::{HashMap, HashSet};

/// A colour class on the board's `n` vertices: its edges as index pairs.
struct Class<'a> {
    n: usize,
    edges: &'a [(usize, usize)],
}

impl Class<'_> {
    fn adjacent(&self, u: usize, v: usize) -> bool {
        self.edges.iter().any(|&(a, b)| (a, b) == (u, v) || (a, b) == (v, u))
    }

    fn degree(&self, v: usize) -> usize {
        self.edges.iter().filter(|&&(a, b)| a == v || b == v).count()
    }

    /// The largest vertex set that is a clique (a lone vertex is one).
    fn clique_number(&self) -> usize {
        (0u32..1 << self.n)
            .filter(|set| {
                let members: Vec<usize> = (0..self.n).filter(|&v| set >> v & 1 == 1).collect();
                members
                    .iter()
                    .enumerate()
                    .all(|(i, &u)| members[i + 1..].iter().all(|&v| self.adjacent(u, v)))
            })
            .map(|set| set.count_ones() as usize)
            .max()
            .unwrap_or(0)
    }

    /// Whether the graph with `edges` on vertices `0..k` maps injectively into this class.
    fn contains(&self, k: usize, edges: &[(usize, usize)]) -> bool {
        fn extend(class: &Class, k: usize, edges: &[(usize, usize)], image: &mut Vec<usize>) -> bool {
            if image.len() == k {
                return edges.iter().all(|&(a, b)| class.adjacent(image[a], image[b]));
            }
            for v in 0..class.n {
                if image.contains(&v) {
                    continue;
                }
                image.push(v);
                if extend(class, k, edges, image) {
                    return true;
                }
                image.pop();
            }
            false
        }
        k <= self.n && extend(self, k, edges, &mut Vec::new())
    }

    /// The largest `m` with the Colex graph `C(m)` (the first `m` pairs in
    /// colex order: by larger end, then smaller end) a subgraph.
    fn colex_score(&self) -> usize {
        let order: Vec<(usize, usize)> = (1..=self.n).flat_map(|j| (0..j).map(move |i| (i, j))).collect();
        (1..=self.edges.len())
            .take_while(|&m| {
                let k = order[m - 1].1 + 1;
                self.contains(k, &order[..m])
            })
            .last()
            .unwrap_or(0)
    }
}

/// The final score of a colouring, from the definitions.
fn score(
    scoring: Scoring,
    n: usize,
    board: &[(usize, usize)],
    red: &[(usize, usize)],
    blue: &[(usize, usize)],
) -> (i32, i32) {
    let all = Class { n, edges: board };
    let measure = |own: &[(usize, usize)]| {
        let class = Class { n, edges: own };
        (match scoring {
            Scoring::Clique => class.clique_number(),
            Scoring::Star => (0..n).map(|v| class.degree(v)).max().unwrap_or(0),
            Scoring::VertexCapturing => (0..n).filter(|&v| 2 * class.degree(v) > all.degree(v)).count(),
            Scoring::Colex => class.colex_score(),
        }) as i32
    };
    (measure(red), measure(blue))
}

/// Plain minimax: Alice maximises `(a - b, a)`, Bob minimises it.
fn minimax(
    scoring: Scoring,
    n: usize,
    board: &[(usize, usize)],
    owner: &mut Vec<Option<Player>>,
    memo: &mut HashMap<Vec<Option<Player>>, (i32, i32)>,
) -> (i32, i32) {
    if let Some(&v) = memo.get(owner) {
        return v;
    }
    let coloured = owner.iter().filter(|o| o.is_some()).count();
    let value = if coloured == board.len() {
        let class = |p| -> Vec<(usize, usize)> {
            board
                .iter()
                .zip(owner.iter())
                .filter(|(_, o)| **o == Some(p))
                .map(|(e, _)| *e)
                .collect()
        };
        score(scoring, n, board, &class(Player::First), &class(Player::Second))
    } else {
        let mover = if coloured % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        let key = |v: (i32, i32)| (v.0 - v.1, v.0);
        let mut best: Option<(i32, i32)> = None;
        for i in 0..board.len() {
            if owner[i].is_none() {
                owner[i] = Some(mover);
                let v = minimax(scoring, n, board, owner, memo);
                owner[i] = None;
                let better = best.is_none_or(|b| match mover {
                    Player::First => key(v) > key(b),
                    Player::Second => key(v) < key(b),
                });
                if better {
                    best = Some(v);
                }
            }
        }
        best.expect("a free edge")
    };
    memo.insert(owner.clone(), value);
    value
}

/// Every degenerate board on 0 to 5 vertices, one per isomorphism class:
/// no edges, one edge, or an isolated vertex.
fn degenerate_boards() -> Vec<(usize, Vec<(usize, usize)>)> {
    let mut seen = HashSet::new();
    let mut boards = Vec::new();
    for n in 0..=5usize {
        let pairs: Vec<(usize, usize)> = (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))).collect();
        for mask in 0u32..1 << pairs.len() {
            let edges: Vec<(usize, usize)> = (0..pairs.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| pairs[i])
                .collect();
            let isolated = (0..n).any(|v| !edges.iter().any(|&(a, b)| a == v || b == v));
            let position = board_position(n, &edges);
            if (edges.len() <= 1 || isolated) && seen.insert((n, canonical_position(&position).key)) {
                boards.push((n, edges));
            }
        }
    }
    boards
}

fn board_position(n: usize, edges: &[(usize, usize)]) -> Position {
    match n {
        0 => Position::empty(Board::complete_graph(0)),
        _ => Position::on_graph(n, edges.iter().map(|&(u, v)| Edge::new(u as u8, v as u8))),
    }
}

#[test]
fn every_scoring_game_on_degenerate_boards_agrees_with_plain_minimax() {
    let boards = degenerate_boards();
    // 0 and 1 vertex: one board each; 2 and 3: no edge or one edge (P3 and
    // K3 have no isolated vertex); 4 and 5: a graph on 3 or 4 vertices
    // plus an isolated vertex (4 and 11 graphs).
    assert_eq!(boards.len(), 1 + 1 + 2 + 2 + 4 + 11);
    let mut checked = 0;
    for (n, edges) in &boards {
        let board = board_position(*n, edges);
        for scoring in Scoring::ALL {
            let game = ScoringGame::new(scoring, &board, &[]).unwrap();
            let (a, b) = minimax(scoring, *n, edges, &mut vec![None; edges.len()], &mut HashMap::new());
            let expected = Points {
                alice: a as u8,
                bob: b as u8,
            };
            let what = format!("{scoring:?} on {n} vertices, edges {edges:?}");
            let exact = solve(&game, Limits::default(), false).unwrap();
            let Found::Exact { outcome, .. } = exact.found else {
                panic!("{what}: not exact")
            };
            assert_eq!(outcome, expected, "{what}: threshold search");
            assert_eq!(
                Solver::new(&game).value(&game.start()).unwrap().score,
                expected,
                "{what}: exact solver"
            );
            let winner = solve(&game, Limits::default(), true).unwrap();
            let (at_least, at_most) = winner.found.bounds();
            assert!(
                at_least.is_none_or(|l| l <= expected) && at_most.is_none_or(|h| h >= expected),
                "{what}: who wins"
            );
            let Found::Winner(w) = winner.found else {
                panic!("{what}: not who wins")
            };
            assert_eq!(w.winner, expected.winner(scoring), "{what}: winner");
            checked += 1;
        }
    }
    assert_eq!(checked, 4 * boards.len());
}

#[test]
fn an_edgeless_colour_class_has_clique_number_one() {
    // K2 and C(1): Alice takes the edge (a K2), Bob keeps a lone vertex (a K1).
    for board in [
        Position::empty(Board::complete_graph(2)),
        Position::on_graph(2, [Edge::new(0, 1)]),
    ] {
        let game = ScoringGame::new(Scoring::Clique, &board, &[]).unwrap();
        let exact = solve(&game, Limits::default(), false).unwrap();
        assert!(
            matches!(
                exact.found,
                Found::Exact {
                    outcome: Points { alice: 2, bob: 1 },
                    ..
                }
            ),
            "{:?}",
            exact.found
        );
    }
    // No vertex at all: no clique, not even a K1.
    let empty = ScoringGame::new(Scoring::Clique, &Position::empty(Board::complete_graph(0)), &[]).unwrap();
    assert_eq!(empty.points(&empty.start()), Points { alice: 0, bob: 0 });
}
