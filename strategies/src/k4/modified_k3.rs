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

use super::slot;
use ramsey_verify_lib::core::board::{Edge, Player, Position, Vertex};
use ramsey_verify_lib::core::memory::Memory;
use ramsey_verify_lib::verify::strategy::{StrategyError, View};

/// Stage 4: the modified K3 building strategy on `p0..p4` with `l, r`.
pub fn stage4(view: &View, memory: &Memory) -> Result<Edge, StrategyError> {
    Ok(stage4_options(view, memory)?[0])
}

/// Every Stage 4 edge the text allows, `k4`'s ([`stage4`]) first.
pub fn stage4_options(view: &View, memory: &Memory) -> Result<Vec<Edge>, StrategyError> {
    let mut p = [0; 5];
    for (i, v) in p.iter_mut().enumerate() {
        *v = memory.require(slot::p(i), "p_i")?;
    }
    let lr = [memory.require(slot::L, "l")?, memory.require(slot::R, "r")?];
    move_options(view.position, view.last_reply, p, lr, true)
}

fn no_rule(what: &str) -> StrategyError {
    StrategyError::RuleDoesNotApply(format!("modified K3 building strategy: {what}"))
}

/// Her next edge of the modified K3 building strategy on `p`: the first of
/// [`move_options`].
pub fn move_on(
    position: &Position,
    last: Option<Edge>,
    p: [Vertex; 5],
    lr: [Vertex; 2],
) -> Result<Edge, StrategyError> {
    Ok(move_options(position, last, p, lr, true)?[0])
}

/// Every next edge of the modified K3 building strategy on `p` that the
/// text allows (never empty), ordered by `k4`'s tie-breaks (module docs),
/// so the first is `k4`'s edge.
///
/// Open choices (Section 4, the modified K3 building strategy):
/// - 1st edge, "incident with two vertices of P that have smallest possible
///   S-degree": both vertices cannot always have the smallest S-degree at
///   once; every free pair whose S-degrees no other free pair beats in both
///   (Pareto-minimal) is a reading (it covers "smallest sum", `k4`'s, and
///   "the smallest, then the next smallest");
/// - 2nd edge, case 1 ("a vertex of P that is fresh in G\[P\] with the
///   smallest possible S-degree"): every such vertex;
/// - case 2 ("a vertex of f with smallest possible S-degree and a vertex of
///   the second player's edge with smallest possible S-degree"): the
///   Pareto-minimal free pairs, as for the 1st edge;
/// - case 3 ("a vertex of f and a vertex of P \ f of minimum S-degree that
///   is not incident with the second player's previous edge"): any vertex
///   of `f`, every such vertex of `P \ f`;
/// - case 4 ("a vertex of f and a vertex of P \ f that is also
///   neighbouring as many vertices of l, r as possible"): any vertex of
///   `f`, every such vertex. With `lr_counts` false (Stage 6, which names
///   no `l, r`: interpretation) the last condition is void: every pair, in
///   the order `k4` gets with `lr` (Stage 6 passes `a, b`).
/// - 3rd edge, "the first player claims xv for such a vertex x": every
///   such `x v`, i.e. every edge of `P` after which she has two threats
///   (the same set; see `double_threats`).
pub fn move_options(
    position: &Position,
    last: Option<Edge>,
    p: [Vertex; 5],
    lr: [Vertex; 2],
    lr_counts: bool,
) -> Result<Vec<Edge>, StrategyError> {
    let inside: Vec<Edge> = pairs(p).filter(|&e| position.owner(e) == Some(Player::First)).collect();
    let options = match inside.len() {
        0 => first_edge(position, p),
        1 => second_edge(position, last, p, (lr, lr_counts), inside[0]),
        _ => double_threats(position, p),
    };
    match (options.is_empty(), inside.len()) {
        (false, _) => Ok(options),
        (true, 0) => Err(no_rule("no free edge in P")),
        (true, 1) => Err(no_rule("no second edge")),
        _ => Err(no_rule("no edge of P gives her two threats")),
    }
}

/// The ten pairs of `p`, in label order.
fn pairs(p: [Vertex; 5]) -> impl Iterator<Item = Edge> {
    (0..5).flat_map(move |i| ((i + 1)..5).map(move |j| Edge::new(p[i], p[j])))
}

/// The candidates whose `reading` key is minimal (or, with `pareto`, not
/// beaten in both coordinates by another candidate), sorted by `order`
/// (`k4`'s full tie-break key, labels last).
fn admissible<T: Copy, O: Ord>(
    candidates: Vec<T>,
    reading: impl Fn(T) -> (u32, u32),
    pareto: bool,
    order: impl Fn(T) -> O,
) -> Vec<T> {
    let keys: Vec<(u32, u32)> = candidates.iter().map(|&c| reading(c)).collect();
    let beaten = |k: (u32, u32)| {
        keys.iter().any(|&o| match pareto {
            true => o.0 <= k.0 && o.1 <= k.1 && o != k,
            false => o < k,
        })
    };
    let mut out: Vec<T> = candidates
        .into_iter()
        .zip(&keys)
        .filter(|&(_, &k)| !beaten(k))
        .map(|(c, _)| c)
        .collect();
    out.sort_by_key(|&c| order(c));
    out
}

fn first_edge(position: &Position, p: [Vertex; 5]) -> Vec<Edge> {
    let s = |v| position.s_degree(v);
    let free: Vec<Edge> = pairs(p).filter(|&e| position.is_free(e)).collect();
    let low_high = |e: Edge| {
        let (x, y) = e.ends();
        (s(x).min(s(y)), s(x).max(s(y)))
    };
    admissible(free, low_high, true, |e| {
        let (lo, hi) = low_high(e);
        (lo + hi, hi, e)
    })
}

/// Whether `v` has no claimed edge inside `p`.
fn fresh_in(position: &Position, p: [Vertex; 5], v: Vertex) -> bool {
    p.iter().all(|&w| w == v || position.is_free(Edge::new(v, w)))
}

fn second_edge(
    position: &Position,
    last: Option<Edge>,
    p: [Vertex; 5],
    (lr, lr_counts): ([Vertex; 2], bool),
    f: Edge,
) -> Vec<Edge> {
    let s = |v| position.s_degree(v);
    let (f1, f2) = f.ends();
    let rest: Vec<Vertex> = sorted_vertices(p.iter().copied().filter(|&v| !f.touches(v)));
    // The free pairs x y (x from xs, y from ys) the reading key (`pareto`:
    // every Pareto-minimal one) leaves, sorted by `k4`'s key and the labels.
    let best = |xs: &[Vertex],
                ys: &[Vertex],
                reading: &dyn Fn(Vertex, Vertex) -> (u32, u32),
                pareto: bool,
                key: &dyn Fn(Vertex, Vertex) -> (u32, u32, u32)| {
        let candidates = xs.iter().flat_map(|&x| ys.iter().map(move |&y| (x, y)));
        let free: Vec<(Vertex, Vertex)> = candidates.filter(|&(x, y)| position.is_free(Edge::new(x, y))).collect();
        let chosen = admissible(free, |(x, y)| reading(x, y), pareto, |(x, y)| (key(x, y), x, y));
        chosen.into_iter().map(|(x, y)| Edge::new(x, y)).collect::<Vec<_>>()
    };
    let in_p = |v: Vertex| p.contains(&v);
    match last {
        Some(h) if h.meets(f) => {
            let x = if h.touches(f1) { f1 } else { f2 };
            let ys: Vec<Vertex> = rest.iter().copied().filter(|&y| fresh_in(position, p, y)).collect();
            best(&[x], &ys, &|_, y| (s(y), 0), false, &|_, y| (s(y), 0, 0))
        }
        Some(h) if in_p(h.ends().0) && in_p(h.ends().1) => {
            let (h1, h2) = h.ends();
            best(&[f1, f2], &[h1, h2], &|x, y| (s(x), s(y)), true, &|x, y| {
                (s(x), s(y), 0)
            })
        }
        _ if rest.iter().any(|&v| s(v) != s(rest[0])) => {
            let ys: Vec<Vertex> = rest
                .iter()
                .copied()
                .filter(|&y| last.is_none_or(|h| !h.touches(y)))
                .collect();
            best(&[f1, f2], &ys, &|_, y| (s(y), 0), false, &|x, y| (s(y), s(x), 0))
        }
        _ => {
            // `r` may itself be a `p_i` (Stage 5 hands over with `r = p_i`):
            // a vertex does not neighbour itself.
            let near = |y: Vertex| {
                let claimed = |&&z: &&Vertex| z != y && !position.is_free(Edge::new(y, z));
                lr.iter().filter(claimed).count() as u32
            };
            let reading = |y| if lr_counts { 2 - near(y) } else { 0 };
            best(&[f1, f2], &rest, &|_, y| (reading(y), 0), false, &|x, y| {
                (2 - near(y), s(x), 0)
            })
        }
    }
}

fn sorted_vertices(vs: impl Iterator<Item = Vertex>) -> Vec<Vertex> {
    let mut v: Vec<Vertex> = vs.collect();
    v.sort_unstable();
    v
}

/// The edges of `p` (label order) after which she has two threats.
///
/// Her third edge in the text, `x v` with `x v, x u, x w` unclaimed for the
/// path `u v w`, is exactly such an edge (threats on `x u` and `x w`, since
/// every vertex of `P` is joined to the hub), and on the text's board these
/// are all of them (`x u` makes one threat, `u w` is a K4 the standing
/// assumption plays). Stated this way the rule also covers boards where
/// answers to his threats put more red edges into `P`, a case the text
/// does not cover (`k4` plays the first).
fn double_threats(position: &Position, p: [Vertex; 5]) -> Vec<Edge> {
    let threats = position.threats(Player::First, 4);
    pairs(p)
        .filter(|&e| position.is_free(e))
        .filter(|&e| position.double_threat_with(e, Player::First, 4, &threats))
        .collect()
}
