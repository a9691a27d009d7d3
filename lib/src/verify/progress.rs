//! A progress line on stderr for long searches (indicatif): positions
//! certified, positions per second, her move count at the current position,
//! table memory and elapsed time. Shown only when asked for, after the first
//! second, so short runs and piped output stay clean.

use crate::verify::search::Search;
use indicatif::{ProgressBar, ProgressStyle};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Updates a spinner from `search`'s counters until `done` is set.
pub fn watch(search: &Search, done: &AtomicBool) {
    watch_with(
        |elapsed| {
            let positions = search.visited();
            format!(
                "{} positions, {:.0}/s, at her move {}, table {} MiB",
                positions,
                positions as f64 / elapsed.as_secs_f64(),
                search.current_depth() + 1,
                search.table_bytes() >> 20,
            )
        },
        done,
    );
}

/// A spinner for any search: `counts` gives (positions entered, table
/// bytes); shown after the first second, until `done` is set.
pub fn watch_counts(counts: impl Fn() -> (u64, u64), done: &AtomicBool) {
    watch_with(
        |elapsed| {
            let (positions, bytes) = counts();
            format!(
                "{} positions, {:.0}/s, table {} MiB",
                positions,
                positions as f64 / elapsed.as_secs_f64(),
                bytes >> 20,
            )
        },
        done,
    );
}

/// Shows `message(elapsed)` ten times a second from the first second on,
/// until `done` is set; the spinner's clock counts from the start, not from
/// when it first appears.
fn watch_with(message: impl Fn(Duration) -> String, done: &AtomicBool) {
    let start = Instant::now();
    let mut bar: Option<ProgressBar> = None;
    while !done.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(100));
        let elapsed = start.elapsed();
        if elapsed < Duration::from_secs(1) {
            continue;
        }
        let bar = bar.get_or_insert_with(|| spinner(elapsed));
        bar.set_message(message(elapsed));
        bar.tick();
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
}

/// A spinner whose clock starts `elapsed` ago.
fn spinner(elapsed: Duration) -> ProgressBar {
    let bar = ProgressBar::new_spinner().with_elapsed(elapsed);
    bar.set_style(ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}").expect("valid template"));
    bar
}
