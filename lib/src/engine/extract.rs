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
//!
//! Memory: the walk keeps a 128-bit fingerprint of each canonical key met
//! (not the key), and of the next ply only the positions new up to
//! isomorphism (a position is looked up as soon as it is made, not when its
//! ply comes), each of the other player's with its replies, read off the
//! canonical form that fingerprinted it (one labelling per position, not
//! two); entries go to the caller's sink as they are found. Two keys
//! with one fingerprint (about 2^-64 for 10^10 positions) would make the
//! walk skip a position it has not covered: the certificate then lacks an
//! entry and its checker rejects it, so a collision can cost a certificate,
//! never make a false one. The caller is told the walk's size after every
//! chunk of positions ([`Prover::within_memory`]) and may stop it there.

use super::{inverse, Stopped};
use crate::core::board::Player;
use crate::core::symmetry::Canonical;
use crate::games::{Rules, Symmetric};
use foldhash::fast::FixedState;
use rayon::prelude::*;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};

/// Positions of a ply handled at a time (labelled and stepped in parallel,
/// then merged in order): bounds the walk's memory between checks.
const CHUNK: usize = 1 << 12;

/// Bytes the walk counts per fingerprint kept: the 16 bytes and the hash
/// set's slack and control bytes.
pub const FINGERPRINT_BYTES: u64 = 32;

/// What the walk holds, as told to [`Prover::within_memory`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WalkSize {
    /// Positions met so far, up to isomorphism (one fingerprint each).
    pub seen: u64,
    /// Positions waiting in the current and the next ply.
    pub waiting: u64,
    /// The other player's replies kept with the waiting positions.
    pub replies: u64,
    /// Entries handed to the sink so far.
    pub entries: u64,
}

impl WalkSize {
    /// Approximate bytes of a walk this size: a fingerprint per position
    /// met, `position` bytes per waiting position, `reply` bytes per reply
    /// kept with them, and `entry` bytes per entry the caller's sink holds.
    pub fn bytes(&self, position: u64, reply: u64, entry: u64) -> u64 {
        self.seen * FINGERPRINT_BYTES + self.waiting * position + self.replies * reply + self.entries * entry
    }
}

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
    /// Whether the walk, now of `size`, may go on (with the prover's own
    /// memory, such as its search's table); the default: always.
    fn within_memory(&self, _size: WalkSize) -> Result<(), Stopped> {
        Ok(())
    }
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
    prover: &(impl Prover<G> + Sync),
    canonical: impl Fn(&G::Position) -> Canonical<G::Position> + Sync,
) -> Result<Entries<G>, Stopped> {
    let mut entries = Vec::new();
    walk(game, start, player, prover, canonical, |p, m| entries.push((p, m)))?;
    Ok(entries)
}

/// [`strategy`], each entry handed to `sink` in the order met instead of
/// kept (a certificate writer stores it compactly or writes it out).
///
/// The walk goes one ply at a time, a chunk of positions at a time: their
/// moves are chosen and their children labelled in parallel, then the
/// children kept in the order a sequential breadth-first walk meets them,
/// so the entries are the same for any number of threads.
pub fn walk<G: Symmetric>(
    game: &G,
    start: &G::Position,
    player: Player,
    prover: &(impl Prover<G> + Sync),
    canonical: impl Fn(&G::Position) -> Canonical<G::Position> + Sync,
    sink: impl FnMut(G::Position, G::Move),
) -> Result<(), Stopped> {
    opening(game, start, player, prover, canonical, usize::MAX, sink).map(drop)
}

/// [`walk`] for the first `plies` plies only (an *opening*, for a
/// certificate in parts): returns the *frontier*, the positions still
/// open after `plies` plies, one per class up to isomorphism, in the order
/// met, each the start of a part that a later walk covers. Every line of
/// the strategy either ends within the opening or reaches the frontier.
pub fn opening<G: Symmetric>(
    game: &G,
    start: &G::Position,
    player: Player,
    prover: &(impl Prover<G> + Sync),
    canonical: impl Fn(&G::Position) -> Canonical<G::Position> + Sync,
    plies: usize,
    mut sink: impl FnMut(G::Position, G::Move),
) -> Result<Vec<G::Position>, Stopped> {
    let open = |p: &G::Position| game.outcome(p).is_none() && !prover.settled(p);
    let label = |p: G::Position| labelled(game, player, p, &canonical);
    // Fingerprints are uniform already: the set hashes them cheaply.
    let mut seen = HashSet::with_hasher(FixedState::default());
    let (mut entries, mut replies) = (0, 0);
    let mut ply = Vec::new();
    if open(start) {
        let (start, f) = label(start.clone());
        seen.insert(f);
        replies += start.1.as_ref().map_or(0, Vec::len) as u64;
        ply.push(start);
    }
    for _ in 0..plies {
        if ply.is_empty() {
            break;
        }
        let mut next = Vec::new();
        let mut rest = ply.into_iter();
        loop {
            let chunk: Vec<Waiting<G>> = rest.by_ref().take(CHUNK).collect();
            if chunk.is_empty() {
                break;
            }
            replies -= chunk
                .iter()
                .map(|(_, r)| r.as_ref().map_or(0, Vec::len) as u64)
                .sum::<u64>();
            let steps: Vec<Result<Step<G>, Stopped>> = chunk
                .into_par_iter()
                .map(|waiting| step(game, prover, waiting, &open, &label))
                .collect();
            for (entry, children) in steps.into_iter().collect::<Result<Vec<_>, _>>()? {
                if let Some((p, m)) = entry {
                    sink(p, m);
                    entries += 1;
                }
                for (child, f) in children {
                    if seen.insert(f) {
                        replies += child.1.as_ref().map_or(0, Vec::len) as u64;
                        next.push(child);
                    }
                }
            }
            prover.within_memory(WalkSize {
                seen: seen.len() as u64,
                waiting: (rest.len() + next.len()) as u64,
                replies,
                entries,
            })?;
        }
        ply = next;
    }
    Ok(ply.into_iter().map(|(p, _)| p).collect())
}

/// A 128-bit fingerprint of a canonical key (module docs).
fn fingerprint(key: &[u64]) -> u128 {
    let half = |salt: u8| {
        let mut h = std::hash::DefaultHasher::new();
        (salt, key).hash(&mut h);
        h.finish() as u128
    };
    half(0) << 64 | half(1)
}

/// A position waiting in the walk: the prover's (`None`), or the other
/// player's with every reply up to symmetry, in its labels.
type Waiting<G> = (<G as Rules>::Position, Option<Vec<<G as Rules>::Move>>);

/// What one position adds: its entry (a position of the prover) and the
/// positions after it still open, each with its fingerprint.
type Step<G> = (
    Option<(<G as Rules>::Position, <G as Rules>::Move)>,
    Vec<(Waiting<G>, u128)>,
);

/// `position` labelled once: its fingerprint and, where the other player
/// moves, one reply per orbit of the automorphisms of its canonical form,
/// in `position`'s labels.
fn labelled<G: Symmetric>(
    game: &G,
    player: Player,
    position: G::Position,
    canonical: &impl Fn(&G::Position) -> Canonical<G::Position>,
) -> (Waiting<G>, u128) {
    let canon = canonical(&position);
    let f = fingerprint(&canon.key);
    let replies = (game.to_move(&position) != player).then(|| {
        let back = inverse(&canon.to_canon);
        let moves = game.orbit_moves(&canon.position, &canon.generators);
        moves.iter().map(|m| game.relabel_move(m, &back)).collect()
    });
    ((position, replies), f)
}

/// The prover's move at a waiting position and the position after it, or
/// the other player's replies and the positions after them; of those, the
/// ones still `open`, labelled.
fn step<G: Symmetric>(
    game: &G,
    prover: &impl Prover<G>,
    (position, replies): Waiting<G>,
    open: &(impl Fn(&G::Position) -> bool + Sync),
    label: &(impl Fn(G::Position) -> (Waiting<G>, u128) + Sync),
) -> Result<Step<G>, Stopped> {
    let (entry, next) = match replies {
        None => {
            let m = prover.choose(&position)?;
            let next = vec![game.play(&position, &m)];
            (Some((position, m)), next)
        }
        Some(replies) => (None, replies.iter().map(|m| game.play(&position, m)).collect()),
    };
    Ok((entry, next.into_iter().filter(|p| open(p)).map(label).collect()))
}
