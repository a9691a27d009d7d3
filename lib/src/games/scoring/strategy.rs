//! Bounds on the value from one player's strategy: greedy at one vertex,
//! and pairings (used by the Star and VC games' bounds, [`super::star`]
//! and [`super::vc`]). "She" is the player with the strategy, "he" the
//! opponent; `f` is the number of free edges at a vertex `v`.
//!
//! **Greedy at v.** If she colours an edge at `v` whenever one is free
//! there (anything otherwise), she gets at least `x = ⌊(f + 1) / 2⌋` of
//! them if she moves next, `⌊f / 2⌋` otherwise ([`greedy_share`]), and he
//! at most `f - x`. Proof: until `v`'s last free edge goes, each of her
//! turns takes one there; he has had at most as many turns as she (one
//! more if he moved first), each taking at most one there. So with `x`
//! hers and `y` his, `x + y = f` and `y <= x` (`y <= x + 1`), so
//! `x >= f / 2` (`x >= (f - 1) / 2`).
//!
//! **Pairing.** Say she picks, at some vertices `v`, `p_v` disjoint pairs
//! of free edges at `v` (each free edge in at most one pair). If she
//! answers his edge in a pair by its partner when it is free (anything
//! otherwise), he gets at most one edge of each pair and she at least one
//! (if he takes neither, she takes both: every edge is coloured in the
//! end). So at `v` he gets at most `f - p_v` more edges (and at most his
//! moves left), she at least `p_v`. Such pairs exist if and only if the
//! free edges can be given to one of their ends each, `v` getting at least
//! `2 p_v` (then pair them up at each `v`); by Hall's theorem (each edge a
//! vertex of one side, each of the `2 p_v` places at `v` one of the other)
//! that is: for every set `S` of vertices, the free edges with an end in
//! `S` number at least `2 Σ_{v in S} p_v` ([`pairs_exist`]). It suffices
//! to check the sets `S` of vertices with `p_v > 0`.
//!
//! **From a strategy to a bound on the value.** Say she is Alice and a
//! strategy of hers guarantees `a >= a0` while `b <= b1` in every play
//! that follows it. Every such play ends in `(a, b)` with
//! `a - b >= a0 - b1`, and if equal then `a = a0` and `b = b1`: so
//! `(a, b) >= (a0, b1)` in the `(a - b, a)` order, and since Alice can
//! play it, the value is at least `(a0, b1)`. For Bob the same argument
//! bounds the value from above by `(a1, b0)`.

use super::{Points, Rows, MAX_BOARD_VERTICES};
use crate::core::board::Player;
use crate::games::colex::SmallSet;
use std::cell::RefCell;

thread_local! {
    /// Per set of vertices, its slack in Hall's condition (reused buffer).
    static SUBSETS: RefCell<Vec<(i64, SmallSet)>> = const { RefCell::new(Vec::new()) };
}

/// A position seen from one player (she; he is the opponent): her edges
/// and his at each vertex, and their moves left.
pub(super) struct View<'r> {
    pub(super) rows: &'r Rows,
    pub(super) player: Player,
    pub(super) own: &'r [u32],
    pub(super) other: &'r [u32],
    /// Her moves left and his.
    pub(super) mine: u32,
    pub(super) theirs: u32,
    /// Whether she moves next.
    pub(super) first: bool,
}

impl View<'_> {
    /// `rows` seen from `player`, with `to_move` moving next.
    pub(super) fn new(rows: &Rows, player: Player, to_move: Player) -> View<'_> {
        let left = rows.moves_left(to_move);
        let (me, them) = (player as usize, player.opponent() as usize);
        View {
            rows,
            player,
            own: &rows.count[me][..rows.n],
            other: &rows.count[them][..rows.n],
            mine: left[me],
            theirs: left[them],
            first: to_move == player,
        }
    }
}

/// The edges she is sure of among `free` at a vertex while greedy there.
pub(super) fn greedy_share(free: u32, she_moves_next: bool) -> u32 {
    (free + u32::from(she_moves_next)) / 2
}

/// The outcome with `player`'s points `mine` and the opponent's `his`.
pub(super) fn oriented(player: Player, mine: u32, his: u32) -> Points {
    let (mine, his) = (mine as u8, his as u8);
    match player {
        Player::First => Points { alice: mine, bob: his },
        Player::Second => Points { alice: his, bob: mine },
    }
}

/// The best of bounds that strategies of `player` prove: the largest for
/// Alice (lower bounds), the least for Bob (upper bounds).
pub(super) fn best(player: Player, bounds: impl Iterator<Item = Points>) -> Option<Points> {
    match player {
        Player::First => bounds.max(),
        Player::Second => bounds.min(),
    }
}

/// [`best`] of the `cheap` bounds, and of the `costly` one too unless the
/// cheap ones are `enough` already (they decide the test at hand).
pub(super) fn best_staged(
    player: Player,
    cheap: impl Iterator<Item = Points>,
    enough: &dyn Fn(Points) -> bool,
    costly: impl FnOnce() -> Option<Points>,
) -> Points {
    let cheap = best(player, cheap).expect("one cheap candidate at least");
    match enough(cheap) {
        true => cheap,
        false => best(player, std::iter::once(cheap).chain(costly())).expect("one candidate"),
    }
}

/// Hall's condition (module header): disjoint pairs of free edges,
/// `pairs[v]` of them at each vertex `v`, exist. The sets `S` of vertices
/// with pairs wanted are taken in increasing order of their bit pattern,
/// each from `S` less its lowest vertex `v`: the free edges with an end in
/// `S` are those with an end in the rest plus those at `v` not to the rest.
pub(super) fn pairs_exist(rows: &Rows, pairs: &[u32]) -> bool {
    let (mut needy, mut k) = ([0; MAX_BOARD_VERTICES], 0);
    for v in (0..pairs.len()).filter(|&v| pairs[v] > 0) {
        if 2 * pairs[v] > rows.free_count[v] {
            return false;
        }
        (needy[k], k) = (v, k + 1);
    }
    surely_paired(rows, pairs) || every_set_has_room(rows, &needy[..k], pairs)
}

/// Hall's condition for the sets of the `needy` vertices, one by one (see
/// [`pairs_exist`]).
fn every_set_has_room(rows: &Rows, needy: &[usize], pairs: &[u32]) -> bool {
    SUBSETS.with(|slack| {
        let mut slack = slack.borrow_mut();
        slack.clear();
        // (free edges with an end in S less 2 Σ pairs, S as a vertex set)
        slack.push((0i64, 0 as SmallSet));
        for s in 1usize..1 << needy.len() {
            let v = needy[s.trailing_zeros() as usize];
            let (rest_slack, rest) = slack[s & (s - 1)];
            let more = rows.free_count[v] as i64 - (rows.free[v] & rest).count_ones() as i64 - 2 * pairs[v] as i64;
            if rest_slack + more < 0 {
                return false;
            }
            slack.push((rest_slack + more, rest | 1 << v));
        }
        true
    })
}

/// A sufficient condition for Hall's condition in [`pairs_exist`], in one
/// pass: with `N` the vertices with pairs wanted and `S` a subset, the free
/// edges with an end in `S` number `Σ_{v in S} f_v - e(S)`, where `e(S)`,
/// those with both ends in `S`, is `Σ_{v in S} |free(v) ∩ S| / 2`; so the
/// slack of `S` is `Σ_{v in S} (f_v - 2 p_v - |free(v) ∩ S| / 2)`, each
/// term at least `f_v - 2 p_v - |free(v) ∩ N| / 2`. If no such term is
/// negative, no `S` fails.
fn surely_paired(rows: &Rows, pairs: &[u32]) -> bool {
    let wanted: SmallSet = (0..pairs.len()).filter(|&v| pairs[v] > 0).fold(0, |s, v| s | 1 << v);
    (0..pairs.len())
        .filter(|&v| pairs[v] > 0)
        .all(|v| 2 * rows.free_count[v] >= 4 * pairs[v] + (rows.free[v] & wanted).count_ones())
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::core::board::{Board, Edge, Position};

    /// A pseudo-random position on `K_n` (each pair red, blue or free;
    /// `state`: an xorshift state, advanced), with `to_move` set by the
    /// parity of the coloured edges.
    pub(in crate::games::scoring) fn random_position(n: usize, state: &mut u64) -> Position {
        let mut p = Position::empty(Board::Complete(n));
        for u in 0..n as u8 {
            for v in u + 1..n as u8 {
                *state ^= *state << 13;
                *state ^= *state >> 7;
                *state ^= *state << 17;
                let player = match *state % 3 {
                    0 => Player::First,
                    1 => Player::Second,
                    _ => continue,
                };
                p.claim(Edge::new(u, v), player).expect("a free edge");
            }
        }
        p.set_to_move([Player::First, Player::Second][(*state >> 8) as usize % 2]);
        p
    }

    /// [`surely_paired`] only where every set has room (the test by
    /// sets, [`every_set_has_room`]), on random free edges and pairs
    /// wanted; and it decides both ways often enough to be tried.
    #[test]
    fn surely_paired_only_where_every_set_has_room() {
        let (mut state, mut sure, mut not_sure) = (0x2545_f491_4f6c_dd1du64, 0, 0);
        for case in 0..20_000 {
            let n = 3 + case % 6;
            let rows = Rows::of(&random_position(n, &mut state));
            let mut pairs = [0; MAX_BOARD_VERTICES];
            for (p, &f) in pairs.iter_mut().zip(&rows.free_count).take(n) {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                *p = (state % 3) as u32 * f / 4;
            }
            let needy: Vec<usize> = (0..n).filter(|&v| pairs[v] > 0).collect();
            if surely_paired(&rows, &pairs[..n]) {
                sure += 1;
                assert!(every_set_has_room(&rows, &needy, &pairs[..n]), "case {case}: {pairs:?}");
            } else {
                not_sure += 1;
            }
        }
        assert!(sure > 1000 && not_sure > 1000, "{sure} sure, {not_sure} not");
    }
}
