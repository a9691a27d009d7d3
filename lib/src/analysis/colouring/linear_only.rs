//! The SCG and the SCCG with two colours decided by the paper's
//! linear-time theorems alone (Theorem 3.3, Theorem 3.1), with no exact
//! search: for graphs far beyond the exact solver's size (a path of a
//! million vertices), or when asked (`colour --linear-only`).

use crate::core::board::Player;
use crate::core::words::count;
use crate::games::colouring::input::EdgeList;
use crate::games::colouring::linear::{linear_theorem, sccg2, scg2, OrderedGame};
use crate::games::colouring::{ColouringError, GraphError, Rules};
use std::time::Instant;

/// Why no exact search was made: it was not asked for, or the graph does
/// not fit the exact solver (the error saying so).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoExactSearch(pub Option<GraphError>);

impl std::fmt::Display for NoExactSearch {
    /// `--linear-only`, or why the graph is too large.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            None => f.write_str("--linear-only"),
            Some(too_large) => write!(f, "{too_large}"),
        }
    }
}

/// The winner of an ordered game with two colours by its theorem.
#[derive(Clone, Debug)]
pub struct LinearVerdict {
    /// The SCG or the SCCG.
    pub rules: Rules,
    /// The graph as the user named it.
    pub graph: String,
    /// Vertices.
    pub vertices: usize,
    /// Edges.
    pub edges: usize,
    /// The winner.
    pub winner: Player,
    /// SCCG won by player 2: the source (a vertex of the graph as given)
    /// where player 2 spoils the colouring.
    pub spoiler: Option<u32>,
    /// Why there was no exact search.
    pub why: NoExactSearch,
    /// Wall time in seconds.
    pub seconds: f64,
}

/// Decides `rules` (the SCG or the SCCG) with two colours on `list`, named
/// `graph` by the user, coloured in `order` by `owners` (checked and
/// defaulted as in [`OrderedGame::new`]).
pub fn decide_linear(
    rules: Rules,
    graph: &str,
    list: &EdgeList,
    order: Option<&[usize]>,
    owners: Option<Vec<Player>>,
    why: NoExactSearch,
) -> Result<LinearVerdict, ColouringError> {
    let started = Instant::now();
    let game = OrderedGame::new(list, order, owners)?;
    let (winner, spoiler) = match rules {
        Rules::Sccg => {
            let analysis = sccg2(&game.graph, &game.second);
            (analysis.winner, analysis.spoiler.map(|t| game.vertex(t)))
        }
        _ => (scg2(&game.graph, &game.second), None),
    };
    Ok(LinearVerdict {
        rules,
        graph: graph.to_string(),
        vertices: list.n,
        edges: list.edges.len(),
        winner,
        spoiler,
        why,
        seconds: started.elapsed().as_secs_f64(),
    })
}

impl LinearVerdict {
    /// The theorem the verdict rests on.
    fn theorem(&self) -> &'static str {
        linear_theorem(self.rules).expect("an ordered game")
    }

    /// The verdict, the theorem and why there was no search, the spoiling
    /// source if any, and the time.
    pub fn to_text(&self) -> String {
        format!(
            "{} on {} ({}, {}) with 2 colours: PLAYER {} WINS\n\
             by Theorem {} (linear time; no exact search: {}){}\ntime: {:.3}s",
            self.rules,
            self.graph,
            count(self.vertices, "vertex", "vertices"),
            count(self.edges, "edge", "edges"),
            self.winner as usize + 1,
            self.theorem(),
            self.why,
            self.spoiler
                .map_or(String::new(), |v| format!("\nplayer 2 spoils at source {v}")),
            self.seconds
        )
    }

    /// One JSON object.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "game": self.rules.name(),
            "graph": self.graph,
            "vertices": self.vertices,
            "edges": self.edges,
            "colours": 2,
            "winner": self.winner as usize + 1,
            "method": format!("theorem {}", self.theorem()),
            "spoiling_source": self.spoiler,
            "seconds": self.seconds,
        })
    }
}
