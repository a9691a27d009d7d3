//! Batch repair (`repair --batch`, `verify::repair::batch`): every failing
//! decision of a verification fixed in one round. Its tables certify, each
//! entry is needed, they do not depend on the thread count, and where no
//! fix exists the run is stuck with a line.

use ramsey_verify::core::board::Board;
use ramsey_verify::core::canon::canonical_form;
use ramsey_verify::engine::Limits;
use ramsey_verify::strategies::{by_name, k4};
use ramsey_verify::verify::patch::{PatchTable, Patches};
use ramsey_verify::verify::repair::{repair, RepairOutcome, RepairTask, Round};
use ramsey_verify::verify::search::{Search, Value};
use ramsey_verify::verify::strategy::Strategy;
use ramsey_verify::verify::{verify, Request, Verdict};
use std::collections::BTreeMap;

mod common;
use common::edges;

/// The first 19 moves (up to her 10th) of the counterexample line
/// `verify --strategy k4-patched --bound 18` reports (k4-patched needs 19
/// of her moves there).
const MOVE10_PREFIX: &str = "0-1,0-2,0-3,1-3,0-4,1-4,3-4,2-5,3-6,2-6,4-6,0-6,3-7,0-5,5-6,4-7,3-8,4-8,3-9";

/// The same line up to her 16th move: only her moves 17 and 18 remain.
const MOVE16_PREFIX: &str = "0-1,0-2,0-3,1-3,0-4,1-4,3-4,2-5,3-6,2-6,4-6,0-6,3-7,0-5,5-6,4-7,3-8,4-8,3-9,\
4-9,3-10,4-10,3-11,0-11,6-11,4-11,7-8,5-11,2-11,9-10,7-9";

/// A batch repair of `name` after `prefix` (empty: the whole game).
fn batch(name: &str, prefix: &str) -> RepairTask {
    RepairTask {
        strategy: by_name(name).unwrap(),
        table: PatchTable::new(),
        prefix: if prefix.is_empty() { Vec::new() } else { edges(prefix) },
        from_move: 1,
        max_rounds: 20,
        batch: true,
    }
}

/// Runs `task` on `threads` threads: the outcome, and each round's entries
/// and failing situations by her move number.
type Counts = Vec<(BTreeMap<usize, usize>, BTreeMap<usize, usize>)>;
fn run(task: RepairTask, board: Board, bound: u32, threads: usize) -> (RepairOutcome, Counts) {
    let mut rounds = Vec::new();
    let request = Request::new(board, bound, threads);
    let outcome = repair(task, &request, |r: &Round| {
        rounds.push((r.added.clone(), r.failing.clone()))
    });
    (outcome.unwrap(), rounds)
}

/// The value of the subtree after `prefix` for `strategy` under `bound`.
fn subtree_value(strategy: &dyn Strategy, prefix: &str, bound: u32) -> Value {
    let limits = Limits::default().with_threads(2);
    let value = limits.install(|| {
        let search = Search::new(strategy, Board::Infinite, bound).with_limits(limits);
        let (position, memory, _) = search.replay_line(&edges(prefix)).unwrap();
        search.value(&canonical_form(&position, &memory, None))
    });
    value.unwrap().unwrap()
}

#[test]
fn batch_repair_mends_the_broken_k3_strategy_in_one_round_and_the_mend_certifies() {
    let request = Request::new(Board::Infinite, 4, 1);
    let broken = by_name("k3-broken-wrong-triangle").unwrap();
    assert_eq!(verify(broken.as_ref(), &request).unwrap().verdict, Verdict::Refuted);
    let (outcome, rounds) = run(batch("k3-broken-wrong-triangle", ""), Board::Infinite, 4, 1);
    let RepairOutcome::Verified { table, max_moves } = outcome else {
        panic!("not repaired")
    };
    // Both failing situations at her 4th move fixed in the same round.
    assert_eq!((table.len(), max_moves), (2, 4));
    assert_eq!(rounds.len(), 1);
    assert_eq!(rounds[0].0, BTreeMap::from([(4, 2)]));
    let mended = Patches::over(broken, "k3-mended", "", table);
    let report = verify(&mended, &request).unwrap();
    assert_eq!((report.verdict, report.max_moves), (Verdict::Verified, Some(4)));
}

#[test]
fn batch_repair_brings_a_k4_patched_subtree_below_its_length_and_every_entry_counts() {
    // After her 10th move on this line k4-patched needs 19 moves; bound 18.
    let patched = k4::patched();
    assert!(matches!(subtree_value(&patched, MOVE10_PREFIX, 18), Value::Fail { .. }));
    assert!(matches!(subtree_value(&patched, MOVE10_PREFIX, 19), Value::Win(19)));
    let (one, rounds) = run(batch("k4-patched", MOVE10_PREFIX), Board::Infinite, 18, 1);
    let (two, rounds_two) = run(batch("k4-patched", MOVE10_PREFIX), Board::Infinite, 18, 2);
    let (RepairOutcome::Verified { table, max_moves }, RepairOutcome::Verified { table: table_two, .. }) = (one, two)
    else {
        panic!("the subtree was not repaired")
    };
    assert_eq!(table, table_two, "same table for 1 and 2 threads");
    assert_eq!(rounds, rounds_two, "same rounds for 1 and 2 threads");
    // One round: hundreds of entries at her moves 16 and 17.
    assert_eq!((rounds.len(), max_moves), (1, 18));
    assert!(
        table.len() > 100 && rounds[0].0.keys().all(|&m| m == 16 || m == 17),
        "{rounds:?}"
    );
    let over = |table: PatchTable| Patches::over(by_name("k4-patched").unwrap(), "batch", "", table);
    assert_eq!(subtree_value(&over(table.clone()), MOVE10_PREFIX, 18), Value::Win(18));
    // Drop an entry (first, middle, last), or move one: the subtree fails.
    let keys: Vec<&String> = table.keys().collect();
    for key in [keys[0], keys[keys.len() / 2], keys[keys.len() - 1]] {
        let mut dropped = table.clone();
        dropped.remove(key);
        let value = subtree_value(&over(dropped), MOVE10_PREFIX, 18);
        assert!(matches!(value, Value::Fail { .. }), "without {key}: {value:?}");
    }
}

#[test]
fn batch_repair_is_stuck_with_a_line_where_no_fix_exists() {
    // K3 within 3 moves of hers: no strategy does it.
    let (outcome, rounds) = run(batch("k3", ""), Board::Infinite, 3, 1);
    let RepairOutcome::Stuck { table, line } = outcome else {
        panic!("K3 within 3 was repaired")
    };
    assert!(table.is_empty() && !line.moves.is_empty());
    // The stuck round is reported: no entry, and where it failed.
    assert_eq!(rounds.len(), 1);
    assert!(rounds[0].0.is_empty() && rounds[0].1.contains_key(&3), "{rounds:?}");
    // k4-patched after her 16th move on the line: her moves 17 and 18
    // cannot make up for it.
    let (outcome, _) = run(batch("k4-patched", MOVE16_PREFIX), Board::Infinite, 18, 2);
    let RepairOutcome::Stuck { table, line } = outcome else {
        panic!("repaired after her 16th move")
    };
    assert!(table.is_empty() && line.moves.len() > edges(MOVE16_PREFIX).len());
}

#[test]
fn k4_fast18_is_k4_patched_with_its_own_table_and_wins_where_k4_patched_needs_19() {
    // The committed table is one for k4-patched, written for bound 18
    // (its certification over the whole game is proofs/certs/k4-fast18-*,
    // checked by proofs/check-all.sh).
    let file = ramsey_verify::verify::patch::PatchFile::parse(k4::FAST18).unwrap();
    let patched = by_name("k4-patched").unwrap();
    assert!(file.header.is_for(patched.as_ref()));
    assert_eq!(file.header.bound, Some(18));
    let fast = by_name("k4-fast18").unwrap();
    assert_eq!(subtree_value(fast.as_ref(), MOVE10_PREFIX, 18), Value::Win(18));
    assert!(matches!(
        subtree_value(patched.as_ref(), MOVE10_PREFIX, 18),
        Value::Fail { .. }
    ));
    // Its own moves on top: k4-patched's table is still its two entries.
    let own = ramsey_verify::verify::patch::parse_table(k4::PATCHES).unwrap();
    assert_eq!(own.len(), 2);
}
