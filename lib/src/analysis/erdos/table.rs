//! Cambie and Provoost's Table 1 (Section 2.1) on the Colex graphs: the
//! range a run covers, the heading it prints, and one row per graph, so the
//! `erdos --table` command and a program print the same table.

use super::{solve, ErdosError, Found};
use crate::core::board::Position;
use crate::engine::Limits;
use crate::games::colex::colex_graph;
use crate::games::scoring::{Points, Scoring, ScoringGame};
use std::time::Instant;

/// The largest Colex graph `C(m)` of a Table 1 run.
pub const TABLE_MAX_COLEX: usize = 45;

/// One row of Table 1 (Cambie and Provoost, Section 2.1): the exact
/// outcomes of the four games on the Colex graph `C(m)`.
#[derive(Clone, Copy, Debug)]
pub struct TableRow {
    /// The Colex size m.
    pub m: usize,
    /// Vertices of `C(m)`.
    pub vertices: usize,
    /// Outcomes of the Colex, Star, vertex-capturing and Clique games.
    pub outcomes: [Points; 4],
    /// Wall-clock seconds of all four solves.
    pub seconds: f64,
}

/// The games of a Table 1 row, in its column order.
pub const TABLE_GAMES: [Scoring; 4] = [Scoring::Colex, Scoring::Star, Scoring::VertexCapturing, Scoring::Clique];

/// Solves the row of Table 1 for `C(m)`.
pub fn table_row(m: usize, limits: Limits) -> Result<TableRow, ErdosError> {
    let (n, edges) = colex_graph(m);
    let board = Position::on_graph(n, edges);
    let started = Instant::now();
    let mut outcomes = Vec::with_capacity(TABLE_GAMES.len());
    for scoring in TABLE_GAMES {
        let game = ScoringGame::new(scoring, &board, &[])?;
        outcomes.push(match solve(&game, limits, false)?.found {
            Found::Exact { outcome, .. } => outcome,
            Found::Winner(_) => unreachable!("solved exactly"),
        });
    }
    Ok(TableRow {
        m,
        vertices: board.vertex_count(),
        outcomes: outcomes.try_into().expect("one outcome per game"),
        seconds: started.elapsed().as_secs_f64(),
    })
}

impl TableRow {
    /// The row in Markdown: `| m | n | out_col | out_Δ | s_VC | out_VC |
    /// out_ω | time (s) |`.
    pub fn to_markdown(&self) -> String {
        let [colex, star, vc, clique] = self.outcomes;
        format!(
            "| {} | {} | {colex} | {star} | {} | {vc} | {clique} | {:.2} |",
            self.m,
            self.vertices,
            vc.difference(),
            self.seconds
        )
    }
}

/// A range of Colex sizes that is not `a..b` with `1 <= a <= b <=`
/// [`TABLE_MAX_COLEX`], with the text given (the command line's exit code 2).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("--table needs a range a..b of Colex sizes, not `{0}`")]
pub struct TableRangeError(pub String);

/// The Colex sizes `a..b` (both included) of a Table 1 run, read from
/// `a..b`; refused outside `1..TABLE_MAX_COLEX` so a typo cannot start a
/// run that never ends.
pub fn parse_table_range(text: &str) -> Result<(usize, usize), TableRangeError> {
    let bad = || TableRangeError(text.to_string());
    let (a, b) = text.split_once("..").ok_or_else(bad)?;
    let (a, b): (usize, usize) = (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
    if a < 1 || a > b || b > TABLE_MAX_COLEX {
        return Err(bad());
    }
    Ok((a, b))
}

/// The Markdown heading of a Table 1 run over `C(a)..C(b)`: a title, how
/// the table was computed (so a pasted table says where it came from) and
/// the column header; the rows ([`TableRow::to_markdown`]) follow it.
pub fn table_heading(a: usize, b: usize) -> String {
    format!(
        "# Erdős' scoring games on Colex graphs C({a})..C({b}) (Cambie and Provoost, Table 1 layout)\n\n\
         Computed by `ramsey-verify erdos --table {a}..{b}` (exact threshold search; out_ω is an extra\n\
         column; time is the row's wall-clock seconds for all four games on this machine).\n\n\
         | m | n | out_col | out_Δ | s_VC | out_VC | out_ω | time (s) |\n\
         |---|---|---|---|---|---|---|---|\n"
    )
}
