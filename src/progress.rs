//! Progress of long jobs on stderr: a bar redrawn in place when stderr is a terminal (through
//! `indicatif`), and otherwise a plain line every ten seconds (none for a shorter job), so that
//! logs stay readable.

use indicatif::{ProgressBar, ProgressStyle};
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
                "{prefix} [{bar:30}] {pos}/{len} {msg} ({elapsed}, eta {eta})",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> ");
            bar.set_style(style);
            bar.set_prefix(label.to_string());
            bar
        });
        Progress {
            label: label.to_string(),
            total,
            bar,
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
                    let total = self.total;
                    let label = &self.label;
                    eprintln!("{label}: {done}/{total} {message}");
                }
            }
        }
    }

    /// Removes the bar (a plain line was already written for the last step).
    pub fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}
