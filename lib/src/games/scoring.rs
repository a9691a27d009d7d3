//! Erdős' scoring games (Cambie and Provoost, "On edge-colouring-games by
//! Erdős, and Bensmail and Mc Inerney"): Alice (red, first) and Bob (blue)
//! alternately colour one uncoloured edge of a board graph `G` until all
//! are coloured; then Alice scores `a` and Bob `b`, measured on the graph
//! formed by each colour's edges (`G[A]`, `G[B]`):
//!
//! - Clique: the clique number `ω`;
//! - Star: the maximum degree `Δ`;
//! - vertex-capturing (VC): the board vertices where most incident edges
//!   have that colour (more than half; a vertex with half its edges in each
//!   colour, or without edges, counts for nobody);
//! - Colex: the largest `m` with the Colex graph `C(m)` a subgraph (see
//!   [`super::colex`]).
//!
//! Our reading of the paper, with where it says so:
//!
//! - **What each player optimises** (Section 1): the score is `s = a - b`;
//!   Alice maximises `s`, Bob minimises it; among outcomes with the optimal
//!   `s`, Alice maximises `a` and Bob minimises it. Equivalently Alice
//!   maximises and Bob minimises `f = C(a - b) + a` for `C >= n`. So an
//!   outcome is ordered by `(a - b, a)` lexicographically ([`Points`]'s
//!   `Ord`), red maximises it, and the game is a plain two-player game with
//!   a totally ordered score: the engine's model.
//! - **The empty colour class**: `G[A]` is the spanning subgraph
//!   `(V(G), A)` of the board: its vertices are the board's, whether or not
//!   an edge of `A` meets them. So a player without edges still owns a `K_1`
//!   on a nonempty board, and the clique number of an edgeless colour class
//!   is 1 (0 only on a board without vertices); `C(1) = K_2`'s Clique
//!   outcome is `(2, 1)`. The authors' solver reads it so (its
//!   `maxCliques` counts every single vertex as a clique); the paper prints
//!   no Clique column. Maximum degree and Colex score are 0 without edges
//!   either way, and Table 1 agrees: `C(1)` has Colex and Star outcome
//!   `(1, 0)`. (Until issue 25 the Clique game scored an edgeless class 0,
//!   which gave `(2, 0)` on `K_2`.)
//! - **Head start** (Sections 2.2 and 4.1.1): the edges of a graph `S` (a
//!   subgraph of `G`, on `G`'s vertex labels) are red before play, and
//!   then Alice still moves first ("before colouring her first chosen
//!   edge", Observation 9; the generator of Section 4.1.1 places
//!   `⌈(|E(G)| - |E(S)|) / 2⌉` more red edges).
//! - **Who wins**: Alice if `a > b`. In the Clique and Star games a draw
//!   counts for Bob (Section 1: "otherwise it is a player 2 win").

mod colex_bound;
mod points;
mod reduced;
mod star;
mod strategy;
mod vc;

pub use points::{Points, PROBES};

use super::colex::{clique_with_budget, colex_score, edge_clique_number, SmallSet};
use super::{FinalScore, Hints, Notation, Rules, Symmetric};
use crate::core::board::{Edge, Player, Vertex, VertexSet};
use crate::core::board::{IllegalMove, Position};
use crate::core::canon::canonical_position;
use crate::core::symmetry::{Canonical, Wanted};

/// Most free edges of a position the threshold search searches directly,
/// without labels or table ([`Hints::search_directly`]): near the end a
/// position's subtree is small, and labelling and storing its positions
/// cost more than the transpositions they find.
const DIRECT_FREE_EDGES: usize = 4;

/// Largest board the scoring games accept (vertices).
pub const MAX_BOARD_VERTICES: usize = 12;

/// Which of the paper's games.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Scoring {
    /// Clique numbers of the colour classes.
    Clique,
    /// Maximum degrees of the colour classes.
    Star,
    /// Vertices captured (most incident edges in the colour).
    VertexCapturing,
    /// Largest Colex graph in each colour class.
    Colex,
}

impl Scoring {
    /// All four games, in the order reports list them.
    pub const ALL: [Scoring; 4] = [Scoring::Clique, Scoring::Star, Scoring::VertexCapturing, Scoring::Colex];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Scoring::Clique => "clique",
            Scoring::Star => "star",
            Scoring::VertexCapturing => "vc",
            Scoring::Colex => "colex",
        }
    }

    /// The game with this command-line name.
    pub fn from_name(name: &str) -> Option<Scoring> {
        Scoring::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Whether a draw counts for Bob (Clique and Star games, Section 1).
    pub fn draw_is_bobs(self) -> bool {
        matches!(self, Scoring::Clique | Scoring::Star)
    }
}

/// Why a scoring game cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScoringError {
    /// The board has too many vertices.
    #[error("the board has {0} vertices; the scoring games support at most {MAX_BOARD_VERTICES}")]
    TooLarge(usize),
    /// A head-start edge is not a free board edge.
    #[error("the head start is not a subgraph of the board: {0}")]
    HeadStart(IllegalMove),
}

/// One of Erdős' scoring games on a board, with an optional head start.
#[derive(Clone, Debug)]
pub struct ScoringGame {
    scoring: Scoring,
    start: Position,
}

/// A position's colour classes and free edges as adjacency rows, and
/// their sizes per vertex.
struct Rows {
    n: usize,
    red: [SmallSet; MAX_BOARD_VERTICES],
    blue: [SmallSet; MAX_BOARD_VERTICES],
    free: [SmallSet; MAX_BOARD_VERTICES],
    /// Per colour (red, blue), the edges of that colour at each vertex.
    count: [[u32; MAX_BOARD_VERTICES]; 2],
    free_count: [u32; MAX_BOARD_VERTICES],
    degree: [u32; MAX_BOARD_VERTICES],
}

impl Rows {
    fn of(p: &Position) -> Rows {
        let mut rows = Rows {
            // (At most MAX_BOARD_VERTICES on every board a scoring game
            // accepts; said here so that the loop below indexes without
            // bounds checks.)
            n: p.vertex_count().min(MAX_BOARD_VERTICES),
            red: [0; MAX_BOARD_VERTICES],
            blue: [0; MAX_BOARD_VERTICES],
            free: [0; MAX_BOARD_VERTICES],
            count: [[0; MAX_BOARD_VERTICES]; 2],
            free_count: [0; MAX_BOARD_VERTICES],
            degree: [0; MAX_BOARD_VERTICES],
        };
        // Sets of at most MAX_BOARD_VERTICES vertices: one small word each
        // (a 128-bit mask or count is two instructions; this is called for
        // every child).
        for v in 0..rows.n {
            let small = |set: VertexSet| set as SmallSet;
            let board = small(p.board_neighbours(v as Vertex));
            let [red, blue] = p.both_neighbours(v as Vertex).map(small);
            (rows.red[v], rows.blue[v], rows.free[v]) = (red, blue, board & !red & !blue);
            rows.count[0][v] = red.count_ones();
            rows.count[1][v] = blue.count_ones();
            rows.free_count[v] = rows.free[v].count_ones();
            rows.degree[v] = board.count_ones();
        }
        rows
    }

    fn colour(&self, player: Player) -> &[SmallSet] {
        match player {
            Player::First => &self.red[..self.n],
            Player::Second => &self.blue[..self.n],
        }
    }

    /// Moves left for each player (the mover gets the odd one out).
    fn moves_left(&self, to_move: Player) -> [u32; 2] {
        let free = self.free_count[..self.n].iter().sum::<u32>() / 2;
        let mut left = [free / 2; 2];
        left[to_move as usize] += free % 2;
        left
    }
}

impl ScoringGame {
    /// The game `scoring` on `board` (an uncoloured board), with the edges
    /// of `head_start` red before Alice's first move.
    pub fn new(scoring: Scoring, board: &Position, head_start: &[Edge]) -> Result<ScoringGame, ScoringError> {
        if board.vertex_count() > MAX_BOARD_VERTICES {
            return Err(ScoringError::TooLarge(board.vertex_count()));
        }
        let mut start = board.clone();
        start.set_to_move(Player::First);
        for &e in head_start {
            start.claim(e, Player::First).map_err(ScoringError::HeadStart)?;
        }
        Ok(ScoringGame { scoring, start })
    }

    /// The same game with Bob to move first (for a head start read as
    /// Alice's whole first turn: Section 2.2's K3 on K8 gives the paper's
    /// (3, 3) this way; see `proofs/erdos-k8.md`).
    pub fn bob_first(mut self) -> ScoringGame {
        self.start.set_to_move(Player::Second);
        self
    }

    /// Which game.
    pub fn scoring(&self) -> Scoring {
        self.scoring
    }

    /// Both players' points in `position` as it stands (the final score
    /// once every edge is coloured).
    pub fn points(&self, position: &Position) -> Points {
        self.points_of(&Rows::of(position))
    }

    /// The final score if every free edge of `position` went to `player`:
    /// [`Self::points`] of that full board, made from counts (a certificate
    /// writer asks it at every position it meets, whether a claim is
    /// settled; building the full position was a tenth of the writer).
    pub fn points_with_free_to(&self, position: &Position, player: Player) -> Points {
        let mut rows = Rows::of(position);
        for v in 0..rows.n {
            let own = match player {
                Player::First => &mut rows.red[v],
                Player::Second => &mut rows.blue[v],
            };
            *own |= rows.free[v];
            rows.count[player as usize][v] += rows.free_count[v];
            (rows.free[v], rows.free_count[v]) = (0, 0);
        }
        self.points_of(&rows)
    }

    /// Both players' points on `rows` (what [`Self::points`] and
    /// [`Self::points_with_free_to`] measure).
    fn points_of(&self, rows: &Rows) -> Points {
        let [alice, bob] = [Player::First, Player::Second].map(|p| self.measure(rows, p) as u8);
        Points { alice, bob }
    }

    fn measure(&self, rows: &Rows, player: Player) -> u32 {
        let own = &rows.count[player as usize][..rows.n];
        match self.scoring {
            Scoring::Clique => clique_number(rows.colour(player)),
            Scoring::Star => own.iter().copied().max().unwrap_or(0),
            Scoring::VertexCapturing => (0..rows.n).filter(|&v| 2 * own[v] > rows.degree[v]).count() as u32,
            Scoring::Colex => colex_score(rows.colour(player)),
        }
    }

    /// The Clique game's bound on the value from `player`'s side (a lower
    /// bound for Alice, an upper bound for Bob, as in
    /// [`strategy::oriented`]): her points as they stand (cliques stay),
    /// and the largest clique the opponent can still complete with the
    /// moves he has left, in any play.
    ///
    /// That largest clique is at least his clique number now (his cliques
    /// use no free edge; a lone vertex is a clique of size 1 on a board
    /// with a vertex, as [`clique_number`] counts it), so his points now
    /// need no separate count.
    fn clique_bound(&self, rows: &Rows, player: Player, to_move: Player) -> Points {
        let left = rows.moves_left(to_move);
        let his = player.opponent();
        let n = rows.n;
        let reach = reach(rows.colour(his), &rows.free[..n]);
        let all = (0..n).fold(0, |s, v| s | 1 << v);
        let most = clique_with_budget(&reach[..n], &rows.free[..n], all, left[his as usize]);
        strategy::oriented(player, self.measure(rows, player), most)
    }
}

/// The clique number of a colour class as the Clique game scores it (the
/// module docs, "The empty colour class"): at least 1 on a board with a
/// vertex, since a single vertex is a `K_1` of every colour.
fn clique_number(own: &[SmallSet]) -> u32 {
    edge_clique_number(own).max(u32::from(!own.is_empty()))
}

/// Each vertex's neighbours in `own` or by a free edge: the graph a
/// colour class can still grow into.
fn reach(own: &[SmallSet], free: &[SmallSet]) -> [SmallSet; MAX_BOARD_VERTICES] {
    let mut reach = [0; MAX_BOARD_VERTICES];
    for (v, r) in reach.iter_mut().enumerate().take(own.len()) {
        *r = own[v] | free[v];
    }
    reach
}

/// How much an edge end at `v` matters to `me` in the VC game: 0 if `v`
/// is decided, else more the fewer edges either colour still needs there
/// (building counts twice as much as blocking; measured on K7 and C(19)).
/// (Each row read once, in one word: this runs twice per move made.)
fn vc_urgency(position: &Position, v: Vertex, me: Player) -> u32 {
    let small = |set: VertexSet| set as SmallSet;
    let board = small(position.board_neighbours(v));
    let [mine, theirs] = [me, me.opponent()].map(|p| small(position.neighbours(p, v)));
    let need = board.count_ones() / 2 + 1;
    let free = (board & !mine & !theirs).count_ones();
    let [mine, theirs] = [mine, theirs].map(|set| need.checked_sub(set.count_ones()));
    match (mine, theirs) {
        (Some(m), Some(t)) if m > 0 && t > 0 && m.min(t) <= free => 2 * (10 - m) + (10 - t),
        _ => 0,
    }
}

/// Length does not matter: Alice and Bob only count points.
impl FinalScore for Points {
    fn hurries(self) -> Option<Player> {
        None
    }
}

impl Rules for ScoringGame {
    type Position = Position;
    type Move = Edge;
    type Score = Points;

    fn start(&self) -> Position {
        self.start.clone()
    }

    fn to_move(&self, position: &Position) -> Player {
        position.to_move()
    }

    fn outcome(&self, position: &Position) -> Option<Points> {
        position.is_full().then(|| self.points(position))
    }

    fn moves(&self, position: &Position) -> Vec<Edge> {
        position.free_edges()
    }

    fn play(&self, position: &Position, m: &Edge) -> Position {
        let mut next = position.clone();
        next.claim(*m, position.to_move()).expect("moves are free board edges");
        next.set_to_move(position.to_move().opponent());
        next
    }
}

impl Symmetric for ScoringGame {
    /// Star and VC positions reduce to counts per vertex
    /// (`reduced.rs`); Clique and Colex positions keep their edges.
    fn canonical(&self, position: &Position) -> Canonical<Position> {
        match self.scoring {
            Scoring::Star | Scoring::VertexCapturing => reduced::canonical(self, position),
            Scoring::Clique | Scoring::Colex => canonical_position(position),
        }
    }

    /// Star and VC key first (`reduced.rs`: the relabelled position and
    /// generators only if wanted); Clique and Colex whole.
    fn canonical_if(&self, position: &Position, wanted: &mut Wanted) -> Option<Canonical<Position>> {
        match self.scoring {
            Scoring::Star | Scoring::VertexCapturing => reduced::canonical_if(self, position, wanted),
            Scoring::Clique | Scoring::Colex => canonical_position(position).kept_if(wanted),
        }
    }

    fn relabel_move(&self, m: &Edge, perm: &[Vertex]) -> Edge {
        m.map(|v| perm[v as usize])
    }
}

impl Notation for ScoringGame {
    fn move_text(&self, m: &Edge) -> String {
        m.to_string()
    }

    fn score_text(&self, score: Points) -> String {
        score.to_string()
    }
}

impl Hints for ScoringGame {
    /// Build and block: an edge ranks by the common neighbours of its ends
    /// in the mover's colour (cliques it grows, weighted 8) and in the
    /// opponent's (cliques it blocks, 2) in the Clique and Colex games (in
    /// the Colex game also by the degrees at its ends in the mover's colour,
    /// 4, and the opponent's, 1), by
    /// the largest degree at its ends in the mover's colour (2) and the
    /// opponent's (1) in the Star game, by `vc_urgency` at both ends in the VC
    /// game. Weights chosen by measurement.
    fn move_priority(&self, position: &Position, m: &Edge) -> i32 {
        let (u, v) = m.ends();
        let me = position.to_move();
        let [mine, theirs] = [me, me.opponent()].map(|p| (position.neighbours(p, u), position.neighbours(p, v)));
        let deg = |pair: (VertexSet, VertexSet)| pair.0.count_ones().max(pair.1.count_ones());
        let score = match self.scoring {
            Scoring::Clique => 8 * (mine.0 & mine.1).count_ones() + 2 * (theirs.0 & theirs.1).count_ones(),
            // Measured (C(19), C(20), C(22)): also weighing the degrees
            // at the ends cuts positions by 17..30 %.
            Scoring::Colex => {
                let sum = |pair: (VertexSet, VertexSet)| pair.0.count_ones() + pair.1.count_ones();
                8 * (mine.0 & mine.1).count_ones()
                    + 2 * (theirs.0 & theirs.1).count_ones()
                    + 4 * sum(mine)
                    + sum(theirs)
            }
            Scoring::Star => 2 * deg(mine) + deg(theirs),
            // Measured: degree orders make VC searches larger (C(19): 2.9M
            // positions against 1.4M); the edges each colour still needs
            // at the ends make them smaller (C(19): 176k against 108k).
            Scoring::VertexCapturing => vc_urgency(position, u, me) + vc_urgency(position, v, me),
        };
        score as i32
    }

    /// Clique and Colex positions with at most `DIRECT_FREE_EDGES` (four) free
    /// edges (measured on K8, one thread: Clique 41.3 -> 38.5 s CPU, Colex
    /// 77.0 -> 71.2 s and 370 -> 233 MB). Not the Star and VC games, whose
    /// reduced canonical form is cheap and bounds costly per child (K7's
    /// VC game: 0.64 s with none, 0.96 s with five free edges; Star on
    /// C(19) slower with four).
    fn search_directly(&self, position: &Position) -> bool {
        let most = match self.scoring {
            Scoring::Clique | Scoring::Colex => DIRECT_FREE_EDGES,
            Scoring::Star | Scoring::VertexCapturing => 0,
        };
        position.free_edge_count().is_some_and(|f| f <= most)
    }

    /// The lowest outcome from Alice's side, the highest from Bob's: in the
    /// Clique game each player's points as they stand and the most the
    /// opponent can complete; in the Colex game what the player's threats
    /// guarantee and the most the opponent can complete
    /// (`scoring/colex_bound.rs`); in the Star and VC games the best of
    /// what strategies of that player prove (`scoring/star.rs`,
    /// `scoring/vc.rs`, with the argument in `scoring/strategy.rs`).
    fn score_bounds(&self, position: &Position) -> Option<(Points, Points)> {
        let rows = Rows::of(position);
        let to_move = position.to_move();
        let bound = |p| self.side_bound(&rows, p, to_move, None);
        Some((bound(Player::First), bound(Player::Second)))
    }

    /// The player who just moved (whose side of a child's bounds can end
    /// the parent's loop) first, each side refined only until it decides
    /// the test; once one side decides it, the other is not needed.
    fn score_bounds_for(
        &self,
        position: &Position,
        meets: &dyn Fn(Points) -> bool,
    ) -> (Option<Points>, Option<Points>) {
        let rows = Rows::of(position);
        let to_move = position.to_move();
        let mut sides = [None, None];
        for p in [to_move.opponent(), to_move] {
            let s = self.side_bound(&rows, p, to_move, Some(&|s| decides(meets, p, s)));
            sides[p as usize] = Some(s);
            if decides(meets, p, s) {
                break;
            }
        }
        (sides[0], sides[1])
    }

    /// Yes: [`Hints::score_bounds_for`] is the side bound (`side_bound`) of
    /// the player who just moved, then of the player to move.
    fn bounds_by_side(&self) -> bool {
        true
    }

    /// The side bound (`side_bound`) of `player`, as
    /// [`Hints::score_bounds_for`] asks for it.
    fn score_bound_side(&self, position: &Position, meets: &dyn Fn(Points) -> bool, player: Player) -> Option<Points> {
        let test = |s| decides(meets, player, s);
        Some(self.side_bound(&Rows::of(position), player, position.to_move(), Some(&test)))
    }
}

/// Whether `player`'s side of the bounds, `s`, decides the test `meets`:
/// Alice's side (a lower bound) if it meets it, Bob's (an upper bound) if
/// it does not.
fn decides(meets: &dyn Fn(Points) -> bool, player: Player, s: Points) -> bool {
    meets(s) == (player == Player::First)
}

impl ScoringGame {
    /// `player`'s side of the bounds (a lower bound for Alice, an upper
    /// one for Bob), whose costlier parts are skipped once the cheaper
    /// ones are `enough` (the test is decided); without a test (`None`),
    /// the best bound each game has.
    fn side_bound(
        &self,
        rows: &Rows,
        player: Player,
        to_move: Player,
        test: Option<&dyn Fn(Points) -> bool>,
    ) -> Points {
        let enough = test.unwrap_or(&|_| false);
        match self.scoring {
            Scoring::Star => star::bound(rows, player, to_move, enough),
            Scoring::VertexCapturing => vc::bound(rows, player, to_move, enough),
            Scoring::Clique => self.clique_bound(rows, player, to_move),
            Scoring::Colex => colex_bound::bound(rows, player, to_move, test),
        }
    }
}
