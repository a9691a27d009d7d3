//! `ramsey-verify solve --rules R --board G --target A`: the exact value of
//! a graph Ramsey game (Slany's family) through the engine
//! (`crate::engine`), with an optimal line, the moves at the start and the
//! positions examined; `--census` counts the reachable positions. The
//! statement, the budget question and the census are
//! `analysis::ramsey_game`; this file parses the flags and prints.

use super::{output, Failure};
use crate::analysis::ramsey_game::{ramsey_census, within_budget, Statement};
use crate::core::board::Player;
use crate::core::words::count;
use crate::engine::{solve, Counters, Limits, Solver};
use crate::games::prelude::*;
use crate::games::ramsey::RamseyGame;
use clap::Args;

/// The options of a game statement (targets, rules, start), shared by
/// `solve --rules` and `play`.
#[derive(Args, Debug)]
pub struct StatementArgs {
    /// Rule set: achieve, achieve-second, maker, avoid, misere, avoid-plus,
    /// misere-plus (Slany, Sections 3 and 6; our reading in lib/src/games/ramsey.rs).
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

impl StatementArgs {
    /// The flags as a library [`Statement`].
    fn statement(&self) -> Statement {
        Statement {
            target: self.target.clone(),
            target_red: self.target_red.clone(),
            target_blue: self.target_blue.clone(),
            start: self.start.clone(),
            first: self.first.clone(),
        }
    }
}

/// The game stated by the options.
pub fn statement(args: &StatementArgs, rules: &str, board: &str) -> Result<RamseyGame, String> {
    args.statement().game(rules, board).map_err(|e| e.to_string())
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
        true => args.statement.statement().aleph0_game(rules, budget),
        false => args.statement.statement().game(rules, board),
    }
    .map_err(|e| Failure::BadInput(e.to_string()))?;
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
/// her first winning move, printed.
fn solve_within(game: &RamseyGame, budget: u32, aleph0: bool, limits: Limits, json: bool) -> Result<(), Failure> {
    let answer = within_budget(game, budget, limits).map_err(|e| Failure::NoVerdict(e.to_string()))?;
    let (wins, winning, seconds) = (answer.wins, answer.winning_move.as_ref(), answer.seconds);
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
            "positions": answer.positions,
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
        answer.positions
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
    let counts = ramsey_census(game, limits).map_err(|e| Failure::NoVerdict(e.to_string()))?;
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
