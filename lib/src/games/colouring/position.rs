//! Positions of colouring games and their canonical forms.
//!
//! Only the future matters for a position's value: which vertices are
//! still uncoloured, the edges among them, the colours each one already
//! sees on its neighbours (its *forbidden* colours), when each is due
//! (ordered games), who owns it, and whose turn it is. So a position keeps
//! exactly that: colouring a vertex adds its colour to the forbidden sets
//! of its uncoloured neighbours and removes its edges. A coloured vertex
//! is *dead*: which colour it has can never matter again.
//!
//! The canonical form, which also merges positions that must have the
//! same value (tokens, safe components), is [`super::canonical`].

use super::ColourMove;
use crate::core::board::{members, Player, Vertex, VertexSet};

/// The colour of an uncoloured vertex.
pub const UNCOLOURED: u8 = 0;
/// The colour of a vertex in a canonical position once it is coloured
/// (which colour no longer matters).
pub const DEAD: u8 = u8::MAX;

/// A position: the graph among uncoloured vertices (relabelled with the
/// position), colours `1..=k` or [`UNCOLOURED`]/[`DEAD`], forbidden
/// colours, due times, owners, and the mover.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ColourPosition {
    /// One slot per vertex (one allocation: a move copies the position).
    pub(super) slots: Vec<Slot>,
    /// The uncoloured vertices (those whose colour is [`UNCOLOURED`]).
    pub(super) uncoloured: VertexSet,
    /// Vertices owned by player 2 (ordered games).
    pub(super) second_owns: VertexSet,
    pub(super) to_move: Player,
    pub(super) colours: u8,
}

/// What a position holds about one vertex.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub(super) struct Slot {
    /// Its uncoloured neighbours.
    pub row: VertexSet,
    /// Colours on its coloured neighbours (bit c for colour c).
    pub forbidden: u32,
    /// Its colour, [`UNCOLOURED`] or [`DEAD`].
    pub colour: u8,
    /// The move at which it is due (ordered games; 0 in unordered ones).
    pub due: u8,
}

impl ColourPosition {
    /// Number of vertices.
    pub fn n(&self) -> usize {
        self.slots.len()
    }

    /// The colour of `v` (0 if uncoloured; [`DEAD`] in canonical forms).
    pub fn colour(&self, v: Vertex) -> u8 {
        self.slots[v as usize].colour
    }

    /// The uncoloured vertices.
    pub fn uncoloured(&self) -> VertexSet {
        self.uncoloured
    }

    /// The colours `v` may still take, as a bitset over `1..=k` (bit c).
    pub fn free_colours(&self, v: Vertex) -> u32 {
        self.all_colours() & !self.slots[v as usize].forbidden
    }

    /// Every colour, as a bitset over `1..=k` (bit c).
    pub fn all_colours(&self) -> u32 {
        ((1u32 << self.colours) - 1) << 1
    }

    /// The uncoloured neighbours of `v`.
    pub fn neighbours(&self, v: Vertex) -> VertexSet {
        self.slots[v as usize].row
    }

    /// Approximate bytes the position holds, its slots included: what a
    /// walk that keeps positions counts against a memory cap.
    pub fn bytes(&self) -> u64 {
        (std::mem::size_of::<ColourPosition>() + self.slots.len() * std::mem::size_of::<Slot>()) as u64
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// The position after `v` (uncoloured) gets colour `c`; the mover is
    /// left for the caller to set.
    #[inline]
    pub(super) fn coloured(&self, v: Vertex, c: u8) -> ColourPosition {
        let mut next = self.clone();
        next.colour_in_place(v, c);
        next
    }

    /// Colours `v` (uncoloured) with `c` here; the mover is left as it is.
    pub(super) fn colour_in_place(&mut self, v: Vertex, c: u8) {
        self.slots[v as usize].colour = c;
        self.uncoloured &= !(1 << v);
        for w in members(self.slots[v as usize].row) {
            self.slots[w as usize].forbidden |= 1 << c;
            self.slots[w as usize].row &= !(1 << v);
        }
        self.slots[v as usize].row = 0;
        self.slots[v as usize].forbidden = 0;
    }

    /// A move of player 2 that blocks a vertex at once (CCG): a colour
    /// that is the last free one of a vertex, on an uncoloured neighbour
    /// that may take it. A move blocks only neighbours of its vertex, and
    /// only by taking their last free colour, so there is none otherwise.
    #[inline]
    pub(super) fn blocking_move(&self) -> Option<ColourMove> {
        members(self.uncoloured).find_map(|w| {
            let free = self.free_colours(w);
            let c = free.trailing_zeros() as u8;
            let v = members(self.slots[w as usize].row)
                .find(|&v| free.count_ones() == 1 && self.free_colours(v) >> c & 1 == 1);
            v.map(|v| ColourMove { v, c })
        })
    }

    /// Whether player 1 wins the CCG by colouring the unsafe vertices one
    /// after another, fewest free colours first, whatever player 2 plays
    /// (`to_move`: who moves now). No move lowers a slack, so no vertex
    /// becomes unsafe; a move takes at most one free colour from a vertex.
    /// Player 1 colours the `j`-th unsafe vertex `w_j` (from 1) at her `j`-th
    /// move at the latest, after at most `j - 1` moves of hers and `j - 1`
    /// of his (`j` if he moves now), so it still has a free colour if
    /// `free(w_j) >= 2j - 1` (`2j`). Once they are all coloured or safe,
    /// every vertex is safe and will be coloured. Only the winner is sure:
    /// the game may end sooner or later than this plan.
    #[inline]
    pub(super) fn secured(&self, to_move: Player) -> bool {
        // The sorted list as counts per number of free colours (at most
        // 31): within a run of equal counts the last place is the hardest.
        let mut with_free = [0u32; 33];
        for v in members(self.uncoloured).filter(|&v| self.slack(v) <= 0) {
            with_free[self.free_colours(v).count_ones() as usize] += 1;
        }
        let head = u32::from(to_move == Player::Second);
        let mut j = 0;
        (0u32..).zip(with_free).all(|(f, count)| {
            j += count;
            count == 0 || f >= 2 * j - 1 + head
        })
    }

    /// A move of player 1 after which every uncoloured vertex is safe
    /// (CCG), in a position with a vertex that is not. Colouring `v` with
    /// `c` leaves the slack of a vertex that is not a neighbour of `v`
    /// alone and changes a neighbour's by `1 - [c is free there]`. So every
    /// unsafe vertex other than `v` must be a neighbour of `v` with slack 0
    /// that has `c` forbidden already, and `c` must be free at `v`.
    #[inline]
    pub(super) fn securing_move(&self) -> Option<ColourMove> {
        let unsafe_: VertexSet = members(self.uncoloured)
            .filter(|&u| self.slack(u) <= 0)
            .fold(0, |s, u| s | 1 << u);
        // `v` is each unsafe vertex or one of its neighbours.
        let candidates = members(unsafe_).fold(self.uncoloured, |s, u| s & (self.slots[u as usize].row | 1 << u));
        members(candidates).find_map(|v| {
            let others = unsafe_ & !(1 << v);
            let all_forbid = members(others).fold(self.all_colours(), |f, u| f & self.slots[u as usize].forbidden);
            let fits = members(others).all(|u| self.slack(u) == 0);
            let c = self.free_colours(v) & all_forbid;
            (fits && c != 0).then(|| ColourMove {
                v,
                c: c.trailing_zeros() as u8,
            })
        })
    }

    /// Free colours minus uncoloured neighbours: a vertex with slack
    /// above 0 can never be blocked (construction games).
    pub fn slack(&self, v: Vertex) -> i32 {
        self.free_colours(v).count_ones() as i32 - self.slots[v as usize].row.count_ones() as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::colouring::{parse_graph, ColouringGame, Rules as Game};
    use crate::games::Rules;

    /// `secured` as its doc states it: the unsafe vertices' free colours
    /// sorted, the `j`-th at least `2j - 1` (`2j` if player 2 moves).
    fn secured_as_stated(p: &ColourPosition, to_move: Player) -> bool {
        let mut free: Vec<u32> = members(p.uncoloured)
            .filter(|&v| p.slack(v) <= 0)
            .map(|v| p.free_colours(v).count_ones())
            .collect();
        free.sort_unstable();
        let head = u32::from(to_move == Player::Second);
        (1..).zip(&free).all(|(j, &f)| f >= 2 * j - 1 + head)
    }

    /// Random games on small grids and tori: the counting `secured` agrees
    /// with the sorted list at every position, for either mover, and both
    /// answers occur (so a constant would fail).
    #[test]
    fn secured_counts_as_the_sorted_list_says() {
        let mut seen = [0; 2];
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for name in ["grid:3x4", "grid:4x4", "torus:3x3", "torus:4x4"] {
            for k in 2..=5 {
                let game = ColouringGame::new(parse_graph(name).unwrap(), k, Game::Ccg, None, None).unwrap();
                for _ in 0..200 {
                    let mut p = game.start();
                    loop {
                        for to_move in [Player::First, Player::Second] {
                            let stated = secured_as_stated(&p, to_move);
                            assert_eq!(p.secured(to_move), stated, "{name} k={k} {p:?}");
                            seen[usize::from(stated)] += 1;
                        }
                        let moves = game.moves(&p);
                        if moves.is_empty() {
                            break;
                        }
                        state = state
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        p = game.play(&p, &moves[(state >> 33) as usize % moves.len()]);
                    }
                }
            }
        }
        assert!(seen[0] > 1000 && seen[1] > 1000, "{seen:?}");
    }
}
