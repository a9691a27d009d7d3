//! `ramsey_verify._native`: the Python package's compiled half. Each
//! function is one command of the command line, asked through the library
//! (the same items `src/cli/` calls), and returns the object that command's
//! `--json` prints, as JSON text (the Python half, `ramsey_verify/__init__.py`,
//! parses it and adds what a Python user wants on top: networkx graphs in,
//! edge lists out). Errors are the command line's one-line messages:
//! [`BadInput`] (a `ValueError`: exit code 2 on the command line) and
//! [`NoVerdict`] (a `RuntimeError`: exit code 3).
//!
//! Every search runs on its own thread with the interpreter released, so
//! other Python threads go on; the calling thread wakes ten times a second
//! to look for signals, and on Ctrl-C raises the run's interrupt flag
//! ([`Limits::with_interrupt`]), waits for the search to stop (it does at
//! its next table store) and raises `KeyboardInterrupt`.

use pyo3::create_exception;
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use ramsey_verify::analysis::colouring::request::{ColourError, ColourRequest};
use ramsey_verify::analysis::erdos::{parse_games, solve as solve_scoring, solve_certified, BoardReport};
use ramsey_verify::analysis::ramsey_game::GameAnswer;
use ramsey_verify::analysis::ramsey_game::{names_aleph0, Statement, WinSearch};
use ramsey_verify::core::board::Board;
use ramsey_verify::engine::limits::parse_max_memory;
use ramsey_verify::engine::{Limits, Solver, Stopped};
use ramsey_verify::verify::cert::colouring::Ends;
use ramsey_verify::verify::cert::game::solved_game_certificate;
use ramsey_verify::verify::cert::Certificate;
use ramsey_verify::verify::{parse_bound, verify as verify_strategy, Request, VerifyError};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

create_exception!(
    _native,
    BadInput,
    PyValueError,
    "Bad input: the command line's exit code 2."
);
create_exception!(
    _native,
    NoVerdict,
    PyRuntimeError,
    "A search stopped by a limit (the memory cap), or a strategy's bug: no verdict (exit code 3)."
);

/// What a call can end in besides its JSON.
enum Failure {
    BadInput(String),
    NoVerdict(String),
    /// A file could not be written (an `OSError`; exit code 2 on the
    /// command line).
    Output(String),
}

impl From<Stopped> for Failure {
    fn from(e: Stopped) -> Failure {
        Failure::NoVerdict(e.to_string())
    }
}

fn bad(e: impl std::fmt::Display) -> Failure {
    Failure::BadInput(e.to_string())
}

type Answer = Result<serde_json::Value, Failure>;

/// Writes `cert` to `path` when one was asked for (`cert=` in Python, as
/// `--cert FILE`; gzipped if the name ends in `.gz`).
fn write(cert: Option<&Certificate>, path: &Option<PathBuf>) -> Result<(), Failure> {
    match (cert, path) {
        (Some(cert), Some(path)) => cert.write(path).map(|_| ()).map_err(|e| Failure::Output(e.to_string())),
        _ => Ok(()),
    }
}

/// Runs `work` under the limits `threads` and `max_memory` (MiB) on its own
/// thread, with the interpreter released and Ctrl-C honoured (module docs).
fn run(
    py: Python<'_>,
    threads: Option<usize>,
    max_memory: Option<u64>,
    work: impl FnOnce(Limits) -> Answer + Send + 'static,
) -> PyResult<String> {
    // One flag per call (a byte, kept for the program's life: the search
    // may outlive this frame by a moment after an interrupt).
    let flag: &'static AtomicBool = Box::leak(Box::new(AtomicBool::new(false)));
    let mut limits = Limits::default().with_interrupt(flag);
    if let Some(threads) = threads {
        limits = limits.with_threads(threads);
    }
    if let Some(mib) = max_memory {
        let bytes = parse_max_memory(&mib.to_string()).map_err(|e| BadInput::new_err(e.to_string()))?;
        limits = limits.with_max_memory(bytes);
    }
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let answer = limits.install(|| work(limits)).unwrap_or_else(|e| Err(bad(e)));
        let _ = send.send(answer);
    });
    let mut receive = receive;
    loop {
        // A receiver may move between threads but not be shared: it goes
        // into the released section and comes back.
        let (got, back) = py.detach(move || (receive.recv_timeout(Duration::from_millis(100)), receive));
        receive = back;
        match got {
            Ok(answer) => return answer.map(|json| json.to_string()).map_err(to_python),
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(NoVerdict::new_err("the search ended without an answer"))
            }
        }
        if let Err(interrupt) = py.check_signals() {
            flag.store(true, Ordering::Relaxed);
            let _ = py.detach(move || receive.recv());
            return Err(interrupt);
        }
    }
}

fn to_python(failure: Failure) -> PyErr {
    match failure {
        Failure::BadInput(why) => BadInput::new_err(why),
        Failure::NoVerdict(why) => NoVerdict::new_err(why),
        Failure::Output(why) => PyOSError::new_err(why),
    }
}

/// `solve --rules RULES --board BOARD --target ... [--budget B] [--census] --json`.
#[pyfunction]
#[pyo3(signature = (rules, board, target=None, *, target_red=None, target_blue=None, start=None, first=None, budget=None, census=false, cert=None, threads=None, max_memory=None))]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    rules: String,
    board: String,
    target: Option<String>,
    target_red: Option<String>,
    target_blue: Option<String>,
    start: Option<String>,
    first: Option<String>,
    budget: Option<u32>,
    census: bool,
    cert: Option<PathBuf>,
    threads: Option<usize>,
    max_memory: Option<u64>,
) -> PyResult<String> {
    let statement = Statement {
        target,
        target_red,
        target_blue,
        start,
        first,
    };
    run(py, threads, max_memory, move |limits| {
        let game = statement.game_named(&rules, &board, budget).map_err(bad)?;
        let solver = Solver::new(&game).with_limits(limits);
        if cert.is_some() && (budget.is_some() || census) {
            return Err(bad("cert is written by the exact solve: not with budget or census"));
        }
        let answer = match (budget, census) {
            (Some(_), true) => return Err(bad("census does not take a budget")),
            (Some(budget), false) => GameAnswer::within_budget(&game, budget, names_aleph0(&board), WinSearch::Exact, limits)?,
            (None, true) => GameAnswer::census(&game, limits)?,
            (None, false) => GameAnswer::value(&solver, limits)?,
        };
        if cert.is_some() {
            write(Some(&solved_game_certificate(&solver)?), &cert)?;
        }
        Ok(answer.to_json())
    })
}

/// `verify --strategy STRATEGY --board BOARD --bound BOUND [--rules R] --json`.
#[pyfunction]
#[pyo3(signature = (strategy, board="inf".to_string(), bound=50, *, rules=None, threads=None, max_memory=None))]
fn verify(
    py: Python<'_>,
    strategy: String,
    board: String,
    bound: u32,
    rules: Option<String>,
    threads: Option<usize>,
    max_memory: Option<u64>,
) -> PyResult<String> {
    run(py, threads, max_memory, move |limits| {
        let strategy = ramsey_verify::strategies::builtin().get(&strategy).map_err(bad)?;
        let board: Board = board.parse().map_err(bad)?;
        let bound = parse_bound(&bound.to_string()).map_err(bad)?;
        let request = Request {
            rules: rules.as_deref().map(str::parse).transpose().map_err(bad)?,
            limits,
            ..Request::new(board, bound, limits.threads())
        };
        let report = verify_strategy(strategy.as_ref(), &request).map_err(|e| match e {
            e @ (VerifyError::Stopped { .. } | VerifyError::Contract(_)) => Failure::NoVerdict(e.to_string()),
            VerifyError::Setup(why) => Failure::BadInput(why),
            e => bad(e),
        })?;
        Ok(report.to_json())
    })
}

/// `erdos --game GAME --board BOARD [--head-start E] [--bob-first] [--winner-only] --json`.
#[pyfunction]
#[pyo3(signature = (board, game="all".to_string(), *, head_start=None, bob_first=false, winner_only=false, cert=None, threads=None, max_memory=None))]
#[allow(clippy::too_many_arguments)]
fn erdos(
    py: Python<'_>,
    board: String,
    game: String,
    head_start: Option<String>,
    bob_first: bool,
    winner_only: bool,
    cert: Option<PathBuf>,
    threads: Option<usize>,
    max_memory: Option<u64>,
) -> PyResult<String> {
    run(py, threads, max_memory, move |limits| {
        let games = parse_games(&game).map_err(bad)?;
        if cert.is_some() && games.len() != 1 {
            return Err(bad("cert writes one game's certificate: name one game"));
        }
        let solve = if cert.is_some() { solve_certified } else { solve_scoring };
        let mut report = BoardReport::parse(&board, head_start.as_deref(), bob_first).map_err(bad)?;
        for scoring in games {
            let game = report.game(scoring).map_err(bad)?;
            let solved = solve(&game, limits, winner_only)?;
            write(solved.certificate.as_ref(), &cert)?;
            report.games.push(solved);
        }
        Ok(report.to_json())
    })
}

/// `colour --graph GRAPH [--game G --colours K | --game-chromatic] --json`.
#[pyfunction]
#[pyo3(signature = (graph, game=None, colours=None, *, game_chromatic=false, order=None, owner=None, linear_only=false, cert=None, threads=None, max_memory=None))]
#[allow(clippy::too_many_arguments)]
fn colour(
    py: Python<'_>,
    graph: String,
    game: Option<String>,
    colours: Option<usize>,
    game_chromatic: bool,
    order: Option<String>,
    owner: Option<String>,
    linear_only: bool,
    cert: Option<PathBuf>,
    threads: Option<usize>,
    max_memory: Option<u64>,
) -> PyResult<String> {
    run(py, threads, max_memory, move |limits| {
        let request = ColourRequest {
            game: game.as_deref().map(str::parse).transpose().map_err(bad)?,
            graph: Some(graph),
            colours,
            order,
            owner,
            linear_only,
            game_chromatic,
            picture: false,
            certificate: cert.as_ref().map(|_| Ends::Safe),
            parts: None,
        };
        let answer = request.answer(limits).map_err(|e| match e {
            ColourError::Stopped(stopped) => stopped.into(),
            e => bad(e),
        })?;
        if let (Some(written), Some(path)) = (ColourRequest::certificate_of(&answer), &cert) {
            written.write(path).map_err(|e| Failure::Output(e.to_string()))?;
        }
        Ok(answer.to_json())
    })
}

/// `check FILE --json`: the independent checker's verdict (accepted or
/// rejected, as `valid`); an unreadable file is [`BadInput`].
#[pyfunction]
#[pyo3(signature = (path, *, threads=None))]
fn check(py: Python<'_>, path: std::path::PathBuf, threads: Option<usize>) -> PyResult<String> {
    run(py, threads, None, move |limits| {
        let verdict = ramsey_cert_check::check_file(&path, limits.threads());
        match &verdict {
            Err(rejection) if rejection.exit_code() != 1 => Err(bad(&rejection.message)),
            _ => Ok(ramsey_cert_check::verdict_json(&verdict)),
        }
    })
}

/// The compiled half of the `ramsey_verify` package.
#[pymodule]
mod _native {
    #[pymodule_export]
    use super::{check, colour, erdos, solve, verify, BadInput, NoVerdict};
}
