//! Shortest refutations: a counterexample in which the strategy fails after
//! as few of his moves as possible.
//!
//! The ordinary search reports the first counterexample in reply order,
//! which can be long (a strategy that never builds is refuted by the bound
//! after 50 moves although he can simply build his own clique in 3). Here
//! the positions reachable after `d` of his moves are examined for
//! `d = 0, 1, 2, ...`: every reply of his (one per orbit of the canonical
//! form, exactly as in [`Search`]) and her strategy's answer. The first `d`
//! at which some exchange fails (he completes his clique, she has no rule,
//! runs past the bound, or the board fills) is the length of a shortest
//! refutation, and it is *provably* shortest because every shallower level
//! was exhausted without a failure. (A line ending in a broken contract, an
//! illegal move or a panic, is found the same way; it is no refutation, and
//! [`crate::verify::shorten`] reports it as no verdict.)
//!
//! This is iterative deepening over his move budget with the memo keyed by
//! canonical form, organised breadth-first: every exchange adds exactly one
//! blue edge, so the number of his moves is a function of the position and a
//! canonical position belongs to exactly one level. Expanding level by level
//! therefore looks at each canonical position once, where depth-first
//! deepening would re-expand every shallower level at each new depth; the
//! depths explored and the answer are the same.
//!
//! Each level is expanded in parallel, but the failure reported is the
//! first one in (level order, reply order), and the next level is built in
//! that order, so the result does not depend on the thread count.

use crate::core::board::{Edge, Player};
use crate::core::canon::{canonical_form, CanonicalForm};
use crate::core::orbits::edge_orbit_representatives;
use crate::verify::line::{Ending, Line};
use crate::verify::search::Search;
use rayon::prelude::*;
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

/// What the search for a shortest refutation found.
#[derive(Clone, Debug)]
pub enum Shortest {
    /// A counterexample with the fewest possible of his moves.
    Found {
        /// The counterexample.
        line: Line,
        /// Positions examined.
        positions: u64,
    },
    /// She wins on every line within the bound: nothing to refute.
    NoRefutation {
        /// Positions examined.
        positions: u64,
    },
    /// Expanding the next level would pass the position limit; no
    /// refutation has `exhausted` or fewer of his moves, but a shortest one
    /// is not known.
    GaveUp {
        /// Every line with at most this many of his moves is known to lose for him.
        exhausted: u32,
        /// Positions examined.
        positions: u64,
    },
}

/// The outcome of one of his replies at a level.
enum Step {
    Fails,
    Wins,
    Continues(Box<CanonicalForm>),
}

/// A position of the current level and how it was reached: the index of
/// its parent in the previous level and his reply there (canonical labels).
struct Node {
    canon: CanonicalForm,
    parent: usize,
    reply: Option<Edge>,
}

/// Finds a shortest refutation of `search`'s strategy, expanding at most
/// `max_positions` positions (him to move). The count reported is of
/// positions expanded.
pub fn shortest_refutation(search: &Search, max_positions: u64) -> Shortest {
    shortest_refutation_with(search, max_positions, |_, _| {})
}

/// [`shortest_refutation`], calling `on_level(d, n)` before the `n`
/// positions after `d` of his moves are expanded (for progress display).
pub fn shortest_refutation_with(search: &Search, max_positions: u64, on_level: impl Fn(u32, usize)) -> Shortest {
    let Ok((position, memory, _)) = search.opening() else {
        // Her first move already fails: zero of his moves.
        return found(search, &[], 0);
    };
    let root = Node {
        canon: canonical_form(&position, &memory, None),
        parent: 0,
        reply: None,
    };
    let mut levels: Vec<Vec<(usize, Option<Edge>)>> = Vec::new();
    let mut frontier = vec![root];
    let mut positions = 0u64;
    loop {
        if frontier.is_empty() {
            return Shortest::NoRefutation { positions };
        }
        levels.push(frontier.iter().map(|n| (n.parent, n.reply)).collect());
        if positions + frontier.len() as u64 > max_positions {
            let exhausted = levels.len() as u32 - 1;
            return Shortest::GaveUp { exhausted, positions };
        }
        on_level(levels.len() as u32 - 1, frontier.len());
        match expand_level(search, &frontier) {
            Err((index, reply)) => {
                positions += (index / CHUNK * CHUNK + CHUNK).min(frontier.len()) as u64;
                let mut replies = path_to(&levels, index);
                replies.push(reply);
                return found(search, &replies, positions);
            }
            Ok(next) => {
                positions += frontier.len() as u64;
                frontier = next;
            }
        }
    }
}

/// Positions expanded together; bounds the memory held by children that
/// turn out to be duplicates.
const CHUNK: usize = 256;

/// The next level (distinct positions, first occurrence first), or the
/// first failing (node index, reply) in level and reply order.
fn expand_level(search: &Search, frontier: &[Node]) -> Result<Vec<Node>, (usize, Edge)> {
    // Children by hash of their key, as indices into `next`: duplicates are
    // found by comparing keys without storing each key twice.
    let mut seen: HashMap<u64, Vec<usize>> = HashMap::new();
    let mut next: Vec<Node> = Vec::new();
    for (c, chunk) in frontier.chunks(CHUNK).enumerate() {
        let steps: Vec<Vec<(Edge, Step)>> = chunk.par_iter().map(|n| expand(search, &n.canon)).collect();
        for (i, replies) in steps.iter().enumerate() {
            if let Some((e, _)) = replies.iter().find(|(_, step)| matches!(step, Step::Fails)) {
                return Err((c * CHUNK + i, *e));
            }
        }
        for (i, replies) in steps.into_iter().enumerate() {
            for (e, step) in replies {
                if let Step::Continues(canon) = step {
                    let mut hasher = DefaultHasher::new();
                    canon.key.hash(&mut hasher);
                    let same = seen.entry(hasher.finish()).or_default();
                    if !same.iter().any(|&j| next[j].canon.key == canon.key) {
                        same.push(next.len());
                        next.push(Node {
                            canon: *canon,
                            parent: c * CHUNK + i,
                            reply: Some(e),
                        });
                    }
                }
            }
        }
    }
    Ok(next)
}

/// His replies at `node` (one per orbit, in orbit order) and what follows
/// each: an immediate failure, her win, or the next position. No replies at
/// all (a full board) counts as a failure, as in [`Search::value`].
fn expand(search: &Search, node: &CanonicalForm) -> Vec<(Edge, Step)> {
    edge_orbit_representatives(node)
        .into_iter()
        .map(|e| {
            let x = search.exchange(&node.position, &node.memory, e);
            let step = match x.ending {
                Some(Ending::FirstPlayerWins) => Step::Wins,
                Some(_) => Step::Fails,
                None if x.position.is_full() => Step::Fails,
                None => Step::Continues(Box::new(canonical_form(&x.position, &x.memory, None))),
            };
            (e, step)
        })
        .collect()
}

/// His replies (canonical labels) leading from the root to node `index` of
/// the last level.
fn path_to(levels: &[Vec<(usize, Option<Edge>)>], mut index: usize) -> Vec<Edge> {
    let mut replies = Vec::new();
    for level in levels.iter().rev() {
        let (parent, reply) = level[index];
        replies.extend(reply);
        index = parent;
    }
    replies.reverse();
    replies
}

/// Replays his `replies` against the strategy. Canonical forms are
/// deterministic, so the canonical labels each reply was found in are the
/// labels [`Search::play_line`] hands back.
fn found(search: &Search, replies: &[Edge], positions: u64) -> Shortest {
    let mut next = replies.iter().copied();
    let line = search.play_line(|_| next.next());
    debug_assert_eq!(line.count(Player::Second), replies.len());
    Shortest::Found { line, positions }
}
