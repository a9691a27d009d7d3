//! The certificate of a negative budget answer: she cannot force a red
//! `K_k` within `b` of her moves, proved by his strategy (format version
//! 9, proofs/FORMAT.md, "Version 9: no forced win within b").
//!
//! The strategy is read off the budget search's table ([`BudgetSolver`]),
//! breadth first from the start: at her turns **every** move of hers, one
//! per orbit of the position's automorphisms (all her edges, not the
//! search's candidates: the search leaves out moves that cannot win in
//! time, and the checker tries them all); at his turns a reply after which
//! the search says she does not win with the moves she has left
//! ([`BudgetSolver::escape`]: replies that leave him a completion of his
//! own first, since then every move of hers but the block ends its line;
//! the table answers where the search went, elsewhere it searches). The
//! forced blocks the search plays inside a move are ordinary moves here:
//! his is a reply like any other, hers are among all her moves.
//!
//! A his-turn position gets no entry where the checker decides it by its
//! own rules: she has no move left, the board is full, he can complete his
//! `K_k` at once, she has one move left (the search has proved she cannot
//! win, so at most one edge completes hers, and the checker counts them),
//! or she has two left, no completion and no edge that makes two. Each
//! ply of the walk adds one edge of each colour, so her moves left are a
//! function of the position (`b` minus her edges played): one entry per
//! position up to isomorphism is one per (position, moves left),
//! and positions of different plies never coincide.

use super::{BudgetSolver, CliqueRace, NoAnswer};
use crate::core::board::{Board, Player, Position};
use crate::core::canon::canonical_position;
use crate::core::graph6::{decode_position, encode_position};
use crate::core::orbits::edge_orbits;
use crate::verify::cert::{first_fresh, seal, Certificate};
use crate::verify::strategy::Game;
use rayon::prelude::*;
use std::collections::HashSet;

/// Certificate format version of "no forced win within `b`".
pub const NO_WIN_VERSION: u32 = 9;

/// Why no certificate of a negative answer was written.
#[derive(Debug, thiserror::Error)]
pub enum NoDefence {
    /// She does win within the budget: the claim is false.
    #[error("she wins within {0} of her moves: there is no defence to certify")]
    SheWins(u32),
    /// The search could not answer (bad input, memory cap).
    #[error(transparent)]
    Search(#[from] NoAnswer),
}

/// His strategy holding her off for `budget` of her moves from `start`
/// (her to move), as a version-9 certificate on the solver's board, read
/// off `solver` (which answers for `K_clique`).
pub fn no_win_certificate(
    solver: &BudgetSolver,
    clique: usize,
    start: &Position,
    budget: u32,
) -> Result<Certificate, NoDefence> {
    if solver.wins(start, budget)? {
        return Err(NoDefence::SheWins(budget));
    }
    let walk = Walk {
        solver,
        clique,
        board: start.board().clone(),
        race: CliqueRace::new(clique, start.board().clone()),
    };
    let mut lines = Vec::new();
    let mut ply = match budget {
        0 => Vec::new(),
        _ => unique(vec![walk.her_turn(start, budget)?]),
    };
    let mut left = budget.saturating_sub(1);
    let mut held = 0;
    while !ply.is_empty() {
        let (mut seen, mut next) = (HashSet::new(), Vec::new());
        let mut waiting: u64 = ply.iter().map(|q| kept(q)).sum();
        for chunk in ply.chunks(CHUNK) {
            let steps: Vec<Result<(String, Vec<String>), NoDefence>> =
                chunk.par_iter().map(|q| walk.his_turn(q, left)).collect();
            for step in steps {
                let (line, after) = step?;
                held += kept(&line);
                lines.push((budget.saturating_sub(left) as usize, line));
                for p in after {
                    if seen.insert(p.clone()) {
                        waiting += 2 * kept(&p);
                        next.push(p);
                    }
                }
            }
            solver.room_for(held + waiting).map_err(NoAnswer::from)?;
        }
        ply = next;
        left -= 1;
    }
    let start_line = match start.edge_count(Player::First) {
        0 => "start empty".to_string(),
        _ => format!("start {}", encode_position(start)),
    };
    Ok(seal(
        NO_WIN_VERSION,
        &start_line,
        Game::clique(clique),
        walk.board,
        budget,
        lines,
    ))
}

/// His-turn positions handled in parallel at a time: the positions after
/// them are merged into the next ply chunk by chunk, so that only the
/// distinct ones are kept (a whole ply's positions before merging, as
/// `Position`s, took gigabytes at budget 10).
const CHUNK: usize = 1 << 14;

/// Bytes a kept string costs against the memory cap: its text and its
/// allocation's and the collection's overhead.
fn kept(text: &str) -> u64 {
    (text.len() + 48) as u64
}

/// The positions of `lists` (canonical positions in graph6), each once,
/// in the order met.
fn unique(lists: Vec<Vec<String>>) -> Vec<String> {
    let mut seen = HashSet::new();
    lists.into_iter().flatten().filter(|p| seen.insert(p.clone())).collect()
}

/// The walk's view of the search.
struct Walk<'s> {
    solver: &'s BudgetSolver,
    clique: usize,
    board: Board,
    /// The game, for its double-threat test.
    race: CliqueRace,
}

impl Walk<'_> {
    /// His turn at `q` (a canonical position in graph6) with `left >= 2`
    /// of her moves after his reply: the entry's line, and the his-turn
    /// positions after each of her moves that need an entry.
    fn his_turn(&self, q: &str, left: u32) -> Result<(String, Vec<String>), NoDefence> {
        let q_position = decode_position(q, self.board.clone()).expect("the walk writes positions it can read");
        let reply = self.solver.escape(&q_position, left)?.ok_or(NoDefence::SheWins(left))?;
        let reply = first_fresh(reply, q_position.touched_count() as u8);
        let (u, v) = reply.ends();
        let line = format!("{q} {u}-{v} {left}\n");
        let after = q_position
            .with(reply, Player::Second)
            .expect("his reply is a free edge");
        Ok((line, self.her_turn(&after, left)?))
    }

    /// Her turn at `p` with `left >= 1` of her moves: the positions after
    /// each of her moves (one per orbit) that need an entry of his, as
    /// canonical positions in graph6 (equal exactly for isomorphic ones).
    fn her_turn(&self, p: &Position, left: u32) -> Result<Vec<String>, NoDefence> {
        if p.is_full() {
            return Ok(Vec::new());
        }
        let canon = canonical_position(p);
        let mut next = Vec::new();
        for m in edge_orbits(&canon.position, &canon.generators) {
            if canon.position.completes_clique(Player::First, m, self.clique) {
                return Err(NoDefence::SheWins(left));
            }
            let q = canon
                .position
                .with(m, Player::First)
                .expect("orbit moves are free edges");
            if self.needs_entry(&q, left - 1) {
                next.push(encode_position(&canonical_position(&q).position));
            }
        }
        Ok(next)
    }

    /// Whether his turn at `q` with `left` of her moves after it needs an
    /// entry: the checker decides it itself when she has at most one move
    /// left, the board is full, he can complete his `K_k` at once, or she
    /// has two moves left, no completion and no edge that makes two (then
    /// any reply holds her off: [`CliqueRace`]'s quick answer, which the
    /// checker argues and tests for itself).
    fn needs_entry(&self, q: &Position, left: u32) -> bool {
        let decided = left == 2
            && self.clique >= 3
            && q.threats(Player::First, self.clique).is_empty()
            && !self.race.double_threat_ahead(q);
        left >= 2 && !decided && !q.is_full() && q.threats(Player::Second, self.clique).is_empty()
    }
}
