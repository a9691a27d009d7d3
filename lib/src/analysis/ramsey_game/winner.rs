//! `solve --rules R --winner-only`: who wins a graph Ramsey game, without
//! the length of optimal play. The literature on Hajnal's triangle-free
//! game (Seress; Cater, Harary and Robinson; Prałat; Gordinowicz and
//! Prałat) asks only that, and the score-only search (`engine::Decider`)
//! answers it with cutoffs: a position is decided by its first child that
//! wins for the mover, so most moves are never searched.
//!
//! The search is sequential (the positions it stores are the same on
//! every run), with the one-colour game's move order
//! ([`RamseyGame::shared_order`]) and its ending moves (`games::ramsey`'s
//! hints); the other rule sets are searched in the game's move order.

use crate::engine::{Decider, Limits, Stopped};
use crate::games::prelude::*;
use crate::games::ramsey::{Outcome, RamseyGame};
use std::time::Instant;

/// The answer of a winner-only search.
#[derive(Clone, Debug)]
pub struct WinnerOnly {
    /// The score under optimal play (a draw where neither side wins).
    pub outcome: Outcome,
    /// Positions the search stored (the same on every run).
    pub positions: u64,
    /// Approximate bytes of its table at the end (its peak: nothing is
    /// evicted).
    pub table_bytes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// The score-only search of `game`, capped at `limits`' memory cap; kept by
/// the caller so that a certificate can be read off it afterwards.
pub fn winner_decider(game: &RamseyGame, limits: Limits) -> Decider<'_, RamseyGame> {
    let decider = Decider::new(game, Outcome::RedWins, Outcome::BlueWins).with_limits(limits);
    if !game.rules().shared() {
        return decider;
    }
    // The order lives as long as the search: it holds its own copy.
    let rules = game.clone();
    decider.with_order(Box::new(move |p, moves| rules.shared_order(p, moves)))
}

/// Who wins `decider`'s game from its start, with the search's counts.
pub fn winner_only(decider: &Decider<'_, RamseyGame>, game: &RamseyGame) -> Result<WinnerOnly, Stopped> {
    let started = Instant::now();
    let outcome = decider.score(&game.start())?;
    Ok(WinnerOnly {
        outcome,
        positions: decider.positions(),
        table_bytes: decider.table_bytes(),
        seconds: started.elapsed().as_secs_f64(),
    })
}
