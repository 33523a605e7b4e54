//! `sumito tune`: fits the evaluation's weights to `sumito datagen` data, Texel-style.
//!
//! The loss is the mean squared error between each position's target (the game's result for
//! the side to move, optionally blended with the search score) and sigmoid(K × evaluation).
//! K is fitted first to the starting weights (or given), then Adam fits an opening and an
//! endgame weight for every term of the evaluation's table, whatever terms it holds, over
//! shuffled mini-batches, and the weights are written as Rust source (`output.rs`).

mod adam;
pub mod data;
mod error;
pub mod model;
pub mod network;
mod output;
pub mod wdl;

pub use error::TuneError;

use adam::Adam;
use data::{Data, Entry};
use model::{Model, Objective, fit_k};
use std::fmt::Write as _;
use std::path::PathBuf;

use sumito_engine::eval::Weights;
use sumito_rules::random::Random;

/// The weights a fit starts from.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartFrom {
    /// The hand-set weights each term starts from (`sumito eval --hand`).
    Default,
    /// The weights of crates/engine/src/eval/tuned.rs, to go on from an earlier fit.
    Tuned,
}

/// What a fit is made from and how: the settings of `sumito tune`.
#[derive(Clone, Debug)]
pub struct Fit {
    /// Data files made by `sumito datagen`.
    pub data: Vec<PathBuf>,
    /// The Rust file to write the weights to (crates/engine/src/eval/tuned.rs to build them in).
    pub output: PathBuf,
    /// Passes over the fitted positions.
    pub epochs: u32,
    /// Adam's step in centi-marbles at the first epoch, falling linearly to a tenth of it at the
    /// last. (On 200,000 positions, 0.2 settled within 30 epochs; 0.5 and 1 wandered by up to
    /// 0.0001 in loss on the way.)
    pub rate: f64,
    /// Positions per gradient step.
    pub batch: usize,
    /// The sigmoid's scale per centi-marble; fitted to the starting weights when `None`.
    pub k: Option<f64>,
    /// How much the search score counts in the target, from 0 (the result alone) to 1.
    pub lambda: f64,
    /// Every N-th game of each file is held out to measure the fit on (0: none).
    pub holdout: u64,
    /// The weights to start from.
    pub from: StartFrom,
    /// Seed of the order the positions are visited in.
    pub seed: u64,
    /// Terms whose weights stay as they start (names as `sumito eval` prints them), to fit new
    /// terms beside weights that are known to play well.
    pub freeze: Vec<String>,
}

impl Fit {
    /// Whether the fit moves each parameter of the model: not those of the frozen terms.
    fn moving(&self) -> [bool; model::PARAMETERS] {
        let mut moving = [true; model::PARAMETERS];
        for (index, term) in sumito_engine::eval::TERMS.iter().enumerate() {
            if self.freeze.iter().any(|name| name == term.name) {
                moving[index] = false;
                moving[sumito_engine::eval::TERM_COUNT + index] = false;
            }
        }
        moving
    }

    /// The command line of this fit, for the weights file's header.
    fn command_line(&self) -> String {
        let files: Vec<String> = self.data.iter().map(|p| p.display().to_string()).collect();
        let mut line = format!(
            "sumito tune {} --output {} --epochs {} --rate {} --batch {} --lambda {} \
             --holdout {} --from {} --seed {}",
            files.join(" "),
            self.output.display(),
            self.epochs,
            self.rate,
            self.batch,
            self.lambda,
            self.holdout,
            match self.from {
                StartFrom::Default => "default",
                StartFrom::Tuned => "tuned",
            },
            self.seed
        );
        if let Some(k) = self.k {
            let _ = write!(line, " --k {k}");
        }
        if !self.freeze.is_empty() {
            let _ = write!(line, " --freeze {}", self.freeze.join(","));
        }
        line
    }
}

/// Runs `sumito tune`'s fit on the threads of the current rayon pool: the losses and the
/// weights on stdout, the weights file written.
pub fn run(args: &Fit) -> Result<(), TuneError> {
    let started = std::time::Instant::now();
    check_output_folder(&args.output)?;
    let mut data: Data = data::load(&args.data, args.holdout)?;
    if data.train.is_empty() {
        return Err(TuneError::NothingToFit);
    }
    crate::say!(
        "data: {} games, {} positions fitted, {} held out, {} of unfinished games left out ({:.1} s)",
        data.games,
        data.train.len(),
        data.validation.len(),
        data.unfinished,
        started.elapsed().as_secs_f64()
    );
    let start = match args.from {
        StartFrom::Default => Weights::DEFAULT,
        StartFrom::Tuned => Weights::tuned(),
    };
    let mut model = Model::from_weights(&start);
    let k = match args.k {
        Some(k) => k,
        None => fit_k(&model, &data.train, args.lambda),
    };
    let objective = Objective {
        k,
        lambda: args.lambda,
    };
    crate::say!(
        "k: {k:.6} per centi-marble{}",
        if args.k.is_some() {
            " (given)"
        } else {
            " (fitted)"
        }
    );
    for name in constant_terms(&data.train) {
        crate::say!("{name}: its input is 0 in every position, so its weight stays as it starts");
    }
    shuffle(&mut data.train, args.seed);
    let first = losses(&objective, &model, &data);
    crate::say!("epoch 0: loss {first}");
    let mut adam = Adam::new(model::PARAMETERS);
    let mut last = first.clone();
    let moving = args.moving();
    for epoch in 0..args.epochs {
        let progress = f64::from(epoch) / f64::from(args.epochs);
        let rate = args.rate * (1.0 - 0.9 * progress);
        for batch in data.train.chunks(args.batch) {
            let mut gradient = objective.gradient(&model, batch);
            for (slope, moves) in gradient.iter_mut().zip(moving) {
                if !moves {
                    *slope = 0.0;
                }
            }
            adam.step(&mut model.0, &gradient, rate);
        }
        last = losses(&objective, &model, &data);
        crate::say!("epoch {}: loss {last}", epoch + 1);
    }
    let weights = model.to_weights();
    crate::say!("{}", output::table(&weights).trim_end());
    let provenance = output::Provenance {
        datagen: datagen_commands(&args.data, &data.files),
        tune: args.command_line(),
        summary: format!(
            "{} positions of {} games: {} fitted, {} held out (every {}th game). K = {k:.6} per \
             centi-marble, lambda {}. Loss with the starting weights {}; after {} epochs {}.",
            data.train.len() + data.validation.len(),
            data.games,
            data.train.len(),
            data.validation.len(),
            args.holdout,
            args.lambda,
            first,
            args.epochs,
            last
        ),
    };
    output::write(&args.output, &output::source(&weights, &provenance))?;
    crate::say!(
        "wrote {} in {:.1} s",
        args.output.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// A fit takes minutes: an output that cannot be written is refused before it, not after.
fn check_output_folder(output: &std::path::Path) -> Result<(), TuneError> {
    let folder = match output.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => std::path::Path::new("."),
    };
    if folder.is_dir() {
        return Ok(());
    }
    let why = format!("no directory {}", folder.display());
    Err(TuneError::Write {
        path: output.to_path_buf(),
        source: std::io::Error::new(std::io::ErrorKind::NotFound, why),
    })
}

/// The commands that make each data file again, each with the build that ran it (its bench
/// node count) when the file names it: the games depend on the search and the evaluation.
fn datagen_commands(paths: &[PathBuf], files: &[data::FileSummary]) -> Vec<String> {
    paths
        .iter()
        .zip(files)
        .map(|(path, file)| {
            let build = match file.bench {
                Some(bench) => format!("  (by the build with bench {bench})"),
                None => String::new(),
            };
            format!(
                "sumito datagen --output {} --games {} {}{build}",
                path.display(),
                file.games,
                file.flags
            )
        })
        .collect()
}

/// The loss on the fitted and on the held-out positions.
#[derive(Clone, Debug, PartialEq)]
struct Losses {
    train: f64,
    validation: Option<f64>,
}

impl std::fmt::Display for Losses {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:.6}", self.train)?;
        match self.validation {
            Some(validation) => write!(f, " (held out {validation:.6})"),
            None => Ok(()),
        }
    }
}

fn losses(objective: &Objective, model: &Model, data: &Data) -> Losses {
    Losses {
        train: objective.loss(model, &data.train),
        validation: (!data.validation.is_empty()).then(|| objective.loss(model, &data.validation)),
    }
}

/// The terms whose input is 0 in all `entries`: the data say nothing about their weights (the
/// threats of the side to move, for one, since datagen keeps only quiet positions).
fn constant_terms(entries: &[Entry]) -> Vec<&'static str> {
    sumito_engine::eval::TERMS
        .iter()
        .enumerate()
        .filter(|(index, _)| entries.iter().all(|entry| entry.inputs[*index] == 0.0))
        .map(|(_, term)| term.name)
        .collect()
}

/// Shuffles `entries` by `seed` (Fisher-Yates): the games' positions follow each other in the
/// files, and a batch should see many games.
fn shuffle<T>(entries: &mut [T], seed: u64) {
    let mut random = Random(seed);
    for last in (1..entries.len()).rev() {
        let other = random.below(last + 1);
        entries.swap(last, other);
    }
}

/// Runs `sumito tune --wdl`: fits the win/draw/loss model to every position of the data files
/// and prints its parameters, to be put into `crates/engine/src/search/wdl.rs`.
pub fn run_wdl(paths: &[std::path::PathBuf]) -> Result<(), TuneError> {
    let data: Data = data::load(paths, 0)?;
    if data.train.is_empty() {
        return Err(TuneError::NothingToFit);
    }
    let fitted = wdl::fit(&data.train);
    let current = sumito_engine::search::WDL_MODEL;
    crate::say!(
        "wdl: centre {:.1} scale {:.1} (log loss {:.5} over {} positions of {} games; the \
         model in crates/engine/src/search/wdl.rs, centre {:.1} scale {:.1}, has {:.5})",
        fitted.centre,
        fitted.scale,
        wdl::loss(&fitted, &data.train),
        data.train.len(),
        data.games,
        current.centre,
        current.scale,
        wdl::loss(&current, &data.train)
    );
    Ok(())
}
