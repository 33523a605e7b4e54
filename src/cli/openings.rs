//! `sumito openings`: the command line of the opening suite maker
//! ([`sumito_tools::match_runner::suite`]); the suite goes to stdout.

use sumito_engine::search::{MAX_THREADS, TableSizeError, TranspositionTable};
use sumito_rules::board::Layout;
use sumito_rules::game::AnyLayout;
use sumito_rules::multiplayer::MultiLayout;
use sumito_tools::datagen::PlyRange;
use sumito_tools::match_runner::multi::suite::{MultiRecipe, make_multi_suite};
use sumito_tools::match_runner::suite::{self, Recipe, SuiteError};

/// Why `sumito openings` cannot make its suite.
#[derive(Debug, thiserror::Error)]
pub enum OpeningsError {
    /// `--per-layout` out of range.
    #[error("--per-layout must be from 1 to 100000")]
    PerLayout,
    /// `--depth` out of range.
    #[error("--depth must be from 1 to 64")]
    Depth,
    /// `--max-score` out of range.
    #[error("--max-score must be from 0 to 10000 centi-marbles")]
    MaxScore,
    /// The old `--min-plies` above the old `--max-plies`, or either above 100.
    #[error(
        "--min-plies must not exceed --max-plies, which is at most 100 (both are the old \
             names of --opening-plies MIN-MAX)"
    )]
    Plies,
    /// `--threads` out of range.
    #[error("--threads must be from 1 to {MAX_THREADS}")]
    Threads,
    /// No table of `--hash` MB for every thread.
    #[error("--hash: {0}")]
    Hash(#[from] TableSizeError),
    /// `--layout` names a layout twice.
    #[error("{0}")]
    RepeatedLayout(String),
    /// The suite itself cannot be made.
    #[error(transparent)]
    Suite(#[from] SuiteError),
}

/// Arguments of `sumito openings`.
#[derive(clap::Args, Clone, Debug)]
pub struct OpeningsArgs {
    /// Openings to keep per layout.
    #[arg(long, default_value_t = 180)]
    pub per_layout: usize,
    /// Depth of the search that judges each candidate [default: 10] (two-player layouts: an
    /// N-player suite is judged by every seat's evaluation).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Largest |score| kept, in centi-marbles (30 = 0.30 marbles).
    #[arg(long, default_value_t = 30)]
    pub max_score: i32,
    /// Random plies from the layout: a number, or a range such as 2-8 drawn from per opening.
    #[arg(long, default_value = "2-8")]
    pub opening_plies: PlyRange,
    /// The old name of the low end of --opening-plies, still read (suites made before say it).
    #[arg(long, hide = true, conflicts_with = "opening_plies")]
    pub min_plies: Option<u32>,
    /// The old name of the high end of --opening-plies, still read.
    #[arg(long, hide = true, conflicts_with = "opening_plies")]
    pub max_plies: Option<u32>,
    /// Seed of the random plies.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Layouts, comma-separated [default: the three two-player ones]; or one N-player layout
    /// (three-player … six-player), whose suite is judged by every seat's evaluation.
    #[arg(long, value_delimiter = ',', value_name = "LAYOUT")]
    pub layout: Vec<AnyLayout>,
    /// Threads, each searching its own candidates [default: every core] (two-player layouts).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Table size in MB of each thread's search [default: 16] (two-player layouts).
    #[arg(long)]
    pub hash: Option<usize>,
}

impl OpeningsArgs {
    /// The recipe these flags ask for, or what is wrong with them.
    fn recipe(&self) -> Result<Recipe, OpeningsError> {
        if !(1..=100_000).contains(&self.per_layout) {
            return Err(OpeningsError::PerLayout);
        }
        let depth = self.depth.unwrap_or(10);
        if !(1..=64).contains(&depth) {
            return Err(OpeningsError::Depth);
        }
        if !(0..=10_000).contains(&self.max_score) {
            return Err(OpeningsError::MaxScore);
        }
        let PlyRange { min, max } = self.opening_plies;
        let (min, max) = (self.min_plies.unwrap_or(min), self.max_plies.unwrap_or(max));
        if min > max || max > 100 {
            return Err(OpeningsError::Plies);
        }
        if self
            .threads
            .is_some_and(|t| !(1..=MAX_THREADS).contains(&t))
        {
            return Err(OpeningsError::Threads);
        }
        super::flags::no_repeats("--layout", &self.layout)
            .map_err(OpeningsError::RepeatedLayout)?;
        let mut layouts: Vec<Layout> = self
            .layout
            .iter()
            .filter_map(|layout| match layout {
                AnyLayout::Two(layout) => Some(*layout),
                AnyLayout::Multi(_) => None,
            })
            .collect();
        if layouts.is_empty() {
            layouts = Layout::ALL.to_vec();
        }
        Ok(Recipe {
            per_layout: self.per_layout,
            depth,
            max_score: self.max_score,
            min_plies: min,
            max_plies: max,
            seed: self.seed,
            layouts,
            hash: self.hash.unwrap_or(16),
        })
    }
}

/// Runs `sumito openings`: the suite on stdout, progress on stderr.
pub fn run(args: &OpeningsArgs) -> super::Outcome {
    if args.min_plies.is_some() || args.max_plies.is_some() {
        eprintln!(
            "warning: --min-plies and --max-plies are the old names of --opening-plies MIN-MAX"
        );
    }
    if let Some(layout) = multi_layout(args)? {
        return run_multi(args, layout);
    }
    let recipe = args.recipe()?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()?;
    // Each thread searches with a table of its own.
    TranspositionTable::check_per_thread(recipe.hash, pool.current_num_threads())
        .map_err(OpeningsError::from)?;
    let started = std::time::Instant::now();
    let made = suite::make(&recipe, &pool).map_err(OpeningsError::from)?;
    sumito_tools::say!("{}", made.text);
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "openings: {} kept of {} searched in {seconds:.0} s",
        made.kept, made.searched
    );
    Ok(())
}

/// The N-player layout asked for, if any: alone, and without the flags of the search that
/// judges two-player suites.
fn multi_layout(args: &OpeningsArgs) -> Result<Option<MultiLayout>, super::Error> {
    let multi: Vec<MultiLayout> = args
        .layout
        .iter()
        .filter_map(|layout| match layout {
            AnyLayout::Multi(layout) => Some(*layout),
            AnyLayout::Two(_) => None,
        })
        .collect();
    match multi.as_slice() {
        [] => Ok(None),
        [layout] if args.layout.len() == 1 => {
            let search = args.depth.is_some() || args.hash.is_some() || args.threads.is_some();
            match search {
                true => Err(
                    "--depth, --hash and --threads judge two-player suites; an N-player \
                             suite is judged by every seat's evaluation"
                        .into(),
                ),
                false => Ok(Some(*layout)),
            }
        }
        _ => Err("an N-player layout makes its suite alone: give one --layout".into()),
    }
}

/// Makes the suite of an N-player layout (`--per-layout` openings, `--opening-plies` turns,
/// `--max-score` on every seat's evaluation, `--seed`).
fn run_multi(args: &OpeningsArgs, layout: MultiLayout) -> super::Outcome {
    let recipe = args.recipe()?;
    let command = format!(
        "sumito openings --layout {} --per-layout {} --opening-plies {}-{} --max-score {} \
         --seed {}",
        layout.name(),
        recipe.per_layout,
        recipe.min_plies,
        recipe.max_plies,
        recipe.max_score,
        recipe.seed
    );
    let multi = MultiRecipe {
        layout,
        count: recipe.per_layout,
        min_plies: recipe.min_plies,
        max_plies: recipe.max_plies,
        max_score: recipe.max_score,
        seed: recipe.seed,
    };
    let made = make_multi_suite(&multi, &command)?;
    sumito_tools::say!("{}", made.text.trim_end());
    eprintln!("openings: {} kept of {} tried", made.kept, made.tried);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Wrapper {
        #[command(flatten)]
        args: OpeningsArgs,
    }

    fn args(extra: &[&str]) -> OpeningsArgs {
        let mut all = vec!["openings"];
        all.extend_from_slice(extra);
        Wrapper::parse_from(all).args
    }

    #[test]
    fn bad_flags_are_refused() {
        assert!(
            args(&["--min-plies", "9", "--max-plies", "8"])
                .recipe()
                .is_err()
        );
        assert!(args(&["--per-layout", "0"]).recipe().is_err());
        // The old names still read, each end alone too.
        let old = args(&["--min-plies", "3", "--max-plies", "5"])
            .recipe()
            .unwrap();
        assert_eq!((old.min_plies, old.max_plies), (3, 5));
        let new = args(&["--opening-plies", "3-5"]).recipe().unwrap();
        assert_eq!((new.min_plies, new.max_plies), (3, 5));
        let high = args(&["--max-plies", "6"]).recipe().unwrap();
        assert_eq!((high.min_plies, high.max_plies), (2, 6));
        assert!(args(&["--threads", "0"]).recipe().is_err());
        assert!(args(&[]).recipe().is_ok());
    }
}
