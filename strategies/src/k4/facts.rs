//! Facts about a position that several stages ask: red triangles, red
//! `K4^-` (the paper's `K^4_-`, Section 2), blue triangles, and the
//! label-order tie-break every rule falls back on.
//!
//! Ties are broken by the smallest canonical label. The engine always
//! passes canonical positions, so this is an isomorphism-invariant choice.

use ramsey_verify_lib::core::board::{members, Edge, Player, Position, Vertex};

/// Red triangles `[x, y, z]` with `x < y < z`, in label order.
pub fn red_triangles(position: &Position) -> Vec<[Vertex; 3]> {
    triangles(position, Player::First)
}

/// `player`'s triangles `[x, y, z]` with `x < y < z`, in label order.
pub fn triangles(position: &Position, player: Player) -> Vec<[Vertex; 3]> {
    let mut out = Vec::new();
    for x in members(position.touched()) {
        let nx = position.neighbours(player, x);
        for y in members(nx).filter(|&y| y > x) {
            let common = nx & position.neighbours(player, y);
            out.extend(members(common).filter(|&z| z > y).map(|z| [x, y, z]));
        }
    }
    out
}

/// Whether `v` lies in a blue triangle.
pub fn in_blue_triangle(position: &Position, v: Vertex) -> bool {
    let nv = position.neighbours(Player::Second, v);
    members(nv).any(|w| position.neighbours(Player::Second, w) & nv != 0)
}

/// Red edges among the four vertices.
fn red_count(position: &Position, four: [Vertex; 4]) -> usize {
    let mut count = 0;
    for i in 0..4 {
        for j in (i + 1)..4 {
            count += usize::from(position.owner(Edge::new(four[i], four[j])) == Some(Player::First));
        }
    }
    count
}

/// Free edges whose claim gives her a red `K4^-` (four vertices, five red
/// edges; the sixth edge may be free or blue), with that 4-set, in label
/// order of the edge and then of the 4-set.
pub fn k4_minus_moves(position: &Position) -> Vec<(Edge, [Vertex; 4])> {
    let touched: Vec<Vertex> = members(position.touched()).collect();
    let mut out = Vec::new();
    for (i, &u) in touched.iter().enumerate() {
        for &v in &touched[i + 1..] {
            let e = Edge::new(u, v);
            if !position.is_free(e) {
                continue;
            }
            let after = position.with(e, Player::First).expect("free edge");
            let others: Vec<Vertex> = touched.iter().copied().filter(|&w| w != u && w != v).collect();
            for (j, &x) in others.iter().enumerate() {
                for &y in &others[j + 1..] {
                    let mut four = [u, v, x, y];
                    if red_count(&after, four) == 5 {
                        four.sort_unstable();
                        out.push((e, four));
                    }
                }
            }
        }
    }
    out
}

/// The one edge of a 4-set that is not red.
pub fn non_red_edge(position: &Position, four: [Vertex; 4]) -> Option<Edge> {
    let mut missing = None;
    for i in 0..4 {
        for j in (i + 1)..4 {
            let e = Edge::new(four[i], four[j]);
            if position.owner(e) != Some(Player::First) {
                if missing.is_some() {
                    return None;
                }
                missing = Some(e);
            }
        }
    }
    missing
}

/// The element minimising `key`, ties to the smallest label (the first in
/// iteration order, as callers iterate in label order).
pub fn min_by_key<T: Copy, K: Ord>(items: impl IntoIterator<Item = T>, key: impl Fn(T) -> K) -> Option<T> {
    let mut best: Option<(K, T)> = None;
    for item in items {
        let k = key(item);
        if best.as_ref().is_none_or(|(b, _)| k < *b) {
            best = Some((k, item));
        }
    }
    best.map(|(_, item)| item)
}

/// Every element minimising `key`, in iteration order: the candidates a
/// rule such as "a vertex with smallest S-degree" leaves open when it does
/// not name one (its first element is [`min_by_key`]'s pick).
pub fn all_min_by_key<T: Copy, K: Ord>(items: impl IntoIterator<Item = T>, key: impl Fn(T) -> K) -> Vec<T> {
    let mut best: Option<K> = None;
    let mut out = Vec::new();
    for item in items {
        let k = key(item);
        match best.as_ref().map(|b| k.cmp(b)) {
            Some(std::cmp::Ordering::Greater) => continue,
            Some(std::cmp::Ordering::Equal) => out.push(item),
            _ => {
                best = Some(k);
                out = vec![item];
            }
        }
    }
    out
}
