//! Running a verification and reporting it.

use crate::core::board::{Board, Player};
use crate::core::words::count;
use crate::engine::limits::MIB;
use crate::engine::{Limits, LimitsError, Stopped};
use crate::games::ramsey::Rules;
use crate::verify::line::{Ending, Line};
use crate::verify::search::contract::ContractError;
use crate::verify::search::{ChoiceMade, Choices, FailKind, Observer, Resolution, Search, Stats, TreeNode, Value};
use crate::verify::shortest::{shortest_refutation_with, Shortest};
use crate::verify::strategy::{Game, Strategy};
use serde::Serialize;
use serde_json::json;
use std::time::Instant;

/// What a verification run is asked to do.
#[derive(Clone, Debug)]
pub struct Request {
    /// The board the game is played on: `K_n` or `K_aleph0` (a graph board
    /// is refused, [`VerifyError::GraphBoard`]: strategies here name fresh
    /// vertices, which only these boards have alike, and certificates name
    /// the board by its size).
    pub board: Board,
    /// Largest number of her moves allowed.
    pub bound: u32,
    /// Worker threads, the memory cap and the progress display.
    pub limits: Limits,
    /// Use the standing-assumption shortcuts where the strategy allows them.
    pub shortcuts: bool,
    /// Rules other than the strategy's own (its target stays); see
    /// [`crate::verify::strategy::VERIFIABLE_RULES`].
    pub rules: Option<Rules>,
    /// How her open choices are resolved (`verify --choices`).
    pub choices: Choices,
    /// Check the strategy contract in every situation, not only in a
    /// sample ([`crate::verify::search::contract`], `verify --check-contract`).
    pub check_contract: bool,
    /// Under `--choices some`, on a refutation: also build his tree
    /// against every resolution ([`ChoiceNote::tree`], for `--cert`).
    pub tree: bool,
}

impl Request {
    /// A request with `threads` worker threads, the default memory cap
    /// ([`crate::engine::default_memory_cap`]) and no progress display.
    pub fn new(board: Board, bound: u32, threads: usize) -> Request {
        Request {
            board,
            bound,
            limits: Limits::default().with_threads(threads),
            shortcuts: true,
            rules: None,
            choices: Choices::One,
            check_contract: false,
            tree: false,
        }
    }
}

/// Why a run gave no verdict.
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    /// The run could not start (e.g. rules the strategy cannot be
    /// verified under).
    #[error("{0}")]
    Setup(String),
    /// Unusable limits (e.g. no thread pool of that size).
    #[error(transparent)]
    Limits(#[from] LimitsError),
    /// A limit of `Request::limits` stopped the search after `positions`
    /// positions, its table holding about `bytes`.
    #[error(
        "{stopped} after {positions} positions (about {} MiB held; raise --max-memory)",
        bytes / MIB
    )]
    Stopped {
        /// Which limit.
        stopped: Stopped,
        /// Positions stored when it stopped.
        positions: u64,
        /// Bytes the table held then.
        bytes: u64,
    },
    /// The strategy broke the contract the search relies on
    /// ([`crate::verify::search::contract`]): an illegal move, a panic, not a
    /// function of the canonical situation, ...; a bug in the strategy, not
    /// a counterexample to it.
    #[error("no verdict: {0}")]
    Contract(ContractError),
    /// The board is a graph board ([`Request::board`]).
    #[error("the strategy verifier plays on K_n or K_aleph0, not on a {0}")]
    GraphBoard(Board),
}

/// The verdict of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// She wins on every line within the bound.
    Verified,
    /// Some line of his beats the strategy (the report's line).
    Refuted,
}

/// Everything a run found.
#[derive(Clone, Debug)]
pub struct Report {
    /// The strategy's name.
    pub strategy: String,
    /// The target graph's name, e.g. `K4`.
    pub target: String,
    /// The rules the strategy was verified under.
    pub rules: Rules,
    /// The board played on.
    pub board: Board,
    /// Largest number of her moves allowed.
    pub bound: u32,
    /// Verified or refuted.
    pub verdict: Verdict,
    /// Exact largest number of her moves over all lines (verified runs).
    pub max_moves: Option<u32>,
    /// Kind of counterexample (refuted runs).
    pub failure: Option<FailKind>,
    /// Distinct positions with the second player to move.
    pub positions: u64,
    /// Wall time of the run, a `--shortest` search ([`shorten`]) included.
    pub seconds: f64,
    /// Worker threads used.
    pub threads: usize,
    /// A longest line (verified), or a counterexample (refuted): the first
    /// in reply order, or one with the fewest of his moves after [`shorten`].
    pub line: Line,
    /// Counts over the stored positions (see `docs/cli-reference.md`).
    pub stats: Stats,
    /// Set when a shortest refutation was asked for (`verify --shortest`).
    pub shortest: Option<ShortestNote>,
    /// Her open choices (mode `one` unless `verify --choices` says otherwise).
    pub choices: ChoiceNote,
}

/// What a run with open choices found besides its line.
#[derive(Clone, Debug, Default)]
pub struct ChoiceNote {
    /// How her open choices were resolved.
    pub mode: Choices,
    /// The open choices made along the reported line.
    pub made: Vec<ChoiceMade>,
    /// Under `--choices some` on a verified run: her choice at every
    /// situation with more than one option ([`Search::resolution`]).
    pub resolution: Vec<Resolution>,
    /// Under `--choices some` on a refuted run, if [`Request::tree`]: his
    /// tree against every resolution ([`Search::refutation_tree`]), or why
    /// there is none.
    pub tree: Option<Result<Vec<TreeNode>, crate::verify::search::TreeError>>,
}

/// How the reported counterexample relates to the shortest ones.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct ShortestNote {
    /// The line has the fewest of his moves of any counterexample.
    pub provably_shortest: bool,
    /// Every line with this many of his moves was examined without failure.
    pub exhausted: u32,
    /// Positions (him to move) the shortest-refutation search examined.
    pub positions: u64,
}

/// The game `request` plays `strategy` in: its own, or under other rules.
pub fn game_of(strategy: &dyn Strategy, request: &Request) -> Result<Game, crate::verify::strategy::UnverifiableRules> {
    match request.rules {
        Some(rules) => strategy.game().under(rules),
        None => Ok(strategy.game()),
    }
}

/// A search configured as `request` says (board, bound, limits, shortcuts,
/// rules; rules the verifier does not play are left to [`verify`] to
/// refuse).
pub fn new_search<'a>(strategy: &'a dyn Strategy, request: &Request) -> Search<'a> {
    let game = game_of(strategy, request).unwrap_or_else(|_| strategy.game());
    let search = Search::new(strategy, request.board.clone(), request.bound)
        .with_limits(request.limits)
        .with_game(game)
        .with_choices(request.choices)
        .with_contract_sample(match request.check_contract {
            true => 1,
            false => crate::verify::search::contract::SAMPLE,
        });
    if request.shortcuts {
        search
    } else {
        search.without_shortcuts()
    }
}

/// A finished search with its root value, line and choice notes.
type Searched<'a> = (Search<'a>, Value, Line, ChoiceNote);

/// Runs the search `request` asks for (replies one at a time if
/// `sequential`), on the current thread pool.
fn run_search<'a>(
    strategy: &'a dyn Strategy,
    request: &Request,
    sequential: bool,
    observer: Option<&'a dyn Observer>,
) -> Result<Searched<'a>, VerifyError> {
    let mut search = new_search(strategy, request);
    if sequential {
        search = search.sequential();
    }
    if let Some(observer) = observer {
        search = search.with_observer(observer);
    }
    let stopped = |stopped: Stopped, search: &Search| VerifyError::Stopped {
        stopped,
        positions: search.positions(),
        bytes: search.table_bytes(),
    };
    let value = search.watch(|| search.root_value()).map_err(|e| stopped(e, &search))?;
    let (line, made) = search.principal_line_with_choices().map_err(|e| stopped(e, &search))?;
    let resolution = match value {
        Value::Win(_) => search.resolution().map_err(|e| stopped(e, &search))?,
        Value::Fail { .. } => Vec::new(),
    };
    let note = ChoiceNote {
        mode: request.choices,
        made,
        resolution,
        tree: None,
    };
    Ok((search, value, line, note))
}

/// Runs the adversary enumerator on `strategy` as `request` says.
pub fn verify(strategy: &dyn Strategy, request: &Request) -> Result<Report, VerifyError> {
    verify_observed(strategy, request, None)
}

/// [`verify`], telling `observer` about every move of hers the search proves
/// (what a certificate is made of; only meaningful on verified runs). Runs
/// on a pool of `request.limits`' threads ([`Limits::install`]).
pub fn verify_observed(
    strategy: &dyn Strategy,
    request: &Request,
    observer: Option<&dyn Observer>,
) -> Result<Report, VerifyError> {
    if !request.board.untouched_alike() {
        return Err(VerifyError::GraphBoard(request.board.clone()));
    }
    request.limits.install(|| verify_on_pool(strategy, request, observer))?
}

fn verify_on_pool(
    strategy: &dyn Strategy,
    request: &Request,
    observer: Option<&dyn Observer>,
) -> Result<Report, VerifyError> {
    let start = Instant::now();
    let game = game_of(strategy, request).map_err(|e| VerifyError::Setup(e.to_string()))?;
    let first = run_search(strategy, request, false, observer)?;
    let her_cutoffs = request.choices == Choices::Some && first.0.choice_nodes() > 0;
    let cut_off = matches!(first.1, Value::Fail { .. }) || her_cutoffs;
    let (search, value, line, mut choices) = if cut_off && request.limits.threads() > 1 {
        // Which positions a parallel search touched past a cutoff (a
        // refutation, or her winning option under `--choices some`)
        // depends on timing; the sequential run's count is the
        // reproducible one. (The first run's table is freed first.) So is
        // what it proves: the observer forgets the first run.
        drop(first);
        if let Some(observer) = observer {
            observer.forget();
        }
        run_search(strategy, request, true, observer)?
    } else {
        first
    };
    if let (true, Choices::Some, Value::Fail { .. }) = (request.tree, request.choices, value) {
        choices.tree = Some(search.refutation_tree());
    }
    if let Value::Fail {
        kind: FailKind::ContractBroken,
        ..
    } = value
    {
        let message = match &line.ending {
            Ending::ContractBroken(message) => message.clone(),
            other => format!("at a situation the line does not reach ({})", other.describe(game)),
        };
        return Err(VerifyError::Contract(ContractError { message, line }));
    }
    let (verdict, max_moves, failure) = match value {
        Value::Win(m) => (Verdict::Verified, Some(m), None),
        Value::Fail { kind, .. } => (Verdict::Refuted, None, Some(kind)),
    };
    Ok(Report {
        strategy: strategy.name().to_string(),
        target: game.target_name(),
        rules: game.rules,
        board: request.board.clone(),
        bound: request.bound,
        verdict,
        max_moves,
        failure,
        positions: search.positions(),
        seconds: start.elapsed().as_secs_f64(),
        threads: request.limits.threads(),
        line,
        stats: search.stats(),
        shortest: None,
        choices,
    })
}

/// Replaces a refuted report's counterexample by one with the fewest of his
/// moves, examining at most `max_positions` positions; when that limit is
/// reached the first counterexample stays and the note says so. The time
/// this takes is added to the report's `seconds`. A shorter line on which
/// the strategy breaks its contract is no verdict ([`VerifyError::Contract`]).
pub fn shorten(
    report: &mut Report,
    strategy: &dyn Strategy,
    request: &Request,
    max_positions: u64,
) -> Result<(), VerifyError> {
    if report.verdict != Verdict::Refuted {
        return Ok(());
    }
    let start = Instant::now();
    let search = new_search(strategy, request);
    let on_level = |d: u32, n: usize| {
        let message = format!("shortest refutation: expanding {n} positions after {d} of his moves");
        request.limits.note(&message);
    };
    let note = match request
        .limits
        .install(|| shortest_refutation_with(&search, max_positions, on_level))?
    {
        Shortest::Found { line, positions } => {
            if let Some(broken) = ContractError::of(&line) {
                return Err(VerifyError::Contract(broken));
            }
            let exhausted = line.count(Player::Second).saturating_sub(1) as u32;
            report.failure = FailKind::of(&line.ending);
            report.line = line;
            ShortestNote {
                provably_shortest: true,
                exhausted,
                positions,
            }
        }
        Shortest::GaveUp { exhausted, positions } => ShortestNote {
            provably_shortest: false,
            exhausted,
            positions,
        },
        Shortest::NoRefutation { .. } => {
            return Err(VerifyError::Setup(
                "the shortest-refutation search found no counterexample the main search found".into(),
            ))
        }
    };
    report.shortest = Some(note);
    report.seconds += start.elapsed().as_secs_f64();
    Ok(())
}

/// The snake_case name of a failure kind, the same word as the `kind` of
/// the line's `ending` in JSON (e.g. `second_player_wins`).
pub fn fail_kind_name(kind: FailKind) -> &'static str {
    match kind {
        FailKind::SecondPlayerWins => "second_player_wins",
        FailKind::Draw => "draw",
        FailKind::StrategyError => "strategy_error",
        FailKind::BoundExceeded => "bound_exceeded",
        FailKind::ContractBroken => "contract_broken",
    }
}

impl Report {
    /// The machine-readable form printed by `--json`.
    pub fn to_json(&self) -> serde_json::Value {
        let moves: Vec<_> = self
            .line
            .moves
            .iter()
            .map(|m| {
                let (u, v) = m.edge.ends();
                json!({"player": m.player, "edge": [u, v], "forced": m.forced, "phase": m.phase})
            })
            .collect();
        let moves = serde_json::Value::Array(moves);
        let refuted = self.verdict == Verdict::Refuted;
        let mut out = json!({
            "strategy": self.strategy,
            "target": self.target,
            "rules": self.rules.name(),
            "board": self.board.to_string(),
            "bound": self.bound,
            "verdict": self.verdict,
            "max_moves": self.max_moves,
            "failure": self.failure.map(fail_kind_name),
            "positions": self.positions,
            "seconds": self.seconds,
            "threads": self.threads,
            "counterexample": if refuted { moves.clone() } else { serde_json::Value::Null },
            "longest_line": if refuted { serde_json::Value::Null } else { moves },
            "ending": self.line.ending,
            "names": self.line.names,
            "his_moves": self.line.count(Player::Second),
            "stats": self.stats,
            "shortest": self.shortest,
        });
        if self.choices.mode != Choices::One {
            out["choices"] = json!(self.choices.mode);
            out["choices_made"] = json!(self.choices.made);
            out["resolved_situations"] = json!(self.choices.resolution.len());
        }
        out
    }

    /// The human-readable summary printed without `--json`.
    pub fn to_text(&self, game: crate::verify::strategy::Game) -> String {
        let mut out = format!(
            "strategy {} on board {} ({} game, rules {}), bound {}\n",
            self.strategy, self.board, self.target, self.rules, self.bound
        );
        match self.verdict {
            Verdict::Verified => out.push_str(&format!(
                "VERIFIED: she wins within {} on every line\n",
                count(self.max_moves.unwrap_or(0), "move", "moves")
            )),
            Verdict::Refuted => out.push_str(&format!(
                "REFUTED: {} after {} of his moves\n",
                self.line.ending.describe(game),
                self.line.count(Player::Second)
            )),
        }
        out.push_str(&format!(
            "positions: {}   time: {:.3}s   threads: {}\n",
            self.positions, self.seconds, self.threads
        ));
        out.push_str(&self.line_heading());
        out.push_str(&self.line.to_text(game));
        out.push_str(&self.choices_text());
        out
    }

    /// The open choices made along the line, and how many situations a
    /// `--choices some` win resolved (empty under `--choices one`).
    fn choices_text(&self) -> String {
        let note = &self.choices;
        if note.mode == Choices::One {
            return String::new();
        }
        let mut out = format!("open choices ({}): ", note.mode.name());
        let made: Vec<String> = note
            .made
            .iter()
            .map(|c| {
                format!(
                    "her move {}: option {} of {} ({})",
                    c.her_move, c.option, c.options, c.edge
                )
            })
            .collect();
        match made.is_empty() {
            true => out.push_str("none along this line\n"),
            false => out.push_str(&format!("{}\n", made.join("; "))),
        }
        if note.mode == Choices::Some && self.verdict == Verdict::Verified {
            out.push_str(&format!(
                "resolved: {} where the strategy allows more than one move\n",
                count(note.resolution.len(), "situation", "situations")
            ));
        }
        out
    }

    /// What the printed line is: a longest win, the first counterexample,
    /// or a shortest one (and whether it is provably shortest).
    fn line_heading(&self) -> String {
        match (self.verdict, self.shortest) {
            (Verdict::Verified, _) => "a longest line:\n".into(),
            (Verdict::Refuted, None) => "counterexample (the first one in reply order):\n".into(),
            (Verdict::Refuted, Some(note)) if note.provably_shortest => format!(
                "counterexample with the fewest of his moves (provably shortest: yes; none within {} of his moves; {} examined):\n",
                note.exhausted,
                count(note.positions, "position", "positions")
            ),
            (Verdict::Refuted, Some(note)) => format!(
                "counterexample (the first one in reply order; provably shortest: no: none within {} of his moves, search stopped at {}):\n",
                note.exhausted,
                count(note.positions, "position", "positions")
            ),
        }
    }
}
