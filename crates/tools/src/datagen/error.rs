//! What can go wrong in `sumito datagen`: a line of a data file that does not read
//! ([`LineError`], which `sumito train` meets too), and a run that cannot go on
//! ([`DatagenError`]): a flag, the output file, its contents, the threads.

use std::num::TryFromIntError;
use std::path::PathBuf;
use sumito_engine::search::TableSizeError;
use sumito_rules::board::{PositionStringError, UnknownLayout};
use sumito_rules::multiplayer::MultiPositionError;

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
    /// The N-player position of a position line does not read.
    #[error("bad position '{text}': {source}")]
    BadSeatsPosition {
        /// The position's fields as written.
        text: String,
        /// What is wrong with them.
        source: MultiPositionError,
    },
    /// The ranks of an N-player position line are not one from 1 to the seats for each seat.
    #[error("bad ranks '{0}'")]
    BadRanks(String),
    /// The result of a position line is not `1`, `0.5` or `0`.
    #[error("bad result '{0}'")]
    BadResult(String),
    /// The score of a position line is not a whole number.
    #[error("bad score '{0}'")]
    BadScore(String),
    /// The line has neither a position line's fields nor a game line's.
    #[error("'{0}' is neither a position line nor a game line")]
    Unknown(String),
    /// A record of a binary file starts with neither a position's tag nor a game's.
    #[error("bad record tag {0:#04x}")]
    BadTag(u8),
    /// A record of a binary file holds what no game has: the text says what.
    #[error("bad record: {0}")]
    BadRecord(&'static str),
    /// An N-player record of a binary file holds a position no game has.
    #[error("bad record: {0}")]
    BadSeatsRecord(MultiPositionError),
}

/// Where in a data file: a line of a text file, a record of a binary one, from 1 (the header
/// is the first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A line of a text file.
    Line(u64),
    /// A record of a binary file.
    Record(u64),
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Place::Line(number) => write!(f, "line {number}"),
            Place::Record(number) => write!(f, "record {number}"),
        }
    }
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
    /// The file is written in the other encoding.
    #[error(
        "it is a {found} data file, not a {expected} one: continue it with --format {found}, or \
         give another --output"
    )]
    OtherEncoding {
        /// The file's encoding.
        found: super::Encoding,
        /// The encoding asked for.
        expected: super::Encoding,
    },
    /// A line or record of the file does not read.
    #[error("{at}: {source}")]
    Line {
        /// Where.
        at: Place,
        /// Why it does not read.
        source: LineError,
    },
    /// A game line that is not the next game, or does not count the positions above it.
    #[error(
        "{at}: game {index} with {positions} positions where game {due} with {pending} was due; \
         the file is damaged"
    )]
    GameOutOfOrder {
        /// Where.
        at: Place,
        /// The game the line closes.
        index: u64,
        /// The positions it says the game kept.
        positions: u64,
        /// The game due.
        due: u64,
        /// The positions read since the last game line.
        pending: u64,
    },
    /// `--merge` was given no file.
    #[error("--merge: name the shard files to merge")]
    NothingToMerge,
    /// A file cannot go into the merge: `why` says why.
    #[error("{path}: {why}")]
    NotMerged {
        /// The file.
        path: PathBuf,
        /// Why not.
        why: String,
    },
    /// The files of a merge end before the run's last game: its last shards are missing.
    #[error(
        "the files hold games 0 to {} of the run's {total}: the shards from game {held} on are \
         missing",
        held.saturating_sub(1)
    )]
    MissingShards {
        /// The games the files hold, from 0.
        held: u64,
        /// The games of the run.
        total: u64,
    },
    /// The merged file cannot be written.
    #[error("cannot write the merged file: {0}")]
    Write(std::io::Error),
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
