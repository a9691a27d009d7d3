//! `ramsey-verify ramsey-table`: the value and length of optimal play of
//! Slany's graph Ramsey games on `K_n` for every rule set and a list of
//! targets, each row with its positions and seconds; with
//! `--open-problems`, Slany's Open Problems 1 and 2 (Section 8) answered on
//! every instance solved (`table/open_problems.rs`).
//!
//! Every instance is a separate solve with its own memory cap: a row
//! either has a verdict, or says why not ("no verdict: memory cap",
//! "not attempted: ..."). No row is left out silently.

mod open_problems;

use super::args::{on_pool, LimitArgs};
use super::{output, Failure};
use crate::core::board::Player;
use crate::core::edges::EdgePosition;
use crate::engine::bounded::BoundedSolver;
use crate::engine::limits::MIB;
use crate::engine::{Limits, Solver};
use crate::games::pattern::Pattern;
use crate::games::prelude::*;
use crate::games::ramsey::{RamseyGame, Rules};
use crate::games::ranked::Ranked;
use crate::games::Value;
use clap::Args;
use serde::Serialize;
use std::time::Instant;

/// Options of `ramsey-table`.
#[derive(Args, Debug)]
pub struct TableArgs {
    /// Board sizes n of the complete boards K_n: `a..b` (inclusive) or one number.
    #[arg(long, default_value = "4..8", value_parser = parse_range)]
    pub boards: (usize, usize),
    /// Targets, separated by spaces (as `K1,3` has a comma): names or graph6.
    #[arg(long, default_value = "K3 P3 P4 C4 K1,3 2K2")]
    pub targets: String,
    /// Rule sets, comma-separated, or `all`.
    #[arg(long, default_value = "all")]
    pub rules: String,
    /// Set-move rules (avoid-plus, misere-plus) are not attempted on boards
    /// with more free edges than this (a move is any nonempty subset).
    #[arg(long, default_value_t = 15)]
    pub max_set_edges: usize,
    /// Worker threads and the memory cap (of each instance's table; an
    /// instance that reaches it gets "no verdict" in its row).
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Print one JSON object instead of Markdown.
    #[arg(long)]
    pub json: bool,
    /// Write BASE.md and BASE.json (both) instead of printing (so not with
    /// `--json`, which prints).
    #[arg(long, value_name = "BASE", conflicts_with = "json")]
    pub save: Option<String>,
    /// Answer Slany's Open Problems 1 and 2 (avoidance games) instead.
    #[arg(long)]
    pub open_problems: bool,
    /// With `--open-problems`: also try every graph with at most this many
    /// vertices as the board (empty start), for the smallest counterexample.
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u64).range(1..=7))]
    pub graphs_up_to: u64,
}

fn parse_range(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("boards must be `a..b` or a number from 1 to 16, not `{s}`");
    let (a, b) = s.split_once("..").unwrap_or((s, s));
    let (a, b): (usize, usize) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    if a < 1 || b > 16 || a > b {
        return Err(bad());
    }
    Ok((a, b))
}

/// One row of the table: an instance and its verdict, or why there is none.
#[derive(Serialize, Clone, Debug)]
pub struct Row {
    /// The board, `K_n`.
    pub board: String,
    /// The target of both players.
    pub target: String,
    /// The rule set.
    pub rules: String,
    /// `first`, `second` or `draw` (red moves first); `None` without verdict.
    pub result: Option<&'static str>,
    /// Moves of optimal play (the winner hurries, the loser delays).
    pub plies: Option<u32>,
    /// Distinct positions evaluated, up to isomorphism.
    pub positions: Option<u64>,
    /// Wall-clock seconds of the solve.
    pub seconds: Option<f64>,
    /// Why there is no verdict.
    pub note: Option<String>,
}

/// The instance's game: `K_n`, the same target for both, red first.
pub(crate) fn complete_game(n: usize, target: &Pattern, rules: Rules) -> Result<RamseyGame, String> {
    let targets = [target.clone(), target.clone()];
    RamseyGame::new(EdgePosition::complete(n), targets, rules, Player::First).map_err(|e| e.to_string())
}

/// Solves one game under a memory cap: the value with positions and
/// seconds, or the reason there is none.
pub(crate) fn solve_capped(
    game: &RamseyGame,
    limits: Limits,
) -> (Result<Value<crate::games::ramsey::Outcome>, String>, u64, f64) {
    let solver = Solver::new(game).with_limits(limits);
    let started = Instant::now();
    let value = solver.value(&game.start()).map_err(|e| e.to_string());
    (value, solver.positions(), started.elapsed().as_secs_f64())
}

/// [`solve_capped`] by the threshold search on ranked scores
/// ([`Ranked`]): the same value (tested against the exact solver,
/// `tests/ranked_threshold.rs`) from far fewer positions where one side can
/// win quickly, but the positions counted are those the search stored, not
/// every reachable one. For a draw, `plies` is the length of the optimal
/// line it keeps.
pub(crate) fn solve_threshold(
    game: &RamseyGame,
    limits: Limits,
) -> (Result<Value<crate::games::ramsey::Outcome>, String>, u64, f64) {
    let ranked = Ranked::new(game);
    let solver = BoundedSolver::new(&ranked).with_limits(limits);
    let started = Instant::now();
    let start = ranked.start();
    let value = solver.value(&start, &[]).and_then(|v| {
        let line = solver.optimal_line(&start, v)?;
        Ok(Value {
            score: v.score,
            plies: line.len() as u32,
        })
    });
    let positions = solver.counts().positions;
    (
        value.map_err(|e| e.to_string()),
        positions,
        started.elapsed().as_secs_f64(),
    )
}

/// Who wins, as "first", "second" or "draw" (red is the first player).
pub(crate) fn result_name(winner: Option<Player>) -> &'static str {
    match winner {
        Some(Player::First) => "first",
        Some(Player::Second) => "second",
        None => "draw",
    }
}

fn row(n: usize, target: &Pattern, rules: Rules, args: &TableArgs, limits: Limits) -> Row {
    let mut row = Row {
        board: format!("K{n}"),
        target: target.name().to_string(),
        rules: rules.name().to_string(),
        result: None,
        plies: None,
        positions: None,
        seconds: None,
        note: None,
    };
    let free = n * (n - 1) / 2;
    if rules.sets() && free > args.max_set_edges {
        row.note = Some(format!(
            "not attempted: a move is any nonempty subset of the {free} free edges (2^{free} - 1 at the start; limit --max-set-edges {})",
            args.max_set_edges
        ));
        return row;
    }
    let game = match complete_game(n, target, rules) {
        Ok(game) => game,
        Err(e) => {
            row.note = Some(format!("not attempted: {e}"));
            return row;
        }
    };
    let (mut value, mut positions, mut seconds) = solve_capped(&game, limits);
    let mut exact_note = None;
    if let Err(e) = &value {
        // The exact solver sees every reachable position; where that is too
        // many, the threshold search may still find the value. (How many
        // positions the exact solver had stored when it hit the cap depends
        // on its threads' timing, so it is not reported; the threshold
        // search's count is the same on every run.)
        exact_note = Some(format!("exact solver: {e}"));
        let exact_seconds = seconds;
        (value, positions, seconds) = solve_threshold(&game, limits);
        seconds += exact_seconds;
    }
    (row.positions, row.seconds) = (Some(positions), Some(seconds));
    let threshold = |what: String| {
        exact_note
            .as_ref()
            .map(|exact| format!("{exact}; threshold search: {what}"))
    };
    match value {
        Ok(v) => {
            (row.result, row.plies) = (Some(result_name(v.score.winner())), Some(v.plies));
            row.note = threshold("value, plies and positions from it".into());
        }
        Err(e) => {
            let positions = crate::core::words::count(positions, "position", "positions");
            row.note = threshold(format!("{e} (after {positions})"))
        }
    }
    row
}

/// The targets named in `--targets`.
pub(crate) fn targets(text: &str) -> Result<Vec<Pattern>, String> {
    let list: Result<Vec<Pattern>, _> = text.split_whitespace().map(str::parse::<Pattern>).collect();
    let list = list.map_err(|e| e.to_string())?;
    if list.is_empty() {
        return Err("--targets needs at least one target".into());
    }
    Ok(list)
}

fn rules(text: &str) -> Result<Vec<Rules>, String> {
    if text == "all" {
        return Ok(Rules::ALL.to_vec());
    }
    text.split(',')
        .map(|r| r.trim().parse::<Rules>().map_err(|e| e.to_string()))
        .collect()
}

/// The command line as typed (program name without its path).
pub(crate) fn command_line() -> String {
    let args: Vec<String> = std::env::args().skip(1).collect();
    format!("ramsey-verify {}", args.join(" "))
}

/// Runs `ramsey-table`.
pub fn run(args: TableArgs) -> Result<(), Failure> {
    let targets = targets(&args.targets)?;
    let rules = rules(&args.rules)?;
    for ext in args
        .save
        .iter()
        .flat_map(|base| [format!("{base}.json"), format!("{base}.md")])
    {
        output::check_writable(std::path::Path::new(&ext))?;
    }
    let limits = args.limits.limits(false);
    if args.open_problems {
        return on_pool(&limits, || open_problems::run(&args, &targets, limits));
    }
    let mut rows = vec![];
    on_pool(&limits, || {
        for n in args.boards.0..=args.boards.1 {
            for target in targets.iter().filter(|t| t.vertex_count() <= n) {
                for &r in &rules {
                    rows.push(row(n, target, r, &args, limits));
                }
            }
        }
        Ok(())
    })?;
    let object = serde_json::json!({
        "command": command_line(),
        "threads": limits.threads(),
        "max_memory_mib": limits.max_memory() / MIB,
        "first": "red",
        "rows": rows,
    });
    emit(&args, &object, &markdown(&rows, &args, limits))
}

/// Prints the JSON object or the Markdown text, or with `--save BASE`
/// writes both to BASE.json and BASE.md.
pub(crate) fn emit(args: &TableArgs, object: &serde_json::Value, text: &str) -> Result<(), Failure> {
    let Some(base) = &args.save else {
        return match args.json {
            true => output::println(object),
            false => output::print(text),
        };
    };
    for (ext, content) in [("json", format!("{object}\n")), ("md", text.to_string())] {
        output::write_file(std::path::Path::new(&format!("{base}.{ext}")), content)?;
    }
    Ok(())
}

fn markdown(rows: &[Row], args: &TableArgs, limits: Limits) -> String {
    let mut out = String::from("# Slany's graph Ramsey games on K_n: value and length of optimal play\n\n");
    out += &format!("Generated by `{}` (threads: {}).\n\n", command_line(), limits.threads());
    out += "Red moves first on the empty K_n; both players have the same target. Rules: \
            `src/game/ramsey.rs` (our reading of Slany, Sections 3 and 6). \
            *result*: who wins with optimal play, or draw; *plies*: moves made in optimal \
            play (the winner hurries, the loser delays; for draws, the length of the line the \
            solver keeps); *positions*: distinct positions evaluated up to isomorphism (start \
            and finished positions included); *seconds*: wall clock on the machine that ran it. \
            Where the exact solver reaches the cap, the threshold search on ranked scores \
            (`src/game/ranked.rs`, same values: `tests/ranked_threshold.rs`) gives the value; \
            the note says so, and *positions* are then those it stored and *seconds* both \
            searches together. A row without a verdict says why. Targets larger than the board \
            are left out.\n\n";
    out += &format!(
        "Caps: {} MiB of transposition table per instance; set-move rules on at most {} free edges.\n\n",
        limits.max_memory() / MIB,
        args.max_set_edges
    );
    out += "| board | target | rules | result | plies | positions | seconds | note |\n";
    out += "|---|---|---|---|---|---|---|---|\n";
    let cell = |x: Option<String>| x.unwrap_or_default();
    for r in rows {
        out += &format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} |\n",
            r.board,
            r.target,
            r.rules,
            cell(r.result.map(str::to_string)),
            cell(r.plies.map(|p| p.to_string())),
            cell(r.positions.map(|p| p.to_string())),
            cell(r.seconds.map(|s| format!("{s:.3}"))),
            cell(r.note.clone()),
        );
    }
    out
}
