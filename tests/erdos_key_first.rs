//! Canonical forms key first (`Symmetric::canonical_if`): the Star and VC
//! games' reduced forms show their key before the relabelled position and
//! generators are made. Checked: the key shown is the whole form's key and
//! the form made is the whole form, at positions along pseudo-random plays
//! of all four games. (A search key first against one whole form first:
//! `tests/erdos_bound_sides.rs`.)

use ramsey_verify::core::board::{Board, Position};
use ramsey_verify::games::colex::colex_graph;
use ramsey_verify::games::scoring::{Scoring, ScoringGame};
use ramsey_verify::games::{Rules, Symmetric};

#[test]
fn the_key_shown_first_is_the_whole_forms_key_and_the_form_the_whole_form() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let boards = [5, 6, 7].map(|n| Position::empty(Board::complete_graph(n)));
    let colex = [14, 19].map(colex_graph).map(|(n, edges)| Position::on_graph(n, edges));
    for board in boards.iter().chain(&colex) {
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
