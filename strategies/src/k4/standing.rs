//! The standing assumption (Section 4, before Stage 1): she completes a K4
//! whenever she can; otherwise she blocks an immediate threat of his (the
//! missing edge of a blue `K4^-`). This overrides every stage.
//!
//! Interpretation: against two or more threats she blocks the one with the
//! smallest label; she has lost, and the verifier reports the line.

use ramsey_verify_lib::core::board::{Edge, Player, Position};

/// Her edge when the standing assumption decides it.
pub fn override_move(position: &Position) -> Option<Edge> {
    position
        .first_threat(Player::First, 4)
        .or_else(|| position.first_threat(Player::Second, 4))
}
