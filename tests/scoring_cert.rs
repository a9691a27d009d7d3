//! Erdős' scoring games' certificates (format versions 6 and 13: the Star
//! and VC games on degree forms) end to end: on
//! small boards, every game's exact outcome and `--winner-only` bounds are
//! certified and the independent checker accepts exactly the engine's
//! claims; tampered copies (a changed move, a dropped entry, a claim off
//! by one, another game, a wrong count in a degree form) are rejected, where
//! an entry is at fault with its line.

mod cert_common;
mod common;
use cert_common::{
    accepted, body, each_entry_needed, edited, header_len, rejected, same_for_any_threads, with_field, written_by,
};
use common::{bad_input, ramsey};
use ramsey_cert_check::scoring::rules::Points as Checked;
use ramsey_cert_check::{check, Claim};
use ramsey_verify::analysis::erdos::{parse_board, solve_certified, Found};
use ramsey_verify::core::board::Edge;
use ramsey_verify::engine::Limits;
use ramsey_verify::games::scoring::{Points, Scoring, ScoringGame};

/// The claims the checker proved: Alice's lower and Bob's upper bound.
fn proved(text: &str) -> (Option<Points>, Option<Points>) {
    let summary = accepted(text);
    let Claim::Scoring(s) = &summary.claim else {
        panic!("not a scoring certificate")
    };
    let points = |p: Option<Checked>| {
        p.map(|p| Points {
            alice: p.alice as u8,
            bob: p.bob as u8,
        })
    };
    (points(s.at_least), points(s.at_most))
}

/// The game's certificate (exact or who wins) and the bounds the engine found.
fn certified(game: &ScoringGame, winner_only: bool) -> (String, (Option<Points>, Option<Points>)) {
    let solved = solve_certified(game, Limits::default(), winner_only).unwrap();
    (solved.certificate.unwrap().text, solved.found.bounds())
}

#[test]
fn every_game_on_small_boards_is_certified_with_the_engines_value() {
    let mut checked = 0;
    for board in ["3", "4", "5", "colex:5", "colex:7", "colex:9", "colex:11", "C}", "DQo"] {
        let position = parse_board(board).unwrap();
        for scoring in Scoring::ALL {
            let game = ScoringGame::new(scoring, &position, &[]).unwrap();
            for winner_only in [false, true] {
                let (text, bounds) = certified(&game, winner_only);
                assert_eq!(
                    proved(&text),
                    bounds,
                    "{scoring:?} on {board}, winner only {winner_only}"
                );
                if !winner_only {
                    let Found::Exact { outcome, .. } = solve_certified(&game, Limits::default(), false).unwrap().found
                    else {
                        panic!()
                    };
                    assert_eq!(bounds, (Some(outcome), Some(outcome)));
                }
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 9 * 4 * 2);
}

#[test]
fn head_starts_and_bob_first_are_certified() {
    let k5 = parse_board("5").unwrap();
    let head = [Edge::new(0, 1), Edge::new(1, 2)];
    for scoring in Scoring::ALL {
        for bob_first in [false, true] {
            let mut game = ScoringGame::new(scoring, &k5, &head).unwrap();
            if bob_first {
                game = game.bob_first();
            }
            let (text, bounds) = certified(&game, false);
            assert_eq!(proved(&text), bounds, "{scoring:?}, Bob first {bob_first}");
        }
    }
}

/// Alice's lower bound or Bob's upper bound shifted by one point.
fn shifted(p: Points, alice: i8, bob: i8) -> String {
    format!("{} {}", p.alice as i8 + alice, p.bob as i8 + bob)
}

#[test]
fn claims_off_by_one_and_other_games_are_rejected() {
    let game = ScoringGame::new(Scoring::VertexCapturing, &parse_board("colex:9").unwrap(), &[]).unwrap();
    let (text, (Some(v), _)) = certified(&game, false) else {
        panic!()
    };
    // Alice claims more (one more point, one point less for Bob), Bob
    // claims to hold her lower: each is false, so its strategy fails.
    for (key, a, b) in [
        ("at-least", 1, 0),
        ("at-least", 0, -1),
        ("at-most", -1, 0),
        ("at-most", 0, 1),
    ] {
        let r = rejected(&with_field(&text, key, &shifted(v, a, b)));
        assert!(r.line.is_some() || r.message.contains("start"), "{key}: {}", r.message);
    }
    // A weaker claim is still proved.
    assert_eq!(proved(&with_field(&text, "at-most", &shifted(v, 1, 0))).0, Some(v));
    // The same strategies in another game whose value differs.
    for other in ["clique", "star", "colex"] {
        rejected(&with_field(&text, "game", other));
    }
}

#[test]
fn changed_moves_and_dropped_entries_are_caught_on_their_line() {
    let text = written_by("erdos", "vc9.cert", &["--game", "vc", "--board", "colex:9"]);
    let header = header_len(&text);
    let entries = body(&text);
    let mut changed = 0;
    for (i, entry) in entries.iter().enumerate().step_by(5) {
        for (u, v) in [(0, 1), (0, 2), (1, 2), (2, 3), (0, 4), (3, 4)] {
            let line = format!("{} {} {u}-{v}", entry[0], entry[1]);
            if let Err(r) = check(edited(&text, i, Some(line)).as_bytes(), 2) {
                assert_eq!(r.line, Some(header + 1 + i), "{}", r.message);
                changed += 1;
            }
        }
    }
    assert!(changed > 0, "no changed move was refuted");
    each_entry_needed(&text, 0..entries.len());
}

#[test]
fn the_command_line_writes_one_games_certificate() {
    let (code, _, err) = ramsey(&["erdos", "--board", "4", "--cert", "/tmp/never-written.cert"]);
    assert!(
        bad_input(code, &err, "--cert of every game").contains("one game"),
        "{err}"
    );
    let text = written_by(
        "erdos",
        "k4.cert.gz",
        &["--game", "clique", "--board", "4", "--winner-only"],
    );
    let (at_least, at_most) = proved(&text);
    // Bob wins the Clique game on K4: a - b <= 0 is all the test proves.
    assert!(
        at_least.is_none() && at_most.is_some_and(|p| p.difference() <= 0),
        "{text}"
    );
}

#[test]
fn certificates_do_not_depend_on_threads() {
    proved(&same_for_any_threads(
        "erdos",
        &["--game", "colex", "--board", "colex:11"],
    ));
}

#[test]
fn star_and_vc_are_written_on_degree_forms_and_a_wrong_count_is_caught() {
    for (game, version) in [("clique", 6), ("colex", 6), ("vc", 13), ("star", 13)] {
        let text = written_by(
            "erdos",
            &format!("{game}9-forms.cert"),
            &["--game", game, "--board", "colex:9"],
        );
        assert!(text.starts_with(&format!("ramsey-cert {version}\n")), "{game}");
        if version == 6 {
            continue;
        }
        let header = header_len(&text);
        let entries = body(&text);
        for (i, entry) in entries.iter().enumerate() {
            // One more red edge at the first vertex: a form of another
            // ply, so the entry's own form is left without an entry.
            let (free, counts) = entry[1].split_once(':').unwrap();
            let red = counts[..1].parse::<u32>().unwrap() + 1;
            let line = format!("{} {free}:{red}{} {}", entry[0], &counts[1..], entry[2]);
            let r = rejected(&edited(&text, i, Some(line)));
            match r.line {
                Some(line) => assert!(line > header && line <= header + entries.len(), "{line}"),
                None => assert!(r.message.contains("start"), "{}", r.message),
            }
        }
        assert!(entries.len() > 10, "{game}: {}", entries.len());
    }
}
