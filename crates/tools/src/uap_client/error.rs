//! Why an engine could not be described, started or talked to.

use std::io;
use thiserror::Error;

/// Why an engine's command line or options were refused, or the engine could not be started,
/// set up or heard from.
#[derive(Debug, Error)]
pub enum EngineError {
    /// A quote of the command line is not closed.
    #[error("unclosed {quote} in '{line}'")]
    UnclosedQuote {
        /// The quote left open, `'` or `"`.
        quote: char,
        /// The command line.
        line: String,
    },
    /// The command line holds no word.
    #[error("an empty --engine command")]
    EmptyCommand,
    /// The command line names no program.
    #[error("an empty engine command")]
    NoProgram,
    /// An option is not `NAME=VALUE` (or a bare `NAME`), with a name on one line.
    #[error("bad --option '{text}': expected NAME=VALUE")]
    BadOption {
        /// The option as given.
        text: String,
    },
    /// An option's value spans more than one line.
    #[error("bad --option '{text}': a value is one line")]
    MultilineOptionValue {
        /// The option as given.
        text: String,
    },
    /// The program could not be run.
    #[error("cannot start '{command}': {source}")]
    Spawn {
        /// The command line.
        command: String,
        /// Why not.
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
    ExitedDuring {
        /// The engine's name.
        engine: String,
        /// The step of the handshake, e.g. `setoption`.
        step: &'static str,
    },
    /// The engine did not answer a step of the handshake in time.
    #[error("engine {engine} did not answer {step} in time")]
    NoAnswerTo {
        /// The engine's name.
        engine: String,
        /// The step of the handshake, e.g. `setoption`.
        step: &'static str,
    },
    /// The engine answered an option with an `error` line.
    #[error("engine {engine} refused an option: {answer}")]
    OptionRefused {
        /// The engine's name.
        engine: String,
        /// The engine's `error` line.
        answer: String,
    },
    /// The engine exited while an answer was awaited.
    #[error("the engine exited while waiting for {waiting_for}")]
    ExitedWhileWaiting {
        /// What was awaited, e.g. `bestmove`.
        waiting_for: String,
    },
    /// The awaited answer did not come before the deadline.
    #[error("no {waiting_for} within the deadline")]
    NoAnswerInTime {
        /// What was awaited, e.g. `bestmove`.
        waiting_for: String,
    },
    /// A failure of an engine that said something on its error output before it: the last
    /// lines it wrote there.
    #[error("{source}; it said: {words}")]
    Said {
        /// The failure.
        source: Box<EngineError>,
        /// Its last lines on stderr, joined.
        words: String,
    },
}
