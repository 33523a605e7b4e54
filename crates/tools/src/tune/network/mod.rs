//! `sumito train`: fits the learned evaluation's network to datagen data.
//!
//! Every epoch visits the fitted positions in a new order (shuffled from the seed), each seen
//! through one of the board's twelve symmetries drawn from the seed, so that the data count
//! twelve times over. Adam steps once per batch, its rate falling linearly to a tenth of the
//! start by the last epoch. Each batch's gradient is summed in fixed chunks on every core and
//! the chunks added in order, so the network does not depend on the thread count. The loss is
//! Texel's: the squared error of `sigmoid(K × eval)` against the target blended from
//! the result and the search score; the held-out games' loss is printed beside it after every
//! epoch.
//!
//! With `--players 3` to `6` it fits the network of games of that many players instead
//! (`seats_model`): an entry for every seat in play of every position, seen as it is.

mod model;
mod seats_model;

pub use model::{Model, Objective, PARAMETERS, Sample};
pub use seats_model::{SEATS_PARAMETERS, SeatsEntry, SeatsModel};

use super::TuneError;
use super::adam::Adam;
use super::data::{self, Data, FromSample};
use crate::util::progress::Progress;
use rayon::prelude::*;
use std::path::PathBuf;
use sumito_engine::eval::nnue::Activation;
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
    /// Players of the games fitted: 2 for the two-player network, 3 to 6 for the N-player
    /// one of that many.
    pub players: usize,
    /// The two-player network's activation.
    pub activation: Activation,
}

impl Training {
    /// The command line of this training, for the network file's header.
    pub fn command_line(&self) -> String {
        let files: Vec<String> = self.data.iter().map(|p| p.display().to_string()).collect();
        let players = match self.players {
            2 => String::new(),
            n => format!(" --players {n}"),
        };
        let activation = match self.activation {
            Activation::Clipped => "",
            Activation::SquaredClipped => " --activation squared",
        };
        format!(
            "sumito train {} --output {} --epochs {} --rate {} --batch {} --k {} --lambda {} --holdout {} --seed {}{players}{activation}",
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

/// A network as its training sees it: the entries it is fitted to, its parameters in floating
/// point, the gradient of its loss, and the file it becomes.
trait Trainable {
    /// A training entry.
    type Entry: FromSample + Sync;
    /// How many parameters it has.
    const PARAMETERS: usize;
    /// The symmetries an entry is seen through, one drawn for it in each epoch.
    const SYMMETRIES: usize;
    /// Its parameters.
    fn parameters(&mut self) -> &mut [f64];
    /// Adds the gradient of the summed squared error of `entries`, each seen through the
    /// symmetry `symmetry_of` gives it, to `gradient`; returns the summed error.
    fn add_gradient(
        objective: &Objective,
        p: &[f32],
        entries: &[Self::Entry],
        symmetry_of: &dyn Fn(usize) -> Symmetry,
        gradient: &mut [f32],
    ) -> f64;
    /// The summed squared error of `entries`, each seen as it is.
    fn loss(objective: &Objective, p: &[f32], entries: &[Self::Entry]) -> f64;
    /// The network file of the training `args`, with `header` naming what made it.
    fn file(&self, args: &Training, header: String) -> Vec<u8>;
    /// Keeps the parameters where the quantised network's sums cannot overflow, after each
    /// step (none to keep for a network whose sums are 32 bits wide).
    fn clip(&mut self) {}
}

impl Trainable for Model {
    type Entry = Sample;
    const PARAMETERS: usize = PARAMETERS;
    const SYMMETRIES: usize = sumito_rules::board::SYMMETRIES;
    fn parameters(&mut self) -> &mut [f64] {
        &mut self.0
    }
    fn add_gradient(
        objective: &Objective,
        p: &[f32],
        entries: &[Sample],
        symmetry_of: &dyn Fn(usize) -> Symmetry,
        gradient: &mut [f32],
    ) -> f64 {
        objective.add_gradient(p, entries, symmetry_of, gradient)
    }
    fn loss(objective: &Objective, p: &[f32], entries: &[Sample]) -> f64 {
        objective.loss(p, entries)
    }
    fn file(&self, args: &Training, header: String) -> Vec<u8> {
        self.quantise(header, args.activation).to_bytes()
    }
    fn clip(&mut self) {
        Model::clip(self);
    }
}

impl Trainable for SeatsModel {
    type Entry = SeatsEntry;
    const PARAMETERS: usize = SEATS_PARAMETERS;
    const SYMMETRIES: usize = 1;
    fn parameters(&mut self) -> &mut [f64] {
        &mut self.0
    }
    fn add_gradient(
        objective: &Objective,
        p: &[f32],
        entries: &[SeatsEntry],
        _: &dyn Fn(usize) -> Symmetry,
        gradient: &mut [f32],
    ) -> f64 {
        seats_model::add_seats_gradient(objective, p, entries, gradient)
    }
    fn loss(objective: &Objective, p: &[f32], entries: &[SeatsEntry]) -> f64 {
        seats_model::seats_loss(objective, p, entries)
    }
    fn file(&self, args: &Training, header: String) -> Vec<u8> {
        self.quantise(args.players, header).to_bytes()
    }
}

/// Runs the training on the threads of the current rayon pool: the losses on stdout, a progress
/// bar on stderr, the network written to `args.output`.
pub fn run(args: &Training) -> Result<(), TuneError> {
    match args.players {
        2 => train(args, Model::random(args.seed), |_| Ok(())),
        players => train(args, SeatsModel::random(args.seed), |entry: &SeatsEntry| {
            let found = entry.position.seating().seats();
            match found == players {
                true => Ok(()),
                false => Err(TuneError::Players { found, players }),
            }
        }),
    }
}

/// Fits `model` to the data of `args`, each entry first passing `check`, and writes it.
fn train<M: Trainable>(
    args: &Training,
    mut model: M,
    check: impl Fn(&M::Entry) -> Result<(), TuneError>,
) -> Result<(), TuneError> {
    let started = std::time::Instant::now();
    super::check_output(&args.output)?;
    let mut data: Data<M::Entry> = data::load(&args.data, args.holdout)?;
    data.train
        .iter()
        .chain(&data.validation)
        .try_for_each(check)?;
    if data.train.is_empty() {
        return Err(TuneError::NothingToFit);
    }
    crate::say!(
        "data: {} games, {} entries fitted (x{} by symmetry), {} held out ({:.1} s)",
        data.games,
        data.train.len(),
        M::SYMMETRIES,
        data.validation.len(),
        started.elapsed().as_secs_f64()
    );
    let objective = Objective {
        k: args.k as f32,
        lambda: args.lambda as f32,
        activation: args.activation,
    };
    let mut adam = Adam::new(M::PARAMETERS);
    let mut curve = vec![format!(
        "epoch 0: loss {}",
        losses::<M>(&objective, &single(model.parameters()), &data)
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
            let p = single(model.parameters());
            let (gradient, error) = batch_gradient::<M>(&objective, &p, batch, epoch_seed, first);
            fitted += error;
            adam.step(model.parameters(), &gradient, rate);
            model.clip();
            bar.set((first + batch.len()) as u64, "positions");
        }
        bar.finish();
        let p = single(model.parameters());
        let validation = mean_loss::<M>(&objective, &p, &data.validation);
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
    super::output::write_bytes(&args.output, &model.file(args, header))?;
    crate::say!(
        "wrote {} in {:.1} s",
        args.output.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The parameters in single precision, for a pass over many entries.
fn single(parameters: &[f64]) -> Vec<f32> {
    parameters.iter().map(|&p| p as f32).collect()
}

/// Parameters drawn from `seed` for a model laid out as input weights up to `ends[0]`, hidden
/// biases up to `ends[1]`, output weights up to `ends[2]` and the output bias up to `ends[3]`:
/// input and output weights uniform within their `scales`, the hidden biases 0.5 (most sums
/// start inside the clipped range) and the output bias 0.
fn random_parameters(seed: u64, ends: [usize; 4], (input, output): (f64, f64)) -> Vec<f64> {
    let mut random = sumito_rules::random::Random(seed);
    let mut uniform = |scale: f64| (random.below(2_000_001) as f64 / 1_000_000.0 - 1.0) * scale;
    let mut parameters = vec![0.0; ends[3]];
    for w in &mut parameters[..ends[0]] {
        *w = uniform(input);
    }
    for b in &mut parameters[ends[0]..ends[1]] {
        *b = 0.5;
    }
    for w in &mut parameters[ends[1]..ends[2]] {
        *w = uniform(output);
    }
    parameters
}

/// Fills `values` with the first of `parameters` times `scale`, rounded and clipped to `i16`.
fn quantise_into(values: &mut [i16], parameters: &[f64], scale: i32) {
    for (value, &parameter) in values.iter_mut().zip(parameters) {
        let scaled = (parameter * f64::from(scale)).round();
        *value = scaled.clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16;
    }
}

/// Checks `gradient`, the gradient of `loss` at `parameters`, against central finite
/// differences at the parameters `some`.
#[cfg(test)]
fn assert_gradient_matches(
    parameters: &[f64],
    gradient: &[f32],
    some: &[usize],
    loss: impl Fn(&[f64]) -> f64,
) {
    for &index in some {
        let h = 1e-3;
        let (mut up, mut down) = (parameters.to_vec(), parameters.to_vec());
        up[index] += h;
        down[index] -= h;
        let numeric = (loss(&up) - loss(&down)) / (2.0 * h);
        let analytic = f64::from(gradient[index]);
        assert!(
            (numeric - analytic).abs() <= 1e-3 + 0.05 * numeric.abs(),
            "parameter {index}: numeric {numeric}, analytic {analytic}"
        );
    }
}

/// The mean gradient of `batch` (its first entry is number `first` of the epoch) and its
/// summed error, each entry seen through the symmetry drawn for it from `seed`.
fn batch_gradient<M: Trainable>(
    objective: &Objective,
    p: &[f32],
    batch: &[M::Entry],
    seed: u64,
    first: usize,
) -> (Vec<f64>, f64) {
    let chunks: Vec<(Vec<f32>, f64)> = batch
        .par_chunks(CHUNK)
        .enumerate()
        .map(|(number, chunk)| {
            let start = first + number * CHUNK;
            let symmetry_of = |index: usize| {
                let draw = splitmix64(seed ^ (start + index) as u64).1;
                Symmetry::from_index((draw % M::SYMMETRIES as u64) as usize)
            };
            let mut gradient = vec![0f32; M::PARAMETERS];
            let error = M::add_gradient(objective, p, chunk, &symmetry_of, &mut gradient);
            (gradient, error)
        })
        .collect();
    let mut total = vec![0f64; M::PARAMETERS];
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

/// The mean loss of `entries`, none for none.
fn mean_loss<M: Trainable>(objective: &Objective, p: &[f32], entries: &[M::Entry]) -> Option<f64> {
    if entries.is_empty() {
        return None;
    }
    let sum = super::chunked_sum(entries, CHUNK, |chunk| M::loss(objective, p, chunk));
    Some(sum / entries.len() as f64)
}

/// The losses on the fitted and on the held-out positions, as each epoch prints them.
fn losses<M: Trainable>(objective: &Objective, p: &[f32], data: &Data<M::Entry>) -> String {
    let train = mean_loss::<M>(objective, p, &data.train).unwrap_or(0.0);
    match mean_loss::<M>(objective, p, &data.validation) {
        Some(held) => format!("{train:.6} (held out {held:.6})"),
        None => format!("{train:.6}"),
    }
}
