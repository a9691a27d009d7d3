//! Games as data: the one abstraction every game of the engine implements.
//!
//! A game says where play starts, whose turn it is, which moves are legal,
//! what a move does, when the game is over and with what score, and how a
//! position is put in canonical form. The search core ([`crate::engine`])
//! needs nothing else, so edge games (Slany's graph Ramsey games, Erdős'
//! scoring games) and vertex games (colouring games) share one search:
//! canonical forms, one move per orbit, transposition table, parallelism,
//! memory cap and progress.
//!
//! Why moves are reduced by orbit: two moves that an automorphism of the
//! canonical position maps onto each other lead to isomorphic positions,
//! and isomorphic positions have the same value. So the core tries one move
//! per orbit of the automorphism group (given by generators, from the
//! canonical labelling) and loses nothing. A game only has to say how a
//! vertex permutation acts on its moves ([`Game::relabel_move`]).
//!
//! Scores are totally ordered from the first colour's point of view (red,
//! Slany's Red, Erdős' Alice): red maximises, the other colour minimises.
//! Where a game ends at different times with the same score, the winner
//! hurries and the loser delays ([`Game::hurries`]).

use crate::core::board::{Player, Vertex};
use crate::core::symmetry::Canonical;
use std::fmt::Debug;
use std::hash::Hash;

/// `Display` and `FromStr` for a closed list of names read from the command
/// line: the type needs `ALL` (every value) and `name(self)`; `$what` says
/// what an unknown name was meant to be, in the error.
macro_rules! named_on_command_line {
    ($type:ty, $what:literal) => {
        impl std::fmt::Display for $type {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl std::str::FromStr for $type {
            type Err = String;

            fn from_str(s: &str) -> Result<$type, String> {
                crate::games::by_name(s, &<$type>::ALL, <$type>::name, $what)
            }
        }
    };
}
pub(crate) use named_on_command_line;

pub mod colex;
pub mod colouring;
pub mod horizon;
pub mod pattern;
pub mod ramsey;
pub mod ranked;
pub mod scoring;
pub mod statement;

/// The item of `all` whose `name` is `text`, or an error naming `what` was
/// asked for and listing every valid name (for rule sets and other closed
/// lists of names read from the command line).
pub fn by_name<T: Copy>(text: &str, all: &[T], name: fn(T) -> &'static str, what: &str) -> Result<T, String> {
    all.iter().copied().find(|&t| name(t) == text).ok_or_else(|| {
        let names: Vec<_> = all.iter().map(|&t| name(t)).collect();
        format!("unknown {what} `{text}`: use one of {}", names.join(", "))
    })
}

/// A two-player game of perfect information, as the engine searches it.
///
/// The position passed to [`Game::moves`] is always canonical (the result
/// of [`Game::canonical`]), so a game may rely on canonical labels there.
pub trait Game: Send + Sync {
    /// A position: the board's state and whatever decides whose turn it is.
    type Position: Clone + Send + Sync + Debug;
    /// One turn: an edge, a set of edges, a (vertex, colour).
    type Move: Clone + Eq + Hash + Send + Sync + Debug;
    /// Final score, ordered from red's point of view (larger is better for
    /// red, the first colour).
    type Score: Copy + Ord + Eq + Hash + Send + Sync + Debug;

    /// The position play starts from.
    fn start(&self) -> Self::Position;
    /// Whose turn it is (red is [`Player::First`], the other colour
    /// [`Player::Second`]).
    fn to_move(&self, position: &Self::Position) -> Player;
    /// The score if the game is over, `None` while it goes on. A position
    /// that is not over must have at least one legal move.
    fn outcome(&self, position: &Self::Position) -> Option<Self::Score>;
    /// Every legal move in a canonical position that is not over.
    fn moves(&self, position: &Self::Position) -> Vec<Self::Move>;
    /// The position after a legal move.
    fn play(&self, position: &Self::Position, m: &Self::Move) -> Self::Position;
    /// The canonical form of a position (any labels).
    fn canonical(&self, position: &Self::Position) -> Canonical<Self::Position>;
    /// The image of a move under a vertex permutation (`perm[v]` is the
    /// image of `v`).
    fn relabel_move(&self, m: &Self::Move, perm: &[Vertex]) -> Self::Move;
    /// Who wants a game with this final score to end sooner: the winner
    /// hurries, the loser delays. `None` where length does not matter.
    fn hurries(&self, score: Self::Score) -> Option<Player>;
    /// A move written for people (e.g. `0-1` or `0-1,2-3`).
    fn move_text(&self, m: &Self::Move) -> String;
    /// A score written for people.
    fn score_text(&self, score: Self::Score) -> String;
    /// A move in JSON output (default: its text).
    fn move_json(&self, m: &Self::Move) -> serde_json::Value {
        serde_json::Value::String(self.move_text(m))
    }
    /// A score in JSON output (default: its text).
    fn score_json(&self, score: Self::Score) -> serde_json::Value {
        serde_json::Value::String(self.score_text(score))
    }
    /// Bounds `(lowest, highest)` on the value of `position` under optimal
    /// play (e.g. on every final score reachable from it), if the game
    /// knows any cheaply; the bounded search ([`crate::engine::bounded`])
    /// prunes with them. The default knows none.
    fn score_bounds(&self, _position: &Self::Position) -> Option<(Self::Score, Self::Score)> {
        None
    }
    /// Whether a child worth `score` ends the search of a node where
    /// `mover` is to move. A node's value is then the value of its *first*
    /// decisive child in move order (children after it are not searched),
    /// else the first best child by [`Value::rank`]. Declare a score
    /// decisive only where any child with it answers the question the
    /// search asks: in strategy verification, any counterexample refutes
    /// (so the value is the first counterexample in reply order, not the
    /// shortest). The default declares none, and the value is the exact
    /// minimax value.
    fn decisive(&self, _mover: Player, _score: Self::Score) -> bool {
        false
    }
    /// The value of a position that is decided without canonical labelling
    /// (a game that has ended, or a sound shortcut), asked of every child
    /// before it is labelled. Such positions are never stored in the table
    /// nor counted among the positions searched: that is the counting
    /// convention of a game that overrides this. The default decides none,
    /// so every finished position is labelled, stored and counted (the
    /// convention of the Ramsey, Erdős and colouring games, whose published
    /// position counts include finished positions).
    fn quick_value(&self, _position: &Self::Position) -> Option<Value<Self::Score>> {
        None
    }
    /// The value of move `m` at a canonical `position` where the game can
    /// tell it without playing the move, asked before [`Game::play`] (e.g.
    /// a reply after which the mover's opponent wins at once). Such children
    /// are never built, labelled or stored, as under [`Game::quick_value`],
    /// and the value must be the one [`Game::quick_value`] would give the
    /// played child. The default decides none.
    fn quick_move_value(&self, _position: &Self::Position, _m: &Self::Move) -> Option<Value<Self::Score>> {
        None
    }
    /// How many plies move `m` adds to the length of a value (default 1;
    /// 0 for a move that only completes a turn, such as her choice among
    /// open options in the strategy game, so that lengths count turns).
    fn plies(&self, _m: &Self::Move) -> u32 {
        1
    }
    /// One move per orbit of the automorphism group of a canonical position
    /// that is not over, in the order the search tries them. The default
    /// keeps the first move of each orbit of [`Game::moves`], in that order.
    fn orbit_moves(&self, canon: &Canonical<Self::Position>) -> Vec<Self::Move> {
        crate::core::symmetry::orbit_representatives(self.moves(&canon.position), &canon.generators, |m, g| {
            self.relabel_move(m, g)
        })
    }
    /// How promising move `m` looks for the player to move in `position`
    /// (higher is tried first by the bounded search; only the order of
    /// search depends on it, never a value). The default ranks all alike.
    fn move_priority(&self, _position: &Self::Position, _m: &Self::Move) -> i32 {
        0
    }
}

/// The value of a position under optimal play: the final score and how
/// many more turns optimal play lasts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Value<S> {
    /// The final score.
    pub score: S,
    /// Turns from this position to the end of optimal play.
    pub plies: u32,
}

impl<S: Copy + Ord> Value<S> {
    /// A key that red maximises and the other colour minimises: the score,
    /// then the length as the side that hurries wants it.
    pub fn rank<G: Game<Score = S>>(&self, game: &G) -> (S, i64) {
        let length = match game.hurries(self.score) {
            Some(Player::First) => -(self.plies as i64),
            Some(Player::Second) => self.plies as i64,
            None => 0,
        };
        (self.score, length)
    }
}
