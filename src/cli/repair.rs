//! `ramsey-verify repair`: searches for a small table of moves that makes a
//! refuted strategy win (`crate::verify::repair`), and writes the table.

use super::args::{parse_board, parse_bound, read_table, LimitArgs};
use super::line_input::parse_moves;
use super::output::{self, write_file};
use super::Failure;
use crate::core::board::{Board, Edge};
use crate::core::words::count;
use crate::verify::patch::{PatchFile, PatchTable, TableHeader};
use crate::verify::registry::Registry;
use crate::verify::repair::{check_from_move, repair, RepairError, RepairOutcome, RepairTask};
use crate::verify::Request;
use clap::Args;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Args, Debug)]
pub struct RepairArgs {
    /// Strategy to repair (see `ramsey-verify strategies`).
    #[arg(long)]
    pub strategy: String,
    /// `inf` for K_aleph0, or n for K_n.
    #[arg(long, default_value = "inf", value_parser = parse_board)]
    pub board: Board,
    /// Largest number of her moves allowed.
    #[arg(long, value_parser = parse_bound)]
    pub bound: u32,
    /// Worker threads and the memory cap (of each search's table).
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Repair only the subtree after this line the strategy plays (moves in
    /// play order, red first, ending with hers), e.g. a failure class's line.
    #[arg(long)]
    pub line: Option<String>,
    /// Her first move number that may be patched (1 to --bound).
    #[arg(long, default_value_t = 1, value_parser = at_least_one)]
    pub from_move: usize,
    /// Most rounds to run (at least 1): each adds one table entry, or with
    /// `--batch` every entry one verification finds.
    #[arg(long, default_value_t = 200, value_parser = at_least_one)]
    pub max_rounds: usize,
    /// Fix every failing decision of hers that one verification finds, as
    /// deep as each can be fixed, in one round (for strategies with many
    /// lines to repair), instead of one decision per round.
    #[arg(long)]
    pub batch: bool,
    /// A table to start from (the format of `--out`), written for this
    /// strategy (its header names it).
    #[arg(long, value_name = "FILE")]
    pub table: Option<PathBuf>,
    /// Start from the `--table` even if its header names another strategy
    /// or game.
    #[arg(long, requires = "table")]
    pub patches_for_any_strategy: bool,
    /// Write the table here (also when the run ends without a repair).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

/// A count or number from 1.
fn at_least_one(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("expected a number from 1, not `{s}`")),
    }
}

/// Counts by her move number, as `17: 992, 16: 8` (deepest first).
fn by_move(counts: &BTreeMap<usize, usize>) -> String {
    let parts: Vec<String> = counts.iter().rev().map(|(at, n)| format!("{at}: {n}")).collect();
    parts.join(", ")
}

pub fn run(args: RepairArgs, registry: &Registry) -> Result<(), Failure> {
    let strategy = registry.get(&args.strategy)?;
    check_from_move(args.from_move, args.bound).map_err(|_| {
        Failure::BadInput(format!(
            "--from-move {} is past --bound {}: her moves are numbered 1 to {}, so no move could be patched",
            args.from_move, args.bound, args.bound
        ))
    })?;
    output::check_writable(&args.out)?;
    let table = match &args.table {
        Some(path) => read_table(path, strategy.as_ref(), args.patches_for_any_strategy)?,
        None => PatchTable::new(),
    };
    let prefix: Vec<Edge> = match &args.line {
        Some(text) => parse_moves(text, &BTreeMap::new())?
            .into_iter()
            .map(|m| m.edge)
            .collect(),
        None => Vec::new(),
    };
    let header = TableHeader::of(strategy.as_ref(), Some(args.board.clone()), Some(args.bound));
    let task = RepairTask {
        strategy,
        table,
        prefix,
        from_move: args.from_move,
        max_rounds: args.max_rounds,
        batch: args.batch,
    };
    let started = Instant::now();
    let request = Request {
        limits: args.limits.limits(false),
        ..Request::new(args.board, args.bound, 1)
    };
    let outcome = repair(task, &request, |round| {
        output::note(format_args!(
            "round {}: {}{}{} (a line of {} of his moves; {}, {:.1} s)",
            round.number,
            count(round.added.values().sum::<usize>(), "entry", "entries"),
            match round.added.is_empty() {
                true => String::new(),
                false => format!(" at her moves {}", by_move(&round.added)),
            },
            match round.failing.is_empty() {
                true => String::new(),
                false => format!("; failing situations at her moves {}", by_move(&round.failing)),
            },
            round.his_moves,
            count(round.positions, "position", "positions"),
            started.elapsed().as_secs_f64()
        ))
    })
    .map_err(|e| match e {
        RepairError::Stopped(stopped) => Failure::NoVerdict(stopped.to_string()),
        bad => Failure::BadInput(bad.to_string()),
    })?;
    let seconds = started.elapsed().as_secs_f64();
    let (table, verdict) = match &outcome {
        RepairOutcome::Verified { table, max_moves } => (table, format!("VERIFIED within {max_moves} of her moves")),
        RepairOutcome::Stuck { table, line } => (
            table,
            format!(
                "STUCK: {}: {}",
                match args.batch {
                    true => "no failing decision could be fixed; a failing line",
                    false => "no single move on this line saves it",
                },
                line.moves_text(1).replace('\n', " ")
            ),
        ),
        RepairOutcome::OutOfRounds { table } => (
            table,
            format!("STOPPED after {}", count(args.max_rounds, "entry", "entries")),
        ),
        RepairOutcome::Broken { table, error } => (table, format!("NO VERDICT: {error}")),
    };
    let command: Vec<String> = std::env::args().collect();
    let comments = [
        format!("written by: {}", command.join(" ")),
        format!("{verdict}; {}; {seconds:.1} s", count(table.len(), "entry", "entries")),
    ];
    let file = PatchFile {
        header,
        table: table.clone(),
    };
    write_file(&args.out, file.to_text(&comments))?;
    output::print(&format!(
        "{verdict}\n{} written to {} ({seconds:.1} s)\n",
        count(table.len(), "table entry", "table entries"),
        args.out.display()
    ))?;
    match outcome {
        RepairOutcome::Verified { .. } => Ok(()),
        _ => Err(Failure::NoVerdict("the strategy is not repaired".into())),
    }
}
