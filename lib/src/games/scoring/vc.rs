//! Bounds on the value of a vertex-capturing game position from a
//! strategy of one player (she; he is the opponent), as
//! [`super::strategy`] proves them. A vertex of board degree `d` goes to a
//! colour with more than `d / 2` of its edges; one with at least `d / 2`
//! of them stops the other colour from taking it. `f` is the number of
//! free edges at a vertex.
//!
//! - In any play: she ends with at least the vertices he can no longer
//!   stop, less as many as his moves left can stop (each stop costs the
//!   edges he still needs there); he with at most as many as his moves left
//!   can pay for (each costs the edges he still needs there; a captured one
//!   costs none). [`affordable`] counts what moves can pay for.
//! - Greedy at an undecided `v`: she ends with at least `own[v] + x` edges
//!   there (`x` from [`greedy_share`]): more than `d / 2` takes `v`, so she
//!   ends with at least one vertex more than she has now; at least `d / 2`
//!   stops him there, so his most is counted without `v`.
//! - A pairing that holds him to at most `⌊d / 2⌋` edges at each vertex of
//!   a set `H` (`p_v = other[v] + f - ⌊d / 2⌋` pairs at `v`): he takes no
//!   vertex of `H`, so his most is counted without `H`; she gets at least
//!   `p_v` edges at `v`, so takes each `v` of `H` with
//!   `own[v] + p_v > d / 2`. `H` starts as every vertex he can still take
//!   and loses the one needing the most pairs until Hall's condition holds.
//!
//! In every case her points also end at least at her least in any play.

use super::strategy::{best_staged, greedy_share, oriented, pairs_exist, View};
use super::{affordable, affordable_counts, cost_counts, Points, Rows, MAX_BOARD_VERTICES};
use crate::core::board::Player;
use crate::games::colex::{small_members, SmallSet};
use std::cell::Cell;
use std::iter::once;

/// Her view of the position, and what both players get in any play.
struct Side<'r> {
    view: View<'r>,
    /// The vertices she has taken already.
    now: u32,
    /// Her least points in any play.
    least_any: u32,
    /// His costs ([`Side::his_cost`]) counted by [`cost_counts`], and his
    /// most points in any play.
    his_counts: [u32; MAX_BOARD_VERTICES + 1],
    his_most_any: u32,
    /// [`Side::his_cost`] at each vertex, worked out once.
    his_costs: [Option<u32>; MAX_BOARD_VERTICES],
    /// By cost `c`: his most points in any play without one vertex of
    /// cost `c`, for [`Side::greedy`]: worked out once per cost rather
    /// than once per vertex, and only for the costs asked for (a vertex
    /// where her greedy share stops him).
    his_most_without: [Cell<Option<u32>>; MAX_BOARD_VERTICES + 1],
}

/// The best bound on the value that one of `player`'s strategies (module
/// header) proves: a lower bound for Alice, an upper bound for Bob.
/// `to_move` moves next; the position is not over.
/// The pairing (the costly part) only if the other bounds are not
/// `enough` for the test at hand.
pub(super) fn bound(rows: &Rows, player: Player, to_move: Player, enough: &dyn Fn(Points) -> bool) -> Points {
    let view = View::new(rows, player, to_move);
    let (n, degree, free) = (rows.n, &rows.degree, &rows.free_count);
    let (own, other) = (view.own, view.other);
    let now = (0..n).filter(|&v| 2 * own[v] > degree[v]).count() as u32;
    // He stops v (not his yet) with ⌈d / 2⌉ edges there.
    let open = (0..n).filter(|&v| 2 * other[v] < degree[v]);
    let stops = open.clone().map(|v| {
        let c = degree[v].div_ceil(2) - other[v];
        (c <= free[v]).then_some(c)
    });
    let least_any = (open.count() as u32 - affordable(stops, view.theirs)).max(now);
    let mut side = Side {
        view,
        now,
        least_any,
        his_counts: [0; MAX_BOARD_VERTICES + 1],
        his_most_any: 0,
        his_costs: [None; MAX_BOARD_VERTICES],
        his_most_without: Default::default(),
    };
    for v in 0..n {
        side.his_costs[v] = side.his_cost(v);
    }
    side.his_counts = cost_counts(side.his_costs[..n].iter().copied(), side.view.theirs);
    side.his_most_any = affordable_counts(&side.his_counts, side.view.theirs);
    let greedy = (0..n).filter_map(|v| side.greedy(v));
    let cheap = once(oriented(player, least_any, side.his_most_any)).chain(greedy);
    best_staged(player, cheap, enough, || side.pairing())
}

impl Side<'_> {
    /// The edges he still needs to take `v` (0 if his), if he can.
    fn his_cost(&self, v: usize) -> Option<u32> {
        let need = self.view.rows.degree[v] / 2 + 1;
        need.checked_sub(self.view.other[v])
            .map_or(Some(0), |c| (c <= self.view.rows.free_count[v]).then_some(c))
    }

    /// His cost at `v` ([`Side::his_cost`]) if his moves left pay for it.
    fn affordable_cost(&self, v: usize) -> Option<u32> {
        self.his_costs[v].filter(|&c| c <= self.view.theirs)
    }

    /// His most points in any play without one vertex of cost `c` (one
    /// he can afford, so counted in his costs), remembered in
    /// [`Side::his_most_without`].
    fn his_most_without_one(&self, c: u32) -> u32 {
        let slot = &self.his_most_without[c as usize];
        slot.get().unwrap_or_else(|| {
            let mut counts = self.his_counts;
            counts[c as usize] -= 1;
            let most = affordable_counts(&counts, self.view.theirs);
            slot.set(Some(most));
            most
        })
    }

    /// His most points in any play, not counting the vertices of `held`.
    fn his_most(&self, held: SmallSet) -> u32 {
        let mut counts = self.his_counts;
        let mut changed = false;
        for v in small_members(held) {
            if let Some(c) = self.affordable_cost(v) {
                counts[c as usize] -= 1;
                changed = true;
            }
        }
        match changed {
            true => affordable_counts(&counts, self.view.theirs),
            false => self.his_most_any,
        }
    }

    /// Her least and his most points while she is greedy at `v`, if `v`
    /// is undecided and her share there takes it or stops him.
    fn greedy(&self, v: usize) -> Option<Points> {
        let d = self.view.rows.degree[v];
        if 2 * self.view.own[v] > d || 2 * self.view.other[v] > d {
            return None;
        }
        let hers = self.view.own[v] + greedy_share(self.view.rows.free_count[v], self.view.first);
        let (takes, stops) = (2 * hers > d, 2 * hers >= d);
        let mine = if takes {
            self.least_any.max(self.now + 1)
        } else {
            self.least_any
        };
        stops.then(|| {
            let his = self
                .affordable_cost(v)
                .map_or(self.his_most_any, |c| self.his_most_without_one(c));
            oriented(self.view.player, mine, his)
        })
    }

    /// Her least and his most points under the pairing of the module
    /// header, if some vertex is held.
    fn pairing(&self) -> Option<Points> {
        let (n, degree, free) = (self.view.rows.n, &self.view.rows.degree, &self.view.rows.free_count);
        let mut pairs = [0; MAX_BOARD_VERTICES];
        for v in 0..n {
            if self.affordable_cost(v).is_some_and(|c| c > 0) {
                pairs[v] = self.view.other[v] + free[v] - degree[v] / 2;
            }
        }
        while !pairs_exist(self.view.rows, &pairs[..n]) {
            let hardest = (0..n).max_by_key(|&v| (pairs[v], std::cmp::Reverse(v)))?;
            pairs[hardest] = 0;
        }
        let held: SmallSet = (0..n).filter(|&v| pairs[v] > 0).fold(0, |s, v| s | 1 << v);
        if held == 0 {
            return None;
        }
        let taken = (0..n).filter(|&v| held >> v & 1 == 1 && 2 * (self.view.own[v] + pairs[v]) > degree[v]);
        let mine = self.least_any.max(self.now + taken.count() as u32);
        Some(oriented(self.view.player, mine, self.his_most(held)))
    }
}
