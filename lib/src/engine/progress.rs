//! What a search tells a progress display: its [`Counters`], given to a
//! [`Progress`] about ten times a second. Apart from the limits
//! (`limits`) that carry a display to the searches, so that the display
//! of searches run side by side (`together`) needs nothing of the limits.

use std::time::Duration;

/// A search's counters, as a progress display is given them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Time since the search started.
    pub elapsed: Duration,
    /// Positions entered so far.
    pub visited: u64,
    /// Approximate bytes held by the search's table.
    pub table_bytes: u64,
    /// Her move count at the position evaluated last (strategy searches).
    pub her_move: Option<u32>,
}

/// Told how a long search is going (the command line draws a spinner from
/// it). Lives as long as the program: a static, or `Box::leak` one.
pub trait Progress: Sync {
    /// A search is running: called about ten times a second with its
    /// counters (`elapsed` counts from its start).
    fn update(&self, counters: &Counters);
    /// The search that [`Progress::update`] was about has ended.
    fn finish(&self) {}
    /// A line about a stage of a run (e.g. the levels of the shortest
    /// refutation search).
    fn note(&self, _message: &str) {}
}
