//! The fits to `sumito datagen` data: `sumito tune --wdl`, the win/draw/loss model of
//! `ShowWDL` ([`wdl`]), and `sumito train`, the networks ([`network`]), on the data files
//! [`data`] reads.
//!
//! `sumito tune` fitted the linear evaluation's weights, Texel-style, until that evaluation was
//! removed (the network beat it by 350 Elo); the win/draw/loss fit is what is left of it.

mod adam;
pub mod data;
mod error;
pub mod network;
mod output;
pub mod wdl;

pub use error::TuneError;

use data::Data;
use std::path::PathBuf;
use sumito_rules::random::Random;

/// A training takes minutes: an output that cannot be written (no folder, or something there
/// that a file cannot be renamed over) is refused before it, not after.
fn check_output(output: &std::path::Path) -> Result<(), TuneError> {
    let folder = match output.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => std::path::Path::new("."),
    };
    // The network is renamed into place: over a device or a directory it must not be.
    let not_a_file = std::fs::symlink_metadata(output).is_ok_and(|meta| !meta.is_file());
    if folder.is_dir() && !not_a_file {
        return Ok(());
    }
    let why = match not_a_file {
        true => "it exists and is not a regular file".to_string(),
        false => format!("no directory {}", folder.display()),
    };
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
            // A shard's file is made again as the shard of its run, whose games it holds.
            let (games, games_held) = match file.range {
                Some(range) => match range.as_shard() {
                    Some((k, n)) => (format!("{} --shard {k}/{n}", range.total), String::new()),
                    None => {
                        let (first, last) = (range.first, range.end - 1);
                        (
                            range.total.to_string(),
                            format!("  (its games {first}-{last})"),
                        )
                    }
                },
                None => (file.games.to_string(), String::new()),
            };
            format!(
                "sumito datagen --output {} --games {games} {}{games_held}{build}",
                path.display(),
                file.flags
            )
        })
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

/// The sum of `sum` over `items` cut into chunks of `chunk`, the chunks summed on the current
/// rayon pool and their sums added in order: the same float whatever the number of threads.
fn chunked_sum<T: Sync>(items: &[T], chunk: usize, sum: impl Fn(&[T]) -> f64 + Sync) -> f64 {
    use rayon::prelude::*;
    let sums: Vec<f64> = items.par_chunks(chunk).map(&sum).collect();
    sums.iter().sum()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_network_is_never_renamed_over_a_device_or_a_directory() {
        for path in [std::path::Path::new("/dev/null"), &std::env::temp_dir()] {
            let refused = check_output(path).expect_err("refused");
            assert!(
                refused.to_string().contains("not a regular file"),
                "{refused}"
            );
        }
        let fresh = std::env::temp_dir().join(format!("sumito-net-{}.nnue", std::process::id()));
        assert!(check_output(&fresh).is_ok());
    }
}
