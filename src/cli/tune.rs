//! `sumito tune --wdl`: the fit of the win/draw/loss model of `ShowWDL` to data files.

use std::path::PathBuf;

/// Arguments of `sumito tune`.
#[derive(clap::Args, Clone, Debug)]
pub struct TuneArgs {
    /// Data files made by `sumito datagen`.
    #[arg(required = true)]
    pub data: Vec<PathBuf>,
    /// Fit the win/draw/loss model of the ShowWDL option to the games' results and print its
    /// two parameters (for crates/engine/src/search/wdl.rs): the one fit of `sumito tune`.
    #[arg(long)]
    pub wdl: bool,
    /// Threads; the result does not depend on them [default: every core].
    #[arg(long)]
    pub threads: Option<usize>,
}

/// Why `sumito tune` without `--wdl` is refused.
const WDL_ONLY: &str = "sumito tune fits the win/draw/loss model: add --wdl. The linear \
    evaluation's weights it fitted before went with that evaluation (the network beat it by 350 \
    Elo); sumito train fits the network";

/// Runs `sumito tune --wdl`: the fitted model on stdout.
pub fn run(args: &TuneArgs) -> super::Outcome {
    if !args.wdl {
        return Err(WDL_ONLY.into());
    }
    let pool = super::flags::thread_pool(args.threads)?;
    Ok(pool.install(|| sumito_tools::tune::run_wdl(&args.data))?)
}
