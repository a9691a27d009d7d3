//! Forcing lines in general (the reading guide's variant of Stage 6(b),
//! not the paper's): from a position with her to move and no threat of
//! either player, each of her moves a threat with exactly one answer that
//! gives him no threat, the last a double threat.
//!
//! Candidate moves are tried in increasing edge order, so the first line
//! found is the lexicographically smallest of its length; with canonical
//! positions that choice is isomorphism-invariant.

use super::K;
use ramsey_verify_lib::core::board::{members, Edge, Player, Position};

/// What one of her moves does in a forcing line.
enum Step {
    /// Two or more threats: the line ends, she wins.
    Double,
    /// Exactly one threat, and his only answer gives him no threat: the
    /// position after the answer.
    Forced(Position),
    /// Not a threat, or his answer gives him a threat.
    Dead,
}

/// Her move `e` from `position` (no threat of either player on it).
fn step(position: &Position, e: Edge) -> Step {
    let Ok(after) = position.with(e, Player::First) else {
        return Step::Dead;
    };
    let threats = after.threats(Player::First, K);
    match threats.len() {
        0 => Step::Dead,
        1 => {
            let answered = after.with(threats[0], Player::Second).expect("a threat's edge is free");
            // No threat before his answer, so it cannot complete his K4.
            if answered.threats(Player::Second, K).is_empty() {
                Step::Forced(answered)
            } else {
                Step::Dead
            }
        }
        _ => Step::Double,
    }
}

/// Whether a forcing line may start here: nobody owns a `K4` or has a
/// threat (if she has one, the standing assumption wins at once; if he
/// has one, she must block).
fn quiet(position: &Position) -> bool {
    [Player::First, Player::Second]
        .iter()
        .all(|&p| !position.has_clique(p, K) && position.threats(p, K).is_empty())
}

/// Whether `line` is a forcing line from `position` (her turn): each move
/// but the last a threat with exactly one answer that gives him no threat,
/// the last a double threat.
pub fn is_forcing_line(position: &Position, line: &[Edge]) -> bool {
    let Some((&last, forced)) = line.split_last() else {
        return false;
    };
    if !quiet(position) {
        return false;
    }
    let mut current = position.clone();
    for &e in forced {
        match step(&current, e) {
            Step::Forced(next) => current = next,
            _ => return false,
        }
    }
    matches!(step(&current, last), Step::Double)
}

/// The shortest forcing line of at most `max_moves` moves, the
/// lexicographically smallest among those.
pub fn forcing_line(position: &Position, max_moves: usize) -> Option<Vec<Edge>> {
    (1..=max_moves).find_map(|n| {
        let mut found = None;
        lines_of(position, n, &mut |line| {
            found = Some(line.to_vec());
            true
        });
        found
    })
}

/// Every forcing line of exactly `moves` moves, in lexicographic order.
pub fn forcing_lines(position: &Position, moves: usize) -> Vec<Vec<Edge>> {
    let mut all = Vec::new();
    lines_of(position, moves, &mut |line| {
        all.push(line.to_vec());
        false
    });
    all
}

/// Calls `visit` on forcing lines of `moves` moves in lexicographic order
/// until it returns `true`.
fn lines_of(position: &Position, moves: usize, visit: &mut dyn FnMut(&[Edge]) -> bool) {
    if moves > 0 && quiet(position) {
        extend(position, moves, &mut Vec::new(), visit);
    }
}

fn extend(position: &Position, left: usize, line: &mut Vec<Edge>, visit: &mut dyn FnMut(&[Edge]) -> bool) -> bool {
    for e in threat_candidates(position) {
        let next = match (step(position, e), left) {
            (Step::Double, 1) => None,
            (Step::Forced(next), l) if l > 1 => Some(next),
            _ => continue,
        };
        line.push(e);
        let stop = match next {
            None => visit(line),
            Some(next) => extend(&next, left - 1, line, visit),
        };
        line.pop();
        if stop {
            return true;
        }
    }
    false
}

/// Unclaimed edges that could make a threat: a red `K4^-` through `xy`
/// needs a common red neighbour of `x` and `y`. Increasing order.
fn threat_candidates(position: &Position) -> Vec<Edge> {
    let mut out = Vec::new();
    for x in members(position.touched()) {
        let red = position.neighbours(Player::First, x);
        for y in members(position.touched() >> x >> 1).map(|d| x + 1 + d) {
            let e = Edge::new(x, y);
            if red & position.neighbours(Player::First, y) != 0 && position.is_free(e) {
                out.push(e);
            }
        }
    }
    out
}
