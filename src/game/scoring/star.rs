//! Bounds on the value of a Star game position from a strategy of one
//! player: greedy at one vertex, or a pairing.
//!
//! **Greedy at v.** If `player` colours an edge at `v` whenever one is
//! free there (anything otherwise), she gets at least `x = ⌊(f + 1) / 2⌋`
//! of `v`'s `f` free edges if she moves next, `⌊f / 2⌋` otherwise. Proof:
//! until `v`'s last free edge goes, each of her turns takes one there; the
//! opponent has had at most as many turns as she (one more if he moved
//! first), each taking at most one there. So with `x` hers and `y` his,
//! `x + y = f` and `y <= x` (`y <= x + 1`), so `x >= f / 2`
//! (`x >= (f - 1) / 2`). Then the opponent gets at most `f - x` edges at
//! `v`, and at any other vertex `w` at most its free edges and at most his
//! moves left (as in any play), while her degree ends at least `own[v] +
//! x`, and at least her all-play least (each vertex's free edges beyond his
//! moves left are hers).
//!
//! **Pairing.** Say `player` picks, at some vertices `v`, `p_v` disjoint
//! pairs of free edges at `v` (each free edge in at most one pair). If
//! she answers the opponent's edge in a pair by its partner when it is
//! free (anything otherwise), he gets at most one edge of each pair and
//! she at least one (if he takes neither, she takes both: every edge is
//! coloured in the end). So at `v` he gets at most `f - p_v` more edges
//! (and at most his moves left), she at least `p_v`. To hold his degree
//! at every vertex to at most `cap` she needs `p_v >= other[v] + f - cap`
//! at each `v` where `other[v] + min(f, his moves left) > cap`. Such pairs
//! exist if and only if the free edges can be given to one of their ends
//! each, `v` getting at least `2 p_v` (then pair them up at each `v`);
//! by Hall's theorem (each edge a vertex of one side, each of the `2 p_v`
//! places at `v` one of the other) that is: for every set `S` of vertices,
//! the free edges with an end in `S` number at least `2 Σ_{v in S} p_v`.
//! It suffices to check the sets `S` of vertices with `p_v > 0`.
//!
//! **From a strategy to a bound on the value.** Say `player` is Alice and
//! her greedy play at `v` guarantees `a >= a0` while `b <= b1` in every
//! play that follows it. Every such play ends in `(a, b)` with
//! `a - b >= a0 - b1`, and if equal then `a = a0` and `b = b1`: so
//! `(a, b) >= (a0, b1)` in the `(a - b, a)` order, and since Alice can
//! play it, the value is at least `(a0, b1)`. For Bob the same argument
//! bounds the value from above by `(a1, b0)`.

use super::{Points, Rows, MAX_BOARD_VERTICES};
use crate::board::{Player, VertexSet};
use std::cell::RefCell;

thread_local! {
    /// Per set of vertices, its slack in Hall's condition (reused buffer).
    static SUBSETS: RefCell<Vec<(i64, VertexSet)>> = const { RefCell::new(Vec::new()) };
}

/// One player's view of a position: her edges and his at each vertex,
/// the free edges there, and who has how many moves left.
struct Side<'r> {
    rows: &'r Rows,
    player: Player,
    own: &'r [u32],
    other: &'r [u32],
    theirs: u32,
    first: bool,
    /// Her least points in every play: each free edge at a vertex beyond
    /// his moves left is hers.
    least_any: u32,
    /// His least points in every play.
    his_least_any: u32,
}

/// The best bound on the value that one of `player`'s strategies (module
/// header) proves: a lower bound for Alice, an upper bound for Bob.
/// `to_move` moves next; the position is not over.
pub(super) fn bound(rows: &Rows, player: Player, to_move: Player) -> Points {
    let left = rows.moves_left(to_move);
    let (me, them) = (player as usize, player.opponent() as usize);
    let least = |counts: &[u32], moves: u32| {
        (0..rows.n)
            .map(|v| counts[v] + rows.free_count[v].saturating_sub(moves))
            .max()
            .unwrap_or(0)
    };
    let side = Side {
        rows,
        player,
        own: &rows.count[me][..rows.n],
        other: &rows.count[them][..rows.n],
        theirs: left[them],
        first: to_move == player,
        least_any: least(&rows.count[me], left[them]),
        his_least_any: least(&rows.count[them], left[me]),
    };
    // His most at each vertex in every play; the two largest, so that each
    // greedy bound below takes the largest away from `v` in one step.
    let his_most = |w: usize| side.other[w] + rows.free_count[w].min(side.theirs);
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
    let candidates = greedy.chain(side.pairing(top.0));
    let best = match player {
        Player::First => candidates.max(),
        Player::Second => candidates.min(),
    };
    best.expect("a board has vertices")
}

impl Side<'_> {
    /// The outcome with her points `mine` and his `his`.
    fn points(&self, mine: u32, his: u32) -> Points {
        let (mine, his) = (mine as u8, his as u8);
        match self.player {
            Player::First => Points { alice: mine, bob: his },
            Player::Second => Points { alice: his, bob: mine },
        }
    }

    /// Her least and his most points while she is greedy at `v`;
    /// `elsewhere`: his most in every play at the vertices other than `v`.
    fn greedy(&self, v: usize, elsewhere: u32) -> Points {
        let free = &self.rows.free_count;
        let x = (free[v] + u32::from(self.first)) / 2;
        let his_most = elsewhere.max(self.other[v] + (free[v] - x).min(self.theirs));
        self.points(self.least_any.max(self.own[v] + x), his_most)
    }

    /// The pairs at each vertex a pairing needs to hold his degree to at
    /// most `cap` (module header), if Hall's condition says they exist.
    fn pairs_for(&self, cap: u32) -> Option<[u32; MAX_BOARD_VERTICES]> {
        let free = &self.rows.free_count;
        let mut pairs = [0; MAX_BOARD_VERTICES];
        for v in 0..self.rows.n {
            if self.other[v] + free[v].min(self.theirs) > cap {
                pairs[v] = self.other[v] + free[v] - cap;
            }
        }
        self.pairs_exist(&pairs[..self.rows.n]).then_some(pairs)
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
        let mine = (0..self.rows.n).map(|v| self.own[v] + pairs[v]).max().unwrap_or(0);
        Some(self.points(self.least_any.max(mine), hi))
    }

    /// Hall's condition (module header): disjoint pairs of free edges,
    /// `pairs[v]` of them at each vertex `v`, exist. The sets `S` of
    /// vertices with pairs wanted are taken in increasing order of their
    /// bit pattern, each from `S` less its lowest vertex `v`: the free
    /// edges with an end in `S` are those with an end in the rest plus
    /// those at `v` not to the rest.
    fn pairs_exist(&self, pairs: &[u32]) -> bool {
        let (free, rows) = (&self.rows.free_count, &self.rows.free);
        let (mut needy, mut k) = ([0; MAX_BOARD_VERTICES], 0);
        for v in (0..pairs.len()).filter(|&v| pairs[v] > 0) {
            if 2 * pairs[v] > free[v] {
                return false;
            }
            (needy[k], k) = (v, k + 1);
        }
        SUBSETS.with(|slack| {
            let mut slack = slack.borrow_mut();
            slack.clear();
            // (free edges with an end in S less 2 Σ pairs, S as a vertex set)
            slack.push((0i64, 0 as VertexSet));
            for s in 1usize..1 << k {
                let v = needy[s.trailing_zeros() as usize];
                let (rest_slack, rest) = slack[s & (s - 1)];
                let more = free[v] as i64 - (rows[v] & rest).count_ones() as i64 - 2 * pairs[v] as i64;
                if rest_slack + more < 0 {
                    return false;
                }
                slack.push((rest_slack + more, rest | 1 << v));
            }
            true
        })
    }
}
