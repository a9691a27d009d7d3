//! Cliques, threats and double threats of one player in a position: the
//! queries the search and the strategies ask for almost every move.

use super::{members, Edge, Player, Position, Vertex, VertexSet};
use std::ops::{BitAnd, BitOr, Not};

/// Whether `within` contains a clique of `size` vertices in the graph whose
/// neighbourhoods `neighbours` gives (any graph stored as vertex bitsets).
pub fn clique_within(neighbours: &impl Fn(Vertex) -> VertexSet, within: VertexSet, size: usize) -> bool {
    clique_among(neighbours, within, size)
}

/// [`clique_within`] on words of type `W` (one word for positions within
/// vertices `0..64`: [`Position::has_clique_in`]).
fn clique_among<W: Word>(neighbours: &impl Fn(Vertex) -> W, within: W, size: usize) -> bool {
    if size == 0 {
        return true;
    }
    if (within.count() as usize) < size {
        return false;
    }
    let mut rest = within;
    while let Some((v, later)) = rest.pop() {
        rest = later;
        if clique_among(neighbours, rest & neighbours(v), size - 1) {
            return true;
        }
    }
    false
}

impl Position {
    /// Whether `within` contains a clique of `size` vertices in `player`'s graph.
    pub fn has_clique_in(&self, player: Player, within: VertexSet, size: usize) -> bool {
        match (self.touched() | within) >> 64 {
            0 => clique_among(&|v| self.neighbours(player, v) as u64, within as u64, size),
            _ => clique_within(&|v| self.neighbours(player, v), within, size),
        }
    }

    /// Whether `player` owns a complete graph on `k` vertices.
    pub fn has_clique(&self, player: Player, k: usize) -> bool {
        self.has_clique_in(player, self.touched(), k)
    }

    /// Whether `e`, if `player` owned it, would lie in a `K_k` of `player`.
    pub fn completes_clique(&self, player: Player, e: Edge, k: usize) -> bool {
        let (u, v) = e.ends();
        let common = self.neighbours(player, u) & self.neighbours(player, v);
        k >= 2 && self.has_clique_in(player, common, k - 2)
    }

    /// Unclaimed edges that would complete a `K_k` for `player`: the missing
    /// edges of `player`'s threats (a `K_k` minus one unclaimed edge), in
    /// increasing order.
    ///
    /// Only edges between touched vertices can qualify for `k >= 3`, since
    /// both ends need a common neighbour.
    pub fn threats(&self, player: Player, k: usize) -> Vec<Edge> {
        let mut out = Vec::new();
        self.each_threat(player, k, &mut |e| {
            out.push(e);
            true
        });
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The smallest missing edge of a threat of `player` ([`Position::threats`]'s
    /// first), without collecting them all.
    pub fn first_threat(&self, player: Player, k: usize) -> Option<Edge> {
        let mut first: Option<Edge> = None;
        self.each_threat(player, k, &mut |e| {
            first = Some(first.map_or(e, |f| f.min(e)));
            true
        });
        first
    }

    /// Whether `player` has at least two threats with different missing
    /// edges, so the opponent cannot block both with one move.
    pub fn has_double_threat(&self, player: Player, k: usize) -> bool {
        let mut first = None;
        let mut double = false;
        self.each_threat(player, k, &mut |e| {
            double = first.is_some_and(|f| f != e);
            first = first.or(Some(e));
            !double
        });
        double
    }

    /// Whether `player` has a double threat once the free edge `e` is
    /// theirs (`k >= 3`), given `threats`, their threats now
    /// ([`Position::threats`]): for a caller that tries several edges. A
    /// threat after `e` is one of `threats` other than `e`, or has `e` among
    /// its edges (its missing edge is free, so not `e`), so an end of `e` is
    /// in its `K_{k-2}`: only those are looked for.
    pub fn double_threat_with(&self, e: Edge, player: Player, k: usize, threats: &[Edge]) -> bool {
        debug_assert!(k >= 3, "a K_2 has no K_(k-2) to contain an end of e");
        let mut first = threats.iter().copied().find(|&m| m != e);
        if threats.iter().any(|&m| m != e && Some(m) != first) {
            return true;
        }
        let (a, b) = e.ends();
        let mut double = false;
        // The position after `e`, walked without building it.
        self.each_threat_meeting((player, Some(e)), k, Some(1u128 << a | 1u128 << b), &mut |m| {
            double = first.is_some_and(|f| f != m);
            first = first.or(Some(m));
            !double
        });
        double
    }

    /// Calls `f` with the missing edge of every threat of `player` (an edge
    /// may come more than once) until it returns false. A threat's missing
    /// edge `uv` is a free pair in the common neighbourhood of a `K_{k-2}`,
    /// so this walks the `K_{k-2}`s of `player`'s graph (this query runs for
    /// most moves of the search; pairs of candidate vertices cost more).
    fn each_threat(&self, player: Player, k: usize, f: &mut impl FnMut(Edge) -> bool) {
        self.each_threat_meeting((player, None), k, None, f);
    }

    /// [`Position::each_threat`], or with `near` only the threats whose
    /// `K_{k-2}` contains a vertex of `near` (`k >= 3`; a threat may then
    /// come once per such vertex). On one word where the touched vertices
    /// fit it (the search's positions): this query is a large share of a
    /// certification, and 128-bit operations cost several word ones.
    /// With an `added` edge, the threats of the position with that free
    /// edge given to `player`.
    fn each_threat_meeting(
        &self,
        (player, added): (Player, Option<Edge>),
        k: usize,
        near: Option<VertexSet>,
        f: &mut impl FnMut(Edge) -> bool,
    ) {
        let ends = added.map_or(0, |e| 1u128 << e.ends().0 | 1u128 << e.ends().1);
        match (self.touched() | ends) >> 64 {
            0 => Walk::<u64>::new(self, player, added).threats(k, near, f),
            _ => Walk::<VertexSet>::new(self, player, added).threats(k, near, f),
        }
    }
}

/// A vertex set as a machine word: `u64` for positions within vertices
/// `0..64`, [`VertexSet`] otherwise.
trait Word: Copy + Eq + BitAnd<Output = Self> + BitOr<Output = Self> + Not<Output = Self> {
    const ZERO: Self;
    /// The set's low part (the caller knows nothing lies above it).
    fn of(set: VertexSet) -> Self;
    fn bit(v: Vertex) -> Self;
    fn count(self) -> u32;
    /// The smallest member, and the set without it.
    fn pop(self) -> Option<(Vertex, Self)>;
    /// The vertices above `v`.
    fn above(v: Vertex) -> Self;
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const ZERO: Self = 0;
            fn of(set: VertexSet) -> Self {
                set as $t
            }
            fn bit(v: Vertex) -> Self {
                1 << v
            }
            fn count(self) -> u32 {
                self.count_ones()
            }
            fn pop(self) -> Option<(Vertex, Self)> {
                (self != 0).then(|| (self.trailing_zeros() as Vertex, self & (self - 1)))
            }
            fn above(v: Vertex) -> Self {
                (!0 as $t).checked_shl(u32::from(v) + 1).unwrap_or(0)
            }
        }
    };
}
word!(u64);
word!(u128);

/// Iterates the members of a word in increasing order.
fn each<W: Word>(mut set: W) -> impl Iterator<Item = Vertex> {
    std::iter::from_fn(move || {
        let (v, rest) = set.pop()?;
        set = rest;
        Some(v)
    })
}

/// One player's graph of a position, walked on words of type `W`.
struct Walk<'a, W> {
    position: &'a Position,
    player: Player,
    /// A free edge taken as the player's.
    added: Option<Edge>,
    _word: std::marker::PhantomData<W>,
}

impl<'a, W: Word> Walk<'a, W> {
    fn new(position: &'a Position, player: Player, added: Option<Edge>) -> Self {
        Walk {
            position,
            player,
            added,
            _word: std::marker::PhantomData,
        }
    }

    /// The other end of the added edge, if `v` is an end of it.
    fn added_at(&self, v: Vertex) -> VertexSet {
        match self.added.map(|e| e.ends()) {
            Some((a, b)) if v == a => 1 << b,
            Some((a, b)) if v == b => 1 << a,
            _ => 0,
        }
    }

    fn mine(&self, v: Vertex) -> W {
        W::of(self.position.neighbours(self.player, v) | self.added_at(v))
    }

    /// The vertices some edge (or the added one) touches.
    fn touched(&self) -> W {
        let ends = self.added.map_or(0, |e| 1 << e.ends().0 | 1 << e.ends().1);
        W::of(self.position.touched() | ends)
    }

    fn threats(&self, k: usize, near: Option<VertexSet>, f: &mut impl FnMut(Edge) -> bool) {
        let need = k.saturating_sub(2);
        let position = self.position;
        let mut pairs = |common: W| {
            for u in each(common) {
                let claimed = position.neighbours(Player::First, u) | position.neighbours(Player::Second, u);
                let claimed = W::of(claimed | self.added_at(u));
                for v in each(common & W::above(u) & !claimed) {
                    if !f(Edge::new(u, v)) {
                        return false;
                    }
                }
            }
            true
        };
        let Some(near) = near else {
            // A vertex of the K_{k-2} has degree k - 1 or more (the rest of
            // the clique and both ends), an end degree k - 2 or more.
            let (mut clique_vertices, mut ends) = (W::ZERO, W::ZERO);
            for v in each(self.touched()) {
                let degree = self.mine(v).count() as usize;
                if degree > need {
                    clique_vertices = clique_vertices | W::bit(v);
                }
                if degree >= need {
                    ends = ends | W::bit(v);
                }
            }
            self.clique_common(clique_vertices, ends, need, &mut pairs);
            return;
        };
        // The K_{k-2}s through `v`: `v` and a K_{k-3} among its neighbours
        // (few, so no degree filter first).
        for v in members(near) {
            let mine = self.mine(v);
            if !self.clique_common(mine, mine, need - 1, &mut pairs) {
                return;
            }
        }
    }

    /// Calls `f` with the common neighbourhood (within `common`) of every
    /// clique of `size` vertices drawn from `candidates`, until it returns
    /// false; returns false if it did.
    fn clique_common(&self, candidates: W, common: W, size: usize, f: &mut impl FnMut(W) -> bool) -> bool {
        if size == 0 {
            return common.count() < 2 || f(common);
        }
        for v in each(candidates) {
            let mine = self.mine(v);
            if !self.clique_common(candidates & W::above(v) & mine, common & mine, size - 1, f) {
                return false;
            }
        }
        true
    }
}
