//! The colouring games as a game of the engine ([`crate::games::Rules`] and the
//! other capabilities; rules read in the parent module).

use super::canonical::Form;
use super::graph::Graph;
use super::position::{ColourPosition, Slot, UNCOLOURED};
use crate::core::board::{members, Player, Vertex, MAX_VERTICES};
use crate::core::symmetry::Canonical;
use crate::core::words::count;
use crate::games::{FinalScore, Notation, Symmetric, Value};

mod engine;

/// Bodlaender's four colouring games (see the parent module).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Rules {
    /// SEQUENTIAL COLORING GAME: ordered, unable to move loses.
    Scg,
    /// SEQUENTIAL COLORING CONSTRUCTION GAME: ordered, player 1 wins iff
    /// every vertex gets coloured.
    Sccg,
    /// COLORING GAME: any vertex, unable to move loses.
    Cg,
    /// COLORING CONSTRUCTION GAME: any vertex, player 1 wins iff every
    /// vertex gets coloured.
    Ccg,
}

impl Rules {
    /// Every rule set.
    pub const ALL: [Rules; 4] = [Rules::Scg, Rules::Sccg, Rules::Cg, Rules::Ccg];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Rules::Scg => "scg",
            Rules::Sccg => "sccg",
            Rules::Cg => "cg",
            Rules::Ccg => "ccg",
        }
    }

    /// Whether a linear order fixes the vertex of each move.
    pub fn ordered(self) -> bool {
        matches!(self, Rules::Scg | Rules::Sccg)
    }

    /// Whether player 1 wins exactly when every vertex gets coloured.
    pub fn construction(self) -> bool {
        matches!(self, Rules::Sccg | Rules::Ccg)
    }
}

crate::games::named_on_command_line!(Rules, "colouring game");

/// Who won; player 1 ([`Player::First`]) is the larger score.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Winner {
    /// Player 2 wins.
    Second,
    /// Player 1 wins.
    First,
}

impl Winner {
    /// The winning player.
    pub fn player(self) -> Player {
        match self {
            Winner::First => Player::First,
            Winner::Second => Player::Second,
        }
    }

    /// The score of a win for `player`.
    pub fn of(player: Player) -> Winner {
        match player {
            Player::First => Winner::First,
            Player::Second => Winner::Second,
        }
    }
}

/// One move: colour vertex `v` with colour `c` (`1..=k`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ColourMove {
    /// The vertex.
    pub v: Vertex,
    /// The colour, `1..=k`.
    pub c: u8,
}

/// Why a colouring game cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ColouringError {
    /// No colours.
    #[error("the number of colours must be at least 1")]
    NoColours,
    /// Vertices plus colours exceed what the canonical form holds.
    #[error("{} and {}: at most {MAX_VERTICES} together", count(.n, "vertex", "vertices"), count(.k, "colour", "colours"))]
    TooLarge {
        /// Vertices.
        n: usize,
        /// Colours.
        k: usize,
    },
    /// The order is not a permutation of the vertices.
    #[error("the order must list each of the {} exactly once", count(.0, "vertex", "vertices"))]
    NotAPermutation(usize),
    /// The owner list does not have one entry per vertex.
    #[error("the owner list has {}, the graph {}", count(.found, "entry", "entries"), count(.n, "vertex", "vertices"))]
    OwnerLength {
        /// Entries given.
        found: usize,
        /// Vertices.
        n: usize,
    },
    /// An order or owners for a game without a fixed order.
    #[error("{0} has no fixed order: --order and --owner are for scg and sccg")]
    Unordered(Rules),
}

/// A colouring game: graph, number of colours, rules, and for ordered
/// games the order and the owners.
#[derive(Clone, Debug)]
pub struct ColouringGame {
    graph: Graph,
    colours: u8,
    rules: Rules,
    start: ColourPosition,
    /// Whether construction games end once every vertex is safe.
    early_win: bool,
    /// Whether only the winner is asked (tokens then count modulo 2).
    winner_only: bool,
    /// Whether canonical forms are exact ([`ColouringGame::for_certificates`]).
    exact: bool,
    /// Whether a winner-only search keeps every token instead of their
    /// parity ([`ColouringGame::for_certified_search`]).
    whole_tokens: bool,
}

impl ColouringGame {
    /// The game on `graph` with `k` colours. Ordered games take `order`
    /// (`order[t]` is coloured at move `t`; default `0, 1, ..., n-1`) and
    /// `owners` (`owners[v]` colours `v`; default: player 1 the vertices
    /// due at even `t`, counting from 0).
    pub fn new(
        graph: Graph,
        k: usize,
        rules: Rules,
        order: Option<Vec<usize>>,
        owners: Option<Vec<Player>>,
    ) -> Result<ColouringGame, ColouringError> {
        let n = graph.n();
        if k == 0 {
            return Err(ColouringError::NoColours);
        }
        if n + k > MAX_VERTICES {
            return Err(ColouringError::TooLarge { n, k });
        }
        if !rules.ordered() && (order.is_some() || owners.is_some()) {
            return Err(ColouringError::Unordered(rules));
        }
        let (due, owners) = due_and_owners(n, order.as_deref(), owners)?;
        let mut due: Vec<u8> = due.into_iter().map(|t| t as u8).collect();
        if !rules.ordered() {
            due.fill(0);
        }
        let second_owns = (0..n)
            .filter(|&v| rules.ordered() && owners[v] == Player::Second)
            .fold(0, |s, v| s | 1 << v);
        let slots = (0..n)
            .map(|v| Slot {
                row: graph.rows()[v],
                forbidden: 0,
                colour: UNCOLOURED,
                due: due[v],
            })
            .collect();
        let mut start = ColourPosition {
            slots,
            uncoloured: crate::core::board::first_n(n),
            second_owns,
            to_move: Player::First,
            colours: k as u8,
        };
        if rules.ordered() {
            start.to_move = next_due(&start).map_or(Player::First, |v| owner(&start, v));
        }
        Ok(ColouringGame {
            graph,
            colours: k as u8,
            rules,
            start,
            early_win: true,
            winner_only: false,
            exact: false,
            whole_tokens: false,
        })
    }

    /// The same game, but construction games go on to the last vertex
    /// instead of ending when every vertex is safe (for certifying that a
    /// strategy always has a legal move, not only that it wins).
    pub fn played_out(mut self) -> ColouringGame {
        self.early_win = false;
        self
    }

    /// The same game for searches that ask only who wins, never how long
    /// optimal play lasts (the engine's score-only search): in the CG and
    /// the CCG its canonical form counts tokens modulo 2, which keeps every
    /// winner but not lengths ([`super::canonical`], simplification 2).
    pub fn for_winner_only(mut self) -> ColouringGame {
        self.winner_only = true;
        self
    }

    /// The same game for a winner-only search whose strategy a certificate
    /// is read off: [`ColouringGame::for_winner_only`]'s quick values, but
    /// the canonical forms of [`ColouringGame::for_certificates`] (tokens
    /// counted, not their parity). The certificate's walk then labels a
    /// position once and finds the move the search recorded under that
    /// very key ([`crate::engine::Decider::recording`]), instead of
    /// probing moves against the search's table in its own forms (a
    /// labelling per probe). Parity merges few positions: without it the
    /// search of P4 x P7 stores 61,804 positions instead of 57,747, of
    /// P5 x P6 715,448 instead of 706,473. Unordered games only: ordered
    /// ones have no parity, and their certificates exact forms.
    pub fn for_certified_search(mut self) -> ColouringGame {
        self.winner_only = true;
        self.whole_tokens = true;
        self
    }

    /// The same game with the canonical forms of its certificates, whose
    /// checker compares positions by the same relation: in unordered games
    /// up to tokens (simplification 1 of `canonical`, which keeps the
    /// number of uncoloured vertices, so a checker's induction on it still
    /// holds: proofs/FORMAT.md, version 12) but not their parity
    /// (simplification 2, which would let a certificate lean on itself);
    /// in ordered games exact forms (positions merged only when
    /// isomorphic: version 7, whose checker has no tokens). One move per
    /// orbit then covers every move up to that relation. For reading a
    /// strategy off a search into a certificate: tokens make P4 x P7's
    /// (secured) 51,246 entries instead of 298,498.
    pub fn for_certificates(mut self) -> ColouringGame {
        self.winner_only = false;
        self.exact = self.rules.ordered();
        self
    }

    /// The position reached from the start by colouring each vertex `v`
    /// with `colours[v]` (0: uncoloured), in any order: a position keeps
    /// only what the colouring implies (`position`), and in unordered games
    /// the players alternate, so the mover is the parity's. For keeping
    /// positions as `n` bytes (a certificate's walk holds a whole ply of
    /// them, about 17 times smaller so on 32 vertices). The game must go on
    /// there in ordered games (the mover is the next due vertex's owner).
    pub fn position_with(&self, colours: &[u8]) -> ColourPosition {
        let mut p = self.start.clone();
        let mut mover = p.to_move;
        for (v, &c) in colours.iter().enumerate().filter(|&(_, &c)| c != UNCOLOURED) {
            p.colour_in_place(v as Vertex, c);
            mover = mover.opponent();
        }
        p.to_move = match self.rules.ordered() {
            true => next_due(&p).map_or(mover, |v| owner(&p, v)),
            false => mover,
        };
        p
    }

    /// Player 1's move in the CCG where she wins by colouring the unsafe
    /// vertices in time (`ColourPosition::secured`, her turn): the unsafe
    /// vertex with the fewest free colours (ties: the smallest), in its
    /// smallest free colour. After it and any reply of player 2 the
    /// position is secured again: every other unsafe vertex lost at most
    /// two free colours and moved up one place in the list (or left it),
    /// and a list meeting `free(w_j) >= 2j - 1` still does when sorted.
    /// So a strategy playing it keeps the win to the end, where every
    /// vertex is safe. `None` in other games and positions.
    pub fn secured_move(&self, p: &ColourPosition) -> Option<ColourMove> {
        if p.to_move != Player::First || !self.secured(p) {
            return None;
        }
        let v = members(p.uncoloured())
            .filter(|&v| p.slack(v) <= 0)
            .min_by_key(|&v| (p.free_colours(v).count_ones(), v))?;
        Some(ColourMove {
            v,
            c: p.free_colours(v).trailing_zeros() as u8,
        })
    }

    /// Whether player 1 wins the CCG at `p` by colouring the unsafe
    /// vertices in time, whoever moves (`ColourPosition::secured`: sorted
    /// by free colours, the `j`-th unsafe vertex has at least `2j - 1`
    /// free colours, `2j` if player 2 moves). Always false in other games.
    pub fn secured(&self, p: &ColourPosition) -> bool {
        self.rules == Rules::Ccg && p.secured(p.to_move)
    }

    /// Ordered games: the vertex coloured at each move, and whether
    /// player 2 colours it.
    pub fn turns(&self) -> Vec<(Vertex, bool)> {
        let mut order: Vec<Vertex> = (0..self.graph.n() as Vertex).collect();
        order.sort_by_key(|&v| self.start.slots[v as usize].due);
        order
            .into_iter()
            .map(|v| (v, self.start.second_owns >> v & 1 == 1))
            .collect()
    }

    /// The graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The number of colours.
    pub fn colours(&self) -> usize {
        self.colours as usize
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The game in words, e.g. `ccg on path:... (graph6 Bg) with 3 colours`.
    pub fn describe(&self) -> String {
        let mut text = format!(
            "{} on {} with {}",
            self.rules,
            self.graph.graph6(),
            count(self.colours, "colour", "colours")
        );
        if self.rules.ordered() {
            let mut order: Vec<usize> = (0..self.graph.n()).collect();
            order.sort_by_key(|&v| self.start.slots[v].due);
            let owners: String = (0..self.graph.n())
                .map(|v| if self.start.second_owns >> v & 1 == 1 { '2' } else { '1' })
                .collect();
            text += &format!(", order {order:?}, owners {owners}");
        }
        text
    }
}

/// Checks an ordered game's `order` (`order[t]` is coloured at move `t`;
/// default `0, 1, ..., n-1`) and `owners` (one per vertex; default: player
/// 1 the vertices due at even `t`) and returns each vertex's move and the
/// owners.
pub fn due_and_owners(
    n: usize,
    order: Option<&[usize]>,
    owners: Option<Vec<Player>>,
) -> Result<(Vec<usize>, Vec<Player>), ColouringError> {
    let mut due = vec![usize::MAX; n];
    match order {
        Some(order) => {
            for (t, &v) in order.iter().enumerate() {
                if v >= n || due[v] != usize::MAX {
                    return Err(ColouringError::NotAPermutation(n));
                }
                due[v] = t;
            }
            if order.len() != n {
                return Err(ColouringError::NotAPermutation(n));
            }
        }
        None => due.iter_mut().enumerate().for_each(|(v, t)| *t = v),
    }
    let owners = owners.unwrap_or_else(|| {
        due.iter()
            .map(|t| if t % 2 == 0 { Player::First } else { Player::Second })
            .collect()
    });
    if owners.len() != n {
        return Err(ColouringError::OwnerLength { found: owners.len(), n });
    }
    Ok((due, owners))
}

/// The uncoloured vertex due first (ordered games).
fn next_due(p: &ColourPosition) -> Option<Vertex> {
    members(p.uncoloured()).min_by_key(|&v| p.slots[v as usize].due)
}

fn owner(p: &ColourPosition, v: Vertex) -> Player {
    if p.second_owns >> v & 1 == 1 {
        Player::Second
    } else {
        Player::First
    }
}
