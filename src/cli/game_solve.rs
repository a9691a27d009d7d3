//! `ramsey-verify solve --rules R --board G --target A`: the exact value of
//! a graph Ramsey game (Slany's family) through the engine
//! (`crate::engine`), with an optimal line, the moves at the start and the
//! positions examined; `--census` counts the reachable positions.

use super::{output, Failure};
use crate::core::board::Player;
use crate::core::board::{Vertex, MAX_VERTICES};
use crate::core::edges::EdgePosition;
use crate::core::words::count;
use crate::engine::{census, solve, Counters, Limits, Solver, Stopped};
use crate::games::horizon::{aleph0_vertices, Horizon};
use crate::games::pattern::Pattern;
use crate::games::prelude::*;
use crate::games::ramsey::{Outcome, RamseyGame, Rules};
use crate::games::statement::{colour_start, parse_board};
use crate::games::FirstWins;
use clap::Args;
use std::time::Instant;

/// The options of a game statement (targets, rules, start), shared by
/// `solve --rules` and `play`.
#[derive(Args, Debug)]
pub struct StatementArgs {
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
}

/// The options of `solve --rules`: the statement, and what to do with the
/// game besides solving it (options `play` does not take, so they are not
/// in [`StatementArgs`], and `play --help` does not list them).
#[derive(Args, Debug)]
pub struct GameArgs {
    /// The game.
    #[command(flatten)]
    pub statement: StatementArgs,
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
pub fn statement(args: &StatementArgs, rules: &str, board: &str) -> Result<RamseyGame, String> {
    statement_on(args, rules, parse_board(board).map_err(|e| e.to_string())?)
}

/// The game stated by the options on the uncoloured `board`.
fn statement_on(args: &StatementArgs, rules: &str, board: EdgePosition) -> Result<RamseyGame, String> {
    let rules: Rules = rules.parse::<Rules>().map_err(|e| e.to_string())?;
    let first = match args.first.as_deref() {
        None => None,
        Some("red") => Some(Player::First),
        Some("blue" | "green") => Some(Player::Second),
        Some(other) => return Err(format!("--first must be red or blue, not `{other}`")),
    };
    let targets = targets(args)?;
    let (mut start, mut next) = (board, Player::First);
    if let Some(text) = &args.start {
        (start, next) = colour_start(&start, text).map_err(|e| e.to_string())?;
    }
    RamseyGame::new(start, targets, rules, first.unwrap_or(next)).map_err(|e| e.to_string())
}

/// The targets of red and blue.
fn targets(args: &StatementArgs) -> Result<[Pattern; 2], String> {
    let both = args.target.as_deref();
    let target = |own: &Option<String>| -> Result<Pattern, String> {
        let text = own
            .as_deref()
            .or(both)
            .ok_or("a target is needed: --target A (or --target-red and --target-blue)")?;
        text.parse::<Pattern>().map_err(|e| e.to_string())
    };
    Ok([target(&args.target_red)?, target(&args.target_blue)?])
}

/// The game stated by the options on `K_aleph0` within `budget` of the
/// first player's moves, posed on the finite `K_N` that answers it
/// ([`aleph0_vertices`]; the argument is in `src/game/horizon.rs`). Only
/// the achievement games are posed there: in the avoidance games
/// (`avoid`, `misere`, `avoid-plus`, `misere-plus`) a fresh vertex always
/// lets a player move without completing anything, so the end those rules
/// define (no legal move, or a full board) never comes, and a set move
/// could colour infinitely many edges.
fn aleph0_statement(args: &StatementArgs, rules: &str, budget: Option<u32>) -> Result<RamseyGame, String> {
    let parsed: Rules = rules.parse::<Rules>().map_err(|e| e.to_string())?;
    if !matches!(parsed, Rules::Achieve | Rules::AchieveSecond | Rules::Maker) {
        return Err(format!(
            "{parsed} is not posed on K_aleph0 (a fresh vertex always avoids completing, so the game has no end): use a finite --board n"
        ));
    }
    let budget = budget.ok_or("on K_aleph0 give --budget b: whether the first player wins within b of her moves")?;
    // The vertices the start position uses, read on the largest board.
    let widest = parse_board(&MAX_VERTICES.to_string()).map_err(|e| e.to_string())?;
    let used = match &args.start {
        Some(text) => {
            let (start, _) = colour_start(&widest, text).map_err(|e| e.to_string())?;
            let touched = (0..MAX_VERTICES as Vertex)
                .filter(|&v| start.neighbours(Player::First, v) | start.neighbours(Player::Second, v) != 0);
            touched.max().map_or(0, |v| v as usize + 1)
        }
        None => 0,
    };
    let largest = targets(args)?.iter().map(Pattern::vertex_count).max().unwrap_or(0);
    let n = aleph0_vertices(used, budget, largest);
    if n > MAX_VERTICES {
        return Err(format!(
            "a budget of {budget} on K_aleph0 needs K_{n} (the start uses {used} vertices); at most K_{MAX_VERTICES} fits"
        ));
    }
    statement_on(args, rules, EdgePosition::complete(n))
}

/// Solves (or counts) the stated game and prints the report; with a
/// budget, whether the first player wins within it ([`Horizon`]).
pub fn run(
    args: &GameArgs,
    rules: &str,
    board: &str,
    budget: Option<u32>,
    limits: Limits,
    json: bool,
) -> Result<(), Failure> {
    let aleph0 = matches!(board.trim(), "inf" | "aleph0");
    let game = match aleph0 {
        true => aleph0_statement(&args.statement, rules, budget)?,
        false => statement(&args.statement, rules, board)?,
    };
    if let Some(budget) = budget {
        if args.census || args.cert.is_some() {
            return Err(Failure::BadInput("--census and --cert do not take --budget".into()));
        }
        return solve_within(&game, budget, aleph0, limits, json);
    }
    args.cert.iter().try_for_each(|path| output::check_writable(path))?;
    if args.census {
        return print_census(&game, limits, json);
    }
    let solver = Solver::new(&game).with_limits(limits);
    let counters = || Counters {
        visited: solver.visited(),
        table_bytes: solver.table_bytes(),
        ..Counters::default()
    };
    let report = limits
        .watch(counters, || solve(&solver))
        .map_err(|e| Failure::NoVerdict(e.to_string()))?;
    if json {
        let mut object = header_json(&game, limits.threads());
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

/// Whether the first player wins `game` within `budget` of her moves, with
/// her first winning move in canonical order (a sequential search: the
/// positions counted are the same on every run).
fn solve_within(game: &RamseyGame, budget: u32, aleph0: bool, limits: Limits, json: bool) -> Result<(), Failure> {
    let started = Instant::now();
    let won = |g: &RamseyGame, score: Outcome| score.winner() == Some(g.first());
    let horizon = Horizon::new(game, game.first(), budget, won);
    let solver = Solver::new(&horizon)
        .with_question(FirstWins)
        .with_limits(limits)
        .with_parallel_plies(0);
    let no_verdict = |e: Stopped| Failure::NoVerdict(e.to_string());
    let start = horizon.start();
    let wins = solver.value(&start).map_err(no_verdict)?.score;
    let moves = solver.move_values(&start).map_err(no_verdict)?;
    let winning = moves.iter().find(|m| m.value.score).map(|m| &m.m);
    let seconds = started.elapsed().as_secs_f64();
    let board = if aleph0 {
        "inf".to_string()
    } else {
        game.start().vertex_count().to_string()
    };
    if json {
        let mut object = header_json(game, 1);
        let fields = serde_json::json!({
            "board": board,
            "board_vertices": game.start().vertex_count(),
            "budget": budget,
            "wins": wins,
            "winning_move": winning.map(|m| game.move_json(m)),
            "positions": solver.positions(),
            "seconds": seconds,
        });
        object
            .as_object_mut()
            .unwrap()
            .extend(fields.as_object().unwrap().clone());
        return output::println(object);
    }
    let solved_on = if aleph0 {
        format!(" (K_aleph0, answered on K_{})", game.start().vertex_count())
    } else {
        String::new()
    };
    let verdict = match winning {
        Some(m) => format!(
            "FIRST PLAYER WINS within {budget} of her moves; first winning move: {}",
            game.move_text(m)
        ),
        None => format!("NO WIN of the first player within {budget} of her moves"),
    };
    output::print(&format!(
        "{}{solved_on}\n{verdict}\npositions: {}   time: {seconds:.3}s\n",
        header_text(game),
        solver.positions()
    ))
}

/// Writes the winner's strategy to `path` (exit code 2 on a draw).
fn write_certificate(solver: &Solver<RamseyGame>, path: &std::path::Path) -> Result<(), Failure> {
    let cert = crate::verify::cert::game::game_certificate(solver).map_err(|e| match e {
        crate::verify::cert::game::GameCertError::Stopped(cap) => Failure::NoVerdict(cap.to_string()),
        draw => Failure::BadInput(draw.to_string()),
    })?;
    let bytes = cert.write(path).map_err(|e| Failure::Output(e.to_string()))?;
    output::note(format_args!(
        "certificate: {}, {} written to {}",
        count(cert.entries, "entry", "entries"),
        count(bytes, "byte", "bytes"),
        path.display()
    ));
    Ok(())
}

fn header_text(game: &RamseyGame) -> String {
    let start = game.start();
    format!(
        "game: {} on a board of {} and {} ({} free), target {} for red and {} for blue, {} moves first",
        game.rules(),
        count(start.vertex_count(), "vertex", "vertices"),
        count(start.board_edges().len(), "edge", "edges"),
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
        "board_graph6": crate::core::graph6::encode(start.vertex_count(), &start.board_edges()),
        "target_red": game.target(Player::First).name(),
        "target_blue": game.target(Player::Second).name(),
        "first": game.first().colour_name(),
        "threads": threads,
    })
}

/// The census: positions by coloured edges, by who owns a target, by mover.
fn print_census(game: &RamseyGame, limits: Limits, json: bool) -> Result<(), Failure> {
    let classify = |p: &EdgePosition| {
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
    };
    let counts = census(game, &game.start(), classify, limits).map_err(|e| Failure::NoVerdict(e.to_string()))?;
    let total: u64 = counts.values().sum();
    let convention = "positions reachable from the start by legal play, one per isomorphism class (vertex permutations keeping the board, both colours and the player to move); the start and finished positions are included";
    if json {
        let rows: Vec<_> = counts
            .iter()
            .map(|((edges, owns, to_move), count)| serde_json::json!({"coloured_edges": edges, "owns_target": owns, "to_move": to_move, "positions": count}))
            .collect();
        let mut object = header_json(game, limits.threads());
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
