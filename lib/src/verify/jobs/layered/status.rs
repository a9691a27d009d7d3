//! Progress over a layered folder (`ramsey-verify jobs DIR`): per level,
//! the forward and backward jobs done and their CPU; the makespan the
//! measured CPU times give on more cores, step after step (a step's jobs
//! start once the step before has finished).

use super::{Folder, LayerResult, Phase, Plan};
use crate::verify::jobs::JobsError;

/// A layered folder's progress.
#[derive(Clone, Debug)]
pub struct LayerStatus {
    /// The plan.
    pub plan: Plan,
    /// Finished jobs' results.
    pub done: Vec<LayerResult>,
    /// Jobs started and not finished.
    pub running: Vec<usize>,
    /// Result files that cannot be read or are not their job's.
    pub bad: Vec<String>,
}

/// One level's line: forward jobs done, backward jobs done, positions
/// (from the forward jobs done), CPU seconds.
pub type LevelLine = (usize, usize, usize, u64, f64);

impl LayerStatus {
    /// Reads the folder's progress (results only: the merge checks files).
    pub fn read(folder: &Folder) -> Result<LayerStatus, JobsError> {
        let plan = Folder::plan(&folder.manifest()?)?;
        let mut status = LayerStatus {
            plan,
            done: vec![],
            running: vec![],
            bad: vec![],
        };
        for i in 0..plan.jobs() {
            match folder.layer_result(&plan, i) {
                Ok(Some(r)) => status.done.push(r),
                Ok(None) if folder.job_file("running", i, "json").exists() => status.running.push(i),
                Ok(None) => {}
                Err(e) => status.bad.push(e.to_string()),
            }
        }
        Ok(status)
    }

    /// Per level: (level, forward done, backward done, positions, CPU).
    pub fn levels(&self) -> Vec<LevelLine> {
        let mut lines: Vec<LevelLine> = (0..self.plan.levels).map(|l| (l, 0, 0, 0, 0.0)).collect();
        for r in &self.done {
            let line = &mut lines[r.level];
            match r.phase {
                Phase::Forward => {
                    line.1 += 1;
                    line.3 += r.positions;
                }
                Phase::Backward => line.2 += 1,
            }
            line.4 += r.cpu_seconds;
        }
        lines
    }

    /// CPU seconds of the finished jobs.
    pub fn cpu_done(&self) -> f64 {
        self.done.iter().map(|r| r.cpu_seconds).sum()
    }

    /// The largest finished job's CPU seconds.
    pub fn largest(&self) -> f64 {
        self.done.iter().map(|r| r.cpu_seconds).fold(0.0, f64::max)
    }

    /// The makespan of the finished jobs on `cores` cores: each step's
    /// jobs in index order on the first core free, the steps one after
    /// another.
    pub fn makespan(&self, cores: usize) -> f64 {
        let mut total = 0.0;
        for step in 0..self.plan.steps() {
            let mut free = vec![0.0f64; cores.max(1)];
            let range = step * self.plan.shards..(step + 1) * self.plan.shards;
            for r in self.done.iter().filter(|r| range.contains(&r.index)) {
                let first = (0..free.len())
                    .min_by(|&a, &b| free[a].total_cmp(&free[b]))
                    .expect("a core");
                free[first] += r.cpu_seconds;
            }
            total += free.into_iter().fold(0.0, f64::max);
        }
        total
    }
}
