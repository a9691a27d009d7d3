//! The modified K3 building strategy (Section 4, before Lemma 4.2): she
//! builds a red triangle on a 5-set `P` whose vertices are all joined in red
//! to a hub, so the triangle and the hub make her K4. Stage 4 plays it on
//! `P = {p0..p4}` with hub `m`; Stage 6 rule (c) plays it with hub `c`.
//!
//! Which of her edges in `P` she is about to play is read off the board
//! (how many red edges lie in `P`). Interpretations of the text:
//! - 1st edge, "two vertices of P that have smallest possible S-degree":
//!   the free pair with the smallest sum of S-degrees, then the smallest
//!   larger S-degree, then labels;
//! - 2nd edge, every "vertex ... with smallest possible S-degree" breaks
//!   ties by label, the vertex of `f` included; "fresh in G\[P\]" means no
//!   claimed edge inside `P`; in the last case "neighbouring as many
//!   vertices of l, r as possible in the coloured subgraph" counts claimed
//!   edges of either colour to `l` and `r` (Stage 6 has no `l, r`: it passes
//!   `a, b`, the other two vertices of the triangle at its hub);
//! - 3rd edge: closing `u w` is a K4 with the hub, which the standing
//!   assumption plays; otherwise the first edge of `P` (label order) that
//!   gives her two threats, which is the text's `x v` (see
//!   `double_threat`); the 4th edge again closes a triangle.

use super::{facts, slot};
use crate::board::{Edge, Player, Position, Vertex};
use crate::strategy::{Memory, StrategyError, View};

/// Stage 4: the modified K3 building strategy on `p0..p4` with `l, r`.
pub fn stage4(view: &View, memory: &Memory) -> Result<Edge, StrategyError> {
    let mut p = [0; 5];
    for (i, v) in p.iter_mut().enumerate() {
        *v = memory.require(slot::p(i), "p_i")?;
    }
    let lr = [memory.require(slot::L, "l")?, memory.require(slot::R, "r")?];
    move_on(view.position, view.last_reply, p, lr)
}

fn no_rule(what: &str) -> StrategyError {
    StrategyError::RuleDoesNotApply(format!("modified K3 building strategy: {what}"))
}

/// Her next edge of the modified K3 building strategy on `p`.
pub fn move_on(
    position: &Position,
    last: Option<Edge>,
    p: [Vertex; 5],
    lr: [Vertex; 2],
) -> Result<Edge, StrategyError> {
    let inside: Vec<Edge> = pairs(p).filter(|&e| position.owner(e) == Some(Player::First)).collect();
    match inside.len() {
        0 => first_edge(position, p),
        1 => second_edge(position, last, p, lr, inside[0]),
        _ => double_threat(position, p).ok_or_else(|| no_rule("no edge of P gives her two threats")),
    }
}

/// The ten pairs of `p`, in label order.
fn pairs(p: [Vertex; 5]) -> impl Iterator<Item = Edge> {
    (0..5).flat_map(move |i| ((i + 1)..5).map(move |j| Edge::new(p[i], p[j])))
}

fn first_edge(position: &Position, p: [Vertex; 5]) -> Result<Edge, StrategyError> {
    let s = |v| position.s_degree(v);
    let free = sorted(pairs(p).filter(|&e| position.is_free(e)));
    facts::min_by_key(free, |e| {
        let (x, y) = e.ends();
        (s(x) + s(y), s(x).max(s(y)), e)
    })
    .ok_or_else(|| no_rule("no free edge in P"))
}

fn sorted(edges: impl Iterator<Item = Edge>) -> Vec<Edge> {
    let mut v: Vec<Edge> = edges.collect();
    v.sort_unstable();
    v
}

/// Whether `v` has no claimed edge inside `p`.
fn fresh_in(position: &Position, p: [Vertex; 5], v: Vertex) -> bool {
    p.iter().all(|&w| w == v || position.is_free(Edge::new(v, w)))
}

fn second_edge(
    position: &Position,
    last: Option<Edge>,
    p: [Vertex; 5],
    lr: [Vertex; 2],
    f: Edge,
) -> Result<Edge, StrategyError> {
    let s = |v| position.s_degree(v);
    let (f1, f2) = f.ends();
    let rest: Vec<Vertex> = sorted_vertices(p.iter().copied().filter(|&v| !f.touches(v)));
    let best = |xs: &[Vertex], ys: &[Vertex], key: &dyn Fn(Vertex, Vertex) -> (u32, u32, u32)| {
        let candidates = xs.iter().flat_map(|&x| ys.iter().map(move |&y| (x, y)));
        let free = candidates.filter(|&(x, y)| position.is_free(Edge::new(x, y)));
        facts::min_by_key(free, |(x, y)| (key(x, y), x, y)).map(|(x, y)| Edge::new(x, y))
    };
    let in_p = |v: Vertex| p.contains(&v);
    let chosen = match last {
        Some(h) if h.meets(f) => {
            let x = if h.touches(f1) { f1 } else { f2 };
            let ys: Vec<Vertex> = rest.iter().copied().filter(|&y| fresh_in(position, p, y)).collect();
            best(&[x], &ys, &|_, y| (s(y), 0, 0))
        }
        Some(h) if in_p(h.ends().0) && in_p(h.ends().1) => {
            let (h1, h2) = h.ends();
            best(&[f1, f2], &[h1, h2], &|x, y| (s(x), s(y), 0))
        }
        _ if rest.iter().any(|&v| s(v) != s(rest[0])) => {
            let ys: Vec<Vertex> = rest
                .iter()
                .copied()
                .filter(|&y| last.is_none_or(|h| !h.touches(y)))
                .collect();
            best(&[f1, f2], &ys, &|x, y| (s(y), s(x), 0))
        }
        _ => {
            // `r` may itself be a `p_i` (Stage 5 hands over with `r = p_i`):
            // a vertex does not neighbour itself.
            let near = |y: Vertex| {
                let claimed = |&&z: &&Vertex| z != y && !position.is_free(Edge::new(y, z));
                lr.iter().filter(claimed).count() as u32
            };
            best(&[f1, f2], &rest, &|x, y| (2 - near(y), s(x), 0))
        }
    };
    chosen.ok_or_else(|| no_rule("no second edge"))
}

fn sorted_vertices(vs: impl Iterator<Item = Vertex>) -> Vec<Vertex> {
    let mut v: Vec<Vertex> = vs.collect();
    v.sort_unstable();
    v
}

/// The first edge of `p` (label order) after which she has two threats.
///
/// Her third edge in the text, `x v` with `x v, x u, x w` unclaimed for the
/// path `u v w`, is exactly such an edge (threats on `x u` and `x w`, since
/// every vertex of `P` is joined to the hub). Stated this way the rule also
/// covers boards where answers to his threats put more red edges into `P`,
/// a case the text does not cover.
fn double_threat(position: &Position, p: [Vertex; 5]) -> Option<Edge> {
    pairs(p).filter(|&e| position.is_free(e)).find(|&e| {
        let after = position.with(e, Player::First).expect("free edge");
        after.has_double_threat(Player::First, 4)
    })
}
