//! Progress of long jobs on stderr: a bar redrawn in place when stderr is a terminal (through
//! `indicatif`, every second), and otherwise a plain line every ten seconds (none for a shorter
//! job), so that logs stay readable, written whether or not a step ended in those seconds. Both
//! show the time taken and an estimate of the time left: of the time to the last step, which is
//! a bound (`eta ≤ …`) for a job that may end sooner, such as a match stopped by its SPRT.

use indicatif::{ProgressBar, ProgressState, ProgressStyle};
use std::io::IsTerminal;
use std::sync::mpsc::{RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How often a plain progress line is written when stderr is not a terminal.
const PLAIN_EVERY: Duration = Duration::from_secs(10);

/// The progress of one job with a known number of steps.
pub struct Progress {
    /// The bar, on a terminal: it ticks every second, so that its time moves between steps.
    bar: Option<ProgressBar>,
    /// Otherwise the plain lines, written every [`PLAIN_EVERY`] by a thread of their own.
    plain: Option<Plain>,
}

/// The plain lines of a job: what they say, shared with the thread that writes them.
struct Plain {
    state: Arc<Mutex<PlainState>>,
    /// Dropped to stop the thread.
    stop: Option<Sender<()>>,
    ticker: Option<JoinHandle<()>>,
}

/// What a plain line says.
struct PlainState {
    label: String,
    total: u64,
    /// Whether the job may end before `total` steps.
    capped: bool,
    done: u64,
    message: String,
    /// When the job began, for the estimate.
    started: Instant,
    /// Whether a plain line was written: a job too short for one gets no final line either.
    wrote: bool,
}

impl PlainState {
    fn write(&mut self) {
        self.wrote = true;
        let line = plain_line(
            &self.label,
            (self.done, self.total, self.capped),
            &self.message,
            self.started.elapsed(),
        );
        eprintln!("{line}");
    }
}

impl Plain {
    /// Starts the thread that writes a line every [`PLAIN_EVERY`] until stopped.
    fn start(label: &str, total: u64, capped: bool) -> Plain {
        let state = Arc::new(Mutex::new(PlainState {
            label: label.to_string(),
            total,
            capped,
            done: 0,
            message: String::new(),
            started: Instant::now(),
            wrote: false,
        }));
        let (stop, stopped) = channel::<()>();
        let shared = Arc::clone(&state);
        let ticker = std::thread::Builder::new()
            .name("progress".into())
            .spawn(move || {
                while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(PLAIN_EVERY) {
                    lock(&shared).write();
                }
            })
            .ok();
        Plain {
            state,
            stop: Some(stop),
            ticker,
        }
    }
}

impl Drop for Plain {
    /// Stops the thread and waits for it.
    fn drop(&mut self) {
        self.stop = None;
        if let Some(ticker) = self.ticker.take() {
            let _ = ticker.join();
        }
    }
}

/// The state, even if a writer panicked while holding it.
fn lock(state: &Mutex<PlainState>) -> std::sync::MutexGuard<'_, PlainState> {
    state
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Progress {
    /// Starts showing `label` with `total` steps to go.
    pub fn new(label: &str, total: u64) -> Progress {
        Progress::start(label, total, false)
    }

    /// Starts showing `label` for a job of at most `cap` steps, which may end sooner: the
    /// estimate is of the time to the cap, shown as the bound it is.
    pub fn up_to(label: &str, cap: u64) -> Progress {
        Progress::start(label, cap, true)
    }

    fn start(label: &str, total: u64, capped: bool) -> Progress {
        if !std::io::stderr().is_terminal() {
            return Progress {
                bar: None,
                plain: Some(Plain::start(label, total, capped)),
            };
        }
        let bar = ProgressBar::new(total);
        let style = ProgressStyle::with_template(
            "{prefix} [{bar:30}] {pos}/{len} {msg} ({elapsed}, eta {left})",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ")
        // indicatif's own `{eta}` reads 0s before the first step is done: nothing is known of
        // the speed then, which `-` says, as the plain line does.
        .with_key(
            "left",
            move |state: &ProgressState, out: &mut dyn std::fmt::Write| {
                let steps = (state.pos(), state.len().unwrap_or(0), capped);
                let _ = out.write_str(&time_left(steps, state.elapsed()));
            },
        );
        bar.set_style(style);
        bar.set_prefix(label.to_string());
        bar.enable_steady_tick(Duration::from_secs(1));
        Progress {
            bar: Some(bar),
            plain: None,
        }
    }

    /// `done` steps of the total are done; `message` says more (it may be empty).
    pub fn set(&mut self, done: u64, message: &str) {
        if let Some(bar) = &self.bar {
            bar.set_position(done);
            bar.set_message(message.to_string());
        }
        if let Some(plain) = &self.plain {
            let mut state = lock(&plain.state);
            state.done = done;
            state.message = message.to_string();
            // The last step gets a line of its own, if the job was long enough for one.
            if done >= state.total && state.wrote {
                state.write();
            }
        }
    }

    /// Writes a line of its own on stderr, above the bar on a terminal.
    pub fn println(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.println(line),
            None => eprintln!("{line}"),
        }
    }

    /// Removes the bar, or stops the plain lines (a plain line was already written for the
    /// last step).
    pub fn finish(self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
        // The plain lines' thread stops as `self` drops.
    }
}

/// The plain progress line: `label: done/total message (elapsed, eta left)`, of `steps` (done,
/// total, whether the total is a cap).
fn plain_line(label: &str, steps: (u64, u64, bool), message: &str, elapsed: Duration) -> String {
    let (done, total, _) = steps;
    let eta = time_left(steps, elapsed);
    let message = if message.is_empty() {
        String::new()
    } else {
        format!(" {message}")
    };
    let elapsed = short_duration(elapsed);
    format!("{label}: {done}/{total}{message} ({elapsed}, eta {eta})")
}

/// The estimate of a progress line for `steps` (done, total, whether the total is a cap): the
/// time left at the pace so far, `-` before the first step, `≤` before it when the job may end
/// sooner.
fn time_left(steps: (u64, u64, bool), elapsed: Duration) -> String {
    let (done, total, capped) = steps;
    match remaining(done, total, elapsed) {
        Some(left) if capped => format!("≤ {}", short_duration(left)),
        Some(left) => short_duration(left),
        None => "-".into(),
    }
}

/// The time left at the pace so far, `None` before the first step.
fn remaining(done: u64, total: u64, elapsed: Duration) -> Option<Duration> {
    (done > 0).then(|| elapsed.mul_f64(total.saturating_sub(done) as f64 / done as f64))
}

/// A duration to the second: `42s`, `3m05s`, `2h07m`.
fn short_duration(duration: Duration) -> String {
    let seconds = duration.as_secs();
    match seconds {
        0..60 => format!("{seconds}s"),
        60..3600 => format!("{}m{:02}s", seconds / 60, seconds % 60),
        _ => format!("{}h{:02}m", seconds / 3600, seconds % 3600 / 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_lines_give_the_time_taken_and_the_time_left_at_the_pace_so_far() {
        let line = plain_line(
            "match",
            (40, 200, false),
            "A vs B: Elo +3.1 ± 40.2",
            Duration::from_secs(100),
        );
        // 40 games in 100 s: 160 more take 400 s.
        assert_eq!(
            line,
            "match: 40/200 A vs B: Elo +3.1 ± 40.2 (1m40s, eta 6m40s)"
        );
        assert_eq!(
            plain_line("perft 6", (0, 44, false), "", Duration::from_secs(3)),
            "perft 6: 0/44 (3s, eta -)"
        );
        // A match that its SPRT may stop: the time to its cap is a bound.
        assert_eq!(
            plain_line("match", (40, 200, true), "", Duration::from_secs(100)),
            "match: 40/200 (1m40s, eta ≤ 6m40s)"
        );
        assert_eq!(short_duration(Duration::from_secs(7_620)), "2h07m");
        assert_eq!(
            remaining(5, 5, Duration::from_secs(9)),
            Some(Duration::ZERO)
        );
    }
}
