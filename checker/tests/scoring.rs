//! Version-6 (scoring game) certificates written by hand, so the checker
//! is tested without the engine: the Star game on the path P3 (`Bg`), where
//! Alice takes one edge and Bob the other, so the value is (1, 1); and the
//! checker's own scores on small colourings.

use ramsey_cert_check::game::position::Position;
use ramsey_cert_check::graph::Colour;
use ramsey_cert_check::scoring::rules::Measure;
mod common;

use common::{invalid_at, sealed};
use ramsey_cert_check::{check, Claim, RejectionKind};

/// Alice takes 0-1 (Bob must take 1-2); Bob, after either edge of hers
/// (the two are mirror images), takes the other.
const P3: [&str; 2] = ["red B?:B? 0-1", "blue B_:B? 1-2"];

fn certificate(game: &str, at_least: &str, at_most: &str, body: &[&str]) -> String {
    let head = format!(
        "ramsey-cert 6\ntool by hand\ngame {game}\nboard Bg\nstart B?:B?\nto-move red\nat-least {at_least}\n\
         at-most {at_most}\n"
    );
    sealed(&head, body)
}

#[test]
fn the_star_game_on_p3_is_one_all() {
    let s = check(certificate("star", "1 1", "1 1", &P3).as_bytes(), 1).unwrap();
    let Claim::Scoring(g) = &s.claim else {
        panic!("not a scoring certificate")
    };
    assert_eq!((g.game, s.entries), ("star", 2));
    assert!(s
        .to_text()
        .starts_with("VALID: the value of the star game on board Bg (red to move) is (1, 1)"));
    let json = ramsey_cert_check::verdict_json(&Ok(s));
    assert_eq!((json["format"].as_u64(), json["value"][0].as_u64()), (Some(6), Some(1)));
    // One side alone; a weaker bound.
    assert!(check(certificate("star", "1 1", "-", &P3[..1]).as_bytes(), 1).is_ok());
    assert!(check(certificate("star", "-", "2 1", &P3[1..]).as_bytes(), 1).is_ok());
}

#[test]
fn false_claims_changed_moves_and_missing_entries_are_caught() {
    // (2, 1) is above (1, 1): Alice's move leaves Bob 1-2.
    invalid_at(&certificate("star", "2 1", "1 1", &P3), Some(11), "the outcome (1, 1)");
    // (1, 2) is below (1, 1) (a - b = -1): Bob cannot hold her there.
    invalid_at(&certificate("star", "1 1", "1 2", &P3), Some(12), "the outcome (1, 1)");
    invalid_at(
        &certificate("star", "1 1", "1 1", &["red B?:B? 0-2", P3[1]]),
        Some(11),
        "not an edge",
    );
    invalid_at(
        &certificate("star", "1 1", "1 1", &["red B?:B? 0-1,1-2", P3[1]]),
        Some(11),
        "exactly one edge",
    );
    invalid_at(&certificate("star", "1 1", "1 1", &P3[..1]), None, "missing position");
    invalid_at(&certificate("star", "1 1", "1 1", &P3[1..]), None, "root");
    // Under the VC game Bob's strategy gives (1, 1) too, the Clique game
    // (2, 2): Alice's claim of (1, 1) (a - b = 0) holds, Bob's does not.
    assert!(check(certificate("vc", "1 1", "1 1", &P3).as_bytes(), 1).is_ok());
    invalid_at(
        &certificate("clique", "1 1", "1 1", &P3),
        Some(12),
        "the outcome (2, 2)",
    );
}

#[test]
fn unreadable_scoring_headers_exit_2() {
    let good = certificate("star", "1 1", "1 1", &P3);
    for (from, to, words) in [
        ("game star", "game chess", "unknown game"),
        ("at-least 1 1", "at-least one", "at-least"),
        ("to-move red", "to-move green", "to-move"),
        ("start B?:B?", "start Bg:Bg", "already coloured"),
    ] {
        let r = check(good.replacen(from, to, 1).as_bytes(), 1).expect_err(to);
        assert_eq!(r.kind, RejectionKind::Unreadable, "{}", r.message);
        assert!(r.message.contains(words), "`{}` does not say `{words}`", r.message);
    }
    let nothing = good
        .replacen("at-least 1 1", "at-least -", 1)
        .replacen("at-most 1 1", "at-most -", 1);
    assert_eq!(
        check(nothing.as_bytes(), 1).unwrap_err().kind,
        RejectionKind::Unreadable
    );
}

#[test]
fn the_checkers_own_scores() {
    // K4 (`C~`) with red the triangle 0-1-2 and the edge 2-3, blue 0-3, 1-3.
    let mut p = Position::board(4, &[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]);
    for (u, v) in [(0, 1), (0, 2), (1, 2), (2, 3)] {
        p.colour(u, v, Colour::Red).unwrap();
    }
    for (u, v) in [(0, 3), (1, 3)] {
        p.colour(u, v, Colour::Blue).unwrap();
    }
    let scores = |m: Measure| (m.score(&p, Colour::Red), m.score(&p, Colour::Blue));
    assert_eq!(scores(Measure::Clique), (3, 2));
    assert_eq!(scores(Measure::Star), (3, 2));
    // Vertex 2 has all 3 edges red, 0 and 1 two of 3; 3 two of 3 blue.
    assert_eq!(scores(Measure::VertexCapturing), (3, 1));
    // A triangle and a pendant edge is C(4); blue's path 0-3-1 is C(2).
    assert_eq!(scores(Measure::Colex), (4, 2));
    // No edges of a colour: a lone vertex is still a K1 (a clique of 1).
    let empty = Position::board(2, &[(0, 1)]);
    assert_eq!(Measure::Clique.score(&empty, Colour::Blue), 1);
    assert_eq!(Measure::Colex.score(&empty, Colour::Blue), 0);
}

#[test]
fn damaged_bytes_never_make_the_checker_panic_or_prove_a_falsehood() {
    // Every byte replaced by a few others: the checker answers without
    // panicking, and whatever it accepts is true of the Star game on P3,
    // whose value is (1, 1): at least a bound below it, at most one above.
    let good = certificate("star", "1 1", "1 1", &P3);
    let value = ramsey_cert_check::scoring::rules::Points { alice: 1, bob: 1 };
    for at in 0..good.len() {
        for byte in [b'0', b'1', b'2', b'9', b'?', b'~', b' ', b'\n', b'-', 0xff] {
            let mut bytes = good.clone().into_bytes();
            bytes[at] = byte;
            let Ok(s) = check(&bytes, 1) else { continue };
            let Claim::Scoring(g) = &s.claim else {
                panic!("read as another version")
            };
            if g.game == "star" && g.board == "Bg" {
                assert!(g.at_least.is_none_or(|l| l <= value), "byte {at}: {:?}", g.at_least);
                assert!(g.at_most.is_none_or(|h| h >= value), "byte {at}: {:?}", g.at_most);
            }
        }
    }
}

/// `Measure::score_filled` (free edges counted for the filling colour
/// without building the filled position) is `Measure::score` of
/// `Position::filled`, for every measure, both colours and both fills, on
/// random partial colourings of random boards of 2 to 7 vertices.
#[test]
fn filled_scores_are_the_scores_of_the_filled_position() {
    let mut seed = 0x1234_5678_9abc_def1u64;
    let mut next = |m: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % m
    };
    let measures = [Measure::Clique, Measure::Star, Measure::VertexCapturing, Measure::Colex];
    for _ in 0..500 {
        let n = 2 + next(6) as usize;
        let edges: Vec<(usize, usize)> = (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
            .collect::<Vec<_>>()
            .into_iter()
            .filter(|_| next(4) != 0)
            .collect();
        let mut p = Position::board(n, &edges);
        for &(u, v) in &edges {
            match next(3) {
                0 => p.colour(u, v, Colour::Red).unwrap(),
                1 => p.colour(u, v, Colour::Blue).unwrap(),
                _ => {}
            }
        }
        for m in measures {
            for c in [Colour::Red, Colour::Blue] {
                for fill in [Colour::Red, Colour::Blue] {
                    let plain = m.score(&p.filled(fill), c);
                    assert_eq!(m.score_filled(&p, c, Some(fill)), plain, "{m:?} {c:?} {fill:?} {p:?}");
                }
                assert_eq!(m.score_filled(&p, c, None), m.score(&p, c));
            }
        }
    }
}
