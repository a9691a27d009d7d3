//! Erdős' scoring games (Clique, Star, vertex-capturing, Colex) solved
//! exactly on a board with an optimal line, or only who wins, and the rows
//! of Cambie and Provoost's Table 1 on the Colex graphs (the `erdos`
//! command is this module plus parsing flags and printing, so a program can
//! ask the same questions).

use crate::analysis::who_wins::{who_wins, WhoWins};
use crate::core::board::{Board, Position};
use crate::core::board::{Edge, Player};
use crate::core::graph6::{self, Graph6Error};
use crate::engine::bounded::BoundedSolver;
use crate::engine::{Counters, Limits, Stopped};
use crate::games::colex::colex_graph;
use crate::games::prelude::*;
use crate::games::scoring::{Points, Scoring, ScoringError, ScoringGame, MAX_BOARD_VERTICES, PROBES};
use crate::verify::cert::scoring::{scoring_strategies, Claims, ScoringStrategies};
use crate::verify::cert::Certificate;
use std::time::Instant;

mod report;
mod side_by_side;
mod table;

pub use report::BoardReport;
pub use side_by_side::{games_at_once, solve_each};
pub use table::{
    parse_table_range, table_folder, table_heading, table_row, TableRangeError, TableRow, TABLE_GAMES, TABLE_MAX_COLEX,
};

/// The largest Colex graph `C(m)` a board may name (`colex:m`): larger ones
/// are far beyond the solver anyway.
pub const MAX_COLEX: usize = 200;

/// Why a board or head start given as text is unusable, with the message
/// the command line shows.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// `colex:m` with m above [`MAX_COLEX`].
    #[error("board `{0}` is too large")]
    TooLarge(String),
    /// `colex:m` where m is not a number.
    #[error("`colex:m` needs a number m, not `{0}`")]
    ColexNumber(String),
    /// `K_n` with more vertices than a scoring game allows.
    #[error(transparent)]
    Scoring(#[from] ScoringError),
    /// The board is neither a number nor `colex:m` nor graph6.
    #[error("board: {0}")]
    Graph6(Graph6Error),
    /// The head start is not valid graph6.
    #[error("head start: {0}")]
    HeadStartGraph6(Graph6Error),
    /// A pair of the head start's list is not an edge `u-v`.
    #[error("head start: `{0}` is not an edge u-v")]
    NotAnEdge(String),
}

/// Why a game has no answer: it cannot be set up, or a search stopped at a
/// limit (the command line's exit codes 2 and 3).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ErdosError {
    /// The game cannot be set up on the board (e.g. too many vertices).
    #[error(transparent)]
    Scoring(#[from] ScoringError),
    /// The search reached a limit (memory cap).
    #[error(transparent)]
    Stopped(#[from] Stopped),
}

/// A game name that is none of the scoring games, as given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game `{0}`: use clique, star, vc, colex or all")]
pub struct UnknownGame(pub String);

/// The games named by `clique`, `star`, `vc`, `colex`, a comma-separated
/// list of them, or `all` (every game, in [`Scoring::ALL`]'s order): read
/// before any board so a typo fails at once.
pub fn parse_games(text: &str) -> Result<Vec<Scoring>, UnknownGame> {
    if text == "all" {
        return Ok(Scoring::ALL.to_vec());
    }
    text.split(',')
        .map(|one| Scoring::from_name(one.trim()).ok_or_else(|| UnknownGame(one.to_string())))
        .collect()
}

/// `n` for `K_n`, `colex:m` for `C(m)`, or a graph6 string.
pub fn parse_board(text: &str) -> Result<Position, BoardError> {
    if let Some(m) = text.strip_prefix("colex:") {
        let m: usize = m.parse().map_err(|_| BoardError::ColexNumber(m.to_string()))?;
        if m > MAX_COLEX {
            return Err(BoardError::TooLarge(text.to_string()));
        }
        let (n, edges) = colex_graph(m);
        return Ok(Position::on_graph(n, edges));
    }
    if let Ok(n) = text.parse::<usize>() {
        if n > MAX_BOARD_VERTICES {
            return Err(ScoringError::TooLarge(n).into());
        }
        return Ok(Position::empty(Board::complete_graph(n)));
    }
    let (n, edges) = graph6::decode(text).map_err(BoardError::Graph6)?;
    Ok(Position::on_graph(n, edges))
}

/// A head start as a list of edges `0-1,1-2` or a graph6 string.
pub fn parse_head_start(text: &str) -> Result<Vec<Edge>, BoardError> {
    if !text.contains('-') {
        return graph6::decode(text)
            .map(|(_, edges)| edges)
            .map_err(BoardError::HeadStartGraph6);
    }
    text.split(',')
        .map(|pair| {
            let (u, v) = pair.trim().split_once('-').unwrap_or((pair, ""));
            let (u, v) = (u.trim().parse::<usize>(), v.trim().parse::<usize>());
            match (u, v) {
                (Ok(u), Ok(v)) => Edge::checked(u, v),
                _ => None,
            }
            .ok_or_else(|| BoardError::NotAnEdge(pair.to_string()))
        })
        .collect()
}

/// `K7`, `C(19)`, or the graph6 string as given: the board's name in
/// reports.
pub fn board_name(text: &str) -> String {
    match text.strip_prefix("colex:") {
        Some(m) => format!("C({m})"),
        None if text.parse::<usize>().is_ok() => format!("K{text}"),
        None => text.to_string(),
    }
}

/// What was found about one game: the exact outcome, or only who wins.
#[derive(Clone, Debug)]
pub enum Found {
    /// The exact outcome, with an optimal line.
    Exact {
        /// The outcome `(a, b)` of optimal play.
        outcome: Points,
        /// An optimal line from the start.
        line: Vec<Edge>,
    },
    /// Who wins, with the bounds the tests proved.
    Winner(WhoWins),
}

/// One game solved, with the search's counts and time for the reports.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The certificate of what was found, when asked for
    /// ([`solve_certified`]): both sides of the exact outcome, or the
    /// bounds who wins proved (format version 6; 13 for Star and VC).
    pub certificate: Option<Certificate>,
    /// Which scoring game.
    pub scoring: Scoring,
    /// What was found.
    pub found: Found,
    /// Positions stored at each ply from the start.
    pub per_move: Vec<u64>,
    /// Positions stored in all.
    pub positions: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// Solves `game` exactly with an optimal line, or with `winner_only` only
/// who wins ([`who_wins`], often much cheaper); the progress line of
/// `limits` shows the search's counters.
pub fn solve(game: &ScoringGame, limits: Limits, winner_only: bool) -> Result<Solved, Stopped> {
    solve_with(game, limits, winner_only, false)
}

/// [`solve`], and a certificate of what was found (format version 6, or
/// 13 on degree forms for the Star and VC games,
/// [`scoring_strategies`]), read off the same search's table; its time
/// is counted in the `seconds` of the result. The table is dropped before
/// the certificate's text is made; the walk, its entries and the table
/// together, and then the entries and the text, stay within `limits`'
/// memory cap (else [`Stopped`], a certificate cap).
pub fn solve_certified(game: &ScoringGame, limits: Limits, winner_only: bool) -> Result<Solved, Stopped> {
    solve_with(game, limits, winner_only, true)
}

fn solve_with(game: &ScoringGame, limits: Limits, winner_only: bool, certify: bool) -> Result<Solved, Stopped> {
    let started = Instant::now();
    let solver = BoundedSolver::new(game).with_limits(limits);
    let start = game.start();
    let counters = || {
        let counts = solver.counts();
        Counters {
            visited: counts.visited,
            table_bytes: counts.table_bytes,
            ..Counters::default()
        }
    };
    let found = limits.watch(counters, || match winner_only {
        true => who_wins(game, &solver).map(Found::Winner),
        false => solver.value(&start, &PROBES).and_then(|outcome| {
            let line = solver.optimal_line(&start, outcome)?;
            Ok(Found::Exact { outcome, line })
        }),
    })?;
    let per_move = solver.positions_per_ply();
    let positions = solver.counts().positions;
    let strategies = match certify {
        true => {
            let (at_least, at_most) = found.bounds();
            let claims = Claims { at_least, at_most };
            Some(limits.watch(counters, || scoring_strategies(&solver, &start, claims))?)
        }
        false => None,
    };
    // The table is not needed for the text: dropped first, so the text
    // (a line per entry) and the table are never held together.
    drop(solver);
    let certificate = strategies.map(|s| sealed(&s, game, limits)).transpose()?;
    let seconds = started.elapsed().as_secs_f64();
    Ok(Solved {
        certificate,
        scoring: game.scoring(),
        found,
        per_move,
        positions,
        seconds,
    })
}

/// The certificate of `strategies`, if its text (with the packed
/// entries it is made from) fits under `limits`' memory cap.
fn sealed(strategies: &ScoringStrategies, game: &ScoringGame, limits: Limits) -> Result<Certificate, Stopped> {
    match strategies.bytes() + strategies.text_bytes() > limits.max_memory() {
        true => Err(Stopped::certificate_cap(limits.max_memory())),
        false => Ok(strategies.seal(game)),
    }
}

impl Found {
    /// The bounds proven on the outcome (both the outcome if exact).
    pub fn bounds(&self) -> (Option<Points>, Option<Points>) {
        match self {
            Found::Exact { outcome, .. } => (Some(*outcome), Some(*outcome)),
            Found::Winner(w) => (w.at_least, w.at_most),
        }
    }

    /// Who wins, in words (a draw counts for Bob in the Clique and Star
    /// games; `a - b <= 0` where only that much is proven).
    pub fn winner_text(&self, scoring: Scoring) -> &'static str {
        let (at_least, at_most) = self.bounds();
        let winner = match self {
            Found::Exact { outcome, .. } => outcome.winner(scoring),
            Found::Winner(w) => w.winner,
        };
        let difference = |p: Option<Points>| p.map(Points::difference);
        match (winner, difference(at_least), difference(at_most)) {
            (Some(Player::First), _, _) => "Alice wins",
            (Some(Player::Second), Some(0), Some(0)) => "Bob wins (a draw counts for Bob)",
            (Some(Player::Second), _, Some(0)) => "Bob wins (a - b <= 0; a draw counts for Bob)",
            (Some(Player::Second), _, _) => "Bob wins",
            (None, _, _) => "draw",
        }
    }
}
