//! Slany's Open Problems 1 and 2 ("Graph Ramsey games", Section 8),
//! answered on every avoidance game we solve (`ramsey-table
//! --open-problems` is this module plus parsing and printing).
//!
//! Our reading. Both are about the avoidance game G_Avoid(G, A, E^r, E^g)
//! of Def. 3.1: red moves first; a move that gives the mover a copy of A is
//! illegal; the first player unable to move loses (so there are no draws).
//!
//! Open Problem 2: with
//! c = min { r + g : r = g or r = g + 1, r + g <= free edges,
//! (G, E^r, E^g)^(r,g) -> A },
//! is it always true that red (the first player) wins iff c is even? We
//! read "(G, E^r, E^g)^(r,g) -> A" as: *every* colouring of r more edges
//! red and g more green (among the free ones) contains a monochromatic A.
//! This is the reading under which Open Problem 2 generalises Open Problem
//! 1: on K_k with k = Ramsey(n, n) it gives c = C(k, 2) (Slany's Fact 8.1
//! and the paragraph before it). ("Some colouring contains A" would make c
//! the size of a small monochromatic A; Def. 2.4's "every completion" would
//! make c = 0 whenever G -> A.)
//!
//! How we compute c. A colouring of r + g free edges with r = g or
//! r = g + 1 and no monochromatic A can be played in any order from the
//! start: every part of it has no monochromatic A either, so every move is
//! legal. So the colourings that avoid A are exactly the positions of legal
//! play, and c - 1 is the length L of the longest legal play (the most
//! coloured edges in a position reachable from the start, from the
//! census). If L = the number of free edges (the whole board can be
//! coloured without A), the minimum is over an empty set: c is undefined
//! and the question does not apply; we report it as such, and also the
//! natural extension c = L + 1 (the move after the last edge cannot be made).
//!
//! Open Problem 1: on K_k with k = Ramsey(n, n), target K_n, empty start,
//! is it true that red wins iff C(k, 2) is even? Known: Ramsey(2,2) = 2,
//! Ramsey(3,3) = 6, Ramsey(4,4) = 18 (K18 has 153 edges: out of reach,
//! Slany Section 7.4).

use super::ramsey_table::{result_name, solve_capped, SolveError};
use crate::core::board::{Board, Position};
use crate::core::board::{Edge, Player, Vertex};
use crate::core::canon::canonical_position;
use crate::engine::{census, Limits};
use crate::games::pattern::Pattern;
use crate::games::prelude::*;
use crate::games::ramsey::{RamseyGame, Rules};
use serde::Serialize;
use std::collections::HashSet;

/// One avoidance game solved, with c and whether the parity rule holds:
/// the evidence for or against the open problems on this instance.
#[derive(Serialize, Clone, Debug)]
pub struct Instance {
    /// `K_n`, or the board in graph6.
    pub board: String,
    /// Vertices of the board.
    pub vertices: usize,
    /// Edges of the board (all free at the start).
    pub edges: usize,
    /// The target of both players.
    pub target: String,
    /// Who wins (red is first).
    pub result: &'static str,
    /// Moves of optimal play.
    pub plies: u32,
    /// Longest legal play, in moves.
    pub longest: u32,
    /// Slany's c (None: the board can be coloured without A).
    pub c: Option<u32>,
    /// Whether "red wins iff c is even" holds (None: c undefined).
    pub rule_holds: Option<bool>,
    /// The same with c = longest + 1 where c is undefined.
    pub extended_rule_holds: bool,
    /// Distinct positions the exact solver evaluated.
    pub positions: u64,
}

/// Solves the avoidance game on `board` (empty start) with target
/// `target`, and its longest legal play (the census), for c; `name` is the
/// board's name in the reports.
pub fn avoid_instance(name: String, board: Position, target: &Pattern, limits: Limits) -> Result<Instance, SolveError> {
    let targets = [target.clone(), target.clone()];
    let game = RamseyGame::new(board.clone(), targets, Rules::Avoid, Player::First)?;
    let (value, positions, _) = solve_capped(&game, limits);
    let value = value?;
    let coloured = |p: &Position| (p.edge_count(Player::First) + p.edge_count(Player::Second)) as u32;
    let counts = census(&game, &game.start(), coloured, limits)?;
    let longest = counts.into_keys().max().unwrap_or(0);
    let free = board.free_edges().len() as u32;
    let c = (longest < free).then_some(longest + 1);
    let red_wins = value.score.winner() == Some(Player::First);
    Ok(Instance {
        board: name,
        vertices: board.vertex_count(),
        edges: board.board_edges().len(),
        target: target.name().to_string(),
        result: result_name(value.score.winner()),
        plies: value.plies,
        longest,
        c,
        rule_holds: c.map(|c| red_wins == c.is_multiple_of(2)),
        extended_rule_holds: red_wins == (longest + 1).is_multiple_of(2),
        positions,
    })
}

/// Every graph on `n` vertices without isolated vertices, up to
/// isomorphism, in order of edge count (then first found by edge mask):
/// the boards searched for the smallest counterexample.
pub fn graphs(n: usize) -> Vec<Position> {
    let pairs: Vec<Edge> = (0..n as Vertex)
        .flat_map(|u| (u + 1..n as Vertex).map(move |v| Edge::new(u, v)))
        .collect();
    let mut seen = HashSet::new();
    let mut out = vec![];
    for mask in 0u64..1 << pairs.len() {
        let edges: Vec<Edge> = (0..pairs.len())
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| pairs[i])
            .collect();
        let board = Position::on_graph(n, edges);
        let isolated = (0..n as Vertex).any(|v| board.board_neighbours(v) == 0);
        if !isolated && seen.insert(canonical_position(&board).key) {
            out.push(board);
        }
    }
    out.sort_by_key(|b| b.board_edges().len());
    out
}

/// Open Problem 1 on K2 (target K2) and K6 (target K3), the instances
/// within reach: `(n, k, instance)` with target `K_n` on `K_k`.
pub fn problem_one(limits: Limits) -> Vec<ProblemOne> {
    [(2, 2), (3, 6)]
        .into_iter()
        .map(|(n, k)| {
            let target = Pattern::clique(n).expect("a clique");
            let name = format!("K{k}");
            (
                n,
                k,
                avoid_instance(name, Position::empty(Board::complete_graph(k)), &target, limits),
            )
        })
        .collect()
}

/// Open Problem 1's instances: `(n, k, instance)`, target `K_n` on `K_k`.
pub type ProblemOne = (usize, usize, Result<Instance, SolveError>);

/// An instance on a named board: `(board, target, instance)`, kept with
/// its names when it has no verdict.
pub type Named = (String, String, Result<Instance, SolveError>);

/// The answers on every instance solved, with the run's threads: the
/// report of `ramsey-table --open-problems`.
#[derive(Clone, Debug)]
pub struct OpenProblems {
    /// Open Problem 1 on the instances within reach.
    pub one: Vec<ProblemOne>,
    /// Open Problem 2 on the complete boards of the range and each target.
    pub complete: Vec<Named>,
    /// Open Problem 2 on every small graph (all solved, or the run fails).
    pub small: Vec<Instance>,
    /// Every graph with at most this many vertices was a board in `small`.
    pub graphs_up_to: u64,
    /// Worker threads of the run.
    pub threads: usize,
}

/// Answers both open problems on `K_n` for `n` in `boards` (both ends
/// included) and on every graph with at most `graphs_up_to` vertices, for
/// each target that fits (run it inside [`Limits::install`] for the thread
/// count to apply). An instance on a small graph without a verdict stops
/// the run: the counts over all of them would be wrong.
pub fn open_problems(
    boards: (usize, usize),
    targets: &[Pattern],
    graphs_up_to: u64,
    limits: Limits,
) -> Result<OpenProblems, SolveError> {
    let one = problem_one(limits);
    let mut complete = vec![];
    for n in boards.0..=boards.1 {
        for t in targets.iter().filter(|t| t.vertex_count() <= n) {
            let instance = avoid_instance(format!("K{n}"), Position::empty(Board::complete_graph(n)), t, limits);
            complete.push((format!("K{n}"), t.name().to_string(), instance));
        }
    }
    let mut small = vec![];
    for n in 1..=graphs_up_to as usize {
        for board in graphs(n) {
            for t in targets.iter().filter(|t| t.vertex_count() <= n) {
                let name = crate::core::graph6::encode(n, &board.board_edges());
                small.push(avoid_instance(name, board.clone(), t, limits)?);
            }
        }
    }
    Ok(OpenProblems {
        one,
        complete,
        small,
        graphs_up_to,
        threads: limits.threads(),
    })
}

impl OpenProblems {
    /// The answers as one JSON object; `command` is the command line that
    /// made them, recorded so they can be reproduced.
    pub fn to_json(&self, command: &str) -> serde_json::Value {
        let rows = |list: &[Named]| -> Vec<serde_json::Value> {
            list.iter().map(|(b, t, r)| instance_json(b, t, r)).collect()
        };
        let one_json: Vec<_> = self
            .one
            .iter()
            .map(|(n, k, r)| instance_json(&format!("K{k}"), &format!("K{n}"), r))
            .collect();
        serde_json::json!({
            "command": command,
            "threads": self.threads,
            "problem_1": one_json,
            "problem_2_complete": rows(&self.complete),
            "problem_2_graphs": self.small,
        })
    }

    /// The answers as Markdown tables with the reading they rest on;
    /// `command` as for [`OpenProblems::to_json`].
    pub fn to_markdown(&self, command: &str) -> String {
        markdown(self, command)
    }
}

fn instance_json(board: &str, target: &str, r: &Result<Instance, SolveError>) -> serde_json::Value {
    match r {
        Ok(i) => serde_json::to_value(i).expect("serialisable"),
        Err(e) => serde_json::json!({"board": board, "target": target, "note": e.to_string()}),
    }
}

/// The winner the parity rule predicts for c (red wins iff c is even).
fn predicted(c: u32) -> &'static str {
    if c.is_multiple_of(2) {
        "first"
    } else {
        "second"
    }
}

fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "NO"
    }
}

fn markdown(report: &OpenProblems, command: &str) -> String {
    let (one, complete, small) = (&report.one, &report.complete, &report.small);
    let mut out = String::from("# Slany's Open Problems 1 and 2 on the avoidance games we solve\n\n");
    out += &format!("Generated by `{command}` (threads: {}).\n\n", report.threads);
    out += "Games: G_Avoid (Slany, Def. 3.1) from the empty board, red first, the same target for both. \
            *c*: Slany's c of Open Problem 2, read as the least number of moves r + g (r = g or g + 1) \
            after which *every* such colouring of the free edges has a monochromatic target; it is the \
            longest legal play plus one, and undefined when the whole board can be coloured without \
            the target (reading and argument: `src/cli/table/open_problems.rs`). The parity rule says: \
            red (first) wins iff c is even. *extended*: the rule with c = longest + 1 also where c is undefined.\n\n";
    out += "## Open Problem 1: K_k with k = Ramsey(n, n), target K_n\n\n";
    out += "| board | target | C(k,2) | rule says | result | plies | holds |\n|---|---|---|---|---|---|---|\n";
    for (n, k, r) in one {
        let pairs = (k * (k - 1) / 2) as u32;
        let (result, plies, holds) = match r {
            Ok(i) => (
                i.result.to_string(),
                i.plies.to_string(),
                yes_no(i.result == predicted(pairs)).to_string(),
            ),
            Err(e) => (e.to_string(), String::new(), String::new()),
        };
        out += &format!(
            "| K{k} | K{n} | {pairs} | {} | {result} | {plies} | {holds} |\n",
            predicted(pairs)
        );
    }
    out += "| K18 | K4 | 153 | second | not attempted: 153 free edges (Slany, Section 7.4) | | |\n\n";
    out += "## Open Problem 2 on the complete boards\n\n";
    out += "| board | target | free | longest | c | rule says | result | plies | holds | extended | positions |\n";
    out += "|---|---|---|---|---|---|---|---|---|---|---|\n";
    for (board, target, r) in complete {
        out += &match r {
            Ok(i) => instance_row(i),
            Err(e) => format!("| {board} | {target} | | | | | {e} | | | | |\n"),
        };
    }
    out += &summary(small, report.graphs_up_to);
    out
}

fn instance_row(i: &Instance) -> String {
    let c = i.c.map_or("undefined".to_string(), |c| c.to_string());
    let says = i.c.map_or("-", predicted);
    let holds = i.rule_holds.map_or("does not apply", yes_no);
    format!(
        "| {} | {} | {} | {} | {c} | {says} | {} | {} | {holds} | {} | {} |\n",
        i.board,
        i.target,
        i.edges,
        i.longest,
        i.result,
        i.plies,
        yes_no(i.extended_rule_holds),
        i.positions
    )
}

/// Counts over every small graph and the smallest counterexamples.
fn summary(small: &[Instance], graphs_up_to: u64) -> String {
    let defined = small.iter().filter(|i| i.c.is_some()).count();
    let fails: Vec<&Instance> = small.iter().filter(|i| i.rule_holds == Some(false)).collect();
    let extended_fails = small.iter().filter(|i| !i.extended_rule_holds).count();
    let mut out = format!(
        "\n## Open Problem 2 on every graph with at most {}\n\n",
        crate::core::words::count(graphs_up_to, "vertex", "vertices")
    );
    out += &format!(
        "Boards: every graph without isolated vertices up to isomorphism (graph6), empty start, each target \
         that fits. Instances: {}; c defined: {defined}; the rule holds: {}; fails: {}. \
         Extended reading: fails in {extended_fails}.\n\n",
        small.len(),
        defined - fails.len(),
        fails.len()
    );
    if fails.is_empty() {
        out += "No counterexample among these instances.\n";
        return out;
    }
    out += "Smallest counterexamples (fewest vertices, then edges; at most 10):\n\n";
    out += "| board | target | free | longest | c | rule says | result | plies | holds | extended | positions |\n";
    out += "|---|---|---|---|---|---|---|---|---|---|---|\n";
    for i in fails.iter().take(10) {
        out += &instance_row(i);
    }
    out
}
