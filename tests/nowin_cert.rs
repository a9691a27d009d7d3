//! `solve --budget B --cert` (format version 9, proofs/FORMAT.md "Version
//! 9: no forced win within b"): when she cannot force a `K_k` within `B`
//! of her moves, his strategy is written and the independent checker
//! accepts it; a tampered copy (a changed reply, a dropped entry, an `L`
//! off by one, a bound raised so that the claim is false) is rejected with
//! the line at fault; and the certificate path's verdict agrees with the
//! plain search on every budget 1..6.

mod cert_common;
mod common;

use cert_common::{accepted, body, each_entry_needed, edited, rejected, scratch, with_field, written_by};
use common::{bad_input, ramsey};
use ramsey_verify::analysis::budget::{no_win_certificate, BudgetSolver, CliqueRace};
use ramsey_verify::core::board::{Board, Edge, Player, Position};

/// The certificate `solve --budget b --clique k --board board` writes
/// from the empty board.
fn written(k: usize, board: &str, b: u32) -> String {
    let (k, b) = (k.to_string(), b.to_string());
    let name = format!("nowin-{k}-{board}-{b}.cert");
    let args = ["--g6", "?:?", "--budget", &b, "--clique", &k, "--board", board];
    written_by("solve", &name, &args)
}

#[test]
fn small_budgets_are_certified_and_accepted() {
    for b in 1..=6 {
        let text = written(4, "inf", b);
        let summary = accepted(&text);
        assert_eq!((summary.bound, summary.moves), (b, b));
        assert!(summary
            .to_text()
            .contains("cannot force a win in the K4 game on K_aleph0"));
    }
    // The same bytes for any number of threads.
    let args = ["--g6", "?:?", "--budget", "6", "--clique", "4", "--board", "inf"];
    let one = cert_common::same_for_any_threads("solve", &args);
    assert_eq!(one, written(4, "inf", 6));
    // And the committed certificate is what its command (proofs/certs.sh) writes.
    let committed = concat!(env!("CARGO_MANIFEST_DIR"), "/proofs/certs/k4-inf-no-win-6.cert");
    assert_eq!(
        one,
        std::fs::read_to_string(committed).unwrap(),
        "proofs/certs/k4-inf-no-win-6.cert is stale"
    );
}

#[test]
fn every_entry_is_needed() {
    let text = written(4, "inf", 6);
    let entries = body(&text).len();
    assert!(entries > 10, "{entries}");
    each_entry_needed(&text, 0..entries);
}

#[test]
fn a_changed_reply_is_rejected_on_its_line() {
    let text = written(4, "inf", 6);
    let lines = body(&text);
    // His reply moved to two untouched vertices (a legal edge that blocks
    // nothing): the first entry where that lets her through is rejected,
    // on its own line, because a move of hers completes a K4 or reaches a
    // position without an entry.
    let first = (0..lines.len()).find_map(|i| {
        let t = order(&lines[i][0]);
        let line = format!("{} {}-{} {}", lines[i][0], t, t + 1, lines[i][2]);
        ramsey_cert_check::check(edited(&text, i, Some(line)).as_bytes(), 2)
            .err()
            .map(|r| (i, r))
    });
    let (i, r) = first.expect("some reply of his is needed");
    assert_eq!(r.line, Some(9 + i), "{}", r.message);
    assert!(r.message.contains("her move"), "{}", r.message);
}

#[test]
fn an_l_off_by_one_is_rejected() {
    let text = written(4, "inf", 6);
    let lines = body(&text);
    let last = lines.len() - 1;
    let l: u32 = lines[last][2].parse().unwrap();
    assert!(l >= 2, "{l}");
    // Lowered: the lookup of the entry above it fails.
    let lower = format!("{} {} {}", lines[last][0], lines[last][1], l - 1);
    let r = rejected(&edited(&text, last, Some(lower)));
    assert!(r.message.contains("missing position"), "{}", r.message);
    assert!(r.line.is_some_and(|l| l < 9 + last), "{:?}", r.line);
    // Raised: her moves after his reply need entries that hold her off
    // for one move more than any of the deepest ply does, and there are none.
    let raised = format!("{} {} {}", lines[last][0], lines[last][1], l + 1);
    let r = rejected(&edited(&text, last, Some(raised)));
    assert_eq!(r.line, Some(9 + last), "{}", r.message);
}

#[test]
fn a_bound_raised_past_the_truth_is_rejected() {
    // The K3 game on K_aleph0: no win within 3, a win within 4.
    let text = written(3, "inf", 3);
    assert_eq!(accepted(&text).bound, 3);
    let r = rejected(&with_field(&text, "bound", "4"));
    assert!(r.message.contains("start position"), "{}", r.message);
    // On K4 a raised bound is rejected too: the entries hold her off for
    // one move fewer than the root then needs.
    let text = written(4, "inf", 6);
    let r = rejected(&with_field(&text, "bound", "7"));
    assert!(r.message.contains("missing position"), "{}", r.message);
}

#[test]
fn her_win_has_no_such_certificate() {
    let path = scratch("nowin-k3-4.cert");
    let (code, _, err) = ramsey(&[
        "solve",
        "--g6",
        "?:?",
        "--budget",
        "4",
        "--clique",
        "3",
        "--board",
        "inf",
        "--cert",
        path.to_str().unwrap(),
    ]);
    assert!(
        bad_input(code, &err, "K3 within 4").contains("she wins within 4"),
        "{err}"
    );
}

/// The graph6 order of a position `RED:BLUE` (orders below 63).
fn order(position: &str) -> usize {
    (position.as_bytes()[0] - 63) as usize
}

/// Positions to ask about on `board`: the empty board and every line of
/// `pairs` moves (red, blue, ...) over the given edges, labelled.
fn positions(board: Board, edges: &[Edge], pairs: usize) -> Vec<Position> {
    let mut out = vec![Position::empty(board)];
    let mut frontier = out.clone();
    for ply in 0..2 * pairs {
        let player = if ply % 2 == 0 { Player::First } else { Player::Second };
        frontier = frontier
            .iter()
            .flat_map(|p| edges.iter().filter_map(move |&e| p.with(e, player).ok()))
            .collect();
        if ply % 2 == 1 {
            out.extend(frontier.iter().cloned());
        }
    }
    out
}

#[test]
fn certificate_verdicts_agree_with_the_search() {
    let e = |u, v| Edge::new(u, v);
    let cases = [
        (
            3,
            Board::Complete(5),
            vec![e(0, 1), e(1, 2), e(0, 2), e(2, 3), e(3, 4)],
            2,
        ),
        (3, Board::Complete(6), vec![e(0, 1), e(1, 2), e(0, 3), e(4, 5)], 1),
        (3, Board::Infinite, vec![e(0, 1), e(1, 2), e(0, 2), e(2, 3)], 1),
        (4, Board::Complete(7), vec![e(0, 1), e(1, 2), e(0, 2)], 1),
        (4, Board::Infinite, vec![e(0, 1), e(0, 2), e(1, 2), e(2, 3)], 1),
    ];
    let (mut held, mut won) = (0, 0);
    for (k, board, edges, pairs) in cases {
        let solver = BudgetSolver::new(CliqueRace::new(k, board.clone()));
        for p in positions(board, &edges, pairs) {
            if p.has_clique(Player::First, k) || p.has_clique(Player::Second, k) {
                continue;
            }
            for b in 1..=6 {
                let wins = solver.wins(&p, b).unwrap();
                match no_win_certificate(&solver, k, &p, b) {
                    Ok(cert) => {
                        assert!(!wins, "K{k} {b}: certified a win away");
                        assert_eq!(accepted(&cert.text).bound, b);
                        held += 1;
                    }
                    Err(e) => {
                        assert!(wins, "K{k} {b} at {p:?}: {e}");
                        won += 1;
                    }
                }
            }
        }
    }
    assert!(held > 50 && won > 50, "{held} held, {won} won");
}
