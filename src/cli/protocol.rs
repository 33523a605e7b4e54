//! `sumito` with no subcommand: the engine itself, speaking UAP (PROTOCOL.md) on stdin and
//! stdout until `quit` or the end of its input.

use super::flags::EngineFlags;
use sumito_engine::protocol::{self, Output, Session};

/// Runs the engine loop with the `--threads` and `--hash` of the command line.
pub fn run(flags: &EngineFlags) -> super::Outcome {
    let out = Output::new(Box::new(std::io::stdout()));
    let mut session = Session::new(out.clone(), flags.hash_mb(), flags.threads(1)?)?;
    log::info!("Sumito {} ready", env!("CARGO_PKG_VERSION"));
    protocol::run(std::io::stdin().lock(), &mut session, &out);
    Ok(())
}
