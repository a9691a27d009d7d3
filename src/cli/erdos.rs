//! `ramsey-verify erdos`: Erdős' scoring games (Clique, Star,
//! vertex-capturing, Colex) solved exactly on a board, with an optimal
//! line, or (`--table`) the layout of Cambie and Provoost's Table 1 for a
//! range of Colex graphs. The solving is `analysis::erdos`; this file
//! parses the flags and prints.

use super::args::{on_pool, LimitArgs};
use super::{output, Failure};
use crate::analysis::erdos::{
    board_name, parse_board, parse_head_start, solve, table_row, BoardError, ErdosError, Found, Solved, TABLE_MAX_COLEX,
};
use crate::core::board::Edge;
use crate::core::board::Position;
use crate::engine::Limits;
use crate::games::scoring::{Points, Scoring, ScoringGame};
use clap::Args;

#[derive(Args, Debug)]
pub struct ErdosArgs {
    /// clique, star, vc, colex, a list of them (`clique,star,vc`), or all.
    #[arg(long, default_value = "all")]
    pub game: String,
    /// The board: n for K_n, colex:m for the Colex graph C(m), or graph6.
    #[arg(long, required_unless_present = "table")]
    pub board: Option<String>,
    /// Edges red before Alice's first move, on the board's labels: a list
    /// `0-1,1-2` or graph6.
    #[arg(long)]
    pub head_start: Option<String>,
    /// Bob moves first (e.g. a head start read as Alice's whole first turn).
    #[arg(long)]
    pub bob_first: bool,
    /// Instead of one board: Table 1's rows for the Colex graphs C(a)..C(b),
    /// as `a..b`.
    #[arg(long, value_name = "A..B", conflicts_with_all = ["board", "head_start", "json", "bob_first"])]
    pub table: Option<String>,
    /// Worker threads and the memory cap (of each game's table).
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Only who wins: at most two threshold tests ("does Alice win?", "is
    /// it at least a draw?"), with the bounds on the outcome they prove; no
    /// exact outcome, no line. Often much cheaper.
    #[arg(long, conflicts_with = "table")]
    pub winner_only: bool,
}

/// Runs `erdos`.
pub fn run(args: ErdosArgs) -> Result<(), Failure> {
    let games = parse_games(&args.game)?;
    let limits = args.limits.limits(!args.json);
    on_pool(&limits, || match &args.table {
        Some(range) => table(range, limits),
        None => one_board(&args, &games, limits),
    })
}

fn one_board(args: &ErdosArgs, games: &[Scoring], limits: Limits) -> Result<(), Failure> {
    let text = args.board.as_deref().unwrap_or_default();
    let board = parse_board(text).map_err(bad_input)?;
    let head: Vec<Edge> = match &args.head_start {
        Some(s) => parse_head_start(s).map_err(bad_input)?,
        None => vec![],
    };
    let mut solved = Vec::new();
    for &scoring in games {
        let mut game = ScoringGame::new(scoring, &board, &head).map_err(|e| Failure::BadInput(e.to_string()))?;
        if args.bob_first {
            game = game.bob_first();
        }
        let result = solve(&game, limits, args.winner_only).map_err(|e| Failure::NoVerdict(e.to_string()))?;
        if !args.json {
            print_text(text, &board, &result)?;
        }
        solved.push(result);
    }
    if args.json {
        output::println(json(text, &board, &head, args.bob_first, &solved))?;
    }
    Ok(())
}

fn parse_games(name: &str) -> Result<Vec<Scoring>, Failure> {
    if name == "all" {
        return Ok(Scoring::ALL.to_vec());
    }
    name.split(',')
        .map(|one| {
            Scoring::from_name(one.trim())
                .ok_or_else(|| Failure::BadInput(format!("unknown game `{one}`: use clique, star, vc, colex or all")))
        })
        .collect()
}

fn bad_input(e: BoardError) -> Failure {
    Failure::BadInput(e.to_string())
}

fn line_list(line: &[Edge]) -> Vec<String> {
    line.iter().map(|e| e.to_string()).collect()
}

fn line_text(line: &[Edge]) -> String {
    line_list(line).join(" ")
}

fn print_text(name: &str, board: &Position, r: &Solved) -> Result<(), Failure> {
    let result = match &r.found {
        Found::Exact { outcome, .. } => format!("outcome (a, b) = {outcome}"),
        Found::Winner(w) => {
            let text = |p: Option<Points>| p.map_or("?".to_string(), |p| p.to_string());
            format!("{} <= outcome (a, b) <= {}", text(w.at_least), text(w.at_most))
        }
    };
    output::println(format!(
        "{} game on {} ({}, {}): {result}: {}",
        r.scoring.name(),
        board_name(name),
        crate::core::words::count(board.vertex_count(), "vertex", "vertices"),
        crate::core::words::count(board.board_edges().len(), "edge", "edges"),
        r.found.winner_text(r.scoring)
    ))?;
    if let Found::Exact { line, .. } = &r.found {
        output::println(format!("  optimal line: {}", line_text(line)))?;
    }
    let counts: Vec<String> = r.per_move.iter().enumerate().map(|(i, c)| format!("{i}:{c}")).collect();
    output::println(format!("  positions per move: {}", counts.join(" ")))?;
    output::println(format!("  positions: {}   time: {:.3}s", r.positions, r.seconds))
}

fn json(name: &str, board: &Position, head: &[Edge], bob: bool, solved: &[Solved]) -> serde_json::Value {
    let games: Vec<_> = solved
        .iter()
        .map(|r| {
            let pair = |p: Option<Points>| p.map(|p| [p.alice, p.bob]);
            let (at_least, at_most) = r.found.bounds();
            let (outcome, line) = match &r.found {
                Found::Exact { outcome, line } => (Some(*outcome), Some(line_list(line))),
                Found::Winner(_) => (None, None),
            };
            serde_json::json!({
                "game": r.scoring.name(),
                "outcome": pair(outcome),
                "score": outcome.map(Points::difference),
                "winner": r.found.winner_text(r.scoring),
                "outcome_at_least": pair(at_least),
                "outcome_at_most": pair(at_most),
                "line": line,
                "positions_per_move": r.per_move,
                "positions": r.positions,
                "seconds": r.seconds,
            })
        })
        .collect();
    serde_json::json!({
        "board": name,
        "vertices": board.vertex_count(),
        "edges": board.board_edges().len(),
        "head_start": head.iter().map(|e| e.to_string()).collect::<Vec<_>>(),
        "first": if bob { "Bob" } else { "Alice" },
        "games": games,
    })
}

/// Table 1's layout (Cambie and Provoost, Section 2.1) for `C(a)..C(b)`,
/// one row per Colex graph printed as soon as it is solved, with the
/// Clique outcome as an extra column and each row's time.
fn table(range: &str, limits: Limits) -> Result<(), Failure> {
    let bad = || Failure::BadInput(format!("--table needs a range a..b of Colex sizes, not `{range}`"));
    let (a, b) = range.split_once("..").ok_or_else(bad)?;
    let (a, b): (usize, usize) = (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
    if a < 1 || a > b || b > TABLE_MAX_COLEX {
        return Err(bad());
    }
    output::println(format!(
        "# Erdős' scoring games on Colex graphs C({a})..C({b}) (Cambie and Provoost, Table 1 layout)\n"
    ))?;
    output::println(format!(
        "Computed by `ramsey-verify erdos --table {a}..{b}` (exact threshold search; out_ω is an extra"
    ))?;
    output::println("column; time is the row's wall-clock seconds for all four games on this machine).\n")?;
    output::println("| m | n | out_col | out_Δ | s_VC | out_VC | out_ω | time (s) |")?;
    output::println("|---|---|---|---|---|---|---|---|")?;
    for m in a..=b {
        let row = table_row(m, limits).map_err(|e| match e {
            ErdosError::Scoring(e) => Failure::BadInput(e.to_string()),
            ErdosError::Stopped(e) => Failure::NoVerdict(e.to_string()),
        })?;
        output::println(row.to_markdown())?;
    }
    Ok(())
}
