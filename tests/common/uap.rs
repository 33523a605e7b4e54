//! The engine binary as a child process, for tests that talk UAP to it: lines written to its
//! stdin, lines read from its stdout through a channel so that every read has a deadline.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Instant;

/// A running `sumito` speaking UAP.
pub struct Uap {
    pub child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Uap {
    /// Starts the binary with no arguments (the protocol loop).
    pub fn start() -> Uap {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sumito"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("engine starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Uap {
            child,
            stdin,
            lines,
        }
    }

    /// Writes raw bytes to the engine's stdin.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        let written = stdin.write_all(bytes).and_then(|()| stdin.flush());
        assert!(written.is_ok(), "cannot write to the engine: it is gone");
    }

    /// Writes one command line.
    pub fn send(&mut self, command: &str) {
        self.send_bytes(format!("{command}\n").as_bytes());
    }

    /// Closes the engine's stdin (the end of input).
    pub fn close_input(&mut self) {
        self.stdin.take();
    }

    /// The next line, or `None` on a timeout or when the output closed.
    pub fn read(&mut self, deadline: Instant) -> Option<String> {
        let wait = deadline.saturating_duration_since(Instant::now());
        self.lines.recv_timeout(wait).ok()
    }
}

impl Drop for Uap {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
