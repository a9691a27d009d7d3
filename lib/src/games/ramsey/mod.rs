//! Slany's graph Ramsey games (W. Slany, "Graph Ramsey games", Sections 3
//! and 6): a board graph G, a target A for each colour, a start colouring
//! (E^r, E^g), and one of several rule sets. Red is Slany's Red (the first
//! colour, [`Player::First`]); his Green is our blue ([`Player::Second`]).
//!
//! Our reading of the rule sets, with the definition each comes from:
//! - [`Rules::Achieve`] (Def. 3.4): a player who completes a monochromatic
//!   copy of their target wins at once. A full board without one is a draw
//!   (Slany's discussion after Def. 3.4/3.5: the uncompleted game is a draw).
//! - [`Rules::AchieveSecond`] (Def. 3.5, Achieve'): the same, but a draw
//!   counts as a win for the second player (the one who did not move first
//!   from the start position).
//! - [`Rules::Maker`] (Def. 3.6, Achieve'', the weak game): only the first
//!   player's target counts; the second player only blocks and wins when
//!   the board is full without the first player's target.
//! - [`Rules::Avoid`] (Def. 3.1): a move that would complete the mover's
//!   target is illegal; the first player unable to move loses (also when no
//!   edge is left at all).
//! - [`Rules::Misere`] (Def. 3.2, Avoid'): completing one's own target
//!   loses at once; a full board without a completed target is a tie
//!   (reported as a draw).
//! - [`Rules::AvoidPlus`] (Def. 3.3): as Avoid, but a move colours any
//!   nonempty set of free edges; the set must not complete the mover's
//!   target (the mover's whole new colour class must stay free of it).
//! - [`Rules::MiserePlus`] (Observation 4.1's misère variant of Avoid+): a
//!   move colours any nonempty set of free edges; completing one's own
//!   target loses at once; a full board without one is a draw.
//! - [`Rules::SharedAvoid`] (not Slany's: the one-colour avoidance game of
//!   Hajnal's triangle-free game, `--target K3`; Seress, "On Hajnal's
//!   triangle-free game", and Gordinowicz and Prałat): both players add
//!   edges to one common graph, a move may not complete a copy of the
//!   target in that graph, and the player unable to move loses (normal
//!   play; no draws). Both players have the one target. Who claimed an
//!   edge is kept (for lines and pictures) but never read: legality, the
//!   end and the canonical form look only at the common graph, so two
//!   positions with the same common graph and mover are one position.
//!
//! Who moves first is part of the game ([`RamseyGame::first`]); "first" and
//! "second player" in the rules above mean the order of play from the
//! start position, whatever the colours.

use super::pattern::Pattern;
use super::{FinalScore, Symmetric};

mod endgame;
mod hints;
mod notation;
mod reduced;
mod rules;
mod sim;
mod triangle_free;
use crate::core::board::{clique_within, Edge, Player, Vertex, VertexSet};
use crate::core::board::{IllegalMove, Position};
use crate::core::canon::{canonical_graph, canonical_position};
use crate::core::symmetry::Canonical;
pub use hints::meeting_edges;
pub use rules::Rules;

/// The result of a finished game, ordered from red's point of view.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Outcome {
    /// Blue (Slany's Green) wins.
    BlueWins,
    /// Nobody wins (a full board, or a tie).
    Draw,
    /// Red wins.
    RedWins,
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(self) -> Option<Player> {
        match self {
            Outcome::RedWins => Some(Player::First),
            Outcome::BlueWins => Some(Player::Second),
            Outcome::Draw => None,
        }
    }

    /// The outcome where `player` wins.
    pub fn win_for(player: Player) -> Outcome {
        match player {
            Player::First => Outcome::RedWins,
            Player::Second => Outcome::BlueWins,
        }
    }
}

/// A graph Ramsey game: board and start colouring, targets, rules.
#[derive(Clone, Debug)]
pub struct RamseyGame {
    start: Position,
    /// Targets of red and blue.
    targets: [Pattern; 2],
    rules: Rules,
    /// Who moves first from the start position.
    first: Player,
    /// Whether every two edges of the target share a vertex (a shortcut
    /// of the one-colour game holds then: `hints.rs`).
    meeting: bool,
    /// Whether the board contains K6, so that a game with K3 targets never
    /// fills it without a monochromatic triangle (`sim.rs`).
    forced_end: bool,
}

/// Why a game statement is not playable.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StatementError {
    /// A start edge is not on the board or coloured twice.
    #[error("start position: {0}")]
    Start(#[from] IllegalMove),
    /// A target has more vertices than the board.
    #[error("target {target} has {need} vertices, the board only {have}")]
    TargetTooLarge {
        /// The target.
        target: String,
        /// Its vertices.
        need: usize,
        /// The board's.
        have: usize,
    },
    /// Someone already owns their target at the start.
    #[error("the game is already over: {0} owns its target in the start position")]
    AlreadyOver(&'static str),
    /// The one-colour game with two different targets.
    #[error("{0} has one target for both players (one common graph): give --target A")]
    SharedTargets(Rules),
    /// A set-move game with too many free edges to list its moves.
    #[error("{rules} lists every subset of the free edges: at most {max} free edges, not {free}")]
    TooManyFreeEdges {
        /// The rules.
        rules: Rules,
        /// Free edges at the start.
        free: usize,
        /// The most supported.
        max: usize,
    },
}

/// Most free edges a set-move game may start with (its moves are subsets).
pub const MAX_SET_MOVE_EDGES: usize = 21;

impl RamseyGame {
    /// The game from `start` (board and colours), with the targets of red
    /// and blue, the rules, and the player who moves first from `start`
    /// (Slany: play starts at the precoloured position (E^r, E^g); the
    /// player to move there is the first player of the rules).
    pub fn new(
        mut start: Position,
        targets: [Pattern; 2],
        rules: Rules,
        first: Player,
    ) -> Result<RamseyGame, StatementError> {
        start.set_to_move(first);
        let have = start.vertex_count();
        for t in &targets {
            if t.vertex_count() > have {
                return Err(StatementError::TargetTooLarge {
                    target: t.name().to_string(),
                    need: t.vertex_count(),
                    have,
                });
            }
        }
        let same = |a: &Pattern, b: &Pattern| a.vertex_count() == b.vertex_count() && a.edges() == b.edges();
        if rules.shared() && !same(&targets[0], &targets[1]) {
            return Err(StatementError::SharedTargets(rules));
        }
        let free = start.free_edges().len();
        if rules.sets() && free > MAX_SET_MOVE_EDGES {
            return Err(StatementError::TooManyFreeEdges {
                rules,
                free,
                max: MAX_SET_MOVE_EDGES,
            });
        }
        let meeting = meeting_edges(&targets[0]);
        let forced_end = sim::forces_triangle(&start);
        let game = RamseyGame {
            start,
            targets,
            rules,
            first,
            meeting,
            forced_end,
        };
        for player in [Player::First, Player::Second] {
            if game.counts(player) && game.owns_target(&game.start, player) {
                return Err(StatementError::AlreadyOver(player.colour_name()));
            }
        }
        Ok(game)
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The player who moves first.
    pub fn first(&self) -> Player {
        self.first
    }

    /// The target of `player`.
    pub fn target(&self, player: Player) -> &Pattern {
        &self.targets[player as usize]
    }

    /// Whether `player`'s target matters under the rules (in the weak game
    /// only the first player's does).
    fn counts(&self, player: Player) -> bool {
        self.rules != Rules::Maker || player == self.first
    }

    /// The neighbours of `v` in the graph where `player`'s target is
    /// looked for: `player`'s colour, or under [`Rules::SharedAvoid`] the
    /// common graph of both colours.
    pub fn neighbours(&self, position: &Position, player: Player, v: Vertex) -> VertexSet {
        match self.rules.shared() {
            true => position.neighbours(Player::First, v) | position.neighbours(Player::Second, v),
            false => position.neighbours(player, v),
        }
    }

    /// The edges of a copy of `player`'s target that `player` owns (under
    /// [`Rules::SharedAvoid`], in the common graph), if any.
    pub fn target_copy(&self, position: &Position, player: Player) -> Option<Vec<Edge>> {
        let adj = |v: Vertex| self.neighbours(position, player, v);
        self.target(player).copy_in(&adj, position.vertex_count())
    }

    /// Whether `player` owns a copy of their target (under
    /// [`Rules::SharedAvoid`], whether the common graph contains it).
    pub fn owns_target(&self, position: &Position, player: Player) -> bool {
        let adj = |v: Vertex| self.neighbours(position, player, v);
        self.target(player).contained_in(&adj, position.vertex_count())
    }

    /// `position` as certificates write it: under [`Rules::SharedAvoid`]
    /// the common graph as red, blue empty (so that the checker, which
    /// compares positions up to colour-keeping isomorphism, compares
    /// common graphs); otherwise `position` itself.
    pub fn as_written(&self, position: &Position) -> Position {
        if !self.rules.shared() {
            return position.clone();
        }
        let mut common = Position::empty(position.board().clone());
        for e in position
            .edges(Player::First)
            .into_iter()
            .chain(position.edges(Player::Second))
        {
            common.claim(e, Player::First).expect("the edges of a position");
        }
        common.set_to_move(position.to_move());
        common
    }

    /// Whether colouring `e` for `player` completes their target (given
    /// that `player` does not own one yet).
    pub fn completes(&self, position: &Position, player: Player, e: Edge) -> bool {
        let (u, v) = e.ends();
        let target = self.target(player);
        if let Some(k) = target.as_clique() {
            let common = self.neighbours(position, player, u) & self.neighbours(position, player, v);
            return k == 2 || clique_within(&|w| self.neighbours(position, player, w), common, k - 2);
        }
        let adj = |w: Vertex| {
            let extra = if w == u {
                1u128 << v
            } else if w == v {
                1u128 << u
            } else {
                0
            };
            self.neighbours(position, player, w) | extra
        };
        target.contains_through(&adj, position.vertex_count(), u, v)
    }

    /// The free edges the player to move may colour alone (under Avoid
    /// rules, those that do not complete their target).
    fn single_moves(&self, position: &Position) -> Vec<Edge> {
        let mover = position.to_move();
        if self.triangle_free() {
            // The same edges in the same (increasing) order, one pass per
            // vertex instead of a triangle test per free edge.
            return triangle_free::LegalEdges::of(position).edges();
        }
        let mut free = position.free_edges();
        if self.rules.forbids_completion() {
            free.retain(|&e| !self.completes(position, mover, e));
        }
        free
    }

    /// Whether this is Hajnal's triangle-free game (the one-colour game
    /// with target K3), whose legal moves `triangle_free.rs` counts.
    fn triangle_free(&self) -> bool {
        self.rules.shared() && self.targets[0].as_clique() == Some(3)
    }

    /// Every nonempty set of free edges the mover may colour at once
    /// (sorted edges); under Avoid+ only sets that keep the mover's colour
    /// free of the target.
    fn set_moves(&self, position: &Position) -> Vec<Vec<Edge>> {
        let free = position.free_edges();
        let mut out = Vec::new();
        let mut chosen = Vec::new();
        self.extend_sets(position, &free, 0, &mut chosen, &mut out);
        out
    }

    fn extend_sets(
        &self,
        position: &Position,
        free: &[Edge],
        from: usize,
        chosen: &mut Vec<Edge>,
        out: &mut Vec<Vec<Edge>>,
    ) {
        for i in from..free.len() {
            let e = free[i];
            if self.rules.forbids_completion() && self.completes(position, position.to_move(), e) {
                continue;
            }
            let mut next = position.clone();
            next.claim(e, position.to_move()).expect("free edge");
            chosen.push(e);
            out.push(chosen.clone());
            self.extend_sets(&next, free, i + 1, chosen, out);
            chosen.pop();
        }
    }

    /// The score of a position in which no move is possible or the board
    /// is full, without a completed target (a draw exactly where
    /// [`Rules::draws`] says).
    fn stuck(&self, position: &Position) -> Outcome {
        match self.rules {
            Rules::Avoid | Rules::AvoidPlus | Rules::SharedAvoid => Outcome::win_for(position.to_move().opponent()),
            Rules::Achieve | Rules::Misere | Rules::MiserePlus => Outcome::Draw,
            Rules::AchieveSecond | Rules::Maker => Outcome::win_for(self.first.opponent()),
        }
    }

    /// The outcome once `player` has completed their target.
    fn completed_by(&self, player: Player) -> Outcome {
        match self.rules {
            Rules::Misere | Rules::MiserePlus => Outcome::win_for(player.opponent()),
            _ => Outcome::win_for(player),
        }
    }
}

/// The winner hurries, the loser delays (Slany's optimal play).
impl FinalScore for Outcome {
    fn hurries(self) -> Option<Player> {
        self.winner()
    }
}

impl super::Rules for RamseyGame {
    type Position = Position;
    type Move = Vec<Edge>;
    type Score = Outcome;

    fn start(&self) -> Position {
        self.start.clone()
    }

    fn to_move(&self, position: &Position) -> Player {
        position.to_move()
    }

    fn outcome(&self, position: &Position) -> Option<Outcome> {
        // The player who just moved is the only one who can have completed
        // a target (positions are only made by play from a start without one).
        let last = position.to_move().opponent();
        if self.counts(last) && !self.rules.forbids_completion() && self.owns_target(position, last) {
            return Some(self.completed_by(last));
        }
        let stuck = if self.rules.forbids_completion() {
            self.single_moves(position).is_empty()
        } else {
            position.is_full()
        };
        stuck.then(|| self.stuck(position))
    }

    fn moves(&self, position: &Position) -> Vec<Vec<Edge>> {
        if self.rules.sets() {
            self.set_moves(position)
        } else {
            self.single_moves(position).into_iter().map(|e| vec![e]).collect()
        }
    }

    fn play(&self, position: &Position, m: &Vec<Edge>) -> Position {
        let mut next = position.clone();
        for &e in m {
            next.claim(e, position.to_move()).expect("moves are free board edges");
        }
        next.set_to_move(position.to_move().opponent());
        next
    }
}

impl Symmetric for RamseyGame {
    /// Under [`Rules::SharedAvoid`] the canonical form of the common graph
    /// (as red, labelled as a plain graph: [`canonical_graph`]): positions
    /// with the same common graph and mover have the same value, since no
    /// rule reads who claimed an edge.
    fn canonical(&self, position: &Position) -> Canonical<Position> {
        match self.rules.shared() {
            true => canonical_graph(&self.as_written(position)),
            false => canonical_position(position),
        }
    }

    fn relabel_move(&self, m: &Vec<Edge>, perm: &[Vertex]) -> Vec<Edge> {
        let mut image: Vec<Edge> = m.iter().map(|e| e.map(|v| perm[v as usize])).collect();
        image.sort_unstable();
        image
    }
}
