//! Colouring game certificates (format version 12, 7 in ordered games)
//! end to end: every game on every graph with up to 4 vertices (and
//! random ones with up to 6,
//! with random orders and owners) is certified, and the independent
//! checker accepts exactly the winner a plain minimax finds; chi_g of small
//! graphs is certified and equals the least k the plain minimax gives
//! player 1. Tampered copies (a changed move, a dropped entry, a claim off
//! by one, the other winner, a secured certificate read as spelt out) and
//! the loser's strategy of always playing the first legal move are
//! rejected, where an entry is at fault with its line.

mod cert_common;
mod colouring_common;
mod common;
use cert_common::{accepted, body, edited, rejected, same_for_any_threads, with_field};
use colouring_common::plain;
use common::{bad_input, ramsey};
use ramsey_cert_check::colouring::Claim;
use ramsey_verify::analysis::colouring::chromatic::{construction_order, game_chromatic_certified};
use ramsey_verify::analysis::colouring::report::SolvedGame;
use ramsey_verify::core::board::Player;
use ramsey_verify::engine::{Decider, Limits};
use ramsey_verify::games::colouring::input::read_graph;
use ramsey_verify::games::colouring::{ColourMove, ColourPosition, ColouringGame, Graph, Rules, Winner};
use ramsey_verify::games::prelude::*;
use ramsey_verify::verify::cert::colouring::{colouring_certificate, winning_strategy, ColouringClaim, Ends, Search};
use rand::{Rng, SeedableRng};

/// The 14-vertex tree of the done-when command (chi_g = 4).
const TREE14: &str = "M???????F?B_?M?p_";

/// What the checker proved of a certificate it accepts.
fn proved(text: &str) -> Claim {
    match accepted(text).claim {
        ramsey_cert_check::Claim::Colouring(s) => s.claim,
        _ => panic!("not a colouring certificate"),
    }
}

fn graph(text: &str) -> Graph {
    Graph::from_edge_list(&read_graph(text).unwrap()).unwrap()
}

/// Whether player 1 wins, by the plain minimax.
fn brute(game: &ColouringGame, order: &[usize], second: &[bool]) -> bool {
    let g = game.graph();
    plain(g, game.colours(), game.rules(), order, second).wins(&mut vec![0; g.n()], 0, true)
}

/// Certifies `game` (lines ending as `ends`), checks that the checker
/// proves the brute force's winner and rejects the other one's claim, and
/// the loser's strategy of always playing the first legal move.
fn certify_and_compare(game: ColouringGame, order: &[usize], second: &[bool], ends: Ends) -> Winner {
    let first_wins = brute(&game, order, second);
    let k = game.colours();
    let loser = if first_wins { Player::Second } else { Player::First };
    let first_legal = |p: &ColourPosition| Ok(game.moves(p)[0]);
    let forged = winning_strategy(&game, loser, Search::unlimited(&first_legal), ends).unwrap();
    let claim = ColouringClaim::Wins {
        winner: loser,
        colours: k,
    };
    rejected(&colouring_certificate(&game, claim, ends, vec![forged]).text());
    let solved = SolvedGame::certified(game, Limits::default(), ends).unwrap();
    let text = solved.certificate.unwrap().text();
    let winner = 2 - u8::from(first_wins);
    assert_eq!(proved(&text), Claim::Wins { winner, colours: k }, "{text}");
    let other = with_field(&text, "claim", &format!("wins {} {k}", 3 - winner));
    rejected(&other);
    solved.report.winner
}

#[test]
fn every_game_on_graphs_up_to_four_vertices_is_certified_with_the_brute_force_winner() {
    let mut wins = [0usize; 2];
    for n in 1..=4usize {
        for mask in 0..1u64 << (n * (n - 1) / 2) {
            let g = Graph::from_mask(n, mask);
            for k in 1..=3 {
                for rules in Rules::ALL {
                    let order: Vec<usize> = (0..n).collect();
                    let second: Vec<bool> = (0..n).map(|t| t % 2 == 1).collect();
                    let game = ColouringGame::new(g.clone(), k, rules, None, None).unwrap();
                    wins[certify_and_compare(game, &order, &second, Ends::Safe) as usize] += 1;
                }
            }
        }
    }
    assert!(wins[0] > 50 && wins[1] > 50, "{wins:?}");
}

#[test]
fn random_games_with_orders_and_owners_are_certified_with_the_brute_force_winner() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(25);
    for _ in 0..40 {
        let n = rng.random_range(5..=6);
        let g = colouring_common::random_graph(&mut rng, n, 0.5);
        let k = rng.random_range(1..=3);
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        let second: Vec<bool> = (0..n).map(|_| rng.random()).collect();
        let owners: Vec<Player> = second
            .iter()
            .map(|&s| if s { Player::Second } else { Player::First })
            .collect();
        for rules in Rules::ALL {
            let (o, w) = match rules.ordered() {
                true => (Some(order.clone()), Some(owners.clone())),
                false => (None, None),
            };
            let ends = if rng.random() { Ends::Secured } else { Ends::Safe };
            let game = ColouringGame::new(g.clone(), k, rules, o, w).unwrap();
            certify_and_compare(game, &order, &second, ends);
        }
    }
}

/// The least k with which player 1 wins the CCG, by the plain minimax.
fn brute_chi_g(g: &Graph) -> usize {
    (1..)
        .find(|&k| {
            let game = ColouringGame::new(g.clone(), k, Rules::Ccg, None, None).unwrap();
            brute(&game, &[], &[])
        })
        .unwrap()
}

#[test]
fn chi_g_of_small_graphs_is_certified_and_off_by_one_claims_are_rejected() {
    for text in ["path:5", "cycle:5", "star:4", "complete:4", "grid:2x3", "E?~o", "Fhc?G"] {
        let g = graph(text);
        let chi_g = brute_chi_g(&g);
        for ends in [Ends::Safe, Ends::Secured] {
            let solved = game_chromatic_certified(&g, Limits::default(), ends).unwrap();
            assert_eq!(solved.chi_g, chi_g, "{text}");
            let cert = solved.certificate.unwrap().text();
            assert_eq!(proved(&cert), Claim::GameChromatic(chi_g), "{text}");
            for wrong in [chi_g - 1, chi_g + 1].into_iter().filter(|&k| k >= 1) {
                let r = rejected(&with_field(&cert, "claim", &format!("chi-g {wrong}")));
                assert!(!r.message.is_empty());
            }
        }
    }
}

/// The done-when certificate, its entries with 4 colours (player 1's).
fn tree14() -> (String, Vec<usize>) {
    let text = same_for_any_threads("colour", &["--game-chromatic", "--graph", TREE14]);
    let first: Vec<usize> = (0..body(&text).len()).filter(|&i| body(&text)[i][0] == "4").collect();
    (text, first)
}

#[test]
fn the_fourteen_vertex_tree_has_chi_g_4_certified_the_same_for_any_thread_count() {
    let (text, first) = tree14();
    assert_eq!(proved(&text), Claim::GameChromatic(4));
    assert!(!first.is_empty());
    let secured = same_for_any_threads("colour", &["--game-chromatic", "--graph", TREE14, "--cert-secured"]);
    assert_eq!(proved(&secured), Claim::GameChromatic(4));
    assert!(body(&secured).len() < body(&text).len());
    // Read as if every line were written out, the secured certificate
    // misses the positions it left to the checker's argument.
    let r = rejected(&with_field(&secured, "ends", "safe"));
    assert!(r.message.contains("missing position"), "{}", r.message);
}

#[test]
fn version_12_merges_up_to_tokens_what_version_7_would_miss_and_is_for_unordered_games_only() {
    let (text, _) = tree14();
    assert!(text.starts_with("ramsey-cert 12\n"), "{text}");
    // Read as version 7 (isomorphism alone), positions the writer merged
    // up to tokens have no entry.
    let v7 = text
        .replacen("ramsey-cert 12\n", "ramsey-cert 7\n", 1)
        .replacen("start -\n", "", 1);
    let r = rejected(&v7);
    assert!(r.message.contains("missing position"), "{}", r.message);
    // Ordered games are written as version 7; read as version 12: refused.
    let args = ["--game", "scg", "--graph", "path:4", "--colours", "2"];
    let scg = cert_common::written_by("colour", "scg.cert", &args);
    assert!(scg.starts_with("ramsey-cert 7\n"), "{scg}");
    accepted(&scg);
    let v12 = scg
        .replacen("ramsey-cert 7\n", "ramsey-cert 12\n", 1)
        .replacen("\nentries", "\nstart -\nentries", 1);
    let r = ramsey_cert_check::check(v12.as_bytes(), 2).expect_err("version 12 of an scg");
    assert_eq!(r.kind, ramsey_cert_check::RejectionKind::Unreadable, "{}", r.message);
    assert!(r.message.contains("version 12 is for cg and ccg"), "{}", r.message);
}

/// The position of body line `fields` (`K COLOURING V:C`) in `game`.
fn position_of(game: &ColouringGame, fields: &[String]) -> ColourPosition {
    let mut p = game.start();
    for (v, c) in fields[1].bytes().enumerate().filter(|&(_, c)| c != b'0') {
        p = game.play(
            &p,
            &ColourMove {
                v: v as u8,
                c: c - b'0',
            },
        );
    }
    p
}

#[test]
fn a_changed_move_a_dropped_entry_and_an_illegal_move_are_rejected_with_their_line() {
    let (text, first) = tree14();
    let lines = body(&text);
    let header = cert_common::header_len(&text);
    // A legal move after which player 2 wins, by the search: rejected on
    // its line.
    let game = ColouringGame::new(graph(TREE14), 4, Rules::Ccg, None, None)
        .unwrap()
        .for_winner_only();
    let decider = Decider::new(&game, Winner::First, Winner::Second).with_order(Box::new(construction_order));
    let mut changed = 0;
    for &i in &first {
        let p = position_of(&game, &lines[i]);
        let losing = game
            .moves(&p)
            .into_iter()
            .find(|m| decider.score(&game.play(&p, m)) == Ok(Winner::Second));
        let Some(m) = losing else { continue };
        let line = format!("4 {} {}:{}", lines[i][1], m.v, m.c);
        let r = rejected(&edited(&text, i, Some(line)));
        assert_eq!(r.line, Some(header + i + 1), "{}", r.message);
        changed += 1;
    }
    assert!(changed > 3, "only {changed} entries have a losing move");
    // A dropped entry: the reply leading there finds no entry.
    cert_common::each_entry_needed(&text, first.iter().copied().step_by(7));
    // An illegal move: a coloured vertex, or a colour beyond the claim's.
    let i = first[first.len() / 2];
    let coloured = lines[i][1].bytes().position(|c| c != b'0').unwrap();
    for mv in [
        format!("{coloured}:1"),
        format!("{}:5", lines[i][2].split(':').next().unwrap()),
    ] {
        let r = rejected(&edited(&text, i, Some(format!("4 {} {mv}", lines[i][1]))));
        assert_eq!(r.line, Some(header + i + 1), "{}", r.message);
    }
}

#[test]
fn the_command_line_writes_gzip_and_refuses_certificates_it_cannot_write() {
    let gz = cert_common::written_by(
        "colour",
        "t.cert.gz",
        &["--game", "ccg", "--graph", "cycle:5", "--colours", "3"],
    );
    assert!(matches!(proved(&gz), Claim::Wins { colours: 3, .. }));
    for args in [
        // --certify-trees writes its own certificate (format 10), whose
        // lines are states: --cert-secured means nothing there.
        &["colour", "--certify-trees", "5", "--cert", "x", "--cert-secured"][..],
        &[
            "colour",
            "--game",
            "scg",
            "--colours",
            "2",
            "--graph",
            "path:4",
            "--linear-only",
            "--cert",
            "x",
        ],
        &["colour", "--game-chromatic", "--graph", "path:4", "--cert-secured"],
    ] {
        let (code, _, err) = ramsey(args);
        bad_input(code, &err, args);
    }
}
