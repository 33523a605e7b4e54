//! What an engine wrote last on its error output: read by a thread of its own, so that an
//! engine that writes much there never blocks, and kept (its last few lines) to say why the
//! engine failed when it fails.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// How many of the last lines are kept.
const KEPT_LINES: usize = 4;

/// How much of a line is kept, in characters.
const KEPT_CHARS: usize = 200;

/// How long a process that has exited is given to have its last lines read.
const CLOSING: Duration = Duration::from_millis(200);

/// The last lines of an engine's error output, and whether it is closed.
#[derive(Default)]
struct Tail {
    lines: VecDeque<String>,
    closed: bool,
}

/// The last lines an engine wrote on its error output.
#[derive(Clone, Default)]
pub struct LastWords(Arc<(Mutex<Tail>, Condvar)>);

impl LastWords {
    /// Reads `output` on a thread named after `engine` until it closes.
    pub fn read(engine: &str, output: impl Read + Send + 'static) -> std::io::Result<LastWords> {
        let words = LastWords::default();
        let kept = words.clone();
        std::thread::Builder::new()
            .name(format!("stderr {engine}"))
            .spawn(move || kept.keep(output))?;
        Ok(words)
    }

    fn keep(&self, output: impl Read) {
        let mut reader = BufReader::new(output);
        let mut buffer = Vec::new();
        // A line longer than any kept is cut; the reader goes on with its rest.
        while (&mut reader)
            .take(1 << 16)
            .read_until(b'\n', &mut buffer)
            .is_ok_and(|n| n > 0)
        {
            let line: String = String::from_utf8_lossy(&buffer)
                .trim()
                .chars()
                .take(KEPT_CHARS)
                .collect();
            buffer.clear();
            if line.is_empty() {
                continue;
            }
            let mut tail = self.lock();
            if tail.lines.len() == KEPT_LINES {
                tail.lines.pop_front();
            }
            tail.lines.push_back(line);
        }
        self.lock().closed = true;
        self.0.1.notify_all();
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Tail> {
        self.0.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The last lines, joined by ` | `, if any; when the engine has `exited`, its output is
    /// first given a moment to be read to its end.
    pub fn said(&self, exited: bool) -> Option<String> {
        let mut tail = self.lock();
        if exited && !tail.closed {
            tail = (self
                .0
                .1
                .wait_timeout_while(tail, CLOSING, |tail| !tail.closed))
            .unwrap_or_else(|e| e.into_inner())
            .0;
        }
        let lines: Vec<&str> = tail.lines.iter().map(String::as_str).collect();
        (!lines.is_empty()).then(|| lines.join(" | "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_lines_are_kept_and_long_ones_cut() {
        let long = "x".repeat(1000);
        let text = format!("one\n\ntwo\n{long}\nthree\nfour\n");
        let words = LastWords::read("test", std::io::Cursor::new(text)).expect("a thread");
        let said = words.said(true).expect("words");
        let expected = format!("two | {} | three | four", "x".repeat(KEPT_CHARS));
        assert_eq!(said, expected);
        let silent = LastWords::read("test", std::io::empty()).expect("a thread");
        assert_eq!(silent.said(true), None);
    }
}
