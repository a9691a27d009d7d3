//! `ramsey-verify solve --rules R --board G --target A`: the exact value of
//! a graph Ramsey game (Slany's family) through the engine
//! (`crate::engine`), with an optimal line, the moves at the start and the
//! positions examined; `--census` counts the reachable positions. The
//! statement, the questions and their reports are `analysis::ramsey_game`;
//! this file parses the flags, calls it and prints.

use super::{output, Failure};
use crate::analysis::ramsey_game::{names_aleph0, winner_decider, Answer, GameAnswer, Statement, WinSearch};
use crate::core::board::Player;
use crate::engine::{Limits, Solver, Stopped};
use crate::games::ramsey::RamseyGame;
use crate::render::played::{line_figure, optimal_note};
use crate::verify::cert::game::{winner_certificate, winner_only_certificate};
use crate::verify::cert::Certificate;
use clap::Args;

/// The options of a game statement (targets, rules, start), shared by
/// `solve --rules` and `play`.
#[derive(Args, Debug)]
pub struct StatementArgs {
    /// Rule set: achieve, achieve-second, maker, avoid, misere, avoid-plus,
    /// misere-plus (Slany, Sections 3 and 6), shared-avoid (one common
    /// graph: Hajnal's triangle-free game with --target K3); our reading in
    /// lib/src/games/ramsey/mod.rs.
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
    /// proofs/FORMAT.md; gzipped if FILE ends in .gz), or on a draw both
    /// players' non-losing strategies (format version 5). With `--budget`
    /// alone (no `--rules`): when she has no forced win within the budget,
    /// his strategy holding her off (format version 9).
    #[arg(long, value_name = "FILE", conflicts_with = "census")]
    pub cert: Option<std::path::PathBuf>,
    /// Only who wins, not how long optimal play lasts: a score-only search
    /// with cutoffs (one thread), often far cheaper. With --cert, the
    /// winner's strategy with free-edge bounds as depths (proofs/FORMAT.md).
    #[arg(long, conflicts_with = "census")]
    pub winner_only: bool,
    /// The exact value (same value, optimal line and moves at the start as
    /// without it) by win-only tests on the length: the winner by the
    /// score-only search, then "does the winner win within L plies?" for a
    /// few L (one thread). Faster where one side wins (Sim); a draw is
    /// left to the exact solver. Positions are the searches' own.
    /// With --cert, the winner's strategy winning within that length
    /// (format version 3, depths: her moves in the plies left); not for set
    /// moves.
    #[arg(long, conflicts_with_all = ["census", "winner_only", "dfpn", "json_lines"])]
    pub by_tests: bool,
    /// With --by-tests: the loser's half of the length too, written to
    /// FILE (format version 14, proofs/FORMAT.md): the winner does not win
    /// within the length less 2 plies (less 1 where a win's length has no
    /// known parity), his strategy read off the test that fails. With
    /// --cert, the exact length is then two checked claims.
    #[arg(long, value_name = "FILE", requires = "by_tests")]
    pub cert_lower: Option<std::path::PathBuf>,
    /// One test of --by-tests alone: does --player win within this many
    /// plies from the start? (one thread, its table under the whole
    /// --max-memory). Where the rules fix who moves last in a won game
    /// (Sim: the loser), a test that holds at d and one that fails at d - 2
    /// pin the length d, a test at a time. With --cert, the test's
    /// certificate: where it holds, the player's strategy (format version
    /// 3), where it fails, the other's holding the player off (format
    /// version 14); not for set moves.
    #[arg(
        long,
        value_name = "PLIES",
        requires = "player",
        conflicts_with_all = ["census", "winner_only", "dfpn", "json_lines", "by_tests"]
    )]
    pub within_plies: Option<u32>,
    /// With --within-plies: the player the test is about, red (who moves
    /// first) or blue.
    #[arg(long, value_name = "COLOUR", value_parser = ["red", "blue"], requires = "within_plies")]
    pub player: Option<String>,
    /// With --winner-only or --budget: answer by depth-first proof-number
    /// search (df-pn, one thread), whose table evicts entries to stay under
    /// --max-memory instead of stopping there; the same verdict, reached
    /// with less memory on large games.
    #[arg(long, conflicts_with = "census")]
    pub dfpn: bool,
    /// A census of boards: `--board @-` (or `@FILE`) is a stream of graph6
    /// lines, as nauty's geng writes them; print one JSON object per board,
    /// per line, in input order (progress on stderr).
    #[arg(long, conflicts_with_all = ["cert", "json"])]
    pub json_lines: bool,
    /// Pictures of the optimal line (`--svg`, `--dot`, `--html`: a page to
    /// step through it turn by turn, with the value after each turn).
    #[command(flatten)]
    pub picture: super::picture::PictureArgs,
    /// With --json-lines: skip the first N boards of the stream (to resume
    /// a census whose output already has N lines).
    #[arg(long, value_name = "N", requires = "json_lines")]
    pub skip: Option<u64>,
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
/// budget, whether the first player wins within it; with `--json-lines`,
/// the same for every board of the stream (`super::stream`).
pub fn run(
    args: &GameArgs,
    rules: &str,
    board: &str,
    budget: Option<u32>,
    limits: Limits,
    json: bool,
) -> Result<(), Failure> {
    if !args.json_lines {
        return one_board(args, rules, board, budget, limits, json, |answer| match json {
            true => output::println(answer.to_json()),
            false => output::print(&answer.to_text()),
        });
    }
    super::stream::each_graph(Some(board), "--board", args.skip.unwrap_or(0), |graph6| {
        let mut json = serde_json::Value::Null;
        one_board(args, rules, graph6, budget, limits, false, |answer| {
            json = answer.to_json();
            Ok(())
        })?;
        Ok(json)
    })
}

/// The stated game on `board`, its answer given to `emit` (exit code 3 if
/// its search stopped, with how far it got: [`stopped_after`], printed as
/// JSON if `json`), and the certificate asked for.
fn one_board(
    args: &GameArgs,
    rules: &str,
    board: &str,
    budget: Option<u32>,
    limits: Limits,
    json: bool,
    mut emit: impl FnMut(&GameAnswer) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let game = args
        .statement
        .statement()
        .game_named(rules, board, budget)
        .map_err(|e| Failure::BadInput(e.to_string()))?;
    let mut emit = |answer: Result<GameAnswer, Stopped>| emit(&answer.map_err(|e| Failure::NoVerdict(e.to_string()))?);
    if let Some(budget) = budget {
        let tests = args.by_tests || args.within_plies.is_some();
        if args.census || args.cert.is_some() || args.winner_only || tests || args.picture.wanted() {
            return Err(Failure::BadInput(
                "--census, --cert, --winner-only, --by-tests, --within-plies and pictures do not take --budget".into(),
            ));
        }
        let search = match args.dfpn {
            true => WinSearch::ProofNumber,
            false => WinSearch::Exact,
        };
        return emit(GameAnswer::within_budget(
            &game,
            budget,
            names_aleph0(board),
            search,
            limits,
        ));
    }
    if args.dfpn && !args.winner_only {
        return Err(Failure::BadInput("--dfpn answers --winner-only or --budget".into()));
    }
    args.cert
        .iter()
        .chain(&args.cert_lower)
        .try_for_each(|path| output::check_writable(path))?;
    args.picture.check_writable()?;
    if args.picture.wanted() && (args.census || args.winner_only || args.json_lines) {
        return Err(Failure::BadInput(
            "pictures show the optimal line: --svg, --dot and --html do not take --census, --winner-only or --json-lines"
                .into(),
        ));
    }
    if args.census {
        return emit(GameAnswer::census(&game, limits));
    }
    if let (Some(plies), Some(colour)) = (args.within_plies, &args.player) {
        if args.picture.wanted() {
            return Err(Failure::BadInput("--within-plies draws no pictures".into()));
        }
        let player = if colour == "red" { Player::First } else { Player::Second };
        single_edge_moves(&game, args.cert.is_some(), "--within-plies --cert")?;
        let answer = GameAnswer::wins_within(&game, player, plies, limits, args.cert.is_some());
        let certificate = match &answer {
            Ok(GameAnswer {
                answer: Answer::Within { certificate, .. },
                ..
            }) => certificate.clone(),
            _ => None,
        };
        emit(answer)?;
        return write_if_asked(args.cert.as_deref(), certificate.as_ref());
    }
    if args.by_tests {
        if args.picture.wanted() {
            return Err(Failure::BadInput(
                "--by-tests does not draw pictures: solve without it".into(),
            ));
        }
        return by_tests(args, &game, limits, emit);
    }
    if args.dfpn {
        let (answer, search) = match GameAnswer::winner_dfpn(&game, limits) {
            Ok((answer, search)) => (Ok(answer), search),
            Err(stopped) => (Err(stopped), None),
        };
        emit(answer)?;
        return match (&args.cert, search) {
            (None, _) => Ok(()),
            (Some(path), Some((winner, search))) => {
                let cert = winner_certificate(&game, winner, &search).map_err(no_verdict)?;
                super::erdos::write_certificate(&cert, path)
            }
            (Some(_), None) => Err(draw_has_no_winner_only_certificate()),
        };
    }
    if args.winner_only {
        let decider = winner_decider(&game, limits);
        // The certificate's walk reads the recorded moves (same search).
        let decider = if args.cert.is_some() {
            decider.recording()
        } else {
            decider
        };
        let answer = GameAnswer::winner_only(&decider, &game, limits);
        let reached = || Reached::of(decider.positions(), decider.table_bytes());
        emit(Ok(answer.map_err(|stopped| stopped_after(stopped, reached(), json))?))?;
        return match &args.cert {
            Some(path) => write_winner_only_certificate(&decider, &game, path),
            None => Ok(()),
        };
    }
    let solver = Solver::new(&game).with_limits(limits);
    let reached = || Reached::of(solver.positions(), solver.table_bytes());
    let answer = GameAnswer::value(&solver, limits).map_err(|stopped| stopped_after(stopped, reached(), json))?;
    if let Answer::Value(report) = &answer.answer {
        let figure = line_figure(&game, &report.line, optimal_note(&solver));
        args.picture.write(&figure.numbered_from(args.picture.number_from))?;
    }
    emit(Ok(answer))?;
    match &args.cert {
        Some(path) => write_certificate(&solver, path),
        None => Ok(()),
    }
}

/// `--by-tests`: the exact value by tests, and with `--cert` its
/// certificate (single-edge moves only: the plies played are read off the
/// edges coloured).
fn by_tests(
    args: &GameArgs,
    game: &RamseyGame,
    limits: Limits,
    mut emit: impl FnMut(Result<GameAnswer, Stopped>) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let lower = args.cert_lower.is_some();
    single_edge_moves(game, args.cert.is_some() || lower, "--by-tests --cert or --cert-lower")?;
    let answer = GameAnswer::by_tests(game, limits, args.cert.is_some(), lower);
    let (certificate, lower) = match &answer {
        Ok(GameAnswer {
            answer: Answer::ByTests(found),
            ..
        }) => (found.certificate.clone(), found.lower.clone()),
        _ => (None, None),
    };
    emit(answer)?;
    if lower.is_none() && args.cert_lower.is_some() {
        return Err(Failure::NoVerdict(
            "a draw has no length to certify: --cert-lower needs a game someone wins".into(),
        ));
    }
    write_if_asked(args.cert.as_deref(), certificate.as_ref())?;
    write_if_asked(args.cert_lower.as_deref(), lower.as_ref().map(|(_, cert)| cert))
}

/// Refuses a certificate (`what`, if `wanted`) of tests on the length for
/// set-move rules: the plies played are read off the edges coloured.
fn single_edge_moves(game: &RamseyGame, wanted: bool, what: &str) -> Result<(), Failure> {
    match wanted && game.rules().sets() {
        true => Err(Failure::BadInput(format!(
            "{what} needs single-edge moves ({} colours sets of edges): solve without tests on the length",
            game.rules().name()
        ))),
        false => Ok(()),
    }
}

/// Writes `certificate` to `path` where both are there.
fn write_if_asked(path: Option<&std::path::Path>, certificate: Option<&Certificate>) -> Result<(), Failure> {
    match (path, certificate) {
        (Some(path), Some(cert)) => super::erdos::write_certificate(cert, path),
        _ => Ok(()),
    }
}

/// `--winner-only --cert`: the winner's strategy (a draw has none here).
fn write_winner_only_certificate(
    decider: &crate::engine::Decider<RamseyGame>,
    game: &RamseyGame,
    path: &std::path::Path,
) -> Result<(), Failure> {
    let cert = winner_only_certificate(decider, game).map_err(no_verdict)?;
    let cert = cert.ok_or_else(draw_has_no_winner_only_certificate)?;
    super::erdos::write_certificate(&cert, path)
}

/// How far a search got before a limit stopped it.
struct Reached {
    /// Positions stored, up to isomorphism.
    positions: u64,
    /// Approximate bytes of the table.
    table_bytes: u64,
}

impl Reached {
    fn of(positions: u64, table_bytes: u64) -> Reached {
        Reached { positions, table_bytes }
    }
}

/// A search stopped by a limit, with how far it got (so that a capped
/// run still tells how large the search is): the one-line message of exit
/// code 3, and with `json` an object on standard output
/// (`docs/book/src/cli-reference.md`, "stopped at a limit").
fn stopped_after(stopped: Stopped, reached: Reached, json: bool) -> Failure {
    let Reached { positions, table_bytes } = reached;
    if json {
        let object = serde_json::json!({
            "no_verdict": stopped.reason.to_string(),
            "positions": positions,
            "table_bytes": table_bytes,
        });
        if let Err(failure) = output::println(object) {
            return failure;
        }
    }
    Failure::NoVerdict(format!("{stopped}, after {positions} positions stored"))
}

/// A search stopped by a limit, as the command line reports it.
fn no_verdict(stopped: Stopped) -> Failure {
    Failure::NoVerdict(stopped.to_string())
}

/// Why `--winner-only --cert` writes nothing on a draw.
fn draw_has_no_winner_only_certificate() -> Failure {
    Failure::NoVerdict("a draw: its certificate needs both strategies, solve without --winner-only".into())
}

/// Writes the winner's strategy to `path`, or on a draw both players'
/// non-losing strategies.
fn write_certificate(solver: &Solver<RamseyGame>, path: &std::path::Path) -> Result<(), Failure> {
    let cert = crate::verify::cert::game::solved_game_certificate(solver)
        .map_err(|cap| Failure::NoVerdict(cap.to_string()))?;
    super::erdos::write_certificate(&cert, path)
}
