//! "Can she force a win within `b` of her moves?" in the strong `K_k`
//! achievement game on `K_n` or `K_aleph0`, as a game on the engine's
//! one search core ([`crate::engine::Solver`]), with the driver that asks
//! it ([`BudgetSolver`]): `solve --budget` and the K4 strategies' hub search.
//!
//! # The question, exactly
//!
//! She (red) is to move in the given position; the players alternate. She
//! *wins within `b`* if she can force that one of her next `b` moves (this
//! one included) completes a red `K_k` before he completes a blue one,
//! whatever he plays. On `K_n`, a full board without a `K_k` is a draw, which
//! is not a win; a win on the last free edge counts. `b = 0` never wins. The
//! question does not look at whose turn the edge counts suggest: it always
//! answers for her to move. A position in which a `K_k` is already complete
//! is a finished game: she has no move, so no budget wins.
//! `tests/solve_bruteforce.rs` compares every answer with plain minimax over
//! labelled positions on `K_4` and `K_5`.
//!
//! # The game
//!
//! The question is the engine's one horizon layer
//! ([`crate::games::horizon::Horizon`]) over [`CliqueRace`], the strong
//! `K_k` game as this question sees it; [`BudgetSolver`] asks it. A
//! position of the layer carries her moves left (counting her next one);
//! the score is whether she has won ([`bool`], `true` is better for her). A
//! win is decisive for her and "no win" for him (the question
//! [`crate::games::FirstWins`]), so a node stops at its first winning move
//! (hers) or first escape (his): the search is win-only with cutoffs,
//! sequential, and visits the same positions on every run. The moves left
//! are part of the canonical key. The named vertices of a move filter
//! ([`CliqueRace::restrict_her_moves`]) are part of the canonical form, so
//! positions are only identified when the names correspond.
//!
//! What [`CliqueRace`] tells the layer ([`HorizonHints`]):
//!
//! - *forced moves*: while the player to move has no completion of their
//!   own and the other has exactly one, the player to move blocks it (any
//!   other move lets the other complete; her blocks are never filtered).
//!   The layer plays them inside the move before, without branching, and
//!   her blocks spend her budget;
//! - *quick answers*, before labelling: a completion wins for its owner;
//!   two completions with different missing edges win for their owner,
//!   who is not to move (one move blocks one); with one move of hers left
//!   only a completion wins; with two left and no completion of hers, she
//!   wins only if some free edge would give her a double threat (she has
//!   no completion, his moves and blocks only add blue edges, which never
//!   make one, and her next move must leave two completions, one for him
//!   to block and one for her last move; blue edges only take completions
//!   away, so an edge that does that after his move does it now); with none
//!   left, or on a full board, she has not won. Such positions are not
//!   stored;
//! - *her moves within the budget*: one per orbit of the canonical form,
//!   tried in the order completions, block of his only threat, double
//!   threats, threats, quiet moves (then canonical edge order); quiet moves
//!   and single threats are left out when fewer than three of her moves
//!   remain (with two left only a double threat can win: he blocks a
//!   single one, and his move makes no threat of hers). Resigning never
//!   wins, so offering it changes no value: it is her only move where no
//!   edge can win, so that every position that is not over has a move.
//!
//! # `K_aleph0`
//!
//! Within `b` more moves of hers, at most `2b - 1` edges are played (hers
//! and his in between, forced blocks included), which touch at most
//! `2(2b - 1)` untouched vertices. Untouched vertices are interchangeable
//! (any bijection between them extends to an automorphism of the position),
//! so on any `K_N` with `N >= touched + 2(2b - 1)` every line of `K_aleph0`
//! is played, up to relabelling, and no line runs out of vertices or fills
//! the board: the answer on `K_N` is the answer on `K_aleph0`. Positions on
//! `K_aleph0` are kept on [`MAX_VERTICES`] vertices with the untouched ones
//! alike (the canonical form places them last, and one move to an untouched
//! vertex is offered per orbit), so the question is answered there when
//! `touched + 2(2b - 1) <= MAX_VERTICES` and refused otherwise
//! ([`BudgetError::TooManyVertices`]).

use crate::core::board::{members, Board, Edge, Player, Position, Vertex, VertexSet, MAX_VERTICES};
use crate::core::canon::canonical_form;
use crate::core::memory::Memory;
use crate::core::orbits::edge_orbits;
use crate::core::symmetry::Canonical;
use crate::games::horizon::{HorizonHints, Horizoned};
use crate::games::{Hints, Notation, Rules, Symmetric};

/// Which of her unforced moves may be tried, given the position, the named
/// vertices and the edge, all in the same labels (they are canonical ones
/// during the search, so a filter must only depend on what the names and
/// the position say).
pub type HerMoves = Box<dyn Fn(&Position, &Memory, Edge) -> bool + Send + Sync>;

/// The strong `K_k` game as the budget question plays it (see the module
/// docs): her moves possibly restricted, forced blocks, resignation.
pub struct CliqueRace {
    clique: usize,
    her_moves: Option<HerMoves>,
    /// Named vertices the filter depends on, in the labels of the
    /// positions asked about.
    names: Memory,
    /// The board of [`Rules::start`].
    board: Board,
}

/// A position of the race.
#[derive(Clone, Debug)]
pub struct Race {
    /// The board.
    pub position: Position,
    /// The named vertices, in the position's labels.
    pub names: Memory,
    /// Who is to move.
    pub to_move: Player,
    /// Whether she won, once the game has ended.
    ended: Option<bool>,
    /// The edges that would complete each player's `K_k` now (red, blue).
    completions: [Vec<Edge>; 2],
}
/// A move: an edge, or her resignation (only offered where no edge wins).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Step {
    /// Claim this edge.
    Edge(Edge),
    /// She gives up: the game ends without her win.
    Resign,
}

/// Why a budget question cannot be asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BudgetError {
    /// On `K_aleph0`, the lines within the budget could need more vertices
    /// than a position holds.
    #[error(
        "a budget of {budget} may touch {need} more vertices on K_aleph0; with {touched} touched, at most {MAX_VERTICES} fit"
    )]
    TooManyVertices {
        /// Her moves.
        budget: u32,
        /// Vertices touched already.
        touched: usize,
        /// At most `2(2b - 1)` more.
        need: usize,
    },
}

impl CliqueRace {
    /// The `K_clique` game (`clique >= 2`) starting (for [`Rules::start`])
    /// from the empty `board`, her to move.
    pub fn new(clique: usize, board: Board) -> CliqueRace {
        CliqueRace {
            clique,
            her_moves: None,
            names: Memory::default(),
            board,
        }
    }

    /// Restricts her unforced moves to those `filter` accepts: a "win" then
    /// means a win with her moves so restricted (his stay unrestricted).
    /// Completing her `K_k` and blocking his only threat are forced, never
    /// filtered. `names` are the vertices the filter refers to, in the
    /// labels of the positions that will be asked about.
    pub fn restrict_her_moves(mut self, names: Memory, filter: HerMoves) -> CliqueRace {
        self.her_moves = Some(filter);
        self.names = names;
        self
    }

    /// The `k` of `K_k`.
    pub fn clique(&self) -> usize {
        self.clique
    }

    /// `position` with her to move and `budget` of her moves: `None` if a
    /// `K_k` is already complete (a finished game), an error if the lines
    /// within the budget may not fit on the board.
    pub fn race(&self, position: &Position, budget: u32) -> Result<Option<Horizoned<Race>>, BudgetError> {
        self.race_for(position, budget, Player::First)
    }

    /// [`Self::race`] with `to_move` to move: with him to move, his reply
    /// comes before her `budget` moves, so the lines may touch two more
    /// vertices.
    pub fn race_for(
        &self,
        position: &Position,
        budget: u32,
        to_move: Player,
    ) -> Result<Option<Horizoned<Race>>, BudgetError> {
        let touched = position.touched_count();
        let his = usize::from(to_move == Player::Second);
        let need = 2 * (2 * budget as usize + his).saturating_sub(1);
        if *position.board() == Board::Infinite && touched + need > MAX_VERTICES {
            return Err(BudgetError::TooManyVertices { budget, touched, need });
        }
        if position.has_clique(Player::First, self.clique) || position.has_clique(Player::Second, self.clique) {
            return Ok(None);
        }
        Ok(Some(Horizoned {
            position: self.fresh(position.clone(), to_move),
            left: budget,
        }))
    }

    /// `position` with `to_move` to move and the names.
    fn fresh(&self, position: Position, to_move: Player) -> Race {
        self.with_completions(Race {
            position,
            names: self.names.clone(),
            to_move,
            ended: None,
            completions: [Vec::new(), Vec::new()],
        })
    }
    /// The edges that would complete `player`'s `K_k` now.
    /// `Position::threats` looks only between touched vertices, which is
    /// enough for `k >= 3` (both ends of such an edge have `k - 2` common
    /// neighbours of that colour); for `k = 2` every free edge completes, and
    /// two are listed (all that matters: more than one cannot be blocked).
    fn completions(&self, position: &Position, player: Player) -> Vec<Edge> {
        if self.clique >= 3 {
            return position.threats(player, self.clique);
        }
        let n = position.board().capacity();
        (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| Edge::new(u as Vertex, v as Vertex)))
            .filter(|&e| position.is_free(e))
            .take(2)
            .collect()
    }

    /// Whether free edge `e` completes `player`'s `K_k` (every edge does for `k = 2`).
    fn completes(&self, race: &Race, player: Player, e: Edge) -> bool {
        self.clique < 3 || race.completions[player as usize].contains(&e)
    }

    fn with_completions(&self, mut race: Race) -> Race {
        race.completions = [Player::First, Player::Second].map(|p| self.completions(&race.position, p));
        race
    }

    /// `e` claimed by the player to move.
    fn claim(&self, race: &Race, e: Edge) -> Race {
        let mover = race.to_move;
        let completes = self.completes(race, mover, e);
        let mut next = Race {
            position: race.position.with(e, mover).expect("moves are free edges"),
            names: race.names.clone(),
            to_move: mover.opponent(),
            ended: completes.then_some(mover == Player::First),
            completions: [Vec::new(), Vec::new()],
        };
        if !completes {
            next = self.with_completions(next);
        }
        next
    }

    /// Whether some free edge would give her a double threat (two
    /// completions with different missing edges), in a position where she
    /// has no completion. With two of her moves left and no completion,
    /// she wins only through such an edge (see the module docs), so where
    /// none exists she cannot win. Always true for `k = 2` (not asked).
    ///
    /// The edges tried: in the `K_k` that a new completion completes, `e`
    /// is red and one other edge is missing, so each end of `e` has at
    /// least `k - 3` red edges besides `e`; for `k >= 4` both ends are
    /// red-touched, for `k = 3` one is and the other is any vertex (on
    /// `K_aleph0`, a touched one or one untouched vertex: they are alike).
    pub(crate) fn double_threat_ahead(&self, position: &Position) -> bool {
        let k = self.clique;
        if k < 3 {
            return true;
        }
        let red: VertexSet = members(position.touched())
            .filter(|&v| position.f_degree(v) > 0)
            .fold(0, |set, v| set | 1 << v);
        let others = match (k, position.board()) {
            (3, Board::Infinite) => position.touched() | position.fresh_vertex().map_or(0, |v| 1 << v),
            (3, board) => (0..board.capacity()).fold(0, |set: VertexSet, v| set | 1 << v),
            _ => red,
        };
        // Each pair once: a red `y` only above `x`.
        members(red).any(|x| {
            let red_up_to_x = red & u128::MAX >> (127 - x);
            members(others & !red_up_to_x).any(|y| {
                let e = Edge::new(x, y);
                position.is_free(e) && position.double_threat_with(e, Player::First, k, &[])
            })
        })
    }

    /// Her moves worth trying at a canonical position with `left` of her
    /// moves left, one per orbit, best first (see the module docs).
    fn her_candidates(&self, race: &Race, generators: &[Vec<Vertex>], left: u32) -> Vec<Edge> {
        let his = &race.completions[Player::Second as usize];
        let mut ranked: Vec<(u8, Edge)> = Vec::new();
        for e in edge_orbits(&race.position, generators) {
            let rank = if self.completes(race, Player::First, e) {
                0
            } else if !his.is_empty() {
                if his.len() > 1 || his[0] != e {
                    continue;
                }
                1
            } else if self
                .her_moves
                .as_ref()
                .is_some_and(|allow| !allow(&race.position, &race.names, e))
            {
                continue;
            } else {
                let next = race.position.with(e, Player::First).expect("moves are free edges");
                let threats = self.completions(&next, Player::First).len().min(2) as u8;
                if threats < 2 && left < 3 {
                    continue;
                }
                3 - threats
            };
            ranked.push((rank, e));
        }
        ranked.sort_by_key(|&(rank, _)| rank);
        ranked.into_iter().map(|(_, e)| e).collect()
    }
}

impl Rules for CliqueRace {
    type Position = Race;
    type Move = Step;
    type Score = bool;

    /// The empty board with her to move.
    fn start(&self) -> Race {
        self.fresh(Position::empty(self.board.clone()), Player::First)
    }
    fn to_move(&self, race: &Race) -> Player {
        race.to_move
    }
    /// Ended, or a full board (no win).
    fn outcome(&self, race: &Race) -> Option<bool> {
        race.ended.or_else(|| race.position.is_full().then_some(false))
    }
    /// Her candidates with no budget to prune them (see the module docs)
    /// and all his edges.
    fn moves(&self, race: &Race) -> Vec<Step> {
        self.orbit_moves(race, &[])
    }
    fn play(&self, race: &Race, m: &Step) -> Race {
        match *m {
            Step::Edge(e) => self.claim(race, e),
            Step::Resign => Race {
                ended: Some(false),
                ..race.clone()
            },
        }
    }
}

impl Symmetric for CliqueRace {
    /// The canonical form of (board, names), tagged with who is to move.
    fn canonical(&self, race: &Race) -> Canonical<Race> {
        let canon = canonical_form(&race.position, &race.names, None);
        let to_canon = canon.to_canon.map;
        let relabel = |edges: &Vec<Edge>| {
            let mut image: Vec<Edge> = edges.iter().map(|e| e.map(|v| to_canon[v as usize])).collect();
            image.sort_unstable();
            image
        };
        let completions = [relabel(&race.completions[0]), relabel(&race.completions[1])];
        Canonical {
            key: canon.key.words(race.to_move as u8),
            position: Race {
                position: canon.position,
                names: canon.memory,
                to_move: race.to_move,
                ended: race.ended,
                completions,
            },
            to_canon,
            generators: canon.generators,
        }
    }
    fn relabel_move(&self, m: &Step, perm: &[Vertex]) -> Step {
        match *m {
            Step::Edge(e) => Step::Edge(e.map(|v| perm[v as usize])),
            Step::Resign => Step::Resign,
        }
    }
    fn orbit_moves(&self, race: &Race, generators: &[Vec<Vertex>]) -> Vec<Step> {
        self.orbit_moves_within(race, generators, u32::MAX)
    }
}

/// The shortcuts of the module docs.
impl HorizonHints for CliqueRace {
    /// Block the other's only completion when you have none.
    fn forced_move(&self, race: &Race) -> Option<Step> {
        let mover = race.to_move as usize;
        let other = &race.completions[1 - mover];
        (race.completions[mover].is_empty() && other.len() == 1).then(|| Step::Edge(other[0]))
    }
    /// Her candidates within `left` (or resignation), all his edges.
    fn orbit_moves_within(&self, race: &Race, generators: &[Vec<Vertex>], left: u32) -> Vec<Step> {
        if race.to_move == Player::Second {
            return edge_orbits(&race.position, generators)
                .into_iter()
                .map(Step::Edge)
                .collect();
        }
        let mut moves: Vec<Step> = self
            .her_candidates(race, generators, left)
            .into_iter()
            .map(Step::Edge)
            .collect();
        if moves.is_empty() {
            moves.push(Step::Resign);
        }
        moves
    }
    fn quick_win_within(&self, race: &Race, left: u32) -> Option<bool> {
        if let Some(won) = self.outcome(race) {
            return Some(won);
        }
        if left == 0 {
            return Some(false);
        }
        let mover = race.to_move;
        let [hers, his] = &race.completions;
        if !race.completions[mover as usize].is_empty() {
            return Some(mover == Player::First);
        }
        let others = if mover == Player::First { his } else { hers };
        if others.len() >= 2 {
            return Some(mover == Player::Second);
        }
        if left == 1 || (left == 2 && hers.is_empty() && !self.double_threat_ahead(&race.position)) {
            return Some(false);
        }
        None
    }
}

/// Nothing beyond [`HorizonHints`]: every hint here is about the horizon.
impl Hints for CliqueRace {}

impl Notation for CliqueRace {
    fn move_text(&self, m: &Step) -> String {
        match m {
            Step::Edge(e) => e.to_string(),
            Step::Resign => "resign".to_string(),
        }
    }
    fn score_text(&self, won: bool) -> String {
        match won {
            true => "she wins".to_string(),
            false => "she does not win".to_string(),
        }
    }
}

pub mod defence;
pub mod report;
pub mod solver;
pub use defence::no_win_certificate;
pub use report::ShortestWin;
pub use solver::{BudgetSolver, NoAnswer};
