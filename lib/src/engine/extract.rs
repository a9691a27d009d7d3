//! A strategy of one player (the *prover*) read off a search, for a
//! certificate: at each of the prover's positions one move, at each of the
//! other player's positions every move up to symmetry, from the start to
//! the end of the game. Any game on the engine gets one this way; what the
//! prover plays (the first optimal move of [`super::Solver`], the first
//! move a threshold test of [`super::bounded`] proves) is the caller's
//! [`Prover`], and a certificate format writes the entries.
//!
//! Positions are compared up to isomorphism by the canonical form the
//! caller gives, which must be a true isomorphism of positions (the one a
//! certificate checker tests), not a coarser reduction a search may use:
//! one reply per orbit of its automorphisms then covers every reply, since
//! replies in one orbit lead to isomorphic positions, and one entry per
//! position up to isomorphism is enough for a checker that looks entries up
//! up to isomorphism. The walk is breadth first in move order, so the
//! entries are a deterministic function of the game and the prover.

use super::{inverse, Stopped};
use crate::core::board::Player;
use crate::core::symmetry::Canonical;
use crate::games::{Rules, Symmetric};
use std::collections::{HashSet, VecDeque};

/// What the walk asks of the prover.
pub trait Prover<G: Symmetric> {
    /// Whether the claim already holds at `position` whatever either player
    /// does from here (a certificate checker must see that for itself):
    /// then `position` needs no entry and nothing below it is walked. The
    /// default: only where the game is over.
    fn settled(&self, _position: &G::Position) -> bool {
        false
    }
    /// The prover's move at `position` (the prover to move, the game not
    /// over), in `position`'s labels.
    fn choose(&self, position: &G::Position) -> Result<G::Move, Stopped>;
}

/// A strategy's entries: each position of the prover with its move.
pub type Entries<G> = Vec<(<G as Rules>::Position, <G as Rules>::Move)>;

/// The prover's strategy from `start`: every position of the prover that
/// is reached (up to isomorphism under `canonical`) with the move chosen
/// there, in the order met. Positions where the game is over or that the
/// prover calls [`Prover::settled`] have no entry and end their line.
pub fn strategy<G: Symmetric>(
    game: &G,
    start: &G::Position,
    player: Player,
    prover: &impl Prover<G>,
    canonical: impl Fn(&G::Position) -> Canonical<G::Position>,
) -> Result<Entries<G>, Stopped> {
    let mut seen = HashSet::new();
    let mut queue = VecDeque::from([start.clone()]);
    let mut entries = Vec::new();
    while let Some(position) = queue.pop_front() {
        if game.outcome(&position).is_some() || prover.settled(&position) {
            continue;
        }
        let canon = canonical(&position);
        if !seen.insert(canon.key.clone()) {
            continue;
        }
        if game.to_move(&position) == player {
            let m = prover.choose(&position)?;
            queue.push_back(game.play(&position, &m));
            entries.push((position, m));
        } else {
            let back = inverse(&canon.to_canon);
            for m in game.orbit_moves(&canon.position, &canon.generators) {
                queue.push_back(game.play(&position, &game.relabel_move(&m, &back)));
            }
        }
    }
    Ok(entries)
}
