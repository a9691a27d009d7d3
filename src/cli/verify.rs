//! `ramsey-verify verify`.

use super::args::{on_pool, parse_positions, SearchArgs};
use super::picture::PictureArgs;
use super::{output, Failure};
use crate::core::board::Player;
use crate::core::words::count;
use crate::engine::Limits;
use crate::games::ramsey::Rules;
use crate::render::Figure;
use crate::verify::cert::lists::ListRecorder;
use crate::verify::cert::refute::{line_tree, tree_certificate, Refutes};
use crate::verify::cert::{Certificate, Recorder};
use crate::verify::patch::{resolution_table, PatchFile, TableHeader};
use crate::verify::search::{Choices, Observer};
use crate::verify::strategy::Game;
use crate::verify::{game_of, shorten, verify_observed, Report, Request, Verdict, VerifyError};
use clap::Args;
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct VerifyArgs {
    #[command(flatten)]
    pub search: SearchArgs,
    /// On a refutation, report a counterexample with the fewest of his moves
    /// (and whether it is provably shortest) instead of the first one found.
    #[arg(long)]
    pub shortest: bool,
    /// Most positions the `--shortest` search may examine before it gives up.
    #[arg(long, default_value_t = 2_000_000, value_parser = parse_positions)]
    pub max_positions: u64,
    /// Pictures of the reported line (counterexample or longest line).
    #[command(flatten)]
    pub picture: PictureArgs,
    /// Write a proof certificate to FILE (gzipped if FILE ends in .gz):
    /// of a win (under `--choices all`: every option listed wins), or of a
    /// refutation (the line; under `--choices some`: his tree against every
    /// option); check it with `ramsey-verify check FILE`.
    #[arg(long, value_name = "FILE")]
    pub cert: Option<PathBuf>,
    /// Rules to verify the strategy under, for its own target: achieve (the
    /// strong game, default), achieve-second, or maker (his K_k does not
    /// count). Certificates are written for achieve and achieve-second.
    #[arg(long)]
    pub rules: Option<String>,
    /// How her open choices (moves the strategy as written leaves open)
    /// are resolved: one (the strategy's own move, default), all (every
    /// resolution must win; a refutation names the choices made) or some
    /// (some resolution must win; the choices it makes are counted).
    #[arg(long, default_value = "one")]
    pub choices: String,
    /// With `--choices some`, on a verified run: write the winning
    /// resolution (her option at every situation with several) as a patch
    /// table to FILE; `verify --patches FILE` replays it.
    #[arg(long, value_name = "FILE")]
    pub resolution_out: Option<PathBuf>,
    /// Check the strategy contract (a function of the canonical situation;
    /// `play` among `choices`; completes when it declares so) in every
    /// situation instead of one in 64. A broken contract is no verdict
    /// (exit code 3) with the situation named.
    #[arg(long)]
    pub check_contract: bool,
}

pub fn run(args: VerifyArgs, registry: &crate::verify::registry::Registry) -> Result<(), Failure> {
    let limits = args.search.limits.limits(!args.search.json);
    on_pool(&limits, || run_on_pool(args, registry, limits))
}

fn run_on_pool(args: VerifyArgs, registry: &crate::verify::registry::Registry, limits: Limits) -> Result<(), Failure> {
    let strategy = args.search.strategy(registry)?;
    let rules = args.rules.as_deref().map(str::parse::<Rules>).transpose()?;
    let choices = Choices::parse(&args.choices)?;
    if args.resolution_out.is_some() && choices != Choices::Some {
        return Err(Failure::BadInput("--resolution-out needs --choices some".into()));
    }
    args.picture.check_writable()?;
    args.cert
        .iter()
        .chain(&args.resolution_out)
        .try_for_each(|path| output::check_writable(path))?;
    let request = Request {
        rules,
        board: args.search.board,
        bound: args.search.bound,
        limits,
        shortcuts: !args.search.no_shortcuts,
        choices,
        check_contract: args.check_contract,
        tree: args.cert.is_some(),
    };
    let game = game_of(strategy.as_ref(), &request)?;
    if args.cert.is_some() && !game.second_builds() {
        return Err(Failure::BadInput(format!(
            "certificates (format version 2) state the strong game; no certificate for rules {}",
            game.rules
        )));
    }
    let recorder = args.cert.as_ref().map(|_| match choices {
        Choices::All => CertRecorder::Lists(ListRecorder::new()),
        _ => CertRecorder::Moves(Recorder::new()),
    });
    let observer = recorder.as_ref().map(CertRecorder::observer);
    let mut report = verify_observed(strategy.as_ref(), &request, observer).map_err(failure)?;
    if args.shortest {
        shorten(&mut report, strategy.as_ref(), &request, args.max_positions).map_err(failure)?;
    }
    if args.picture.wanted() {
        let title = format!(
            "{} on {}: {}",
            report.strategy,
            report.board.name(),
            match report.verdict {
                Verdict::Verified => "a longest line".to_string(),
                Verdict::Refuted => format!("counterexample, {} of his moves", report.line.count(Player::Second)),
            }
        );
        args.picture
            .write(&Figure::from_line(&report.line, game, &title, args.picture.number_from))?;
    }
    if args.search.json {
        output::println(report.to_json())?;
    } else {
        output::print(&report.to_text(game))?;
    }
    if let Some(path) = &args.resolution_out {
        write_resolution(path, strategy.as_ref(), &report)?;
    }
    match (&args.cert, recorder) {
        (Some(path), Some(recorder)) => write_certificate(path, recorder, &report, game),
        _ => Ok(()),
    }
}

/// The exit a run without a report ends in: bad input (exit code 2) or no
/// verdict (exit code 3).
fn failure(e: VerifyError) -> Failure {
    match e {
        VerifyError::Setup(msg) => Failure::BadInput(msg),
        bad @ (VerifyError::Limits(_) | VerifyError::GraphBoard(_)) => Failure::BadInput(bad.to_string()),
        stopped @ (VerifyError::Stopped { .. } | VerifyError::Contract(_)) => Failure::NoVerdict(stopped.to_string()),
    }
}

/// Writes the winning resolution of a `--choices some` run as a patch table.
fn write_resolution(
    path: &Path,
    strategy: &dyn crate::verify::strategy::Strategy,
    report: &Report,
) -> Result<(), Failure> {
    let fail = |why: String| Failure::BadInput(format!("no resolution written to {}: {why}", path.display()));
    if report.verdict != Verdict::Verified {
        return Err(fail("no resolution of the open choices wins".into()));
    }
    let table = resolution_table(strategy, &report.choices.resolution).map_err(|e| fail(e.to_string()))?;
    let comments = [
        format!(
            "the winning resolution of `verify --strategy {} --board {} --bound {} --choices some`",
            report.strategy, report.board, report.bound
        ),
        format!(
            "{} with several options; replay: verify --strategy {} --patches FILE",
            count(table.len(), "situation", "situations"),
            report.strategy
        ),
    ];
    let header = TableHeader::of(strategy, Some(report.board.clone()), Some(report.bound));
    let situations = table.len();
    std::fs::write(path, PatchFile { header, table }.to_text(&comments))
        .map_err(|e| Failure::Output(format!("cannot write {}: {e}", path.display())))?;
    output::note(format_args!(
        "resolution: {}, written to {}",
        count(situations, "situation", "situations"),
        path.display()
    ));
    Ok(())
}

/// What records her proven moves for `--cert`: one move per position, or
/// under `--choices all` every list of options.
enum CertRecorder {
    Moves(Recorder),
    Lists(ListRecorder),
}

impl CertRecorder {
    fn observer(&self) -> &dyn Observer {
        match self {
            CertRecorder::Moves(r) => r,
            CertRecorder::Lists(r) => r,
        }
    }
}

/// The certificate of the run: of her win (format version 2; version 4
/// listing every option under `--choices all`), or of the refutation
/// (version 4: his tree under `--choices some`, else the line).
fn certificate(recorder: &CertRecorder, report: &Report, game: Game) -> Result<Certificate, String> {
    let (board, bound) = (report.board.clone(), report.bound);
    match (report.verdict, recorder, &report.choices.tree) {
        (Verdict::Verified, CertRecorder::Moves(r), _) => Ok(r.certificate(game, board, bound, None)),
        (Verdict::Verified, CertRecorder::Lists(r), _) => Ok(r.certificate(game, board, bound)),
        (Verdict::Refuted, _, Some(tree)) => Ok(tree_certificate(
            game,
            board,
            bound,
            Refutes::EveryOption,
            tree.as_ref().map_err(|e| e.to_string())?,
        )),
        (Verdict::Refuted, _, None) => line_tree(&report.line)
            .map(|tree| tree_certificate(game, board, bound, Refutes::Line, &tree))
            .ok_or_else(|| "the line does not end in a refutation".to_string()),
    }
}

/// Writes the certificate of the run. The recorder (on K4 about a
/// million allocations, 0.15 s to free) is freed on another thread while
/// the text is compressed and written.
fn write_certificate(path: &Path, recorder: CertRecorder, report: &Report, game: Game) -> Result<(), Failure> {
    let certificate = certificate(&recorder, report, game)
        .map_err(|why| Failure::BadInput(format!("no certificate written to {}: {why}", path.display())))?;
    let written = std::thread::scope(|scope| {
        scope.spawn(move || drop(recorder));
        certificate.write(path)
    });
    let bytes = written.map_err(|e| Failure::Output(e.to_string()))?;
    output::note(format_args!(
        "certificate: {}, {}, written to {}",
        count(certificate.entries, "entry", "entries"),
        count(bytes, "byte", "bytes"),
        path.display()
    ));
    Ok(())
}
