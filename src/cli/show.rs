//! `ramsey-verify show`: a line or a position as text, SVG and DOT.

use super::args::parse_board;
use super::line_input::{checked_line, parse_moves, parse_names, read_json_line};
use super::output::{check_writable, write_file};
use super::picture::PictureArgs;
use super::{output, Failure};
use crate::core::board::{Board, Player, Position, Vertex};
use crate::core::graph6::{decode_pair, decode_position, encode_position};
use crate::core::words::count;
use crate::render::html::walk_to_html;
use crate::render::Figure;
use crate::verify::cert::read::StrategyCertificate;
use crate::verify::cert::walk::{Walk, DEFAULT_TURNS};
use crate::verify::line::{Ending, Line, PlayedMove};
use crate::verify::strategy::Game;
use clap::{ArgGroup, Args};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Target clique when neither `--clique` nor the input says: the K4 game.
const DEFAULT_CLIQUE: usize = 4;

#[derive(Args, Debug)]
#[command(group(ArgGroup::new("input").required(true).multiple(true).args(["line", "from_json", "g6", "red_g6", "cert"])))]
pub struct ShowArgs {
    /// Moves in play order, red (first player) first and alternating, e.g.
    /// "0-1,0-2,1-3"; vertices by number or by a name given in --names.
    #[arg(long)]
    pub line: Option<String>,
    /// A line in JSON: the output of `verify --json` (its counterexample or
    /// longest line) or a bare object with `moves`, `ending`, `names`.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["line", "g6", "red_g6"])]
    pub from_json: Option<String>,
    /// A position as two graph6 strings, red then blue: "RED:BLUE".
    #[arg(long, value_name = "RED:BLUE", conflicts_with_all = ["line", "red_g6"])]
    pub g6: Option<String>,
    /// The red graph of a position, in graph6 (with --blue-g6).
    #[arg(long, requires = "blue_g6", conflicts_with = "line")]
    pub red_g6: Option<String>,
    /// The blue graph of a position, in graph6 (with --red-g6).
    #[arg(long, requires = "red_g6")]
    pub blue_g6: Option<String>,
    /// A strategy certificate (format version 2, as `verify --cert` writes
    /// it; gzipped or not) to walk with --html: her moves as it says, his
    /// replies (one per orbit) as the reader picks; with --line, the walk
    /// starts after those moves (to go on where a big certificate's page
    /// was cut).
    #[arg(long, value_name = "FILE", requires = "html", conflicts_with_all = ["from_json", "g6", "red_g6"])]
    pub cert: Option<PathBuf>,
    /// With --cert: the most turns the page holds (breadth first; the rest
    /// is marked as cut on the page).
    #[arg(long, value_name = "N", requires = "cert", default_value_t = DEFAULT_TURNS)]
    pub walk_turns: usize,
    /// Vertex names, e.g. "0=a,1=b"; unnamed vertices show their number.
    #[arg(long)]
    pub names: Option<String>,
    /// k of the K_k both players build [default: the JSON file's target, else 4].
    #[arg(long, value_parser = parse_clique)]
    pub clique: Option<usize>,
    /// `inf` for K_aleph0, or n for K_n [default: the JSON file's board, else inf].
    #[arg(long, value_parser = parse_board)]
    pub board: Option<Board>,
    /// Title of the picture.
    #[arg(long)]
    pub title: Option<String>,
    #[command(flatten)]
    pub picture: PictureArgs,
}

pub fn parse_clique(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(k) if (2..=16).contains(&k) => Ok(k),
        _ => Err(format!("the clique size must be a number from 2 to 16, not `{s}`")),
    }
}

pub fn run(args: ShowArgs) -> Result<(), Failure> {
    if let Some(path) = &args.cert {
        return walk(path, &args);
    }
    let mut names = parse_names(args.names.as_deref().unwrap_or(""))?;
    let (text, figure) = if let Some(path) = &args.from_json {
        let json = read_json_line(path)?;
        let game = Game::clique(args.clique.or(json.clique).unwrap_or(DEFAULT_CLIQUE));
        let board = args.board.or(json.board).unwrap_or(Board::Infinite);
        let mut all_names = json.names;
        all_names.append(&mut names);
        let (moves, ending) = checked_line(json.moves, board, game, json.ending)?;
        let title = args.title.as_deref().unwrap_or(&json.title);
        show_line(moves, ending, all_names, game, title, args.picture.number_from)
    } else if let Some(text) = &args.line {
        let game = Game::clique(args.clique.unwrap_or(DEFAULT_CLIQUE));
        let moves = parse_moves(text, &names)?;
        let (moves, ending) = checked_line(moves, args.board.unwrap_or(Board::Infinite), game, None)?;
        let title = args.title.as_deref().unwrap_or("line");
        show_line(moves, ending, names, game, title, args.picture.number_from)
    } else {
        let game = Game::clique(args.clique.unwrap_or(DEFAULT_CLIQUE));
        let board = args.board.unwrap_or(Board::Infinite);
        let position = match (&args.g6, &args.red_g6, &args.blue_g6) {
            (Some(both), _, _) => decode_position(both, board),
            (None, Some(red), Some(blue)) => decode_pair(red, blue, board),
            _ => unreachable!("clap requires an input"),
        }
        .map_err(|e| e.to_string())?;
        show_position(&position, &names, game, args.title.as_deref().unwrap_or("position"))
    };
    output::print(&text)?;
    args.picture.write(&figure)
}

/// `--cert F --html P`: the certificate's walk as a page.
fn walk(path: &Path, args: &ShowArgs) -> Result<(), Failure> {
    if args.picture.svg.is_some() || args.picture.dot.is_some() {
        return Err(Failure::BadInput(
            "a certificate is walked on a page: --cert takes --html, not --svg or --dot".into(),
        ));
    }
    let html = args.picture.html.as_ref().expect("clap requires --html");
    check_writable(html)?;
    let cert = StrategyCertificate::read(path).map_err(Failure::BadInput)?;
    let names = parse_names(args.names.as_deref().unwrap_or(""))?;
    let prefix: Vec<_> = match &args.line {
        Some(text) => parse_moves(text, &names)?.into_iter().map(|m| m.edge).collect(),
        None => Vec::new(),
    };
    let walk = Walk::of(&cert, args.walk_turns.max(1), &prefix).map_err(Failure::BadInput)?;
    let board = match cert.board {
        Board::Infinite => "K_aleph0".to_string(),
        ref b => format!("K_{}", b.capacity()),
    };
    // The walk has checked that the empty board has an entry; its depth is
    // what the certificate proves, the header's bound only what it claims.
    let needs = cert
        .her_move(&Position::empty(cert.board.clone()))
        .map_or(cert.bound, |(_, d)| d);
    let claim = format!(
        "{} game on {board}: she wins within {needs} of her moves (bound {})",
        cert.game.target_name(),
        cert.bound
    );
    let cut = match walk.cut {
        0 => "every turn of the strategy is on the page".to_string(),
        n => format!(
            "{} cut where the page was full (at most {} turns)",
            count(n, "line", "lines"),
            args.walk_turns
        ),
    };
    let title = args
        .title
        .clone()
        .unwrap_or_else(|| format!("certificate {}: {claim}", path.display()));
    let legend = [format!("{} turns on the page; {cut}", walk.nodes.len())];
    write_file(html, walk_to_html(&walk, &title, &legend))?;
    output::println(format_args!(
        "{claim}\n{}\nwalk written to {}",
        legend[0],
        html.display()
    ))
}

/// Text and figure of a checked line; `ending` is `None` for a line that
/// stops before the game is decided.
fn show_line(
    moves: Vec<PlayedMove>,
    ending: Option<Ending>,
    names: BTreeMap<Vertex, String>,
    game: Game,
    title: &str,
    first: usize,
) -> (String, Figure) {
    let Some(ending) = ending else {
        return show_unfinished(moves, names, game, title, first);
    };
    let line = Line {
        moves,
        ending,
        names: names.into_iter().collect(),
    };
    (
        line.to_text_from(game, first),
        Figure::from_line(&line, game, title, first),
    )
}

/// An undecided line: its moves, then the threats on the board.
pub(super) fn show_unfinished(
    moves: Vec<PlayedMove>,
    names: BTreeMap<Vertex, String>,
    game: Game,
    title: &str,
    first: usize,
) -> (String, Figure) {
    let end = format!(
        "end: no {} yet after {}",
        game.target_name(),
        crate::core::words::count(moves.len(), "move", "moves")
    );
    // `from_line` needs an ending; this one is replaced by `end` below and
    // never shown.
    let line = Line {
        moves,
        ending: Ending::Draw,
        names: names.into_iter().collect(),
    };
    let mut figure = Figure::from_line(&line, game, title, first);
    figure.legend = vec![end.clone()];
    let figure = figure.with_threats(&line.final_position(Board::Infinite), game);
    let mut text = line.moves_text(first);
    for legend in &figure.legend {
        text.push_str(legend);
        text.push('\n');
    }
    (text, figure)
}

/// Text and figure of a position: graph6, edge lists, threats.
fn show_position(position: &Position, names: &BTreeMap<Vertex, String>, game: Game, title: &str) -> (String, Figure) {
    let figure = Figure::from_position(position, names, game, title);
    let mut text = format!("position {} (graph6 red:blue)\n", encode_position(position));
    for player in [Player::First, Player::Second] {
        let edges: Vec<String> = position
            .edges(player)
            .into_iter()
            .map(|e| figure.edge_name(e))
            .collect();
        text.push_str(&format!(
            "{:<5} {}\n",
            format!("{}:", player.colour_name()),
            edges.join(", ")
        ));
    }
    for legend in &figure.legend {
        text.push_str(legend);
        text.push('\n');
    }
    (text, figure)
}
