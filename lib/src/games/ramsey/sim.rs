//! Sim (the misère triangle game, [`super::Rules::Misere`] with target K3
//! for both colours; Simmons 1969): what a winner-only search can be told
//! without searching. Mead, Rosa and Huang ("The game of Sim: a winning
//! strategy for the second player", Mathematics Magazine 47, 1974) solved
//! 6-Sim by computer; no shortcut of theirs is used here.
//!
//! A free edge is *safe* for a colour when colouring it does not complete
//! a triangle of that colour: its ends have no common neighbour in that
//! colour. A move on an edge unsafe for the mover loses at once.
//!
//! # A mover without a safe move loses
//!
//! *Claim 1.* If the player to move has no safe edge but a free edge is
//! left, the opponent wins. *Proof.* Every move completes the mover's
//! triangle, and completing one's own target loses. ∎
//!
//! # Quiet endgames are counting
//!
//! Call a colour `X` *quiet* when no two `X`-safe edges `uv`, `uw` have
//! their third edge `vw` coloured `X` or `X`-safe.
//!
//! *Claim 2.* While both colours are quiet, a move changes the safe sets
//! only by taking its own edge out of them, and both stay quiet.
//! *Proof.* Safety only decreases (edges are only added). A move of
//! colour `Y ≠ X` adds no `X` edge, so no `X`-safe edge loses its safety.
//! A safe move `uv` of `X` makes an `X`-safe edge unsafe only if it closes
//! a path `uv`, `vw` or `vu`, `uw` of `X`: then `uw` and `uv` are `X`-safe
//! with third edge `vw` in `X`, excluded. Quietness is about edges that stay
//! safe or coloured, and an edge coloured `X` later was `X`-safe now
//! (a move on an unsafe edge ends the game). ∎
//!
//! So from a quiet position the game is: the mover `M` has `a` safe edges
//! of its own, the opponent `O` has `b`, `s` are safe for both; a player
//! takes one of its safe edges, and a player with none loses (Claim 1),
//! provided a free edge is left then. That is so when an edge safe for
//! neither is free (nobody colours it before that), and when the board
//! contains K6 (every 2-colouring of K6 has a monochromatic triangle,
//! R(3, 3) = 6, so the board never fills without one).
//!
//! *Claim 3.* In that counting game `M` wins exactly when `a + (s mod 2) > b`.
//! *Proof.* A move on an unsafe edge loses at once, so it is never better
//! than a safe one, and the counting game has the value of the game. By
//! induction on `a + b + s`: with no safe edge (`a = s = 0`) `M` loses,
//! and `0 > b` is false. Otherwise `M` moves to `O` to move in
//! `(b, a - 1, s)` (an own edge, if `a > 0`) or `(b, a, s - 1)` (a shared
//! one, if `s > 0`), which `O` loses exactly when `b + (s' mod 2) ≤ a'`.
//! For even `s` both moves win for `M` exactly when `a > b` (then `a > 0`);
//! for odd `s` (so `s > 0`) the own edge when `a ≥ b + 2`, the shared one
//! when `a ≥ b`, so some move does exactly when `a ≥ b`. Both cases read
//! `a + (s mod 2) > b`. ∎
//!
//! # How long a quiet endgame lasts
//!
//! *Claim 4.* In the counting game (winner hurries, loser delays) both
//! players take shared edges while there are any: the mover gets
//! `⌈s/2⌉` of them and the opponent `⌊s/2⌋`. If the mover wins, play
//! lasts `2(b + ⌊s/2⌋) + 2` plies, else `2(a + ⌈s/2⌉) + 1` (the losing
//! move included). *Proof.* The loser `L` makes `t` safe moves, then the
//! losing one; the players alternate, so play lasts `2t + 1` plies if
//! `L` moves first and `2t + 2` if the winner does: the winner minimises
//! `t`, the loser maximises it. `L`'s safe moves are its own edges (all of
//! them: nobody else takes them) and the shared ones it takes. While
//! shared edges are left, `L` taking one each turn gets at least one per
//! turn of its own, and the winner taking one each turn leaves `L` at most
//! that: so under optimal play they split as they alternate, the mover
//! first. The winner can afford it: by Claim 3's count it then still has
//! a safe edge at each of its turns. `tests` checks the formula against the
//! counting game played out for every `a, s, b <= 6`. ∎
//!
//! # Move order
//!
//! [`SafeEdges::order_key`]: safe moves first, those that make the
//! fewest of the mover's safe edges unsafe, and take an edge the opponent
//! could use, first. Only the order of search depends on it.

use super::{Outcome, RamseyGame, Rules};
use crate::core::board::{clique_within, first_n, members, Edge, Player, Position, VertexSet, MAX_VERTICES};
use crate::games::Value;

/// The colours and the safe free edges of both colours at one position.
pub(super) struct SafeEdges {
    /// `colour[p][v]`: the neighbours of `v` in `p`'s colour.
    colour: [[VertexSet; MAX_VERTICES]; 2],
    /// `safe[p][v]`: the `w` with `vw` free and safe for `p`.
    safe: [[VertexSet; MAX_VERTICES]; 2],
    /// `free[v]`: the `w` with `vw` a free board edge.
    free: [VertexSet; MAX_VERTICES],
    /// Vertices of the board.
    n: usize,
}

impl SafeEdges {
    /// The safe edges of `position`.
    pub(super) fn of(position: &Position) -> SafeEdges {
        let n = position.vertex_count();
        let mut out = SafeEdges {
            colour: [[0; MAX_VERTICES]; 2],
            safe: [[0; MAX_VERTICES]; 2],
            free: [0; MAX_VERTICES],
            n,
        };
        for p in [Player::First, Player::Second] {
            for v in 0..n {
                out.colour[p as usize][v] = position.neighbours(p, v as u8);
            }
        }
        for v in 0..n {
            out.free[v] = position.free_neighbours(v as u8);
            for p in 0..2 {
                let near = members(out.colour[p][v]).fold(0, |acc, w| acc | out.colour[p][w as usize]);
                out.safe[p][v] = out.free[v] & !near;
            }
        }
        out
    }

    /// Edges `uv`, `u < v`, with `v` in `rows[u]`, counted.
    fn count(&self, rows: impl Fn(usize) -> VertexSet) -> usize {
        (0..self.n)
            .map(|u| (rows(u) & !first_n(u + 1)).count_ones() as usize)
            .sum()
    }

    /// Whether colour `p` is quiet (module docs).
    fn quiet(&self, p: usize) -> bool {
        (0..self.n).all(|u| {
            let row = self.safe[p][u];
            members(row).all(|v| row & (self.colour[p][v as usize] | self.safe[p][v as usize]) == 0)
        })
    }

    /// Whether the player `mover` to move wins, where Claims 1 to 3 tell;
    /// `forced_end`: the board contains K6.
    pub(super) fn mover_wins(&self, mover: Player, forced_end: bool) -> Option<bool> {
        let (m, o) = (mover as usize, mover.opponent() as usize);
        let any_free = self.free[..self.n].iter().any(|&row| row != 0);
        let own = self.count(|u| self.safe[m][u]);
        if own == 0 {
            return any_free.then_some(false);
        }
        if !self.quiet(m) || !self.quiet(o) {
            return None;
        }
        let shared = self.count(|u| self.safe[m][u] & self.safe[o][u]);
        let theirs = self.count(|u| self.safe[o][u]) - shared;
        let dead = self.count(|u| self.free[u] & !self.safe[m][u] & !self.safe[o][u]);
        (dead > 0 || forced_end).then_some(own - shared + shared % 2 > theirs)
    }

    /// The exact value for the player `mover` to move, where Claims 1 to 4
    /// tell it: whether `mover` wins, and the plies left under optimal
    /// play (the losing move included).
    pub(super) fn mover_value(&self, mover: Player, forced_end: bool) -> Option<(bool, u32)> {
        let (m, o) = (mover as usize, mover.opponent() as usize);
        let any_free = self.free[..self.n].iter().any(|&row| row != 0);
        let own = self.count(|u| self.safe[m][u]);
        if own == 0 {
            return any_free.then_some((false, 1));
        }
        if !self.quiet(m) || !self.quiet(o) {
            return None;
        }
        let shared = self.count(|u| self.safe[m][u] & self.safe[o][u]);
        let theirs = self.count(|u| self.safe[o][u]) - shared;
        let dead = self.count(|u| self.free[u] & !self.safe[m][u] & !self.safe[o][u]);
        (dead > 0 || forced_end).then(|| counting_value(own - shared, shared, theirs))
    }

    /// The rank of the move `e` of `mover` (lower first): unsafe last;
    /// then the mover's safe edges it makes unsafe, less one if it takes
    /// an edge safe for the opponent.
    pub(super) fn order_key(&self, mover: Player, e: Edge) -> usize {
        let (m, o) = (mover as usize, mover.opponent() as usize);
        let (u, v) = e.ends();
        let (u, v) = (u as usize, v as usize);
        if self.safe[m][u] >> v & 1 == 0 {
            return 2 * MAX_VERTICES;
        }
        let killed =
            (self.safe[m][u] & self.colour[m][v]).count_ones() + (self.safe[m][v] & self.colour[m][u]).count_ones();
        let takes = (self.safe[o][u] >> v & 1) as usize;
        2 * killed as usize + 1 - takes
    }
}

/// The value of the counting game (module docs, Claim 4) for the mover
/// with `a` safe edges of its own, `s` shared and `b` of the opponent's:
/// whether the mover wins, and the plies to the end, the losing move
/// included.
fn counting_value(a: usize, s: usize, b: usize) -> (bool, u32) {
    let (mine, theirs) = (s.div_ceil(2), s / 2);
    match a + mine > b + theirs {
        true => (true, 2 * (b + theirs) as u32 + 2),
        false => (false, 2 * (a + mine) as u32 + 1),
    }
}

/// Whether the board of `start` contains K6 (so no game on it ends on a
/// full board without a monochromatic triangle: R(3, 3) = 6).
pub(super) fn forces_triangle(start: &Position) -> bool {
    let all = first_n(start.vertex_count());
    clique_within(&|v| start.board_neighbours(v), all, 6)
}

impl RamseyGame {
    /// Whether this is Sim (misère, both targets K3), which `sim.rs`
    /// knows shortcuts and a move order for.
    pub fn is_sim(&self) -> bool {
        self.rules == Rules::Misere && self.targets.iter().all(|t| t.as_clique() == Some(3))
    }

    /// The winner of a Sim position where Claims 1 to 3 tell it.
    pub(super) fn sim_winner(&self, position: &Position) -> Option<Outcome> {
        if !self.is_sim() {
            return None;
        }
        let mover = position.to_move();
        let wins = SafeEdges::of(position).mover_wins(mover, self.forced_end)?;
        Some(Outcome::win_for(if wins { mover } else { mover.opponent() }))
    }

    /// The exact value of a Sim position where Claims 1 to 4 tell it: a
    /// mover without a safe edge loses in one ply, a quiet endgame is
    /// counted.
    pub fn sim_value(&self, position: &Position) -> Option<Value<Outcome>> {
        if !self.is_sim() {
            return None;
        }
        let mover = position.to_move();
        let (wins, plies) = SafeEdges::of(position).mover_value(mover, self.forced_end)?;
        let score = Outcome::win_for(if wins { mover } else { mover.opponent() });
        Some(Value { score, plies })
    }

    /// Sorts the moves of a Sim position: safe moves first, those killing
    /// the fewest of the mover's safe edges first (module docs, "Move
    /// order"; stable: ties keep their order). Any order gives the same
    /// values; this one makes the score-only search find wins sooner.
    pub fn sim_order(&self, position: &Position, moves: &mut [Vec<Edge>]) {
        let safe = SafeEdges::of(position);
        let mover = position.to_move();
        moves.sort_by_cached_key(|m| m.iter().map(|&e| safe.order_key(mover, e)).sum::<usize>());
    }
}

#[cfg(test)]
mod tests {
    use super::counting_value;

    /// The counting game played out: (mover wins, plies), the winner
    /// hurrying and the loser delaying.
    fn played(a: usize, s: usize, b: usize) -> (bool, u32) {
        let mut options = vec![];
        if a > 0 {
            options.push(played(b, s, a - 1));
        }
        if s > 0 {
            options.push(played(b, s - 1, a));
        }
        let values = options.into_iter().map(|(wins, plies)| (!wins, plies + 1));
        let best = values.max_by_key(|&(wins, plies)| (wins, if wins { -(plies as i64) } else { plies as i64 }));
        best.unwrap_or((false, 1))
    }

    #[test]
    fn quiet_endgames_last_as_counted() {
        for a in 0..=6 {
            for s in 0..=6 {
                for b in 0..=6 {
                    assert_eq!(counting_value(a, s, b), played(a, s, b), "a {a}, s {s}, b {b}");
                }
            }
        }
    }
}
