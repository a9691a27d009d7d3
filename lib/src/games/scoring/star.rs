//! Bounds on the value of a Star game position from a strategy of one
//! player (she; he is the opponent), as [`super::strategy`] proves them:
//!
//! - greedy at `v`: her degree ends at least `own[v] + x` ([`greedy_share`]),
//!   his at `v` at most `other[v] + f - x`, elsewhere at most as in any
//!   play (at each vertex, its free edges and at most his moves left);
//! - a pairing: to hold his degree at every vertex to at most `cap`, she
//!   needs `p_v >= other[v] + f - cap` pairs at each `v` where
//!   `other[v] + min(f, his moves left) > cap`; she gets at least `p_v`
//!   edges there.
//!
//! In both, her degree also ends at least her all-play least (each
//! vertex's free edges beyond his moves left are hers).

use super::strategy::{best_staged, greedy_share, oriented, pairs_exist, View};
use super::{Points, Rows, MAX_BOARD_VERTICES};
use crate::core::board::Player;

/// Her view of the position, and both players' least degrees in any play.
struct Side<'r> {
    view: View<'r>,
    /// Her least points in every play: each free edge at a vertex beyond
    /// his moves left is hers.
    least_any: u32,
    /// His least points in every play.
    his_least_any: u32,
}

/// The best bound on the value that one of `player`'s strategies (module
/// header) proves: a lower bound for Alice, an upper bound for Bob.
/// `to_move` moves next; the position is not over. The pairing (the
/// costly part) only if the greedy bounds are not `enough` for the test.
pub(super) fn bound(rows: &Rows, player: Player, to_move: Player, enough: &dyn Fn(Points) -> bool) -> Points {
    let view = View::new(rows, player, to_move);
    let least = |counts: &[u32], moves: u32| {
        (0..rows.n)
            .map(|v| counts[v] + rows.free_count[v].saturating_sub(moves))
            .max()
            .unwrap_or(0)
    };
    let side = Side {
        least_any: least(view.own, view.theirs),
        his_least_any: least(view.other, view.mine),
        view,
    };
    // His most at each vertex in every play; the two largest, so that each
    // greedy bound below takes the largest away from `v` in one step.
    let his_most = |w: usize| side.view.other[w] + rows.free_count[w].min(side.view.theirs);
    let (mut top, mut second) = ((0, usize::MAX), 0);
    for w in 0..rows.n {
        let m = his_most(w);
        if m > top.0 {
            (top, second) = ((m, w), top.0);
        } else if m > second {
            second = m;
        }
    }
    let elsewhere = |v: usize| if v == top.1 { second } else { top.0 };
    let greedy = (0..rows.n).map(|v| side.greedy(v, elsewhere(v)));
    best_staged(player, greedy, enough, || side.pairing(top.0))
}

impl Side<'_> {
    /// Her least and his most points while she is greedy at `v`;
    /// `elsewhere`: his most in every play at the vertices other than `v`.
    fn greedy(&self, v: usize, elsewhere: u32) -> Points {
        let free = &self.view.rows.free_count;
        let x = greedy_share(free[v], self.view.first);
        let his_most = elsewhere.max(self.view.other[v] + (free[v] - x).min(self.view.theirs));
        oriented(self.view.player, self.least_any.max(self.view.own[v] + x), his_most)
    }

    /// The pairs at each vertex a pairing needs to hold his degree to at
    /// most `cap` (module header), if Hall's condition says they exist.
    fn pairs_for(&self, cap: u32) -> Option<[u32; MAX_BOARD_VERTICES]> {
        let free = &self.view.rows.free_count;
        let mut pairs = [0; MAX_BOARD_VERTICES];
        for v in 0..self.view.rows.n {
            if self.view.other[v] + free[v].min(self.view.theirs) > cap {
                pairs[v] = self.view.other[v] + free[v] - cap;
            }
        }
        pairs_exist(self.view.rows, &pairs[..self.view.rows.n]).then_some(pairs)
    }

    /// Her least points and his most under the pairing that holds his
    /// degree to the least `cap` a pairing can, if below `most_any` (his
    /// most in every play). A pairing for `cap` serves for `cap + 1` too,
    /// so the least `cap` is found by bisection.
    fn pairing(&self, most_any: u32) -> Option<Points> {
        let (mut lo, mut hi) = (self.his_least_any, most_any);
        // Invariant: no pairing holds him below `lo`; one holds him to `hi`
        // (or `hi` is `most_any`, which every play does).
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            match self.pairs_for(mid) {
                Some(_) => hi = mid,
                None => lo = mid + 1,
            }
        }
        let pairs = self.pairs_for(hi).filter(|_| hi < most_any)?;
        let mine = (0..self.view.rows.n)
            .map(|v| self.view.own[v] + pairs[v])
            .max()
            .unwrap_or(0);
        Some(oriented(self.view.player, self.least_any.max(mine), hi))
    }
}
