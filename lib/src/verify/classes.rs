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
//!
//! A strategy that breaks its contract (an illegal move, a panic) has a
//! bug, not failure classes: the listing stops with
//! [`ClassesError::ContractBroken`], as `verify` stops with no verdict.

use crate::core::board::{members, Edge, Player, Position, Vertex};
use crate::core::canon::{canonical_form, CanonicalForm, Key};
use crate::core::orbits::edge_orbit_representatives;
use crate::engine::Stopped;
use crate::verify::line::Ending;
use crate::verify::search::{FailKind, Search, Value};
use std::collections::{BTreeSet, HashSet};

/// One failure class.
#[derive(Clone, Debug)]
pub struct FailureClass {
    /// The position after his `R`-th move, touched vertices numbered `0..t`.
    pub position: Position,
    /// The moves that reached it, in play order (red, blue, red, ...).
    pub line: Vec<Edge>,
    /// How he beats the strategy from there.
    pub kind: FailKind,
    /// His moves after round `R` in the counterexample the search found.
    pub his_moves: u32,
}

/// Why failure classes cannot be listed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClassesError {
    /// The strategy fails before the first round.
    #[error("the strategy has no first move: {0}")]
    NoOpening(String),
    /// No position the strategy reaches in rounds `1..=round` is in `phase`
    /// (most likely a misspelt phase); `known` lists the phases seen there.
    #[error(
        "no position in rounds 1 to {round} is in phase `{phase}` (phases there: {})",
        if known.is_empty() { "none, the strategy names no phases".to_string() } else { known.join(", ") }
    )]
    UnknownPhase {
        /// The phase asked for.
        phase: String,
        /// The round asked for.
        round: u32,
        /// The phases of the positions in rounds `1..=round`, sorted.
        known: Vec<String>,
    },
    /// The strategy breaks its contract on a line through `line` (her and
    /// his moves, in the labels of the search); `what` says how, where the
    /// exchange after `line` shows it (`verify` on the same strategy names
    /// the situation in any case).
    #[error("no verdict: the strategy breaks its contract after the line \"{}\": {what}", line_text(.line))]
    ContractBroken {
        /// The moves to the position, red first, ending with his.
        line: Vec<Edge>,
        /// What was wrong, or where to look.
        what: String,
    },
    /// A limit stopped the search.
    #[error(transparent)]
    Stopped(#[from] Stopped),
}

fn line_text(line: &[Edge]) -> String {
    line.iter().map(|e| e.to_string()).collect::<Vec<_>>().join(",")
}

/// For callers whose errors are strings (e.g. `crate::bench`).
impl From<ClassesError> for String {
    fn from(e: ClassesError) -> String {
        e.to_string()
    }
}

/// A position with him to move, and a line reaching it (in its labels).
struct Node {
    canon: CanonicalForm,
    line: Vec<Edge>,
}

/// All failure classes after round `round` (at least 1). With `phase`,
/// only positions where the strategy is in that phase before his
/// `round`-th move count (e.g. the phase where it would switch); a phase
/// that no position of rounds `1..=round` is in is an error
/// ([`ClassesError::UnknownPhase`]), not an empty list. `progress` is
/// called after each such position is classified, with the number done
/// and the total.
pub fn failure_classes(
    search: &Search,
    round: u32,
    phase: Option<&str>,
    progress: &dyn Fn(usize, usize),
) -> Result<Vec<FailureClass>, ClassesError> {
    let (position, memory, first) = search
        .opening()
        .map_err(|e| ClassesError::NoOpening(e.describe(search.strategy.game())))?;
    let canon = canonical_form(&position, &memory, None);
    let line = vec![first.map(|v| canon.to_canon.apply(v))];
    let mut level = vec![Node { canon, line }];
    let mut phases = BTreeSet::new();
    let mut note_phases = |level: &[Node]| phases.extend(level.iter().map(|n| search.strategy.phase(&n.canon.memory)));
    note_phases(&level);
    for _ in 1..round {
        level = next_level(search, &level)?;
        note_phases(&level);
    }
    if let Some(phase) = phase {
        if !phases.contains(phase) {
            return Err(ClassesError::UnknownPhase {
                phase: phase.to_string(),
                round,
                known: phases.iter().filter(|p| !p.is_empty()).map(|p| p.to_string()).collect(),
            });
        }
        level.retain(|node| search.strategy.phase(&node.canon.memory) == phase);
    }
    let mut seen = HashSet::new();
    let mut classes = Vec::new();
    for (done, node) in level.iter().enumerate() {
        for his in edge_orbit_representatives(&node.canon) {
            if let Some(class) = classify(search, node, his, &mut seen)? {
                classes.push(class);
            }
        }
        progress(done + 1, level.len());
    }
    Ok(classes)
}

/// The nodes one round later (his move and her answer), games that ended
/// left out, each class once; a broken contract is an error.
fn next_level(search: &Search, level: &[Node]) -> Result<Vec<Node>, ClassesError> {
    let mut seen: HashSet<Key> = HashSet::new();
    let mut out = Vec::new();
    for node in level {
        for his in edge_orbit_representatives(&node.canon) {
            let x = search.exchange(&node.canon.position, &node.canon.memory, his);
            check_contract(&x.ending, node, his)?;
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
    Ok(out)
}

/// [`ClassesError::ContractBroken`] if the exchange after his move `his`
/// from `node` ended in a broken contract.
fn check_contract(ending: &Option<Ending>, node: &Node, his: Edge) -> Result<(), ClassesError> {
    match ending {
        Some(Ending::ContractBroken(what)) => Err(contract_broken(node, his, what.clone())),
        _ => Ok(()),
    }
}

fn contract_broken(node: &Node, his: Edge, what: String) -> ClassesError {
    let mut line = node.line.clone();
    line.push(his);
    ClassesError::ContractBroken { line, what }
}

/// The failure class of his move `his` from `node`, if the strategy fails
/// from there and the class is new; a broken contract is an error.
fn classify(
    search: &Search,
    node: &Node,
    his: Edge,
    seen: &mut HashSet<Key>,
) -> Result<Option<FailureClass>, ClassesError> {
    let x = search.exchange(&node.canon.position, &node.canon.memory, his);
    check_contract(&x.ending, node, his)?;
    let fail = match &x.ending {
        Some(ending) => FailKind::of(ending).map(|kind| (kind, 1)),
        None => match search.value(&canonical_form(&x.position, &x.memory, None))? {
            Value::Win(_) => None,
            Value::Fail { kind, his_moves } => Some((kind, his_moves)),
        },
    };
    let Some((kind, his_moves)) = fail else {
        return Ok(None);
    };
    if kind == FailKind::ContractBroken {
        let what = "further on (`verify` on this strategy names the situation)".to_string();
        return Err(contract_broken(node, his, what));
    }
    let after = node.canon.position.with(his, Player::Second).expect("a free edge");
    let bare = canonical_form(&after, &crate::core::memory::Memory::default(), None);
    if !seen.insert(bare.key) {
        return Ok(None);
    }
    let mut line = node.line.clone();
    line.push(his);
    let (position, line) = compact(&after, &line);
    Ok(Some(FailureClass {
        position,
        line,
        kind,
        his_moves,
    }))
}

/// Renumbers the touched vertices `0..t` in increasing order.
fn compact(position: &Position, line: &[Edge]) -> (Position, Vec<Edge>) {
    let touched: Vec<Vertex> = members(position.touched()).collect();
    let index = |v: Vertex| touched.iter().position(|&w| w == v).expect("touched") as Vertex;
    (position.relabel(index), line.iter().map(|e| e.map(index)).collect())
}
