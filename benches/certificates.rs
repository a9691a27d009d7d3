//! What a certificate costs (issue 25, item 7): for fixed games, the wall
//! time of the search alone, of the same search writing its certificate,
//! the overhead, and the independent checker's time on it
//! (`cargo bench --bench certificates`; `-- quick` for the small ones).
//! Kinds: Ramsey wins (format 3) and draws (5), winner-only Ramsey wins
//! (the triangle-free game), Erdős' games exact and winner-only (6),
//! chi_g (12), Theorem 5.3's trees, and `verify --cert` (format 2) on the
//! K4 slice (the whole K4 run is measured from the command line:
//! docs/book/src/performance.md).
//! Each time is the median of three runs on the current thread pool.

use ramsey_verify::analysis::colouring::chromatic::{game_chromatic, game_chromatic_certified};
use ramsey_verify::analysis::colouring::trees53::certify_trees;
use ramsey_verify::analysis::colouring::trees53_states::CertifiedTrees;
use ramsey_verify::analysis::erdos::{parse_board, solve, solve_certified};
use ramsey_verify::analysis::ramsey_game::winner_decider;
use ramsey_verify::bench::{line_start, K4_SLICE};
use ramsey_verify::core::board::{Board, Player};
use ramsey_verify::core::canon::canonical_form;
use ramsey_verify::engine::{Limits, Solver};
use ramsey_verify::games::colouring::parse_graph;
use ramsey_verify::games::prelude::*;
use ramsey_verify::games::scoring::{Scoring, ScoringGame};
use ramsey_verify::games::statement::parse_board as ramsey_board;
use ramsey_verify::games::{pattern::Pattern, ramsey::RamseyGame, ramsey::Rules};
use ramsey_verify::verify::cert::colouring::Ends;
use ramsey_verify::verify::cert::game::{solved_game_certificate, winner_only_certificate};
use ramsey_verify::verify::cert::Recorder;
use ramsey_verify::verify::search::Search;
use std::time::Instant;

/// The median of three timings of `run`, and its last result.
fn timed<T>(mut run: impl FnMut() -> T) -> (f64, T) {
    let mut times = Vec::new();
    let mut last = None;
    for _ in 0..3 {
        let started = Instant::now();
        last = Some(run());
        times.push(started.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    (times[1], last.expect("three runs"))
}

fn report(name: &str, plain: f64, with: f64, text: &str) {
    let (check, summary) = timed(|| ramsey_cert_check::check(text.as_bytes(), 2));
    let entries = summary.map_or(0, |s| s.entries);
    println!(
        "{name:<28} {plain:>8.3} {with:>8.3} {:>+7.0}% {check:>8.3} {entries:>9}",
        100.0 * (with - plain) / plain
    );
}

fn ramsey(rules: Rules, n: &str, target: &str) {
    let t: Pattern = target.parse().expect("a target");
    let game =
        RamseyGame::new(ramsey_board(n).expect("a board"), [t.clone(), t], rules, Player::First).expect("a game");
    let (plain, _) = timed(|| Solver::new(&game).value(&game.start()).expect("no cap"));
    let (with, cert) = timed(|| {
        let solver = Solver::new(&game);
        solver.value(&game.start()).expect("no cap");
        solved_game_certificate(&solver).expect("no cap")
    });
    report(&format!("{rules} K{n} {target}"), plain, with, &cert.text);
}

/// Erdős' game `scoring` on `board` (format 6): the exact outcome, or
/// with `winner_only` the bounds who wins proved.
fn erdos(scoring: Scoring, board: &str, winner_only: bool) {
    let game = ScoringGame::new(scoring, &parse_board(board).expect("a board"), &[]).expect("a game");
    let (plain, _) = timed(|| solve(&game, Limits::default(), winner_only).expect("no cap"));
    let (with, solved) = timed(|| solve_certified(&game, Limits::default(), winner_only).expect("no cap"));
    let text = solved.certificate.expect("a certificate").text;
    let kind = if winner_only { " winner" } else { "" };
    report(&format!("erdos {} {board}{kind}", scoring.name()), plain, with, &text);
}

/// A Ramsey game's winner-only search (format 3 with free-edge depths),
/// recording for its certificate.
fn ramsey_winner_only(rules: Rules, n: &str, target: &str) {
    let t: Pattern = target.parse().expect("a target");
    let game =
        RamseyGame::new(ramsey_board(n).expect("a board"), [t.clone(), t], rules, Player::First).expect("a game");
    let limits = Limits::default();
    let (plain, _) = timed(|| winner_decider(&game, limits).score(&game.start()).expect("no cap"));
    let (with, cert) = timed(|| {
        let decider = winner_decider(&game, limits).recording();
        decider.score(&game.start()).expect("no cap");
        winner_only_certificate(&decider, &game)
            .expect("no cap")
            .expect("a winner")
    });
    report(&format!("{rules} K{n} {target} winner"), plain, with, &cert.text);
}

/// chi_g of `graph` (format 12): the score-only searches of every level
/// alone, and with each level's winner's strategy read off them.
fn chi_g(graph: &str, ends: Ends) {
    let g = parse_graph(graph).expect("a graph");
    let (plain, _) = timed(|| game_chromatic(&g, Limits::default()).expect("no cap"));
    let (with, solved) = timed(|| game_chromatic_certified(&g, Limits::default(), ends).expect("no cap"));
    let text = solved.certificate.expect("a certificate").text();
    report(&format!("chi_g {graph} {ends:?}"), plain, with, &text);
}

/// `verify --strategy k4-patched --bound 21 --cert` on the subtree after
/// his replies [`K4_SLICE`] (a subtree certificate, `start` its canonical
/// position): the search alone against the search telling a recorder.
fn k4_slice() {
    let strategy = ramsey_verify::strategies::k4::patched();
    let search = || Search::new(&strategy, Board::Infinite, 21);
    let (position, memory) = line_start(&search(), &K4_SLICE).expect("the K4 slice");
    let node = canonical_form(&position, &memory, None);
    let (plain, _) = timed(|| search().value(&node).expect("no cap"));
    let (with, cert) = timed(|| {
        let recorder = Recorder::new();
        let certified = Search::new(&strategy, Board::Infinite, 21).with_observer(&recorder);
        certified.value(&node).expect("no cap");
        recorder.certificate(certified.game, Board::Infinite, 21, Some(&node.position))
    });
    report(&format!("verify k4-patched {K4_SLICE:?}"), plain, with, &cert.text);
}

/// Theorem 5.3's strategy on every tree up to `max_n` vertices, games
/// ended when every vertex is safe: the engine's labelled certification
/// (no certificate) against the walk up to states that writes one.
fn theorem53(max_n: usize) {
    let (plain, _) = timed(|| (1..=max_n).map(|n| certify_trees(n, 5, false).checked).sum::<u64>());
    let (with, run) = timed(|| {
        CertifiedTrees::run(max_n, 5, false, u64::MAX)
            .expect("a size")
            .expect("no cap")
    });
    let text = run.certificate().expect("verified").text;
    report(&format!("theorem 5.3 trees <= {max_n}"), plain, with, &text);
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    println!(
        "{:<28} {:>8} {:>8} {:>8} {:>8} {:>9}",
        "workload", "solve s", "+cert s", "cost", "check s", "entries"
    );
    ramsey(Rules::Misere, "6", "K3");
    ramsey(Rules::Misere, "5", "C4");
    erdos(Scoring::VertexCapturing, "colex:17", false);
    erdos(Scoring::Colex, "colex:17", false);
    erdos(Scoring::Star, "colex:17", true);
    ramsey(Rules::Achieve, "5", "C4");
    ramsey_winner_only(Rules::SharedAvoid, "8", "K3");
    theorem53(9);
    chi_g("grid:4x6", Ends::Safe);
    chi_g("grid:4x6", Ends::Secured);
    k4_slice();
    if !quick {
        chi_g("grid:4x7", Ends::Secured);
        chi_g("grid:5x6", Ends::Secured);
        theorem53(11);
        ramsey(Rules::Misere, "7", "K3");
        ramsey(Rules::Achieve, "7", "K4");
        erdos(Scoring::VertexCapturing, "colex:22", false);
        erdos(Scoring::Star, "colex:22", false);
        erdos(Scoring::Colex, "colex:20", false);
        erdos(Scoring::Star, "colex:22", true);
        ramsey_winner_only(Rules::SharedAvoid, "11", "K3");
    }
}
