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
//!   costs none). [`affordable_counts`] counts what moves can pay for.
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
use super::{affordable_counts, Points, Rows, MAX_BOARD_VERTICES};
use crate::core::board::Player;
use crate::games::colex::{small_members, SmallSet};
use std::iter::once;

/// Her view of the position, and what both players get in any play.
struct Side<'r> {
    view: View<'r>,
    /// The vertices she has taken already.
    now: u32,
    /// Her least points in any play.
    least_any: u32,
    /// His costs ([`his_cost`]) counted as [`affordable_counts`] takes
    /// them, and his
    /// most points in any play.
    his_counts: [u32; MAX_BOARD_VERTICES + 1],
    his_most_any: u32,
    /// [`his_cost`] at each vertex, worked out once.
    his_costs: [Option<u32>; MAX_BOARD_VERTICES],
}

/// The best bound on the value that one of `player`'s strategies (module
/// header) proves: a lower bound for Alice, an upper bound for Bob.
/// `to_move` moves next; the position is not over.
/// The pairing (the costly part) only if the other bounds are not
/// `enough` for the test at hand.
pub(super) fn bound(rows: &Rows, player: Player, to_move: Player, enough: &dyn Fn(Points) -> bool) -> Points {
    let side = Side::new(rows, player, to_move);
    let greedy = side.greedy().into_iter().flatten();
    let cheap = once(oriented(player, side.least_any, side.his_most_any)).chain(greedy);
    best_staged(player, cheap, enough, || side.pairing())
}

/// The edges he (with `his` edges at each vertex) still needs to take
/// `v` (0 if his), if he can.
fn his_cost(rows: &Rows, his: &[u32], v: usize) -> Option<u32> {
    let need = rows.degree[v] / 2 + 1;
    need.checked_sub(his[v])
        .map_or(Some(0), |c| (c <= rows.free_count[v]).then_some(c))
}

impl Side<'_> {
    /// `rows` seen from `player`, `to_move` moving next, in one pass over
    /// the vertices (this runs twice for every child): those she has,
    /// those not his yet with what stopping each costs him, and what
    /// taking each costs him, the costs counted as [`affordable_counts`]
    /// takes them.
    fn new(rows: &Rows, player: Player, to_move: Player) -> Side<'_> {
        let view = View::new(rows, player, to_move);
        let (degree, free) = (&rows.degree, &rows.free_count);
        let (own, other, theirs) = (view.own, view.other, view.theirs);
        let (mut now, mut open) = (0, 0);
        let mut stops = [0; MAX_BOARD_VERTICES + 1];
        let mut his_costs = [None; MAX_BOARD_VERTICES];
        let mut his_counts = [0; MAX_BOARD_VERTICES + 1];
        for v in 0..rows.n {
            let d = degree[v];
            now += u32::from(2 * own[v] > d);
            // He stops v (not his yet) with ⌈d / 2⌉ edges there.
            if 2 * other[v] < d {
                open += 1;
                let c = d.div_ceil(2) - other[v];
                if c <= free[v] && c <= theirs {
                    stops[c as usize] += 1;
                }
            }
            his_costs[v] = his_cost(rows, other, v);
            if let Some(c) = his_costs[v].filter(|&c| c <= theirs) {
                his_counts[c as usize] += 1;
            }
        }
        Side {
            view,
            now,
            least_any: (open - affordable_counts(&stops, theirs)).max(now),
            his_counts,
            his_most_any: affordable_counts(&his_counts, theirs),
            his_costs,
        }
    }

    /// His cost at `v` ([`his_cost`]) if his moves left pay for it.
    fn affordable_cost(&self, v: usize) -> Option<u32> {
        self.his_costs[v].filter(|&c| c <= self.view.theirs)
    }

    /// His most points in any play without one vertex of cost `c` (one
    /// he can afford, so counted in his costs).
    fn his_most_without_one(&self, c: u32) -> u32 {
        let mut counts = self.his_counts;
        counts[c as usize] -= 1;
        affordable_counts(&counts, self.view.theirs)
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

    /// The best of her bounds while greedy at one vertex (module header),
    /// over the undecided vertices where her share takes it or stops him:
    /// one for each of the two kinds, found without trying every vertex.
    ///
    /// Within a kind her least points are the same (`least_any`, or at
    /// least `now + 1` where her share takes the vertex), so the best is
    /// the one with his least most: without his cheapest affordable vertex
    /// of the kind. His most without one vertex of cost `c` never drops as
    /// `c` grows (the costs left, in order, only grow, so each prefix sum
    /// [`affordable_counts`] compares does), and without a vertex he
    /// cannot afford it is his most in any play, no less than any. Either
    /// player ranks two bounds with her points equal by his alone (his
    /// fewer is better for her), so these two are as good as all of them.
    fn greedy(&self) -> [Option<Points>; 2] {
        let (rows, view) = (self.view.rows, &self.view);
        // Per kind (stops him, takes it): absent if no vertex is of that
        // kind, else his cheapest affordable cost there (`None`: none).
        let mut cheapest: [Option<Option<u32>>; 2] = [None; 2];
        for v in 0..rows.n {
            let d = rows.degree[v];
            if 2 * view.own[v] > d || 2 * view.other[v] > d {
                continue;
            }
            let hers = view.own[v] + greedy_share(rows.free_count[v], view.first);
            if 2 * hers < d {
                continue;
            }
            let kind = &mut cheapest[usize::from(2 * hers > d)];
            let cost = self.affordable_cost(v);
            *kind = Some(match (*kind, cost) {
                (Some(Some(a)), Some(b)) => Some(a.min(b)),
                (Some(a), b) => a.or(b),
                (None, b) => b,
            });
        }
        let mine = [self.least_any, self.least_any.max(self.now + 1)];
        [0, 1].map(|kind| {
            cheapest[kind].map(|cost| {
                let his = cost.map_or(self.his_most_any, |c| self.his_most_without_one(c));
                oriented(view.player, mine[kind], his)
            })
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

#[cfg(test)]
mod tests {
    use super::super::strategy::{best, tests::random_position};
    use super::*;

    /// Every undecided vertex's greedy bound, each counted on its own (his
    /// most without that vertex from scratch), the best of them.
    fn every_greedy_bound(side: &Side) -> Option<Points> {
        let (rows, view) = (side.view.rows, &side.view);
        let bounds = (0..rows.n).filter_map(|v| {
            let d = rows.degree[v];
            if 2 * view.own[v] > d || 2 * view.other[v] > d {
                return None;
            }
            let hers = view.own[v] + greedy_share(rows.free_count[v], view.first);
            let mine = match 2 * hers > d {
                true => side.least_any.max(side.now + 1),
                false => side.least_any,
            };
            (2 * hers >= d).then(|| oriented(view.player, mine, side.his_most(1 << v)))
        });
        best(view.player, bounds)
    }

    /// [`Side::greedy`]'s two bounds are as good as all the greedy
    /// bounds, on random positions of `K_3 .. K_10`, from either side,
    /// either player to move.
    #[test]
    fn the_best_greedy_bounds_are_the_best_of_all() {
        let (mut state, mut found) = (0x9e37_79b9_7f4a_7c15u64, 0);
        for case in 0..20_000 {
            let position = random_position(3 + case % 8, &mut state);
            let rows = Rows::of(&position);
            for player in [Player::First, Player::Second] {
                let side = Side::new(&rows, player, position.to_move());
                let all = every_greedy_bound(&side);
                found += usize::from(all.is_some());
                assert_eq!(
                    best(player, side.greedy().into_iter().flatten()),
                    all,
                    "case {case}, {player:?}"
                );
            }
        }
        assert!(found > 10_000, "{found} positions with a greedy bound");
    }
}
