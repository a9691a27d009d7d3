//! Progress over a job folder (`ramsey-verify jobs DIR`): jobs done,
//! running, failed, CPU so far, an estimate of what is left, and the
//! makespan the measured CPU times would give on more cores.

use super::{host_name, Folder, JobResult, JobsError};

/// A job folder's progress.
#[derive(Clone, Debug, Default)]
pub struct Status {
    /// Jobs in the manifest.
    pub total: usize,
    /// Finished jobs' results.
    pub done: Vec<JobResult>,
    /// Jobs started and not finished: (index, host, pid, whether the
    /// process is known to be gone: a killed job, to be rerun).
    pub running: Vec<(usize, String, u64, bool)>,
    /// Jobs that stopped without a value, with the reason.
    pub failed: Vec<(usize, String)>,
    /// Result files that cannot be read or are not their job's.
    pub bad: Vec<String>,
}

impl Status {
    /// Reads the folder's progress (results are read, the files they name
    /// are not checksummed: the merge does that).
    pub fn read(folder: &Folder) -> Result<Status, JobsError> {
        let manifest = folder.manifest()?;
        let mut status = Status {
            total: manifest.jobs.len(),
            ..Status::default()
        };
        let here = host_name();
        for job in &manifest.jobs {
            let i = job.index;
            match folder.result(&manifest, i, false) {
                Ok(Some(r)) => {
                    status.done.push(r);
                    continue;
                }
                Ok(None) => {}
                Err(e) => status.bad.push(e.to_string()),
            }
            if let Ok(text) = std::fs::read_to_string(folder.job_file("failed", i, "txt")) {
                status.failed.push((i, text.trim().to_string()));
            } else if let Ok(text) = std::fs::read_to_string(folder.job_file("running", i, "json")) {
                let note: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
                let host = note["host"].as_str().unwrap_or("?").to_string();
                let pid = note["pid"].as_u64().unwrap_or(0);
                let gone = host == here && !std::path::Path::new(&format!("/proc/{pid}")).exists();
                status.running.push((i, host, pid, gone));
            }
        }
        Ok(status)
    }

    /// CPU seconds of the finished jobs. Folded from `0.0`: `f64`'s `sum`
    /// of nothing is `-0.0`, which `jobs` printed as "-0.00 s".
    pub fn cpu_done(&self) -> f64 {
        self.done.iter().map(|r| r.cpu_seconds).fold(0.0, |a, b| a + b)
    }

    /// CPU seconds left, estimated as the finished jobs' mean times the
    /// jobs not finished (`None` before any job finished). Jobs differ
    /// widely in size, so this is rough until many have finished.
    pub fn cpu_left(&self) -> Option<f64> {
        let n = self.done.len();
        (n > 0).then(|| self.cpu_done() / n as f64 * (self.total - n) as f64)
    }

    /// The largest finished job's share of the finished jobs' CPU (load
    /// balance: with it at s, no number of cores brings the makespan below
    /// s of the total).
    pub fn largest_share(&self) -> Option<f64> {
        let most = self.done.iter().map(|r| r.cpu_seconds).fold(0.0, f64::max);
        (self.cpu_done() > 0.0).then(|| most / self.cpu_done())
    }

    /// The makespan of the finished jobs' CPU times on `cores` cores, each
    /// job started in index order on the first core free (what `parallel
    /// -j cores` and a Slurm array do), and the lower bound
    /// max(total / cores, largest job).
    pub fn makespan(&self, cores: usize) -> (f64, f64) {
        let mut free = vec![0.0f64; cores.max(1)];
        let mut done: Vec<&JobResult> = self.done.iter().collect();
        done.sort_by_key(|r| r.index);
        for r in done {
            let first = (0..free.len())
                .min_by(|&a, &b| free[a].total_cmp(&free[b]))
                .expect("a core");
            free[first] += r.cpu_seconds;
        }
        let most = self.done.iter().map(|r| r.cpu_seconds).fold(0.0, f64::max);
        let span = free.into_iter().fold(0.0, f64::max);
        (span, (self.cpu_done() / cores.max(1) as f64).max(most))
    }
}
