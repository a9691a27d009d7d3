//! The engine's solver and census for Slany's graph Ramsey games against a
//! plain brute force over labelled positions (`tests/brute`): every rule
//! set, small complete and non-complete boards, symmetric and asymmetric
//! targets, both first movers, empty and random precoloured starts.
//! Compared: the value (score and length of optimal play), the value after
//! every move the engine offers, that those moves are one per orbit of the
//! legal moves, the optimal line, and census counts. Zero disagreements.

mod brute;

use brute::{complete, target, Graph, Model, Pos, Val, BLUE, RED};
use ramsey_verify::core::board::{Board, Position};
use ramsey_verify::core::board::{Edge, Player};
use ramsey_verify::engine::{census, Limits, Solver};
use ramsey_verify::games::pattern::Pattern;
use ramsey_verify::games::ramsey::{Outcome, RamseyGame, Rules};
use ramsey_verify::games::Value;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::{BTreeMap, HashMap, HashSet};

fn cycle(n: usize) -> Graph {
    (n, (0..n).map(|v| (v, (v + 1) % n)).collect())
}

/// Boards by name: complete, cycle, path, K4 minus an edge, and 6-vertex
/// graphs (K3,3, the prism, the wheel W5, the octahedron).
fn board(name: &str) -> Graph {
    match name {
        "K4" => complete(4),
        "K5" => complete(5),
        "C5" => cycle(5),
        "P5" => (5, (1..5).map(|v| (v - 1, v)).collect()),
        "K4-e" => (4, complete(4).1.into_iter().filter(|&e| e != (2, 3)).collect()),
        "K3,3" => (6, (0..3).flat_map(|u| (3..6).map(move |v| (u, v))).collect()),
        "prism" => (
            6,
            vec![(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5), (0, 3), (1, 4), (2, 5)],
        ),
        "W5" => (6, [cycle(5).1, (0..5).map(|v| (v, 5)).collect()].concat()),
        "octahedron" => (6, complete(6).1.into_iter().filter(|&(u, v)| v != u + 3).collect()),
        _ => panic!("no board {name}"),
    }
}

fn player(colour: usize) -> Player {
    if colour == RED {
        Player::First
    } else {
        Player::Second
    }
}

fn score(outcome: Outcome) -> i8 {
    match outcome {
        Outcome::RedWins => 1,
        Outcome::Draw => 0,
        Outcome::BlueWins => -1,
    }
}

/// The engine's position for a brute-force one.
fn engine_position(model: &Model, graph: &Graph, pos: Pos) -> Position {
    let edge = |&(u, v): &(usize, usize)| Edge::new(u as u8, v as u8);
    let mut p = Position::on_graph(graph.0, graph.1.iter().map(edge));
    for c in [RED, BLUE] {
        for (i, e) in model.pairs.iter().enumerate() {
            if pos.colour[c] >> i & 1 == 1 {
                p.claim(edge(e), player(c)).unwrap();
            }
        }
    }
    p.set_to_move(player(pos.mover));
    p
}

fn mask(model: &Model, edges: &[Edge]) -> u64 {
    edges.iter().fold(0, |m, e| {
        let (u, v) = e.ends();
        m | 1 << brute::pair_index(model.n, u as usize, v as usize)
    })
}

/// Whether the engine's value agrees with the brute force's.
fn agrees(engine: Value<Outcome>, brute: Val, extra_ply: u32) -> bool {
    score(engine.score) == brute.score && (brute.lo + extra_ply..=brute.hi + extra_ply).contains(&engine.plies)
}

/// One game statement, solved by both, compared at one start.
struct Case<'a> {
    model: &'a Model,
    graph: &'a Graph,
    solver: &'a Solver<'a, RamseyGame>,
    memo: &'a mut HashMap<Pos, Val>,
}

impl Case<'_> {
    fn check(&mut self, start: Pos, what: &str) {
        let position = engine_position(self.model, self.graph, start);
        let brute = self.model.solve(start, self.memo);
        let value = self.solver.value(&position).unwrap();
        assert!(
            agrees(value, brute, 0),
            "{what}: engine {value:?}, brute force {brute:?}"
        );
        self.check_moves(start, &position, what);
        self.check_line(start, &position, value, what);
    }

    /// The engine's moves: legal, one per orbit of the legal moves under
    /// the position's automorphisms, each with the brute-force value.
    fn check_moves(&mut self, start: Pos, position: &Position, what: &str) {
        let offered = self.solver.move_values(position).unwrap();
        let legal = if self.model.over(start).is_some() {
            vec![]
        } else {
            self.model.moves(start)
        };
        // The symmetries of the position: keeping both colours, or in the
        // one-colour game the common graph.
        let classes = match self.model.shared() {
            true => vec![start.colour[RED] | start.colour[BLUE]],
            false => start.colour.to_vec(),
        };
        let autos: Vec<_> = self
            .model
            .board_automorphisms()
            .into_iter()
            .filter(|p| classes.iter().all(|&c| self.model.relabel(c, p) == c))
            .collect();
        let orbit = |m: u64| autos.iter().map(|p| self.model.relabel(m, p)).collect::<HashSet<u64>>();
        let mut covered = HashSet::new();
        for mv in &offered {
            let m = mask(self.model, &mv.m);
            assert!(legal.contains(&m), "{what}: engine move {:?} is not legal", mv.m);
            let after = self.model.solve(self.model.play(start, m), self.memo);
            assert!(
                agrees(mv.value, after, 1),
                "{what}: after {:?} engine {:?}, brute {after:?}",
                mv.m,
                mv.value
            );
            let o = orbit(m);
            assert!(covered.is_disjoint(&o), "{what}: two engine moves in one orbit");
            covered.extend(o);
        }
        assert_eq!(covered.len(), legal.len(), "{what}: the engine's moves miss an orbit");
    }

    /// The optimal line is legal and ends as the value says.
    fn check_line(&mut self, start: Pos, position: &Position, value: Value<Outcome>, what: &str) {
        let line = self.solver.optimal_line(position).unwrap();
        let mut pos = start;
        for m in &line {
            let m = mask(self.model, m);
            assert!(
                self.model.over(pos).is_none() && self.model.moves(pos).contains(&m),
                "{what}: line move illegal"
            );
            pos = self.model.play(pos, m);
        }
        assert_eq!(
            self.model.over(pos),
            Some(score(value.score)),
            "{what}: line ends wrong"
        );
        assert_eq!(line.len() as u32, value.plies, "{what}: line length");
    }
}

/// Random precoloured starts on a board (and the empty one first).
fn starts(model: &Model, rng: &mut StdRng, count: usize) -> Vec<[u64; 2]> {
    let edges: Vec<usize> = (0..64).filter(|i| model.board >> i & 1 == 1).collect();
    let mut out = vec![[0, 0]];
    for _ in 0..count {
        let mut colour = [0u64; 2];
        for _ in 0..rng.random_range(1..=edges.len().min(5)) {
            let e = edges[rng.random_range(0..edges.len())];
            if (colour[0] | colour[1]) >> e & 1 == 0 {
                colour[rng.random_range(0..2)] |= 1 << e;
            }
        }
        out.push(colour);
    }
    out
}

/// Solves one statement from several starts with both and compares.
fn compare(board_name: &str, targets: [&str; 2], rules: Rules, first: usize, rng: &mut StdRng) -> usize {
    let graph = board(board_name);
    let t = targets.map(target);
    let model = Model::new(graph.0, &graph.1, [&t[0], &t[1]], rules, first);
    let patterns = targets.map(|name| name.parse::<Pattern>().unwrap());
    let mut memo = HashMap::new();
    let mut checked = 0;
    for (i, colour) in starts(&model, rng, 3).into_iter().enumerate() {
        // From the second precoloured start on, either player may be to
        // move: "first" stays the player who moved first in the game.
        let mover = if i >= 2 && rng.random_bool(0.5) {
            1 - first
        } else {
            first
        };
        let start = Pos { colour, mover };
        let what =
            format!("{rules} on {board_name}, targets {targets:?}, first {first}, start {colour:?}, mover {mover}");
        let statement = RamseyGame::new(
            engine_position(&model, &graph, start),
            patterns.clone(),
            rules,
            player(first),
        );
        let Ok(game) = statement else {
            assert!(model.decided_at_start(start), "{what}: refused: {statement:?}");
            continue;
        };
        assert!(!model.decided_at_start(start), "{what}: accepted although decided");
        let solver = Solver::new(&game);
        let mut case = Case {
            model: &model,
            graph: &graph,
            solver: &solver,
            memo: &mut memo,
        };
        case.check(start, &what);
        checked += 1;
    }
    checked
}

const TARGETS: [&str; 6] = ["K3", "P3", "P4", "C4", "K1,3", "2K2"];
/// Set moves (Avoid+, misère+) cost 2^free per position: fewer targets,
/// boards with at most 9 edges or twice as many edges as vertices (K5).
const SET_TARGETS: [[&str; 2]; 2] = [["K3", "K3"], ["P4", "C4"]];
const SET_MAX_EDGES: usize = 9;
const ASYMMETRIC: [[&str; 2]; 4] = [["K3", "P3"], ["P3", "K3"], ["P4", "C4"], ["2K2", "K1,3"]];

fn run_boards(boards: &[&str], seed: u64) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut checked = 0;
    for &b in boards {
        let n = board(b).0;
        let symmetric = TARGETS.iter().map(|&t| [t, t]);
        for targets in symmetric.chain(ASYMMETRIC) {
            if targets.iter().any(|&t| target(t).0 > n) {
                continue;
            }
            // The one-colour game has one target (the engine refuses two).
            let rules = Rules::ALL
                .into_iter()
                .filter(|r| !r.shared() || targets[0] == targets[1]);
            for rules in rules {
                if rules.sets()
                    && (board(b).1.len() > SET_MAX_EDGES.max(board(b).0 * 2) || !SET_TARGETS.contains(&targets))
                {
                    continue;
                }
                for first in [RED, BLUE] {
                    checked += compare(b, targets, rules, first, &mut rng);
                }
            }
        }
    }
    checked
}

#[test]
fn solver_agrees_with_brute_force_on_complete_boards() {
    let checked = run_boards(&["K4", "K5"], 1);
    assert!(checked > 300, "only {checked} statements checked");
}

#[test]
fn solver_agrees_with_brute_force_on_other_boards() {
    let checked = run_boards(&["C5", "P5", "K4-e", "K3,3", "prism", "W5"], 2);
    assert!(checked > 600, "only {checked} statements checked");
}

/// Labelled positions reachable from `start` (finished ones not expanded),
/// one per isomorphism class under every board automorphism, counted by
/// (red edges, blue edges, finished).
fn brute_census(model: &Model, start: Pos) -> BTreeMap<(u32, u32, bool), u64> {
    let autos = model.board_automorphisms();
    // In the one-colour game a position is its common graph (and mover):
    // the engine's census counts those, all edges red.
    let colours = |p: Pos| match model.shared() {
        true => [p.colour[0] | p.colour[1], 0],
        false => p.colour,
    };
    let canon = |p: Pos| {
        let c = colours(p);
        let images = autos.iter().map(|a| (model.relabel(c[0], a), model.relabel(c[1], a)));
        (images.min().unwrap(), p.mover)
    };
    let (mut seen, mut stack) = (HashSet::from([start]), vec![start]);
    while let Some(p) = stack.pop() {
        if model.over(p).is_none() {
            for m in model.moves(p) {
                let q = model.play(p, m);
                if seen.insert(q) {
                    stack.push(q);
                }
            }
        }
    }
    let classes: HashMap<_, Pos> = seen.into_iter().map(|p| (canon(p), p)).collect();
    let mut counts = BTreeMap::new();
    for p in classes.values() {
        let c = colours(*p);
        let key = (c[0].count_ones(), c[1].count_ones(), model.over(*p).is_some());
        *counts.entry(key).or_default() += 1;
    }
    counts
}

#[test]
fn census_agrees_with_brute_force_isomorphism_classes() {
    let mut rng = StdRng::seed_from_u64(3);
    for b in ["K4", "K5", "C5", "K4-e"] {
        let graph = board(b);
        for (targets, rules) in [
            (["K3", "K3"], Rules::ALL.to_vec()),
            (["P4", "K1,3"], vec![Rules::Avoid, Rules::Misere]),
        ] {
            if targets.iter().any(|&t| target(t).0 > graph.0) {
                continue;
            }
            for rules in rules {
                let t = targets.map(target);
                let model = Model::new(graph.0, &graph.1, [&t[0], &t[1]], rules, RED);
                for colour in starts(&model, &mut rng, 1) {
                    let start = Pos { colour, mover: RED };
                    let patterns = targets.map(|name| name.parse::<Pattern>().unwrap());
                    let Ok(game) =
                        RamseyGame::new(engine_position(&model, &graph, start), patterns, rules, Player::First)
                    else {
                        continue;
                    };
                    let classify = |p: &Position| {
                        let over = ramsey_verify::games::Rules::outcome(&game, p).is_some();
                        (
                            p.edge_count(Player::First) as u32,
                            p.edge_count(Player::Second) as u32,
                            over,
                        )
                    };
                    let engine = census(
                        &game,
                        &engine_position(&model, &graph, start),
                        classify,
                        Limits::default(),
                    );
                    assert_eq!(
                        engine.unwrap(),
                        brute_census(&model, start),
                        "{rules} on {b}, {targets:?}, start {colour:?}"
                    );
                }
            }
        }
    }
}

/// The comparison can fail: a model with the wrong rules disagrees.
#[test]
fn a_wrong_model_is_caught() {
    let graph = board("K5");
    let t = target("K3");
    let wrong = Model::new(5, &graph.1, [&t, &t], Rules::Achieve, RED);
    let game = RamseyGame::new(
        Position::empty(Board::complete_graph(5)),
        ["K3".parse().unwrap(), "K3".parse().unwrap()],
        Rules::Misere,
        Player::First,
    )
    .unwrap();
    let value = Solver::new(&game).value(&game_start(&game)).unwrap();
    let brute = wrong.solve(
        Pos {
            colour: [0, 0],
            mover: RED,
        },
        &mut HashMap::new(),
    );
    assert!(
        !agrees(value, brute, 0),
        "misère on K5 looked like achievement: {value:?} {brute:?}"
    );
}

fn game_start(game: &RamseyGame) -> Position {
    ramsey_verify::games::Rules::start(game)
}
