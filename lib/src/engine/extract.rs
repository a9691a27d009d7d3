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
use rayon::prelude::*;
use std::collections::HashSet;
use std::hash::Hash;

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
///
/// The walk goes one ply at a time: the positions of a ply are labelled and
/// their moves chosen in parallel, then kept in the order a sequential
/// breadth-first walk meets them, so the entries are the same for any
/// number of threads.
pub fn strategy<G: Symmetric>(
    game: &G,
    start: &G::Position,
    player: Player,
    prover: &(impl Prover<G> + Sync),
    canonical: impl Fn(&G::Position) -> Canonical<G::Position> + Sync,
) -> Result<Entries<G>, Stopped>
where
    G::Position: Hash + Eq,
{
    let mut seen = HashSet::new();
    let mut entries = Vec::new();
    let mut ply = vec![start.clone()];
    while !ply.is_empty() {
        // Positions met again in the same labels within a ply (moves in
        // another order) are dropped before they cost a canonical
        // labelling; across plies `seen` tells them apart, so no position
        // of an earlier ply is kept (they were most of the walk's memory).
        let mut met = HashSet::new();
        ply.retain(|p| met.insert(p.clone()));
        let forms: Vec<Option<Canonical<G::Position>>> = ply
            .par_iter()
            .map(|p| (game.outcome(p).is_none() && !prover.settled(p)).then(|| canonical(p)))
            .collect();
        let fresh: Vec<(G::Position, Canonical<G::Position>)> = ply
            .into_iter()
            .zip(forms)
            .filter_map(|(p, form)| form.map(|c| (p, c)))
            .filter(|(_, c)| seen.insert(c.key.clone()))
            .collect();
        let steps: Vec<Result<Step<G>, Stopped>> = fresh
            .into_par_iter()
            .map(|(position, canon)| step(game, player, prover, position, &canon))
            .collect();
        ply = Vec::new();
        for (entry, next) in steps.into_iter().collect::<Result<Vec<_>, _>>()? {
            entries.extend(entry);
            ply.extend(next);
        }
    }
    Ok(entries)
}

/// What one position adds: its entry (a position of the prover) and the
/// positions after it.
type Step<G> = (
    Option<(<G as Rules>::Position, <G as Rules>::Move)>,
    Vec<<G as Rules>::Position>,
);

/// The prover's move at `position` and the position after it, or every
/// move of the other player up to symmetry (one per orbit of `canon`'s
/// automorphisms) and the positions after them.
fn step<G: Symmetric>(
    game: &G,
    player: Player,
    prover: &impl Prover<G>,
    position: G::Position,
    canon: &Canonical<G::Position>,
) -> Result<Step<G>, Stopped> {
    if game.to_move(&position) == player {
        let m = prover.choose(&position)?;
        let next = game.play(&position, &m);
        return Ok((Some((position, m)), vec![next]));
    }
    let back = inverse(&canon.to_canon);
    let moves = game.orbit_moves(&canon.position, &canon.generators);
    let next = moves
        .iter()
        .map(|m| game.play(&position, &game.relabel_move(m, &back)))
        .collect();
    Ok((None, next))
}
