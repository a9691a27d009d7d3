//! What a recording winner-only search keeps for a Ramsey certificate
//! (`Decider::recording`, read by the format-3 winner-only writer through
//! `Prover::recorded`): at every position reached from the start, a
//! recorded move must be legal and win (a search that does not record
//! says the mover wins after it), and recorded replies must be every move
//! up to symmetry, each with the fingerprint of the canonical form of the
//! position after it. The certificate written from the records must be
//! accepted by the checker. Both kinds of record must be met.

mod cert_common;
mod common;
use cert_common::accepted;
use ramsey_verify::analysis::ramsey_game::winner_decider;
use ramsey_verify::core::board::{Edge, Player, Position};
use ramsey_verify::engine::extract::{fingerprint, Recorded};
use ramsey_verify::engine::Limits;
use ramsey_verify::games::pattern::Pattern;
use ramsey_verify::games::prelude::*;
use ramsey_verify::games::ramsey::{RamseyGame, Rules};
use ramsey_verify::games::statement::parse_board;
use ramsey_verify::verify::cert::game::winner_only_certificate;
use std::collections::HashSet;

/// Checks every record at the positions reached from the start of
/// `rules` on K`n` with `target` for both (up to `limit` of them, breadth
/// first); the numbers of recorded moves and of recorded replies met.
fn check_records(rules: Rules, n: &str, target: &str, limit: usize) -> (usize, usize) {
    let t: Pattern = target.parse().unwrap();
    let game = RamseyGame::new(parse_board(n).unwrap(), [t.clone(), t], rules, Player::First).unwrap();
    let plain = winner_decider(&game, Limits::default());
    let recording = winner_decider(&game, Limits::default()).recording();
    let start = game.start();
    assert_eq!(plain.score(&start).unwrap(), recording.score(&start).unwrap());
    assert_eq!(
        plain.positions(),
        recording.positions(),
        "{rules} K{n}: recording changed the search"
    );
    let wins =
        |p: &Position, m: &[Edge]| plain.score(&game.play(p, &m.to_vec())).unwrap().winner() == Some(game.to_move(p));
    let (mut moves, mut replies, mut wrong) = (0, 0, 0);
    let mut seen = HashSet::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(p) = queue.pop_front() {
        if seen.len() >= limit || game.outcome(&p).is_some() || !seen.insert(game.canonical(&p).key) {
            continue;
        }
        let canon = game.canonical(&p);
        match recording.recorded(&canon) {
            Some(Recorded::Move(m)) => {
                moves += 1;
                assert!(game.moves(&p).contains(&m), "{rules} K{n}: an illegal recorded move");
                assert!(wins(&p, &m), "{rules} K{n}: a recorded move that does not win");
                // The check can fail: another legal move in its place that
                // does not win is caught (where there is one).
                if let Some(other) = game.moves(&p).into_iter().find(|o| !wins(&p, o)) {
                    wrong += 1;
                    assert_ne!(other, m, "{rules} K{n}: a losing move recorded");
                }
            }
            Some(Recorded::Replies(r)) => {
                replies += 1;
                assert_eq!(r.len(), game.orbit_moves(&canon.position, &canon.generators).len());
                for (m, f, _) in r.iter().filter(|(_, f, _)| *f != 0) {
                    assert_eq!(*f, fingerprint(&game.canonical(&game.play(&p, m)).key));
                }
            }
            None => {}
        }
        queue.extend(game.moves(&p).iter().map(|m| game.play(&p, m)));
    }
    let cert = winner_only_certificate(&recording, &game).unwrap().unwrap();
    accepted(&cert.text);
    assert!(
        moves == 0 || wrong > 0,
        "{rules} K{n}: no recorded move could be told from a wrong one"
    );
    (moves, replies)
}

#[test]
fn recorded_moves_win_and_recorded_replies_are_every_orbit() {
    let mut met = (0, 0);
    for (rules, n, target) in [
        (Rules::SharedAvoid, "7", "K3"),
        (Rules::SharedAvoid, "8", "K3"),
        (Rules::Misere, "6", "K3"),
        (Rules::Avoid, "6", "K3"),
    ] {
        let (moves, replies) = check_records(rules, n, target, 3000);
        met = (met.0 + moves, met.1 + replies);
    }
    assert!(met.0 > 10 && met.1 > 10, "records met: {met:?}");
}
