//! The control shared by the caller and the search threads: the stop flag, the ponder state,
//! the clock the deadlines are measured on, and the progress a caller may show during a long
//! iteration (the move searched now, the nodes so far).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use sumito_rules::movegen::Move;

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
    /// The main thread's [`Progress`], packed in one word so that it is written and read whole
    /// (0: none yet).
    progress: AtomicU64,
    /// Nodes searched so far by all threads, as they publish them.
    nodes: AtomicU64,
}

/// Where the main search thread is: the root move it searches now, for `info currmove`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The iteration's depth.
    pub depth: u32,
    /// The root move searched now.
    pub currmove: Move,
    /// Its place in this iteration's order, from 1.
    pub number: u32,
    /// Table fill, per mille, when the move was begun (0 before the first second, when it is
    /// not sampled).
    pub hashfull: u32,
}

impl Progress {
    fn pack(self) -> u64 {
        let field = |n: u32| u64::from(n.min(0xffff));
        field(self.depth) << 48
            | field(self.number) << 32
            | field(self.hashfull) << 16
            | u64::from(self.currmove.to_bits())
    }

    fn unpack(word: u64) -> Progress {
        Progress {
            depth: (word >> 48) as u32,
            number: (word >> 32 & 0xffff) as u32,
            hashfull: (word >> 16 & 0xffff) as u32,
            currmove: Move::from_bits(word as u16),
        }
    }
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
            progress: AtomicU64::new(0),
            nodes: AtomicU64::new(0),
        }
    }

    /// Resets for a new search starting now; `ponder` for a ponder search.
    pub fn start(&self, ponder: bool) {
        self.stop.store(false, Ordering::SeqCst);
        self.pondering.store(ponder, Ordering::SeqCst);
        let now = self.now();
        self.started.store(now, Ordering::Release);
        self.clock_started.store(now, Ordering::Release);
        self.begin_count();
    }

    /// Clears the node count and the progress for a search beginning now: a control may serve
    /// several searches in a row (`bench`), each counted from zero.
    pub fn begin_count(&self) {
        self.progress.store(0, Ordering::Relaxed);
        self.nodes.store(0, Ordering::Relaxed);
    }

    /// The main thread begins a root move.
    pub fn set_progress(&self, progress: Progress) {
        self.progress.store(progress.pack(), Ordering::Relaxed);
    }

    /// The root move the main thread is searching, once it has said so.
    pub fn progress(&self) -> Option<Progress> {
        let word = self.progress.load(Ordering::Relaxed);
        (word != 0).then(|| Progress::unpack(word))
    }

    /// A search thread publishes `nodes` more nodes.
    pub fn add_nodes(&self, nodes: u64) {
        self.nodes.fetch_add(nodes, Ordering::Relaxed);
    }

    /// Nodes published so far in this search, by all its threads.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
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
        // Acquire: a search that sees the ponder hit sees the clock start stored before it.
        self.pondering.load(Ordering::Acquire)
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
    fn progress_is_read_back_whole_and_a_new_search_clears_it() {
        let control = Control::new();
        assert_eq!(control.progress(), None);
        let currmove = sumito_rules::board::Position::startpos()
            .parse_move("c3c5d3")
            .expect("a broadside of Black's at the start");
        let progress = Progress {
            depth: 23,
            currmove,
            number: 41,
            hashfull: 1000,
        };
        control.set_progress(progress);
        control.add_nodes(7);
        assert_eq!(control.progress(), Some(progress));
        assert_eq!(control.nodes(), 7);
        control.start(false);
        assert_eq!((control.progress(), control.nodes()), (None, 0));
    }

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
