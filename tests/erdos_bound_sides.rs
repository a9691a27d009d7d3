//! The threshold search asks a child of a scoring game for its second
//! bound side only where it needs it (`Hints::bounds_by_side`), and for
//! the rest of a child's canonical form only where its table does not
//! settle the child by the key (`Symmetric::canonical_if`): each checked
//! against the same game with that shortcut off (every child's bounds in
//! full as soon as it is made; every canonical form made whole before the
//! table is asked), which must give the same value, optimal line,
//! positions and positions per move.

use ramsey_verify::core::board::{Board, Edge, Player, Position};
use ramsey_verify::engine::bounded::BoundedSolver;
use ramsey_verify::games::colex::colex_graph;
use ramsey_verify::games::scoring::{Points, Scoring, ScoringGame, PROBES};
use ramsey_verify::games::view;
use ramsey_verify::games::{Hints, Rules, Symmetric};

/// A scoring game whose canonical forms are made whole before the key is
/// shown (a view's `canonical_if` is the default), and whose hints are the
/// game's own but for `Hints::bounds_by_side` where `whole_bounds` (left
/// at its default, off: the search asks for each child's bounds in full
/// when it makes the child).
struct WholeBounds(ScoringGame, bool);

impl view::View for WholeBounds {
    type Inner = ScoringGame;
    fn inner(&self) -> &ScoringGame {
        &self.0
    }
}

impl view::ViewRules for WholeBounds {}

impl view::ViewSymmetric for WholeBounds {}

impl Hints for WholeBounds {
    fn score_bounds(&self, p: &Position) -> Option<(Points, Points)> {
        self.0.score_bounds(p)
    }
    fn score_bounds_for(&self, p: &Position, meets: &dyn Fn(Points) -> bool) -> (Option<Points>, Option<Points>) {
        self.0.score_bounds_for(p, meets)
    }
    fn bounds_by_side(&self) -> bool {
        !self.1 && self.0.bounds_by_side()
    }
    fn score_bound_side(&self, p: &Position, meets: &dyn Fn(Points) -> bool, player: Player) -> Option<Points> {
        self.0.score_bound_side(p, meets, player)
    }
    fn move_priority(&self, p: &Position, m: &Edge) -> i32 {
        self.0.move_priority(p, m)
    }
    fn search_directly(&self, p: &Position) -> bool {
        self.0.search_directly(p)
    }
}

/// A solve's value, optimal line, positions and positions per move.
type Run = (Points, Vec<Edge>, u64, Vec<u64>);

fn run<G: Symmetric<Position = Position, Move = Edge, Score = Points> + Hints>(game: &G) -> Run {
    let solver = BoundedSolver::new(game);
    let value = solver.value(&game.start(), &PROBES).unwrap();
    let line = solver.optimal_line(&game.start(), value).unwrap();
    (value, line, solver.counts().positions, solver.positions_per_ply())
}

#[test]
fn second_sides_and_forms_asked_for_where_needed_search_as_whole_ones_do() {
    let (n, edges) = colex_graph(14);
    let boards = [
        Position::empty(Board::complete_graph(5)),
        Position::empty(Board::complete_graph(6)),
        Position::on_graph(n, edges),
    ];
    for board in &boards {
        for scoring in Scoring::ALL {
            let game = ScoringGame::new(scoring, board, &[]).unwrap();
            assert!(game.bounds_by_side() && !WholeBounds(game.clone(), true).bounds_by_side());
            let bob = game.clone().bob_first();
            for whole_bounds in [true, false] {
                let whole = |game: &ScoringGame| run(&WholeBounds(game.clone(), whole_bounds));
                assert_eq!(run(&game), whole(&game), "{scoring:?} on {board:?}, {whole_bounds}");
                assert_eq!(
                    run(&bob),
                    whole(&bob),
                    "{scoring:?} on {board:?}, Bob first, {whole_bounds}"
                );
            }
        }
    }
    // A side asked for alone is that side of the full bounds for the test.
    let game = ScoringGame::new(Scoring::VertexCapturing, &boards[1], &[]).unwrap();
    let (a, b) = (Edge::new(0, 1), Edge::new(2, 3));
    let position = game.play(&game.play(&game.start(), &a), &b);
    let meets = |s: Points| s >= Points { alice: 3, bob: 3 };
    let (lo, hi) = game.score_bounds_for(&position, &meets);
    assert_eq!(game.score_bound_side(&position, &meets, Player::Second), hi);
    assert_eq!(game.score_bound_side(&position, &meets, Player::First), lo);
}
