//! `sumito compliance`: checks that a UAP engine follows PROTOCOL.md, one rule at a time.

use sumito_tools::compliance::DEFAULT_PATIENCE;
use sumito_tools::uap_client::EngineSpec;

/// The command line of `sumito compliance`.
#[derive(clap::Args, Debug)]
pub struct ComplianceArgs {
    /// The engine's command line, quoted as one word ("path/engine --flag").
    #[arg(long, value_name = "COMMAND")]
    pub engine: String,
    /// How long an answer that should come at once may take, in seconds: readyok, uapok,
    /// bestmove after stop, the exit after end of input (a go depth 2 may take three times as
    /// long). More for a slow engine or a loaded machine, less to fail a hung engine sooner.
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_PATIENCE.as_secs_f64())]
    pub patience: f64,
}

/// Runs every check against the engine; an error (so a non-zero exit) unless all pass.
pub fn run(args: &ComplianceArgs) -> super::Outcome {
    let patience = super::flags::patience(args.patience)?;
    let spec = EngineSpec {
        name: "under test".into(),
        ..EngineSpec::from_command_line(&args.engine)?
    };
    Ok(sumito_tools::compliance::run(&spec, patience)?)
}
