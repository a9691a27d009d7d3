//! Safety of a quiet move against his forcing lines (experimental repair of
//! Stage 6, not in the paper): before a quiet move she checks whether he
//! would then have a forcing line of his own (threats she must answer,
//! ending in a double threat). If so she takes an edge of such a line
//! instead, the first (in label order) after which he has none.

use super::promising::forcing::forcing_line;
use ramsey_verify_lib::core::board::{members, Edge, Player, Position};

/// Longest forcing line of his that she looks for.
pub const HIS_LINE: usize = 3;

/// The position with the colours exchanged, so that the forcing-line search
/// (written for her) finds his lines.
fn swapped(position: &Position) -> Position {
    let mut out = Position::empty(position.board().clone());
    for player in [Player::First, Player::Second] {
        for e in position.edges(player) {
            out.claim(e, player.opponent())
                .expect("edges of a position are distinct");
        }
    }
    out
}

/// His shortest forcing line in `position` (him to move), if any.
fn his_line(position: &Position) -> Option<Vec<Edge>> {
    forcing_line(&swapped(position), HIS_LINE)
}

/// `planned` if it leaves him no forcing line; otherwise the first edge of
/// his line (his squares and her answers) that does; otherwise `planned`.
pub fn safe_move(position: &Position, planned: Edge) -> Edge {
    let Ok(after) = position.with(planned, Player::First) else {
        return planned;
    };
    let Some(line) = his_line(&after) else {
        return planned;
    };
    let leaves_none = |e: Edge| position.with(e, Player::First).is_ok_and(|p| his_line(&p).is_none());
    let mut candidates: Vec<Edge> = line
        .iter()
        .flat_map(|&e| {
            let (u, v) = e.ends();
            let near = members(position.touched())
                .flat_map(move |w| [(u, w), (v, w)])
                .filter(|(x, y)| x != y)
                .map(|(x, y)| Edge::new(x, y));
            std::iter::once(e).chain(near)
        })
        .filter(|&e| position.is_free(e))
        .collect();
    candidates.sort();
    candidates.dedup();
    candidates.into_iter().find(|&e| leaves_none(e)).unwrap_or(planned)
}
