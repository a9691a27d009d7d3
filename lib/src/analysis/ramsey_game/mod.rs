//! A graph Ramsey game (Slany's family) stated from text, as the command
//! line states it (`solve --rules`, `play`), on a finite board or on
//! `K_aleph0` within a budget; and the questions `solve --rules` asks of it
//! besides its value: whether the first player wins within a budget, and
//! the census of its positions. So a program can state and ask the same.

use crate::core::board::{Board, Position};
use crate::core::board::{Edge, Player, Vertex, MAX_VERTICES};
use crate::engine::{census, Dfpn, Limits, Solver, Stopped};
use crate::games::horizon::{aleph0_vertices, Horizon};
use crate::games::pattern::{Pattern, PatternError};
use crate::games::prelude::*;
use crate::games::ramsey::{Outcome, RamseyGame, Rules, StatementError as GameError};
use crate::games::statement::{colour_start, parse_board, StatementTextError};
use crate::games::{FirstWins, UnknownName};
use std::collections::BTreeMap;
use std::time::Instant;

pub mod explain;
mod halves;
mod length;
mod records;
#[cfg(test)]
mod records_tests;
mod report;
mod winner;

pub use length::{solve_by_tests, wins_within, ByTests, LengthTest};
pub use report::{header_json, header_text, Answer, GameAnswer};
pub use winner::{winner_decider, winner_dfpn, winner_only, Proved, WinnerOnly};

/// A game statement as text (the command line's `--target`,
/// `--target-red`, `--target-blue`, `--start`, `--first`): the parts a
/// user writes, read by [`Statement::game`] and [`Statement::aleph0_game`].
#[derive(Clone, Debug, Default)]
pub struct Statement {
    /// Target graph of both players (name or graph6).
    pub target: Option<String>,
    /// Red's target, when it differs from blue's (Slany, Def. 6.2).
    pub target_red: Option<String>,
    /// Blue's target, when it differs from red's.
    pub target_blue: Option<String>,
    /// Start colouring: `RED:BLUE` (two graph6 strings) or edges `u-v,...`
    /// played alternately from the first mover.
    pub start: Option<String>,
    /// Who moves first from the start: `red`, or `blue` (or `green`).
    pub first: Option<String>,
}

/// Why a statement does not give a playable game, with the message the
/// command line shows.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StatementError {
    /// The rules are not a rule set's name.
    #[error(transparent)]
    Rules(#[from] UnknownName),
    /// The board or the start position is unreadable.
    #[error(transparent)]
    Board(#[from] StatementTextError),
    /// A target is neither a known name nor usable graph6.
    #[error(transparent)]
    Target(#[from] PatternError),
    /// No target for a player: neither their own nor a common one.
    #[error("a target is needed: --target A (or --target-red and --target-blue)")]
    NoTarget,
    /// The first mover is not a colour.
    #[error("--first must be red or blue, not `{0}`")]
    FirstMover(String),
    /// The parts do not make a playable game (start over, targets too
    /// large for the board, ...).
    #[error(transparent)]
    Game(#[from] GameError),
    /// The rules are not posed on `K_aleph0`.
    #[error("{0} is not posed on K_aleph0 (a fresh vertex always avoids completing, so the game has no end): use a finite --board n")]
    NotOnAleph0(Rules),
    /// `K_aleph0` without a budget.
    #[error("on K_aleph0 give --budget b: whether the first player wins within b of her moves")]
    NoBudget,
    /// The budget needs a larger board than fits.
    #[error(
        "a budget of {budget} on K_aleph0 needs K_{n} (the start uses {used} vertices); at most K_{MAX_VERTICES} fits"
    )]
    TooLarge {
        /// The budget asked for.
        budget: u32,
        /// The board it needs.
        n: usize,
        /// Vertices the start uses.
        used: usize,
    },
}

impl Statement {
    /// The game under `rules` on `board` (a number n for `K_n`, or graph6).
    pub fn game(&self, rules: &str, board: &str) -> Result<RamseyGame, StatementError> {
        self.game_on(rules, parse_board(board)?)
    }

    /// The game under `rules` on the uncoloured `board`.
    pub fn game_on(&self, rules: &str, board: Position) -> Result<RamseyGame, StatementError> {
        let rules: Rules = rules.parse()?;
        let first = match self.first.as_deref() {
            None => None,
            Some("red") => Some(Player::First),
            Some("blue" | "green") => Some(Player::Second),
            Some(other) => return Err(StatementError::FirstMover(other.to_string())),
        };
        let targets = self.targets()?;
        let (mut start, mut next) = (board, Player::First);
        if let Some(s) = &self.start {
            (start, next) = colour_start(&start, s)?;
        }
        Ok(RamseyGame::new(start, targets, rules, first.unwrap_or(next))?)
    }

    /// The targets of red and blue.
    pub fn targets(&self) -> Result<[Pattern; 2], StatementError> {
        let both = self.target.as_deref();
        let target = |own: &Option<String>| -> Result<Pattern, StatementError> {
            let s = own.as_deref().or(both).ok_or(StatementError::NoTarget)?;
            Ok(s.parse::<Pattern>()?)
        };
        Ok([target(&self.target_red)?, target(&self.target_blue)?])
    }

    /// The game on `K_aleph0` within `budget` of the first player's moves,
    /// posed on the finite `K_N` that answers it ([`aleph0_vertices`]; the
    /// argument is in `games/horizon.rs`). Only the achievement games are
    /// posed there: in the avoidance games a fresh vertex always lets a
    /// player move without completing anything, so the end those rules
    /// define never comes, and a set move could colour infinitely many
    /// edges.
    pub fn aleph0_game(&self, rules: &str, budget: Option<u32>) -> Result<RamseyGame, StatementError> {
        let parsed: Rules = rules.parse()?;
        if !matches!(parsed, Rules::Achieve | Rules::AchieveSecond | Rules::Maker) {
            return Err(StatementError::NotOnAleph0(parsed));
        }
        let budget = budget.ok_or(StatementError::NoBudget)?;
        // The vertices the start position uses, read on the largest board.
        let widest = parse_board(&MAX_VERTICES.to_string())?;
        let used = match &self.start {
            Some(s) => {
                let (start, _) = colour_start(&widest, s)?;
                let touched = (0..MAX_VERTICES as Vertex)
                    .filter(|&v| start.neighbours(Player::First, v) | start.neighbours(Player::Second, v) != 0);
                touched.max().map_or(0, |v| v as usize + 1)
            }
            None => 0,
        };
        let largest = self.targets()?.iter().map(Pattern::vertex_count).max().unwrap_or(0);
        let n = aleph0_vertices(used, budget, largest);
        if n > MAX_VERTICES {
            return Err(StatementError::TooLarge { budget, n, used });
        }
        self.game_on(rules, Position::empty(Board::complete_graph(n)))
    }
}

/// Whether a `--board` names `K_aleph0` (`inf` or `aleph0`) rather than a
/// finite board.
pub fn names_aleph0(board: &str) -> bool {
    matches!(board.trim(), "inf" | "aleph0")
}

impl Statement {
    /// The game under `rules` on `board` as the command line names boards:
    /// on `K_aleph0` within `budget` ([`Statement::aleph0_game`]) when
    /// [`names_aleph0`], else on the finite board ([`Statement::game`]).
    pub fn game_named(&self, rules: &str, board: &str, budget: Option<u32>) -> Result<RamseyGame, StatementError> {
        match names_aleph0(board) {
            true => self.aleph0_game(rules, budget),
            false => self.game(rules, board),
        }
    }
}

/// Which search answers a win/loss question (`solve --dfpn` chooses).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WinSearch {
    /// The engine's exact search with cutoffs (the score-only search for
    /// `--winner-only`, the solver asking [`FirstWins`] for a budget): every
    /// position it meets stays in its table, which stops at the cap.
    #[default]
    Exact,
    /// The proof-number search ([`Dfpn`]), whose table evicts under the cap.
    ProofNumber,
}

/// Whether the first player wins within a budget, with her first winning
/// move: the answer of `solve --rules ... --budget b`.
#[derive(Clone, Debug)]
pub struct WithinBudget {
    /// Whether she wins within the budget.
    pub wins: bool,
    /// Her first winning move in canonical order, if she wins.
    pub winning_move: Option<<RamseyGame as crate::games::Rules>::Move>,
    /// Positions the search stored (the same on every run).
    pub positions: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// Whether the first player wins `game` within `budget` of her moves
/// ([`Horizon`]), by a sequential search so the positions counted are the
/// same on every run: the exact solver asking [`FirstWins`], or the
/// proof-number search ([`Dfpn`]; its positions are expansions,
/// re-expansions included, and its table evicts under the cap).
pub fn within_budget(
    game: &RamseyGame,
    budget: u32,
    search: WinSearch,
    limits: Limits,
) -> Result<WithinBudget, Stopped> {
    let started = Instant::now();
    let won = |g: &RamseyGame, score: Outcome| score.winner() == Some(g.first());
    let horizon = Horizon::new(game.clone(), game.first(), budget, won);
    let start = horizon.start();
    let (wins, winning_move, positions) = match search {
        WinSearch::ProofNumber => {
            let search = Dfpn::new(&horizon, true, false, Player::First).with_limits(limits);
            let wins = search.proves(&start)?;
            let winning_move = match wins {
                true => search.decisive_move(&start)?,
                false => None,
            };
            (wins, winning_move, search.expansions())
        }
        WinSearch::Exact => {
            let solver = Solver::asking(&horizon, FirstWins)
                .with_limits(limits)
                .with_parallel_plies(0);
            let wins = solver.value(&start)?.score;
            let moves = solver.move_values(&start)?;
            let winning_move = moves.iter().find(|m| m.value.score).map(|m| m.m.clone());
            (wins, winning_move, solver.positions())
        }
    };
    Ok(WithinBudget {
        wins,
        winning_move,
        positions,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// A census class: coloured edges, who owns a target (`both`, `red`,
/// `blue`, `none`) and the colour to move.
pub type CensusClass = (usize, &'static str, &'static str);

/// The positions reachable from the start by legal play, one per
/// isomorphism class, counted by [`CensusClass`].
pub fn ramsey_census(game: &RamseyGame, limits: Limits) -> Result<BTreeMap<CensusClass, u64>, Stopped> {
    let classify = |p: &Position| {
        let owns = match (game.owns_target(p, Player::First), game.owns_target(p, Player::Second)) {
            (true, true) => "both",
            (true, false) => "red",
            (false, true) => "blue",
            (false, false) => "none",
        };
        (
            p.edge_count(Player::First) + p.edge_count(Player::Second),
            owns,
            p.to_move().colour_name(),
        )
    };
    census(game, &game.start(), classify, limits)
}

/// A move as a person types it, `u v`, `u-v`, or `u-v,w-x` (a set move),
/// as a sorted list of edges without repeats (the form of the game's
/// moves, so it can be compared with the legal ones); `None` if it is not
/// one.
pub fn parse_move(text: &str) -> Option<Vec<Edge>> {
    let mut edges = Vec::new();
    for item in text.split(',') {
        let mut ends = item
            .split(|c: char| c == '-' || c.is_whitespace())
            .filter(|s| !s.is_empty());
        let (u, v) = (ends.next()?.parse().ok()?, ends.next()?.parse().ok()?);
        if ends.next().is_some() {
            return None;
        }
        edges.push(Edge::checked(u, v)?);
    }
    edges.sort_unstable();
    edges.dedup();
    Some(edges)
}
