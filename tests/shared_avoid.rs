//! The one-colour avoidance game (`--rules shared-avoid`; Hajnal's
//! triangle-free game with K3) against a plain brute force
//! (`tests/brute`: memoised minimax over labelled positions, no canonical
//! forms), and its winner-only certificates against the independent
//! checker, tampered copies rejected.
//!
//! Compared on `K_n`, n = 3..7, targets K3 and C4 (and the star K1,3, whose
//! edges meet, so the ending-move shortcut of `games/ramsey/hints.rs` is
//! used, and P4, whose edges do not): the exact value (winner and length
//! of optimal play), the winner-only search's winner, and, from random
//! starts, both again. Zero disagreements.

mod brute;
mod cert_common;
mod common;

use brute::{complete, target, Model, Pos, Val, RED};
use cert_common::{accepted, body, each_entry_needed, edited, rejected, with_field, written_by};
use ramsey_cert_check::Claim;
use ramsey_verify::analysis::ramsey_game::{winner_decider, winner_only};
use ramsey_verify::core::board::{Board, Edge, Player, Position};
use ramsey_verify::engine::{Limits, Solver};
use ramsey_verify::games::pattern::Pattern;
use ramsey_verify::games::prelude::*;
use ramsey_verify::games::ramsey::{Outcome, RamseyGame, Rules};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

fn score(outcome: Outcome) -> i8 {
    match outcome {
        Outcome::RedWins => 1,
        Outcome::Draw => 0,
        Outcome::BlueWins => -1,
    }
}

/// The engine's game on `K_n` with the common graph `edges` played (red
/// and blue alternately from red) and `mover` to move.
fn engine_game(n: usize, name: &str, edges: &[(usize, usize)], mover: usize) -> Option<RamseyGame> {
    let mut start = Position::empty(Board::complete_graph(n));
    for (i, &(u, v)) in edges.iter().enumerate() {
        let player = if i % 2 == 0 { Player::First } else { Player::Second };
        start.claim(Edge::new(u as u8, v as u8), player).unwrap();
    }
    let t: Pattern = name.parse().unwrap();
    let first = if mover == RED { Player::First } else { Player::Second };
    RamseyGame::new(start, [t.clone(), t], Rules::SharedAvoid, first).ok()
}

/// The brute force's position: the same edges, red and blue alternately.
fn brute_position(model: &Model, edges: &[(usize, usize)], mover: usize) -> Pos {
    let mut colour = [0u64; 2];
    for (i, &(u, v)) in edges.iter().enumerate() {
        colour[i % 2] |= 1 << brute::pair_index(model.n, u, v);
    }
    Pos { colour, mover }
}

/// Compares the engine's exact and winner-only answers with the brute
/// force at one start; false if the engine refuses the start (then the
/// brute force must find it decided).
fn agree_at(model: &Model, name: &str, edges: &[(usize, usize)], mover: usize, memo: &mut HashMap<Pos, Val>) -> bool {
    let pos = brute_position(model, edges, mover);
    let what = format!("K{} {name} start {edges:?} mover {mover}", model.n);
    let Some(game) = engine_game(model.n, name, edges, mover) else {
        assert!(model.decided_at_start(pos), "{what}: refused");
        return false;
    };
    let brute = model.solve(pos, memo);
    let exact = Solver::new(&game).value(&game.start()).unwrap();
    assert_eq!(score(exact.score), brute.score, "{what}: exact winner");
    assert!(
        (brute.lo..=brute.hi).contains(&exact.plies),
        "{what}: length {exact:?} vs {brute:?}"
    );
    let decider = winner_decider(&game, Limits::default());
    let found = winner_only(&decider, &game).unwrap();
    assert_eq!(score(found.outcome), brute.score, "{what}: winner-only");
    true
}

#[test]
fn exact_and_winner_only_agree_with_brute_force_on_small_complete_boards() {
    let mut rng = StdRng::seed_from_u64(27);
    let mut checked = 0;
    for name in ["K3", "C4", "K1,3", "P4"] {
        let t = target(name);
        for n in 3..=7 {
            if t.0 > n {
                continue;
            }
            let board = complete(n);
            let model = Model::new(n, &board.1, [&t, &t], Rules::SharedAvoid, RED);
            let mut memo = HashMap::new();
            checked += usize::from(agree_at(&model, name, &[], RED, &mut memo));
            for _ in 0..4 {
                let mut edges: Vec<(usize, usize)> = Vec::new();
                for _ in 0..rng.random_range(1..=4) {
                    let e = board.1[rng.random_range(0..board.1.len())];
                    if !edges.contains(&e) {
                        edges.push(e);
                    }
                }
                let mover = rng.random_range(0..2);
                checked += usize::from(agree_at(&model, name, &edges, mover, &mut memo));
            }
        }
    }
    assert!(checked > 50, "only {checked} statements checked");
}

/// The published outcomes for n <= 11 (Seress: the first player wins
/// exactly when n = 2 mod 4 there), recomputed: a check that the rules
/// are the literature's, not a hard-coded answer.
#[test]
fn the_triangle_free_game_up_to_eleven_vertices_matches_seress() {
    for n in 3..=11 {
        let game = engine_game(n, "K3", &[], RED).unwrap();
        let decider = winner_decider(&game, Limits::default());
        let winner = winner_only(&decider, &game).unwrap().outcome.winner();
        let first_wins = n % 4 == 2;
        assert_eq!(winner == Some(Player::First), first_wins, "K{n}");
    }
}

/// Runs `solve --rules shared-avoid --winner-only --cert` and returns the text.
fn certificate(name: &str, board: &str, target: &str) -> String {
    let args = [
        "--rules",
        "shared-avoid",
        "--board",
        board,
        "--target",
        target,
        "--winner-only",
    ];
    written_by("solve", name, &args)
}

#[test]
fn winner_only_certificates_are_accepted_with_the_winner() {
    for (n, target, winner) in [
        ("6", "K3", "red"),
        ("7", "K3", "blue"),
        ("8", "K3", "blue"),
        ("6", "C4", ""),
    ] {
        let text = certificate(&format!("tf{n}{target}.cert"), n, target);
        let summary = accepted(&text);
        let Claim::Game(statement) = &summary.claim else {
            panic!("not a game certificate")
        };
        assert_eq!(statement.rules, "shared-avoid");
        if !winner.is_empty() {
            assert_eq!(statement.winner, Some(winner), "K{n} {target}");
        }
    }
}

#[test]
fn tampered_winner_only_certificates_are_rejected() {
    let text = certificate("tf8.cert", "8", "K3");
    let entries = body(&text);
    // The other colour as winner, a lower bound, two targets, the other rules.
    rejected(&with_field(&text, "winner", "red"));
    rejected(&with_field(&text, "bound", "3"));
    rejected(&with_field(&text, "rules", "avoid"));
    assert!(ramsey_cert_check::check(with_field(&text, "target-blue", "Bg").as_bytes(), 1).is_err());
    // Every entry's move replaced by every other free pair: some are
    // illegal (a triangle) or lose, and are caught on that entry's line.
    let header = text.lines().count() - entries.len();
    let mut caught = 0;
    for (i, entry) in entries.iter().enumerate().step_by(20) {
        for u in 0..8 {
            for v in u + 1..8 {
                let line = format!("{} {u}-{v} {}", entry[0], entry[2]);
                if let Err(r) = ramsey_cert_check::check(edited(&text, i, Some(line)).as_bytes(), 1) {
                    assert_eq!(r.line, Some(header + 1 + i), "{}", r.message);
                    caught += 1;
                }
            }
        }
    }
    assert!(caught > 0, "no changed move was caught");
    each_entry_needed(&text, [0, entries.len() / 2, entries.len() - 1]);
}

#[test]
fn two_targets_and_a_statement_of_the_common_graph_in_blue_are_refused() {
    let t: [Pattern; 2] = ["K3".parse().unwrap(), "C4".parse().unwrap()];
    let board = Position::empty(Board::complete_graph(5));
    assert!(RamseyGame::new(board, t, Rules::SharedAvoid, Player::First).is_err());
    let text = certificate("tf5.cert", "5", "K3");
    // The start with a blue edge: the common graph is written red.
    let r = ramsey_cert_check::check(with_field(&text, "start", "D??:D_?").as_bytes(), 1).unwrap_err();
    assert!(r.message.contains("blue must be empty"), "{}", r.message);
}

/// A random triangle-free graph on `n` vertices: up to `tries` random
/// pairs, each kept unless it is there already or closes a triangle.
fn random_triangle_free(rng: &mut StdRng, n: usize, tries: usize) -> Vec<(usize, usize)> {
    let mut edges: Vec<(usize, usize)> = Vec::new();
    let adjacent = |edges: &[(usize, usize)], a: usize, b: usize| edges.contains(&(a.min(b), a.max(b)));
    for _ in 0..tries {
        let (u, v) = (rng.random_range(0..n), rng.random_range(0..n));
        let (u, v) = (u.min(v), u.max(v));
        if u == v || adjacent(&edges, u, v) || (0..n).any(|w| adjacent(&edges, u, w) && adjacent(&edges, v, w)) {
            continue;
        }
        edges.push((u, v));
    }
    edges
}

/// The triangle-free game on 8 and 9 vertices from random triangle-free
/// starts (where the endgame reductions of `games/ramsey/endgame.rs` and
/// the counted move order do most of the work), against the brute force:
/// the exact value and the winner-only search's winner. Zero disagreements.
#[test]
fn the_triangle_free_game_on_eight_and_nine_vertices_agrees_with_brute_force_from_random_starts() {
    let mut rng = StdRng::seed_from_u64(1314);
    let t = target("K3");
    let mut checked = 0;
    for n in [8, 9] {
        let board = complete(n);
        let model = Model::new(n, &board.1, [&t, &t], Rules::SharedAvoid, RED);
        let mut memo = HashMap::new();
        for _ in 0..12 {
            let edges = random_triangle_free(&mut rng, n, 3 * n);
            let mover = rng.random_range(0..2);
            checked += usize::from(agree_at(&model, "K3", &edges, mover, &mut memo));
        }
    }
    assert_eq!(checked, 24, "every start is a game");
}

/// The winner-only search's coarser form of the triangle-free game
/// (`Hints::score_form`, `games/ramsey/reduced.rs`: the legal edges, the
/// third sides of their cherries, the Grundy value of the small
/// components) against the brute force: random positions of K5 to K9,
/// grouped by that key (across boards too), must have one winner per
/// key. Zero disagreements; many keys hold positions that are not
/// isomorphic, so the test has something to compare (dropping the third
/// sides from the key made it fail).
/// A canonical key.
type Key = Box<[u64]>;

#[test]
fn positions_with_one_reduced_key_have_one_winner_by_brute_force() {
    let mut rng = StdRng::seed_from_u64(2712);
    let t = target("K3");
    // key -> (the mover wins, the exact keys met)
    let mut by_key: HashMap<Key, (bool, Vec<Key>)> = HashMap::new();
    let mut compared = 0;
    for n in 5..=9 {
        let board = complete(n);
        let model = Model::new(n, &board.1, [&t, &t], Rules::SharedAvoid, RED);
        let mut memo = HashMap::new();
        for _ in 0..300 {
            let tries = rng.random_range(n..=4 * n);
            let edges = random_triangle_free(&mut rng, n, tries);
            let mover = rng.random_range(0..2);
            let game = engine_game(n, "K3", &edges, mover).expect("triangle-free");
            let score = model.solve(brute_position(&model, &edges, mover), &mut memo).score;
            let mover_wins = score == if mover == RED { 1 } else { -1 };
            let key = game
                .score_form(&game.start())
                .expect("the triangle-free game has one")
                .key;
            let exact = game.canonical(&game.start()).key;
            let (wins, met) = by_key.entry(key).or_insert((mover_wins, Vec::new()));
            assert_eq!(
                *wins, mover_wins,
                "K{n} {edges:?} mover {mover}: another winner with its key"
            );
            if !met.contains(&exact) {
                compared += usize::from(!met.is_empty());
                met.push(exact);
            }
        }
    }
    assert!(compared > 300, "only {compared} non-isomorphic positions shared a key");
}
