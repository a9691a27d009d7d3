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
//! # The question, exactly
//!
//! She (red) is to move in the given position; the players alternate. She
//! *wins within `b`* if she can force that one of her next `b` moves (this
//! one included) completes a red `K_k` before he completes a blue one,
//! whatever he plays. On `K_n`, a full board without a `K_k` is a draw, which
//! is not a win; a win on the last free edge counts. `b = 0` never wins. The
//! solver does not look at whose turn the edge counts suggest: it always
//! answers for her to move. A position in which a `K_k` is already complete
//! is a finished game: she has no move, so no budget wins (`her_turn` is
//! `false`, `winning_moves` empty). `tests/solve_bruteforce.rs` compares
//! every answer with plain minimax over labelled positions on `K_4` and `K_5`.
//!
//! Her moves are tried in the order completions, double threats, threats,
//! quiet moves; quiet moves and single threats are skipped when fewer than
//! three moves remain (with two moves left only a double threat can win).
//! The moves listed at the root go through the same candidates and the same
//! test as every node of the search ([`Solver::winning_moves`]).

use std::collections::HashMap;

use crate::board::{Edge, Player, Position, Vertex};
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
    /// Counters of every query so far (the root of a query counts as a node).
    pub stats: SolveStats,
    max_nodes: u64,
}

type Outcome = Result<bool, NodeLimit>;

/// One of her moves worth trying, with the position it leads to.
struct Candidate {
    edge: Edge,
    /// The move completes her `K_k`: she has won.
    completes: bool,
    next: Position,
}

impl Solver {
    /// A solver for the `K_clique` game (`clique >= 2`: smaller targets are
    /// no game, and the answers for them mean nothing) that gives up after
    /// `max_nodes` canonised positions.
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
    /// Completing her `K_k` and blocking his only threat are forced, never
    /// filtered. `names` are the vertices the filter refers to.
    pub fn restrict_her_moves(mut self, names: Memory, filter: MoveFilter) -> Solver {
        self.her_moves = Some(filter);
        self.names = names;
        self
    }

    /// Every move of hers (in `position`'s labels, one per orbit) that wins
    /// within `budget` of her moves, this one included; empty if she cannot
    /// force a win that fast. Completions come first, then double threats,
    /// threats and quiet moves.
    pub fn winning_moves(&mut self, position: &Position, budget: u32) -> Result<Vec<Edge>, NodeLimit> {
        self.wins_at_root(position, budget, usize::MAX)
    }

    /// Her first winning move (in the order completions, double threats,
    /// threats, quiet moves, then canonical edge order) within `budget` of
    /// her moves.
    pub fn first_winning_move(&mut self, position: &Position, budget: u32) -> Result<Option<Edge>, NodeLimit> {
        Ok(self.wins_at_root(position, budget, 1)?.first().copied())
    }

    /// Whether she, to move in `position`, wins within `budget` of her moves
    /// (`false` on a finished game: see the module docs).
    pub fn her_turn(&mut self, position: &Position, budget: u32) -> Outcome {
        if self.is_finished(position) {
            return Ok(false);
        }
        self.her_node(position, budget)
    }

    /// The first `limit` of her moves that win within `budget`: the same
    /// candidates and the same test as at every node of [`Solver::her_node`],
    /// without its shortcuts (which only decide the value, not the moves).
    fn wins_at_root(&mut self, position: &Position, budget: u32, limit: usize) -> Result<Vec<Edge>, NodeLimit> {
        if budget == 0 || self.is_finished(position) {
            return Ok(Vec::new());
        }
        let canon = self.visit(position, Player::First)?;
        self.winners(position, &canon, budget, limit)
    }

    /// Whether she, to move in `position` (no `K_k` yet), wins within `budget`.
    /// The shortcuts before the table give the value [`Solver::winners`]
    /// would: a completion wins; one threat of his leaves the block as her
    /// only move that does not lose at once; two of his lose; with one move
    /// left only a completion wins.
    fn her_node(&mut self, position: &Position, budget: u32) -> Outcome {
        if budget == 0 {
            return Ok(false);
        }
        if !self.completions(position, Player::First).is_empty() {
            return Ok(true);
        }
        let his = self.completions(position, Player::Second);
        match his.len() {
            0 => {}
            1 => return self.his_node(&claimed(position, his[0], Player::First), budget - 1),
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
        let result = !self.winners(position, &canon, budget, 1)?.is_empty();
        record(&mut self.her_table, canon.key, budget, result);
        Ok(result)
    }

    /// The first `limit` of her candidate moves that win within `budget`.
    fn winners(
        &mut self,
        position: &Position,
        canon: &Canonical,
        budget: u32,
        limit: usize,
    ) -> Result<Vec<Edge>, NodeLimit> {
        let mut wins = Vec::new();
        for option in self.options(position, canon, budget) {
            if wins.len() == limit {
                break;
            }
            if option.completes || self.his_node(&option.next, budget - 1)? {
                wins.push(option.edge);
            }
        }
        Ok(wins)
    }

    /// Whether she wins within `budget` of her moves, with him to move (no `K_k` yet).
    fn his_node(&mut self, position: &Position, budget: u32) -> Outcome {
        if !self.completions(position, Player::Second).is_empty() {
            return Ok(false);
        }
        let hers = self.completions(position, Player::First);
        match hers.len() {
            0 => {}
            1 => return self.her_node(&claimed(position, hers[0], Player::Second), budget),
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
            if !self.her_node(&claimed(position, r, Player::Second), budget)? {
                result = false;
                break;
            }
        }
        record(&mut self.his_table, canon.key, budget, result);
        Ok(result)
    }

    /// Her moves worth trying, one per orbit, best first: completions; then,
    /// if he has one threat, the block (forced, so not filtered), and if he
    /// has two, nothing more (every other move loses at once); otherwise the
    /// moves her filter allows, double threats before threats before quiet
    /// moves, and with fewer than three moves left only double threats (a
    /// single threat is blocked, and his move makes no threat of hers).
    fn options(&self, position: &Position, canon: &Canonical, budget: u32) -> Vec<Candidate> {
        let his = self.completions(position, Player::Second);
        let back = canon.to_canon.inverse();
        let mut ranked: Vec<(usize, Candidate)> = Vec::new();
        for e in edge_orbit_representatives(canon)
            .into_iter()
            .map(|e| e.map(|v| back.apply(v)))
        {
            let next = claimed(position, e, Player::First);
            let rank = if position.completes_clique(Player::First, e, self.clique) {
                0
            } else if !his.is_empty() {
                if his.len() > 1 || his[0] != e {
                    continue;
                }
                1
            } else if self.her_moves.as_ref().is_some_and(|allow| !allow(position, e)) {
                continue;
            } else {
                let threats = self.completions(&next, Player::First).len().min(2);
                if threats < 2 && budget < 3 {
                    continue;
                }
                3 - threats
            };
            let option = Candidate {
                edge: e,
                completes: rank == 0,
                next,
            };
            ranked.push((rank, option));
        }
        ranked.sort_by_key(|(rank, _)| *rank);
        ranked.into_iter().map(|(_, option)| option).collect()
    }

    /// The edges that would complete `player`'s `K_k` now.
    /// `Position::threats` looks only between touched vertices, which is
    /// enough for `k >= 3` (both ends of such an edge have `k - 2` common
    /// neighbours of that colour); for `k = 2` every free edge completes, and
    /// two are listed (all that matters: more than one cannot be blocked).
    fn completions(&self, position: &Position, player: Player) -> Vec<Edge> {
        if self.clique >= 3 {
            return position.threats(player, self.clique);
        }
        let n = position.board().capacity();
        (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| Edge::new(u as Vertex, v as Vertex)))
            .filter(|&e| position.is_free(e))
            .take(2)
            .collect()
    }

    /// Whether either player already owns a `K_k`: the game is over.
    fn is_finished(&self, position: &Position) -> bool {
        position.has_clique(Player::First, self.clique) || position.has_clique(Player::Second, self.clique)
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
