//! `sumito train`: the command line of the network's training, checked.

use std::path::PathBuf;
use sumito_engine::eval::nnue::Activation;
use sumito_tools::tune::network::Training;

/// What is wrong with the flags of `sumito train`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TrainFlagsError {
    /// `--epochs 0`.
    #[error("--epochs must be at least 1")]
    Epochs,
    /// `--rate` not above 0, or beyond what the trainer's 32-bit floats hold.
    #[error("--rate must be above 0 (from 1e-37 to 1e38)")]
    Rate,
    /// `--batch 0`.
    #[error("--batch must be at least 1")]
    Batch,
    /// `--lambda` out of range.
    #[error("--lambda must be from 0 to 1")]
    Lambda,
    /// `--k` not above 0, or beyond what the trainer's 32-bit floats hold.
    #[error("--k must be above 0 (from 1e-37 to 1e38)")]
    K,
    /// `--threads` out of range.
    #[error("--threads must be from 1 to 256")]
    Threads,
    /// `train --activation squared` with `--players` above 2.
    #[error("--activation squared is for the two-player network: the N-player one clips")]
    Activation,
}

/// The values of `--activation`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActivationArg {
    /// Clipped ReLU.
    Clipped,
    /// Squared clipped ReLU.
    Squared,
}

/// Arguments of `sumito train`.
#[derive(clap::Args, Clone, Debug)]
pub struct TrainArgs {
    /// Data files made by `sumito datagen`.
    #[arg(required = true)]
    pub data: Vec<PathBuf>,
    /// The network file to write (crates/engine/src/eval/nnue/default.nnue is the one built in).
    #[arg(long)]
    pub output: PathBuf,
    /// Passes over the fitted positions, each seen through a symmetry drawn anew.
    #[arg(long, default_value_t = 10)]
    pub epochs: u32,
    /// Adam's step at the first epoch, falling linearly to a tenth of it at the last.
    #[arg(long, default_value_t = 0.001)]
    pub rate: f64,
    /// Positions per step.
    #[arg(long, default_value_t = 16384)]
    pub batch: usize,
    /// The sigmoid's scale per centi-marble: that fitted to the linear evaluation the first
    /// network learnt from, so that the network's centi-marbles mean what the search's margins
    /// expect.
    #[arg(long, default_value_t = 0.014386)]
    pub k: f64,
    /// How much the search score counts in the target, from 0 (the result alone) to 1.
    #[arg(long, default_value_t = 0.5)]
    pub lambda: f64,
    /// Every N-th game of each file is held out to measure the fit on (0: none).
    #[arg(long, default_value_t = 10)]
    pub holdout: u64,
    /// Seed of the starting weights, of the orders and of the symmetries.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Players of the games to fit: 2 for the two-player network (EvalFile), 3 to 6 for the
    /// network of games of that many players (SeatsEvalFile), from `datagen --players` data.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=6))]
    pub players: u8,
    /// The hidden layer's activation: clipped (clamp(x, 0, 1)) or squared (its square); the
    /// two-player network only.
    #[arg(long, value_enum, default_value_t = ActivationArg::Clipped)]
    pub activation: ActivationArg,
    /// Threads; the network does not depend on them [default: every core].
    #[arg(long)]
    pub threads: Option<usize>,
}

impl TrainArgs {
    /// The training these flags ask for, or what is wrong with them.
    fn training(&self) -> Result<Training, TrainFlagsError> {
        // The trainer computes in f32: a value that is 0 or infinite there trains nothing.
        let positive = |x: f64| x > 0.0 && (1e-37..=1e38).contains(&x);
        let checks = [
            (self.epochs >= 1, TrainFlagsError::Epochs),
            (positive(self.rate), TrainFlagsError::Rate),
            (self.batch >= 1, TrainFlagsError::Batch),
            (positive(self.k), TrainFlagsError::K),
            ((0.0..=1.0).contains(&self.lambda), TrainFlagsError::Lambda),
            (
                self.players == 2 || self.activation == ActivationArg::Clipped,
                TrainFlagsError::Activation,
            ),
            (
                self.threads
                    .is_none_or(|n| (1..=sumito_engine::search::MAX_THREADS).contains(&n)),
                TrainFlagsError::Threads,
            ),
        ];
        if let Some((_, error)) = checks.into_iter().find(|(ok, _)| !ok) {
            return Err(error);
        }
        Ok(Training {
            data: self.data.clone(),
            output: self.output.clone(),
            epochs: self.epochs,
            rate: self.rate,
            batch: self.batch,
            k: self.k,
            lambda: self.lambda,
            holdout: self.holdout,
            seed: self.seed,
            players: usize::from(self.players),
            activation: match self.activation {
                ActivationArg::Clipped => Activation::Clipped,
                ActivationArg::Squared => Activation::SquaredClipped,
            },
        })
    }
}

/// Runs `sumito train`: the losses on stdout, the network file written.
pub fn run(args: &TrainArgs) -> super::Outcome {
    let training = args.training()?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()?;
    Ok(pool.install(|| sumito_tools::tune::network::run(&training))?)
}
