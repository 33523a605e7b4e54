//! `sumito compliance`: checks that a UAP engine follows PROTOCOL.md, one rule at a time.

use sumito::uap_client::EngineSpec;

/// The command line of `sumito compliance`.
#[derive(clap::Args, Debug)]
pub struct ComplianceArgs {
    /// The engine's command line, quoted as one word ("path/engine --flag").
    #[arg(long, value_name = "COMMAND")]
    pub engine: String,
}

/// Runs every check against the engine; an error (so a non-zero exit) unless all pass.
pub fn run(args: &ComplianceArgs) -> super::Outcome {
    let spec = EngineSpec {
        name: "under test".into(),
        ..EngineSpec::from_command_line(&args.engine)?
    };
    Ok(sumito::compliance::run(&spec)?)
}
