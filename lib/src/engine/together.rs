//! One progress display for searches run side by side
//! ([`Limits::side_by_side`](super::Limits::side_by_side)): each thread of the run reports to its own
//! slot, and the display is told the run's totals, so that a person sees
//! one line that grows, not several searches overwriting each other.
//!
//! The totals: positions entered by every search of the run so far
//! (finished ones included: a thread that starts its next search keeps
//! what its last one entered), the tables of the searches still running
//! (a finished search's table is freed), and the time since the run began.
//! The display is told [`Progress::finish`] when no search is running;
//! a search started after that opens it again.

use super::progress::{Counters, Progress};
use std::sync::Mutex;
use std::time::Instant;

/// The run's display and what each of its threads reported last.
struct Together {
    display: &'static dyn Progress,
    started: Instant,
    slots: Mutex<Vec<Slot>>,
}

/// One thread's counts: positions of its finished searches, and the
/// counters of the one running, if any.
#[derive(Clone, Copy, Default)]
struct Slot {
    finished: u64,
    running: Option<Counters>,
}

/// The progress a thread's searches report to: its slot of a run.
struct Reporter {
    together: &'static Together,
    index: usize,
}

impl Together {
    /// Changes slot `index` with `change` and tells the display the new
    /// totals (or that nothing runs), under one lock so that the display
    /// hears the changes in the order they were made.
    fn report(&self, index: usize, change: impl FnOnce(&mut Slot)) {
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        change(&mut slots[index]);
        if slots.iter().all(|slot| slot.running.is_none()) {
            return self.display.finish();
        }
        let mut total = Counters {
            elapsed: self.started.elapsed(),
            ..Counters::default()
        };
        for slot in slots.iter() {
            let running = slot.running.unwrap_or_default();
            total.visited += slot.finished + running.visited;
            total.table_bytes += running.table_bytes;
        }
        self.display.update(&total);
    }
}

impl Progress for Reporter {
    fn update(&self, counters: &Counters) {
        self.together.report(self.index, |slot| slot.running = Some(*counters));
    }

    fn finish(&self) {
        self.together.report(self.index, |slot| {
            slot.finished += slot.running.take().map_or(0, |c| c.visited);
        });
    }

    fn note(&self, message: &str) {
        self.together.display.note(message);
    }
}

/// The slots' reporters of a new run on `display`, one per thread: each
/// given to one thread's limits ([`Limits::side_by_side`]) tells the
/// display the run's totals (module docs). The shared state lives as long
/// as the program, as [`Limits::with_progress`] asks: a few dozen bytes
/// per thread per call.
///
/// [`Limits::side_by_side`]: super::Limits::side_by_side
/// [`Limits::with_progress`]: super::Limits::with_progress
pub(super) fn reporters(display: &'static dyn Progress, threads: usize) -> impl Iterator<Item = &'static dyn Progress> {
    let together: &'static Together = Box::leak(Box::new(Together {
        display,
        started: Instant::now(),
        slots: Mutex::new(vec![Slot::default(); threads]),
    }));
    (0..threads).map(move |index| &*Box::leak(Box::new(Reporter { together, index })) as &'static dyn Progress)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// A display that keeps what it was told.
    #[derive(Default)]
    struct Record {
        told: Mutex<Vec<Option<(u64, u64)>>>,
    }

    impl Progress for Record {
        fn update(&self, c: &Counters) {
            self.told.lock().unwrap().push(Some((c.visited, c.table_bytes)));
        }
        fn finish(&self) {
            self.told.lock().unwrap().push(None);
        }
    }

    fn counters(visited: u64, table_bytes: u64) -> Counters {
        Counters {
            elapsed: Duration::ZERO,
            visited,
            table_bytes,
            her_move: None,
        }
    }

    #[test]
    fn the_display_hears_the_totals_and_finishes_when_nothing_runs() {
        let record: &'static Record = Box::leak(Box::default());
        let mut slots = reporters(record, 2);
        let (a, b) = (slots.next().unwrap(), slots.next().unwrap());
        a.update(&counters(10, 100));
        b.update(&counters(5, 50));
        a.finish();
        b.update(&counters(7, 60));
        a.update(&counters(1, 10));
        a.finish();
        b.finish();
        let told = record.told.lock().unwrap().clone();
        let expected = [
            Some((10, 100)),
            Some((15, 150)),
            Some((15, 50)),
            Some((17, 60)),
            Some((18, 70)),
            Some((18, 60)),
            None,
        ];
        assert_eq!(told, expected);
    }
}
