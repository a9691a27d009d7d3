//! Patch tables and the counterexample-guided repair (`ramsey-verify repair`):
//! a broken strategy is mended and the mend certifies, a hopeless one is
//! reported stuck, and the K4 table is what turns `k4-guarded` into a
//! strategy that wins its Figure 6 subtree.

use ramsey_verify::core::board::{Board, Edge};
use ramsey_verify::core::canon::canonical_form;
use ramsey_verify::engine::Limits;
use ramsey_verify::strategies::{by_name, k4};
use ramsey_verify::verify::patch::{format_table, parse_table, PatchFile, PatchTable, Patches, TableHeader};
use ramsey_verify::verify::repair::{repair, RepairError, RepairOutcome, RepairTask};
use ramsey_verify::verify::search::{Search, Value};
use ramsey_verify::verify::strategy::Strategy;
use ramsey_verify::verify::{verify, Request, Verdict};

use common::edges;

/// The line into the Figure 6 position `D@[:D]?` that `k4-guarded` plays,
/// up to her 4th move (in the labels of the engine's own play).
const FIGURE6_PREFIX: &str = "0-1,2-3,0-4,1-4,0-2,1-2,2-4";

/// The value of the subtree after `prefix` (him to move) for `strategy`.
fn subtree_value(strategy: &dyn Strategy, prefix: &str, threads: usize) -> Value {
    let limits = Limits::default().with_threads(threads);
    let value = limits.install(|| {
        let search = Search::new(strategy, Board::Infinite, 21).with_limits(limits);
        let (position, memory, _) = search.replay_line(&edges(prefix)).unwrap();
        search.value(&canonical_form(&position, &memory, None))
    });
    value.unwrap().unwrap()
}

fn task(name: &str, max_rounds: usize) -> RepairTask {
    RepairTask {
        strategy: by_name(name).unwrap(),
        table: PatchTable::new(),
        prefix: Vec::new(),
        from_move: 1,
        max_rounds,
        batch: false,
    }
}

#[test]
fn patch_tables_round_trip_and_bad_lines_are_named() {
    let table = parse_table(k4::PATCHES).unwrap();
    assert!(!table.is_empty());
    let text = format_table(&table, &["a comment".to_string()]);
    assert!(text.starts_with("# a comment\n"));
    assert_eq!(parse_table(&text).unwrap(), table);
    let entry = text.lines().nth(1).unwrap();
    for (bad, why) in [
        ("FPCo_:FEBGG 6 - 5-6 4-6", "line 1: expected `KEY => u-v`"),
        ("A_:A? => 4", "line 1: edge must be `u-v`"),
        ("A_:A? => 4-4", "line 1: edge is not a pair"),
        ("A_:A? => x-4", "line 1: edge ends must be vertex numbers"),
        ("A_:B? 1 - - => 0-1", "line 1: bad position `A_:B?`"),
        ("garbage => 0-1", "line 1: bad position `garbage`"),
    ] {
        let err = parse_table(bad).unwrap_err();
        assert!(err.to_string().contains(why), "{bad}: {err}");
    }
    let twice = format!("{entry}\n# comment\n{entry}\n");
    assert!(parse_table(&twice)
        .unwrap_err()
        .to_string()
        .contains("line 3: situation listed twice"));
}

#[test]
fn the_k4_table_file_names_k4_guarded_and_round_trips() {
    let file = PatchFile::parse(k4::PATCHES).unwrap();
    let guarded = by_name("k4-guarded").unwrap();
    let header = TableHeader::of(guarded.as_ref(), Some(Board::Infinite), Some(21));
    assert_eq!(file.header, header);
    assert_eq!(
        header.to_text(),
        "strategy: k4-guarded\ngame: K4\nboard: inf\nbound: 21\n"
    );
    assert_eq!(PatchFile::parse(&file.to_text(&["a comment".into()])).unwrap(), file);
    assert!(file.header.is_for(guarded.as_ref()));
    for other in ["k4-patched", "k4", "k3"] {
        let other = by_name(other).unwrap();
        assert!(!file.header.is_for(other.as_ref()));
        let err = file.clone().table_for(other.as_ref()).unwrap_err().to_string();
        assert!(err.contains("k4-guarded (K4)") && err.contains(other.name()), "{err}");
    }
    assert_eq!(
        file.table_for(guarded.as_ref()).unwrap(),
        parse_table(k4::PATCHES).unwrap()
    );
}

#[test]
fn repair_mends_a_broken_k3_strategy_and_the_mend_certifies() {
    let broken = by_name("k3-broken-wrong-triangle").unwrap();
    let request = Request::new(Board::Infinite, 4, 1);
    assert_eq!(verify(broken.as_ref(), &request).unwrap().verdict, Verdict::Refuted);
    let mut rounds = 0;
    let outcome = repair(task("k3-broken-wrong-triangle", 20), &request, |_| rounds += 1).unwrap();
    let RepairOutcome::Verified { table, max_moves } = outcome else {
        panic!("the broken K3 strategy was not repaired")
    };
    assert_eq!((table.len(), rounds, max_moves), (2, 2, 4));
    let mended = Patches::over(broken, "k3-mended", "", table);
    let report = verify(&mended, &request).unwrap();
    assert_eq!((report.verdict, report.max_moves), (Verdict::Verified, Some(4)));
}

#[test]
fn repair_reports_a_strategy_bug_instead_of_patching_over_it() {
    // An illegal move and a panic are bugs, not counterexamples: no table
    // entry is added, and the outcome names the situation (and no panic
    // escapes the repair, which asks the strategy about its decisions).
    for (name, says) in [
        ("k3-broken-illegal", "is already claimed"),
        ("k3-broken-panics", "the strategy panicked"),
    ] {
        let request = Request::new(Board::Infinite, 4, 1);
        let outcome = repair(task(name, 20), &request, |_| {}).unwrap();
        let RepairOutcome::Broken { table, error } = outcome else {
            panic!("{name}: expected a broken contract")
        };
        assert!(table.is_empty(), "{name}");
        assert!(
            error.message.contains(says) && error.message.starts_with("at `"),
            "{name}: {error}"
        );
    }
}

/// `k3-broken-wrong-triangle`, except that asked a second time about a
/// situation it panics. The search asks once per situation, so it sees
/// no panic (the contract's sample asks nowhere twice on this small run);
/// `repair` asks again about her decisions on the counterexample line.
struct PanicsWhenAskedAgain {
    inner: std::sync::Arc<dyn Strategy>,
    seen: std::sync::Mutex<std::collections::HashSet<String>>,
}

impl Strategy for PanicsWhenAskedAgain {
    fn name(&self) -> &'static str {
        "k3-panics-when-asked-again"
    }
    fn description(&self) -> &'static str {
        "k3-broken-wrong-triangle, panicking when asked twice (test)"
    }
    fn game(&self) -> ramsey_verify::verify::strategy::Game {
        self.inner.game()
    }
    fn initial_memory(&self) -> ramsey_verify::core::memory::Memory {
        self.inner.initial_memory()
    }
    fn play(
        &self,
        view: &ramsey_verify::verify::strategy::View,
    ) -> Result<ramsey_verify::verify::strategy::Move, ramsey_verify::verify::strategy::StrategyError> {
        let key = ramsey_verify::core::graph6::situation_key(view.position, view.memory, view.last_reply);
        assert!(self.seen.lock().unwrap().insert(key), "asked again");
        self.inner.play(view)
    }
}

fn panics_when_asked_again() -> PanicsWhenAskedAgain {
    PanicsWhenAskedAgain {
        inner: by_name("k3-broken-wrong-triangle").unwrap(),
        seen: Default::default(),
    }
}

#[test]
fn a_panic_while_repair_asks_the_strategy_is_caught_and_named() {
    let request = Request::new(Board::Infinite, 4, 1);
    assert_eq!(
        verify(&panics_when_asked_again(), &request).unwrap().verdict,
        Verdict::Refuted
    );
    let task = RepairTask {
        strategy: std::sync::Arc::new(panics_when_asked_again()),
        ..task("k3", 20)
    };
    let RepairOutcome::Broken { table, error } = repair(task, &request, |_| {}).unwrap() else {
        panic!("expected a broken contract")
    };
    assert!(table.is_empty());
    assert!(
        error.message.starts_with("at `") && error.message.contains("panicked: asked again"),
        "{error}"
    );
    // The line ends at the situation: after his move there.
    let last = error.line.moves.last().unwrap();
    assert_eq!(last.player, ramsey_verify::core::board::Player::Second, "{error}");
}

#[test]
fn repair_is_stuck_where_no_strategy_wins() {
    // The K3 game on K4 cannot be won by her (tests/solve.rs): no table helps.
    let request = Request::new(Board::Complete(4), 4, 1);
    let outcome = repair(task("k3", 20), &request, |_| {}).unwrap();
    let RepairOutcome::Stuck { table, line } = outcome else {
        panic!("K3 on K4 was repaired")
    };
    assert!(table.is_empty() && !line.moves.is_empty());
}

#[test]
fn the_k4_table_wins_the_figure6_subtree_that_k4_guarded_loses() {
    let guarded = by_name("k4-guarded").unwrap();
    assert!(matches!(
        subtree_value(guarded.as_ref(), FIGURE6_PREFIX, 2),
        Value::Fail { .. }
    ));
    let patched = k4::patched();
    let one = subtree_value(&patched, FIGURE6_PREFIX, 1);
    assert!(matches!(one, Value::Win(m) if m <= 21), "{one:?}");
    assert_eq!(
        one,
        subtree_value(&patched, FIGURE6_PREFIX, 2),
        "same value for 1 and 2 threads"
    );
}

#[test]
fn a_tampered_k4_table_entry_is_refuted() {
    // Every entry is needed, and its move matters: move each entry's edge
    // (if the new edge is taken, the strategy's own losing move stands) or
    // drop the entry, and the subtree fails.
    let table = parse_table(k4::PATCHES).unwrap();
    for (key, &edge) in &table {
        let mut tampered = table.clone();
        let (u, v) = edge.edge.ends();
        tampered.insert(key.clone(), Edge::new(u, v + 1).into());
        let strategy = Patches::over(by_name("k4-guarded").unwrap(), "tampered", "", tampered);
        let value = subtree_value(&strategy, FIGURE6_PREFIX, 2);
        assert!(matches!(value, Value::Fail { .. }), "entry {key} changed: {value:?}");
        let mut dropped = table.clone();
        dropped.remove(key);
        let strategy = Patches::over(by_name("k4-guarded").unwrap(), "dropped", "", dropped);
        assert!(
            matches!(subtree_value(&strategy, FIGURE6_PREFIX, 2), Value::Fail { .. }),
            "without {key}"
        );
    }
}

#[test]
fn a_line_the_strategy_does_not_play_is_rejected() {
    let patched = k4::patched();
    let search = Search::new(&patched, Board::Infinite, 21);
    let err = search
        .replay_line(&edges("0-1,2-3,0-4,1-4,0-5"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("move 5 of the line is 0-5, the strategy plays"), "{err}");
    let err = search.replay_line(&edges("0-1,2-3")).unwrap_err().to_string();
    assert!(err.contains("must end with her move"), "{err}");
    let err = search.replay_line(&edges("0-1,0-1,0-2")).unwrap_err().to_string();
    assert!(err.contains("not free"), "{err}");
}

mod common;

#[test]
fn repair_command_writes_a_table_and_rejects_bad_input() {
    let dir = std::env::temp_dir().join(format!("ramsey-repair-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("table.txt");
    let out = out.to_str().unwrap();
    let (code, stdout, _) = common::ramsey(&common::wrong_triangle("repair", &["--out", out]));
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("VERIFIED within 4"), "{stdout}");
    let table = parse_table(&std::fs::read_to_string(out).unwrap()).unwrap();
    assert_eq!(table.len(), 2);
    // The table, applied with `verify --patches`, mends the strategy; without it, refuted.
    let (_, stdout, _) = common::ramsey(&["verify", "--strategy", "k3-broken-wrong-triangle", "--bound", "4"]);
    assert!(stdout.contains("REFUTED"), "{stdout}");
    let (code, stdout, _) = common::verify_wrong_triangle_with(out);
    assert_eq!(code, 0);
    assert!(stdout.contains("VERIFIED"), "{stdout}");
    // Stuck: exit 3 (no verdict), the table is still written.
    let (code, stdout, _) = common::ramsey(&[
        "repair",
        "--strategy",
        "k3",
        "--board",
        "4",
        "--bound",
        "4",
        "--out",
        out,
    ]);
    assert_eq!(code, 3);
    assert!(stdout.contains("STUCK"), "{stdout}");
    let garbage = dir.join("garbage.txt");
    std::fs::write(&garbage, "not a table\n").unwrap();
    for (args, message) in [
        (vec!["--strategy", "nope"], "unknown strategy `nope`"),
        (
            vec!["--strategy", "k3", "--table", garbage.to_str().unwrap()],
            "line 1: expected `KEY => u-v`",
        ),
        (
            vec!["--strategy", "k3", "--line", "0-2"],
            "move 1 of the line is 0-2, the strategy plays 0-1",
        ),
    ] {
        let mut all = vec!["repair", "--bound", "4", "--out", out];
        all.extend(args);
        let (code, _, stderr) = common::ramsey(&all);
        assert!(common::bad_input(code, &stderr, &all).contains(message), "{stderr}");
    }
    let garbage = garbage.to_str().unwrap();
    let (code, _, stderr) = common::ramsey(&["verify", "--strategy", "k3", "--patches", garbage]);
    let line = common::bad_input(code, &stderr, garbage);
    assert!(line.contains("garbage.txt: patch table line 1"), "{stderr}");
}

#[test]
fn repair_never_patches_a_position_he_has_already_won() {
    // On `k4-forcing`'s first counterexample he completes a blue K4; the
    // decision after that move is not hers to change. (A first version of
    // `repair` tried her moves there and "saved" a lost game.)
    let mut task = task("k4-forcing", 1);
    task.from_move = 5;
    let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    let outcome = pool.install(|| repair(task, &Request::new(Board::Infinite, 21, 2), |_| {}).unwrap());
    let table = match outcome {
        RepairOutcome::OutOfRounds { table } | RepairOutcome::Stuck { table, .. } => table,
        RepairOutcome::Verified { .. } => panic!("k4-forcing repaired in one round"),
        RepairOutcome::Broken { error, .. } => panic!("k4-forcing has a bug: {error}"),
    };
    assert!(!table.is_empty());
    for key in table.keys() {
        let g6 = key.split(' ').next().unwrap();
        let position = ramsey_verify::core::graph6::decode_position(g6, Board::Infinite).unwrap();
        assert!(
            !position.has_clique(ramsey_verify::core::board::Player::Second, 4),
            "{key}"
        );
    }
}

#[test]
fn the_library_refuses_a_first_move_past_the_bound_and_zero_rounds() {
    let request = Request::new(Board::Infinite, 4, 1);
    for from_move in [0, 5, 99] {
        let task = RepairTask {
            from_move,
            ..task("k3-broken-wrong-triangle", 5)
        };
        let error = repair(task, &request, |_| {}).err();
        assert!(
            matches!(error, Some(RepairError::FromMove { bound: 4, .. })),
            "from move {from_move}"
        );
    }
    let error = repair(task("k3-broken-wrong-triangle", 0), &request, |_| {}).err();
    assert!(matches!(error, Some(RepairError::NoRounds)));
    let fine = task("k3-broken-wrong-triangle", 5);
    assert!(matches!(
        repair(fine, &request, |_| {}),
        Ok(RepairOutcome::Verified { .. })
    ));
}
