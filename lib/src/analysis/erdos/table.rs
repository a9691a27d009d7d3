//! Cambie and Provoost's Table 1 (Section 2.1) on the Colex graphs: the
//! range a run covers, the heading it prints, and one row per graph, so the
//! `erdos --table` command and a program print the same table.

use super::{solve_each, ErdosError, Found};
use crate::core::board::Position;
use crate::engine::Limits;
use crate::games::colex::colex_graph;
use crate::games::scoring::{Points, Scoring, ScoringGame};
use crate::verify::cert::folder::CertFolder;
use crate::verify::cert::{CertWriteError, Certificate};
use std::path::Path;
use std::time::Instant;

/// The largest Colex graph `C(m)` of a Table 1 run.
pub const TABLE_MAX_COLEX: usize = 45;

/// One row of Table 1 (Cambie and Provoost, Section 2.1): the exact
/// outcomes of the four games on the Colex graph `C(m)`.
#[derive(Clone, Debug)]
pub struct TableRow {
    /// The Colex size m.
    pub m: usize,
    /// Vertices of `C(m)`.
    pub vertices: usize,
    /// Outcomes of the Colex, Star, vertex-capturing and Clique games.
    pub outcomes: [Points; 4],
    /// Wall-clock seconds of all four solves (certificates included).
    pub seconds: f64,
    /// With `certify`: each game's certificate of its outcome, both sides
    /// (format version 6; 13 for Star and VC), in [`TABLE_GAMES`] order; empty otherwise.
    pub certificates: Vec<Certificate>,
}

/// The games of a Table 1 row, in its column order.
pub const TABLE_GAMES: [Scoring; 4] = [Scoring::Colex, Scoring::Star, Scoring::VertexCapturing, Scoring::Clique];

/// Solves the row of Table 1 for `C(m)`, its games side by side
/// ([`solve_each`]); with `certify`, also makes each game's certificate
/// ([`super::solve_certified`]).
pub fn table_row(m: usize, limits: Limits, certify: bool) -> Result<TableRow, ErdosError> {
    let (n, edges) = colex_graph(m);
    let board = Position::on_graph(n, edges);
    let started = Instant::now();
    let games = TABLE_GAMES.map(|scoring| ScoringGame::new(scoring, &board, &[]));
    let games = games.into_iter().collect::<Result<Vec<_>, _>>()?;
    let mut outcomes = Vec::with_capacity(TABLE_GAMES.len());
    let mut certificates = Vec::new();
    solve_each(&games, limits, false, certify, |solved| {
        let solved = solved?;
        outcomes.push(match solved.found {
            Found::Exact { outcome, .. } => outcome,
            Found::Winner(_) => unreachable!("solved exactly"),
        });
        certificates.extend(solved.certificate);
        Ok::<(), ErdosError>(())
    })?;
    Ok(TableRow {
        m,
        vertices: board.vertex_count(),
        outcomes: outcomes.try_into().expect("one outcome per game"),
        seconds: started.elapsed().as_secs_f64(),
        certificates,
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

/// The certificate folder of a Table 1 run (`erdos --table a..b --cert
/// DIR`); `command` is the run's command line, named in the index.
pub fn table_folder(dir: &Path, command: &str) -> Result<CertFolder, CertWriteError> {
    CertFolder::create(
        dir,
        "Certificates of Erdős' scoring games on Colex graphs (Table 1 layout)",
        &format!(
            "Written by `{command}`: each game of each row has its certificate here, \
             Alice's strategy for \"at least\" and Bob's for \"at most\" the outcome (format 6; 13, on degree forms, for Star and VC)."
        ),
        &["m", "game", "outcome"],
    )
}

impl TableRow {
    /// Writes the row's certificates (solved with `certify`) into `folder`
    /// as `erdos-cM-GAME.cert[.gz]`, the names `proofs/certs.sh` uses.
    pub fn write_certificates(&self, folder: &mut CertFolder) -> Result<(), CertWriteError> {
        let games = TABLE_GAMES.iter().zip(&self.outcomes).zip(&self.certificates);
        for ((scoring, outcome), cert) in games {
            let m = self.m;
            let cells = [m.to_string(), scoring.name().to_string(), outcome.to_string()];
            let file = CertFolder::file_name(&format!("erdos-c{m}-{}", scoring.name()), cert);
            let claim = format!("the outcome is {outcome}: Alice forces at least it, Bob at most it");
            let command = format!("erdos --game {} --board colex:{m}", scoring.name());
            folder.add(&cells, &claim, &file, cert, &command)?;
        }
        Ok(())
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
