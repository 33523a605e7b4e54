//! The compliance checker's handle on the engine under test: an [`EngineProcess`] plus the
//! reading patterns the checks share, each bounded by a deadline so that a broken engine makes
//! a check fail instead of hanging it.

use super::ComplianceError;
use crate::uap_client::{EngineProcess, EngineSpec, Failure};
use std::time::{Duration, Instant};

/// How long an answer that should come at once (`readyok`, an error, `uapok`, `bestmove` after
/// `stop`, the exit after end of input) may take unless `--patience` says otherwise, in
/// `compliance` and `timing` alike. Generous, because a loaded machine can stall a healthy
/// engine for a while.
pub const DEFAULT_PATIENCE: Duration = Duration::from_secs(5);

/// An engine under test.
pub struct Probe {
    engine: EngineProcess,
    /// How long an answer that should come at once may take.
    pub patience: Duration,
    /// Options the engine announced in the handshake, as their `option name …` lines.
    pub options: Vec<String>,
}

impl Probe {
    /// Starts the engine without any handshake.
    pub fn spawn(spec: &EngineSpec, patience: Duration) -> Result<Probe, ComplianceError> {
        Ok(Probe {
            // In the checker's process group: Ctrl-C ends an engine under test with the checker,
            // even one that ignores the end of its input (the checker has no game to save).
            engine: EngineProcess::spawn(spec, false)?,
            patience,
            options: Vec::new(),
        })
    }

    /// Writes one command line.
    pub fn send(&mut self, command: &str) -> Result<(), ComplianceError> {
        self.engine
            .send(command)
            .map_err(|_| ComplianceError::InputClosed {
                command: command.to_string(),
            })
    }

    /// Reads lines until one satisfies `wanted` (which is the last line returned), until
    /// `deadline` at most.
    pub fn read_until(
        &mut self,
        deadline: Instant,
        wanted: impl Fn(&str) -> bool,
    ) -> Result<Vec<String>, (Failure, Vec<String>)> {
        let mut lines = Vec::new();
        loop {
            match self.engine.next_line(deadline) {
                Ok((line, _)) => {
                    let done = wanted(&line);
                    lines.push(line);
                    if done {
                        return Ok(lines);
                    }
                }
                Err(failure) => return Err((failure, lines)),
            }
        }
    }

    /// Every line that comes within `window`; the engine closing its output ends it early.
    pub fn lines_for(&mut self, window: Duration) -> Vec<String> {
        let deadline = Instant::now() + window;
        let mut lines = Vec::new();
        while let Ok((line, _)) = self.engine.next_line(deadline) {
            lines.push(line);
        }
        lines
    }

    /// Sends `isready` and returns the lines before `readyok`. Commands are handled in order,
    /// so these are all the answers to the commands sent before it.
    pub fn fence(&mut self) -> Result<Vec<String>, ComplianceError> {
        self.send("isready")?;
        let deadline = Instant::now() + self.patience;
        match self.read_until(deadline, |line| line == "readyok") {
            Ok(mut lines) => {
                lines.pop();
                Ok(lines)
            }
            Err((failure, _)) => Err(failure.waiting_for("readyok after isready").into()),
        }
    }

    /// Closes the engine's input (end of input) and waits for the process to exit: whether it
    /// did by `deadline`, and with status 0, as PROTOCOL.md asks.
    pub fn close_and_wait(&mut self, deadline: Instant) -> Result<(), String> {
        self.engine.close_stdin();
        if !self.engine.wait_exit(deadline) {
            return Err(format!(
                "still running {:.1} s after its input closed",
                self.patience.as_secs_f64()
            ));
        }
        match self.engine.exit_status() {
            Some(status) if status.success() => Ok(()),
            Some(status) => Err(format!(
                "exited at the end of its input with {status}, not 0"
            )),
            None => Err("its exit status could not be read".into()),
        }
    }
}
