//! The Ramsey, draw, scoring and "no forced win" certificate writers under
//! a memory cap: what a writer holds (its walk, its entries) is counted
//! with the search's table against `--max-memory`, so that under every cap
//! a run either writes a certificate the checker accepts, or stops with
//! the search's memory cap, or stops at the writer's own (a certificate
//! cap): never past the cap, never a panic. (The colouring writers' caps
//! are tested in `tests/colouring_cert_memory.rs`.)
//!
//! Each writer is run just under the smallest cap (in bytes) under which
//! it writes its certificate: there it must be the writer that stops, so
//! that a writer that stops counting its memory fails here.

mod cert_common;
mod common;
use cert_common::accepted;
use ramsey_verify::analysis::budget::defence::NoDefence;
use ramsey_verify::analysis::budget::{no_win_certificate, BudgetSolver, CliqueRace, NoAnswer};
use ramsey_verify::analysis::ramsey_game::wins_within;
use ramsey_verify::core::board::{Board, Player, Position};
use ramsey_verify::engine::bounded::BoundedSolver;
use ramsey_verify::engine::{Limits, Solver, StopReason, Stopped};
use ramsey_verify::games::pattern::Pattern;
use ramsey_verify::games::prelude::*;
use ramsey_verify::games::ramsey::{RamseyGame, Rules};
use ramsey_verify::games::scoring::{Scoring, ScoringGame, PROBES};
use ramsey_verify::games::statement::parse_board;
use ramsey_verify::verify::cert::game::solved_game_certificate;
use ramsey_verify::verify::cert::scoring::{scoring_certificate, Claims};

/// A certificate and the bytes its search's table held once it was written.
type Written = Result<(String, u64), Stopped>;

/// Finds the smallest cap (in bytes) under which `write` writes a
/// certificate (checked), and asserts that it is above what the search's
/// table holds (so the writer counts what it holds itself) and that one
/// byte less stops the *writer* at its own cap. Stops are monotone in the
/// cap (one thread: the same positions in the same order), so a bisection
/// finds it.
fn sweep(name: &str, write: impl Fn(Limits) -> Written + Sync) {
    let run = |cap: u64| {
        let limits = Limits::default().with_threads(1).with_max_memory(cap);
        limits.install(|| write(limits)).unwrap()
    };
    let mut hi: u64 = 16 << 10;
    while let Err(e) = run(hi) {
        assert!(hi < 1 << 30, "{name}: no certificate under 1 GiB: {e}");
        hi *= 2;
    }
    let mut lo = 0;
    assert!(run(lo).is_err(), "{name}: a certificate under a cap of 0 bytes");
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        match run(mid) {
            Ok(_) => hi = mid,
            Err(_) => lo = mid,
        }
    }
    let (text, table) = run(hi).unwrap();
    accepted(&text);
    assert!(
        hi > table,
        "{name}: the writer counts nothing of its own ({hi} bytes, all the table's)"
    );
    match run(lo).map_err(|e| e.reason) {
        Err(StopReason::CertificateCap { bytes }) if bytes == lo => {}
        other => panic!("{name}: one byte under the smallest cap that writes ({hi}): {other:?}"),
    }
}

fn ramsey_game(rules: Rules, board: &str, target: &str) -> RamseyGame {
    let t: Pattern = target.parse().unwrap();
    RamseyGame::new(parse_board(board).unwrap(), [t.clone(), t], rules, Player::First).unwrap()
}

fn solved(game: &RamseyGame, limits: Limits) -> Written {
    let solver = Solver::new(game).with_limits(limits);
    solver.value(&game.start())?;
    let text = solved_game_certificate(&solver)?.text;
    Ok((text, solver.table_bytes()))
}

#[test]
fn a_won_game_and_a_drawn_game_are_written_within_the_cap_or_stopped_at_it() {
    // 6-Sim (a win, format 3) and `achieve` on K5 with C4 (a draw, format 5).
    for (rules, board, target) in [(Rules::Misere, "6", "K3"), (Rules::Achieve, "5", "C4")] {
        let game = ramsey_game(rules, board, target);
        sweep(&format!("{rules} {board} {target}"), |l| solved(&game, l));
    }
}

#[test]
fn a_scoring_certificate_is_written_within_the_cap_or_stopped_at_it() {
    let board = ramsey_verify::analysis::erdos::parse_board("colex:9").unwrap();
    let game = ScoringGame::new(Scoring::VertexCapturing, &board, &[]).unwrap();
    sweep("VC on C(9)", |limits| {
        let solver = BoundedSolver::new(&game).with_limits(limits);
        let v = solver.value(&game.start(), &PROBES)?;
        let claims = Claims {
            at_least: Some(v),
            at_most: Some(v),
        };
        let text = scoring_certificate(&solver, &game.start(), claims)?.text;
        Ok((text, solver.counts().table_bytes))
    });
}

#[test]
fn a_no_win_certificate_is_written_within_the_cap_or_stopped_at_it() {
    let start = Position::empty(Board::Infinite);
    let write = |limits: Limits| {
        let solver = BudgetSolver::new(CliqueRace::new(4, Board::Infinite)).with_limits(limits);
        match no_win_certificate(&solver, 4, &start, 7) {
            Ok(cert) => Ok((cert.text, solver.table_bytes())),
            Err(NoDefence::Search(NoAnswer::Stopped(stopped))) => Err(stopped),
            Err(other) => panic!("{other}"),
        }
    };
    sweep("no K4 within 7", write);
}

/// The loser's half of Sim's length (format 14, read off the failing test
/// "does blue win within 13 plies?"): the walk is counted with the test's
/// table. (The table's bytes are not reported by the test alone, so the
/// sweep's first assertion is void here; its last one, the writer's own
/// cap one byte under the smallest cap that writes, is not.) Made to fail
/// by not counting the walk (`within_memory` in halves.rs returning
/// `Ok(())`): then the search stops first.
#[test]
fn a_lower_half_is_written_within_the_cap_or_stopped_at_it() {
    let game = ramsey_game(Rules::Misere, "6", "K3");
    sweep("Sim, blue not within 13 plies", |limits| {
        let (test, cert) = wins_within(&game, Player::Second, 13, limits, true)?;
        assert!(!test.wins);
        Ok((cert.expect("asked for").text, 0))
    });
}
