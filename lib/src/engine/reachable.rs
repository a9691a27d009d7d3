//! The states a [`LabelledStrategy`] reaches, up to a caller's reduction:
//! an *inductive invariant* of the strategy, which a certificate can list
//! and a checker can check one state at a time, with no search (every
//! state listed is not lost, and every move the strategy allows followed
//! by every reply leads to an end it wins or to a listed state).
//!
//! [`super::strategy::certify`] checks a strategy on exact labelled
//! (position, last move) pairs, since a strategy may read labels; a
//! caller who knows what its strategy reads can do better: its key maps a
//! pair to what the strategy's future depends on (for Theorem 5.3's
//! strategy on trees, the uncoloured forest with each vertex's forbidden
//! colours, depth parity and the rule the last reply set off), and pairs
//! with one key are walked once, across every start given to one
//! [`Reached`], even starts in different games (different trees). The key
//! must be sound (pairs with one key have the same future under the
//! strategy, up to renaming): a coarser one could skip a losing line here,
//! and the checker, which computes every successor itself, then finds a
//! state missing and rejects the certificate; never a false one.
//!
//! Keys are made only where the strategy's player is to move after an
//! opponent's move and the game goes on: the states listed are those.
//!
//! Memory: the keys are kept (they are the certificate), counted as their
//! bytes plus [`KEY_OVERHEAD`] each against a cap; past it a walk stops
//! with [`Stopped`] (no verdict), as a search stopped by its cap does.

use super::follow::{Counterexample, FailureKind, LabelledStrategy};
use super::Stopped;
use crate::core::board::Player;
use crate::games::Rules;
use dashmap::DashSet;
use std::hash::Hash;
use std::sync::atomic::{AtomicU64, Ordering};

/// Bytes counted per key beyond its text: the key's own size and the
/// set's slack and control bytes.
pub const KEY_OVERHEAD: u64 = 64;

/// The keys met over every walk so far, shared by walks on any threads.
pub struct Reached<K: Hash + Eq> {
    seen: DashSet<K>,
    bytes: AtomicU64,
    cap: u64,
}

/// How a walk ended without holding: a line beating the strategy, or the
/// memory cap.
#[derive(Clone, Debug)]
pub enum Halt<M> {
    /// The strategy failed on this line ([`super::strategy::certify`]'s
    /// counterexample).
    Lost(Counterexample<M>),
    /// The keys reached the cap.
    Stopped(Stopped),
}

/// A node of a walk: the position, the opponent's last move, and the
/// moves from the start (for a counterexample).
struct Step<G: Rules> {
    position: G::Position,
    last: Option<G::Move>,
    line: Vec<G::Move>,
}

impl<K: Hash + Eq + AsRef<[u8]>> Reached<K> {
    /// No key met yet; the keys may take `cap` bytes.
    pub fn new(cap: u64) -> Reached<K> {
        Reached {
            seen: DashSet::new(),
            bytes: AtomicU64::new(0),
            cap,
        }
    }

    /// Keeps `key`; false if it was met before. Past the cap: [`Stopped`].
    fn insert(&self, key: K) -> Result<bool, Stopped> {
        let bytes = key.as_ref().len() as u64 + KEY_OVERHEAD;
        if !self.seen.insert(key) {
            return Ok(false);
        }
        match self.bytes.fetch_add(bytes, Ordering::Relaxed) + bytes > self.cap {
            true => Err(Stopped::certificate_cap(self.cap)),
            false => Ok(true),
        }
    }

    /// Walks `strategy`, playing `player` in `game` from `start`, against
    /// every reply, every option of the strategy followed; a pair whose
    /// `key` was met before (in this walk or another) is not walked again.
    /// Err: a line where the game ends worse for `player` than `promised`,
    /// or the strategy has no move or an illegal one (which then ends the
    /// line), as [`super::strategy::certify`] reports it; or the cap.
    pub fn walk<G, S>(
        &self,
        game: &G,
        start: G::Position,
        player: Player,
        strategy: &S,
        promised: G::Score,
        key: impl Fn(&G::Position, &G::Move) -> K,
    ) -> Result<(), Halt<G::Move>>
    where
        G: Rules,
        S: LabelledStrategy<G> + ?Sized,
    {
        let fail = |line: Vec<G::Move>, reason| Err(Halt::Lost(Counterexample { line, reason }));
        let mut stack = vec![Step::<G> {
            position: start,
            last: None,
            line: vec![],
        }];
        while let Some(Step { position, last, line }) = stack.pop() {
            if let Some(score) = game.outcome(&position) {
                let good = match player {
                    Player::First => score >= promised,
                    Player::Second => score <= promised,
                };
                match good {
                    true => continue,
                    false => return fail(line, FailureKind::Lost),
                }
            }
            let ours = game.to_move(&position) == player;
            let moves = match ours {
                true => strategy.choose(game, &position, last.as_ref()),
                false => game.moves(&position),
            };
            if moves.is_empty() && ours {
                return fail(line, FailureKind::NoLegalMove);
            }
            let legal = game.moves(&position);
            for m in moves.into_iter().rev() {
                let mut next = line.clone();
                next.push(m.clone());
                if ours && !legal.contains(&m) {
                    return fail(next, FailureKind::NoLegalMove);
                }
                let after = game.play(&position, &m);
                let goes_on = game.outcome(&after).is_none() && game.to_move(&after) == player;
                if !ours && goes_on && !self.insert(key(&after, &m)).map_err(Halt::Stopped)? {
                    continue;
                }
                stack.push(Step {
                    position: after,
                    last: if ours { last.clone() } else { Some(m) },
                    line: next,
                });
            }
        }
        Ok(())
    }

    /// Keys met so far.
    pub fn len(&self) -> usize {
        self.seen.len()
    }

    /// Whether no key was met.
    pub fn is_empty(&self) -> bool {
        self.seen.is_empty()
    }

    /// Every key met, in no particular order.
    pub fn into_keys(self) -> Vec<K> {
        self.seen.into_iter().collect()
    }
}
