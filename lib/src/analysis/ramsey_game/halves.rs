//! The two halves of an exact length `d` found by tests (`length.rs`) as
//! certificates: "the winner wins within `d` plies", read off the test
//! that holds (version 3, [`fastest_certificate`]), and "she does not win
//! within `d - gap` plies", read off the test that fails (version 14,
//! proofs/FORMAT.md, "Version 14: no win within L plies",
//! [`holdout_certificate`]).
//!
//! The test "does the prover win within `L` plies?" failed, so its table
//! says, at each position of the other player (the *holder*) reached in
//! time, a move after which she still does not win in the plies left: the
//! move its value comes from ([`crate::engine::Solver::chosen_move`], the
//! first such move in the test's move order). The walk
//! ([`crate::engine::extract::strategy`]) plays that move at his turns and
//! every move of hers (one per orbit) at hers, down to the end of the game
//! or the horizon (no plies left: the claim holds there, the checker sees
//! it itself). Every position met keeps the test's value "no win in
//! time", since his move keeps it and every move of hers does at a
//! position where she has none that wins. An entry's number is the plies
//! left after his move (single-edge moves: the plies played are the edges
//! coloured since the start).

use super::records::TestHook;
use crate::core::board::{Edge, Player, Position};
use crate::core::symmetry::Canonical;
use crate::engine::extract::{strategy, Prover, Recorded, WalkSize};
use crate::engine::{NoHook, Solver, Stopped};
use crate::games::ply_horizon::PlyHorizon;
use crate::games::prelude::*;
use crate::games::ramsey::RamseyGame;
use crate::games::FirstWins;
use crate::verify::cert::game::{certificate_with_depths, coloured, colouring, move_text, seal_holdout, walk_bytes};
use crate::verify::cert::Certificate;

/// A test's search (`length.rs`): the solver of one horizon, with its
/// table, and with a hook recording for a certificate writer where one is
/// asked for (`records.rs`).
pub(super) type TestSolver<'g, H = NoHook> = Solver<'g, PlyHorizon<'g, RamseyGame>, H, FirstWins>;

/// A player's moves read off a test, within its horizon: at each of the
/// player's positions the move the test's value comes from (the passing
/// test's for the winner, the failing test's for the holder).
pub(super) struct InTime<'s, 'g, H: TestHook> {
    game: &'s RamseyGame,
    test: &'s TestSolver<'g, H>,
    /// The test's plies, from the start.
    plies: u32,
    /// Edges coloured at the start: the plies played are the edges
    /// coloured since.
    start_coloured: usize,
    position_bytes: u64,
}

impl<'s, 'g, H: TestHook> InTime<'s, 'g, H> {
    /// The moves of `test`, a test of `game` from its start at `plies`.
    pub(super) fn new(game: &'s RamseyGame, test: &'s TestSolver<'g, H>, plies: u32) -> Self {
        let start = game.start();
        InTime {
            game,
            test,
            plies,
            start_coloured: coloured(&start),
            position_bytes: start.bytes(),
        }
    }

    /// The plies left before the horizon at `position`.
    fn left(&self, position: &Position) -> u32 {
        self.plies - (coloured(position) - self.start_coloured) as u32
    }
}

impl<H: TestHook> Prover<RamseyGame> for InTime<'_, '_, H> {
    /// No plies left (the holder's walk: she has not won in time; the
    /// winner's walk never gets there, she wins in time).
    fn settled(&self, position: &Position) -> bool {
        self.left(position) == 0
    }
    fn choose(&self, position: &Position) -> Result<Vec<Edge>, Stopped> {
        let at = self.test.game().at(position.clone(), self.left(position));
        Ok(self
            .test
            .chosen_move(&at)?
            .expect("the player's positions in time are not over"))
    }
    /// What the test recorded there, if it recorded (`records.rs`): the
    /// move [`Prover::choose`] gives, and the replies with the
    /// fingerprints the walk would compute.
    fn recorded(&self, _position: &Position, canon: &Canonical<Position>) -> Option<Recorded<Vec<Edge>>> {
        self.test.hook().recorded(self.game, canon)
    }
    /// The record is read for good: dropped.
    fn kept(&self, f: u64) {
        self.test.hook().forget(f);
    }
    /// The walk and the test's table together within the cap.
    fn within_memory(&self, size: WalkSize) -> Result<(), Stopped> {
        self.test.room_for(walk_bytes(size, self.position_bytes))
    }
}

/// `winner`'s strategy read off `holds`, a test of `game` from its start
/// asking whether she wins within `plies` plies that held, as a version-3
/// certificate whose depths are her moves in the plies left: every
/// position of the strategy is one the test found won in time, so its
/// depth (`ceil(left / 2)`) falls by one from an entry to the next, the
/// checker's closure.
pub(super) fn fastest_certificate(
    game: &RamseyGame,
    winner: Player,
    holds: &TestSolver<'_, impl TestHook>,
    plies: u32,
) -> Result<Certificate, Stopped> {
    let walker = InTime::new(game, holds, plies);
    let depth = |p: &Position| walker.left(p).div_ceil(2);
    certificate_with_depths(game, winner, &walker, plies, depth)
}

/// The holder's strategy against `prover` read off `fails`, a test of
/// `game` from its start asking whether `prover` wins within `plies`
/// plies that failed, as a version-14 certificate. The game's moves must
/// colour one edge each.
pub(super) fn holdout_certificate(
    game: &RamseyGame,
    prover: Player,
    fails: &TestSolver<'_, impl TestHook>,
    plies: u32,
) -> Result<Certificate, Stopped> {
    let start = game.start();
    let walker = InTime::new(game, fails, plies);
    let holder = prover.opponent();
    let entries = strategy(game, &start, holder, &walker, |p| game.canonical(p))?;
    let lines = entries.into_iter().map(|(position, m)| {
        let text = colouring(&game.as_written(&position));
        let after = walker.left(&position) - 1;
        (coloured(&position), format!("{text} {} {after}\n", move_text(&m)))
    });
    Ok(seal_holdout(game, &start, prover, plies, lines.collect()))
}
