//! `sumito tune`: the command line of the fit, checked.

use std::path::PathBuf;
use sumito_tools::tune::{Fit, StartFrom};

/// What is wrong with the flags of `sumito tune`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TuneFlagsError {
    /// `--epochs 0`.
    #[error("--epochs must be at least 1")]
    Epochs,
    /// `--rate` not above 0 (or not a number).
    #[error("--rate must be above 0")]
    Rate,
    /// `--batch 0`.
    #[error("--batch must be at least 1")]
    Batch,
    /// `--lambda` out of range.
    #[error("--lambda must be from 0 to 1")]
    Lambda,
    /// `--k` not above 0 (or not a number).
    #[error("--k must be above 0")]
    K,
    /// `--threads` out of range.
    #[error("--threads must be from 1 to 256")]
    Threads,
    /// `train --activation squared` with `--players` above 2.
    #[error("--activation squared is for the two-player network: the N-player one clips")]
    Activation,
    /// `--freeze` names no term of the evaluation; `terms` lists those there are.
    #[error("--freeze: no term '{name}' (terms: {})", .terms.join(", "))]
    Freeze {
        /// The name given.
        name: String,
        /// The names of the terms.
        terms: Vec<&'static str>,
    },
}

/// Arguments of `sumito tune`.
#[derive(clap::Args, Clone, Debug)]
pub struct TuneArgs {
    /// Data files made by `sumito datagen`.
    #[arg(required = true)]
    pub data: Vec<PathBuf>,
    /// The Rust file to write the weights to (crates/engine/src/eval/tuned.rs to build them in).
    #[arg(long, required_unless_present = "wdl")]
    pub output: Option<PathBuf>,
    /// Instead of the weights, fit the win/draw/loss model of the ShowWDL option to the games'
    /// results and print its two parameters (for crates/engine/src/search/wdl.rs).
    #[arg(long, conflicts_with_all = [
        "output", "epochs", "rate", "batch", "k", "lambda", "holdout", "from", "seed", "freeze",
    ])]
    pub wdl: bool,
    /// Passes over the fitted positions.
    #[arg(long, default_value_t = 30)]
    pub epochs: u32,
    /// Adam's step in centi-marbles at the first epoch, falling linearly to a tenth of it at the
    /// last. (On 200,000 positions, 0.2 settled within 30 epochs; 0.5 and 1 wandered by up to
    /// 0.0001 in loss on the way.)
    #[arg(long, default_value_t = 0.2)]
    pub rate: f64,
    /// Positions per gradient step.
    #[arg(long, default_value_t = 4096)]
    pub batch: usize,
    /// The sigmoid's scale per centi-marble [default: fitted to the starting weights].
    #[arg(long)]
    pub k: Option<f64>,
    /// How much the search score counts in the target, from 0 (the result alone) to 1.
    #[arg(long, default_value_t = 0.0)]
    pub lambda: f64,
    /// Every N-th game of each file is held out to measure the fit on (0: none).
    #[arg(long, default_value_t = 10)]
    pub holdout: u64,
    /// The weights to start from.
    #[arg(long, value_enum, default_value_t = StartFrom::Default)]
    pub from: StartFrom,
    /// Seed of the order the positions are visited in.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads; the result does not depend on them [default: every core].
    #[arg(long)]
    pub threads: Option<usize>,
    /// Terms whose weights stay as they start (names as `sumito eval` prints them, comma
    /// separated), to fit new terms beside weights that are known to play well.
    #[arg(long, value_delimiter = ',')]
    pub freeze: Vec<String>,
}

impl TuneArgs {
    /// The fit these flags ask for, or what is wrong with them.
    fn fit(&self) -> Result<Fit, TuneFlagsError> {
        let checks = [
            (self.epochs >= 1, TuneFlagsError::Epochs),
            (
                self.rate > 0.0 && self.rate.is_finite(),
                TuneFlagsError::Rate,
            ),
            (self.batch >= 1, TuneFlagsError::Batch),
            ((0.0..=1.0).contains(&self.lambda), TuneFlagsError::Lambda),
            (
                self.k.is_none_or(|k| k > 0.0 && k.is_finite()),
                TuneFlagsError::K,
            ),
            (
                self.threads
                    .is_none_or(|n| (1..=sumito_engine::search::MAX_THREADS).contains(&n)),
                TuneFlagsError::Threads,
            ),
        ];
        if let Some((_, error)) = checks.into_iter().find(|(ok, _)| !ok) {
            return Err(error);
        }
        let names = sumito_engine::eval::TERMS.map(|term| term.name);
        if let Some(name) = self
            .freeze
            .iter()
            .find(|name| !names.contains(&name.as_str()))
        {
            return Err(TuneFlagsError::Freeze {
                name: name.clone(),
                terms: names.to_vec(),
            });
        }
        Ok(Fit {
            data: self.data.clone(),
            // Present: clap requires it without --wdl, and --wdl does not fit the weights.
            output: self.output.clone().unwrap_or_default(),
            epochs: self.epochs,
            rate: self.rate,
            batch: self.batch,
            k: self.k,
            lambda: self.lambda,
            holdout: self.holdout,
            from: self.from,
            seed: self.seed,
            freeze: self.freeze.clone(),
        })
    }
}

/// Runs `sumito tune`: the losses and the weights on stdout, the weights file written.
pub fn run(args: &TuneArgs) -> super::Outcome {
    let fit = args.fit()?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()?;
    if args.wdl {
        return Ok(pool.install(|| sumito_tools::tune::run_wdl(&fit.data))?);
    }
    Ok(pool.install(|| sumito_tools::tune::run(&fit))?)
}
