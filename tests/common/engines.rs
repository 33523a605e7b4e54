//! The engines the tests run: Sumito's binary and the scripts in tests/engines/ that misbehave
//! on purpose.
#![allow(dead_code)]

use std::time::Duration;

/// The built `sumito` binary.
pub const SUMITO: &str = env!("CARGO_BIN_EXE_sumito");

/// A bound on one run of a tool: it guards against a hang, it is not a speed claim.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// The command line of the test engine script `tests/engines/<name>.sh`.
pub fn script(name: &str) -> String {
    format!(
        "sh '{}/tests/engines/{name}.sh'",
        env!("CARGO_MANIFEST_DIR")
    )
}
