//! Choosing the program's move against a person (`ramsey-verify play`).
//!
//! Where the program can keep a result at least as good as the game's
//! value it plays the first optimal move. Where every move loses, it
//! follows Slany (Section 7.2, the adaptive strategy of Sim): it plays the
//! move after which the most replies of the person are mistakes, i.e. lead
//! to positions the program wins. Replies are counted as labelled moves
//! (every edge the person could pick), not orbits, since the person does
//! not reduce by symmetry.

use super::{best_index, Solver, Stopped};
use crate::games::{Hints, Question, Symmetric};

/// The program's move at `position` (any labels), or `None` when the game
/// is over. The solver's table fills as needed.
pub fn program_move<G: Symmetric + Hints>(
    solver: &Solver<G>,
    position: &G::Position,
) -> Result<Option<G::Move>, Stopped> {
    let game = solver.game();
    let question = solver.question();
    if game.outcome(position).is_some() {
        return Ok(None);
    }
    let me = game.to_move(position);
    let options = solver.move_values(position)?;
    let best = best_index(question, me, options.iter().map(|o| o.value)).expect("a game that is not over has a move");
    if question.hurries(options[best].value.score) != Some(me.opponent()) {
        return Ok(Some(options[best].m.clone()));
    }
    let mut chosen: Option<(usize, G::Move)> = None;
    for m in labelled_moves(game, position) {
        let after = game.play(position, &m);
        let mistakes = count_mistakes(solver, &after, me)?;
        if chosen.as_ref().is_none_or(|(most, _)| mistakes > *most) {
            chosen = Some((mistakes, m));
        }
    }
    Ok(chosen.map(|(_, m)| m))
}

/// The replies at `position` after which `program` wins.
fn count_mistakes<G: Symmetric + Hints>(
    solver: &Solver<G>,
    position: &G::Position,
    program: crate::core::board::Player,
) -> Result<usize, Stopped> {
    let game = solver.game();
    if game.outcome(position).is_some() {
        return Ok(0);
    }
    let mut mistakes = 0;
    for reply in labelled_moves(game, position) {
        let value = solver.value(&game.play(position, &reply))?;
        if solver.question().hurries(value.score) == Some(program) {
            mistakes += 1;
        }
    }
    Ok(mistakes)
}

/// Every legal move at `position` in its own labels (the game lists moves
/// of canonical positions, so they are listed there and mapped back).
pub fn labelled_moves<G: Symmetric>(game: &G, position: &G::Position) -> Vec<G::Move> {
    let canon = game.canonical(position);
    let back = super::inverse(&canon.to_canon);
    game.moves(&canon.position)
        .iter()
        .map(|m| game.relabel_move(m, &back))
        .collect()
}
