//! A child's bounds side by side ([`Hints::bounds_by_side`]): the side
//! that can cut the parent's test when the child is made, the other when
//! the search needs it.

use super::interval::{Interval, Threshold};
use super::{BoundedSolver, Child};
use crate::core::board::Player;
use crate::games::{Hints, Symmetric};

impl<G: Symmetric + Hints> BoundedSolver<'_, G> {
    /// What the game knows of a child (made by `mover`) before it is
    /// searched, for the parent's test `t`, and whether that is all it
    /// knows ([`Child::complete`]): a game that bounds side by side
    /// ([`Hints::bounds_by_side`]) is asked for `mover`'s side only, the
    /// only side that can cut the test; the other is asked for by
    /// [`Self::complete`] where needed.
    pub(super) fn child_known(
        &self,
        position: &G::Position,
        t: Threshold<G::Score>,
        mover: Player,
    ) -> (Interval<G::Score>, bool) {
        if !self.game.bounds_by_side() || self.game.outcome(position).is_some() {
            return (self.static_known(position, Some(t)), true);
        }
        let side = self.game.score_bound_side(position, &|s| t.met_by(s), mover);
        let known = match mover {
            Player::First => Interval { lo: side, hi: None },
            Player::Second => Interval { lo: None, hi: side },
        };
        // A side that decides the test is all `score_bounds_for` gives.
        (known, known.decides(t).is_some())
    }

    /// The rest of a child's bounds for the test `t` (the side of the
    /// player to move in it, `mover`'s opponent): then its interval is the
    /// one [`Self::static_known`] gives.
    pub(super) fn complete(&self, child: &mut Child<G>, t: Threshold<G::Score>, mover: Player) {
        if child.complete {
            return;
        }
        let side = self
            .game
            .score_bound_side(&child.position, &|s| t.met_by(s), mover.opponent());
        match mover.opponent() {
            Player::First => child.known.lo = side,
            Player::Second => child.known.hi = side,
        }
        child.complete = true;
    }
}
