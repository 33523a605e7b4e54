//! One engine process: started with piped stdin, stdout and stderr; its output read by a
//! thread of its own that feeds a channel, so that every wait has a deadline, and its error
//! output by another that keeps its last lines.

use super::last_words::LastWords;
use super::{EngineError, EngineSpec};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// Longest line read from an engine; the rest of a longer line is dropped.
const MAX_LINE: u64 = 1 << 20;

/// How long an engine gets to exit after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(1000);

/// How long an engine whose output has ended is given to exit before its error output is read.
const EXIT_GRACE: Duration = Duration::from_millis(500);

/// What the reader thread passes on.
enum Event {
    /// A line and the moment it was read.
    Line(String, Instant),
    /// The engine closed its output: it exited or crashed.
    Closed,
}

/// Why talking to an engine failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The process is gone (its output closed, or its input cannot be written).
    Crashed,
    /// Nothing useful came before the deadline.
    Silent,
}

impl Failure {
    /// The error of this failure while waiting for `waiting_for`.
    pub fn waiting_for(self, waiting_for: impl Into<String>) -> EngineError {
        let waiting_for = waiting_for.into();
        match self {
            Failure::Crashed => EngineError::ExitedWhileWaiting { waiting_for },
            Failure::Silent => EngineError::NoAnswerInTime { waiting_for },
        }
    }

    /// What went wrong while waiting for `waiting_for`, as a message (a compliance check's
    /// `FAIL` reason).
    pub fn describe(self, waiting_for: &str) -> String {
        self.waiting_for(waiting_for).to_string()
    }
}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    events: Receiver<Event>,
    /// The last lines it wrote on its error output.
    last_words: LastWords,
    /// Its output has ended: it is exiting, or has exited.
    output_ended: bool,
    /// `id name` from the handshake.
    pub id_name: Option<String>,
    /// Names of the options the engine announced.
    pub option_names: Vec<String>,
}

impl EngineProcess {
    /// Starts the engine, does the `uap` handshake, sends the options and waits for `readyok`,
    /// each step within `patience`. An engine that refuses an option is not started.
    pub fn start(spec: &EngineSpec, patience: Duration) -> Result<EngineProcess, EngineError> {
        let mut engine = EngineProcess::spawn(spec, true)?;
        match engine.handshake(spec, patience) {
            Ok(()) => Ok(engine),
            Err(error) => Err(match engine.said() {
                Some(words) => EngineError::Said {
                    source: Box::new(error),
                    words,
                },
                None => error,
            }),
        }
    }

    /// The last lines the engine wrote on its error output, if any: why it failed, often. An
    /// engine whose output has ended is first given a moment to exit (its output closes a
    /// moment before the process is seen to), so that its error output is read to its end.
    pub fn said(&mut self) -> Option<String> {
        let exited = match self.output_ended {
            true => self.wait_exit(Instant::now() + EXIT_GRACE),
            false => self.has_exited(),
        };
        self.last_words.said(exited)
    }

    /// Starts the engine and its reader thread without saying anything to it (the compliance
    /// checker does the handshake itself, to judge it); `own_group`: in a process group of its
    /// own (below), else in the caller's, where Ctrl-C ends it with the caller.
    pub fn spawn(spec: &EngineSpec, own_group: bool) -> Result<EngineProcess, EngineError> {
        let mut command = Command::new(&spec.program);
        command
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // A process group of its own: Ctrl-C in the terminal goes to the whole foreground group,
        // and the engines must not die mid-game before the runner has stopped the match (it
        // quits them then). If the runner itself dies, the engine reads the end of its input,
        // which UAP treats as `quit`.
        #[cfg(unix)]
        if own_group {
            std::os::unix::process::CommandExt::process_group(&mut command, 0);
        }
        let mut child = command.spawn().map_err(|source| EngineError::Spawn {
            command: spec.command_line(),
            source,
        })?;
        let (sender, events) = channel();
        let stdout = child.stdout.take();
        let stdin = child.stdin.take();
        // Without a thread to read it, the error output is not kept (and never blocks: the
        // pipe closes with its reader).
        let last_words = (child.stderr.take())
            .and_then(|stderr| LastWords::read(&spec.name, stderr).ok())
            .unwrap_or_default();
        let engine = EngineProcess {
            child,
            stdin,
            events,
            last_words,
            output_ended: false,
            id_name: None,
            option_names: Vec::new(),
        };
        let Some(stdout) = stdout else {
            return Err(EngineError::NoOutputPipe);
        };
        std::thread::Builder::new()
            .name(format!("read {}", spec.name))
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buffer = Vec::new();
                loop {
                    buffer.clear();
                    match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut buffer) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {}
                    }
                    // Skip the rest of an overlong line, a piece at a time.
                    let mut rest = Vec::new();
                    let mut tail_missing =
                        buffer.last() != Some(&b'\n') && buffer.len() as u64 == MAX_LINE;
                    while tail_missing {
                        rest.clear();
                        match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut rest) {
                            Ok(0) | Err(_) => tail_missing = false,
                            Ok(_) => tail_missing = rest.last() != Some(&b'\n'),
                        }
                    }
                    let line = String::from_utf8_lossy(&buffer).trim().to_string();
                    if sender.send(Event::Line(line, Instant::now())).is_err() {
                        return;
                    }
                }
                let _ = sender.send(Event::Closed);
            })
            .map_err(EngineError::ReaderThread)?;
        Ok(engine)
    }

    fn handshake(&mut self, spec: &EngineSpec, patience: Duration) -> Result<(), EngineError> {
        let failed = |step: &'static str, failure: Failure| {
            let engine = spec.name.clone();
            match failure {
                Failure::Crashed => EngineError::ExitedDuring { engine, step },
                Failure::Silent => EngineError::NoAnswerTo { engine, step },
            }
        };
        self.send("uap").map_err(|f| failed("uap", f))?;
        let deadline = Instant::now() + patience;
        loop {
            let (line, _) = self.next_line(deadline).map_err(|f| failed("uap", f))?;
            let mut words = line.split_whitespace();
            match (words.next(), words.next()) {
                (Some("uapok"), _) => break,
                (Some("id"), Some("name")) => {
                    self.id_name = Some(words.collect::<Vec<_>>().join(" "));
                }
                (Some("option"), Some("name")) => {
                    let name: Vec<&str> = words.take_while(|w| *w != "type").collect();
                    self.option_names.push(name.join(" "));
                }
                _ => {}
            }
        }
        for (option, value) in &spec.options {
            let command = match value {
                Some(value) => format!("setoption name {option} value {value}"),
                None => format!("setoption name {option}"),
            };
            self.send(&command).map_err(|f| failed("setoption", f))?;
        }
        let seen = self
            .sync(patience)
            .map_err(|f| failed("isready after the options", f))?;
        if let Some(error) = seen.iter().find(|line| line.starts_with("error")) {
            return Err(EngineError::OptionRefused {
                engine: spec.name.clone(),
                answer: error.clone(),
            });
        }
        Ok(())
    }

    /// Writes one command line.
    pub fn send(&mut self, command: &str) -> Result<(), Failure> {
        log::trace!("> {command}");
        let stdin = self.stdin.as_mut().ok_or(Failure::Crashed)?;
        let written = stdin
            .write_all(command.as_bytes())
            .and_then(|()| stdin.write_all(b"\n"))
            .and_then(|()| stdin.flush());
        written.map_err(|_| Failure::Crashed)
    }

    /// The next line and when it was read, waiting until `deadline` at most.
    pub fn next_line(&mut self, deadline: Instant) -> Result<(String, Instant), Failure> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.events.recv_timeout(wait) {
            Ok(Event::Line(line, at)) => {
                log::trace!("< {line}");
                Ok((line, at))
            }
            Ok(Event::Closed) | Err(RecvTimeoutError::Disconnected) => {
                self.output_ended = true;
                Err(Failure::Crashed)
            }
            Err(RecvTimeoutError::Timeout) => Err(Failure::Silent),
        }
    }

    /// Sends `isready` and reads up to `readyok` within `patience`; returns the lines read
    /// before it (anything left over from earlier commands).
    pub fn sync(&mut self, patience: Duration) -> Result<Vec<String>, Failure> {
        self.send("isready")?;
        let deadline = Instant::now() + patience;
        let mut seen = Vec::new();
        loop {
            let (line, _) = self.next_line(deadline)?;
            if line == "readyok" {
                return Ok(seen);
            }
            seen.push(line);
        }
    }

    /// Brings an engine that may still be searching (after a time loss) back to rest: `stop`,
    /// then `isready`. False if it does not answer within `patience`.
    pub fn recover(&mut self, patience: Duration) -> bool {
        self.send("stop").is_ok() && self.sync(patience).is_ok()
    }

    /// Closes the engine's input: the end of input, which UAP treats as `quit`.
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// Waits until the process has exited, until `deadline` at most; true if it has.
    pub fn wait_exit(&mut self, deadline: Instant) -> bool {
        loop {
            if self.has_exited() {
                return true;
            }
            if Instant::now() >= deadline {
                return false;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Has the process exited?
    pub fn has_exited(&mut self) -> bool {
        !matches!(self.child.try_wait(), Ok(None))
    }

    /// How the process exited, once it has.
    pub fn exit_status(&mut self) -> Option<std::process::ExitStatus> {
        self.child.try_wait().ok().flatten()
    }
}

impl Drop for EngineProcess {
    /// Sends `quit`, gives the engine a moment to exit, then kills it; always waits for it, so no
    /// zombie is left.
    fn drop(&mut self) {
        if self.send("quit").is_ok() {
            // Closing stdin is the end of input, which means quit too.
            self.stdin = None;
            let deadline = Instant::now() + QUIT_GRACE;
            while Instant::now() < deadline {
                if self.has_exited() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
