//! Bounds on the value of a Star game position from one player's greedy
//! strategy at one vertex.
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
//! **From a strategy to a bound on the value.** Say `player` is Alice and
//! her greedy play at `v` guarantees `a >= a0` while `b <= b1` in every
//! play that follows it. Every such play ends in `(a, b)` with
//! `a - b >= a0 - b1`, and if equal then `a = a0` and `b = b1`: so
//! `(a, b) >= (a0, b1)` in the `(a - b, a)` order, and since Alice can
//! play it, the value is at least `(a0, b1)`. For Bob the same argument
//! bounds the value from above by `(a1, b0)`.

use super::{Points, Rows};
use crate::board::Player;

/// The best bound on the value `player`'s greedy play at one vertex
/// proves (see the module header): a lower bound on it for Alice, an upper
/// bound for Bob. `to_move` moves next; the position is not over.
pub(super) fn bound(rows: &Rows, player: Player, to_move: Player) -> Points {
    let n = rows.n;
    let left = rows.moves_left(to_move);
    let (me, them) = (player as usize, player.opponent() as usize);
    let (own, other, free) = (&rows.count[me], &rows.count[them], &rows.free_count);
    let theirs = left[them];
    let first = u32::from(to_move == player);
    // Whatever the play: each free edge at v beyond his moves left is hers.
    let least_any = (0..n)
        .map(|v| own[v] + free[v].saturating_sub(theirs))
        .max()
        .unwrap_or(0);
    let pair = |v: usize| {
        let x = (free[v] + first) / 2;
        let least = least_any.max(own[v] + x);
        let most = (0..n)
            .map(|w| other[w] + if w == v { free[v] - x } else { free[w] }.min(theirs))
            .max()
            .unwrap_or(0);
        match player {
            Player::First => Points {
                alice: least as u8,
                bob: most as u8,
            },
            Player::Second => Points {
                alice: most as u8,
                bob: least as u8,
            },
        }
    };
    let pairs = (0..n).map(pair);
    let best = match player {
        Player::First => pairs.max(),
        Player::Second => pairs.min(),
    };
    best.expect("a board has vertices")
}
