//! The control shared by the caller and the search threads: the stop flag, the ponder state and
//! the clock the deadlines are measured on.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Shared by the caller and the search threads: the stop flag and ponder state.
///
/// Every field is atomic, so reading the clock takes no lock: the search reads it every 1024
/// nodes on every thread. The clock is an instant fixed when the control is made plus an offset
/// in nanoseconds to the start of the current search, which a plain atomic can hold.
#[derive(Debug)]
pub struct Control {
    stop: AtomicBool,
    pondering: AtomicBool,
    /// When the control was made; never changes.
    epoch: Instant,
    /// Nanoseconds from `epoch` to the start of the search (or the ponderhit). 64 bits of
    /// nanoseconds last 584 years.
    started: AtomicU64,
}

impl Default for Control {
    fn default() -> Control {
        Control::new()
    }
}

impl Control {
    /// A control for a search starting now.
    pub fn new() -> Control {
        Control {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            epoch: Instant::now(),
            started: AtomicU64::new(0),
        }
    }

    /// Resets for a new search starting now; `ponder` for a ponder search.
    pub fn start(&self, ponder: bool) {
        self.stop.store(false, Ordering::SeqCst);
        self.pondering.store(ponder, Ordering::SeqCst);
        self.restart_clock();
    }

    /// Asks the search to stop as soon as it can.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Has a stop been asked for?
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The opponent played the move we pondered on: our clock runs from now.
    pub fn ponderhit(&self) {
        self.restart_clock();
        self.pondering.store(false, Ordering::SeqCst);
    }

    /// Is the search pondering (no time limits yet)?
    #[inline]
    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }

    /// Time since the search (or the ponderhit) started.
    pub fn elapsed(&self) -> Duration {
        let started = Duration::from_nanos(self.started.load(Ordering::Acquire));
        // Saturating, as `Instant::elapsed` is: a reader that raced a restart sees zero.
        self.epoch.elapsed().saturating_sub(started)
    }

    /// Measures `elapsed` from now on.
    fn restart_clock(&self) {
        let now = self.epoch.elapsed().as_nanos() as u64;
        self.started.store(now, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_runs_from_the_last_start_or_ponderhit() {
        let control = Control::new();
        std::thread::sleep(Duration::from_millis(20));
        assert!(control.elapsed() >= Duration::from_millis(20));
        // Each bound is measured from just before the restart, so no scheduling delay fails it.
        let before = Instant::now();
        control.start(true);
        assert!(control.elapsed() <= before.elapsed());
        assert!(control.is_pondering());
        std::thread::sleep(Duration::from_millis(20));
        assert!(control.elapsed() >= Duration::from_millis(20));
        let before = Instant::now();
        control.ponderhit();
        assert!(control.elapsed() <= before.elapsed());
        assert!(!control.is_pondering());
    }
}
