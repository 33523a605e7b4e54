//! The progress line of a long search, once a second after the first: `info depth <d> currmove
//! <m> currmovenumber <n> nodes <n> nps <n> time <ms> hashfull <h>`, so that a GUI sees the
//! search alive between iterations that take many seconds. A thread of its own writes it beside
//! the search, from the [`Control`]'s progress, until the search answers.

use super::output::Output;
use crate::search::{Control, Progress};
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How often the line comes, and after how long the first one.
const INTERVAL: Duration = Duration::from_secs(1);

/// Open while the search runs; closed just before `bestmove`, after which no progress line
/// comes (a line being written holds the gate, so closing waits for it).
pub struct Gate {
    open: Mutex<bool>,
    wake: Condvar,
}

impl Default for Gate {
    fn default() -> Gate {
        Gate::new()
    }
}

impl Gate {
    /// An open gate.
    pub fn new() -> Gate {
        Gate {
            open: Mutex::new(true),
            wake: Condvar::new(),
        }
    }

    /// Closes the gate and wakes the writer, which then ends at once.
    pub fn close(&self) {
        *self.open.lock().unwrap_or_else(PoisonError::into_inner) = false;
        self.wake.notify_all();
    }
}

/// Closes its gate when dropped: a search that panics still ends the progress writer, so that
/// the thread scope both run in ends and the panic reaches the protocol loop (which starts a
/// fresh engine) instead of the scope waiting on the writer for ever.
pub struct CloseOnDrop<'a>(pub &'a Gate);

impl Drop for CloseOnDrop<'_> {
    fn drop(&mut self) {
        self.0.close();
    }
}

/// Writes the progress line every [`INTERVAL`] until `gate` closes.
pub fn write_progress(control: &Control, out: &Output, gate: &Gate) {
    let mut next = Instant::now() + INTERVAL;
    let mut open = gate.open.lock().unwrap_or_else(PoisonError::into_inner);
    while *open {
        let now = Instant::now();
        if now < next {
            open = gate
                .wake
                .wait_timeout(open, next - now)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
            continue;
        }
        next += INTERVAL;
        if let Some(progress) = control.progress() {
            out.line(&progress_line(
                &progress,
                control.nodes(),
                control.elapsed(),
            ));
        }
    }
}

/// The line for `progress` after `nodes` nodes in `elapsed`.
pub fn progress_line(progress: &Progress, nodes: u64, elapsed: Duration) -> String {
    let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-3)) as u64;
    format!(
        "info depth {} currmove {} currmovenumber {} nodes {nodes} nps {nps} time {} hashfull {}",
        progress.depth,
        progress.currmove,
        progress.number,
        elapsed.as_millis(),
        progress.hashfull
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use sumito_rules::board::Position;

    #[test]
    fn the_line_names_the_move_its_number_and_the_counts() {
        let start = Position::startpos();
        let currmove = start.parse_move("a1b2").unwrap();
        let progress = Progress {
            depth: 14,
            currmove,
            number: 3,
            hashfull: 412,
        };
        assert_eq!(
            progress_line(&progress, 5_000_000, Duration::from_millis(2500)),
            "info depth 14 currmove a1b2 currmovenumber 3 nodes 5000000 nps 2000000 time 2500 \
             hashfull 412"
        );
    }

    #[test]
    fn a_closed_gate_ends_the_writer_at_once_and_nothing_is_written() {
        let (out, captured) = Output::captured();
        let control = Control::new();
        let gate = Gate::new();
        gate.close();
        write_progress(&control, &out, &gate);
        assert!(captured.lines().is_empty());
    }

    #[test]
    fn a_search_that_panics_beside_the_writer_still_ends_their_scope() {
        let (out, _) = Output::captured();
        let (control, gate) = (Control::new(), Gate::new());
        let ended = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            std::thread::scope(|scope| {
                scope.spawn(|| write_progress(&control, &out, &gate));
                let _closing = CloseOnDrop(&gate);
                panic!("a search's bug");
            })
        }));
        // Without the guard the scope would wait on the writer for ever.
        assert!(ended.is_err(), "the panic reaches the caller");
        assert!(!*gate.open.lock().unwrap(), "the gate is closed");
    }
}
