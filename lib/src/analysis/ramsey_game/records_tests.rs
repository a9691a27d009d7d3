//! The records of a length test (`records.rs`) against what the walk
//! would compute without them: at every position the walk meets, a
//! recorded move is the move the test's table gives, recorded replies are
//! the walk's own orbit moves in its order with the fingerprints of the
//! positions after them, and every position the test stored has its
//! record. Then the certificates with and without records are the same
//! byte for byte.

use super::halves::{fastest_certificate, holdout_certificate, InTime, TestSolver};
use super::records::{Recording, TestHook};
use super::Statement;
use crate::core::board::{Edge, Player, Position};
use crate::core::symmetry::Canonical;
use crate::engine::extract::{fingerprint, strategy, Prover, Recorded};
use crate::engine::{inverse, NoHook, Solver, Stopped};
use crate::games::ply_horizon::PlyHorizon;
use crate::games::prelude::*;
use crate::games::ramsey::{Outcome, RamseyGame};
use crate::games::FirstWins;
use crate::verify::cert::game::coloured;
use std::sync::atomic::{AtomicU64, Ordering};

/// The test "does `prover` win within `plies` plies?" from `game`'s
/// start, searched with the hook `H`.
fn test<H: TestHook>(game: &RamseyGame, prover: Player, plies: u32) -> (bool, TestSolver<'_, H>) {
    let horizon = PlyHorizon::new(game, prover, plies, Outcome::winner);
    let solver = Solver::owning_asking(horizon, FirstWins)
        .with_hook(H::asking(prover))
        .with_parallel_plies(0);
    let start = solver.game().at(game.start(), plies);
    (solver.value(&start).unwrap().score, solver)
}

/// The walk's prover with every record checked against the answer
/// computed without it (module docs).
struct Checked<'s, 'g> {
    game: &'s RamseyGame,
    test: &'s TestSolver<'g, Recording>,
    walker: InTime<'s, 'g, Recording>,
    /// Records checked.
    checked: AtomicU64,
    /// Positions the test stored that have no record.
    missing: AtomicU64,
}

impl Checked<'_, '_> {
    /// Whether the test stored `position` (its table, not a quick value).
    fn stored(&self, position: &Position) -> bool {
        let horizon = self.test.game();
        let left = horizon.plies() - (coloured(position) - coloured(&self.game.start())) as u32;
        let at = horizon.at(position.clone(), left);
        horizon.quick_value(&at).is_none() && self.test.known(&at).is_some()
    }
}

impl Prover<RamseyGame> for Checked<'_, '_> {
    fn settled(&self, position: &Position) -> bool {
        self.walker.settled(position)
    }
    fn choose(&self, position: &Position) -> Result<Vec<Edge>, Stopped> {
        self.walker.choose(position)
    }
    fn recorded(&self, position: &Position, canon: &Canonical<Position>) -> Option<Recorded<Vec<Edge>>> {
        let got = self.walker.recorded(position, canon);
        match &got {
            Some(Recorded::Move(m)) => assert_eq!(*m, self.walker.choose(position).unwrap()),
            Some(Recorded::Replies(replies)) => {
                let back = inverse(&canon.to_canon);
                let ours = self.game.orbit_moves(&canon.position, &canon.generators);
                assert_eq!(replies.len(), ours.len());
                for ((m, f, _), own) in replies.iter().zip(&ours) {
                    assert_eq!(*m, self.game.relabel_move(own, &back));
                    let key = self.game.canonical(&self.game.play(position, m)).key;
                    assert!(*f == 0 || *f == fingerprint(&key), "a reply's fingerprint");
                }
            }
            None => {
                if self.stored(position) {
                    self.missing.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
        self.checked.fetch_add(got.is_some() as u64, Ordering::Relaxed);
        got
    }
    fn kept(&self, f: u64) {
        self.walker.kept(f);
    }
}

/// Sim (K6, 15 plies) and 7-Sim (19): the holder's walk of the failing
/// test at `d - 2` and the winner's of the holding test at `d` read every
/// record right, miss none, and give the certificates of a test that
/// records nothing. Made to fail by recording the first move where the
/// mover wins instead of the first winning one (`Wins(0)`: "left:
/// [Edge(1, 5)] right: [Edge(3, 5)]"). (Recording the last child with the
/// node's value instead does not fail: the children after the first
/// decisive one are cut off, unvalued.)
#[test]
fn records_give_the_walks_own_moves_and_certificates() {
    for (n, d) in [("6", 15), ("7", 19)] {
        let statement = Statement {
            target: Some("K3".into()),
            ..Statement::default()
        };
        let game = statement.game("misere", n).unwrap();
        for plies in [d - 2, d] {
            let (wins, recorded) = test::<Recording>(&game, Player::Second, plies);
            let (_, plain) = test::<NoHook>(&game, Player::Second, plies);
            let checked = Checked {
                game: &game,
                test: &recorded,
                walker: InTime::new(&game, &recorded, plies),
                checked: AtomicU64::new(0),
                missing: AtomicU64::new(0),
            };
            let walker = if wins { Player::Second } else { Player::First };
            let entries = strategy(&game, &game.start(), walker, &checked, |p| game.canonical(p)).unwrap();
            assert!(!entries.is_empty() && checked.checked.into_inner() > 0, "K{n} {plies}");
            assert_eq!(
                checked.missing.into_inner(),
                0,
                "K{n} {plies}: positions stored without a record"
            );
            // A fresh recording test: the walk above dropped the records it read.
            let (_, again) = test::<Recording>(&game, Player::Second, plies);
            let (text, plain) = match wins {
                true => (
                    fastest_certificate(&game, Player::Second, &again, plies),
                    fastest_certificate(&game, Player::Second, &plain, plies),
                ),
                false => (
                    holdout_certificate(&game, Player::Second, &again, plies),
                    holdout_certificate(&game, Player::Second, &plain, plies),
                ),
            };
            let (text, plain) = (text.unwrap().text, plain.unwrap().text);
            assert_eq!(text, plain, "K{n} {plies}");
        }
    }
}
