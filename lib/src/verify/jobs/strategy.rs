//! `verify` split into jobs (`split --strategy`, issue 26): the strategy
//! played from her opening for a few of his moves, branching on his
//! replies one per orbit as the verifier does, isomorphic situations merged
//! by the verifier's own key (the canonical position *and* the strategy's
//! memory: [`canonical_form`]); one job per situation left, each verifying
//! the strategy from there; the merge gives the run's verdict.
//!
//! A job's value is the one-process search's value at its situation, so
//! the merge is exact: VERIFIED iff every job is, her most moves the
//! largest job's (a situation's moves count from the empty board); REFUTED
//! by the lowest-numbered failing job, whose line is the one process's
//! first counterexample (jobs are numbered in reply order, a merged
//! situation at its first occurrence). Positions are summed over the jobs
//! and the situations above the frontier: a position two jobs meet by
//! transposition is counted by each, so the sum can exceed the one
//! process's count. Only `--choices one` with the shortcuts, as `verify`
//! runs by default. Each verified job writes the format-2 certificate of
//! its situation (a subtree, `start` line) and the merge glues them into
//! one from the empty board ([`cert`]).

use super::run::{record, JobError, Ran, Usage};
use super::{tool, Folder, GameSpec, JobResult, JobSpec, JobsError, Manifest, MANIFEST_FORMAT};
use crate::core::board::{Player, Position};
use crate::core::canon::canonical_form;
use crate::core::memory::Memory;
use crate::core::orbits::edge_orbit_representatives;
use crate::engine::Limits;
use crate::verify::cert::{Certificate, Recorder};
use crate::verify::line::Line;
use crate::verify::search::{FailKind, Search, Value};
use crate::verify::strategy::Strategy;
use crate::verify::{fail_kind_name, new_search, Request, Verdict};
use serde::{Deserialize, Serialize};
use std::cmp::Reverse;
use std::collections::HashSet;

pub mod cert;

/// A strategy verification as the manifest states it (`verify --strategy
/// S --board B --bound N`), so a job elsewhere rebuilds the same run.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct StrategySpec {
    /// The strategy's name in the registry of the program running the jobs.
    pub strategy: String,
    /// The board, as `--board` takes it (`inf` or n).
    pub board: String,
    /// The bound on her moves.
    pub bound: u32,
}

/// A situation of the frontier, reached from her opening by his replies
/// `path` (orbit indices, [`Search::principal_line_through`]).
struct Situation {
    path: Vec<u32>,
    position: Position,
    memory: Memory,
    /// The game ended on the path (the situation is not expanded).
    ended: bool,
}

/// The frontier `plies` of his moves below her opening, in reply order,
/// isomorphic open situations merged (the first kept); and how many
/// distinct situations with him to move lie above it (stored by the one
/// process, by no job).
fn frontier(search: &Search, plies: u32) -> Result<(Vec<Situation>, u64), JobsError> {
    let (position, memory, _) = search
        .opening()
        .map_err(|e| JobsError::Bad(format!("nothing to split: {}", e.describe(search.game))))?;
    let mut level = vec![Situation {
        path: vec![],
        position,
        memory,
        ended: false,
    }];
    let mut top = 0;
    for _ in 0..plies {
        let mut next = Vec::new();
        let mut seen = HashSet::new();
        for s in level {
            if s.ended {
                next.push(s);
                continue;
            }
            top += 1;
            let canon = canonical_form(&s.position, &s.memory, None);
            let back = canon.to_canon.inverse();
            for (k, rep) in edge_orbit_representatives(&canon).into_iter().enumerate() {
                let x = search.exchange(&s.position, &s.memory, rep.map(|v| back.apply(v)));
                let key = canonical_form(&x.position, &x.memory, None).key.words(0);
                if x.ending.is_none() && !seen.insert(key) {
                    continue;
                }
                let path = s.path.iter().copied().chain([k as u32]).collect();
                next.push(Situation {
                    path,
                    position: x.position,
                    memory: x.memory,
                    ended: x.ending.is_some(),
                });
            }
        }
        level = next;
    }
    Ok((level, top))
}

/// The manifest line of frontier situation `index`.
fn job_spec(index: usize, s: &Situation) -> JobSpec {
    let canon = canonical_form(&s.position, &s.memory, None).position;
    // Her and his edges in canonical labels (a `RED:BLUE` colouring of
    // K_aleph0 would spell out all its 128 vertices).
    let edges = |p: Player| {
        canon
            .edges(p)
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    JobSpec {
        index,
        path: s.path.clone(),
        position: format!("{}:{}", edges(Player::First), edges(Player::Second)),
        to_move: if s.ended { "none" } else { "blue" }.into(),
        free_edges: canon.free_edges().len(),
    }
}

/// The request a folder's jobs run: the spec's, on `limits`.
fn request(spec: &StrategySpec, limits: Limits) -> Result<Request, JobsError> {
    let board = spec
        .board
        .parse()
        .map_err(|e| JobsError::Bad(format!("manifest board: {e}")))?;
    let mut request = Request::new(board, spec.bound, limits.threads());
    request.limits = limits;
    Ok(request)
}

/// Splits `verify` of `strategy` as `spec` says at `plies` of his moves
/// and writes the folder (jobs run by `command`, writing certificates if
/// `certificates`); the manifest written.
pub fn split_strategy(
    strategy: &dyn Strategy,
    spec: StrategySpec,
    plies: u32,
    folder: &Folder,
    command: String,
    certificates: bool,
) -> Result<Manifest, JobsError> {
    let search = new_search(strategy, &request(&spec, Limits::default())?);
    let (situations, _) = frontier(&search, plies)?;
    let manifest = Manifest {
        format: MANIFEST_FORMAT.to_string(),
        tool: tool(),
        game: GameSpec::Strategy(spec),
        depth: plies,
        keys: false,
        certificates,
        command,
        jobs: situations.iter().enumerate().map(|(i, s)| job_spec(i, s)).collect(),
        layers: None,
    };
    folder.create(&manifest)?;
    Ok(manifest)
}

/// The spec of a strategy folder's manifest.
pub fn spec_of(manifest: &Manifest) -> Option<&StrategySpec> {
    match &manifest.game {
        GameSpec::Strategy(spec) => Some(spec),
        _ => None,
    }
}

/// Runs job `index` of a strategy folder (unless it has finished before):
/// verifies `strategy` from its situation, on the current thread pool;
/// `usage` is read once it is done.
pub fn run_strategy_job(
    folder: &Folder,
    strategy: &dyn Strategy,
    index: usize,
    limits: Limits,
    usage: impl Fn() -> Usage,
) -> Result<Ran, JobError> {
    let manifest = folder.manifest()?;
    let spec = spec_of(&manifest).ok_or_else(|| JobsError::Bad("not a strategy folder".into()))?;
    let job = manifest
        .jobs
        .get(index)
        .ok_or_else(|| JobsError::Bad(format!("no job {index}: the folder has {}", manifest.jobs.len())))?;
    if let Some(done) = folder.result(&manifest, index, true)? {
        return Ok(Ran::Skipped(done));
    }
    let request = request(spec, limits)?;
    let certify = manifest.certificates.then_some(folder);
    record(folder, index, limits.threads(), usage, || {
        verify_job(strategy, &request, job, certify)
    })
}

/// The job's verification, its result without the process's usage; with
/// `certify`, a verified job's certificate written beside its result.
fn verify_job(
    strategy: &dyn Strategy,
    request: &Request,
    job: &JobSpec,
    certify: Option<&Folder>,
) -> Result<JobResult, JobError> {
    let recorder = Recorder::new();
    let mut search = new_search(strategy, request);
    if certify.is_some() {
        search = search.with_observer(&recorder);
    }
    let (value, line) = match job_value(&search, job)? {
        (Value::Fail { .. }, _) if request.limits.threads() > 1 => {
            // As `verify` does: the positions a parallel search touched
            // past a refutation depend on timing; a sequential rerun's do not.
            search = new_search(strategy, request).sequential();
            job_value(&search, job)?
        }
        found => found,
    };
    let score = match value {
        Value::Win(total) => serde_json::json!({"verdict": Verdict::Verified, "max_moves": total}),
        Value::Fail { kind, .. } => {
            serde_json::json!({"verdict": Verdict::Refuted, "failure": fail_kind_name(kind)})
        }
    };
    let certificate = match (certify, value) {
        (Some(folder), Value::Win(_)) => cert::job_certificate(&search, &recorder, job)
            .map(|c| folder.write_part(job.index, "cert", c.text.as_bytes(), c.entries as u64))
            .transpose()?,
        _ => None,
    };
    let plies = line.count(Player::Second) as u32;
    let moves = line.moves.iter().map(|m| m.edge.to_string()).collect();
    Ok(JobResult {
        certificate,
        ..JobResult::new(job, score, plies, moves, search.positions())
    })
}

/// The value at the job's situation and the principal line through it
/// (from the empty board), its path checked against the manifest.
fn job_value(search: &Search, job: &JobSpec) -> Result<(Value, Line), JobError> {
    let reached = situation_at(search, &job.path)
        .filter(|s| job_spec(job.index, s) == *job)
        .ok_or_else(|| {
            JobsError::Bad(format!(
                "job {}: its path does not lead to the manifest's situation (split by another version?)",
                job.index
            ))
        })?;
    let value = match reached.ended {
        false => Some(search.value(&canonical_form(&reached.position, &reached.memory, None))?),
        true => None,
    };
    let line = search.principal_line_through(&job.path)?;
    let value = value.unwrap_or_else(|| match FailKind::of(&line.ending) {
        Some(kind) => Value::Fail {
            kind,
            his_moves: line.count(Player::Second) as u32,
        },
        None => Value::Win(line.count(Player::First) as u32),
    });
    Ok((value, line))
}

/// Where his replies `path` lead from her opening; `None` if the path is
/// not one of his lines (an index past his replies, a move after the end).
fn situation_at(search: &Search, path: &[u32]) -> Option<Situation> {
    let (mut position, mut memory, _) = search.opening().ok()?;
    for (i, &k) in path.iter().enumerate() {
        let canon = canonical_form(&position, &memory, None);
        let rep = *edge_orbit_representatives(&canon).get(k as usize)?;
        let x = search.exchange(&position, &memory, rep.map(|v| canon.to_canon.inverse().apply(v)));
        (position, memory) = (x.position, x.memory);
        if x.ending.is_some() {
            return (i + 1 == path.len()).then(|| Situation {
                path: path.to_vec(),
                position,
                memory,
                ended: true,
            });
        }
    }
    Some(Situation {
        path: path.to_vec(),
        position,
        memory,
        ended: false,
    })
}

/// A strategy folder merged: the verdict one process gives, and what the
/// jobs spent.
#[derive(Clone, Debug, Serialize)]
pub struct StrategyMerged {
    /// VERIFIED iff every job verified.
    pub verdict: Verdict,
    /// Her most moves on any line (verified): the largest job's.
    pub max_moves: Option<u32>,
    /// The refutation's kind (`second_player_wins`, ...; refuted).
    pub failure: Option<String>,
    /// The lowest-numbered refuted job, whose line is the counterexample.
    pub refuting_job: Option<usize>,
    /// From the empty board: the first counterexample in reply order
    /// (refuted), or a longest line (verified).
    pub line: Vec<String>,
    /// Jobs merged.
    pub jobs: usize,
    /// His moves from her opening to the frontier.
    pub plies: u32,
    /// Positions the jobs stored, added up (a position two jobs reach is
    /// counted by each).
    pub job_positions: u64,
    /// Distinct situations with him to move above the frontier.
    pub top_positions: u64,
    /// CPU seconds of all jobs.
    pub cpu_seconds: f64,
    /// CPU seconds of the largest job.
    pub largest_cpu_seconds: f64,
    /// Entries of the merged certificate, if one was asked for.
    pub certificate_entries: Option<usize>,
    /// The merged certificate (format 2, from the empty board), if asked for.
    #[serde(skip)]
    pub certificate: Option<Certificate>,
}

/// Merges a strategy folder whose jobs have all finished: the frontier
/// recomputed with `strategy` and checked against the manifest, every
/// result read (a missing or changed one refused by number); with
/// `certify`, the jobs' certificates glued into one ([`cert`]; an error if
/// the strategy is refuted or a job's certificate is missing or damaged).
pub fn merge_strategy(folder: &Folder, strategy: &dyn Strategy, certify: bool) -> Result<StrategyMerged, JobsError> {
    let manifest = folder.manifest()?;
    let spec = spec_of(&manifest).ok_or_else(|| JobsError::Bad("not a strategy folder".into()))?;
    if spec.strategy != strategy.name() {
        return Err(JobsError::Bad(format!("the folder verifies {}", spec.strategy)));
    }
    if certify && !manifest.certificates {
        return Err(JobsError::Bad(
            "the jobs wrote no certificates (split --no-cert)".into(),
        ));
    }
    let search = new_search(strategy, &request(spec, Limits::default())?);
    let (situations, top) = frontier(&search, manifest.depth)?;
    let specs: Vec<JobSpec> = situations.iter().enumerate().map(|(i, s)| job_spec(i, s)).collect();
    if specs != manifest.jobs {
        return Err(JobsError::Bad(
            "the manifest's jobs are not this strategy's frontier".into(),
        ));
    }
    let mut results = Vec::new();
    for i in 0..manifest.jobs.len() {
        let result = folder.result(&manifest, i, true)?;
        results.push(result.ok_or_else(|| JobsError::Bad(format!("job {i} has not finished")))?);
    }
    let outcomes = results.iter().map(outcome).collect::<Result<Vec<_>, _>>()?;
    let refuting = outcomes.iter().position(|o| o.is_err());
    let chosen = match refuting {
        Some(i) => i,
        None => (0..outcomes.len())
            .max_by_key(|&i| (outcomes[i].clone().ok(), Reverse(i)))
            .unwrap_or(0),
    };
    let failure = refuting.and_then(|i| outcomes[i].clone().err());
    if failure.as_deref() == Some("contract_broken") {
        return Err(JobsError::Bad(format!(
            "job {}: the strategy broke its contract: no verdict",
            refuting.unwrap_or(0)
        )));
    }
    let max_moves = refuting
        .is_none()
        .then(|| outcomes.iter().flatten().copied().max())
        .flatten();
    let certificate = match (certify, max_moves) {
        (false, _) => None,
        (true, Some(_)) => {
            let jobs = cert::Jobs {
                folder,
                depth: manifest.depth,
                situations: &situations,
                results: &results,
                totals: outcomes.iter().flatten().copied().collect(),
            };
            Some(cert::merged(&search, &jobs)?)
        }
        (true, None) => {
            return Err(JobsError::Bad(
                "the strategy is refuted: no certificate of a win (verify --cert writes the refutation)".into(),
            ))
        }
    };
    Ok(StrategyMerged {
        verdict: if refuting.is_some() {
            Verdict::Refuted
        } else {
            Verdict::Verified
        },
        max_moves,
        failure,
        refuting_job: refuting,
        line: results.get(chosen).map(|r| r.line.clone()).unwrap_or_default(),
        jobs: results.len(),
        plies: manifest.depth,
        job_positions: results.iter().map(|r| r.positions).sum(),
        top_positions: top,
        cpu_seconds: results.iter().map(|r| r.cpu_seconds).sum(),
        largest_cpu_seconds: results.iter().map(|r| r.cpu_seconds).fold(0.0, f64::max),
        certificate_entries: certificate.as_ref().map(|c| c.entries),
        certificate,
    })
}

/// A job's outcome from its result: her most moves, or the failure's kind.
fn outcome(result: &JobResult) -> Result<Result<u32, String>, JobsError> {
    let score = &result.score;
    let bad = || JobsError::Bad(format!("job {}: its score {score} is not a verdict", result.index));
    match score["verdict"].as_str() {
        Some("verified") => Ok(Ok(score["max_moves"]
            .as_u64()
            .and_then(|m| u32::try_from(m).ok())
            .ok_or_else(bad)?)),
        Some("refuted") => Ok(Err(score["failure"].as_str().ok_or_else(bad)?.to_string())),
        _ => Err(bad()),
    }
}
