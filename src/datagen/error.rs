//! What can go wrong in `sumito datagen`: a line of a data file that does not read
//! ([`LineError`], which `sumito tune` meets too), and a run that cannot go on
//! ([`DatagenError`]): a flag, the output file, its contents, the threads.

use crate::board::{PositionStringError, UnknownLayout};
use crate::search::TableSizeError;
use std::num::TryFromIntError;
use std::path::PathBuf;

/// Why one line of a data file (without its newline) does not read. Comparable, so that a
/// parsed line can be checked against what was written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// A count of a game line is not a number: `what` names it (`game index`, `ply count`,
    /// `position count`).
    #[error("bad {what} '{field}'")]
    BadCount {
        /// Which count.
        what: &'static str,
        /// The field as written.
        field: String,
    },
    /// The ply count of a game line is a number too large for a ply count.
    #[error(transparent)]
    PlyCountTooLarge(TryFromIntError),
    /// The result of a game line is not `1-0`, `0-1` or `1/2-1/2`.
    #[error("bad game result '{0}'")]
    BadGameResult(String),
    /// The layout of a game line is not a layout's name.
    #[error(transparent)]
    BadLayout(#[from] UnknownLayout),
    /// The position of a position line does not read.
    #[error("bad position '{text}': {source}")]
    BadPosition {
        /// The position's fields as written.
        text: String,
        /// What is wrong with them.
        source: PositionStringError,
    },
    /// The result of a position line is not `1`, `0.5` or `0`.
    #[error("bad result '{0}'")]
    BadResult(String),
    /// The score of a position line is not a whole number.
    #[error("bad score '{0}'")]
    BadScore(String),
    /// The line has neither a position line's fields nor a game line's.
    #[error("'{0}' is neither a position line nor a game line")]
    Unknown(String),
}

/// Why `sumito datagen` cannot make or continue its file.
#[derive(Debug, thiserror::Error)]
pub enum DatagenError {
    /// `--opening-plies` is neither a number nor a range of numbers.
    #[error("'{0}' is not a ply count or a range such as 4-8")]
    BadPlyRange(String),
    /// `--opening-plies` runs downwards or beyond 100.
    #[error("'{0}': the range must run upwards, to 100 at most")]
    PlyRangeOutOfBounds(String),
    /// The output file cannot be opened (or created).
    #[error("cannot open {path}: {source}")]
    Open {
        /// The output file.
        path: PathBuf,
        /// Why not.
        source: std::io::Error,
    },
    /// What the output file holds cannot be continued: `source` says why.
    #[error("{path}: {source}")]
    Refused {
        /// The output file.
        path: PathBuf,
        /// Why not: an error of [`super::scan`].
        source: Box<DatagenError>,
    },
    /// The output file cannot be cut back to its last complete game.
    #[error("cannot cut {path} after its last game: {source}")]
    Cut {
        /// The output file.
        path: PathBuf,
        /// Why not.
        source: std::io::Error,
    },
    /// The header cannot be written to a new output file.
    #[error("cannot write to {path}: {source}")]
    WriteHeader {
        /// The output file.
        path: PathBuf,
        /// Why not.
        source: std::io::Error,
    },
    /// The file cannot be read.
    #[error(transparent)]
    Read(std::io::Error),
    /// The file's first line is not a data file's header: it is left alone.
    #[error(
        "it does not start with '{tag}' but with '{first_line}': not a data file of sumito \
         datagen, left alone"
    )]
    NotADataFile {
        /// The start every data file has ([`super::format::FORMAT_TAG`]).
        tag: &'static str,
        /// The start of the file's first line, at most 60 characters.
        first_line: String,
    },
    /// The file was made with other settings, or by a build whose search plays other games.
    #[error(
        "it was made with other settings or by another build:\n  {found}\nnot\n  {expected}\nuse \
         the same settings and build to continue it, or another --output"
    )]
    OtherSettings {
        /// The file's header.
        found: String,
        /// The header of this run.
        expected: String,
    },
    /// A line of the file does not read.
    #[error("line {number}: {source}")]
    Line {
        /// The line's number, from 1.
        number: u64,
        /// Why it does not read.
        source: LineError,
    },
    /// A game line that is not the next game, or does not count the positions above it.
    #[error(
        "line {number}: game {index} with {positions} positions where game {due} with {pending} \
         was due; the file is damaged"
    )]
    GameOutOfOrder {
        /// The line's number, from 1.
        number: u64,
        /// The game the line closes.
        index: u64,
        /// The positions it says the game kept.
        positions: u64,
        /// The game due.
        due: u64,
        /// The positions read since the last game line.
        pending: u64,
    },
    /// The threads cannot be started.
    #[error(transparent)]
    Threads(#[from] rayon::ThreadPoolBuildError),
    /// A thread's search table cannot be had.
    #[error(transparent)]
    Table(#[from] TableSizeError),
    /// A finished game cannot be appended to the output file.
    #[error("cannot write game {index}: {source}")]
    WriteGame {
        /// The game's index.
        index: u64,
        /// Why not.
        source: std::io::Error,
    },
}
