//! `ramsey-verify solve --rules R --board G --target A`: the exact value of
//! a graph Ramsey game (Slany's family) through the engine
//! (`crate::engine`), with an optimal line, the moves at the start and the
//! positions examined; `--census` counts the reachable positions.

use super::{output, Failure};
use crate::board::Player;
use crate::engine::{census, solve, Solver};
use crate::game::pattern::Pattern;
use crate::game::ramsey::{RamseyGame, Rules};
use crate::game::statement::{colour_start, parse_board};
use crate::game::Game;
use crate::verify::thread_pool;
use clap::Args;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};

/// The options of a game statement (board, targets, rules, start).
#[derive(Args, Debug)]
pub struct GameArgs {
    /// Rule set: achieve, achieve-second, maker, avoid, misere, avoid-plus,
    /// misere-plus (Slany, Sections 3 and 6; our reading in src/game/ramsey.rs).
    #[arg(long)]
    pub rules: Option<String>,
    /// Target graph of both players: K3, K4, P3, P4, C4, K1,3, 2K2, bow-tie, ... or graph6.
    #[arg(long)]
    pub target: Option<String>,
    /// Red's target, when it differs from blue's (Slany, Def. 6.2).
    #[arg(long)]
    pub target_red: Option<String>,
    /// Blue's target, when it differs from red's.
    #[arg(long)]
    pub target_blue: Option<String>,
    /// Start colouring: `RED:BLUE` (two graph6 strings) or edges `u-v,...`
    /// played alternately from the first mover.
    #[arg(long)]
    pub start: Option<String>,
    /// Who moves first from the start position: red or blue (Slany's
    /// green). Default: red, or after an edge list `--start`, the player
    /// whose turn it is after those moves.
    #[arg(long)]
    pub first: Option<String>,
    /// Count the positions reachable from the start, up to isomorphism, by
    /// coloured edges, owned targets and player to move (no solve).
    #[arg(long)]
    pub census: bool,
    /// Write the winner's strategy as a proof certificate (format version 3,
    /// proofs/FORMAT.md; gzipped if FILE ends in .gz). Refused on a draw.
    #[arg(long, value_name = "FILE", conflicts_with = "census")]
    pub cert: Option<std::path::PathBuf>,
}

/// The game stated by the options.
pub fn statement(args: &GameArgs, rules: &str, board: &str) -> Result<RamseyGame, String> {
    let rules: Rules = rules.parse()?;
    let first = match args.first.as_deref() {
        None => None,
        Some("red") => Some(Player::First),
        Some("blue" | "green") => Some(Player::Second),
        Some(other) => return Err(format!("--first must be red or blue, not `{other}`")),
    };
    let both = args.target.as_deref();
    let target = |own: &Option<String>| -> Result<Pattern, String> {
        let text = own
            .as_deref()
            .or(both)
            .ok_or("a target is needed: --target A (or --target-red and --target-blue)")?;
        text.parse::<Pattern>().map_err(|e| e.to_string())
    };
    let targets = [target(&args.target_red)?, target(&args.target_blue)?];
    let mut start = parse_board(board).map_err(|e| e.to_string())?;
    let mut next = Player::First;
    if let Some(text) = &args.start {
        (start, next) = colour_start(&start, text).map_err(|e| e.to_string())?;
    }
    RamseyGame::new(start, targets, rules, first.unwrap_or(next)).map_err(|e| e.to_string())
}

/// Solves (or counts) the stated game and prints the report.
pub fn run(
    args: &GameArgs,
    rules: &str,
    board: &str,
    threads: usize,
    max_memory: Option<u64>,
    json: bool,
) -> Result<(), Failure> {
    let game = statement(args, rules, board)?;
    args.cert.iter().try_for_each(|path| output::check_writable(path))?;
    let pool = thread_pool(threads)?;
    if args.census {
        return pool.install(|| print_census(&game, json));
    }
    let cap = max_memory.map_or_else(crate::engine::default_memory_cap, |mib| mib << 20);
    let solver = Solver::new(&game).with_memory_limit(cap);
    let done = AtomicBool::new(false);
    let report = std::thread::scope(|scope| {
        if !json && std::io::stderr().is_terminal() {
            scope.spawn(|| crate::progress::watch_counts(|| (solver.visited(), solver.table_bytes()), &done));
        }
        let report = pool.install(|| solve(&solver));
        done.store(true, Ordering::Relaxed);
        report
    })
    .map_err(|e| Failure::NoVerdict(e.to_string()))?;
    if json {
        let mut object = header_json(&game, threads);
        object
            .as_object_mut()
            .unwrap()
            .extend(report.to_json(&game).as_object().unwrap().clone());
        output::println(object)?;
    } else {
        output::print(&format!("{}\n{}", header_text(&game), report.to_text(&game)))?;
    }
    match &args.cert {
        Some(path) => write_certificate(&solver, path),
        None => Ok(()),
    }
}

/// Writes the winner's strategy to `path` (exit code 2 on a draw).
fn write_certificate(solver: &Solver<RamseyGame>, path: &std::path::Path) -> Result<(), Failure> {
    let cert = crate::cert::game::game_certificate(solver).map_err(|e| match e {
        crate::cert::game::GameCertError::Memory(cap) => Failure::NoVerdict(cap.to_string()),
        draw => Failure::BadInput(draw.to_string()),
    })?;
    let bytes = cert.write(path).map_err(Failure::Output)?;
    output::note(format_args!(
        "certificate: {} entries, {bytes} bytes written to {}",
        cert.entries,
        path.display()
    ));
    Ok(())
}

fn header_text(game: &RamseyGame) -> String {
    let start = game.start();
    format!(
        "game: {} on a board of {} vertices and {} edges ({} free), target {} for red and {} for blue, {} moves first",
        game.rules(),
        start.vertex_count(),
        start.board_edges().len(),
        start.free_edges().len(),
        game.target(Player::First),
        game.target(Player::Second),
        game.first().colour_name()
    )
}

fn header_json(game: &RamseyGame, threads: usize) -> serde_json::Value {
    let start = game.start();
    serde_json::json!({
        "rules": game.rules().name(),
        // Any graph can be the board here, so it is given in graph6 (and not
        // as `board`, which is `inf` or `n` in every other command).
        "board_graph6": crate::graph6::encode(start.vertex_count(), &start.board_edges()),
        "target_red": game.target(Player::First).name(),
        "target_blue": game.target(Player::Second).name(),
        "first": game.first().colour_name(),
        "threads": threads,
    })
}

/// The census: positions by coloured edges, by who owns a target, by mover.
fn print_census(game: &RamseyGame, json: bool) -> Result<(), Failure> {
    let counts = census(game, &game.start(), |p| {
        let owns = match (game.owns_target(p, Player::First), game.owns_target(p, Player::Second)) {
            (true, true) => "both",
            (true, false) => "red",
            (false, true) => "blue",
            (false, false) => "none",
        };
        (
            p.edge_count(Player::First) + p.edge_count(Player::Second),
            owns,
            p.to_move.colour_name(),
        )
    });
    let total: u64 = counts.values().sum();
    let convention = "positions reachable from the start by legal play, one per isomorphism class (vertex permutations keeping the board, both colours and the player to move); the start and finished positions are included";
    if json {
        let rows: Vec<_> = counts
            .iter()
            .map(|((edges, owns, to_move), count)| serde_json::json!({"coloured_edges": edges, "owns_target": owns, "to_move": to_move, "positions": count}))
            .collect();
        let mut object = header_json(game, rayon::current_num_threads());
        let fields = serde_json::json!({"convention": convention, "total": total, "census": rows});
        object
            .as_object_mut()
            .unwrap()
            .extend(fields.as_object().unwrap().clone());
        output::println(object)
    } else {
        let mut text = format!(
            "{}\ncounting: {convention}\n{:>14} {:>12} {:>8} {:>10}\n",
            header_text(game),
            "coloured edges",
            "owns target",
            "to move",
            "positions"
        );
        for ((edges, owns, to_move), count) in &counts {
            text.push_str(&format!("{edges:>14} {owns:>12} {to_move:>8} {count:>10}\n"));
        }
        output::print(&format!("{text}total: {total}\n"))
    }
}
