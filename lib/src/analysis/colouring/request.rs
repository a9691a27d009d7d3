//! One colouring question stated as a user states it (`colour --game`,
//! `--game-chromatic`, `--linear-only`: text for the graph, the order and
//! the owners) and its answer: which search answers it is decided here, so
//! the command line and a program asking the same get the same answer and
//! the same refusals.

use super::chromatic::{
    chromatic_fits, game_chromatic, game_chromatic_certified, ChromaticError, GameChromatic, MAX_CERT_COLOURS,
};
use super::linear_only::{decide_linear, LinearVerdict, NoExactSearch};
use super::parts::{game_chromatic_in_parts, PartsError, PartsRequest, PartsWritten};
use super::report::SolvedGame;
use crate::core::board::Player;
use crate::engine::{Limits, Stopped};
use crate::games::colouring::input::{read_graph, EdgeList};
use crate::games::colouring::{
    parse_order, parse_owners, ColouringError, ColouringGame, Graph, GraphError, OrderError, Rules,
};
use crate::verify::cert::colouring::{ColouringCertificate, Ends};

/// An ordered game's order and owners, each defaulted where `None`.
type OrderAndOwners = (Option<Vec<usize>>, Option<Vec<Player>>);

/// A colouring question as text (the command line's flags).
#[derive(Clone, Debug, Default)]
pub struct ColourRequest {
    /// The rules (`--game`); needed unless chi_g is asked.
    pub game: Option<Rules>,
    /// The graph as [`read_graph`] reads it (`--graph`).
    pub graph: Option<String>,
    /// Colours (`--colours`); needed with [`ColourRequest::game`].
    pub colours: Option<usize>,
    /// Ordered games: the colouring order ([`parse_order`]).
    pub order: Option<String>,
    /// Ordered games: who colours each vertex ([`parse_owners`]).
    pub owner: Option<String>,
    /// Decide by the linear-time theorems alone, with no exact search.
    pub linear_only: bool,
    /// Ask chi_g instead of one game.
    pub game_chromatic: bool,
    /// A picture of an optimal line will be drawn, which the linear-time
    /// theorems do not give.
    pub picture: bool,
    /// Write a certificate of the answer (format version 12; 7 in ordered games), its lines of
    /// player 1's wins ending as said: only exact searches give one.
    pub certificate: Option<Ends>,
    /// chi_g's certificate in parts, written to a folder (format version
    /// 11), instead of one file; its lines ending as `certificate` says.
    pub parts: Option<PartsRequest>,
}

/// Why a question has no answer: unusable text or flags (the command
/// line's exit code 2), or a search stopped at a limit (exit code 3).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ColourError {
    /// No graph.
    #[error("--graph is required")]
    NoGraph,
    /// Neither a game nor chi_g.
    #[error("give --game scg|sccg|cg|ccg, or --game-chromatic")]
    NoGame,
    /// A game without its number of colours.
    #[error("--colours is required with --game")]
    NoColours,
    /// The graph is unreadable or too large for the exact solver.
    #[error(transparent)]
    Graph(#[from] GraphError),
    /// The order or the owners are unreadable.
    #[error(transparent)]
    Order(#[from] OrderError),
    /// The game cannot be set up (colours, order, owners).
    #[error(transparent)]
    Game(#[from] ColouringError),
    /// chi_g cannot be asked of the graph.
    #[error(transparent)]
    Chromatic(#[from] ChromaticError),
    /// No exact search, and no linear-time theorem for what was asked.
    #[error("{0}: only --game scg|sccg --colours 2 (Theorems 3.1, 3.3), without --game-chromatic or --svg")]
    NotLinear(NoExactSearch),
    /// A search reached a limit (memory cap).
    #[error(transparent)]
    Stopped(#[from] Stopped),
    /// A certificate asked for where none can be written.
    #[error("--cert: {0}")]
    Certificate(String),
    /// A certificate in parts not written (a memory cap, or a file).
    #[error(transparent)]
    Parts(#[from] PartsError),
}

/// A certificate cannot name `colours` colours (one symbol each).
fn too_many_colours(colours: usize) -> ColourError {
    ColourError::Certificate(format!(
        "a certificate names at most {MAX_CERT_COLOURS} colours, this question may need {colours}"
    ))
}

/// The answer to a [`ColourRequest`].
#[derive(Clone, Debug)]
pub enum ColourAnswer {
    /// One game solved exactly.
    Game(SolvedGame),
    /// One ordered game with two colours decided by its theorem.
    Linear(LinearVerdict),
    /// chi_g with the games proving it.
    Chromatic(GameChromatic),
    /// chi_g, its certificate written in parts.
    ChromaticInParts(GameChromatic, PartsWritten),
}

impl ColourAnswer {
    /// The answer as text, one fact a line.
    pub fn to_text(&self) -> String {
        match self {
            ColourAnswer::Game(solved) => solved.to_text(),
            ColourAnswer::Linear(verdict) => verdict.to_text(),
            ColourAnswer::Chromatic(chromatic) => chromatic.to_text(),
            ColourAnswer::ChromaticInParts(chromatic, written) => chromatic.to_text() + &written.to_text(),
        }
    }

    /// The answer as one JSON object.
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            ColourAnswer::Game(solved) => solved.to_json(),
            ColourAnswer::Linear(verdict) => verdict.to_json(),
            ColourAnswer::Chromatic(chromatic) => chromatic.to_json(),
            ColourAnswer::ChromaticInParts(chromatic, written) => {
                let mut json = chromatic.to_json();
                json["parts"] = written.to_json();
                json
            }
        }
    }
}

impl ColourRequest {
    /// Answers the question: by the linear-time theorems where asked, or
    /// where the graph is too large for the exact solver; else chi_g or
    /// the one game, by exact searches capped at `limits`' memory cap.
    pub fn answer(&self, limits: Limits) -> Result<ColourAnswer, ColourError> {
        let text = self.graph.as_deref().ok_or(ColourError::NoGraph)?;
        let list = read_graph(text)?;
        let graph = match Graph::from_edge_list(&list) {
            Ok(graph) if !self.linear_only => graph,
            _ if self.certificate.is_some() => {
                return Err(ColourError::Certificate(
                    "the linear-time theorems prove no strategy".into(),
                ))
            }
            fits => return Ok(ColourAnswer::Linear(self.linear(text, &list, fits.err())?)),
        };
        if self.game_chromatic {
            chromatic_fits(&graph)?;
            if self.certificate.is_some() && graph.max_degree() + 1 > MAX_CERT_COLOURS {
                return Err(too_many_colours(graph.max_degree() + 1));
            }
            let solved = match (self.certificate, &self.parts) {
                (Some(ends), Some(parts)) => {
                    let (solved, written) = game_chromatic_in_parts(&graph, limits, ends, parts)?;
                    return Ok(ColourAnswer::ChromaticInParts(solved, written));
                }
                (Some(ends), None) => game_chromatic_certified(&graph, limits, ends)?,
                (None, _) => game_chromatic(&graph, limits)?,
            };
            return Ok(ColourAnswer::Chromatic(solved));
        }
        let rules = self.game.ok_or(ColourError::NoGame)?;
        let colours = self.colours.ok_or(ColourError::NoColours)?;
        let (order, owners) = self.order_and_owners()?;
        let game = ColouringGame::new(graph, colours, rules, order, owners)?;
        if self.certificate.is_some() && colours > MAX_CERT_COLOURS {
            return Err(too_many_colours(colours));
        }
        let solved = match self.certificate {
            Some(ends) => SolvedGame::certified(game, limits, ends)?,
            None => SolvedGame::new(game, limits)?,
        };
        Ok(ColourAnswer::Game(solved))
    }

    /// The answer's certificate, if one was asked for and written.
    pub fn certificate_of(answer: &ColourAnswer) -> Option<&ColouringCertificate> {
        match answer {
            ColourAnswer::Game(solved) => solved.certificate.as_ref(),
            ColourAnswer::Chromatic(chromatic) => chromatic.certificate.as_ref(),
            ColourAnswer::Linear(_) | ColourAnswer::ChromaticInParts(..) => None,
        }
    }

    /// The answer by Theorem 3.1 or 3.3 alone; `too_large` says why the
    /// exact solver cannot take the graph, if it cannot.
    fn linear(&self, text: &str, list: &EdgeList, too_large: Option<GraphError>) -> Result<LinearVerdict, ColourError> {
        let why = NoExactSearch(too_large);
        let rules = self.game.filter(|r| r.ordered() && self.colours == Some(2));
        let Some(rules) = rules.filter(|_| !self.game_chromatic && !self.picture) else {
            return Err(ColourError::NotLinear(why));
        };
        let (order, owners) = self.order_and_owners()?;
        Ok(decide_linear(rules, text, list, order.as_deref(), owners, why)?)
    }

    /// The order and the owners read, the order first (its error wins).
    fn order_and_owners(&self) -> Result<OrderAndOwners, OrderError> {
        let order = self.order.as_deref().map(parse_order).transpose()?;
        let owners = self.owner.as_deref().map(parse_owners).transpose()?;
        Ok((order, owners))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(graph: &str, rules: Rules, linear_only: bool) -> Result<ColourAnswer, ColourError> {
        let request = ColourRequest {
            game: Some(rules),
            graph: Some(graph.into()),
            colours: Some(2),
            linear_only,
            ..ColourRequest::default()
        };
        request.answer(Limits::default())
    }

    #[test]
    fn the_theorems_and_the_exact_search_agree() {
        for rules in [Rules::Scg, Rules::Sccg] {
            for graph in ["path:5", "cycle:5", "star:4"] {
                let Ok(ColourAnswer::Linear(fast)) = ask(graph, rules, true) else {
                    panic!("{rules} on {graph}: no linear verdict");
                };
                let Ok(ColourAnswer::Game(exact)) = ask(graph, rules, false) else {
                    panic!("{rules} on {graph}: no exact answer");
                };
                assert_eq!(fast.winner, exact.report.winner.player(), "{rules} on {graph}");
                assert_eq!(exact.linear_time_winner, Some(fast.winner), "{rules} on {graph}");
            }
        }
    }

    #[test]
    fn a_graph_too_large_without_a_theorem_is_refused_saying_why() {
        let err = ask("path:1000", Rules::Cg, false).unwrap_err();
        let too_large = Graph::from_edge_list(&read_graph("path:1000").unwrap()).unwrap_err();
        assert_eq!(err, ColourError::NotLinear(NoExactSearch(Some(too_large))));
        let err = ask("path:3", Rules::Ccg, true).unwrap_err();
        assert!(
            err.to_string().starts_with("--linear-only: only --game scg|sccg"),
            "{err}"
        );
    }
}
