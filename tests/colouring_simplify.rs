//! The simplifications of the colouring games' canonical form (safe
//! components become tokens; tokens count modulo 2 when only the winner is
//! asked: `lib/src/games/colouring/canonical.rs`) and the CCG's ending
//! moves (`Hints::ending_move`) against a plain minimax over labelled
//! positions: no canonical form, no orbits, no simplification, memoised on
//! the colouring. Player 1's quick wins of the CCG asked only who wins are
//! checked the same way. Every graph with up to 7 vertices, one per isomorphism
//! class, all four rule sets (ordered ones in two orders), k = 1..3: the
//! exact solver's values with their lengths, and the score-only search's
//! winners (release build: about 8 s of CPU, on two threads). Zero
//! disagreements.

use ramsey_verify::analysis::colouring::chromatic::construction_order;
use ramsey_verify::analysis::colouring::trees::canonical_graph;
use ramsey_verify::core::board::{Player, Vertex};
use ramsey_verify::engine::{Decider, Solver};
use ramsey_verify::games::colouring::{ColourMove, ColourPosition, ColouringGame, Graph, Rules, Winner};
use ramsey_verify::games::prelude::*;
use rayon::prelude::*;
use std::collections::HashSet;

/// Every graph on up to `max` vertices, one per isomorphism class: each
/// graph on n + 1 vertices is one on n with a vertex added (joined to any
/// subset).
fn graphs(max: usize) -> Vec<Graph> {
    let mut all = vec![Graph::new(0, &[])];
    let mut level = all.clone();
    for n in 0..max {
        let mut seen = HashSet::new();
        for graph in &level {
            for subset in 0..1u128 << n {
                let mut rows = graph.rows().to_vec();
                rows.push(subset);
                for v in (0..n).filter(|&v| subset >> v & 1 == 1) {
                    rows[v] |= 1 << n;
                }
                seen.insert(canonical_graph(&Graph::from_rows(rows)));
            }
        }
        level = seen.into_iter().collect();
        level.sort_by_key(Graph::graph6);
        all.extend(level.iter().cloned());
    }
    all
}

/// A game as the plain minimax sees it: the rules written out, ending as
/// `ColouringGame::outcome` documents (construction games once a vertex is
/// blocked or every vertex is safe).
struct Plain {
    rows: Vec<u32>,
    k: u8,
    rules: Rules,
    /// Ordered games: the vertex due at each move, and whether player 2
    /// colours it.
    order: Vec<usize>,
    second: Vec<bool>,
    /// Values by colouring (base k + 1): 0 unknown, else 1 + plies, plus
    /// 128 if player 1 wins.
    memo: Vec<u8>,
}

impl Plain {
    fn new(graph: &Graph, k: usize, rules: Rules, order: Vec<usize>, second: Vec<bool>) -> Plain {
        let n = graph.n();
        Plain {
            rows: (0..n as Vertex).map(|v| graph.neighbours(v) as u32).collect(),
            k: k as u8,
            rules,
            order,
            second,
            memo: vec![0; (k + 1).pow(n as u32)],
        }
    }

    /// The colours `v` may take, as a bitset (bit c for colour c).
    fn free(&self, colour: &[u8], v: usize) -> u32 {
        let seen = (0..colour.len())
            .filter(|&w| self.rows[v] >> w & 1 == 1)
            .fold(0, |s, w| s | 1 << colour[w]);
        ((1 << (self.k + 1)) - 2) & !seen
    }

    /// The mover and their moves, or the winner if the game is over.
    fn state(&self, colour: &[u8]) -> Result<(bool, Vec<(usize, u8)>), bool> {
        let n = colour.len();
        let t = colour.iter().filter(|&&c| c != 0).count();
        let uncoloured: Vec<usize> = (0..n).filter(|&v| colour[v] == 0).collect();
        let first_moves = match self.rules.ordered() {
            true => t < n && !self.second[self.order[t]],
            false => t % 2 == 0,
        };
        if self.rules.construction() {
            let uncoloured_neighbours = |v: usize| uncoloured.iter().filter(|&&w| self.rows[v] >> w & 1 == 1).count();
            if uncoloured.iter().any(|&v| self.free(colour, v) == 0) {
                return Err(false);
            }
            if uncoloured
                .iter()
                .all(|&v| self.free(colour, v).count_ones() as usize > uncoloured_neighbours(v))
            {
                return Err(true);
            }
        }
        let vertices = match self.rules.ordered() {
            true => self.order.get(t).copied().into_iter().collect(),
            false => uncoloured,
        };
        let moves: Vec<(usize, u8)> = vertices
            .into_iter()
            .flat_map(|v| {
                let free = self.free(colour, v);
                (1..=self.k).filter(move |c| free >> c & 1 == 1).map(move |c| (v, c))
            })
            .collect();
        if moves.is_empty() {
            // Only the CG and the SCG get here: the mover cannot move and
            // loses; in the SCG with every vertex coloured, whoever
            // coloured the last one wins.
            return Err(match self.rules.ordered() && t == n {
                true => n > 0 && !self.second[self.order[n - 1]],
                false => !first_moves,
            });
        }
        Ok((first_moves, moves))
    }

    /// Whether player 1 wins, and the plies of optimal play (the winner
    /// hurries, the loser delays).
    fn value(&mut self, colour: &mut Vec<u8>) -> (bool, u32) {
        let code = colour
            .iter()
            .rev()
            .fold(0, |s, &c| s * (self.k as usize + 1) + c as usize);
        if self.memo[code] != 0 {
            return (self.memo[code] >= 128, (self.memo[code] & 127) as u32 - 1);
        }
        let value = match self.state(colour) {
            Err(first_wins) => (first_wins, 0),
            Ok((first_moves, moves)) => {
                let mut best: Option<(bool, u32)> = None;
                for (v, c) in moves {
                    colour[v] = c;
                    let (wins, plies) = self.value(colour);
                    colour[v] = 0;
                    let rank = |(wins, plies): (bool, u32)| {
                        let mine = wins == first_moves;
                        (mine, if mine { -(plies as i64) } else { plies as i64 })
                    };
                    if best.is_none_or(|b| rank((wins, plies + 1)) > rank(b)) {
                        best = Some((wins, plies + 1));
                    }
                }
                best.expect("a move")
            }
        };
        self.memo[code] = 1 + value.1 as u8 + if value.0 { 128 } else { 0 };
        value
    }
}

/// The game with the plain minimax beside it: default order (or
/// reversed), owners alternating along the order.
fn both(graph: &Graph, k: usize, rules: Rules, reversed: bool) -> (ColouringGame, Plain) {
    let n = graph.n();
    let mut order: Vec<usize> = (0..n).collect();
    if reversed {
        order.reverse();
    }
    let mut second = vec![false; n];
    for (t, &v) in order.iter().enumerate() {
        second[v] = t % 2 == 1;
    }
    let owners = second
        .iter()
        .map(|&s| if s { Player::Second } else { Player::First })
        .collect();
    let (o, w) = match rules.ordered() {
        true => (Some(order.clone()), Some(owners)),
        false => (None, None),
    };
    let game = ColouringGame::new(graph.clone(), k, rules, o, w).expect("fits");
    (game, Plain::new(graph, k, rules, order, second))
}

fn decided(game: &ColouringGame) -> Winner {
    let decider = Decider::new(game, Winner::First, Winner::Second);
    let decider = match game.rules().construction() {
        true => decider.with_order(Box::new(construction_order)),
        false => decider,
    };
    decider.score(&game.start()).expect("no cap")
}

/// Whether player 1 wins each game on `graph` (k = 1..3, every rule set,
/// ordered games in both orders), checked against the plain minimax.
fn checked(graph: &Graph) -> Vec<bool> {
    let mut winners = Vec::new();
    for k in 1..=3 {
        for rules in Rules::ALL {
            for reversed in [false, true].into_iter().take(if rules.ordered() { 2 } else { 1 }) {
                let (game, mut plain) = both(graph, k, rules, reversed);
                let (first_wins, plies) = plain.value(&mut vec![0; graph.n()]);
                let what = format!("{rules} k={k} {graph} reversed={reversed}");
                // Safe components as tokens keep lengths.
                let exact = Solver::new(&game).value(&game.start()).expect("no cap");
                assert_eq!(
                    (exact.score == Winner::First, exact.plies),
                    (first_wins, plies),
                    "{what}"
                );
                // Tokens modulo 2 keep winners, with cutoffs (and, up to 6
                // vertices, without); so do cutoffs with every token kept.
                let winner_only = game.clone().for_winner_only();
                assert_eq!(decided(&winner_only) == Winner::First, first_wins, "{what}: decider");
                if graph.n() <= 6 {
                    let value = Solver::new(&winner_only).value(&winner_only.start()).expect("no cap");
                    assert_eq!(value.score == Winner::First, first_wins, "{what}: winner only");
                    assert_eq!(
                        decided(&game) == Winner::First,
                        first_wins,
                        "{what}: decider, all tokens"
                    );
                }
                winners.push(first_wins);
            }
        }
    }
    winners
}

#[test]
fn every_graph_up_to_7_vertices_agrees_with_the_plain_minimax() {
    let winners: Vec<bool> = graphs(7).par_iter().flat_map(checked).collect();
    // 1253 graphs (OEIS A000088 up to 7), 3 k, 6 games each.
    assert_eq!(winners.len(), 1253 * 3 * 6);
    let first = winners.iter().filter(|&&w| w).count();
    assert!(first > 1000 && winners.len() - first > 1000, "{first}");
}

/// Every position of `game` reachable from its start (labelled, no
/// symmetry), by depth-first search.
fn reachable(game: &ColouringGame) -> Vec<ColourPosition> {
    let mut seen = HashSet::new();
    let mut stack = vec![game.start()];
    let mut out = Vec::new();
    while let Some(p) = stack.pop() {
        if !seen.insert(p.clone()) {
            continue;
        }
        if game.outcome(&p).is_none() {
            stack.extend(game.moves(&p).iter().map(|m| game.play(&p, m)));
        }
        out.push(p);
    }
    out
}

#[test]
fn ccg_ending_moves_are_exactly_the_moves_that_end_the_game() {
    let mut found = [0; 2];
    let mut secured = 0;
    for graph in graphs(6) {
        for k in 1..=3 {
            let (game, mut plain) = both(&graph, k, Rules::Ccg, false);
            // Player 1's quick wins of the winner-only game are wins.
            let winner_only = game.clone().for_winner_only();
            for p in reachable(&game) {
                if winner_only.quick_value(&p).is_some() {
                    let mut colour: Vec<u8> = (0..graph.n() as Vertex).map(|v| p.colour(v)).collect();
                    assert!(plain.value(&mut colour).0, "{graph} k={k} {p:?}");
                    secured += 1;
                }
            }
            for played_out in [false, true] {
                let game = if played_out {
                    game.clone().played_out()
                } else {
                    game.clone()
                };
                for p in reachable(&game).iter().filter(|p| game.outcome(p).is_none()) {
                    for target in [Winner::First, Winner::Second] {
                        let ends = |m: &ColourMove| game.outcome(&game.play(p, m)) == Some(target);
                        let any = game.moves(p).iter().any(ends);
                        let hint = game.ending_move(p, target).expect("the CCG answers");
                        assert_eq!(hint.is_some(), any, "{graph} k={k} {target:?} {p:?}");
                        if let Some(m) = hint {
                            assert!(game.moves(p).contains(&m) && ends(&m), "{graph} {m:?}");
                            found[target as usize] += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(
        found[0] > 1000 && found[1] > 1000 && secured > 1000,
        "{found:?} {secured}"
    );
    // The other rule sets leave it to the search.
    let (scg, _) = both(&Graph::from_mask(3, 0b11), 2, Rules::Scg, false);
    assert_eq!(scg.ending_move(&scg.start(), Winner::First), None);
}

#[test]
fn the_plain_minimax_tells_apart_what_the_simplifications_must_not_merge() {
    // The harness can fail: it sees that tokens count modulo 2, not
    // at all (one token: player 1 wins the CG; two: player 2), and that a
    // safe vertex next to an unsafe one matters. On the path 0-1-2 with 2
    // colours, after 0:1 vertex 1 has one free colour (2) and one
    // uncoloured neighbour, so slack 0; vertex 2 has slack 1 (safe).
    // Player 2 colours 2 with colour 2 and blocks 1; without vertex 2
    // vertex 1 would be safe and player 1 would win.
    let winner = |g: &Graph, k: usize, rules: Rules, colour: &mut Vec<u8>| {
        let (_, mut plain) = both(g, k, rules, false);
        plain.value(colour).0
    };
    assert!(winner(&Graph::new(1, &[]), 1, Rules::Cg, &mut vec![0]));
    assert!(!winner(&Graph::new(2, &[]), 1, Rules::Cg, &mut vec![0, 0]));
    let path = Graph::from_mask(3, 0b101);
    assert!(!winner(&path, 2, Rules::Ccg, &mut vec![1, 0, 0]));
    assert!(winner(&Graph::from_mask(2, 0b1), 2, Rules::Ccg, &mut vec![1, 0]));
}
