//! Certificates of Erdős' scoring games (format version 6,
//! proofs/FORMAT.md): a value `v` is two claims, "Alice (red) can force an
//! outcome of at least `v`" and "Bob (blue) can hold her to at most `v`";
//! `--winner-only` proves one or two thresholds. Each claim is a strategy
//! of its player, one move per position (up to isomorphism of colourings
//! on the board) where that player moves, every reply of the other
//! covered.
//!
//! The strategies are read off the threshold search's table
//! ([`BoundedSolver`]) by [`crate::engine::extract::strategy`]: at each of
//! Alice's positions the first move (by the game's priority, then in move
//! order) whose position the search proves at least the threshold, at
//! each of Bob's the first it proves at most it. Each test is answered by
//! the table where the search already went, and searched where it did not
//! (after a reply the search never needed). A position where the claim
//! holds whatever happens (the outcome with every free edge given to the
//! other player meets it: every measure only grows with a colour's edges)
//! ends its line with no entry; the checker sees that for itself.
//!
//! Positions are compared by the exact canonical form of the colouring
//! ([`canonical_position`]), not the per-vertex reduction the Star and VC
//! searches key their table by: the checker looks entries up by
//! isomorphism of colourings.

use super::game::{colouring, strategies_body, walk_bytes};
use super::{sha256_hex, Certificate};
use crate::core::board::{Edge, Player, Position};
use crate::core::canon::canonical_position;
use crate::core::graph6::encode;
use crate::engine::bounded::{BoundedSolver, Test, Threshold};
use crate::engine::extract::{strategy, Prover, WalkSize};
use crate::engine::Stopped;
use crate::games::prelude::*;
use crate::games::scoring::{Points, ScoringGame};
use std::cmp::Reverse;

/// Certificate format version of scoring games.
pub const SCORING_FORMAT_VERSION: u32 = 6;

/// What a scoring game certificate claims: bounds on the outcome in the
/// paper's order ([`Points`]' `Ord`), Alice's lower bound and Bob's upper
/// bound (both the value for an exact outcome).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Claims {
    /// Alice can force an outcome of at least this.
    pub at_least: Option<Points>,
    /// Bob can hold her to at most this.
    pub at_most: Option<Points>,
}

/// One side's claim: `player`'s strategy keeps the outcome on its side of `t`.
struct Keeps<'s, 'g> {
    solver: &'s BoundedSolver<'g, ScoringGame>,
    player: Player,
    t: Points,
    /// Bytes of one position of the game.
    position_bytes: u64,
    /// Bytes of the entries already read off for the other side.
    held: u64,
}

/// Whether `player`'s claim `t` holds at `position` whatever happens: the
/// outcome with every free edge given to the other player meets it (every
/// measure only grows with a colour's edges).
fn settled(game: &ScoringGame, position: &Position, player: Player, t: Points) -> bool {
    let mut worst = position.clone();
    for e in position.free_edges() {
        worst.claim(e, player.opponent()).expect("a free edge");
    }
    let outcome = game.points(&worst);
    match player {
        Player::First => outcome >= t,
        Player::Second => outcome <= t,
    }
}

impl Prover<ScoringGame> for Keeps<'_, '_> {
    fn settled(&self, position: &Position) -> bool {
        settled(self.solver.game(), position, self.player, self.t)
    }

    fn choose(&self, position: &Position) -> Result<Edge, Stopped> {
        let game = self.solver.game();
        // Alice's child keeps the claim if it is at least t, Bob's if it is
        // not above t.
        let keeps = Threshold {
            score: self.t,
            strict: self.player == Player::Second,
        };
        let mut moves = game.moves(position);
        moves.sort_by_key(|m| Reverse(game.move_priority(position, m)));
        for m in moves {
            let met = matches!(self.solver.test(&game.play(position, &m), keeps)?, Test::AtLeast(_));
            if met == (self.player == Player::First) {
                return Ok(m);
            }
        }
        unreachable!("a position on the claim's side has a move that keeps it there")
    }
    /// The walk, the other side's entries and the search's table together
    /// within the cap.
    fn within_memory(&self, size: WalkSize) -> Result<(), Stopped> {
        self.solver.room_for(walk_bytes(size, self.position_bytes) + self.held)
    }
}

/// The strategies proving `claims` about `solver`'s game played from
/// `start` (its start, or any position of it: a split search's job
/// certifies its own), as a version-6 certificate. `claims` must be proven
/// (by the same solver's tests).
pub fn scoring_certificate(
    solver: &BoundedSolver<ScoringGame>,
    start: &Position,
    claims: Claims,
) -> Result<Certificate, Stopped> {
    let game = solver.game();
    let mut entries = Vec::new();
    for (player, t) in [(Player::First, claims.at_least), (Player::Second, claims.at_most)] {
        let Some(t) = t else { continue };
        let position_bytes = start.bytes();
        let prover = Keeps {
            solver,
            player,
            t,
            position_bytes,
            held: walk_bytes(
                WalkSize {
                    entries: entries.len() as u64,
                    ..WalkSize::default()
                },
                position_bytes,
            ),
        };
        let moves = strategy(game, start, player, &prover, canonical_position)?;
        entries.extend(moves.into_iter().map(|(position, m)| (player, position, m.to_string())));
    }
    Ok(seal_scoring(game, start, claims, entries))
}

/// A version-6 certificate of `claims` about `game` played from `from`,
/// with both players' strategy entries (player, position, move text).
pub(crate) fn seal_scoring(
    game: &ScoringGame,
    from: &Position,
    claims: Claims,
    entries: impl IntoIterator<Item = (Player, Position, String)>,
) -> Certificate {
    let body = strategies_body(entries);
    let claim = |p: Option<Points>| p.map_or("-".to_string(), |p| format!("{} {}", p.alice, p.bob));
    let text = format!(
        "ramsey-cert {SCORING_FORMAT_VERSION}\ntool ramsey-verify {}\ngame {}\nboard {}\nstart {}\nto-move {}\n\
         at-least {}\nat-most {}\nentries {}\nsha256 {}\n{body}",
        env!("CARGO_PKG_VERSION"),
        game.scoring().name(),
        encode(from.vertex_count(), &from.board_edges()),
        colouring(from),
        from.to_move().colour_name(),
        claim(claims.at_least),
        claim(claims.at_most),
        body.lines().count(),
        sha256_hex(&body),
    );
    let entries = body.lines().count();
    Certificate { text, entries }
}
