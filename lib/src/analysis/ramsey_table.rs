//! The value and length of optimal play of Slany's graph Ramsey games on
//! `K_n` for every rule set and a list of targets, each row with its
//! positions and seconds (the `ramsey-table` command is this module plus
//! parsing and printing, so a program can build the same table).
//!
//! Every instance is a separate solve with its own memory cap: a row
//! either has a verdict, or says why not ("no verdict: memory cap",
//! "not attempted: ..."). No row is left out silently.

use crate::core::board::Player;
use crate::core::board::{Board, Position};
use crate::engine::bounded::BoundedSolver;
use crate::engine::limits::MIB;
use crate::engine::{Limits, Solver, Stopped};
use crate::games::pattern::Pattern;
use crate::games::prelude::*;
use crate::games::ramsey::{Outcome, RamseyGame, Rules, StatementError};
use crate::games::ranked::Ranked;
use crate::games::Value;
use crate::verify::cert::game::solved_game_certificate;
use crate::verify::cert::Certificate;
use serde::Serialize;
use std::time::Instant;

mod certificates;

/// Which instances a table solves: so a program states the same choices
/// the command line's flags make.
#[derive(Clone, Debug)]
pub struct TableSpec {
    /// Board sizes n of the complete boards `K_n`, both ends included.
    pub boards: (usize, usize),
    /// Targets (the same for both players); those larger than a board are
    /// left out on that board.
    pub targets: Vec<Pattern>,
    /// Rule sets, each a column of instances.
    pub rules: Vec<Rules>,
    /// Set-move rules are not attempted on boards with more free edges than
    /// this (a move is any nonempty subset, so their number explodes).
    pub max_set_edges: usize,
    /// Also write each exactly solved instance's certificate (a win:
    /// format 3, a draw: format 5) into its row ([`Row::certificate`]).
    pub certify: bool,
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
    /// Why there is no verdict (or no certificate where one was asked for).
    pub note: Option<String>,
    /// With [`TableSpec::certify`]: the certificate of the exact solver's
    /// verdict (none where the threshold search gave it, or writing the
    /// certificate reached the memory cap: the note says so).
    #[serde(skip)]
    pub certificate: Option<Certificate>,
}

/// A whole table with the limits it ran under, so its report says what
/// was capped.
#[derive(Clone, Debug)]
pub struct RamseyTable {
    /// The rows, by board, then target, then rule set.
    pub rows: Vec<Row>,
    /// Worker threads of the run.
    pub threads: usize,
    /// The memory cap of each instance, in MiB.
    pub max_memory_mib: u64,
    /// The set-move limit of [`TableSpec::max_set_edges`].
    pub max_set_edges: usize,
}

/// Why one solve has no value: the game could not be stated, or a search
/// stopped at a limit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The instance is not a playable game (e.g. the target is too large).
    #[error(transparent)]
    Statement(#[from] StatementError),
    /// The search reached a limit (memory cap).
    #[error(transparent)]
    Stopped(#[from] Stopped),
}

/// One solve's value, or why there is none, with the positions it stored
/// and its wall-clock seconds (reported even without a value).
pub type Solved = (Result<Value<Outcome>, SolveError>, u64, f64);

/// The instance's game: `K_n`, the same target for both, red first.
pub fn complete_game(n: usize, target: &Pattern, rules: Rules) -> Result<RamseyGame, StatementError> {
    let targets = [target.clone(), target.clone()];
    RamseyGame::new(Position::empty(Board::complete_graph(n)), targets, rules, Player::First)
}

/// Solves one game with the exact solver under `limits`: the value with
/// positions and seconds, or the reason there is none.
pub fn solve_capped(game: &RamseyGame, limits: Limits) -> Solved {
    solve_exact(game, limits, false).0
}

/// [`solve_capped`], and with `certify` the certificate of its value, read
/// off the same search (`None` without a value).
fn solve_exact(game: &RamseyGame, limits: Limits, certify: bool) -> (Solved, Option<Result<Certificate, Stopped>>) {
    let solver = Solver::new(game).with_limits(limits);
    let started = Instant::now();
    let value = solver.value(&game.start()).map_err(SolveError::from);
    let seconds = started.elapsed().as_secs_f64();
    let certificate = (certify && value.is_ok()).then(|| solved_game_certificate(&solver));
    ((value, solver.positions(), seconds), certificate)
}

/// [`solve_capped`] by the threshold search on ranked scores
/// ([`Ranked`]): the same value (tested against the exact solver,
/// `tests/ranked_threshold.rs`) from far fewer positions where one side can
/// win quickly, but the positions counted are those the search stored, not
/// every reachable one. For a draw, `plies` is the length of the optimal
/// line it keeps.
pub fn solve_threshold(game: &RamseyGame, limits: Limits) -> Solved {
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
        value.map_err(SolveError::from),
        positions,
        started.elapsed().as_secs_f64(),
    )
}

/// Who wins, as "first", "second" or "draw" (red is the first player): the
/// word the table's reports use.
pub fn result_name(winner: Option<Player>) -> &'static str {
    match winner {
        Some(Player::First) => "first",
        Some(Player::Second) => "second",
        None => "draw",
    }
}

/// One instance's row: the exact solver, and where it reaches the cap the
/// threshold search (the note says so).
/// `spec` says which rule sets are attempted and whether to certify.
pub fn row(n: usize, target: &Pattern, rules: Rules, spec: &TableSpec, limits: Limits) -> Row {
    let mut row = Row {
        board: format!("K{n}"),
        target: target.name().to_string(),
        rules: rules.name().to_string(),
        result: None,
        plies: None,
        positions: None,
        seconds: None,
        note: None,
        certificate: None,
    };
    let free = n * (n - 1) / 2;
    if rules.sets() && free > spec.max_set_edges {
        row.note = Some(format!(
            "not attempted: a move is any nonempty subset of the {free} free edges (2^{free} - 1 at the start; limit --max-set-edges {})",
            spec.max_set_edges
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
    let ((mut value, mut positions, mut seconds), certificate) = solve_exact(&game, limits, spec.certify);
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
    let certificate_note = match certificate {
        Some(Ok(c)) => {
            row.certificate = Some(c);
            None
        }
        Some(Err(e)) => Some(format!("no certificate: {e}")),
        None if spec.certify && row.result.is_some() => Some("no certificate: not solved exactly".to_string()),
        None => None,
    };
    row.note = match (row.note.take(), certificate_note) {
        (Some(a), Some(b)) => Some(format!("{a}; {b}")),
        (a, b) => a.or(b),
    };
    row
}

/// Solves every instance of `spec` (run it inside [`Limits::install`] for
/// the thread count to apply): boards, then targets that fit, then rules.
pub fn ramsey_table(spec: &TableSpec, limits: Limits) -> RamseyTable {
    let mut rows = vec![];
    for n in spec.boards.0..=spec.boards.1 {
        for target in spec.targets.iter().filter(|t| t.vertex_count() <= n) {
            for &r in &spec.rules {
                rows.push(row(n, target, r, spec, limits));
            }
        }
    }
    RamseyTable {
        rows,
        threads: limits.threads(),
        max_memory_mib: limits.max_memory() / MIB,
        max_set_edges: spec.max_set_edges,
    }
}

impl RamseyTable {
    /// The table as one JSON object; `command` is the command line that
    /// made it, recorded so the table can be reproduced.
    pub fn to_json(&self, command: &str) -> serde_json::Value {
        serde_json::json!({
            "command": command,
            "threads": self.threads,
            "max_memory_mib": self.max_memory_mib,
            "first": "red",
            "rows": self.rows,
        })
    }

    /// The table as Markdown, with what each column means and the caps;
    /// `command` as for [`RamseyTable::to_json`].
    pub fn to_markdown(&self, command: &str) -> String {
        let mut out = String::from("# Slany's graph Ramsey games on K_n: value and length of optimal play\n\n");
        out += &format!("Generated by `{command}` (threads: {}).\n\n", self.threads);
        out += "Red moves first on the empty K_n; both players have the same target. Rules: \
            `lib/src/games/ramsey/mod.rs` (our reading of Slany, Sections 3 and 6). \
            *result*: who wins with optimal play, or draw; *plies*: moves made in optimal \
            play (the winner hurries, the loser delays; for draws, the length of the line the \
            solver keeps); *positions*: distinct positions evaluated up to isomorphism (start \
            and finished positions included); *seconds*: wall clock on the machine that ran it. \
            Where the exact solver reaches the cap, the threshold search on ranked scores \
            (`lib/src/games/ranked.rs`, same values: `tests/ranked_threshold.rs`) gives the value; \
            the note says so, and *positions* are then those it stored and *seconds* both \
            searches together. A row without a verdict says why. Targets larger than the board \
            are left out.\n\n";
        out += &format!(
            "Caps: {} MiB of transposition table per instance; set-move rules on at most {} free edges.\n\n",
            self.max_memory_mib, self.max_set_edges
        );
        out += "| board | target | rules | result | plies | positions | seconds | note |\n";
        out += "|---|---|---|---|---|---|---|---|\n";
        let cell = |x: Option<String>| x.unwrap_or_default();
        for r in &self.rows {
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
}
