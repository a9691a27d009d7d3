//! Game values by exhaustive search over *both* players' moves: can the first
//! player force a win within `budget` more of her moves from a position?
//!
//! The verifier checks one fixed strategy; this module asks what any strategy
//! could do. It is a research aid for positions where a reconstructed
//! strategy fails (is the position lost, or did the strategy choose badly?).
//! Both sides are reduced up to isomorphism (one move per edge orbit of the
//! canonical form), and the cheap cases are decided without branching: a
//! completion wins, a threat of his forces her block, a threat of hers forces
//! his block, two threats with different missing edges decide the game.
//!
//! Her moves are tried in the order double threats, threats, quiet moves;
//! quiet moves are skipped when too few moves remain for them to matter
//! (with two moves left only a double threat can win).

use std::collections::HashMap;

use crate::board::{Edge, Player, Position};
use crate::canon::{canonical_form, Canonical, Key};
use crate::orbits::edge_orbit_representatives;
use crate::strategy::Memory;

/// What is known about a node: wins within `win` moves, fails with `fail`.
#[derive(Clone, Copy)]
struct Bounds {
    /// Smallest budget known to win (`u32::MAX` if none).
    win: u32,
    /// Largest budget known to fail (`None` if none).
    fail: Option<u32>,
}

/// Counters of one solve.
#[derive(Clone, Copy, Debug, Default)]
pub struct SolveStats {
    /// Her nodes canonised (those not decided by a forced move).
    pub her_nodes: u64,
    /// His nodes canonised.
    pub his_nodes: u64,
    /// Transposition-table hits.
    pub hits: u64,
}

/// The search gave up after `max_nodes` canonised nodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NodeLimit;

/// Which of her (unforced) moves the solver may try, in the labels of the
/// position it was started on (the solver never relabels positions).
pub type MoveFilter = Box<dyn Fn(&Position, Edge) -> bool>;

/// Exhaustive solver for the `K_k` achievement game from a given position.
pub struct Solver {
    clique: usize,
    her_moves: Option<MoveFilter>,
    /// Named vertices the filter depends on: part of every canonical form,
    /// so that positions are only identified when the names correspond.
    names: Memory,
    her_table: HashMap<Key, Bounds>,
    his_table: HashMap<Key, Bounds>,
    pub stats: SolveStats,
    max_nodes: u64,
}

type Outcome = Result<bool, NodeLimit>;

impl Solver {
    pub fn new(clique: usize, max_nodes: u64) -> Solver {
        Solver {
            clique,
            her_moves: None,
            names: Memory::default(),
            her_table: HashMap::new(),
            his_table: HashMap::new(),
            stats: SolveStats::default(),
            max_nodes,
        }
    }

    /// Restricts her unforced moves to those `filter` accepts: a "win"
    /// then means a win with her moves so restricted (his stay unrestricted).
    /// `names` are the vertices the filter refers to.
    pub fn restrict_her_moves(mut self, names: Memory, filter: MoveFilter) -> Solver {
        self.her_moves = Some(filter);
        self.names = names;
        self
    }

    /// Her winning moves (in `position`'s labels) within `budget` of her moves,
    /// one per orbit; empty if she cannot force a win that fast.
    pub fn winning_moves(&mut self, position: &Position, budget: u32) -> Result<Vec<Edge>, NodeLimit> {
        self.wins_among_options(position, budget, usize::MAX)
    }

    /// Her first winning move (in the order double threats, threats, quiet
    /// moves, then canonical edge order) within `budget` of her moves.
    pub fn first_winning_move(&mut self, position: &Position, budget: u32) -> Result<Option<Edge>, NodeLimit> {
        Ok(self.wins_among_options(position, budget, 1)?.first().copied())
    }

    /// The first `limit` of her options that win within `budget`.
    fn wins_among_options(&mut self, position: &Position, budget: u32, limit: usize) -> Result<Vec<Edge>, NodeLimit> {
        let mut wins = Vec::new();
        if budget == 0 {
            return Ok(wins);
        }
        for (e, next) in self.her_options(position, budget) {
            if wins.len() == limit {
                break;
            }
            if self.his_turn(&next, budget - 1)? {
                wins.push(e);
            }
        }
        Ok(wins)
    }

    /// Whether she, to move in `position`, wins within `budget` of her moves.
    pub fn her_turn(&mut self, position: &Position, budget: u32) -> Outcome {
        if budget == 0 {
            return Ok(false);
        }
        if !position.threats(Player::First, self.clique).is_empty() {
            return Ok(true);
        }
        let his = position.threats(Player::Second, self.clique);
        match his.len() {
            0 => {}
            1 => return self.his_turn(&claimed(position, his[0], Player::First), budget - 1),
            _ => return Ok(false),
        }
        if budget == 1 {
            return Ok(false);
        }
        let canon = self.visit(position, Player::First)?;
        if let Some(known) = lookup(&self.her_table, &canon.key, budget) {
            self.stats.hits += 1;
            return Ok(known);
        }
        let mut result = false;
        for (_, next) in self.options(position, &canon, budget) {
            if self.his_turn(&next, budget - 1)? {
                result = true;
                break;
            }
        }
        record(&mut self.her_table, canon.key, budget, result);
        Ok(result)
    }

    /// Whether she wins within `budget` of her moves, with him to move.
    fn his_turn(&mut self, position: &Position, budget: u32) -> Outcome {
        if !position.threats(Player::Second, self.clique).is_empty() {
            return Ok(false);
        }
        let hers = position.threats(Player::First, self.clique);
        match hers.len() {
            0 => {}
            1 => return self.her_turn(&claimed(position, hers[0], Player::Second), budget),
            _ => return Ok(budget >= 1),
        }
        if budget <= 1 || position.is_full() {
            return Ok(false);
        }
        let canon = self.visit(position, Player::Second)?;
        if let Some(known) = lookup(&self.his_table, &canon.key, budget) {
            self.stats.hits += 1;
            return Ok(known);
        }
        let back = canon.to_canon.inverse();
        let mut result = true;
        for r in edge_orbit_representatives(&canon) {
            let r = r.map(|v| back.apply(v));
            if !self.her_turn(&claimed(position, r, Player::Second), budget)? {
                result = false;
                break;
            }
        }
        record(&mut self.his_table, canon.key, budget, result);
        Ok(result)
    }

    /// Her candidate moves with the positions they lead to: double threats,
    /// then threats, then (with at least three moves left) quiet moves.
    fn her_options(&self, position: &Position, budget: u32) -> Vec<(Edge, Position)> {
        self.options(position, &canonical_form(position, &self.names, None), budget)
    }

    fn options(&self, position: &Position, canon: &Canonical, budget: u32) -> Vec<(Edge, Position)> {
        let back = canon.to_canon.inverse();
        let mut ranked: Vec<(usize, Edge, Position)> = edge_orbit_representatives(canon)
            .into_iter()
            .map(|e| e.map(|v| back.apply(v)))
            .filter(|&e| self.her_moves.as_ref().is_none_or(|allow| allow(position, e)))
            .map(|e| {
                let next = claimed(position, e, Player::First);
                let threats = next.threats(Player::First, self.clique).len().min(2);
                (2 - threats, e, next)
            })
            .filter(|(rank, _, _)| budget >= 3 || *rank == 0)
            .collect();
        ranked.sort_by_key(|(rank, _, _)| *rank);
        ranked.into_iter().map(|(_, e, next)| (e, next)).collect()
    }

    /// Counts a node and returns its canonical form, or gives up.
    fn visit(&mut self, position: &Position, mover: Player) -> Result<Canonical, NodeLimit> {
        let count = self.stats.her_nodes + self.stats.his_nodes;
        if count >= self.max_nodes {
            return Err(NodeLimit);
        }
        match mover {
            Player::First => self.stats.her_nodes += 1,
            Player::Second => self.stats.his_nodes += 1,
        }
        Ok(canonical_form(position, &self.names, None))
    }
}

fn claimed(position: &Position, e: Edge, player: Player) -> Position {
    position.with(e, player).expect("solver moves are free edges")
}

fn lookup(table: &HashMap<Key, Bounds>, key: &Key, budget: u32) -> Option<bool> {
    let known = table.get(key)?;
    if known.win <= budget {
        Some(true)
    } else if known.fail.is_some_and(|f| f >= budget) {
        Some(false)
    } else {
        None
    }
}

fn record(table: &mut HashMap<Key, Bounds>, key: Key, budget: u32, won: bool) {
    let entry = table.entry(key).or_insert(Bounds {
        win: u32::MAX,
        fail: None,
    });
    if won {
        entry.win = entry.win.min(budget);
    } else {
        entry.fail = Some(entry.fail.map_or(budget, |f| f.max(budget)));
    }
}
