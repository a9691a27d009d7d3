//! `ramsey-verify play`: a person plays a graph Ramsey game against the
//! perfect player in the terminal. The board is drawn after every move;
//! edges are typed by their two vertices (`2 5` or `2-5`; several edges
//! `0-1,2-3` under the set-move rules). At the end the game can be written
//! as SVG, edges numbered in play order.

use super::game_solve::{statement, StatementArgs};
use super::{output, Failure};
use crate::core::board::Position;
use crate::core::board::{Edge, Player, Vertex};
use crate::engine::play::{labelled_moves, program_move};
use crate::engine::Solver;
use crate::games::prelude::*;
use crate::games::ramsey::RamseyGame;
use crate::render::{DrawnEdge, Figure};
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
    args.svg.iter().try_for_each(|path| output::check_writable(path))?;
    let solver = Solver::new(&game).with_limits(limits);
    let mut position = game.start();
    let mut played: Vec<(Player, Vec<Edge>)> = Vec::new();
    let mut input = std::io::stdin().lock();
    loop {
        output::print(&draw(&position))?;
        if let Some(score) = game.outcome(&position) {
            output::println(format_args!("game over: {}", game.score_text(score)))?;
            break;
        }
        let mover = game.to_move(&position);
        let m = if mover == human {
            match ask(&game, &position, &mut input)? {
                Some(m) => m,
                None => return Ok(()),
            }
        } else {
            let m = program_move(&solver, &position)
                .map_err(|e| Failure::NoVerdict(e.to_string()))?
                .expect("the game is not over");
            output::println(format_args!("{} plays {}", mover.colour_name(), game.move_text(&m)))?;
            m
        };
        position = game.play(&position, &m);
        played.push((mover, m));
    }
    if let Some(path) = &args.svg {
        let svg = crate::render::svg::to_svg(&figure(&game, &played));
        output::write_file(path, svg)?;
    }
    Ok(())
}

/// Reads the person's move until it is legal; `None` at end of input or `q`.
fn ask(game: &RamseyGame, position: &Position, input: &mut impl BufRead) -> Result<Option<Vec<Edge>>, Failure> {
    let legal = labelled_moves(game, position);
    loop {
        output::print(&format!(
            "your move ({}: two vertices like `0 1`, several as `0-1,2-3`; q quits): ",
            position.to_move().colour_name()
        ))?;
        let mut line = String::new();
        if input.read_line(&mut line).unwrap_or(0) == 0 || line.trim() == "q" {
            return Ok(None);
        }
        match parse_move(&line) {
            Some(m) if legal.contains(&m) => return Ok(Some(m)),
            Some(_) => output::println("not a legal move here")?,
            None => output::println("write a move as two vertex numbers, e.g. `0 1`")?,
        }
    }
}

/// `u v`, `u-v`, or `u-v,w-x`, as a sorted list of edges.
fn parse_move(text: &str) -> Option<Vec<Edge>> {
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

/// The board as a matrix: `R` red, `B` blue, `.` free, blank for a
/// non-edge of the board.
fn draw(position: &Position) -> String {
    let n = position.vertex_count() as Vertex;
    let mut out = String::from("\n   ");
    for v in 0..n {
        out += &format!("{v:>3}");
    }
    out.push('\n');
    for u in 0..n {
        out += &format!("{u:>3}");
        for v in 0..n {
            let bit = |set: u128| set >> v & 1 == 1;
            let cell = if u == v || !bit(position.board_neighbours(u)) {
                ' '
            } else if bit(position.neighbours(Player::First, u)) {
                'R'
            } else if bit(position.neighbours(Player::Second, u)) {
                'B'
            } else {
                '.'
            };
            out += &format!("{cell:>3}");
        }
        out.push('\n');
    }
    out
}

/// The played game as a figure: edges numbered in play order.
fn figure(game: &RamseyGame, played: &[(Player, Vec<Edge>)]) -> Figure {
    let mut edges = Vec::new();
    for (turn, (player, m)) in played.iter().enumerate() {
        for &edge in m {
            edges.push(DrawnEdge {
                edge,
                player: *player,
                number: Some(turn + 1),
                forced: false,
                highlight: false,
                threat: false,
            });
        }
    }
    let mut vertices: Vec<Vertex> = edges.iter().flat_map(|d| [d.edge.ends().0, d.edge.ends().1]).collect();
    vertices.sort_unstable();
    vertices.dedup();
    let result = game.outcome(&played.iter().fold(game.start(), |p, (_, m)| game.play(&p, m)));
    Figure {
        title: format!("{} on the board, target {}", game.rules(), game.target(Player::First)),
        vertices,
        names: Default::default(),
        edges,
        legend: vec![format!(
            "edges numbered in play order; {}",
            result.map_or("unfinished".into(), |s| game.score_text(s))
        )],
        decisive: None,
    }
}
