//! What a length test (`length.rs`) records as it searches, for the
//! certificate read off it (`halves.rs`): so that the walk reading a
//! strategy off the test neither asks the test's table for a move (a
//! labelling of the position and one of each child tried) nor labels the
//! positions after the other player's replies that it has met already
//! (most of them). Recorded only when a certificate is asked for
//! ([`Recording`]); a test without one runs with [`NoHook`], the search
//! unchanged.
//!
//! At each position the test stores, by the fingerprint of the walk's
//! canonical key ([`fingerprint`]; the test's key is that key and the
//! plies left, one word more: `Canonical::extended`):
//!
//! - where the player to move wins the test's question (the prover wins
//!   in time, or the other holds out), the move the value comes from: the
//!   first child with the node's value, which is the first decisive one
//!   (an earlier child with that value would have been decisive), the move
//!   [`crate::engine::Solver::chosen_move`] gives;
//! - where the player to move loses it, each move with the fingerprint of
//!   the position after it (0: decided unlabelled, by a quick value or the
//!   end of the game), every move having been searched.
//!
//! Moves are kept as one word each, in canonical labels ([`move_word`]).
//! The walk lists replies in the game's orbit order (its own), the test in
//! its order for tests (`PlyHints::order_for_tests`, which costs as much
//! as a labelling on Sim), so a record is handed over in the walk's order,
//! each of the walk's moves finding its fingerprint by its word: the walk
//! keeps the first position of a class it meets, and in this order it
//! meets them as it did without records, so the certificate is the same
//! byte for byte. Two keys with one fingerprint would hand the walk another
//! position's record: the certificate then fails its check, it is never
//! false (`engine/extract.rs`).

use crate::core::board::{Edge, Player, Position};
use crate::core::symmetry::Canonical;
use crate::engine::extract::{fingerprint, Recorded};
use crate::engine::{inverse, Child, Hook, NoHook};
use crate::games::ply_horizon::PlyHorizon;
use crate::games::prelude::*;
use crate::games::ramsey::RamseyGame;
use crate::games::{Rules, Value};
use foldhash::fast::FixedState;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// A length test's hook: records for a certificate writer
/// ([`Recording`]), or nothing ([`NoHook`]).
pub(super) trait TestHook: for<'g> Hook<PlyHorizon<'g, RamseyGame>> {
    /// Bytes counted against the memory cap per stored position.
    const ENTRY_BYTES: u64;
    /// The hook of a test asking whether `prover` wins.
    fn asking(prover: Player) -> Self;
    /// What the test recorded at the position `canon` is the walk's
    /// canonical form of ([`Symmetric::canonical`] of `game`), in that
    /// position's labels, the replies in the walk's order; `None` where
    /// nothing was recorded.
    fn recorded(&self, game: &RamseyGame, canon: &Canonical<Position>) -> Option<Recorded<Vec<Edge>>>;
    /// Drops the record of the position whose key has the fingerprint
    /// `f`: the walk kept that position and meets it again only to drop it.
    fn forget(&self, f: u64);
}

impl TestHook for NoHook {
    const ENTRY_BYTES: u64 = 0;
    fn asking(_prover: Player) -> Self {
        NoHook
    }
    fn recorded(&self, _game: &RamseyGame, _canon: &Canonical<Position>) -> Option<Recorded<Vec<Edge>>> {
        None
    }
    fn forget(&self, _f: u64) {}
}

/// One stored position's record (module docs), moves as words
/// ([`move_word`]) in canonical labels.
enum Record {
    /// The player to move wins: the move the value comes from.
    Wins(u64),
    /// The player to move loses: each move and the fingerprint after it,
    /// in the test's order.
    Loses(Box<[(u64, u64)]>),
}

/// A move of at most four edges as one word, its edges 16 bits each (no
/// edge is `0-0`, so the word is never 0 and the padding is plain); 0 for
/// a longer move (no record is kept where one is needed).
fn move_word(m: &[Edge]) -> u64 {
    let word = |w: u64, e: &Edge| {
        let (u, v) = e.ends();
        w << 16 | u64::from(u) << 8 | u64::from(v)
    };
    match m.len() <= 4 {
        true => m.iter().fold(0, word),
        false => 0,
    }
}

/// The move [`move_word`] gave `word` for.
fn word_move(mut word: u64) -> Vec<Edge> {
    let mut m = vec![];
    while word != 0 {
        m.push(Edge::new((word >> 8) as u8, word as u8));
        word >>= 16;
    }
    m.reverse();
    m
}

/// The hook recording for a certificate writer (module docs). The tests
/// search on one thread, so the lock is never contended.
pub(super) struct Recording {
    prover: Player,
    book: Mutex<HashMap<u64, Record, FixedState>>,
    /// Bytes of the fingerprints in [`Record::Loses`], with each slice's
    /// allocation header (16).
    held: AtomicU64,
}

/// The fingerprint the walk gives the position whose test key is `key`:
/// the walk's key is the test's without its last word, the plies left.
fn walk_fingerprint(key: &[u64]) -> u64 {
    fingerprint(&key[..key.len() - 1])
}

impl<'g> Hook<PlyHorizon<'g, RamseyGame>> for Recording {
    /// The move's word and the fingerprint of the child's key as the
    /// walk computes it (0 where the child was not labelled).
    type Note = (u64, u64);
    fn child(
        &self,
        _node: &Canonical<<PlyHorizon<'g, RamseyGame> as Rules>::Position>,
        m: &Vec<Edge>,
        _child: &<PlyHorizon<'g, RamseyGame> as Rules>::Position,
        canon: Option<&Canonical<<PlyHorizon<'g, RamseyGame> as Rules>::Position>>,
        _value: Value<bool>,
    ) -> (u64, u64) {
        (move_word(m), canon.map_or(0, |c| walk_fingerprint(&c.key)))
    }
    fn decided(
        &self,
        _node: &Canonical<<PlyHorizon<'g, RamseyGame> as Rules>::Position>,
        m: &Vec<Edge>,
        _value: Value<bool>,
    ) -> (u64, u64) {
        (move_word(m), 0)
    }
    fn stored(
        &self,
        node: &Canonical<<PlyHorizon<'g, RamseyGame> as Rules>::Position>,
        value: Value<bool>,
        children: &[Child<bool, (u64, u64)>],
    ) {
        let record = match (node.position.position.to_move() == self.prover) == value.score {
            true => {
                let first = children
                    .iter()
                    .find(|c| c.value.is_some_and(|v| v.score == value.score));
                first.map(|c| Record::Wins(c.note.0))
            }
            false => {
                let after: Option<Box<[(u64, u64)]>> = children.iter().map(|c| c.value.map(|_| c.note)).collect();
                after.filter(|a| !a.is_empty()).map(Record::Loses)
            }
        };
        let known = |w: u64| w != 0;
        let record = record.filter(|r| match r {
            Record::Wins(w) => known(*w),
            Record::Loses(after) => after.iter().all(|&(w, _)| known(w)),
        });
        let Some(record) = record else { return };
        if let Record::Loses(after) = &record {
            self.held.fetch_add(slice_bytes(after), Ordering::Relaxed);
        }
        let f = walk_fingerprint(&node.key);
        self.book.lock().expect("no panic holds it").insert(f, record);
    }
    fn held_bytes(&self) -> u64 {
        self.held.load(Ordering::Relaxed)
    }
}

/// Bytes counted for a record's moves and fingerprints.
fn slice_bytes(after: &[(u64, u64)]) -> u64 {
    16 * after.len() as u64 + 16
}

impl TestHook for Recording {
    /// A fingerprint and a record per stored position, and the map's
    /// slack.
    const ENTRY_BYTES: u64 = std::mem::size_of::<(u64, Record)>() as u64 + 8;
    fn asking(prover: Player) -> Self {
        Recording {
            prover,
            book: Mutex::new(HashMap::default()),
            held: AtomicU64::new(0),
        }
    }
    fn recorded(&self, game: &RamseyGame, canon: &Canonical<Position>) -> Option<Recorded<Vec<Edge>>> {
        let f = fingerprint(&canon.key);
        let book = self.book.lock().expect("no panic holds it");
        let record = book.get(&f)?;
        let back = inverse(&canon.to_canon);
        match record {
            Record::Wins(w) => Some(Recorded::Move(game.relabel_move(&word_move(*w), &back))),
            Record::Loses(after) => {
                let ours = game.orbit_moves(&canon.position, &canon.generators);
                let after_of = |m: &Vec<Edge>| {
                    let w = move_word(m);
                    after.iter().find(|a| a.0 == w).map(|a| a.1)
                };
                let replies = ours
                    .iter()
                    .map(|m| Some((game.relabel_move(m, &back), after_of(m)?, None)));
                let replies: Option<Vec<_>> = replies.collect();
                replies.filter(|r| r.len() == after.len()).map(Recorded::Replies)
            }
        }
    }
    fn forget(&self, f: u64) {
        let removed = self.book.lock().expect("no panic holds it").remove(&f);
        if let Some(Record::Loses(after)) = removed {
            self.held.fetch_sub(slice_bytes(&after), Ordering::Relaxed);
        }
    }
}
