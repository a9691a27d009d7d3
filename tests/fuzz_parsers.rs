//! Every parser of user input, fed random and mutated input (proptest):
//! graph6 strings and `RED:BLUE` pairs, `--line` move lists, `--names`,
//! board specs, patch tables, JSON lines for `show --from-json`, game
//! statements (`--rules`, `--target`, `--board`, `--start` of `solve
//! --rules` and `play`), and proof certificates (through the checker's
//! public `check`). A parser may accept
//! or reject; it must never panic, and what it accepts must be usable
//! (rendered, replayed) without a panic either. Round trips (encode then
//! decode) must give back what went in.
//!
//! Cases per property: `PROPTEST_CASES` if set, else 4000 (the normal run,
//! a few seconds). The larger run in the README:
//! `PROPTEST_CASES=100000 cargo test --release --test fuzz_parsers`.

use proptest::prelude::*;
use ramsey_verify::cli::line_input::{checked_line, parse_json_line, parse_moves, parse_names};
use ramsey_verify::core::board::{Board, Edge, Player, Position, MAX_VERTICES};
use ramsey_verify::core::graph6::{decode, decode_pair, decode_position, encode, encode_position};
use ramsey_verify::render::{dot::to_dot, svg::to_svg, Figure};
use ramsey_verify::verify::line::Line;
use ramsey_verify::verify::patch::{format_table, parse_table};
use ramsey_verify::verify::strategy::Game;
use sha2::{Digest, Sha256};

/// Cases per property: `PROPTEST_CASES`, else 4000.
fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(4000);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// `text` with `edits` applied: each (position, byte) replaces, inserts or
/// deletes one byte (chosen by the byte's low bits), so mutants stay close
/// to valid input and reach deep into a parser.
fn mutate(text: &[u8], edits: &[(usize, u8)]) -> Vec<u8> {
    let mut out = text.to_vec();
    for &(at, byte) in edits {
        let at = if out.is_empty() { 0 } else { at % (out.len() + 1) };
        match byte % 3 {
            0 if at < out.len() => out[at] = byte,
            1 => out.insert(at, byte),
            _ if at < out.len() => {
                out.remove(at);
            }
            _ => out.push(byte),
        }
    }
    out
}

fn edits() -> impl Strategy<Value = Vec<(usize, u8)>> {
    proptest::collection::vec((any::<usize>(), any::<u8>()), 1..4)
}

/// Bytes likely to matter in the formats below, and a few that never occur.
fn format_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        b'?'..=b'~',
        Just(b':'),
        Just(b','),
        Just(b'-'),
        Just(b' '),
        Just(b'\n'),
        b'0'..=b'9',
        any::<u8>(),
    ]
}

fn text_of(bytes: Vec<u8>) -> String {
    String::from_utf8_lossy(&bytes).into_owned()
}

/// A random graph on `n` vertices (`1..=MAX_VERTICES`), edges in order.
fn graph() -> impl Strategy<Value = (usize, Vec<Edge>)> {
    (1..=MAX_VERTICES).prop_flat_map(|n| {
        proptest::collection::btree_set((0..n, 0..n), 0..60).prop_map(move |pairs| {
            let mut edges: Vec<Edge> = pairs
                .into_iter()
                .filter_map(|(u, v)| Edge::try_new(u, v).ok())
                .collect();
            edges.sort();
            edges.dedup();
            (n, edges)
        })
    })
}

/// A random legal line from the empty board on `K_aleph0` (stopped before
/// any K4 is complete), as edges in play order.
fn legal_moves() -> impl Strategy<Value = Vec<Edge>> {
    proptest::collection::vec((0usize..12, 0usize..12), 0..24).prop_map(|pairs| {
        let mut position = Position::empty(Board::Infinite);
        let mut out = Vec::new();
        for (u, v) in pairs {
            let Ok(e) = Edge::try_new(u, v) else { continue };
            let player = if out.len() % 2 == 0 {
                Player::First
            } else {
                Player::Second
            };
            if position.is_free(e) && !position.completes_clique(player, e, 4) {
                position.claim(e, player).unwrap();
                out.push(e);
            }
        }
        out
    })
}

/// Shows an accepted line the way `show` does: text, SVG and DOT.
fn render(line: &Line, game: Game) {
    let _ = line.to_text(game);
    let figure = Figure::from_line(line, game, "fuzz", 1);
    let _ = (to_svg(&figure), to_dot(&figure));
}

const K3_CERT: &[u8] = include_bytes!("../proofs/k3-inf.cert");
/// A format-3 certificate: red's winning strategy in the K3 achievement
/// game on K6 (`solve --rules achieve --target K3 --board 6 --cert`).
const GAME_CERT: &[u8] = include_bytes!("data/game-achieve-k3-k6.cert");

/// The certificate with its header's SHA-256 recomputed for its body, so
/// that a mutated body gets past the integrity check into the parser.
fn rehash(cert: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(cert);
    let Some(at) = text.find("sha256 ") else {
        return cert.to_vec();
    };
    let Some(end) = text[at..].find('\n').map(|i| at + i + 1) else {
        return cert.to_vec();
    };
    let digest: String = Sha256::digest(&text.as_bytes()[end..])
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("{}sha256 {digest}\n{}", &text[..at], &text[end..]).into_bytes()
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn graph6_never_panics(bytes in proptest::collection::vec(format_byte(), 0..40)) {
        let text = text_of(bytes);
        let _ = decode(&text);
        for board in [Board::Infinite, Board::Complete(5)] {
            if let Ok(position) = decode_position(&text, board.clone()) {
                prop_assert_eq!(decode_position(&encode_position(&position), board).unwrap(), position);
            }
        }
    }

    #[test]
    fn graph6_round_trips_and_mutants_never_panic((n, edges) in graph(), edits in edits()) {
        let text = encode(n, &edges);
        let (order, mut decoded) = decode(&text).unwrap();
        decoded.sort();
        prop_assert_eq!((order, decoded), (n, edges));
        let mutant = text_of(mutate(text.as_bytes(), &edits));
        let _ = decode(&mutant);
        let _ = decode_pair(&mutant, &text, Board::Infinite);
    }

    #[test]
    fn move_lists_and_names_never_panic(
        moves in "[0-9a-z ,=-]{0,30}",
        names in "[0-9a-z ,=-]{0,20}",
        clique in 2usize..6,
        board in prop_oneof![Just(Board::Infinite), (2usize..10).prop_map(Board::Complete)],
    ) {
        let names = parse_names(&names).unwrap_or_default();
        if let Ok(moves) = parse_moves(&moves, &names) {
            let game = Game::clique(clique);
            if let Ok((moves, Some(ending))) = checked_line(moves, board, game, None) {
                render(&Line { moves, ending, names: names.into_iter().collect() }, game);
            }
        }
    }

    #[test]
    fn written_lines_read_back(edges in legal_moves()) {
        let text: Vec<String> = edges.iter().map(Edge::to_string).collect();
        let read = parse_moves(&text.join(","), &Default::default());
        if edges.is_empty() {
            prop_assert!(read.is_err(), "an empty line is no line");
        } else {
            let read: Vec<Edge> = read.unwrap().into_iter().map(|m| m.edge).collect();
            prop_assert_eq!(read, edges);
        }
    }

    #[test]
    fn board_specs_never_panic(text in "(inf|aleph0|[0-9]{1,4}|\\PC{0,6})") {
        if let Ok(board) = text.parse::<Board>() {
            prop_assert_eq!(board.to_string().parse::<Board>().unwrap(), board);
        }
    }

    #[test]
    fn patch_tables_never_panic(edits in edits(), lines in proptest::collection::vec("[ -~]{0,40}", 0..4)) {
        let table = ramsey_verify::strategies::k4::PATCHES;
        if let Ok(read) = parse_table(&text_of(mutate(table.as_bytes(), &edits))) {
            // Whatever is accepted is written back the same way.
            prop_assert_eq!(parse_table(&format_table(&read, &[])).unwrap(), read);
        }
        let _ = parse_table(&lines.join("\n"));
    }

    #[test]
    fn json_lines_never_panic(
        moves in proptest::collection::vec(
            (prop_oneof![Just("first"), Just("second"), Just("red")], 0usize..140, 0usize..140, any::<bool>()),
            0..12,
        ),
        ending in prop_oneof![
            Just("first_player_wins"), Just("second_player_wins"), Just("draw"),
            Just("bound_exceeded"), Just("contract_broken"), Just("FirstPlayerWins"),
        ],
        target in prop_oneof![Just("K3"), Just("K4"), Just("K0"), Just("K99"), Just("x")],
        board in prop_oneof![Just("inf"), Just("5"), Just("1"), Just("300")],
        edits in proptest::option::of(edits()),
    ) {
        let moves: Vec<_> = moves
            .iter()
            .map(|(p, u, v, forced)| serde_json::json!({"player": p, "edge": [u, v], "forced": forced}))
            .collect();
        let ending = match ending {
            "contract_broken" => serde_json::json!({"kind": ending, "detail": "x"}),
            _ => serde_json::json!({"kind": ending}),
        };
        let file = serde_json::json!({
            "strategy": "fuzz", "verdict": "refuted", "target": target, "board": board,
            "counterexample": moves, "ending": ending, "names": [[0, "a"], [1, "b"]],
        })
        .to_string();
        let text = match edits {
            Some(edits) => text_of(mutate(file.as_bytes(), &edits)),
            None => file,
        };
        if let Ok(json) = parse_json_line(&text, "fuzz.json") {
            let game = Game::clique(json.clique.unwrap_or(4));
            let board = json.board.unwrap_or(Board::Infinite);
            if let Ok((moves, Some(ending))) = checked_line(json.moves, board, game, json.ending) {
                render(&Line { moves, ending, names: json.names.into_iter().collect() }, game);
            }
        }
    }

    #[test]
    fn game_statements_never_panic(
        rules in "(achieve|maker|avoid|misere-plus|[a-z-]{0,8})",
        target in "(K[0-9]{1,3}|P[0-9]|C[0-9]|K1,[0-9]|2K2|bow-tie|[?-~]{1,6}|\\PC{0,5})",
        board in "(K?[0-9]{1,3}|C[0-9]|P[0-9]|K1,[0-9]|inf|[?-~]{1,8}|\\PC{0,5})",
        start in "([0-9]{1,3}-[0-9]{1,3},){0,3}|[?-~]{1,4}:[?-~]{1,4}|\\PC{0,8}",
        first in prop_oneof![Just(Player::First), Just(Player::Second)],
    ) {
        use ramsey_verify::games::pattern::Pattern;
        use ramsey_verify::games::ramsey::{RamseyGame, Rules};
        use ramsey_verify::games::statement::{colour_start, parse_board};
        use ramsey_verify::games::prelude::*;
        let (Ok(rules), Ok(pattern), Ok(board)) = (rules.parse::<Rules>(), target.parse::<Pattern>(), parse_board(&board))
        else {
            return Ok(());
        };
        if let Ok((start, _)) = colour_start(&board, &start) {
            if let Ok(game) = RamseyGame::new(start, [pattern.clone(), pattern], rules, first) {
                for player in [Player::First, Player::Second] {
                    let _ = game.owns_target(&game.start(), player);
                }
            }
        }
    }

    #[test]
    fn certificates_never_panic(
        edits in edits(),
        game in any::<bool>(),
        fix_hash in any::<bool>(),
        gzip in any::<bool>(),
    ) {
        let mut cert = mutate(if game { GAME_CERT } else { K3_CERT }, &edits);
        if fix_hash {
            cert = rehash(&cert);
        }
        if gzip {
            use std::io::Write;
            let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            gz.write_all(&cert).unwrap();
            cert = gz.finish().unwrap();
            // A damaged gzip stream as well.
            let _ = ramsey_cert_check::check(&mutate(&cert, &edits), 1);
        }
        let _ = ramsey_cert_check::check(&cert, 1);
    }

    #[test]
    fn random_bytes_are_not_certificates(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        prop_assert!(ramsey_cert_check::check(&bytes, 1).is_err());
    }
}

#[test]
fn the_unmutated_certificates_are_accepted_and_rehash_keeps_them() {
    for cert in [K3_CERT, GAME_CERT] {
        assert!(ramsey_cert_check::check(cert, 1).is_ok());
        assert_eq!(rehash(cert), cert);
    }
}

#[test]
fn deserialized_edges_are_checked() {
    for bad in ["[3,3]", "[200,3]", "[1,128]", "[-1,2]"] {
        assert!(serde_json::from_str::<Edge>(bad).is_err(), "{bad}");
    }
    let e: Edge = serde_json::from_str("[5,2]").unwrap();
    assert_eq!(e, Edge::new(2, 5));
    assert_eq!(serde_json::to_string(&e).unwrap(), "[2,5]");
}
