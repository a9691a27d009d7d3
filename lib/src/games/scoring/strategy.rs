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
use crate::games::colex::{small_members, SmallSet};

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

/// The better of two bounds that strategies of `player` prove (as
/// [`best`]).
pub(super) fn better(player: Player, a: Points, b: Points) -> Points {
    match player {
        Player::First => a.max(b),
        Player::Second => a.min(b),
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
/// `pairs[v]` of them at each vertex `v`, exist.
pub(super) fn pairs_exist(rows: &Rows, pairs: &[u32]) -> bool {
    let mut wanted: SmallSet = 0;
    for v in (0..pairs.len()).filter(|&v| pairs[v] > 0) {
        if 2 * pairs[v] > rows.free_count[v] {
            return false;
        }
        wanted |= 1 << v;
    }
    every_set_has_room(rows, pairs, wanted)
}

/// Hall's condition for the sets of `wanted` vertices (each of which has
/// room for its own pairs: `2 pairs[v] <= f_v`; the other vertices' pairs
/// are not read). The slack of a set `S` (free edges with an end in `S`
/// less `2 Σ_{v in S} p_v`) is `Σ_{v in S} (f_v - 2 p_v) - e(S)`, `e(S)` the
/// free edges with both ends in `S`; adding a vertex `v` to `S` changes it
/// by `f_v - 2 p_v - |free(v) ∩ S|`. So:
///
/// - a vertex with `f_v - 2 p_v - |free(v) ∩ N| >= 0` (`N` the vertices
///   still tested) never lowers the slack of a set of `N` it joins, so only
///   the sets without it need testing; such vertices are dropped, again
///   and again as `N` shrinks ([`hall_core`]), before the sets of what is
///   left are tested one by one ([`no_set_short`]);
/// - [`surely_paired`] settles most cases in one pass first.
pub(super) fn every_set_has_room(rows: &Rows, pairs: &[u32], wanted: SmallSet) -> bool {
    if surely_paired(rows, pairs, wanted) {
        return true;
    }
    let (mut members, mut k) = ([0; MAX_BOARD_VERTICES], 0);
    for v in small_members(hall_core(rows, pairs, wanted)) {
        (members[k], k) = (v, k + 1);
    }
    no_set_short(rows, pairs, &members[..k], 0, 0)
}

/// The vertices of `set` whose sets Hall's condition still needs tested
/// ([`every_set_has_room`]): those that can lower a set's slack, found by
/// dropping the others until none is left to drop.
fn hall_core(rows: &Rows, pairs: &[u32], mut set: SmallSet) -> SmallSet {
    loop {
        let mut kept = set;
        for v in small_members(set) {
            if rows.free_count[v] >= 2 * pairs[v] + (rows.free[v] & set).count_ones() {
                kept &= !(1 << v);
            }
        }
        if kept == set {
            return set;
        }
        set = kept;
    }
}

/// Whether every set made of `chosen` (of slack `slack`) and some of
/// `members` has a slack of at least 0 (each set once: members are added
/// in their order, and the free edges a new member shares with `chosen`
/// are counted once, at the later end).
fn no_set_short(rows: &Rows, pairs: &[u32], members: &[usize], chosen: SmallSet, slack: i32) -> bool {
    members.iter().enumerate().all(|(i, &v)| {
        let more = rows.free_count[v] as i32 - 2 * pairs[v] as i32 - (rows.free[v] & chosen).count_ones() as i32;
        slack + more >= 0 && no_set_short(rows, pairs, &members[i + 1..], chosen | 1 << v, slack + more)
    })
}

/// A sufficient condition for Hall's condition for the sets of the
/// `wanted` vertices `N`, in one pass: the slack of a set `S`
/// ([`every_set_has_room`]) is `Σ_{v in S} (f_v - 2 p_v - |free(v) ∩ S| / 2)`,
/// each term at least `f_v - 2 p_v - |free(v) ∩ N| / 2`. If no such term is
/// negative, no `S` fails.
fn surely_paired(rows: &Rows, pairs: &[u32], wanted: SmallSet) -> bool {
    small_members(wanted).all(|v| 2 * rows.free_count[v] >= 4 * pairs[v] + (rows.free[v] & wanted).count_ones())
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

    /// Random free edges (a random position of `K_3 .. K_8`) and pairs
    /// wanted (up to half the free edges at each vertex), `case` picking
    /// the board's size.
    fn random_pairs(case: usize, state: &mut u64) -> (Rows, [u32; MAX_BOARD_VERTICES]) {
        let n = 3 + case % 6;
        let rows = Rows::of(&random_position(n, state));
        let mut pairs = [0; MAX_BOARD_VERTICES];
        for (p, &f) in pairs.iter_mut().zip(&rows.free_count).take(n) {
            *state ^= *state << 13;
            *state ^= *state >> 7;
            *state ^= *state << 17;
            *p = (*state % 3) as u32 * f / 4;
        }
        (rows, pairs)
    }

    /// Hall's condition as the module header states it, set by set: the
    /// free edges with an end in `S` counted edge by edge.
    fn hall_by_every_set(rows: &Rows, pairs: &[u32]) -> bool {
        let wanted: Vec<usize> = (0..pairs.len()).filter(|&v| pairs[v] > 0).collect();
        (0u32..1 << wanted.len()).all(|bits| {
            let set: SmallSet = small_members(bits).fold(0, |s, i| s | 1 << wanted[i]);
            let edges = (0..rows.n)
                .flat_map(|u| (u + 1..rows.n).map(move |w| (u, w)))
                .filter(|&(u, w)| rows.free[u] >> w & 1 == 1 && (set >> u | set >> w) & 1 == 1)
                .count() as u32;
            edges >= small_members(set).map(|v| 2 * pairs[v]).sum::<u32>()
        })
    }

    /// [`surely_paired`] only where every set has room, and
    /// [`pairs_exist`] (which drops vertices before testing sets) exactly
    /// where every set has room, on random free edges and pairs wanted;
    /// each test decides both ways often enough to be tried.
    #[test]
    fn pairs_exist_exactly_where_every_set_has_room() {
        let (mut state, mut sure, mut exist, mut tested_by_sets) = (0x2545_f491_4f6c_dd1du64, 0, [0; 2], 0);
        for case in 0..20_000 {
            let (rows, pairs) = random_pairs(case, &mut state);
            let pairs = &pairs[..rows.n];
            let hall = hall_by_every_set(&rows, pairs);
            let wanted = (0..rows.n).filter(|&v| pairs[v] > 0).fold(0, |s, v| s | 1 << v);
            if surely_paired(&rows, pairs, wanted) {
                sure += 1;
                assert!(hall, "case {case}: {pairs:?}");
            } else if (0..rows.n).all(|v| 2 * pairs[v] <= rows.free_count[v]) {
                tested_by_sets += usize::from(hall_core(&rows, pairs, wanted) != 0);
            }
            assert_eq!(pairs_exist(&rows, pairs), hall, "case {case}: {pairs:?}");
            exist[usize::from(hall)] += 1;
        }
        assert!(sure > 1000 && sure < 19_000, "{sure} sure");
        assert!(exist[0] > 1000 && exist[1] > 1000, "{exist:?} without and with pairs");
        assert!(tested_by_sets > 1000, "{tested_by_sets} tested set by set");
    }
}
