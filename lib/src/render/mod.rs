//! Pictures of lines and positions, as SVG (for papers and browsers) and
//! DOT (for Graphviz).
//!
//! A [`Figure`] says what to draw, independent of the format: vertices with
//! the strategy's names, red and blue edges numbered in play order (forced
//! answers to threats marked), the completed clique highlighted, and the
//! final double threat in the legend. [`layout`] places vertices and labels
//! deterministically; [`svg`] and [`dot`] write the two formats.

pub mod colouring;
pub mod dot;
pub mod geometry;
pub mod html;
pub mod layout;
pub mod legend;
pub mod played;
pub mod stress;
pub mod svg;
pub mod untangle;
pub mod vertex;

pub use legend::Mark;

use crate::core::board::{first_n, members, Edge, Player, Position, Vertex, VertexSet};
use crate::verify::line::Line;
use crate::verify::strategy::Game;
use std::collections::BTreeMap;

/// An edge as drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawnEdge {
    /// The edge.
    pub edge: Edge,
    /// Owner of a claimed edge; for a threat edge, the threatening player.
    pub player: Player,
    /// Move number (1-based over both players), when the order is known.
    pub number: Option<usize>,
    /// A forced answer to the opponent's threat.
    pub forced: bool,
    /// Part of the completed target clique.
    pub highlight: bool,
    /// Unclaimed: the missing edge of a threat (drawn dotted, no label).
    pub threat: bool,
}

/// Everything a picture shows.
#[derive(Clone, Debug)]
pub struct Figure {
    /// Title above the picture.
    pub title: String,
    /// Touched vertices, in increasing order.
    pub vertices: Vec<Vertex>,
    /// Display names; unnamed vertices show their number.
    pub names: BTreeMap<Vertex, String>,
    /// Claimed edges in play order (or edge order for a position), then
    /// unclaimed threat edges.
    pub edges: Vec<DrawnEdge>,
    /// Lines of text under the picture.
    pub legend: Vec<String>,
    /// Index in `edges` of the move that made the final double threat.
    pub decisive: Option<usize>,
    /// What the step-through page ([`html`]) shows after each move, in play
    /// order; empty when the figure is not a line of moves.
    pub steps: Vec<StepNote>,
}

/// The notes of one step of a line, so that a reader stepping through it
/// sees why the strategy moved and what each player threatens.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct StepNote {
    /// The strategy's stage or rule after this move (empty if none).
    pub stage: String,
    /// Each threatening player's threats after this move, as text.
    pub threats: Vec<String>,
}

impl Figure {
    /// The picture of a whole line: edges numbered in play order from
    /// `first`, the completed clique highlighted, the final double threat in
    /// the legend.
    pub fn from_line(line: &Line, game: Game, title: &str, first: usize) -> Figure {
        let position = line.final_position(crate::core::board::Board::Infinite);
        let clique = match (line.winner(game), line.moves.last()) {
            (Some(winner), Some(last)) => clique_through(&position, winner, last.edge, game.clique),
            _ => 0,
        };
        let edges = line
            .moves
            .iter()
            .enumerate()
            .map(|(i, m)| DrawnEdge {
                edge: m.edge,
                player: m.player,
                number: Some(i + first),
                forced: m.forced,
                highlight: spans(clique, m.edge),
                threat: false,
            })
            .collect();
        let mut legend = vec![format!("end: {}", line.ending.describe(game))];
        legend.extend(line.double_threat_text(game, first));
        Figure {
            title: title.to_string(),
            vertices: members(position.touched()).collect(),
            names: line.names.iter().map(|&(v, _)| (v, line.vertex_name(v))).collect(),
            edges,
            legend,
            decisive: line.final_double_threat(game).map(|t| t.after_move - 1),
            steps: step_notes(line, game),
        }
    }

    /// The picture of a position without move order: claimed edges, plus the
    /// missing edges of each player's threats drawn dotted.
    pub fn from_position(position: &Position, names: &BTreeMap<Vertex, String>, game: Game, title: &str) -> Figure {
        let mut edges = Vec::new();
        let mut legend = Vec::new();
        for player in [Player::First, Player::Second] {
            let clique = position
                .edges(player)
                .into_iter()
                .map(|e| clique_through(position, player, e, game.clique))
                .find(|&c| c != 0)
                .unwrap_or(0);
            if clique != 0 {
                legend.push(format!("{} owns a {}", player.colour_name(), game.target_name()));
            }
            edges.extend(position.edges(player).into_iter().map(|e| DrawnEdge {
                edge: e,
                player,
                number: None,
                forced: false,
                highlight: spans(clique, e),
                threat: false,
            }));
        }
        Figure {
            title: title.to_string(),
            vertices: members(position.touched()).collect(),
            names: names.clone(),
            edges,
            legend,
            decisive: None,
            steps: Vec::new(),
        }
        .with_threats(position, game)
    }

    /// Adds the missing edges of each player's threats in `position` (drawn
    /// dotted) and a legend line per threatening player.
    pub fn with_threats(mut self, position: &Position, game: Game) -> Figure {
        let texts = game.threat_texts(position, |e| self.edge_name(e));
        self.legend.extend(texts);
        for player in [Player::First, Player::Second] {
            let threats = position.threats(player, game.clique);
            self.edges.extend(threats.into_iter().map(|e| DrawnEdge {
                edge: e,
                player,
                number: None,
                forced: false,
                highlight: false,
                threat: true,
            }));
        }
        self
    }

    /// An edge written with display names.
    pub fn edge_name(&self, e: Edge) -> String {
        let (u, v) = e.ends();
        format!("{}-{}", self.name(u), self.name(v))
    }

    /// The display name of `v`.
    pub fn name(&self, v: Vertex) -> String {
        self.names.get(&v).cloned().unwrap_or_else(|| v.to_string())
    }

    /// The text of an edge's tag: `#` and its move number, so that a move
    /// is never read as a vertex called by its number. Forced moves are
    /// told apart by the tag's style, not its text (see [`Mark`]).
    pub fn label(&self, e: &DrawnEdge) -> Option<String> {
        e.number.map(|n| format!("#{n}"))
    }

    /// The marks this picture uses, in the order the legend explains them.
    pub fn marks(&self) -> Vec<Mark> {
        let any = |f: fn(&DrawnEdge) -> bool| self.edges.iter().any(f);
        let used = [
            (Mark::Vertex, !self.vertices.is_empty()),
            (Mark::Red, any(|e| e.player == Player::First && !e.threat)),
            (Mark::Blue, any(|e| e.player == Player::Second && !e.threat)),
            (Mark::Move, any(|e| e.number.is_some())),
            (Mark::Forced, any(|e| e.forced)),
            (Mark::Decisive, self.decisive.is_some()),
            (Mark::Clique, any(|e| e.highlight)),
            (Mark::Threat, any(|e| e.threat)),
        ];
        used.into_iter().filter(|&(_, u)| u).map(|(m, _)| m).collect()
    }

    /// The number of the first move drawn (0 or 1), if moves are numbered.
    pub fn first_number(&self) -> Option<usize> {
        self.edges.iter().filter_map(|e| e.number).min()
    }

    /// The figure with its moves numbered from `first` (0 or 1) instead
    /// of 1, as `--number-from` asks.
    pub fn numbered_from(mut self, first: usize) -> Figure {
        for e in &mut self.edges {
            e.number = e.number.map(|n| n + first - 1);
        }
        self
    }

    /// The legend as text, one line per mark used (for DOT and tests).
    pub fn key(&self) -> Vec<String> {
        self.marks().into_iter().map(|m| m.meaning(self)).collect()
    }
}

/// The colour of a player's edges and tags: a red and a dark blue that stay
/// apart in greyscale print (blue edges are also dashed).
pub fn colour(player: Player) -> &'static str {
    match player {
        Player::First => "#c0392b",
        Player::Second => "#1f4e9c",
    }
}

/// The stage and threats after each move of `line`, replaying it on an
/// unbounded board.
fn step_notes(line: &Line, game: Game) -> Vec<StepNote> {
    let mut position = Position::empty(crate::core::board::Board::Infinite);
    let name = |e: Edge| {
        let (u, v) = e.ends();
        format!("{}-{}", line.vertex_name(u), line.vertex_name(v))
    };
    line.moves
        .iter()
        .map(|m| {
            // A line reaching here was checked when built; a repeated edge
            // would only leave the position as it was.
            let _ = position.claim(m.edge, m.player);
            StepNote {
                stage: m.phase.clone(),
                threats: game.threat_texts(&position, name),
            }
        })
        .collect()
}

/// Whether both ends of `e` lie in the vertex set `clique`.
fn spans(clique: VertexSet, e: Edge) -> bool {
    let (u, v) = e.ends();
    clique >> u & clique >> v & 1 == 1
}

/// The vertices of a `K_k` of `player` containing the claimed edge `e`, or
/// the empty set.
pub fn clique_through(position: &Position, player: Player, e: Edge, k: usize) -> VertexSet {
    let (u, v) = e.ends();
    if position.owner(e) != Some(player) || k < 2 {
        return 0;
    }
    let common = position.neighbours(player, u) & position.neighbours(player, v);
    extend_clique(position, player, 1 << u | 1 << v, common, k - 2)
}

/// Adds `more` vertices from `candidates` to `clique` (all adjacent to it),
/// or returns the empty set if that is impossible.
fn extend_clique(
    position: &Position,
    player: Player,
    clique: VertexSet,
    candidates: VertexSet,
    more: usize,
) -> VertexSet {
    if more == 0 {
        return clique;
    }
    for w in members(candidates) {
        let rest = candidates & position.neighbours(player, w) & !first_n(w as usize + 1);
        let found = extend_clique(position, player, clique | 1 << w, rest, more - 1);
        if found != 0 {
            return found;
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::Board;

    #[test]
    fn finds_the_clique_through_an_edge() {
        let mut p = Position::empty(Board::Infinite);
        for (u, v) in [(0, 1), (0, 2), (1, 2), (0, 3), (1, 3), (2, 3), (3, 4)] {
            p.claim(Edge::new(u, v), Player::First).unwrap();
        }
        assert_eq!(clique_through(&p, Player::First, Edge::new(2, 3), 4), 0b1111);
        assert_eq!(clique_through(&p, Player::First, Edge::new(3, 4), 3), 0);
        assert_eq!(clique_through(&p, Player::Second, Edge::new(2, 3), 3), 0);
    }
}
