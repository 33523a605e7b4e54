//! Why a match could not be set up, played or merged.

use crate::uap_client::EngineError;
use std::io;
use std::path::PathBuf;
use sumito_games::records::RecordsError;
use sumito_rules::board::{Layout, PositionStringError};
use sumito_rules::movegen::MoveError;
use thiserror::Error;

/// Why a match's settings (the SPRT, the openings) were refused, or the match or the merge of
/// its records failed.
#[derive(Debug, Error)]
pub enum MatchError {
    /// The match was stopped from outside (Ctrl-C, SIGTERM) before its end.
    #[error(
        "interrupted after {done} of {total} games: the table above counts the finished \
         ones{}",
        match records {
            Some(path) => format!(
                "; their records are in {}, and `sumito match --merge {}` with the records \
                 of further runs (another --seed) counts them together",
                path.display(),
                path.display()
            ),
            None => " (with --records FILE they would be kept for `sumito match --merge`)"
                .to_string(),
        }
    )]
    Interrupted {
        /// Games finished.
        done: usize,
        /// Games the match would have played.
        total: usize,
        /// The records file, if one was written.
        records: Option<PathBuf>,
    },

    /// `--shard K/N` where the schedule's colour pairs (or groups of seatings) leave shard K
    /// without a game.
    #[error(
        "--shard {shard}/{shards}: --games {games} leaves this shard no game; use fewer shards"
    )]
    EmptyShard {
        /// The shard, from 1.
        shard: u64,
        /// How many shards.
        shards: u64,
        /// `--games`.
        games: u32,
    },

    // The `--sprt` argument.
    /// A word of `--sprt` is not `key=value`.
    #[error("--sprt: '{word}' is not key=value")]
    SprtNotKeyValue {
        /// The word as given.
        word: String,
    },
    /// A value of `--sprt` is not a finite number.
    #[error("--sprt: '{value}' is not a number")]
    SprtNotNumber {
        /// The value as given.
        value: String,
    },
    /// A key of `--sprt` is not one of elo0, elo1, alpha and beta.
    #[error("--sprt: unknown key '{key}' (elo0, elo1, alpha, beta)")]
    SprtUnknownKey {
        /// The key as given.
        key: String,
    },
    /// A key of `--sprt` given twice (in one `--sprt` or in two).
    #[error("--sprt: {key} given twice")]
    SprtRepeatedKey {
        /// The key as given.
        key: String,
    },
    /// `--sprt` lacks elo0 or elo1.
    #[error("--sprt needs elo0=… and elo1=…")]
    SprtMissingElo,
    /// elo0 is not below elo1.
    #[error("--sprt: elo0 must be below elo1")]
    SprtEloOrder,
    /// elo0 or elo1 lies beyond ±1000.
    #[error("--sprt: elo0 and elo1 must lie within ±1000")]
    SprtEloRange,
    /// The error rate `name` (alpha or beta) is not strictly between 0 and 0.5.
    #[error("--sprt: {name} must lie strictly between 0 and 0.5")]
    SprtErrorRate {
        /// `alpha` or `beta`.
        name: &'static str,
    },

    // The openings (`--openings`, the shipped suite).
    /// `random:K` with a K that is not a number from 0 to 100.
    #[error("--openings {argument}: K in random:K must be a number from 0 to 100")]
    BadRandomPlies {
        /// The `--openings` argument.
        argument: String,
    },
    /// The openings file could not be read.
    #[error("cannot read the openings file {}: {source}", .path.display())]
    ReadOpenings {
        /// The openings file.
        path: PathBuf,
        /// Why not.
        #[source]
        source: io::Error,
    },
    /// The openings file was refused.
    #[error("openings file {}: {source}", .path.display())]
    InOpeningsFile {
        /// The openings file.
        path: PathBuf,
        /// What in it was refused.
        #[source]
        source: Box<MatchError>,
    },
    /// The shipped suite at `path` was refused (for the layouts of the match).
    #[error("the shipped suite {path}: {source}")]
    InSuite {
        /// The suite's path in the source tree.
        path: &'static str,
        /// What in it was refused.
        #[source]
        source: Box<MatchError>,
    },
    /// The shipped suite at `path` has no opening of a layout of the match.
    #[error("{path} has no opening of {layout}")]
    SuiteMissesLayout {
        /// The suite's path in the source tree.
        path: &'static str,
        /// The layout it has no opening of.
        layout: Layout,
    },
    /// The openings text holds no opening.
    #[error("no openings in it")]
    NoOpenings,
    /// Move `number` (from 1) of the opening on line `line` cannot be played.
    #[error("line {line}: move {number} '{text}': {source}")]
    OpeningMove {
        /// The opening's line, from 1.
        line: usize,
        /// The move's number in the opening, from 1.
        number: usize,
        /// The move as written.
        text: String,
        /// Why the rules refuse it.
        #[source]
        source: MoveError,
    },
    /// Move `number` (from 1) of the move list on line `line` cannot be played from `layout`.
    #[error("line {line}: from the {layout} layout, move {number} '{text}': {source}")]
    OpeningMoveFromLayout {
        /// The move list's line, from 1.
        line: usize,
        /// The layout the moves are played from.
        layout: Layout,
        /// The move's number in the list, from 1.
        number: usize,
        /// The move as written.
        text: String,
        /// Why the rules refuse it.
        #[source]
        source: MoveError,
    },
    /// The opening on line `line` ends the game.
    #[error("line {line}: the game is already over")]
    OpeningOver {
        /// The opening's line, from 1.
        line: usize,
    },
    /// The move list on line `line` ends the game from `layout`.
    #[error("line {line}: from the {layout} layout the game is over")]
    OpeningOverFromLayout {
        /// The move list's line, from 1.
        line: usize,
        /// The layout the moves are played from.
        layout: Layout,
    },
    /// The position string on line `line` does not read.
    #[error("line {line}: bad position string '{fen}': {source}")]
    OpeningPosition {
        /// The opening's line, from 1.
        line: usize,
        /// The position string as written.
        fen: String,
        /// Why it does not read.
        #[source]
        source: PositionStringError,
    },

    // The record files of `--merge`.
    /// A wildcard pattern matches no file.
    #[error("--merge: no file matches '{pattern}'")]
    NoMatchingFile {
        /// The pattern as given.
        pattern: String,
    },
    /// A path that does not exist (and has no wildcard).
    #[error("cannot read the records file {}: no such file or directory", .path.display())]
    NoSuchFile {
        /// The path as given.
        path: PathBuf,
    },
    /// A directory could not be listed.
    #[error("cannot read the directory {}: {source}", .path.display())]
    ReadDirectory {
        /// The directory.
        path: PathBuf,
        /// Why not.
        #[source]
        source: io::Error,
    },
    /// A directory holds no file.
    #[error("no record files in the directory {}", .path.display())]
    EmptyDirectory {
        /// The directory.
        path: PathBuf,
    },
    /// The files hold no record.
    #[error("no game records in the files given to --merge")]
    NoGames,
    /// Game `game` (from 1) of a file, its record starting at `line`, cannot be counted.
    #[error("{}: game {game} (line {line}): {source}", .path.display())]
    BadRecord {
        /// The records file.
        path: PathBuf,
        /// The game's number in the file, from 1.
        game: usize,
        /// The line its record starts on, from 1.
        line: usize,
        /// Why it cannot be counted.
        #[source]
        source: RecordsError,
    },

    /// `--merge` of records of two players and of more, or of different numbers of seats.
    #[error(
        "the records hold games of different numbers of players (or teams): merge each kind on its own"
    )]
    MixedRecords,
    /// `--sprt` with records of three to six players, which have no two-player Elo.
    #[error("--sprt needs two-player games: an N-player table has no SPRT")]
    MultiSprt,

    // Playing.
    /// An engine could not be started or set up.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// A records file could not be read or written.
    #[error(transparent)]
    Records(#[from] RecordsError),
}
