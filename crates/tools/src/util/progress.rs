//! Progress of long jobs on stderr: a bar redrawn in place when stderr is a terminal (through
//! `indicatif`), and otherwise a plain line every ten seconds (none for a shorter job), so that
//! logs stay readable. Both show the time taken and an estimate of the time left.

use indicatif::{ProgressBar, ProgressState, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// How often a plain progress line is written when stderr is not a terminal.
const PLAIN_EVERY: Duration = Duration::from_secs(10);

/// The progress of one job with a known number of steps.
pub struct Progress {
    label: String,
    total: u64,
    /// The bar, on a terminal.
    bar: Option<ProgressBar>,
    /// When the job began, for the estimate of the plain lines.
    started: Instant,
    /// When the last plain line was written (or the job began).
    last_line: Instant,
    /// Whether a plain line was written: a job too short for one gets no final line either.
    wrote: bool,
}

impl Progress {
    /// Starts showing `label` with `total` steps to go.
    pub fn new(label: &str, total: u64) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new(total);
            let style = ProgressStyle::with_template(
                "{prefix} [{bar:30}] {pos}/{len} {msg} ({elapsed}, eta {left})",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> ")
            // indicatif's own `{eta}` reads 0s before the first step is done: nothing is known
            // of the speed then, which `-` says, as the plain line does.
            .with_key(
                "left",
                |state: &ProgressState, out: &mut dyn std::fmt::Write| {
                    let left = remaining(state.pos(), state.len().unwrap_or(0), state.elapsed());
                    let _ = match left {
                        Some(left) => out.write_str(&short_duration(left)),
                        None => out.write_str("-"),
                    };
                },
            );
            bar.set_style(style);
            bar.set_prefix(label.to_string());
            bar
        });
        Progress {
            label: label.to_string(),
            total,
            bar,
            started: Instant::now(),
            last_line: Instant::now(),
            wrote: false,
        }
    }

    /// `done` steps of the total are done; `message` says more (it may be empty).
    pub fn set(&mut self, done: u64, message: &str) {
        match &self.bar {
            Some(bar) => {
                bar.set_position(done);
                bar.set_message(message.to_string());
            }
            None => {
                let last = done >= self.total && self.wrote;
                if last || self.last_line.elapsed() >= PLAIN_EVERY {
                    self.last_line = Instant::now();
                    self.wrote = true;
                    let elapsed = self.started.elapsed();
                    let line = plain_line(&self.label, done, self.total, message, elapsed);
                    eprintln!("{line}");
                }
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

    /// Removes the bar (a plain line was already written for the last step).
    pub fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}

/// The plain progress line: `label: done/total message (elapsed, eta left)`.
fn plain_line(label: &str, done: u64, total: u64, message: &str, elapsed: Duration) -> String {
    let eta = match remaining(done, total, elapsed) {
        Some(left) => short_duration(left),
        None => "-".into(),
    };
    let message = if message.is_empty() {
        String::new()
    } else {
        format!(" {message}")
    };
    let elapsed = short_duration(elapsed);
    format!("{label}: {done}/{total}{message} ({elapsed}, eta {eta})")
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
            40,
            200,
            "A vs B: Elo +3.1 ± 40.2",
            Duration::from_secs(100),
        );
        // 40 games in 100 s: 160 more take 400 s.
        assert_eq!(
            line,
            "match: 40/200 A vs B: Elo +3.1 ± 40.2 (1m40s, eta 6m40s)"
        );
        assert_eq!(
            plain_line("perft 6", 0, 44, "", Duration::from_secs(3)),
            "perft 6: 0/44 (3s, eta -)"
        );
        assert_eq!(short_duration(Duration::from_secs(7_620)), "2h07m");
        assert_eq!(
            remaining(5, 5, Duration::from_secs(9)),
            Some(Duration::ZERO)
        );
    }
}
