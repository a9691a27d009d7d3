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

use super::strategy::{better, every_set_has_room, greedy_share, oriented, View};
use super::{Points, Rows, MAX_BOARD_VERTICES};
use crate::core::board::Player;
use crate::games::colex::{small_members, SmallSet};

/// His cost at a vertex he cannot take, or not with the moves he has left.
const OUT_OF_REACH: u32 = u32::MAX;

/// Her view of the position, what both players get in any play, and what
/// her greedy bounds and pairing start from, all found in one pass over
/// the vertices (this runs twice for almost every child searched).
struct Side<'r> {
    view: View<'r>,
    /// The vertices she has taken already.
    now: u32,
    /// Her least points in any play.
    least_any: u32,
    /// His affordable costs ([`Side::his_costs`]) counted as
    /// [`affordable_counts`] takes them, and his most points in any play.
    his_counts: [u32; COSTS],
    his_most_any: u32,
    /// At each vertex, the edges he still needs to take it (0 if his) if
    /// he can and his moves left pay for them, else [`OUT_OF_REACH`].
    his_costs: [u32; MAX_BOARD_VERTICES],
    /// Per kind of undecided vertex where her greedy share stops him
    /// (index 0) or takes it (1): `None` if none is of that kind, else his
    /// cheapest cost among them ([`OUT_OF_REACH`] if he can afford none).
    cheapest: [Option<u32>; 2],
}

/// The best bound on the value that one of `player`'s strategies (module
/// header) proves: a lower bound for Alice, an upper bound for Bob.
/// `to_move` moves next; the position is not over.
/// The pairing (the costly part) only if the other bounds are not
/// `enough` for the test at hand.
pub(super) fn bound(rows: &Rows, player: Player, to_move: Player, enough: &dyn Fn(Points) -> bool) -> Points {
    let side = Side::new(rows, player, to_move);
    let any = oriented(player, side.least_any, side.his_most_any);
    let cheap = side.greedy().map_or(any, |g| better(player, any, g));
    match enough(cheap) {
        true => cheap,
        false => side.pairing().map_or(cheap, |p| better(player, cheap, p)),
    }
}

impl Side<'_> {
    /// `rows` seen from `player`, `to_move` moving next, in one pass over
    /// the vertices: those she has, those not his yet with what stopping
    /// each costs him, what taking each costs him (the costs counted as
    /// [`affordable_counts`] takes them), and his cheapest cost at each
    /// kind of vertex her greedy share decides ([`Side::greedy`]).
    fn new(rows: &Rows, player: Player, to_move: Player) -> Side<'_> {
        let view = View::new(rows, player, to_move);
        let (own, other, theirs) = (view.own, view.other, view.theirs);
        let (mut now, mut open) = (0, 0);
        let mut stops = [0; COSTS];
        let mut his_costs = [OUT_OF_REACH; MAX_BOARD_VERTICES];
        let mut his_counts = [0; COSTS];
        let mut cheapest = [None; 2];
        for v in 0..rows.n {
            let (d, free, mine, his) = (rows.degree[v], rows.free_count[v], own[v], other[v]);
            now += u32::from(2 * mine > d);
            // He stops v (not his yet) with ⌈d / 2⌉ edges there.
            if 2 * his < d {
                open += 1;
                let c = d.div_ceil(2) - his;
                if c <= free && c <= theirs {
                    stops[c as usize] += 1;
                }
            }
            // He takes v with ⌊d / 2⌋ + 1 edges there.
            let cost = (d / 2 + 1).saturating_sub(his);
            if cost <= free && cost <= theirs {
                his_costs[v] = cost;
                his_counts[cost as usize] += 1;
            }
            // Undecided, and her greedy share at least stops him.
            let hers = mine + greedy_share(free, view.first);
            if 2 * mine <= d && 2 * his <= d && 2 * hers >= d {
                let kind = &mut cheapest[usize::from(2 * hers > d)];
                *kind = Some(kind.map_or(his_costs[v], |c: u32| c.min(his_costs[v])));
            }
        }
        Side {
            view,
            now,
            least_any: (open - affordable_counts(&stops, theirs)).max(now),
            his_counts,
            his_most_any: affordable_counts(&his_counts, theirs),
            his_costs,
            cheapest,
        }
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
        for v in small_members(held).filter(|&v| self.his_costs[v] != OUT_OF_REACH) {
            counts[self.his_costs[v] as usize] -= 1;
            changed = true;
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
    fn greedy(&self) -> Option<Points> {
        let (mut best, mut counted) = (None, None);
        for (kind, mine) in [self.least_any, self.least_any.max(self.now + 1)]
            .into_iter()
            .enumerate()
        {
            let his = match self.cheapest[kind] {
                None => continue,
                Some(OUT_OF_REACH) => self.his_most_any,
                // Both kinds often have the same cheapest cost: counted once.
                Some(cost) => match counted {
                    Some((c, his)) if c == cost => his,
                    _ => counted.insert((cost, self.his_most_without_one(cost))).1,
                },
            };
            let bound = oriented(self.view.player, mine, his);
            best = Some(best.map_or(bound, |b| better(self.view.player, b, bound)));
        }
        best
    }

    /// Her least and his most points under the pairing of the module
    /// header, if some vertex is held.
    ///
    /// The vertex needing the most pairs goes first (the lowest of equals),
    /// and no vertex's pairs change as others go, so the vertices go in
    /// one order fixed up front. Every vertex up to the last, in that
    /// order, that wants more pairs than half its free edges goes (no set
    /// with it has room); after that, Hall's condition once met stays met
    /// as vertices go (fewer pairs wanted), so they go one at a time only
    /// until it holds.
    fn pairing(&self) -> Option<Points> {
        let (rows, view) = (self.view.rows, &self.view);
        let mut pairs = [0; MAX_BOARD_VERTICES];
        // Each vertex's place in that order as a key, the larger first.
        let mut key = [0u32; MAX_BOARD_VERTICES];
        let (mut held, mut last) = (0 as SmallSet, u32::MAX);
        for v in (0..rows.n).filter(|&v| (1..OUT_OF_REACH).contains(&self.his_costs[v])) {
            let p = view.other[v] + rows.free_count[v] - rows.degree[v] / 2;
            (pairs[v], key[v], held) = (p, p << 4 | (15 - v as u32), held | 1 << v);
            if 2 * p > rows.free_count[v] {
                last = last.min(key[v]);
            }
        }
        for v in small_members(held).filter(|&v| key[v] >= last) {
            held &= !(1 << v);
        }
        let pairs = &pairs[..rows.n];
        while held != 0 && !every_set_has_room(rows, pairs, held) {
            let hardest = small_members(held).max_by_key(|&v| key[v]).expect("a held vertex");
            held &= !(1 << hardest);
        }
        if held == 0 {
            return None;
        }
        let taken = small_members(held).filter(|&v| 2 * (view.own[v] + pairs[v]) > rows.degree[v]);
        let mine = self.least_any.max(self.now + taken.count() as u32);
        Some(oriented(view.player, mine, self.his_most(held)))
    }
}

/// How many edge counts a cost can be ([`affordable_counts`]): a vertex
/// has degree at most `MAX_BOARD_VERTICES - 1`, so taking it needs at most
/// `(MAX_BOARD_VERTICES - 1) / 2 + 1` edges and stopping the other colour
/// there at most `⌈(MAX_BOARD_VERTICES - 1) / 2⌉`: costs `0 ..= 6`.
const COSTS: usize = (MAX_BOARD_VERTICES - 1) / 2 + 2;

/// At most how many vertices a player with `moves` edges left can pay
/// for, `how_many[c]` of them costing `c` edges each (only costs up to
/// `moves` counted; the others are out of reach): `k` vertices cost at
/// least the `k` cheapest costs, and `moves` edges bring at most
/// `moves + min(moves, binom(k, 2))` edge-ends to `k` vertices (an edge
/// brings two only if both its ends are among them). Past `2 * moves`
/// edge-ends spent no more vertices are affordable (the costs only grow),
/// so the count stops there.
///
/// Plain counters and `while` loops: this runs about five times per
/// bound, and the iterator form cost a quarter of the VC bound.
fn affordable_counts(how_many: &[u32; COSTS], moves: u32) -> u32 {
    let (mut k, mut spent, mut best) = (0u32, 0u32, 0u32);
    let (last, cap) = ((moves as usize).min(COSTS - 1), 2 * moves);
    let mut cost = 0;
    while cost <= last {
        let (c, end) = (cost as u32, k + how_many[cost]);
        while k < end {
            k += 1;
            spent += c;
            if spent > cap {
                return best;
            }
            if spent <= moves + moves.min(k * (k - 1) / 2) {
                best = k;
            }
        }
        cost += 1;
    }
    best
}

#[cfg(test)]
mod tests {
    use super::super::strategy::{best, pairs_exist, tests::random_position};
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

    /// Asserts that `answer` of a side is `expected` of it, on 20,000
    /// random positions of `K_3 .. K_10` (from `seed`), from either side,
    /// either player to move: how many expected answers were some.
    fn sweep(seed: u64, answer: impl Fn(&Side) -> Option<Points>, expected: impl Fn(&Side) -> Option<Points>) -> usize {
        let (mut state, mut some) = (seed, 0);
        for case in 0..20_000 {
            let position = random_position(3 + case % 8, &mut state);
            let rows = Rows::of(&position);
            for player in [Player::First, Player::Second] {
                let side = Side::new(&rows, player, position.to_move());
                let expected = expected(&side);
                some += usize::from(expected.is_some());
                assert_eq!(answer(&side), expected, "case {case}, {player:?}");
            }
        }
        some
    }

    /// [`Side::greedy`]'s two bounds are as good as all the greedy
    /// bounds, on random positions of `K_3 .. K_10`, from either side,
    /// either player to move.
    #[test]
    fn the_best_greedy_bounds_are_the_best_of_all() {
        let found = sweep(0x9e37_79b9_7f4a_7c15, |side| side.greedy(), every_greedy_bound);
        assert!(found > 10_000, "{found} positions with a greedy bound");
    }

    /// The pairing as the module header describes it: the vertex needing
    /// the most pairs (the lowest of equals) goes, one at a time, until
    /// the pairs left exist ([`pairs_exist`] on every vertex).
    fn pairing_one_at_a_time(side: &Side) -> Option<Points> {
        let (n, rows, view) = (side.view.rows.n, side.view.rows, &side.view);
        let mut pairs = [0; MAX_BOARD_VERTICES];
        for v in (0..n).filter(|&v| (1..OUT_OF_REACH).contains(&side.his_costs[v])) {
            pairs[v] = view.other[v] + rows.free_count[v] - rows.degree[v] / 2;
        }
        while !pairs_exist(rows, &pairs[..n]) {
            let hardest = (0..n).max_by_key(|&v| (pairs[v], std::cmp::Reverse(v)))?;
            pairs[hardest] = 0;
        }
        let held: SmallSet = (0..n).filter(|&v| pairs[v] > 0).fold(0, |s, v| s | 1 << v);
        let taken = small_members(held).filter(|&v| 2 * (view.own[v] + pairs[v]) > rows.degree[v]);
        let mine = side.least_any.max(side.now + taken.count() as u32);
        (held != 0).then(|| oriented(view.player, mine, side.his_most(held)))
    }

    /// [`Side::pairing`] (vertices dropped in one fixed order, Hall's
    /// condition tested only past the last that wants too many pairs)
    /// holds the same vertices as dropping them one at a time, on random
    /// positions of `K_3 .. K_10`, from either side.
    #[test]
    fn the_pairing_drops_the_vertices_one_at_a_time_would() {
        let held = sweep(0x51_7cc1_b727_220a, |side| side.pairing(), pairing_one_at_a_time);
        assert!(held > 10_000, "{held} positions with a pairing");
    }

    /// [`affordable_counts`] as first written: the costs bucket by bucket,
    /// one vertex at a time.
    fn affordable_one_at_a_time(how_many: &[u32; COSTS], moves: u32) -> u32 {
        let (mut k, mut spent, mut best) = (0, 0, 0);
        for (cost, &count) in how_many.iter().enumerate().take(moves as usize + 1) {
            for _ in 0..count {
                k += 1;
                spent += cost as u32;
                if spent > 2 * moves {
                    return best;
                }
                if spent <= moves + moves.min(k * (k - 1) / 2) {
                    best = k;
                }
            }
        }
        best
    }

    /// [`affordable_counts`] (at most [`COSTS`] costs, plain loops) counts
    /// as the first loop over costs did, on random counts of up to
    /// `MAX_BOARD_VERTICES` vertices in all and every number of moves up
    /// to 34 (more than half of `K_12`'s edges).
    #[test]
    fn affordable_counts_are_those_counted_cost_by_cost() {
        let (mut state, mut some) = (0x2f1e_9d3c_4b5a_6978u64, 0);
        for _ in 0..20_000 {
            let mut how_many = [0; COSTS];
            let mut left = MAX_BOARD_VERTICES as u32;
            for count in how_many.iter_mut() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                *count = (state % (left as u64 + 1)) as u32 % 5;
                left -= *count;
            }
            if state % 8 == 0 {
                how_many[(state >> 8) as usize % COSTS] += left;
            }
            for moves in 0..=34 {
                let count = affordable_counts(&how_many, moves);
                some += usize::from(count > 0);
                assert_eq!(
                    count,
                    affordable_one_at_a_time(&how_many, moves),
                    "{how_many:?}, {moves} moves"
                );
            }
        }
        assert!(some > 100_000, "{some} counts above zero");
    }
}
