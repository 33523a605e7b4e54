//! `sumito` with no subcommand: the engine itself, speaking UAP (PROTOCOL.md) on stdin and
//! stdout until `quit` or the end of its input.

use super::flags::EngineFlags;
use std::io::IsTerminal;
use sumito_engine::protocol::{self, Output, Session};

/// What a person who started the engine at a terminal is told (on stderr: stdout is the
/// protocol's).
const AT_A_TERMINAL: &str = "\
Sumito, an Abalone engine, speaking UAP on this terminal (PROTOCOL.md). Try:
  uap                         the engine's name and options
  position startpos           the standard start (or position layout belgian-daisy)
  d                           the board
  go movetime 1000            a best move after a second
  quit                        leave
`sumito --help` lists the tools: play, gui, match, analyse and more.";

/// Runs the engine loop with the `--threads` and `--hash` of the command line.
pub fn run(flags: &EngineFlags) -> super::Outcome {
    let out = Output::new(Box::new(std::io::stdout()));
    let mut session = Session::new(out.clone(), flags.hash_mb(), flags.threads(1)?)?;
    log::info!("{} ready", sumito_engine::identity::name());
    if std::io::stdin().is_terminal() {
        eprintln!("{AT_A_TERMINAL}");
    }
    protocol::run(std::io::stdin().lock(), &mut session, &out);
    Ok(())
}
