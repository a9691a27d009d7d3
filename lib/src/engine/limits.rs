//! What a search may use and whom it tells how far it is: one [`Limits`]
//! (worker threads, a memory cap, a progress display), built once by the
//! caller (the command line builds it from `--threads N` and
//! `--max-memory MIB`) and passed down to every search.
//!
//! Results never depend on the limits: the thread count only changes who
//! computes a position first, and a search that reaches the memory cap
//! gives no value at all but stops with [`Stopped`], a typed outcome that
//! no caller can mistake for a value.

pub use super::progress::{Counters, Progress};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Most worker threads a run may ask for.
pub const MAX_THREADS: usize = 256;

/// Bytes in a MiB: the one factor between the MiB a person types and the
/// bytes a search counts.
pub const MIB: u64 = 1 << 20;

/// How often a running search reports its counters to [`Progress`].
const TICK: Duration = Duration::from_millis(100);

/// The limits of a run: worker threads, a cap on the memory of the search
/// tables, and where progress goes. Cheap to copy; see the module
/// documentation.
#[derive(Clone, Copy)]
pub struct Limits {
    threads: usize,
    max_memory: u64,
    progress: Option<&'static dyn Progress>,
    interrupt: Option<&'static AtomicBool>,
}

/// Why a limit cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LimitsError {
    /// Not a thread count from 1 to [`MAX_THREADS`].
    #[error("threads must be a number from 1 to {MAX_THREADS}, not `{0}`")]
    Threads(String),
    /// Not a memory cap of at least 1 MiB that fits in bytes.
    #[error("the memory cap must be a whole number of MiB from 1 to {}, not `{}`", u64::MAX / MIB, .0)]
    Memory(String),
    /// The thread pool could not be started.
    #[error("cannot start {threads} threads: {reason}")]
    Pool {
        /// Threads asked for.
        threads: usize,
        /// What the system said.
        reason: String,
    },
}

/// A search stopped by a limit: it has no value, only this.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no verdict: {reason}")]
pub struct Stopped {
    /// Which limit stopped it.
    pub reason: StopReason,
}

/// The limit a search stopped at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StopReason {
    /// Its tables reached the memory cap ([`Limits::max_memory`]).
    #[error("the transposition table reached its cap of {} MiB", bytes / MIB)]
    MemoryCap {
        /// The cap, in bytes.
        bytes: u64,
    },
    /// A certificate being written, with the search's table it reads,
    /// reached the memory cap ([`Limits::max_memory`]).
    #[error("writing the certificate reached the memory cap of {} MiB (the search's table and the certificate together)", bytes / MIB)]
    CertificateCap {
        /// The cap, in bytes.
        bytes: u64,
    },
    /// A job of a layered split (`verify::jobs::layered`): the files it
    /// reads and the buffers it fills reached the memory cap
    /// ([`Limits::max_memory`]) before it wrote anything.
    #[error("the job's files and buffers reached the memory cap of {} MiB", bytes / MIB)]
    JobCap {
        /// The cap, in bytes.
        bytes: u64,
    },
    /// Its caller raised the interrupt flag ([`Limits::with_interrupt`]).
    #[error("interrupted")]
    Interrupted,
}

impl Stopped {
    /// A search stopped at a memory cap of `bytes`.
    pub fn memory_cap(bytes: u64) -> Stopped {
        Stopped {
            reason: StopReason::MemoryCap { bytes },
        }
    }

    /// A certificate writer stopped at a memory cap of `bytes`.
    pub fn certificate_cap(bytes: u64) -> Stopped {
        Stopped {
            reason: StopReason::CertificateCap { bytes },
        }
    }
}

impl Default for Limits {
    /// Every core ([`default_threads`]), the default memory cap
    /// ([`default_memory_cap`]), no progress display.
    fn default() -> Limits {
        Limits {
            threads: default_threads(),
            max_memory: default_memory_cap(),
            progress: None,
            interrupt: None,
        }
    }
}

impl std::fmt::Debug for Limits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Limits")
            .field("threads", &self.threads)
            .field("max_memory", &self.max_memory)
            .field("progress", &self.progress.is_some())
            .field("interrupt", &self.interrupt.is_some())
            .finish()
    }
}

impl Limits {
    /// The same limits with `threads` worker threads (checked, from 1 to
    /// [`MAX_THREADS`], when a pool is started: [`Limits::install`]).
    pub fn with_threads(self, threads: usize) -> Limits {
        Limits { threads, ..self }
    }

    /// The same limits with the tables capped at about `bytes` bytes.
    pub fn with_max_memory(self, bytes: u64) -> Limits {
        Limits {
            max_memory: bytes,
            ..self
        }
    }

    /// The same limits telling `progress` how searches go.
    pub fn with_progress(self, progress: &'static dyn Progress) -> Limits {
        Limits {
            progress: Some(progress),
            ..self
        }
    }

    /// `threads` copies of these limits for searches run side by side, one
    /// per thread, whose progress reaches this display as the run's totals
    /// (positions entered by all, tables of those running: module
    /// `together`), since one display cannot tell several searches apart.
    /// Without a display, `threads` copies.
    pub fn side_by_side(self, threads: usize) -> Vec<Limits> {
        match self.progress {
            Some(display) => super::together::reporters(display, threads)
                .map(|reporter| self.with_progress(reporter))
                .collect(),
            None => vec![self; threads],
        }
    }

    /// The same limits, stopping every search soon after `flag` is set
    /// (with [`StopReason::Interrupted`]): how a caller that is not a
    /// terminal (the Python package on Ctrl-C) ends a long run cleanly.
    /// Searches look at the flag where they look at the memory cap.
    pub fn with_interrupt(self, flag: &'static AtomicBool) -> Limits {
        Limits {
            interrupt: Some(flag),
            ..self
        }
    }

    /// Whether the interrupt flag, if any, is set.
    pub fn interrupted(&self) -> bool {
        self.interrupt.is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// Worker threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The cap on a search's tables, in bytes.
    pub fn max_memory(&self) -> u64 {
        self.max_memory
    }

    /// Whether a progress display is attached.
    pub fn shows_progress(&self) -> bool {
        self.progress.is_some()
    }

    /// Runs `work` on a pool of [`Limits::threads`] workers: the one place
    /// a run's thread pool is built. On a pool of that size already (a run
    /// inside a run), `work` runs there and no pool is built.
    pub fn install<T: Send>(&self, work: impl FnOnce() -> T + Send) -> Result<T, LimitsError> {
        check_threads(self.threads)?;
        if rayon::current_thread_index().is_some() && rayon::current_num_threads() == self.threads {
            return Ok(work());
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads)
            .build()
            .map_err(|e| LimitsError::Pool {
                threads: self.threads,
                reason: e.to_string(),
            })?;
        Ok(pool.install(work))
    }

    /// Runs `work` (a search) while the progress display, if any, is told
    /// `counters()` ten times a second; without one, just runs it.
    pub fn watch<T>(&self, counters: impl Fn() -> Counters + Sync, work: impl FnOnce() -> T) -> T {
        let Some(progress) = self.progress else {
            return work();
        };
        let done = AtomicBool::new(false);
        let start = Instant::now();
        std::thread::scope(|scope| {
            scope.spawn(|| {
                while !done.load(Ordering::Relaxed) {
                    std::thread::sleep(TICK);
                    let elapsed = start.elapsed();
                    progress.update(&Counters { elapsed, ..counters() });
                }
                progress.finish();
            });
            let out = work();
            done.store(true, Ordering::Relaxed);
            out
        })
    }

    /// Tells the progress display, if any, a line about a stage of a run.
    pub fn note(&self, message: &str) {
        if let Some(progress) = self.progress {
            progress.note(message);
        }
    }
}

/// `threads` if it is a usable thread count.
fn check_threads(threads: usize) -> Result<usize, LimitsError> {
    match threads {
        1..=MAX_THREADS => Ok(threads),
        _ => Err(LimitsError::Threads(threads.to_string())),
    }
}

/// A thread count as typed (`--threads N`): a number from 1 to
/// [`MAX_THREADS`].
pub fn parse_threads(text: &str) -> Result<usize, LimitsError> {
    let bad = || LimitsError::Threads(text.to_string());
    text.trim()
        .parse::<usize>()
        .map_err(|_| bad())
        .and_then(check_threads)
        .map_err(|_| bad())
}

/// A memory cap as typed (`--max-memory MIB`), in bytes: a whole number of
/// MiB, at least 1, whose bytes fit in a `u64`. The one place MiB become
/// bytes.
pub fn parse_max_memory(text: &str) -> Result<u64, LimitsError> {
    let bad = || LimitsError::Memory(text.to_string());
    let mib = text.trim().parse::<u64>().map_err(|_| bad())?;
    match mib {
        0 => Err(bad()),
        _ => mib.checked_mul(MIB).ok_or_else(bad),
    }
}

/// The default number of worker threads: every core the system offers
/// (at most [`MAX_THREADS`]), asked once.
pub fn default_threads() -> usize {
    static THREADS: OnceLock<usize> = OnceLock::new();
    *THREADS.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS)))
}

/// The machine's physical memory in bytes (read once from
/// `/proc/meminfo`), if it can be read.
pub fn machine_memory() -> Option<u64> {
    static TOTAL: OnceLock<Option<u64>> = OnceLock::new();
    *TOTAL.get_or_init(|| {
        let text = std::fs::read_to_string("/proc/meminfo").ok()?;
        let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
        let kib = line.split_whitespace().nth(1)?.parse::<u64>().ok()?;
        Some(kib * 1024)
    })
}

/// The default memory cap: half the machine's physical memory
/// ([`machine_memory`]), or 8 GiB where that cannot be read.
///
/// Why half: the table is most of a search's memory, and a search past the
/// machine's memory is killed by the system with nothing said, while one
/// at the cap stops with a message (exit code 3 on the command line). Half
/// leaves the rest to the system and other programs, and is far above what
/// the recorded runs need (the K4 certification about 90 MB, the largest
/// Erdős games 1 to 3.5 GB), so no recorded run stops at it on a machine
/// of 8 GB or more.
pub fn default_memory_cap() -> u64 {
    machine_memory().map_or(8 << 30, |bytes| bytes / 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_caps_are_whole_mib_that_fit() {
        assert_eq!(parse_max_memory("1"), Ok(MIB));
        assert_eq!(parse_max_memory("6144"), Ok(6144 * MIB));
        for bad in ["0", "-1", "x", "", "1.5", "18446744073709551615", "17592186044416"] {
            assert!(parse_max_memory(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_max_memory("17592186044415"), Ok(17592186044415 * MIB));
    }

    #[test]
    fn thread_counts_are_from_1_to_the_maximum() {
        assert_eq!(parse_threads("1"), Ok(1));
        assert_eq!(parse_threads("256"), Ok(256));
        for bad in ["0", "257", "-1", "x", ""] {
            assert!(parse_threads(bad).is_err(), "{bad}");
        }
        assert!(Limits::default().with_threads(0).install(|| ()).is_err());
    }

    #[test]
    fn a_pool_of_the_same_size_is_not_built_again() {
        let limits = Limits::default().with_threads(2);
        let inner = limits.install(|| limits.install(rayon::current_num_threads)).unwrap();
        assert_eq!(inner, Ok(2));
    }
}
