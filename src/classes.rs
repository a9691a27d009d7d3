//! Failure classes: every position after round `R` (her `R` moves and his
//! `R` moves played, her turn) that the strategy can reach, up to
//! isomorphism of the bare position, from which the second player beats the
//! strategy (the search value is a failure). This is how the missing
//! figures of a paper are derived: the positions where a regular strategy
//! loses are the positions where the paper's strategy must divert.
//!
//! A class is listed once, with the first line (in the search's reply
//! order) that reaches it; a bare position reached with several memories is
//! listed if the strategy fails from any of them.

use crate::board::{members, Edge, Player, Position, Vertex};
use crate::canon::{canonical_form, Canonical, Key};
use crate::orbits::edge_orbit_representatives;
use crate::search::{FailKind, Search, Value};
use std::collections::HashSet;

/// One failure class.
#[derive(Clone, Debug)]
pub struct FailureClass {
    /// The position after his `R`-th move, touched vertices numbered `0..t`.
    pub position: Position,
    /// The moves that reached it, in play order (red, blue, red, ...).
    pub line: Vec<Edge>,
    pub kind: FailKind,
    /// His moves after round `R` in the counterexample the search found.
    pub his_moves: u32,
}

/// A position with him to move, and a line reaching it (in its labels).
struct Node {
    canon: Canonical,
    line: Vec<Edge>,
}

/// All failure classes after round `round` (at least 1). With `phase`,
/// only positions where the strategy is in that phase before his
/// `round`-th move count (e.g. the phase where it would switch). `progress`
/// is called after each such position is classified, with the number done
/// and the total.
pub fn failure_classes(
    search: &Search,
    round: u32,
    phase: Option<&str>,
    progress: &dyn Fn(usize, usize),
) -> Result<Vec<FailureClass>, String> {
    let (position, memory, first) = search
        .opening()
        .map_err(|e| format!("the strategy has no first move: {e:?}"))?;
    let canon = canonical_form(&position, &memory, None);
    let line = vec![first.map(|v| canon.to_canon.apply(v))];
    let mut level = vec![Node { canon, line }];
    for _ in 1..round {
        level = next_level(search, &level);
    }
    if let Some(phase) = phase {
        level.retain(|node| search.strategy.phase(&node.canon.memory) == phase);
    }
    let mut seen = HashSet::new();
    let mut classes = Vec::new();
    for (done, node) in level.iter().enumerate() {
        for his in edge_orbit_representatives(&node.canon) {
            if let Some(class) = classify(search, node, his, &mut seen) {
                classes.push(class);
            }
        }
        progress(done + 1, level.len());
    }
    Ok(classes)
}

/// The nodes one round later (his move and her answer), games that ended
/// left out, each class once.
fn next_level(search: &Search, level: &[Node]) -> Vec<Node> {
    let mut seen: HashSet<Key> = HashSet::new();
    let mut out = Vec::new();
    for node in level {
        for his in edge_orbit_representatives(&node.canon) {
            let x = search.exchange(&node.canon.position, &node.canon.memory, his);
            let (None, Some(her)) = (&x.ending, x.her) else {
                continue;
            };
            let child = canonical_form(&x.position, &x.memory, None);
            if seen.insert(child.key.clone()) {
                let mut line = node.line.clone();
                line.extend([his, her]);
                let line = line.iter().map(|e| e.map(|v| child.to_canon.apply(v))).collect();
                out.push(Node { canon: child, line });
            }
        }
    }
    out
}

/// The failure class of his move `his` from `node`, if the strategy fails
/// from there and the class is new.
fn classify(search: &Search, node: &Node, his: Edge, seen: &mut HashSet<Key>) -> Option<FailureClass> {
    let x = search.exchange(&node.canon.position, &node.canon.memory, his);
    let fail = match &x.ending {
        Some(ending) => FailKind::of(ending).map(|kind| (kind, 1)),
        None => match search.value(&canonical_form(&x.position, &x.memory, None)) {
            Value::Win(_) => None,
            Value::Fail { kind, his_moves } => Some((kind, his_moves)),
        },
    };
    let (kind, his_moves) = fail?;
    let after = node.canon.position.with(his, Player::Second).expect("a free edge");
    let bare = canonical_form(&after, &crate::strategy::Memory::default(), None);
    if !seen.insert(bare.key) {
        return None;
    }
    let mut line = node.line.clone();
    line.push(his);
    let (position, line) = compact(&after, &line);
    Some(FailureClass {
        position,
        line,
        kind,
        his_moves,
    })
}

/// Renumbers the touched vertices `0..t` in increasing order.
fn compact(position: &Position, line: &[Edge]) -> (Position, Vec<Edge>) {
    let touched: Vec<Vertex> = members(position.touched()).collect();
    let index = |v: Vertex| touched.iter().position(|&w| w == v).expect("touched") as Vertex;
    (position.relabel(index), line.iter().map(|e| e.map(index)).collect())
}
