//! The merge of a job folder: the root's value from the top of the tree
//! and the jobs' values ([`crate::engine::split::glue`]), one optimal line,
//! the positions counted, and (`parts.rs`) one certificate.

use super::run::job_position;
use super::{io_error, Folder, JobResult, JobsError, Manifest, Splittable};
use crate::core::board::Position;
use crate::engine::split::{count_distinct, frontier, glue, Glued};
use crate::engine::{best_index, inverse, MoveValues, Solver, Stopped};
use crate::games::Value;
use crate::verify::cert::Certificate;
use std::collections::HashMap;

/// A job folder whose jobs have all finished, read and checked.
pub struct Merge<G: Splittable> {
    /// The manifest.
    pub manifest: Manifest,
    game: G,
    folder: Folder,
    /// Every job's result, by index.
    pub results: Vec<JobResult>,
    /// Job index by the canonical key of its position.
    index: HashMap<Box<[u64]>, usize>,
    /// Every job's value, by index.
    values: Vec<Value<G::Score>>,
}

/// What the merge found.
#[derive(Clone, Debug)]
pub struct Merged<S> {
    /// The root's value.
    pub value: Value<S>,
    /// One optimal line from the start, in the start's labels.
    pub line: Vec<String>,
    /// Distinct positions the glue solver stored (above the frontier, and
    /// final positions up to it).
    pub top_positions: u64,
    /// The jobs' positions added up (a position met by several jobs is
    /// counted by each).
    pub job_positions: u64,
    /// Distinct positions over the glue and all jobs (with key files): the
    /// count one process reports.
    pub distinct_positions: Option<u64>,
    /// The merged certificate, if the jobs wrote theirs.
    pub certificate: Option<Certificate>,
}

impl<G: Splittable> Merge<G> {
    /// Reads the folder: the manifest, checked against the frontier
    /// recomputed from its game, and every job's result with the files it
    /// names. Missing and bad results are all listed in one error.
    pub fn load(folder: &Folder) -> Result<Merge<G>, JobsError> {
        let manifest = folder.manifest()?;
        let game = G::from_spec(&manifest.game)?;
        let nodes = frontier(&game, manifest.depth);
        if nodes.len() != manifest.jobs.len() {
            return Err(JobsError::Bad(format!(
                "the manifest has {} jobs, the frontier at depth {} has {} positions",
                manifest.jobs.len(),
                manifest.depth,
                nodes.len()
            )));
        }
        let mut index = HashMap::new();
        for (node, job) in nodes.into_iter().zip(&manifest.jobs) {
            if node.path != job.path {
                return Err(JobsError::Bad(format!(
                    "job {}: not the frontier's position",
                    job.index
                )));
            }
            index.insert(job_position(&game, job)?.key, job.index);
        }
        let (mut results, mut missing, mut bad) = (Vec::new(), Vec::new(), Vec::new());
        let mut values = Vec::new();
        for job in &manifest.jobs {
            match folder.result(&manifest, job.index, true) {
                Ok(Some(r)) => match game.score_from(&r.score) {
                    Some(score) => {
                        values.push(Value { score, plies: r.plies });
                        results.push(r);
                    }
                    None => bad.push(format!("job {}: score {} is not this game's", job.index, r.score)),
                },
                Ok(None) => missing.push(job.index.to_string()),
                Err(e) => bad.push(e.to_string()),
            }
        }
        if !missing.is_empty() || !bad.is_empty() {
            let mut why = Vec::new();
            if !missing.is_empty() {
                why.push(format!(
                    "{} jobs without a result ({})",
                    missing.len(),
                    abbreviate(&missing)
                ));
            }
            why.extend(bad);
            return Err(JobsError::Bad(format!("cannot merge: {}", why.join("; "))));
        }
        Ok(Merge {
            manifest,
            game,
            folder: folder.clone(),
            results,
            index,
            values,
        })
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The job whose position is `position`'s up to isomorphism.
    pub(super) fn job_at(&self, position: &Position) -> Option<usize> {
        self.index.get(&self.game.canonical(position).key).copied()
    }

    /// The root's value, line and counts, and with `certify` (and job
    /// certificates) the merged certificate.
    pub fn merge(&self, certify: bool) -> Result<Merged<G::Score>, JobsError> {
        let values = self.index.iter().map(|(k, &i)| (k.clone(), self.values[i])).collect();
        let solver = glue(&self.game, values);
        let stopped = |e: Stopped| JobsError::Bad(e.to_string());
        let start = self.game.start();
        let value = solver.value(&start).map_err(stopped)?;
        let line = self.line(&solver).map_err(stopped)?;
        let distinct = match self.manifest.keys {
            true => Some(self.distinct(&solver)?),
            false => None,
        };
        let certificate = match certify && self.manifest.certificates {
            true => G::merged(self, &solver).transpose()?,
            false => None,
        };
        Ok(Merged {
            value,
            line,
            top_positions: solver.positions(),
            job_positions: self.results.iter().map(|r| r.positions).sum(),
            distinct_positions: distinct,
            certificate,
        })
    }

    /// One optimal line: the glue's first optimal moves down to a frontier
    /// position, then that job's line, relabelled from its canonical labels.
    fn line(&self, solver: &Solver<Glued<G>>) -> Result<Vec<String>, Stopped> {
        let mut current = self.game.start();
        let mut line = Vec::new();
        while self.game.outcome(&current).is_none() {
            if let Some(i) = self.job_at(&current) {
                let back = inverse(&self.game.canonical(&current).to_canon);
                line.extend(self.results[i].line.iter().map(|m| relabel(m, &back)));
                break;
            }
            let best = best_move(solver, &current)?;
            line.push(self.game.move_text(&best.m));
            current = self.game.play(&current, &best.m);
        }
        Ok(line)
    }

    /// Distinct positions over the glue's table and the jobs' key files.
    fn distinct(&self, solver: &Solver<Glued<G>>) -> Result<u64, JobsError> {
        let mut files = Vec::new();
        for r in &self.results {
            let name = &r.keys.as_ref().expect("checked on load").file;
            let path = self.folder.root.join("results").join(name);
            files.push(std::io::BufReader::new(
                std::fs::File::open(&path).map_err(io_error(&path))?,
            ));
        }
        count_distinct(files, &solver.keys()).map_err(|e| JobsError::Bad(format!("key files: {e}")))
    }

    /// The text of job `i`'s certificate.
    pub(super) fn certificate_text(&self, i: usize) -> Result<String, JobsError> {
        let name = &self.results[i].certificate.as_ref().expect("checked on load").file;
        self.folder.part_text(name)
    }

    /// The empty board, for reading positions.
    pub(super) fn board(&self) -> Position {
        let start = self.game.start();
        Position::on_graph(start.vertex_count(), start.board_edges())
    }
}

/// The glue's first optimal move at `position` (not over, above the
/// frontier) and its value, the move counted.
pub(super) fn best_move<G: Splittable>(
    solver: &Solver<Glued<G>>,
    position: &Position,
) -> Result<MoveValues<G>, Stopped> {
    let mut options = solver.move_values(position)?;
    let best = best_index(solver.question(), position.to_move(), options.iter().map(|o| o.value))
        .expect("a position that is not over has a move");
    Ok(options.swap_remove(best))
}

/// A move's text (`u-v,w-x`) with its vertices mapped by `perm`.
fn relabel(m: &str, perm: &[crate::core::board::Vertex]) -> String {
    let vertex = |v: &str| v.parse::<usize>().ok().and_then(|v| perm.get(v)).map(|w| w.to_string());
    let edge = |e: &str| {
        let (u, v) = e.split_once('-')?;
        let (u, v) = (vertex(u)?, vertex(v)?);
        Some(format!("{u}-{v}"))
    };
    m.split(',')
        .map(|e| edge(e).unwrap_or_else(|| e.to_string()))
        .collect::<Vec<_>>()
        .join(",")
}

/// At most ten items, then how many more.
fn abbreviate(items: &[String]) -> String {
    let shown = items.iter().take(10).cloned().collect::<Vec<_>>().join(", ");
    match items.len() > 10 {
        true => format!("{shown}, ... {} more", items.len() - 10),
        false => shown,
    }
}
