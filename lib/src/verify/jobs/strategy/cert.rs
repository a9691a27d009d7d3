//! One format-2 certificate from a split verification (issue 26): each
//! verified job writes the certificate of its situation (a subtree
//! certificate: `start RED:BLUE`, him to move, proofs/FORMAT.md), and the
//! merge writes one from the empty board: her moves above the frontier
//! (the glue) and every job's entries, all fed through one
//! [`Recorder`], the writer of `verify --cert`.
//!
//! Why the union is a valid certificate of her win within the bound:
//!
//! - A job's entries are closed as its own certificate is (the checker's
//!   rule 4), with its start `S` closed with `d - 1 = T - r`, where `T` is
//!   the most moves she makes on a line through `S` (the job's value, from
//!   the empty board) and `r` her edges in `S`.
//! - The glue: her opening, and at each position `Q` above the frontier
//!   (after his reply, her turn) her answer, which leads to a situation
//!   `S` (a job's, a situation isomorphic to a job's with her memory, or
//!   one above the frontier), with depth `T(S) - r(Q)` where `T(S)` is the
//!   most moves below `S` (the largest job value under it). Every reply of
//!   his at `S` (one per orbit: the checker's replies fall in these up to
//!   isomorphism) leads to a position with an entry of depth at most
//!   `T(S) - r(S) = d - 1`: a glue entry one level down (its `T` is at most
//!   `T(S)`, its `r` is `r(S)`) or a job's entry; or she wins at once.
//! - The same position up to isomorphism (without her memory: two jobs,
//!   or the glue and a job, may meet it with different memories and moves)
//!   keeps one entry: the smallest depth, then the smallest move, as the
//!   recorder keeps them within one search. Each entry dropped had a depth
//!   at least the kept one's, so every lookup that found it finds the kept
//!   entry with a depth as small; and the kept entry is closed in its own
//!   certificate, whose entries are all kept or replaced the same way. By
//!   induction on depth every kept entry is closed.
//!
//! The root entry's depth is the largest job value, the merged `max
//! moves`; the checker re-proves all of it, so nothing here is trusted.

use super::{situation_at, Situation};
use crate::core::board::{Board, Edge, Player, Position};
use crate::core::canon::canonical_form;
use crate::core::graph6::{decode_position, encode_position};
use crate::core::memory::Memory;
use crate::core::orbits::edge_orbit_representatives;
use crate::verify::cert::{Certificate, Recorder, FORMAT_VERSION};
use crate::verify::jobs::{Folder, JobResult, JobSpec, JobsError};
use crate::verify::line::Ending;
use crate::verify::search::{Observer, Search};
use rayon::prelude::*;
use std::collections::HashMap;

/// The certificate of a verified job's situation (its canonical form, him
/// to move), from what `recorder` saw of `search`; `None` if the game
/// ended on the job's path (nothing below it to certify).
pub(super) fn job_certificate(search: &Search, recorder: &Recorder, job: &JobSpec) -> Option<Certificate> {
    let start = start_of(&situation_at(search, &job.path)?)?;
    Some(recorder.certificate(search.game, search.board.clone(), search.bound, Some(&start)))
}

/// The position a situation's certificate starts from: its canonical
/// form; `None` if the game ended there.
fn start_of(s: &Situation) -> Option<Position> {
    (!s.ended).then(|| canonical_form(&s.position, &s.memory, None).position)
}

/// A verified strategy folder's jobs, as the merge read them.
pub(super) struct Jobs<'f> {
    pub(super) folder: &'f Folder,
    /// His moves from her opening to the frontier.
    pub(super) depth: u32,
    /// The frontier, job by job.
    pub(super) situations: &'f [Situation],
    /// The jobs' results.
    pub(super) results: &'f [JobResult],
    /// Each job's most moves of hers (from the empty board).
    pub(super) totals: Vec<u32>,
}

/// The merged certificate of a verified strategy folder's `jobs`.
pub(super) fn merged(search: &Search, jobs: &Jobs) -> Result<Certificate, JobsError> {
    let recorder = Recorder::new();
    let mut totals = HashMap::new();
    for (i, (s, r)) in jobs.situations.iter().zip(jobs.results).enumerate() {
        let Some(start) = start_of(s) else { continue };
        totals.insert(canonical_form(&s.position, &s.memory, None).key, jobs.totals[i]);
        let part = r
            .certificate
            .as_ref()
            .ok_or_else(|| JobsError::Bad(format!("job {i} wrote no certificate (split --no-cert?)")))?;
        let text = jobs.folder.part_text(&part.file)?;
        read_job(&text, search, &start, &recorder)
            .map_err(|why| JobsError::Bad(format!("job {i}'s certificate: {why}")))?;
    }
    let glue = Glue {
        search,
        totals,
        recorder: &recorder,
    };
    let (position, memory, opening) = search
        .opening()
        .map_err(|e| JobsError::Bad(format!("no opening: {}", e.describe(search.game))))?;
    let total = glue.below(&position, &memory, jobs.depth)?;
    let most = jobs.totals.iter().copied().max().unwrap_or(0);
    if total != most {
        return Err(JobsError::Bad(format!(
            "the glue needs {total} moves, the jobs {most}: the results are not this strategy's"
        )));
    }
    recorder.her_move(&Position::empty(search.board.clone()), opening, total);
    Ok(recorder.certificate(search.game, search.board.clone(), search.bound, None))
}

/// Reads a job's certificate into `recorder`: its header must state the
/// search's board, target and bound and start from `start`; each entry is
/// told as the search tells a move of hers.
fn read_job(text: &str, search: &Search, start: &Position, recorder: &Recorder) -> Result<(), String> {
    let expected = [
        format!("ramsey-cert {FORMAT_VERSION}"),
        format!("board {}", search.board),
        format!("target {}", search.game.target_name()),
        format!("bound {}", search.bound),
        format!("start {}", encode_position(start)),
    ];
    let header: Vec<&str> = text.lines().take(8).collect();
    let stated = [
        header.first(),
        header.get(2),
        header.get(3),
        header.get(4),
        header.get(5),
    ];
    if let Some((line, want)) = stated
        .iter()
        .zip(&expected)
        .find(|(line, want)| **line != Some(&want.as_str()))
    {
        return Err(format!("line `{}` where `{want}` was expected", line.unwrap_or(&"")));
    }
    let body: Vec<(usize, &str)> = text.lines().enumerate().skip(8).collect();
    body.par_iter().try_for_each(|&(i, line)| {
        let (position, her, depth) = entry(line, &search.board).ok_or_else(|| format!("line {}: `{line}`", i + 1))?;
        recorder.her_move(&position, her, depth);
        Ok(())
    })
}

/// A body line `RED:BLUE U-V DEPTH`: the position, her move and its depth.
fn entry(line: &str, board: &Board) -> Option<(Position, Edge, u32)> {
    let mut fields = line.split(' ');
    let (Some(position), Some(her), Some(depth), None) = (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        return None;
    };
    let position = decode_position(position, board.clone()).ok()?;
    let (u, v) = her.split_once('-')?;
    let her = Edge::try_new(u.parse().ok()?, v.parse().ok()?).ok()?;
    Some((position, her, depth.parse().ok()?))
}

/// Her moves above the frontier.
struct Glue<'s, 'a> {
    search: &'s Search<'a>,
    /// Her most moves below each job's situation (canonical key, memory
    /// included), from the job's result.
    totals: HashMap<crate::core::canon::Key, u32>,
    recorder: &'s Recorder,
}

impl Glue<'_, '_> {
    /// Her most moves on any line through the situation (`position` with
    /// `memory`, him to move) `plies` of his moves above the frontier, her
    /// answers to each of his replies there (one per orbit) told to the
    /// recorder with that depth less her edges before them.
    fn below(&self, position: &Position, memory: &Memory, plies: u32) -> Result<u32, JobsError> {
        let canon = canonical_form(position, memory, None);
        if plies == 0 {
            return self.totals.get(&canon.key).copied().ok_or_else(|| {
                JobsError::Bad("a situation of the frontier has no job: the results are not this strategy's".into())
            });
        }
        let back = canon.to_canon.inverse();
        let mut most = 0;
        for rep in edge_orbit_representatives(&canon) {
            let his = rep.map(|v| back.apply(v));
            let x = self.search.exchange(position, memory, his);
            let total = match (&x.ending, x.her) {
                (None, Some(_)) => self.below(&x.position, &x.memory, plies - 1)?,
                (Some(Ending::FirstPlayerWins), Some(_)) => x.position.edge_count(Player::First) as u32,
                _ => {
                    return Err(JobsError::Bad(
                        "a line above the frontier does not end in her win".into(),
                    ))
                }
            };
            if let Some(her) = x.her {
                let before = position.with(his, Player::Second).expect("replies are unclaimed edges");
                let depth = total - before.edge_count(Player::First) as u32;
                self.recorder.her_move(&before, her, depth);
            }
            most = most.max(total);
        }
        Ok(most)
    }
}
