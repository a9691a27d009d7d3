//! The examples of `examples/`, through the library and through the
//! command line of a user's registry (`cli::run`, what `main_with` calls):
//! the K3 example is certified, a deliberately broken wrapper of it is
//! refuted, and the K4 variant's one changed rule is the one it claims.

#[path = "../examples/k3_in_a_screen.rs"]
#[allow(dead_code)] // the example's `main`
mod k3_in_a_screen;
#[path = "../examples/k4_variant.rs"]
#[allow(dead_code)] // the example's `main`
mod k4_variant;

use clap::Parser;
use k3_in_a_screen::K3InAScreen;
use ramsey_verify::cli::{run, Cli, Failure};
use ramsey_verify::core::board::{Board, Edge, Player, Position};
use ramsey_verify::strategies::by_name;
use ramsey_verify::strategies::k4::slot;
use ramsey_verify::verify::amend::Amended;
use ramsey_verify::verify::line::Ending;
use ramsey_verify::verify::registry::{Registry, RegistryError};
use ramsey_verify::verify::search::FailKind;
use ramsey_verify::verify::strategy::{Move, Strategy, StrategyError, View};
use ramsey_verify::verify::{verify, Request, Verdict};
use std::path::PathBuf;
use std::sync::Arc;

/// K3InAScreen, except that her 3rd move, where she does not win at once,
/// is an edge between two fresh vertices instead of `bu`: a losing move.
/// (`Amended` never replaces a winning move, so the 4th cannot be spoilt.)
fn gives_up() -> impl Strategy {
    let description = "BROKEN on purpose: k3-screen with a fresh disjoint edge as her 3rd move";
    Amended::new(
        Arc::new(K3InAScreen),
        "k3-screen-gives-up",
        description,
        |view: &View, mut decision: Move| {
            if view.move_number() == 3 {
                // The touched vertices of a canonical view come first.
                let away = view.position.touched_count() as u8;
                decision.edge = Edge::new(away, away + 1);
            }
            Ok::<Move, StrategyError>(decision)
        },
    )
}

/// The built-in strategies, the two example strategies and the broken one.
fn lab_registry() -> Registry {
    k4_variant::registry()
        .with(K3InAScreen)
        .and_then(|r| r.with(gives_up()))
        .unwrap()
}

/// Runs `ramsey-verify ARGS` with the strategies of `registry`.
fn cli(registry: &Registry, args: &[&str]) -> Result<(), Failure> {
    let cli = Cli::try_parse_from(std::iter::once("lab-tool").chain(args.iter().copied())).unwrap();
    run(cli, registry)
}

/// A fresh scratch directory for this test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ramsey-verify-examples-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_k3_example_wins_within_four_moves_like_the_built_in_k3() {
    let k3 = by_name("k3").unwrap();
    for board in [Board::Infinite, Board::Complete(5), Board::Complete(8)] {
        let mine = verify(&K3InAScreen, &Request::new(board.clone(), 10, 1)).unwrap();
        let builtin = verify(k3.as_ref(), &Request::new(board.clone(), 10, 1)).unwrap();
        assert_eq!(mine.verdict, Verdict::Verified, "board {board}");
        assert_eq!(mine.max_moves, Some(4), "board {board}");
        assert_eq!(mine.max_moves, builtin.max_moves, "board {board}");
    }
    // Section 4: five vertices are needed; on K_4 a rule finds no fresh vertex.
    let small = verify(&K3InAScreen, &Request::new(Board::Complete(4), 10, 1)).unwrap();
    assert_eq!(small.verdict, Verdict::Refuted);
    assert!(matches!(small.line.ending, Ending::StrategyError(_)));
}

#[test]
fn a_wrapper_that_plays_a_losing_move_is_refuted() {
    let report = verify(&gives_up(), &Request::new(Board::Infinite, 4, 1)).unwrap();
    assert_eq!(report.verdict, Verdict::Refuted);
    // He builds a triangle while she is away: her 3rd edge meets neither
    // of her first two, and he completes a blue K3.
    assert_eq!(report.failure, Some(FailKind::SecondPlayerWins));
    let hers: Vec<Edge> = report
        .line
        .moves
        .iter()
        .filter(|m| m.player == Player::First)
        .map(|m| m.edge)
        .collect();
    assert!(hers[..2].iter().all(|e| !e.meets(hers[2])), "{hers:?}");
    // The unchanged strategy wins where the amended one loses.
    let k3 = verify(&K3InAScreen, &Request::new(Board::Infinite, 4, 1)).unwrap();
    assert_eq!(k3.verdict, Verdict::Verified);
}

#[test]
fn the_k4_variant_changes_exactly_stage_1s_last_move() {
    let inner = by_name("k4-patched").unwrap();
    let variant = k4_variant::cu_first(inner.clone());
    // a=0, b=1 (her first edge), he 1-2, she bc=1-3, he blocks ac=0-3, she
    // bu=1-4; then his third edge `his`.
    let view_after = |his: Edge| {
        let mut position = Position::empty(Board::Infinite);
        let moves = [(0, 1), (1, 2), (1, 3), (0, 3), (1, 4)];
        for (i, &(u, v)) in moves.iter().chain([his.ends()].iter()).enumerate() {
            let player = if i % 2 == 0 { Player::First } else { Player::Second };
            position.claim(Edge::new(u, v), player).unwrap();
        }
        let mut memory = variant.initial_memory();
        for (s, v) in [
            (slot::A, 0),
            (slot::B, 1),
            (slot::C, 3),
            (slot::U, 4),
            (slot::H1, 1),
            (slot::H2, 2),
        ] {
            memory.set_name(s, Some(v));
        }
        (position, memory)
    };
    let (au, cu) = (Edge::new(0, 4), Edge::new(3, 4));
    for (his, paper, changed) in [(Edge::new(5, 6), au, cu), (cu, au, au), (au, cu, cu)] {
        let (position, memory) = view_after(his);
        let view = View {
            game: variant.game(),
            position: &position,
            memory: &memory,
            last_reply: Some(his),
        };
        assert_eq!(inner.play(&view).unwrap().edge, paper, "his edge {his}");
        let decision = variant.play(&view).unwrap();
        assert_eq!(decision.edge, changed, "his edge {his}");
        assert_eq!(decision.memory, inner.play(&view).unwrap().memory);
    }
}

#[test]
fn a_registry_takes_each_name_once_and_lists_them_in_order() {
    let registry = lab_registry();
    let names: Vec<_> = registry.names().collect();
    let builtin: Vec<_> = ramsey_verify::strategies::all().iter().map(|s| s.name()).collect();
    assert_eq!(names[..builtin.len()], builtin[..]);
    assert_eq!(
        names[builtin.len()..],
        ["k4-cu-first", "k3-screen", "k3-screen-gives-up"]
    );
    let mut again = lab_registry();
    assert_eq!(
        again.add(K3InAScreen).err(),
        Some(RegistryError::DuplicateName {
            name: "k3-screen".into()
        })
    );
    assert!(again.add(by_name("k4").unwrap()).is_err(), "a built-in name");
    assert_eq!(again.names().count(), names.len(), "a refused strategy is not added");
    let unknown = registry.get("k3-scren").err().unwrap().to_string();
    assert!(
        unknown.starts_with("unknown strategy `k3-scren` (known: k3, "),
        "{unknown}"
    );
    assert!(unknown.contains("k3-screen"), "{unknown}");
}

#[test]
fn a_users_strategy_gets_a_certificate_from_the_command_line() {
    let cert = scratch("cert").join("k3-screen.cert");
    let path = cert.to_str().unwrap();
    cli(
        &lab_registry(),
        &["verify", "--strategy", "k3-screen", "--bound", "4", "--cert", path],
    )
    .unwrap();
    let summary = ramsey_cert_check::check_file(&cert, 1).unwrap();
    assert_eq!(summary.moves, 4);
    std::fs::remove_dir_all(cert.parent().unwrap()).unwrap();
    // The stock registry does not know it: bad input, exit code 2.
    let stock = cli(
        &ramsey_verify::strategies::builtin(),
        &["verify", "--strategy", "k3-screen", "--bound", "4"],
    )
    .unwrap_err();
    assert_eq!(stock.exit_code(), 2);
    assert!(
        stock.message().starts_with("unknown strategy `k3-screen`"),
        "{}",
        stock.message()
    );
}

#[test]
fn refute_repair_and_patches_go_through_the_users_registry() {
    let registry = lab_registry();
    let dir = scratch("repair");
    let table = dir.join("gives-up.patches");
    let table = table.to_str().unwrap();
    let gives_up = ["--strategy", "k3-screen-gives-up", "--bound", "4", "--threads", "1"];
    cli(&registry, &[&["refute"][..], &gives_up, &["--at-round", "3"]].concat()).unwrap();
    // A refuted run's certificate is its losing line (format 4, `line-loses`).
    let cert = dir.join("refuted.cert");
    cli(
        &registry,
        &[&["verify"][..], &gives_up, &["--cert", cert.to_str().unwrap()]].concat(),
    )
    .unwrap();
    let line = ramsey_cert_check::check_file(&cert, 1).unwrap();
    assert_eq!(ramsey_cert_check::verdict_json(&Ok(line))["claim"], "line-loses");
    // `repair` finds the 4th moves back; with them the strategy is certified.
    cli(&registry, &[&["repair"][..], &gives_up, &["--out", table]].concat()).unwrap();
    let patched = &[
        &["verify"][..],
        &gives_up,
        &["--patches", table, "--cert", cert.to_str().unwrap()],
    ]
    .concat();
    cli(&registry, patched).unwrap();
    assert_eq!(ramsey_cert_check::check_file(&cert, 1).unwrap().moves, 4);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_k4_variant_runs_through_the_command_line() {
    // Bound 3 is refuted at once (no K4 in 3 moves): exit code 0, a verdict.
    let args = ["verify", "--strategy", "k4-cu-first", "--bound", "3", "--threads", "1"];
    cli(&k4_variant::registry(), &args).unwrap();
    cli(&k4_variant::registry(), &["strategies"]).unwrap();
}
