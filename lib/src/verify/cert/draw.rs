//! Certificates of drawn graph Ramsey games (format version 5,
//! proofs/FORMAT.md): a draw is two claims, "red does not lose" and "blue
//! does not lose", and the certificate holds both players' non-losing
//! strategies, one move per position (up to isomorphism) where that player
//! is to move, every reply of the other player covered.
//!
//! Both strategies are read off the engine's solved table by
//! [`crate::engine::extract::strategy`]: at each position of the prover the
//! engine's first optimal move ([`best_index`] over
//! [`Solver::move_values`]). The start is a draw, so the prover's optimal
//! move never leads to a loss, and a reply of the other player can only
//! make the prover's value better: every position met is a draw or a win
//! for the prover, and its optimal move keeps it so. No depth is needed:
//! every move colours an edge, so play ends, and a strategy that never
//! reaches a loss on the way never loses.

use super::game::{move_text, sealed_game, strategies_body};
use super::Certificate;
use crate::core::board::{Edge, Player, Position};
use crate::engine::extract::{strategy, Prover};
use crate::engine::{best_index, Solver, Stopped};
use crate::games::prelude::*;
use crate::games::ramsey::RamseyGame;

/// Certificate format version of draws of graph Ramsey games.
pub const DRAW_FORMAT_VERSION: u32 = 5;

/// The engine's first optimal move at each position.
struct Optimal<'s, 'g> {
    solver: &'s Solver<'g, RamseyGame>,
}

impl Prover<RamseyGame> for Optimal<'_, '_> {
    fn choose(&self, position: &Position) -> Result<Vec<Edge>, Stopped> {
        let options = self.solver.move_values(position)?;
        let values = options.iter().map(|o| o.value);
        let best = best_index(self.solver.question(), position.to_move(), values)
            .expect("a position that is not over has a move");
        Ok(options[best].m.clone())
    }
}

/// Both players' non-losing strategies in `solver`'s game, which must be a
/// draw, as a version-5 certificate.
pub fn draw_certificate(solver: &Solver<RamseyGame>) -> Result<Certificate, Stopped> {
    let game = solver.game();
    let prover = Optimal { solver };
    let mut entries = Vec::new();
    for player in [Player::First, Player::Second] {
        let moves = strategy(game, &game.start(), player, &prover, |p| game.canonical(p))?;
        entries.extend(moves.into_iter().map(|(position, m)| (player, position, move_text(&m))));
    }
    Ok(sealed_game(
        DRAW_FORMAT_VERSION,
        game,
        "claim draw",
        &strategies_body(entries),
    ))
}
