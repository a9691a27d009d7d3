//! Canonical forms key first (`Symmetric::canonical_if`): the Star and VC
//! games' reduced forms show their key before the relabelled position and
//! generators are made, and the threshold search asks for the rest only
//! where its table does not settle the child. Checked: the key shown is
//! the whole form's key and the form made is the whole form, at positions
//! along pseudo-random plays; and a search key first is the search whole
//! form first (same value, optimal line, positions and positions per move).

use ramsey_verify::core::board::{Board, Edge, Player, Position};
use ramsey_verify::engine::bounded::BoundedSolver;
use ramsey_verify::games::colex::colex_graph;
use ramsey_verify::games::scoring::{Points, Scoring, ScoringGame, PROBES};
use ramsey_verify::games::view;
use ramsey_verify::games::{Hints, Rules, Symmetric};

/// A scoring game searched with every hint its own but the canonical form
/// made whole before the table is asked (the default `canonical_if`).
struct WholeForms(ScoringGame);

impl view::View for WholeForms {
    type Inner = ScoringGame;
    fn inner(&self) -> &ScoringGame {
        &self.0
    }
}

impl view::ViewRules for WholeForms {}

impl view::ViewSymmetric for WholeForms {}

impl Hints for WholeForms {
    fn score_bounds(&self, p: &Position) -> Option<(Points, Points)> {
        self.0.score_bounds(p)
    }
    fn score_bounds_for(&self, p: &Position, meets: &dyn Fn(Points) -> bool) -> (Option<Points>, Option<Points>) {
        self.0.score_bounds_for(p, meets)
    }
    fn bounds_by_side(&self) -> bool {
        self.0.bounds_by_side()
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

/// K5, K6 and C(14), the boards of the search comparison.
fn boards() -> [Position; 3] {
    let (n, edges) = colex_graph(14);
    [
        Position::empty(Board::complete_graph(5)),
        Position::empty(Board::complete_graph(6)),
        Position::on_graph(n, edges),
    ]
}

#[test]
fn the_key_shown_first_is_the_whole_forms_key_and_the_form_the_whole_form() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let (n, edges) = colex_graph(19);
    let mut boards = boards().to_vec();
    boards.extend([Position::empty(Board::complete_graph(7)), Position::on_graph(n, edges)]);
    for board in &boards {
        for scoring in Scoring::ALL {
            let game = ScoringGame::new(scoring, board, &[]).unwrap();
            for _ in 0..20 {
                let mut position = game.start();
                while game.outcome(&position).is_none() {
                    let whole = game.canonical(&position);
                    let mut shown = Vec::new();
                    let skipped = game.canonical_if(&position, &mut |key| {
                        shown = key.to_vec();
                        false
                    });
                    assert!(skipped.is_none(), "{scoring:?}: a form not wanted is not made");
                    assert_eq!(*shown, *whole.key, "{scoring:?} at {position:?}");
                    let made = game.canonical_if(&position, &mut |_| true).expect("wanted");
                    assert_eq!(made.key, whole.key);
                    assert!(made.position == whole.position, "{scoring:?} at {position:?}");
                    assert_eq!((made.to_canon, made.generators), (whole.to_canon, whole.generators));
                    let moves = game.moves(&position);
                    position = game.play(&position, &moves[next() as usize % moves.len()]);
                }
            }
        }
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
fn a_search_key_first_is_the_search_whole_form_first() {
    for board in &boards() {
        for scoring in Scoring::ALL {
            let game = ScoringGame::new(scoring, board, &[]).unwrap();
            assert_eq!(run(&game), run(&WholeForms(game.clone())), "{scoring:?} on {board:?}");
            let bob = game.clone().bob_first();
            assert_eq!(
                run(&bob),
                run(&WholeForms(bob.clone())),
                "{scoring:?} on {board:?}, Bob first"
            );
        }
    }
}
