//! `ramsey-verify erdos`: Erdős' scoring games (Clique, Star,
//! vertex-capturing, Colex) solved exactly on a board, with an optimal
//! line, or (`--table`) the layout of Cambie and Provoost's Table 1 for a
//! range of Colex graphs. The solving and the reports are `analysis::erdos`;
//! this file parses the flags, calls it and prints.

use super::args::{on_pool, LimitArgs};
use super::{output, Failure};
use crate::analysis::erdos::{
    parse_games, parse_table_range, solve_each, table_folder, table_heading, table_row, BoardReport, ErdosError,
};
use crate::core::words::count;
use crate::engine::Limits;
use crate::games::scoring::Scoring;
use crate::verify::cert::family::RegularFamily;
use crate::verify::cert::Certificate;
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
    /// Write a proof certificate of the result (format version 6; 13, on
    /// degree forms, for star and vc; proofs/FORMAT.md; gzipped if FILE ends in .gz): Alice's strategy for
    /// "at least" and Bob's for "at most" the outcome (with --winner-only,
    /// the bounds proved). One game only (name it with --game). With
    /// --table, FILE is a folder: one certificate per game and row
    /// (`erdos-cM-GAME.cert[.gz]`) and an index, INDEX.md. With
    /// --json-lines, a stream of every connected d-regular graph on n
    /// vertices (`nauty-geng -c -d D -D D N`) where Alice wins none:
    /// one family certificate (format version 15) of them all.
    #[arg(long, value_name = "FILE")]
    pub cert: Option<std::path::PathBuf>,
    /// A census: `--board @-` (or `@FILE`) is a stream of graph6 lines, as
    /// nauty's geng writes them; print one JSON object per board, per
    /// line, in input order (progress on stderr).
    #[arg(long, conflicts_with_all = ["json", "table"])]
    pub json_lines: bool,
    /// With --json-lines: skip the first N boards of the stream (to resume
    /// a census whose output already has N lines).
    #[arg(long, value_name = "N", requires = "json_lines", conflicts_with = "cert")]
    pub skip: Option<u64>,
}

/// Runs `erdos`.
pub fn run(args: ErdosArgs) -> Result<(), Failure> {
    let games = parse_games(&args.game).map_err(bad_input)?;
    let limits = args.limits.limits(!args.json && !args.json_lines);
    on_pool(&limits, || match &args.table {
        Some(range) => table(range, args.cert.as_deref(), limits),
        None if args.json_lines => census(&args, &games, limits),
        None => one_board(&args, &games, limits),
    })
}

/// Solves each game on the board, printing each game's text as soon as it
/// is solved, or the JSON object at the end; with `--cert`, writes the
/// one game's certificate.
fn one_board(args: &ErdosArgs, games: &[Scoring], limits: Limits) -> Result<(), Failure> {
    if let Some(path) = &args.cert {
        if games.len() != 1 {
            return Err(bad_input(
                "--cert writes one game's certificate: name one game with --game",
            ));
        }
        output::check_writable(path)?;
    }
    let report = solve_board(args, args.board.as_deref().unwrap_or_default(), games, limits)?;
    if args.json {
        output::println(report.to_json())?;
    }
    Ok(())
}

/// `--json-lines`: every board of the stream (`super::stream`); with
/// `--cert`, the family certificate of them all (`RegularFamily`).
fn census(args: &ErdosArgs, games: &[Scoring], limits: Limits) -> Result<(), Failure> {
    let mut family = match &args.cert {
        Some(path) => {
            if games.len() != 1 || args.head_start.is_some() || args.bob_first {
                return Err(bad_input(
                    "--json-lines --cert writes a family certificate: one game (--game), from the empty board, Alice first",
                ));
            }
            output::check_writable(path)?;
            Some(RegularFamily::new(games[0]))
        }
        None => None,
    };
    super::stream::each_graph(args.board.as_deref(), "--board", args.skip.unwrap_or(0), |graph6| {
        let limits = match &family {
            Some(family) => family.room(limits).map_err(|e| Failure::NoVerdict(e.to_string()))?,
            None => limits,
        };
        let mut report = solve_board(args, graph6, games, limits)?;
        if let Some(family) = family.as_mut() {
            let solved = &mut report.games[0];
            let at_most = solved.found.bounds().1;
            family
                .add(graph6, at_most, solved.certificate.take())
                .map_err(bad_input)?;
        }
        Ok(report.to_json())
    })?;
    match (family, &args.cert) {
        (Some(family), Some(path)) => match family.refused() {
            Some(why) => Err(bad_input(why)),
            None => certificate_written(family.entries(), family.write(path), path),
        },
        _ => Ok(()),
    }
}

/// Solves each game on `board` (side by side with several threads:
/// `solve_each`); prints each game's text, in the order given, as soon as
/// it and the games before it are solved unless the output is JSON, and
/// writes the certificate asked for.
fn solve_board(args: &ErdosArgs, board: &str, games: &[Scoring], limits: Limits) -> Result<BoardReport, Failure> {
    let mut report = BoardReport::parse(board, args.head_start.as_deref(), args.bob_first).map_err(bad_input)?;
    let made = games.iter().map(|&scoring| report.game(scoring));
    let made = made.collect::<Result<Vec<_>, _>>().map_err(bad_input)?;
    let mut solved_games = Vec::with_capacity(made.len());
    solve_each(&made, limits, args.winner_only, args.cert.is_some(), |solved| {
        let solved = solved.map_err(|e| Failure::NoVerdict(e.to_string()))?;
        if !args.json && !args.json_lines {
            output::print(&report.game_text(&solved))?;
        }
        match (&args.cert, &solved.certificate) {
            (Some(path), Some(cert)) if !args.json_lines => write_certificate(cert, path)?,
            _ => {}
        }
        solved_games.push(solved);
        Ok::<(), Failure>(())
    })?;
    report.games = solved_games;
    Ok(report)
}

/// Writes `cert` to `path` and says so on standard error.
pub fn write_certificate(cert: &Certificate, path: &std::path::Path) -> Result<(), Failure> {
    certificate_written(cert.entries, cert.write(path), path)
}

/// Says on standard error that a certificate of `entries` entries was
/// `written` to `path` (its bytes), or fails with why it was not.
pub fn certificate_written(
    entries: usize,
    written: Result<u64, crate::verify::cert::CertWriteError>,
    path: &std::path::Path,
) -> Result<(), Failure> {
    let bytes = written.map_err(|e| Failure::Output(e.to_string()))?;
    output::note(format_args!(
        "certificate: {}, {} written to {}",
        count(entries, "entry", "entries"),
        count(bytes, "byte", "bytes"),
        path.display()
    ));
    Ok(())
}

fn bad_input(e: impl std::fmt::Display) -> Failure {
    Failure::BadInput(e.to_string())
}

/// Table 1's layout (Cambie and Provoost, Section 2.1) for `C(a)..C(b)`,
/// one row per Colex graph printed as soon as it is solved; with a
/// certificate folder, each row's certificates are written (and the index
/// rewritten) as soon as the row is solved.
fn table(range: &str, cert_dir: Option<&std::path::Path>, limits: Limits) -> Result<(), Failure> {
    let (a, b) = parse_table_range(range).map_err(bad_input)?;
    let output_error = |e: crate::verify::cert::CertWriteError| Failure::Output(e.to_string());
    let mut folder = match cert_dir {
        Some(dir) => Some(table_folder(dir, &super::table::command_line()).map_err(output_error)?),
        None => None,
    };
    output::print(&table_heading(a, b))?;
    for m in a..=b {
        let row = table_row(m, limits, folder.is_some()).map_err(|e| match e {
            ErdosError::Scoring(e) => bad_input(e),
            ErdosError::Stopped(e) => Failure::NoVerdict(e.to_string()),
        })?;
        output::println(row.to_markdown())?;
        if let Some(folder) = folder.as_mut() {
            row.write_certificates(folder).map_err(output_error)?;
        }
    }
    if let (Some(folder), Some(dir)) = (folder, cert_dir) {
        output::note(format_args!(
            "certificates: {} written to {} (index: INDEX.md)",
            count(folder.written(), "certificate", "certificates"),
            dir.display()
        ));
    }
    Ok(())
}
