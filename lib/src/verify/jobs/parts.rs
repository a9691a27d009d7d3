//! One certificate from a split search: the glue's entries (the top of the
//! tree, down to the frontier) and the entries of the jobs it reaches, as
//! a certificate of the start that the independent checker reads like any
//! other: a graph Ramsey game's win (version 3) or draw (version 5), or
//! the value of one of Erdős' scoring games (version 6, both claims).
//!
//! Why it is sound, and the same as one process's: the glue's moves are
//! the engine's first optimal moves, with the exact values (module docs of
//! [`crate::engine::split`]); a frontier position the prover's strategy
//! reaches is won (or, for a draw, not lost; for a scoring game, on the
//! prover's side of the start's value) by the prover, so the job's
//! certificate of it is a strategy of the prover from there (a win's
//! strategy is also a non-losing one; a job's claim is its own value, at
//! least as good for the prover as the start's, so its settled positions
//! and good ends are settled and good for the start's claim too). Entries
//! are kept once per position up to isomorphism (the first met: the
//! glue's, then the jobs' in order); every entry of a win is a first
//! optimal move of its position, whose value (and so whose depth) does not
//! depend on who computed it, and the other formats have no depths (their
//! induction is on free edges). So the union is closed as each part is.
//! The checker re-proves all of it.
//!
//! A job is found by the game's own key, which for the Star and VC games
//! is a reduction: positions with one key need not be isomorphic. The
//! glue stops only at a frontier position isomorphic to its job's (whose
//! certificate covers it); at another it goes on below, the glue solver
//! searching that subtree itself.

use super::merge::{best_move, Merge};
use super::{JobsError, Splittable};
use crate::core::board::{Player, Position};
use crate::core::canon::canonical_position;
use crate::core::symmetry::Canonical;
use crate::engine::extract::{strategy, Prover};
use crate::engine::split::Glued;
use crate::engine::{Solver, Stopped};
use crate::games::prelude::*;
use crate::games::ramsey::{Outcome, RamseyGame};
use crate::games::scoring::{Points, ScoringGame};
use crate::games::statement::colour_start;
use crate::games::Value;
use crate::verify::cert::game::{coloured, colouring, seal_draw, seal_win};
use crate::verify::cert::scoring::{seal_scoring, Claims};
use crate::verify::cert::Certificate;
use std::collections::{BTreeSet, HashSet};
use std::sync::Mutex;

/// An entry: the prover, the position, the move's text and (for a win)
/// the depth.
pub(super) type Entry = (Player, Position, String, u32);

/// What a family's merged certificate needs beyond the glue.
pub(super) trait Parts: Splittable {
    /// The players whose strategies the certificate of `value` holds.
    fn provers(value: Value<Self::Score>) -> Vec<Player>;
    /// The canonical form the checker's isomorphism of colourings gives.
    fn exact(&self, position: &Position) -> Canonical<Position>;
    /// A position as certificates write it.
    fn written(&self, position: &Position) -> Position;
    /// `prover`'s entries in the text of a job's certificate; `board` is
    /// the empty board. An error if the certificate is not one this
    /// family's job writes, with the prover's strategy in it.
    fn part_entries(text: &str, prover: Player, board: &Position) -> Result<Vec<Entry>, String>;
    /// The certificate of `value` at `start` with `entries`.
    fn seal(&self, start: &Position, value: Value<Self::Score>, entries: Vec<Entry>) -> Certificate;
}

impl Parts for RamseyGame {
    /// The winner, or both players for a draw.
    fn provers(value: Value<Outcome>) -> Vec<Player> {
        match value.score.winner() {
            Some(w) => vec![w],
            None => vec![Player::First, Player::Second],
        }
    }

    fn exact(&self, position: &Position) -> Canonical<Position> {
        self.canonical(position)
    }

    fn written(&self, position: &Position) -> Position {
        self.as_written(position)
    }

    /// A win of the prover (version 3) or a draw (version 5, the
    /// prover's lines).
    fn part_entries(text: &str, prover: Player, board: &Position) -> Result<Vec<Entry>, String> {
        let own = prover.colour_name();
        let winner = text.lines().find_map(|l| l.strip_prefix("winner "));
        let version = match (version(text), winner) {
            ("3", Some(w)) if w == own => "3",
            ("5", None) => "5",
            _ => return Err(format!("not a {own} win or a draw, where {own}'s strategy reaches it")),
        };
        let mut entries = Vec::new();
        for line in body(text) {
            let fields: Vec<&str> = line.split(' ').collect();
            let (position, m, depth) = match (version, fields.as_slice()) {
                ("3", [p, m, d]) => (*p, *m, d.parse::<u32>().map_err(|_| line.to_string())?),
                ("5", [c, p, m]) if *c == own => (*p, *m, 0),
                ("5", [_, _, _]) => continue,
                _ => return Err(format!("unreadable entry `{line}`")),
            };
            entries.push((prover, read_position(board, position, prover)?, m.to_string(), depth));
        }
        Ok(entries)
    }

    /// A version-3 win (each entry's position, move and depth) or a
    /// version-5 draw (both provers' entries).
    fn seal(&self, start: &Position, value: Value<Outcome>, entries: Vec<Entry>) -> Certificate {
        match value.score.winner() {
            Some(_) => {
                let lines = entries
                    .into_iter()
                    .map(|(_, p, m, d)| (coloured(&p), format!("{} {m} {d}\n", colouring(&p))));
                seal_win(self, start, value, lines.collect())
            }
            None => seal_draw(self, start, entries.into_iter().map(|(player, p, m, _)| (player, p, m))),
        }
    }
}

impl Parts for ScoringGame {
    /// Alice for "at least the value", Bob for "at most".
    fn provers(_: Value<Points>) -> Vec<Player> {
        vec![Player::First, Player::Second]
    }

    /// The exact form, not the Star and VC games' reduction.
    fn exact(&self, position: &Position) -> Canonical<Position> {
        canonical_position(position)
    }

    fn written(&self, position: &Position) -> Position {
        position.clone()
    }

    /// A version-6 certificate, the prover's lines.
    fn part_entries(text: &str, prover: Player, board: &Position) -> Result<Vec<Entry>, String> {
        if version(text) != "6" {
            return Err("not a scoring game's certificate (version 6)".into());
        }
        let own = prover.colour_name();
        let mut entries = Vec::new();
        for line in body(text) {
            match line.split(' ').collect::<Vec<_>>()[..] {
                [c, p, m] if c == own => entries.push((prover, read_position(board, p, prover)?, m.to_string(), 0)),
                [_, _, _] => {}
                _ => return Err(format!("unreadable entry `{line}`")),
            }
        }
        Ok(entries)
    }

    /// The value as both claims.
    fn seal(&self, start: &Position, value: Value<Points>, entries: Vec<Entry>) -> Certificate {
        let claims = Claims {
            at_least: Some(value.score),
            at_most: Some(value.score),
        };
        seal_scoring(
            self,
            start,
            claims,
            entries.into_iter().map(|(player, p, m, _)| (player, p, m)),
        )
    }
}

/// A certificate's format version (its first line's number).
fn version(text: &str) -> &str {
    text.lines()
        .next()
        .and_then(|l| l.strip_prefix("ramsey-cert "))
        .unwrap_or("")
}

/// A certificate's body: the lines after its `sha256` line.
fn body(text: &str) -> impl Iterator<Item = &str> {
    text.lines().skip_while(|l| !l.starts_with("sha256 ")).skip(1)
}

/// An entry's `RED:BLUE` on `board`, `prover` to move.
fn read_position(board: &Position, text: &str, prover: Player) -> Result<Position, String> {
    let (mut position, _) = colour_start(board, text).map_err(|e| e.to_string())?;
    position.set_to_move(prover);
    Ok(position)
}

/// The glue's prover: first optimal moves above the frontier; a frontier
/// position isomorphic to its job's ends the walk there and is recorded.
struct Top<'m, 's, 'a, 'b, G: Parts> {
    merge: &'m Merge<G>,
    solver: &'s Solver<'a, Glued<'b, G>>,
    /// The exact keys of the jobs' positions.
    jobs: HashSet<Box<[u64]>>,
    reached: Mutex<BTreeSet<usize>>,
}

impl<'b, G: Parts + Sync> Prover<Glued<'b, G>> for Top<'_, '_, '_, 'b, G> {
    /// A job's position: its certificate covers it.
    fn settled(&self, position: &Position) -> bool {
        let job = self.merge.job_at(position);
        let covered = job.is_some() && self.jobs.contains(&self.merge.game().exact(position).key);
        if let (true, Some(i)) = (covered, job) {
            self.reached.lock().expect("no panic holds it").insert(i);
        }
        covered
    }

    fn choose(&self, position: &Position) -> Result<G::Move, Stopped> {
        Ok(best_move(self.solver, position)?.m)
    }
}

/// The merged certificate of `merge`'s game, the glue solved by `solver`.
pub(super) fn certificate<G: Parts + Sync>(
    merge: &Merge<G>,
    solver: &Solver<Glued<G>>,
) -> Result<Certificate, JobsError>
where
    G::Move: Sync,
{
    let stopped = |e: Stopped| JobsError::Bad(e.to_string());
    let game = merge.game();
    let start = game.start();
    let value = solver.value(&start).map_err(stopped)?;
    let jobs = merge
        .manifest
        .jobs
        .iter()
        .map(|job| Ok(game.exact(&super::run::job_position(game, job)?.position).key))
        .collect::<Result<HashSet<_>, JobsError>>()?;
    let mut seen = HashSet::new();
    let mut entries: Vec<Entry> = Vec::new();
    let mut keep = |entry: Entry, seen: &mut HashSet<(Player, Box<[u64]>)>| {
        if seen.insert((entry.0, game.exact(&entry.1).key)) {
            entries.push(entry);
        }
    };
    for prover in G::provers(value) {
        let top = Top {
            merge,
            solver,
            jobs: jobs.clone(),
            reached: Mutex::new(BTreeSet::new()),
        };
        let moves = strategy(solver.game(), &start, prover, &top, |p| game.exact(p)).map_err(stopped)?;
        for (position, m) in moves {
            let depth = best_move(solver, &position).map_err(stopped)?.value.plies.div_ceil(2);
            // As certificates write positions (and as the jobs' entries read back).
            keep((prover, game.written(&position), game.move_text(&m), depth), &mut seen);
        }
        for i in top.reached.into_inner().expect("no panic holds it") {
            let bad = |why: String| JobsError::Bad(format!("job {i}'s certificate: {why}"));
            for entry in G::part_entries(&merge.certificate_text(i)?, prover, &merge.board()).map_err(bad)? {
                keep(entry, &mut seen);
            }
        }
    }
    Ok(game.seal(&start, value, entries))
}
