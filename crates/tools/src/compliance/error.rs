//! Why the engine under test could not be driven, and why a compliance run failed.

use crate::uap_client::EngineError;
use thiserror::Error;

/// Why the compliance checker could not drive the engine, or why the run as a whole failed.
#[derive(Debug, Error)]
pub enum ComplianceError {
    /// The engine could not be started, or failed while an answer was awaited.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// A command could not be written: the engine's input is closed.
    #[error("cannot write '{command}': the engine's input is closed")]
    InputClosed {
        /// The command that could not be written.
        command: String,
    },
    /// The handshake ended without naming the engine.
    #[error("no 'id name' line before uapok")]
    NoIdName,
    /// Some checks failed.
    #[error("{failed} of {total} checks failed")]
    ChecksFailed {
        /// The checks that failed.
        failed: usize,
        /// The checks there are.
        total: usize,
    },
    /// Some checks failed and others could not run.
    #[error("{failed} of {total} checks failed and {skipped} were skipped")]
    ChecksFailedOrSkipped {
        /// The checks that failed.
        failed: usize,
        /// The checks there are.
        total: usize,
        /// The checks that could not run.
        skipped: usize,
    },
}

/// A probe error met inside a check is that check's `FAIL` reason, which the report prints.
impl From<ComplianceError> for String {
    fn from(error: ComplianceError) -> String {
        error.to_string()
    }
}
