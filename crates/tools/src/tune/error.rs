//! What can go wrong in `sumito tune --wdl` and `sumito train`: data files that cannot be read
//! or do not read as data, no positions to fit, a network file that cannot be written.

use crate::datagen::DatagenError;
use std::path::PathBuf;

/// Why `sumito tune --wdl` or `sumito train` cannot fit, or cannot write the network.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    /// A data file cannot be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The data file.
        path: PathBuf,
        /// Why not.
        source: std::io::Error,
    },
    /// A data file named twice (under one name or two).
    #[error("{} is given twice: its games would count twice", .0.display())]
    GivenTwice(PathBuf),
    /// A data file's text is not data: `source` says why.
    #[error("{path}: {source}")]
    BadFile {
        /// The data file.
        path: PathBuf,
        /// Why not: an error of [`super::data::read_into`].
        source: Box<TuneError>,
    },
    /// The text does not start with the header of `sumito datagen`.
    #[error("not a data file of sumito datagen (no header)")]
    NoHeader,
    /// The file is of a newer version of the format than this build reads.
    #[error(
        "a data file of format version {0}; this build reads versions 1 to {max}",
        max = crate::datagen::format::VERSION
    )]
    NewerVersion(u32),
    /// The file holds positions of games of three to six players, which the two-player fits
    /// cannot use.
    #[error(
        "it holds positions of games of three to six players; this fit is of two-player games, \
         and sumito train fits them with --players N"
    )]
    SeatsData,
    /// The file holds two-player positions, and the training is of an N-player network.
    #[error("it holds positions of two-player games; --players 3 to 6 trains on N-player data")]
    TwoPlayerData,
    /// The file holds games of another number of players than the training's.
    #[error("it holds games of {found} players; this training is of {players} (--players)")]
    Players {
        /// The players of its games.
        found: usize,
        /// The players the training is for.
        players: usize,
    },
    /// The header's bench node count is not a number.
    #[error("bad bench in the header: {0}")]
    BadBench(String),
    /// A line or record does not read, or the file cannot be read on.
    #[error(transparent)]
    Data(#[from] DatagenError),
    /// No position is left to fit.
    #[error(
        "no positions to fit: the data hold no complete game with positions, or --holdout keeps \
         them all apart"
    )]
    NothingToFit,
    /// The weights file cannot be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The weights file.
        path: PathBuf,
        /// Why not.
        source: std::io::Error,
    },
}
