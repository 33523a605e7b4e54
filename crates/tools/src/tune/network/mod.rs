//! `sumito train`: fits the learned evaluation's network to datagen data.
//!
//! Every epoch visits the fitted positions in a new order (shuffled from the seed), each seen
//! through one of the board's twelve symmetries drawn from the seed, so that the data count
//! twelve times over. Adam steps once per batch, its rate falling linearly to a tenth of the
//! start by the last epoch. Each batch's gradient is summed in fixed chunks on every core and
//! the chunks added in order, so the network does not depend on the thread count. The loss is
//! the linear fit's: the squared error of `sigmoid(K × eval)` against the target blended from
//! the result and the search score; the held-out games' loss is printed beside it after every
//! epoch.

mod model;

pub use model::{Model, Objective, PARAMETERS, Sample};

use super::TuneError;
use super::adam::Adam;
use super::data::{self, Data};
use crate::util::progress::Progress;
use rayon::prelude::*;
use std::path::PathBuf;
use sumito_rules::board::Symmetry;
use sumito_rules::random::splitmix64;

/// Positions per chunk of a batch's gradient: the unit of work of one thread.
const CHUNK: usize = 1024;

/// The settings of `sumito train`.
#[derive(Clone, Debug)]
pub struct Training {
    /// Data files made by `sumito datagen`.
    pub data: Vec<PathBuf>,
    /// The network file to write.
    pub output: PathBuf,
    /// Passes over the fitted positions.
    pub epochs: u32,
    /// Adam's step at the first epoch.
    pub rate: f64,
    /// Positions per step.
    pub batch: usize,
    /// The sigmoid's scale per centi-marble.
    pub k: f64,
    /// How much the search score counts in the target, 0 to 1.
    pub lambda: f64,
    /// Every N-th game of each file is held out (0: none).
    pub holdout: u64,
    /// Seed of the starting weights, the orders and the symmetries.
    pub seed: u64,
}

impl Training {
    /// The command line of this training, for the network file's header.
    pub fn command_line(&self) -> String {
        let files: Vec<String> = self.data.iter().map(|p| p.display().to_string()).collect();
        format!(
            "sumito train {} --output {} --epochs {} --rate {} --batch {} --k {} --lambda {} --holdout {} --seed {}",
            files.join(" "),
            self.output.display(),
            self.epochs,
            self.rate,
            self.batch,
            self.k,
            self.lambda,
            self.holdout,
            self.seed
        )
    }
}

/// Runs the training on the threads of the current rayon pool: the losses on stdout, a progress
/// bar on stderr, the network written to `args.output`.
pub fn run(args: &Training) -> Result<(), TuneError> {
    let started = std::time::Instant::now();
    super::check_output_folder(&args.output)?;
    let mut data: Data<Sample> = data::load(&args.data, args.holdout)?;
    if data.train.is_empty() {
        return Err(TuneError::NothingToFit);
    }
    crate::say!(
        "data: {} games, {} positions fitted (x{} by symmetry), {} held out ({:.1} s)",
        data.games,
        data.train.len(),
        sumito_rules::board::SYMMETRIES,
        data.validation.len(),
        started.elapsed().as_secs_f64()
    );
    let objective = Objective {
        k: args.k as f32,
        lambda: args.lambda as f32,
    };
    let mut model = Model::random(args.seed);
    let mut adam = Adam::new(PARAMETERS);
    let mut curve = vec![format!(
        "epoch 0: loss {}",
        losses(&objective, &model, &data)
    )];
    crate::say!("{}", curve[0]);
    for epoch in 0..args.epochs {
        let epoch_seed = splitmix64(args.seed ^ u64::from(epoch + 1) << 32).1;
        super::shuffle(&mut data.train, epoch_seed);
        let rate = args.rate * (1.0 - 0.9 * f64::from(epoch) / f64::from(args.epochs));
        let total = data.train.len() as u64;
        let mut bar = Progress::new(&format!("epoch {}", epoch + 1), total);
        let mut fitted = 0.0;
        for (number, batch) in data.train.chunks(args.batch).enumerate() {
            let first = number * args.batch;
            let (gradient, error) = batch_gradient(&objective, &model, batch, epoch_seed, first);
            fitted += error;
            adam.step(&mut model.0, &gradient, rate);
            bar.set((first + batch.len()) as u64, "positions");
        }
        bar.finish();
        let validation = mean_loss(&objective, &model, &data.validation);
        let line = format!(
            "epoch {}: loss {:.6} while fitting{} ({:.0} s)",
            epoch + 1,
            fitted / data.train.len() as f64,
            validation.map_or(String::new(), |v| format!(", held out {v:.6}")),
            started.elapsed().as_secs_f64()
        );
        crate::say!("{line}");
        curve.push(line);
    }
    let header = format!(
        "{}\n{}\n{}",
        super::datagen_commands(&args.data, &data.files).join("\n"),
        args.command_line(),
        curve.join("\n")
    );
    let network = model.quantise(header);
    super::output::write_bytes(&args.output, &network.to_bytes())?;
    crate::say!(
        "wrote {} in {:.1} s",
        args.output.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The mean gradient of `batch` (its first position is number `first` of the epoch) and its
/// summed error, each position seen through the symmetry drawn for it from `seed`.
fn batch_gradient(
    objective: &Objective,
    model: &Model,
    batch: &[Sample],
    seed: u64,
    first: usize,
) -> (Vec<f64>, f64) {
    let p = model.single();
    let chunks: Vec<(Vec<f32>, f64)> = batch
        .par_chunks(CHUNK)
        .enumerate()
        .map(|(number, chunk)| {
            let start = first + number * CHUNK;
            let symmetry_of = |index: usize| {
                let draw = splitmix64(seed ^ (start + index) as u64).1;
                Symmetry::from_index((draw % sumito_rules::board::SYMMETRIES as u64) as usize)
            };
            let mut gradient = vec![0f32; PARAMETERS];
            let error = objective.add_gradient(&p, chunk, symmetry_of, &mut gradient);
            (gradient, error)
        })
        .collect();
    let mut total = vec![0f64; PARAMETERS];
    let mut error = 0.0;
    for (gradient, chunk_error) in chunks {
        for (t, g) in total.iter_mut().zip(gradient) {
            *t += f64::from(g);
        }
        error += chunk_error;
    }
    let scale = 1.0 / batch.len() as f64;
    total.iter_mut().for_each(|t| *t *= scale);
    (total, error)
}

/// The mean loss of `samples`, none for none.
fn mean_loss(objective: &Objective, model: &Model, samples: &[Sample]) -> Option<f64> {
    if samples.is_empty() {
        return None;
    }
    let p = model.single();
    let sum: f64 = samples
        .par_chunks(CHUNK)
        .map(|chunk| objective.loss(&p, chunk))
        .collect::<Vec<_>>()
        .iter()
        .sum();
    Some(sum / samples.len() as f64)
}

/// The losses before training, as the linear fit prints them.
fn losses(objective: &Objective, model: &Model, data: &Data<Sample>) -> String {
    let train = mean_loss(objective, model, &data.train).unwrap_or(0.0);
    match mean_loss(objective, model, &data.validation) {
        Some(held) => format!("{train:.6} (held out {held:.6})"),
        None => format!("{train:.6}"),
    }
}
