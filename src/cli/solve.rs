//! `ramsey-verify solve`: the value of a position for *any* strategy, by
//! exhaustive search over both players' moves on the engine's core (the
//! budget game, `crate::analysis::budget`). Where
//! `verify` asks whether one strategy wins, `solve` asks whether she, to
//! move, can force a win within a budget of her moves at all: the question
//! to settle when a reconstructed strategy fails at a position.

use super::args::{on_pool, parse_board, parse_bound, LimitArgs};
use super::line_input::{checked_line, parse_moves};
use super::show::parse_clique;
use super::{output, Failure};
use crate::analysis::budget::defence::NoDefence;
use crate::analysis::budget::{no_win_certificate, BudgetSolver, CliqueRace, NoAnswer, ShortestWin};
use crate::core::board::{Board, Player, Position};
use crate::core::graph6::decode_position;
use crate::engine::Limits;
use crate::verify::strategy::Game;
use clap::{ArgGroup, Args};
use std::collections::BTreeMap;

/// Three questions: with `--rules`, the exact value of a graph Ramsey game
/// on a finite board (any board, target and rule set); with `--rules` and
/// `--budget`, whether the first player wins that game within a budget of
/// her moves (also on `K_aleph0`, for the achievement games); with
/// `--budget` alone, whether she, to move in a `K_k` achievement position,
/// forces a win within a budget of her moves (also on `K_aleph0`).
#[derive(Args, Debug)]
#[command(group(ArgGroup::new("input").args(["line", "g6"])))]
#[command(group(ArgGroup::new("question").required(true).multiple(true).args(["rules", "budget"])))]
pub struct SolveArgs {
    #[command(flatten)]
    pub game: super::game_solve::GameArgs,
    /// Moves in play order, red first, ending with his move (she is to move).
    #[arg(long)]
    pub line: Option<String>,
    /// A position as two graph6 strings, red then blue: "RED:BLUE" (with as
    /// many red as blue edges: she is to move).
    #[arg(long, value_name = "RED:BLUE")]
    pub g6: Option<String>,
    /// Most of her moves the win may take (counted from this position; with
    /// `--rules`, the first player's moves from the start).
    #[arg(long, value_parser = parse_bound)]
    pub budget: Option<u32>,
    /// k of the K_k both players build.
    #[arg(long, default_value = "4", value_parser = parse_clique)]
    pub clique: usize,
    /// With `--budget`: `inf` for K_aleph0, or n for K_n. With `--rules`:
    /// n (K_n), a graph name (C5, P4, K1,3, ...) or graph6; `inf` with
    /// `--budget` for the achievement games.
    #[arg(long, default_value = "inf")]
    pub board: String,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Worker threads and the memory cap.
    #[command(flatten)]
    pub limits: LimitArgs,
}

pub fn run(args: SolveArgs) -> Result<(), Failure> {
    let limits = args.limits.limits(!args.json && !args.game.json_lines);
    on_pool(&limits, || run_on_pool(&args, limits))
}

fn run_on_pool(args: &SolveArgs, limits: Limits) -> Result<(), Failure> {
    if let Some(rules) = args.game.statement.rules.as_deref() {
        if args.line.is_some() || args.g6.is_some() {
            return Err(Failure::BadInput(
                "with --rules, give the start position with --start".into(),
            ));
        }
        let game = &args.game;
        return super::game_solve::run(game, rules, &args.board, args.budget, limits, args.json);
    }
    let budget = args.budget.expect("clap requires --rules or --budget");
    let cert = args.game.cert.as_deref();
    cert.iter().try_for_each(|path| output::check_writable(path))?;
    let board: Board = parse_board(&args.board)?;
    let position = read_position(args, board.clone())?;
    let clique = args.clique;
    if position.has_clique(Player::First, clique) || position.has_clique(Player::Second, clique) {
        return Err(Failure::BadInput(format!(
            "the game is already over: a K{clique} is complete"
        )));
    }
    let solver = BudgetSolver::new(CliqueRace::new(clique, board)).with_limits(limits);
    let answer = ShortestWin::search_on(&solver, clique, &position, budget).map_err(no_answer)?;
    match args.json {
        true => output::println(answer.json())?,
        false => output::print(&answer.text())?,
    }
    let Some(path) = cert else { return Ok(()) };
    match no_win_certificate(&solver, clique, &position, budget) {
        Ok(cert) => super::erdos::write_certificate(&cert, path),
        Err(NoDefence::Search(e)) => Err(no_answer(e)),
        Err(e @ NoDefence::SheWins(_)) => Err(Failure::BadInput(format!(
            "--cert with --budget certifies that she has no forced win; {e} (her strategy: verify --cert)"
        ))),
    }
}

/// A budget question without an answer, as the command's failure.
fn no_answer(e: NoAnswer) -> Failure {
    match e {
        NoAnswer::Budget(e) => Failure::BadInput(e.to_string()),
        NoAnswer::Stopped(e) => Failure::NoVerdict(e.to_string()),
    }
}

/// The position to solve, with her to move (an empty `--line` is the empty board).
fn read_position(args: &SolveArgs, board: Board) -> Result<Position, String> {
    let mut position = Position::empty(board.clone());
    if let Some(g6) = &args.g6 {
        position = decode_position(g6, board).map_err(|e| e.to_string())?;
    } else if let Some(text) = args.line.as_deref().filter(|t| !t.trim().is_empty()) {
        let moves = parse_moves(text, &BTreeMap::new())?;
        let (moves, _) = checked_line(moves, board, Game::clique(args.clique), None)?;
        for m in moves {
            position.claim(m.edge, m.player).map_err(|e| e.to_string())?;
        }
    }
    if position.edge_count(Player::First) != position.edge_count(Player::Second) {
        return Err("she is not to move: the position needs as many red as blue edges".into());
    }
    Ok(position)
}
