//! One certificate from a split search: the glue's entries (the top of the
//! tree, down to the frontier) and the entries of the jobs it reaches, as a
//! version-3 (win) or version-5 (draw) certificate of the start that the
//! independent checker reads like any other.
//!
//! Why it is sound, and the same as one process's: the glue's moves are
//! the engine's first optimal moves, with the exact values (module docs of
//! [`crate::engine::split`]); a frontier position the prover's strategy
//! reaches is won (or, for a draw, not lost) by the prover, so the job's
//! certificate of it is a strategy of the prover from there (a win's
//! strategy is also a non-losing one). Entries are kept once per position
//! up to isomorphism (the first met: the glue's, then the jobs' in order);
//! every entry is a first optimal move of its position, whose value (and so
//! whose depth) does not depend on who computed it. So the union is closed
//! as each part is, and holds the positions one process's certificate
//! holds. The checker re-proves all of it.

use super::merge::{best_move, Merge};
use super::JobsError;
use crate::core::board::{Player, Position};
use crate::engine::extract::{strategy, Prover};
use crate::engine::split::Glued;
use crate::engine::{Solver, Stopped};
use crate::games::prelude::*;
use crate::games::ramsey::{Outcome, RamseyGame};
use crate::games::statement::colour_start;
use crate::games::Value;
use crate::verify::cert::game::{coloured, colouring, move_text, seal_draw, seal_win};
use crate::verify::cert::Certificate;
use std::collections::{BTreeSet, HashSet};
use std::sync::Mutex;

/// The glue's prover: first optimal moves above the frontier; a frontier
/// position ends the walk there and is recorded.
struct Top<'m, 's, 'a, 'b> {
    merge: &'m Merge<RamseyGame>,
    solver: &'s Solver<'a, Glued<'b, RamseyGame>>,
    reached: Mutex<BTreeSet<usize>>,
}

impl<'b> Prover<Glued<'b, RamseyGame>> for Top<'_, '_, '_, 'b> {
    /// A job's position: its certificate covers it.
    fn settled(&self, position: &Position) -> bool {
        let job = self.merge.job_at(position);
        if let Some(i) = job {
            self.reached.lock().expect("no panic holds it").insert(i);
        }
        job.is_some()
    }

    fn choose(&self, position: &Position) -> Result<Vec<crate::core::board::Edge>, Stopped> {
        Ok(best_move(self.solver, position)?.m)
    }
}

/// An entry: the prover, the position, the move's text and (for a win)
/// the depth.
pub(super) type Entry = (Player, Position, String, u32);

/// The merged certificate of `merge`'s game, the glue solved by `solver`.
pub(super) fn certificate(
    merge: &Merge<RamseyGame>,
    solver: &Solver<Glued<RamseyGame>>,
) -> Result<Certificate, JobsError> {
    let stopped = |e: Stopped| JobsError::Bad(e.to_string());
    let game = merge.game();
    let start = game.start();
    let value = solver.value(&start).map_err(stopped)?;
    let provers = match value.score.winner() {
        Some(w) => vec![w],
        None => vec![Player::First, Player::Second],
    };
    let mut seen = HashSet::new();
    let mut entries: Vec<Entry> = Vec::new();
    let mut keep = |entry: Entry, seen: &mut HashSet<(Player, Box<[u64]>)>| {
        if seen.insert((entry.0, game.canonical(&entry.1).key)) {
            entries.push(entry);
        }
    };
    for &prover in &provers {
        let top = Top {
            merge,
            solver,
            reached: Mutex::new(BTreeSet::new()),
        };
        let moves = strategy(solver.game(), &start, prover, &top, |p| game.canonical(p)).map_err(stopped)?;
        for (position, m) in moves {
            let depth = best_move(solver, &position).map_err(stopped)?.value.plies.div_ceil(2);
            // As certificates write positions (and as the jobs' entries read back).
            let written = game.as_written(&position);
            keep((prover, written, move_text(&m), depth), &mut seen);
        }
        for i in top.reached.into_inner().expect("no panic holds it") {
            for entry in job_entries(merge, i, prover)? {
                keep(entry, &mut seen);
            }
        }
    }
    Ok(seal(game, &start, value, entries))
}

/// A merged certificate from its entries: a version-3 win (each entry's
/// position, move and depth) or a version-5 draw (both provers' entries).
pub(super) fn seal(game: &RamseyGame, start: &Position, value: Value<Outcome>, entries: Vec<Entry>) -> Certificate {
    match value.score.winner() {
        Some(_) => {
            let lines = entries
                .into_iter()
                .map(|(_, p, m, d)| (coloured(&p), format!("{} {m} {d}\n", colouring(&p))));
            seal_win(game, start, value, lines.collect())
        }
        None => seal_draw(game, start, entries.into_iter().map(|(player, p, m, _)| (player, p, m))),
    }
}

/// The entries of `prover` in job `i`'s certificate: a win of the prover
/// (version 3) or a draw (version 5, the prover's lines). Anything else
/// contradicts the job's value at a position the prover's strategy reaches.
fn job_entries(merge: &Merge<RamseyGame>, i: usize, prover: Player) -> Result<Vec<Entry>, JobsError> {
    let text = merge.certificate_text(i)?;
    let bad = |why: &str| JobsError::Bad(format!("job {i}'s certificate: {why}"));
    let mut lines = text.lines();
    let version = lines.next().and_then(|l| l.strip_prefix("ramsey-cert ")).unwrap_or("");
    let winner = text.lines().find_map(|l| l.strip_prefix("winner "));
    let own = prover.colour_name();
    match (version, winner) {
        ("3", Some(w)) if w == own => {}
        ("5", None) => {}
        _ => {
            return Err(bad(&format!(
                "not a {own} win or a draw, where {own}'s strategy reaches it"
            )))
        }
    }
    let body = lines.skip_while(|l| !l.starts_with("sha256 ")).skip(1);
    let board = merge.board();
    let mut entries = Vec::new();
    for line in body {
        let fields: Vec<&str> = line.split(' ').collect();
        let (position, m, depth) = match (version, fields.as_slice()) {
            ("3", [p, m, d]) => (*p, *m, d.parse::<u32>().map_err(|_| bad(line))?),
            ("5", [c, p, m]) if *c == own => (*p, *m, 0),
            ("5", [_, _, _]) => continue,
            _ => return Err(bad(&format!("unreadable entry `{line}`"))),
        };
        let (mut position, _) = colour_start(&board, position).map_err(|e| bad(&e.to_string()))?;
        position.set_to_move(prover);
        entries.push((prover, position, m.to_string(), depth));
    }
    Ok(entries)
}
