//! `ramsey-verify play`: a person plays a graph Ramsey game against the
//! perfect player in the terminal. The board is drawn after every move;
//! edges are typed by their two vertices (`2 5` or `2-5`; several edges
//! `0-1,2-3` under the set-move rules). At the end the game can be written
//! as SVG, edges numbered in play order.

use super::game_solve::{statement, StatementArgs};
use super::{output, Failure};
use crate::analysis::ramsey_game::{explain, parse_move};
use crate::core::board::Position;
use crate::core::board::{Edge, Player};
use crate::engine::play::{labelled_moves, program_move};
use crate::engine::Solver;
use crate::games::prelude::*;
use crate::games::ramsey::RamseyGame;
use crate::render::html::to_html;
use crate::render::played::{board_matrix, board_matrix_marked, optimal_note, played_figure};
use crate::render::svg::to_svg;
use crate::render::Figure;
use clap::Args;
use std::io::BufRead;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: StatementArgs,
    /// Board: n (K_n), a graph name or graph6.
    #[arg(long)]
    pub board: String,
    /// The colour the person plays: red or blue.
    #[arg(long, default_value = "red")]
    pub human: String,
    /// Write the finished game as SVG to FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Write the finished game as a page to step through turn by turn
    /// (a set move is one step), with the value after each turn.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Worker threads and the memory cap (of the perfect player's table).
    #[command(flatten)]
    pub limits: super::args::LimitArgs,
}

pub fn run(args: PlayArgs) -> Result<(), Failure> {
    let limits = args.limits.limits(false);
    super::args::on_pool(&limits, || run_on_pool(&args, limits))
}

fn run_on_pool(args: &PlayArgs, limits: crate::engine::Limits) -> Result<(), Failure> {
    let rules = args
        .game
        .rules
        .as_deref()
        .ok_or_else(|| Failure::BadInput("play needs --rules (see `solve --rules`)".into()))?;
    let game = statement(&args.game, rules, &args.board)?;
    let human = match args.human.as_str() {
        "red" => Player::First,
        "blue" | "green" => Player::Second,
        other => return Err(Failure::BadInput(format!("--human must be red or blue, not `{other}`"))),
    };
    args.svg
        .iter()
        .chain(&args.html)
        .try_for_each(|path| output::check_writable(path))?;
    let solver = Solver::new(&game).with_limits(limits);
    let mut position = game.start();
    let mut played: Vec<(Player, Vec<Edge>)> = Vec::new();
    let mut input = std::io::stdin().lock();
    output::print(&explain::banner(&game, human))?;
    loop {
        if let Some(score) = game.outcome(&position) {
            let (text, marked) = explain::ending(&game, &position, score);
            output::print(&board_matrix_marked(&position, &marked))?;
            output::print(&text)?;
            break;
        }
        output::print(&board_matrix(&position))?;
        let mover = game.to_move(&position);
        let m = if mover == human {
            match ask(&game, &position, &mut input)? {
                Some(m) => m,
                None => return output::println("goodbye"),
            }
        } else {
            let m = thinking(|| program_move(&solver, &position))?
                .map_err(|e| Failure::NoVerdict(e.to_string()))?
                .expect("the game is not over");
            output::println(format_args!("{} plays {}", mover.colour_name(), game.move_text(&m)))?;
            m
        };
        position = game.play(&position, &m);
        played.push((mover, m));
    }
    if args.svg.is_none() && args.html.is_none() {
        return Ok(());
    }
    let figure = played_figure(&game, &played, optimal_note(&solver));
    let pictures = [
        (
            &args.svg,
            "edges numbered in play order",
            to_svg as fn(&Figure) -> String,
        ),
        (&args.html, "a page to step through it", to_html),
    ];
    for (path, what, render) in pictures {
        if let Some(path) = path {
            output::write_file(path, render(&figure))?;
            output::println(format_args!("the game, {what}: {}", path.display()))?;
        }
    }
    Ok(())
}

/// Runs `work`, saying "thinking…" if it takes more than a moment (the
/// first move of the perfect player solves the whole game).
fn thinking<T: Send>(work: impl FnOnce() -> T + Send) -> Result<T, Failure> {
    let (done, wait) = std::sync::mpsc::channel::<()>();
    let (note, result) = std::thread::scope(|scope| {
        let note = scope.spawn(move || match wait.recv_timeout(std::time::Duration::from_millis(300)) {
            Ok(()) => Ok(()),
            Err(_) => output::println("thinking…"),
        });
        let result = work();
        let _ = done.send(());
        (note.join(), result)
    });
    note.unwrap_or(Ok(()))?;
    Ok(result)
}

/// Reads the person's move until it is legal; `None` at end of input or
/// `q`. A refused move is explained ([`explain::refusal`]); a line that
/// is not UTF-8 text is refused and asked again.
fn ask(game: &RamseyGame, position: &Position, input: &mut impl BufRead) -> Result<Option<Vec<Edge>>, Failure> {
    let legal = labelled_moves(game, position);
    loop {
        output::print(&format!("your move ({}): ", position.to_move().colour_name()))?;
        let mut bytes = Vec::new();
        if input.read_until(b'\n', &mut bytes).unwrap_or(0) == 0 {
            output::println("")?;
            return Ok(None);
        }
        let Ok(line) = std::str::from_utf8(&bytes) else {
            output::println("that line is not text (UTF-8); type a move like `0 1`")?;
            continue;
        };
        if line.trim() == "q" {
            return Ok(None);
        }
        match parse_move(line) {
            Some(m) => match explain::refusal(game, position, &m, &legal) {
                None => return Ok(Some(m)),
                Some(why) => output::println(format_args!("refused: {why}"))?,
            },
            None => output::println(format_args!("not a move. {}", explain::how_to_move(game)))?,
        }
    }
}
