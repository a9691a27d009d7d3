//! What a threshold search knows and answers: a position's proven
//! interval, a threshold, a fail-soft test result, and how they combine.

use crate::core::board::Player;

/// What is proven about a position's value.
#[derive(Clone, Copy, Debug)]
pub(super) struct Interval<S> {
    pub(super) lo: Option<S>,
    pub(super) hi: Option<S>,
}

/// A threshold: the value meets it if it is at least `score` (above it if
/// `strict`).
#[derive(Clone, Copy, Debug)]
pub struct Threshold<S> {
    /// The score compared with.
    pub score: S,
    /// Whether the value must exceed `score` rather than reach it.
    pub strict: bool,
}

impl<S: Ord + Copy> Threshold<S> {
    pub(super) fn met_by(&self, s: S) -> bool {
        if self.strict {
            s > self.score
        } else {
            s >= self.score
        }
    }
}

/// A fail-soft test result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Test<S> {
    /// The value is at least this score, which meets the threshold.
    AtLeast(S),
    /// The value is at most this score, which does not meet it.
    AtMost(S),
}

impl<S: Ord + Copy> Interval<S> {
    /// The test's answer if the interval decides it.
    pub(super) fn decides(&self, t: Threshold<S>) -> Option<Test<S>> {
        match (self.lo, self.hi) {
            (Some(lo), _) if t.met_by(lo) => Some(Test::AtLeast(lo)),
            (_, Some(hi)) if !t.met_by(hi) => Some(Test::AtMost(hi)),
            _ => None,
        }
    }

    /// What both intervals prove.
    pub(super) fn meet(self, other: Interval<S>) -> Interval<S> {
        let tighter = |a: Option<S>, b: Option<S>, pick: fn(S, S) -> S| match (a, b) {
            (Some(a), Some(b)) => Some(pick(a, b)),
            (a, b) => a.or(b),
        };
        Interval {
            lo: tighter(self.lo, other.lo, S::max),
            hi: tighter(self.hi, other.hi, S::min),
        }
    }

    /// The interval narrowed by a test result.
    pub(super) fn with(mut self, result: Test<S>) -> Interval<S> {
        match result {
            Test::AtLeast(l) => self.lo = Some(self.lo.map_or(l, |lo| lo.max(l))),
            Test::AtMost(u) => self.hi = Some(self.hi.map_or(u, |hi| hi.min(u))),
        }
        self
    }

    /// [`Interval::with`] for the driver, whose every test must narrow the
    /// interval and leave it non-empty: otherwise the game's bounds or the
    /// search are wrong, and looping on would never end (a bug, so a panic
    /// naming it rather than a hang).
    pub(super) fn narrowed(self, t: Threshold<S>, r: Test<S>) -> Interval<S>
    where
        S: std::fmt::Debug,
    {
        let next = self.with(r);
        let empty = matches!((next.lo, next.hi), (Some(lo), Some(hi)) if lo > hi);
        let same = (next.lo, next.hi) == (self.lo, self.hi);
        assert!(
            !empty && !same,
            "threshold search: the test {t:?} answered {r:?} with the value known in {:?}..{:?}: a bound of the game is wrong",
            self.lo,
            self.hi
        );
        next
    }

    /// How promising the interval is for `mover` (larger first).
    pub(super) fn promise(&self, mover: Player) -> (Option<S>, Option<S>) {
        match mover {
            Player::First => (self.hi, self.lo),
            Player::Second => (self.lo, self.hi),
        }
    }
}

/// Whether a child's answer decides its parent: red needs one child that
/// meets the threshold, blue one that fails it.
pub(super) fn cuts<S>(mover: Player, r: Test<S>) -> bool {
    matches!(
        (mover, r),
        (Player::First, Test::AtLeast(_)) | (Player::Second, Test::AtMost(_))
    )
}

/// A fail-soft answer tightened by what was known before the search.
pub(super) fn clamp<S: Ord + Copy>(r: Test<S>, known: Interval<S>) -> Test<S> {
    match r {
        Test::AtLeast(l) => Test::AtLeast(known.lo.map_or(l, |lo| lo.max(l))),
        Test::AtMost(u) => Test::AtMost(known.hi.map_or(u, |hi| hi.min(u))),
    }
}
