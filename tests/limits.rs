//! One `Limits` (threads, memory cap, progress) for every search: a search
//! stopped by a limit is a typed outcome (`Stopped`), never a value; the
//! command line takes `--threads N` and `--max-memory MIB` on every
//! subcommand that searches, refuses zero and nonsense with exit code 2,
//! and ends a stopped search with exit code 3.

mod common;

use common::{bad_input, ramsey};
use ramsey_verify::core::board::Player;
use ramsey_verify::core::board::{Board, Position};
use ramsey_verify::core::canon::canonical_form;
use ramsey_verify::engine::bounded::BoundedSolver;
use ramsey_verify::engine::limits::{Counters, Progress};
use ramsey_verify::engine::{census, Decider, Limits, Solver, StopReason, Stopped};
use ramsey_verify::games::colouring::{ColouringGame, Graph, Rules as ColouringRules, Winner};
use ramsey_verify::games::pattern::Pattern;
use ramsey_verify::games::prelude::*;
use ramsey_verify::games::ramsey::{RamseyGame, Rules};
use ramsey_verify::strategies::by_name;
use ramsey_verify::verify::search::Search;
use ramsey_verify::verify::{verify, Request, VerifyError};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// A cap of `bytes` bytes, far too small for any search here.
fn tiny(bytes: u64) -> Limits {
    Limits::default().with_max_memory(bytes)
}

fn stopped_at(bytes: u64) -> Stopped {
    Stopped {
        reason: StopReason::MemoryCap { bytes },
    }
}

#[test]
fn a_tiny_memory_cap_stops_verify_without_a_verdict() {
    let strategy = by_name("k3").unwrap();
    let request = Request {
        limits: tiny(100).with_threads(2),
        ..Request::new(Board::Infinite, 10, 2)
    };
    match verify(strategy.as_ref(), &request) {
        Err(VerifyError::Stopped {
            stopped,
            positions,
            bytes,
        }) => {
            assert_eq!(stopped, stopped_at(100));
            assert!(positions >= 1);
            assert!(bytes > 100);
        }
        other => panic!("expected the memory cap, got {other:?}"),
    }
}

#[test]
fn a_sufficient_cap_and_any_thread_count_change_nothing() {
    let strategy = by_name("k3").unwrap();
    let free = verify(strategy.as_ref(), &Request::new(Board::Infinite, 10, 1)).unwrap();
    for threads in [1, 2, 3] {
        let request = Request {
            limits: tiny(1 << 20).with_threads(threads),
            ..Request::new(Board::Infinite, 10, threads)
        };
        let capped = verify(strategy.as_ref(), &request).unwrap();
        assert_eq!(
            (free.verdict, free.max_moves, free.positions, &free.line.moves),
            (capped.verdict, capped.max_moves, capped.positions, &capped.line.moves),
            "{threads} threads"
        );
        assert_eq!(capped.threads, threads);
    }
}

#[test]
fn a_stopped_strategy_search_has_no_value() {
    let k3 = by_name("k3").unwrap();
    let search = Search::new(k3.as_ref(), Board::Infinite, 10).with_limits(tiny(100));
    assert_eq!(search.root_value(), Err(stopped_at(100)));
    let (position, memory, _) = search.opening().unwrap();
    let node = canonical_form(&position, &memory, None);
    assert_eq!(search.value(&node), Err(stopped_at(100)));
    assert_eq!(search.principal_line().map(|_| ()), Err(stopped_at(100)));
}

fn sim() -> RamseyGame {
    let triangle: Pattern = "K3".parse().unwrap();
    RamseyGame::new(
        Position::empty(Board::complete_graph(6)),
        [triangle.clone(), triangle],
        Rules::Misere,
        Player::First,
    )
    .unwrap()
}

#[test]
fn every_solver_honours_the_cap() {
    let game = sim();
    let start = game.start();
    assert_eq!(
        Solver::new(&game).with_limits(tiny(1000)).value(&start).map(|_| ()),
        Err(stopped_at(1000))
    );
    let bounded = BoundedSolver::new(&game).with_limits(tiny(1000));
    assert_eq!(bounded.value(&start, &[]).map(|_| ()), Err(stopped_at(1000)));
    let counted = census(&game, &start, |_| (), tiny(1000));
    assert_eq!(counted.map(|_| ()), Err(stopped_at(1000)));
    // Uncapped (or capped high enough), the same searches give values.
    assert!(Solver::new(&game).with_limits(Limits::default()).value(&start).is_ok());
    assert!(census(&game, &start, |_| (), Limits::default()).is_ok());
}

#[test]
fn every_search_stops_on_an_interrupt_without_a_value() {
    static RAISED: AtomicBool = AtomicBool::new(true);
    static LOWERED: AtomicBool = AtomicBool::new(false);
    let interrupted = Stopped {
        reason: StopReason::Interrupted,
    };
    let game = sim();
    let start = game.start();
    let limits = Limits::default().with_interrupt(&RAISED);
    assert!(limits.interrupted());
    assert_eq!(
        Solver::new(&game).with_limits(limits).value(&start).map(|_| ()),
        Err(interrupted)
    );
    let bounded = BoundedSolver::new(&game).with_limits(limits);
    assert_eq!(bounded.value(&start, &[]).map(|_| ()), Err(interrupted));
    assert_eq!(census(&game, &start, |_| (), limits).map(|_| ()), Err(interrupted));
    let k3 = by_name("k3").unwrap();
    let request = Request {
        limits,
        ..Request::new(Board::Infinite, 10, 1)
    };
    assert!(matches!(
        verify(k3.as_ref(), &request),
        Err(VerifyError::Stopped { stopped, .. }) if stopped == interrupted
    ));
    // A flag that is never raised changes nothing.
    let calm = Limits::default().with_interrupt(&LOWERED);
    assert!(Solver::new(&game).with_limits(calm).value(&start).is_ok());
}

#[test]
fn the_decider_honours_the_cap() {
    let path: Graph = ramsey_verify::games::colouring::parse_graph("path:9").unwrap();
    let game = ColouringGame::new(path, 2, ColouringRules::Cg, None, None).unwrap();
    let decide = |limits: Option<Limits>| {
        let decider = Decider::new(&game, Winner::First, Winner::Second);
        let decider = match limits {
            Some(limits) => decider.with_limits(limits),
            None => decider,
        };
        decider.score(&game.start())
    };
    assert_eq!(decide(Some(tiny(1000))), Err(stopped_at(1000)));
    let free = decide(None).unwrap();
    assert_eq!(decide(Some(Limits::default())), Ok(free));
}

/// Counts what a search tells its progress display.
struct Tally {
    updates: AtomicU64,
    finished: AtomicU64,
}

impl Progress for Tally {
    fn update(&self, counters: &Counters) {
        assert!(counters.her_move.is_some(), "a strategy search says her move");
        self.updates.fetch_add(1, Ordering::Relaxed);
    }
    fn finish(&self) {
        self.finished.fetch_add(1, Ordering::Relaxed);
    }
}

#[test]
fn progress_goes_through_the_limits() {
    static TALLY: Tally = Tally {
        updates: AtomicU64::new(0),
        finished: AtomicU64::new(0),
    };
    let strategy = by_name("k4-patched").unwrap();
    let request = Request {
        limits: Limits::default().with_progress(&TALLY),
        ..Request::new(Board::Infinite, 8, 2)
    };
    // Refuted within 8 of her moves; long enough for a few updates.
    let report = verify(strategy.as_ref(), &request).unwrap();
    assert!(report.positions > 0);
    assert!(
        TALLY.finished.load(Ordering::Relaxed) >= 1,
        "the display is told the search ended"
    );
}

/// A run of every subcommand that searches, with valid arguments (the
/// limits flags are added to it).
const SEARCHES: &[&[&str]] = &[
    &["verify", "--strategy", "k3", "--board", "5", "--bound", "4"],
    &["refute", "--strategy", "k3", "--bound", "4", "--at-round", "1"],
    &["solve", "--line", "", "--budget", "2"],
    &["solve", "--rules", "achieve", "--board", "4", "--target", "K3"],
    &["play", "--rules", "achieve", "--board", "4", "--target", "K3"],
    &[
        "repair",
        "--strategy",
        "k3",
        "--bound",
        "4",
        "--out",
        "/nonexistent-dir/table.txt",
    ],
    &["ramsey-table", "--boards", "4", "--targets", "K3", "--rules", "achieve"],
    &["colour", "--graph", "path:3", "--game", "cg", "--colours", "2"],
    &["erdos", "--board", "4", "--game", "clique"],
    &["bench", "--runs", "1"],
];

#[test]
fn zero_and_nonsense_limits_are_refused_with_exit_code_2_everywhere() {
    let bad: &[&[&str]] = &[
        &["--threads", "0"],
        &["--threads", "x"],
        &["--threads", "-1"],
        &["--threads", "100000"],
        &["--threads", "18446744073709551616"],
        &["--max-memory", "0"],
        &["--max-memory", "-1"],
        &["--max-memory", "x"],
        &["--max-memory", "1.5"],
        &["--max-memory", "17592186044416"],
        &["--max-memory", "18446744073709551615"],
        &["--max-memory", "99999999999999999999999"],
    ];
    for search in SEARCHES {
        for flags in bad {
            let args = [*search, *flags].concat();
            let (code, out, err) = ramsey(&args);
            bad_input(code, &err, (&args, out));
        }
    }
    let (code, _, err) = ramsey(&["check", "proofs/k3-5.cert", "--threads", "0"]);
    bad_input(code, &err, "--threads 0");
}

#[test]
fn the_old_spellings_are_gone() {
    for args in [
        &["erdos", "--board", "4", "--game", "clique", "--max-memory-mib", "100"][..],
        &[
            "colour",
            "--graph",
            "path:3",
            "--game",
            "cg",
            "--colours",
            "2",
            "--memory-mib",
            "100",
        ],
    ] {
        let (code, _, err) = ramsey(args);
        assert!(
            bad_input(code, &err, args).contains("unexpected argument"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn every_subcommand_takes_the_same_limits_flags() {
    for search in SEARCHES {
        let (code, out, _) = ramsey(&[search[0], "--help"]);
        assert_eq!(code, 0);
        for flag in [
            "--threads <N>",
            "--max-memory <MIB>",
            "half the machine's memory",
            "all cores",
        ] {
            assert!(out.contains(flag), "{} --help lacks {flag}", search[0]);
        }
    }
}

#[test]
fn a_search_stopped_by_the_cap_exits_3_with_one_line() {
    let stopped: &[&[&str]] = &[
        &["verify", "--strategy", "k4-patched", "--bound", "21"],
        &["refute", "--strategy", "k4-regular", "--bound", "21", "--at-round", "3"],
        &["solve", "--line", "", "--budget", "10"],
        &["solve", "--rules", "misere", "--board", "7", "--target", "K3"],
        &[
            "solve", "--rules", "misere", "--board", "7", "--target", "K3", "--census",
        ],
        &[
            "play", "--rules", "achieve", "--board", "7", "--target", "K4", "--human", "blue",
        ],
        &["erdos", "--board", "colex:19", "--game", "colex"],
        &["erdos", "--board", "colex:19", "--game", "colex", "--winner-only"],
        &["colour", "--graph", "torus:4x5", "--game-chromatic"],
        &["bench", "--runs", "1"],
    ];
    for search in stopped {
        let args = [*search, &["--max-memory", "1", "--threads", "2"]].concat();
        let (code, out, err) = ramsey(&args);
        assert_eq!(code, 3, "{args:?}: {out} {err}");
        let last = err.trim().lines().last().unwrap_or_default();
        assert!(
            last.starts_with("error: no verdict:") && last.contains("1 MiB"),
            "{args:?}: {err}"
        );
        assert!(
            !out.contains("VERIFIED") && !out.contains("WINS"),
            "{args:?}: no verdict printed: {out}"
        );
    }
}

/// `solve --rules` stopped at the cap says how far it got: positions
/// stored in the message, and with `--json` an object with them on
/// standard output (`cli-reference.md`, "stopped at a limit").
#[test]
fn a_stopped_game_search_reports_the_positions_it_stored() {
    let game = ["solve", "--rules", "misere", "--board", "8", "--target", "K3"];
    for extra in [&[][..], &["--winner-only"][..]] {
        let args = [&game[..], extra, &["--max-memory", "2", "--threads", "1", "--json"]].concat();
        let (code, out, err) = ramsey(&args);
        assert_eq!(code, 3, "{args:?}: {out} {err}");
        let json: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
        let positions = json["positions"].as_u64().expect("positions");
        assert!(positions > 1000, "{out}");
        assert!(json["table_bytes"].as_u64().is_some_and(|b| b >= 2 << 20), "{out}");
        assert!(
            json["no_verdict"].as_str().is_some_and(|s| s.contains("2 MiB")),
            "{out}"
        );
        assert!(err.contains(&format!("after {positions} positions stored")), "{err}");
    }
}
