//! Why an engine could not be described, started or talked to.

use std::io;
use thiserror::Error;

/// Why an engine's command line or options were refused, or the engine could not be started,
/// set up or heard from.
#[derive(Debug, Error)]
pub enum EngineError {
    /// A quote of the command line is not closed.
    #[error("unclosed {quote} in '{line}'")]
    UnclosedQuote { quote: char, line: String },
    /// The command line holds no word.
    #[error("an empty --engine command")]
    EmptyCommand,
    /// The command line names no program.
    #[error("an empty engine command")]
    NoProgram,
    /// An option is not `NAME=VALUE` (or a bare `NAME`), with a name on one line.
    #[error("bad --option '{text}': expected NAME=VALUE")]
    BadOption { text: String },
    /// An option's value spans more than one line.
    #[error("bad --option '{text}': a value is one line")]
    MultilineOptionValue { text: String },
    /// The program could not be run.
    #[error("cannot start '{command}': {source}")]
    Spawn {
        command: String,
        #[source]
        source: io::Error,
    },
    /// The child process came without a pipe for its output.
    #[error("no pipe to the engine's output")]
    NoOutputPipe,
    /// The thread that reads the engine's output could not be started.
    #[error("cannot start a reader thread: {0}")]
    ReaderThread(#[source] io::Error),
    /// The engine exited during a step of the handshake.
    #[error("engine {engine} exited during {step}")]
    ExitedDuring { engine: String, step: &'static str },
    /// The engine did not answer a step of the handshake in time.
    #[error("engine {engine} did not answer {step} in time")]
    NoAnswerTo { engine: String, step: &'static str },
    /// The engine answered an option with an `error` line.
    #[error("engine {engine} refused an option: {answer}")]
    OptionRefused { engine: String, answer: String },
    /// The engine exited while an answer was awaited.
    #[error("the engine exited while waiting for {waiting_for}")]
    ExitedWhileWaiting { waiting_for: String },
    /// The awaited answer did not come before the deadline.
    #[error("no {waiting_for} within the deadline")]
    NoAnswerInTime { waiting_for: String },
}
