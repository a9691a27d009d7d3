//! Bounds on the value of a Colex game position from one player's side
//! (she; he is the opponent), as [`super::strategy`] turns them into a
//! bound on the value: her least points under a strategy of hers, and his
//! most points in any play.
//!
//! - **His most, in any play**: his final edges are his edges now and at
//!   most his moves left of the free ones, so his score is at most the
//!   largest Colex score such a graph has
//!   ([`colex_score_with_budget`], which proves it).
//! - **Her least: threats.** Her score never drops (her graph only grows,
//!   and a subgraph of it stays one). If she moves next and some free edge
//!   `e` gives her graph score `s`, taking `e` guarantees `s`. If he moves
//!   next and two distinct free edges each give score at least `s`, his
//!   move colours at most one of them and she takes the other next (two
//!   free edges now leave her a move after his), so she is sure of `s`.

use super::strategy::oriented;
use super::{reach, Points, Rows, MAX_BOARD_VERTICES};
use crate::core::board::Player;
use crate::games::colex::{
    colex_score_with_budget, colex_score_with_clique_number, edge_clique_number, for_each_clique, small_members,
    SmallSet,
};

/// The Colex game's bound from `player`'s side (a lower bound for Alice,
/// an upper bound for Bob), `to_move` moving next: her score now, or what
/// her threats guarantee, and his most. With a `test` (whether a bound
/// decides the test at hand), the threats (the costly part) are counted
/// only where they can decide it: not if her score now does already, nor
/// if even the most threats can give would not (the bound is then weaker,
/// never wrong: the value and so every optimal line stay the same, only
/// which positions the search visits may change).
pub(super) fn bound(rows: &Rows, player: Player, to_move: Player, test: Option<&dyn Fn(Points) -> bool>) -> Points {
    let left = rows.moves_left(to_move);
    let his = player.opponent();
    let own = rows.colour(player);
    let omega = edge_clique_number(own);
    let now = colex_score_with_clique_number(own, omega);
    let most = most(rows, rows.colour(his), left[his as usize]);
    let cheap = oriented(player, now, most);
    // Her threats give at most `binom(k, 2) + k - 1` with `k` one more than
    // her clique number (`threats`), and a larger score for her only makes
    // her side's bound better for her, so if `cap` does not decide the
    // test, her threats cannot.
    let k = omega.max(1) + 1;
    let cap = oriented(player, now.max(k * (k - 1) / 2 + k - 1), most);
    if test.is_some_and(|decides| decides(cheap) || !decides(cap)) {
        return cheap;
    }
    let first = to_move == player;
    let top = threats(own, &rows.free[..rows.n], omega, now, first);
    oriented(player, now.max(top.wanted(first)), most)
}

/// His most points in any play (module header).
fn most(rows: &Rows, own: &[SmallSet], left: u32) -> u32 {
    let reach = reach(own, &rows.free[..rows.n]);
    colex_score_with_budget(&reach[..rows.n], &rows.free[..rows.n], left)
}

/// The best score above `now` (the score of `own`, whose clique number is
/// `omega`) that one free edge gives `own`, and the best that another
/// free edge gives (either at most `now` where none gives more).
///
/// The score of `own + e`, for a free edge `e`, is `binom(k, 2) + j` for a
/// `k`-clique `Q` of `own + e` and a vertex `w` outside it with `j < k`
/// neighbours in `Q` ([`crate::games::colex::colex_score`]); if above `now`, `k` is `omega` or
/// `omega + 1` (or 2, `e` alone, if `own` has no edges). Either `e` is in
/// `Q` (then `Q` uses one free edge and all of `w`'s edges to it are
/// `own`'s) or it is not (`Q` is `own`'s and `e` may be one of `w`'s edges
/// to it). Every such pair `(Q, w)` and the edge it uses is enumerated
/// below (those that cannot beat what is known skipped), and each gives
/// `own + e` at least its score.
///
/// Only the score `first` asks for ([`Top::wanted`]) is sure to be
/// exact: the search stops once it reaches the most a `k`-clique can give,
/// `binom(k, 2) + k - 1`, which no later pair (same or smaller `k`) beats;
/// for the second best, the best is then exact too.
fn threats(own: &[SmallSet], free: &[SmallSet], omega: u32, now: u32, first: bool) -> Top {
    let n = own.len();
    let all: SmallSet = (0..n).fold(0, |s, v| s | 1 << v);
    let reach = &reach(own, free)[..n];
    let mut top = Top::default();
    for k in (omega.max(2)..=omega.max(1) + 1).rev() {
        let base = k * (k - 1) / 2;
        if base + k - 1 <= now.max(top.wanted(first)) {
            break;
        }
        for_each_clique(reach, &|v| free[v], 0, all, k, 1, &mut |q, left| {
            let used = (left == 0).then(|| free_edge_within(free, q));
            for w in small_members(all & !q) {
                let fixed = (own[w] & q).count_ones().min(k - 1);
                match used {
                    Some(e) => top.offer(base + fixed, e),
                    None if fixed + 1 < k && base + fixed + 1 > now => {
                        for x in small_members(free[w] & q) {
                            top.offer(base + fixed + 1, edge_key(w, x));
                        }
                    }
                    None => {}
                }
            }
            if let Some(e) = used {
                top.offer(base, e);
            }
            top.wanted(first) >= base + k - 1
        });
    }
    top
}

/// An edge as a number (its ends in increasing order).
fn edge_key(u: usize, v: usize) -> u32 {
    (u.min(v) * MAX_BOARD_VERTICES + u.max(v)) as u32
}

/// The free edge of `free` inside `q`, which has exactly one.
fn free_edge_within(free: &[SmallSet], q: SmallSet) -> u32 {
    let u = small_members(q).find(|&u| free[u] & q != 0).expect("one free edge");
    edge_key(u, (free[u] & q).trailing_zeros() as usize)
}

/// The best score offered and the best offered with another edge.
#[derive(Default)]
struct Top {
    best: u32,
    edge: Option<u32>,
    second: u32,
}

impl Top {
    /// The best score if she moves next, else the best with another edge
    /// (the threat she is sure of after his move).
    fn wanted(&self, first: bool) -> u32 {
        match first {
            true => self.best,
            false => self.second,
        }
    }

    /// `edge` gives at least `score`.
    fn offer(&mut self, score: u32, edge: u32) {
        if self.edge == Some(edge) {
            self.best = self.best.max(score);
        } else if score > self.best {
            (self.second, self.best, self.edge) = (self.best, score, Some(edge));
        } else {
            self.second = self.second.max(score);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::colex::{colex_graph, colex_score};

    /// `threats` against every single free edge added to `own`.
    fn check(own: &[SmallSet], free: &[SmallSet], case: &str) {
        let n = own.len();
        let mut scores: Vec<u32> = (0..n)
            .flat_map(|u| small_members(free[u] & !((1 << (u + 1)) - 1)).map(move |v| (u, v)))
            .map(|(u, v)| {
                let mut g = own.to_vec();
                (g[u], g[v]) = (g[u] | 1 << v, g[v] | 1 << u);
                colex_score(&g)
            })
            .collect();
        scores.sort_unstable_by(|a, b| b.cmp(a));
        let now = colex_score(own);
        let omega = edge_clique_number(own);
        let (top, first) = (
            threats(own, free, omega, now, false),
            threats(own, free, omega, now, true),
        );
        // What `least` reads: each at least `now` (below it, any value).
        let at_least_now = |s: Option<&u32>| s.map_or(now, |&s| s.max(now));
        assert_eq!(
            (now.max(top.best), now.max(top.second), now.max(first.best)),
            (
                at_least_now(scores.first()),
                at_least_now(scores.get(1)),
                at_least_now(scores.first())
            ),
            "{case}"
        );
    }

    #[test]
    fn threats_are_the_best_two_scores_single_free_edges_give() {
        // Own: C(m) on K6's vertices; free: the other pairs.
        for m in 0..=14 {
            let (mut own, mut free) = ([0 as SmallSet; 6], [0 as SmallSet; 6]);
            let (_, edges) = colex_graph(m);
            for u in 0..6 {
                for v in (0..6).filter(|&v| v != u) {
                    let e = crate::core::board::Edge::new(u.min(v) as u8, u.max(v) as u8);
                    match edges.contains(&e) {
                        true => own[u] |= 1 << v,
                        false => free[u] |= 1 << v,
                    }
                }
            }
            check(&own, &free, &format!("C({m})"));
        }
        // Pseudo-random colourings of K7: each pair hers, free or his.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for case in 0..3000 {
            let (mut own, mut free) = ([0 as SmallSet; 7], [0 as SmallSet; 7]);
            for u in 0..7 {
                for v in u + 1..7 {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    let side = match state % 3 {
                        0 => &mut own,
                        1 => &mut free,
                        _ => continue,
                    };
                    (side[u], side[v]) = (side[u] | 1 << v, side[v] | 1 << u);
                }
            }
            check(&own, &free, &format!("random colouring {case}"));
        }
    }
}
