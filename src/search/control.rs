//! The control shared by the caller and the search threads: the stop flag, the ponder state and
//! the clock the deadlines are measured on.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Shared by the caller and the search threads: the stop flag and ponder state.
///
/// Every field is atomic, so reading the clocks takes no lock: the search reads them every 1024
/// nodes on every thread. A clock is an instant fixed when the control is made plus an offset
/// in nanoseconds, which a plain atomic can hold. There are two: the search's own time, from
/// `go`, which `info` lines report; and the time the deadlines are measured on, which restarts
/// at `ponderhit` (the opponent's move starts our clock).
#[derive(Debug)]
pub struct Control {
    stop: AtomicBool,
    pondering: AtomicBool,
    /// When the control was made; never changes.
    epoch: Instant,
    /// Nanoseconds from `epoch` to the start of the search. 64 bits of nanoseconds last 584
    /// years.
    started: AtomicU64,
    /// Nanoseconds from `epoch` to the start of the search or the ponderhit.
    clock_started: AtomicU64,
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
            clock_started: AtomicU64::new(0),
        }
    }

    /// Resets for a new search starting now; `ponder` for a ponder search.
    pub fn start(&self, ponder: bool) {
        self.stop.store(false, Ordering::SeqCst);
        self.pondering.store(ponder, Ordering::SeqCst);
        let now = self.now();
        self.started.store(now, Ordering::Release);
        self.clock_started.store(now, Ordering::Release);
    }

    /// Asks the search to stop as soon as it can.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// The stop flag itself, for work other than a search (perft) that polls it.
    pub fn stop_flag(&self) -> &AtomicBool {
        &self.stop
    }

    /// Has a stop been asked for?
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The opponent played the move we pondered on: our clock runs from now.
    pub fn ponderhit(&self) {
        self.clock_started.store(self.now(), Ordering::Release);
        self.pondering.store(false, Ordering::SeqCst);
    }

    /// Is the search pondering (no time limits yet)?
    #[inline]
    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }

    /// Time since the search started (`go`): what `info` lines report.
    pub fn elapsed(&self) -> Duration {
        self.since(&self.started)
    }

    /// Time on our clock: since the search started, or since the ponderhit of a ponder
    /// search. The deadlines are measured on it.
    pub fn clock_elapsed(&self) -> Duration {
        self.since(&self.clock_started)
    }

    fn since(&self, start: &AtomicU64) -> Duration {
        let started = Duration::from_nanos(start.load(Ordering::Acquire));
        // Saturating, as `Instant::elapsed` is: a reader that raced a restart sees zero.
        self.epoch.elapsed().saturating_sub(started)
    }

    /// Nanoseconds since `epoch`.
    fn now(&self) -> u64 {
        u64::try_from(self.epoch.elapsed().as_nanos()).unwrap_or(u64::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_runs_from_go_and_the_deadline_clock_from_the_ponderhit() {
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
        assert!(control.clock_elapsed() <= before.elapsed());
        // The search's own time goes on from `go`.
        assert!(control.elapsed() >= Duration::from_millis(20));
        assert!(!control.is_pondering());
    }
}
