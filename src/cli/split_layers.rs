//! `merge` and `jobs` on a layered folder (`split --layers`): the value,
//! counts and certificate, and the progress per level. The folder is
//! `verify::jobs::layered`; this file prints.

use super::{output, Failure};
use crate::verify::jobs::layered::merge::{LayerMerge, LayerMerged};
use crate::verify::jobs::layered::status::LayerStatus;
use crate::verify::jobs::{Folder, JobsError, Splittable};
use std::path::Path;

/// The command line's failure for a folder's error.
pub(super) fn failure(e: JobsError) -> Failure {
    match e {
        JobsError::Io { .. } => Failure::Output(e.to_string()),
        JobsError::Bad(_) => Failure::BadInput(e.to_string()),
    }
}

/// Merges a layered folder: value, line, counts, certificate.
/// `cert`: where to write the certificate; `json`: one JSON object.
pub fn merge_layered<G: Splittable>(dir: &Path, cert: Option<&Path>, json_out: bool) -> Result<(), Failure> {
    let merge = LayerMerge::<G>::load(&Folder::at(dir)).map_err(failure)?;
    if cert.is_some() && !merge.manifest.certificates {
        return Err(Failure::BadInput("this folder's jobs make no certificate".into()));
    }
    let merged = merge.merge().map_err(failure)?;
    let certificate = match cert {
        Some(_) => G::layered(&merge, merged.value).transpose().map_err(failure)?,
        None => None,
    };
    match json_out {
        true => output::println(json(&merge, &merged, certificate.as_ref().map(|c| c.entries)))?,
        false => output::print(&text(&merge, &merged))?,
    }
    match (&certificate, cert) {
        (Some(c), Some(path)) => super::erdos::write_certificate(c, path),
        _ => Ok(()),
    }
}

fn text<G: Splittable>(merge: &LayerMerge<G>, m: &LayerMerged<G::Score>) -> String {
    format!(
        "VALUE: {}, after {} more moves with optimal play\noptimal line: {}\n\
         jobs: {} ({} levels x {} shards, forward and backward), {:.2} s CPU in all, the largest {:.2} s\n\
         positions: {} distinct (up to isomorphism, as one process counts them)\n",
        merge.game().score_text(m.value.score),
        m.value.plies,
        m.line.join(" "),
        merge.results.len(),
        merge.plan.levels,
        merge.plan.shards,
        m.cpu_seconds,
        m.largest_cpu_seconds,
        m.positions
    )
}

fn json<G: Splittable>(merge: &LayerMerge<G>, m: &LayerMerged<G::Score>, entries: Option<usize>) -> serde_json::Value {
    serde_json::json!({
        "value": merge.game().score_json(m.value.score),
        "plies": m.value.plies,
        "line": m.line,
        "jobs": merge.results.len(),
        "levels": merge.plan.levels,
        "shards": merge.plan.shards,
        "cpu_seconds": m.cpu_seconds,
        "largest_cpu_seconds": m.largest_cpu_seconds,
        "distinct_positions": m.positions,
        "certificate_entries": entries,
    })
}

/// Shows a layered folder's progress, level by level.
pub fn layered_status(dir: &Path, json: bool) -> Result<(), Failure> {
    let status = LayerStatus::read(&Folder::at(dir)).map_err(failure)?;
    let spans: Vec<(usize, f64)> = [16, 64, 256].into_iter().map(|p| (p, status.makespan(p))).collect();
    if json {
        return output::println(serde_json::json!({
            "total": status.plan.jobs(),
            "done": status.done.len(),
            "running": status.running,
            "bad": status.bad,
            "steps": status.plan.steps(),
            "shards": status.plan.shards,
            "cpu_seconds": status.cpu_done(),
            "largest_cpu_seconds": status.largest(),
            "makespan": spans.iter().map(|(p, s)| serde_json::json!({"cores": p, "seconds": s})).collect::<Vec<_>>(),
        }));
    }
    let mut text = format!(
        "jobs: {} done, {} running, {} bad, {} total ({} levels x {} shards, forward then backward)\n\
         level  forward  backward  positions  CPU s\n",
        status.done.len(),
        status.running.len(),
        status.bad.len(),
        status.plan.jobs(),
        status.plan.levels,
        status.plan.shards
    );
    for (level, f, b, positions, cpu) in status.levels() {
        text += &format!("{level:5}  {f:7}  {b:8}  {positions:9}  {cpu:.2}\n");
    }
    text += &format!(
        "CPU so far: {:.2} s; largest job {:.2} s\n",
        status.cpu_done(),
        status.largest()
    );
    for (p, span) in spans {
        text += &format!("makespan on {p} cores (steps in turn): {span:.2} s\n");
    }
    for why in &status.bad {
        text += &format!("bad: {why}\n");
    }
    output::print(&text)
}
