//! The progress display of the command line (indicatif): a spinner on
//! stderr for long searches with positions entered, positions per second,
//! her move count at the current position (strategy searches), table
//! memory and elapsed time. The library only calls [`Progress`]; this is
//! the one place that draws. Shown from a search's first second on, so
//! short runs and piped output stay clean.

use crate::engine::limits::{Counters, Progress, MIB};
use indicatif::{ProgressBar, ProgressStyle};
use std::sync::Mutex;
use std::time::Duration;

/// The spinner: one bar per search, made after its first second.
pub struct Spinner {
    bar: Mutex<Option<ProgressBar>>,
}

/// The program's one spinner.
pub static SPINNER: Spinner = Spinner { bar: Mutex::new(None) };

impl Progress for Spinner {
    fn update(&self, c: &Counters) {
        if c.elapsed < Duration::from_secs(1) {
            return;
        }
        let mut message = format!(
            "{} positions, {:.0}/s",
            c.visited,
            c.visited as f64 / c.elapsed.as_secs_f64()
        );
        if let Some(her_move) = c.her_move {
            message += &format!(", at her move {her_move}");
        }
        message += &format!(", table {} MiB", c.table_bytes / MIB);
        let mut bar = self.bar.lock().unwrap_or_else(|e| e.into_inner());
        let bar = bar.get_or_insert_with(|| spinner(c.elapsed));
        bar.set_message(message);
        bar.tick();
    }

    fn finish(&self) {
        let bar = self.bar.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
    }

    fn note(&self, message: &str) {
        super::output::note(message);
    }
}

/// A spinner whose clock starts `elapsed` ago.
fn spinner(elapsed: Duration) -> ProgressBar {
    let bar = ProgressBar::new_spinner().with_elapsed(elapsed);
    bar.set_style(ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}").expect("valid template"));
    bar
}

/// Progress over a stream of items (a census of graphs): how many are
/// done and how fast, on stderr when it is a terminal (indicatif draws
/// nothing otherwise, so piped output stays clean).
pub struct Counting {
    bar: ProgressBar,
    noun: &'static str,
}

impl Counting {
    /// Nothing done yet; `noun` names the items (plural).
    pub fn new(noun: &'static str) -> Counting {
        let bar = spinner(Duration::ZERO);
        bar.enable_steady_tick(Duration::from_millis(500));
        Counting { bar, noun }
    }

    /// One more item done.
    pub fn one_more(&mut self) {
        self.bar.inc(1);
        let done = self.bar.position();
        let rate = done as f64 / self.bar.elapsed().as_secs_f64().max(1e-9);
        self.bar.set_message(format!("{done} {}, {rate:.1}/s", self.noun));
    }

    /// The stream is over: the display is cleared.
    pub fn done(self) {
        self.bar.finish_and_clear();
    }
}
