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
//! hints), or Sim's ([`RamseyGame::sim_order`]: safe moves first); the
//! other rule sets are searched in the game's move order.
//!
//! With `--dfpn` the same question goes to the proof-number search
//! (`engine::Dfpn`, [`winner_dfpn`]): first "does the first mover win?";
//! if not, under rules without draws ([`crate::games::ramsey::Rules::draws`]) the other player
//! wins, and otherwise a second search asks whether she does (neither: a
//! draw). Its table evicts under the memory cap instead of stopping.

use crate::core::board::Player;
use crate::engine::{Decider, Dfpn, Limits, MoveOrder, Stopped};
use crate::games::prelude::*;
use crate::games::ramsey::{Outcome, RamseyGame};
use std::time::Instant;

/// The answer of a winner-only search.
#[derive(Clone, Debug)]
pub struct WinnerOnly {
    /// The score under optimal play (a draw where neither side wins).
    pub outcome: Outcome,
    /// Positions the search stored (the same on every run); for the
    /// proof-number search, positions expanded, re-expansions included
    /// (also the same on every run).
    pub positions: u64,
    /// Approximate bytes of its table at its peak.
    pub table_bytes: u64,
    /// For the proof-number search, the table entries it evicted to stay
    /// under the memory cap; `None` for the score-only search (which
    /// evicts nothing).
    pub evicted: Option<u64>,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// The winner of a game and the proof-number search whose table proves it
/// (its moves are her strategy: [`Dfpn::decisive_move`]).
pub type Proved<'g> = (Player, Dfpn<'g, RamseyGame>);

/// The score-only search of `game`, capped at `limits`' memory cap; kept by
/// the caller so that a certificate can be read off it afterwards.
pub fn winner_decider(game: &RamseyGame, limits: Limits) -> Decider<'_, RamseyGame> {
    let decider = Decider::new(game, Outcome::RedWins, Outcome::BlueWins).with_limits(limits);
    match order(game) {
        Some(order) => decider.with_order(order),
        None => decider,
    }
}

/// The move order of `game`'s searches: the one-colour game's or Sim's,
/// else the game's own (`None`).
fn order(game: &RamseyGame) -> Option<MoveOrder<RamseyGame>> {
    // The order lives as long as the search: it holds its own copy.
    let rules = game.clone();
    if game.rules().shared() {
        return Some(Box::new(move |p, moves| rules.shared_order(p, moves)));
    }
    game.is_sim()
        .then(|| -> MoveOrder<RamseyGame> { Box::new(move |p, moves| rules.sim_order(p, moves)) })
}

/// Who wins `decider`'s game from its start, with the search's counts.
pub fn winner_only(decider: &Decider<'_, RamseyGame>, game: &RamseyGame) -> Result<WinnerOnly, Stopped> {
    let started = Instant::now();
    let outcome = decider.score(&game.start())?;
    Ok(WinnerOnly {
        outcome,
        positions: decider.positions(),
        table_bytes: decider.table_bytes(),
        evicted: None,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// Who wins `game` by proof-number search (module docs), with the counts
/// of its searches summed, and the winner with the search that proved her
/// claim (for a certificate: [`crate::verify::cert::game::winner_certificate`]);
/// `None` on a draw.
pub fn winner_dfpn(game: &RamseyGame, limits: Limits) -> Result<(WinnerOnly, Option<Proved<'_>>), Stopped> {
    let started = Instant::now();
    let start = game.start();
    let search = |prover| {
        let dfpn = Dfpn::new(game, Outcome::RedWins, Outcome::BlueWins, prover).with_limits(limits);
        let dfpn = match order(game) {
            Some(order) => dfpn.with_order(order),
            None => dfpn,
        };
        let proven = dfpn.proves(&start)?;
        Ok::<_, Stopped>((proven, dfpn))
    };
    let first = game.first();
    let mut searches = vec![search(first)?];
    if !searches[0].0 && game.rules().draws() {
        searches.push(search(first.opponent())?);
    }
    let (proven, last) = searches.last().expect("one search at least");
    let winner = match (*proven, last.prover() == first) {
        (true, _) => Some(last.prover()),
        (false, true) => Some(first.opponent()),
        (false, false) => None,
    };
    let found = WinnerOnly {
        outcome: winner.map_or(Outcome::Draw, Outcome::win_for),
        positions: searches.iter().map(|(_, s)| s.expansions()).sum(),
        table_bytes: searches.iter().map(|(_, s)| s.peak_bytes()).max().unwrap_or(0),
        evicted: Some(searches.iter().map(|(_, s)| s.evicted()).sum()),
        seconds: started.elapsed().as_secs_f64(),
    };
    Ok((found, winner.zip(searches.pop().map(|(_, s)| s))))
}
