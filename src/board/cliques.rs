//! Cliques, threats and double threats of one player in a position: the
//! queries the search and the strategies ask for almost every move.

use super::{first_n, members, Edge, Player, Position, Vertex, VertexSet};

/// Whether `within` contains a clique of `size` vertices in the graph whose
/// neighbourhoods `neighbours` gives (any graph stored as vertex bitsets).
pub fn clique_within(neighbours: &impl Fn(Vertex) -> VertexSet, within: VertexSet, size: usize) -> bool {
    if size == 0 {
        return true;
    }
    if (within.count_ones() as usize) < size {
        return false;
    }
    let mut rest = within;
    while rest != 0 {
        let v = rest.trailing_zeros() as Vertex;
        rest &= rest - 1;
        if clique_within(neighbours, rest & neighbours(v), size - 1) {
            return true;
        }
    }
    false
}

impl Position {
    /// Whether `within` contains a clique of `size` vertices in `player`'s graph.
    pub fn has_clique_in(&self, player: Player, within: VertexSet, size: usize) -> bool {
        clique_within(&|v| self.neighbours(player, v), within, size)
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
        let after = self.with(e, player).expect("a free edge");
        let (a, b) = e.ends();
        let mut double = false;
        after.each_threat_meeting(player, k, Some(1u128 << a | 1u128 << b), &mut |m| {
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
        self.each_threat_meeting(player, k, None, f);
    }

    /// [`Position::each_threat`], or with `near` only the threats whose
    /// `K_{k-2}` contains a vertex of `near` (`k >= 3`; a threat may then
    /// come once per such vertex).
    fn each_threat_meeting(&self, player: Player, k: usize, near: Option<VertexSet>, f: &mut impl FnMut(Edge) -> bool) {
        let need = k.saturating_sub(2);
        let mut pairs = |common: VertexSet| {
            for u in members(common) {
                let claimed = self.neighbours(Player::First, u) | self.neighbours(Player::Second, u);
                for v in members(common & !first_n(u as usize + 1) & !claimed) {
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
            let (mut clique_vertices, mut ends) = (0, 0);
            for v in members(self.touched()) {
                let degree = self.neighbours(player, v).count_ones() as usize;
                if degree > need {
                    clique_vertices |= 1u128 << v;
                }
                if degree >= need {
                    ends |= 1u128 << v;
                }
            }
            self.each_clique_common(player, clique_vertices, ends, need, &mut pairs);
            return;
        };
        // The K_{k-2}s through `v`: `v` and a K_{k-3} among its neighbours
        // (few, so no degree filter first).
        for v in members(near) {
            let mine = self.neighbours(player, v);
            if !self.each_clique_common(player, mine, mine, need - 1, &mut pairs) {
                return;
            }
        }
    }

    /// Calls `f` with the common neighbourhood (within `common`) of every
    /// clique of `size` vertices of `player` drawn from `candidates`, until
    /// it returns false; returns false if it did.
    fn each_clique_common(
        &self,
        player: Player,
        candidates: VertexSet,
        common: VertexSet,
        size: usize,
        f: &mut impl FnMut(VertexSet) -> bool,
    ) -> bool {
        if size == 0 {
            return common.count_ones() < 2 || f(common);
        }
        for v in members(candidates) {
            let mine = self.neighbours(player, v);
            let later = candidates & !first_n(v as usize + 1);
            if !self.each_clique_common(player, later & mine, common & mine, size - 1, f) {
                return false;
            }
        }
        true
    }
}
