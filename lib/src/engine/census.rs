//! Counting the positions reachable from a start, up to isomorphism.
//!
//! The walk expands positions exactly as the solver does (canonical form,
//! one move per orbit), so it reaches one position per isomorphism class of
//! reachable positions; finished positions are counted and not expanded.

use super::table::Table;
use super::{Limits, Stopped};
use crate::games::Symmetric;
use rayon::prelude::*;
use std::collections::BTreeMap;

/// The positions reachable from `start` (included), one per isomorphism
/// class, counted by `classify`. The set of positions seen is capped at
/// `limits`' memory cap (the solver's accounting); past it the count
/// stops with [`Stopped`].
pub fn census<G: Symmetric, K: Ord + Send>(
    game: &G,
    start: &G::Position,
    classify: impl Fn(&G::Position) -> K + Sync,
    limits: Limits,
) -> Result<BTreeMap<K, u64>, Stopped> {
    let seen = Table::new().within(limits);
    let mut level = vec![game.canonical(start)];
    seen.insert_new(&level[0].key, (), || ());
    let mut counts = BTreeMap::new();
    while !level.is_empty() {
        if seen.full() {
            return Err(seen.stopped());
        }
        for canon in &level {
            *counts.entry(classify(&canon.position)).or_default() += 1;
        }
        let next: Vec<_> = level
            .par_iter()
            .filter(|canon| game.outcome(&canon.position).is_none())
            .flat_map_iter(|canon| {
                let moves = game.orbit_moves(&canon.position, &canon.generators);
                moves
                    .into_iter()
                    .map(|m| game.canonical(&game.play(&canon.position, &m)))
                    .collect::<Vec<_>>()
            })
            .filter(|child| seen.insert_new(&child.key, (), || ()))
            .collect();
        level = next;
    }
    Ok(counts)
}
