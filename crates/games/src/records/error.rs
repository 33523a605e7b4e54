//! Why a records file could not be read, written or verified, or a record does not hold a
//! finished game.

use std::io;
use std::path::PathBuf;
use sumito_rules::board::{Colour, Outcome, PositionStringError, UnknownLayout};
use sumito_rules::ending::{Termination, UnknownTermination};
use sumito_rules::movegen::MoveError;
use thiserror::Error;

/// Why a records file or one of its records was refused.
#[derive(Debug, Error)]
pub enum RecordsError {
    /// The file could not be read.
    #[error("cannot read the records file {}: {source}", .path.display())]
    Read {
        /// The records file.
        path: PathBuf,
        /// Why not.
        #[source]
        source: io::Error,
    },
    /// The file could not be opened for appending.
    #[error("cannot open the records file {}: {source}", .path.display())]
    Open {
        /// The records file.
        path: PathBuf,
        /// Why not.
        #[source]
        source: io::Error,
    },
    /// A record could not be appended to the file.
    #[error("cannot write to {}: {source}", .path.display())]
    Write {
        /// The records file.
        path: PathBuf,
        /// Why not.
        #[source]
        source: io::Error,
    },
    /// The file does not parse.
    #[error("{}: {source}", .path.display())]
    InFile {
        /// The records file.
        path: PathBuf,
        /// What in it does not parse.
        #[source]
        source: Box<RecordsError>,
    },

    // What the parser refuses; `line` counts from 1.
    /// Movetext comes before the first tag.
    #[error("line {line}: movetext before any tag")]
    MovetextBeforeTag {
        /// The line, from 1.
        line: usize,
    },
    /// A tag given twice in one record, as the next record's tags read when a record has no
    /// movetext.
    #[error("line {line}: a second {tag} tag in one record (a record without its movetext?)")]
    RepeatedTag {
        /// The tag's name.
        tag: String,
        /// The line, from 1.
        line: usize,
    },
    /// A record with both a `Layout` and a `FEN` tag: GAMES.md's records start from one.
    #[error("line {line}: a record starts from a Layout or a FEN tag, not both")]
    TwoStarts {
        /// The line of the second, from 1.
        line: usize,
    },
    /// A line starting with `[` is not `[Key "value"]`.
    #[error("line {line}: a tag line must look like [Key \"value\"]")]
    BadTagLine {
        /// The line, from 1.
        line: usize,
    },
    /// A tag has a key but no value after it.
    #[error("line {line}: a tag needs a key and a quoted value")]
    TagWithoutValue {
        /// The line, from 1.
        line: usize,
    },
    /// A tag value is not in double quotes.
    #[error("line {line}: a tag value must be in double quotes")]
    UnquotedTagValue {
        /// The line, from 1.
        line: usize,
    },
    /// A tag value ends in a backslash that escapes nothing.
    #[error("line {line}: a tag value ends in a lone backslash")]
    LoneBackslash {
        /// The line, from 1.
        line: usize,
    },
    /// A tag value holds a quote that is not escaped.
    #[error("line {line}: an unescaped quote inside a tag value")]
    UnescapedQuote {
        /// The line, from 1.
        line: usize,
    },
    /// A tag key is empty or holds characters other than letters, digits and `_`.
    #[error("line {line}: bad tag key '{key}'")]
    BadTagKey {
        /// The line, from 1.
        line: usize,
        /// The key as written.
        key: String,
    },
    /// The movetext of the record starting at `line` closes a comment that was not opened.
    #[error("record at line {line}: '}}' without '{{'")]
    UnopenedComment {
        /// The line the record starts on, from 1.
        line: usize,
    },
    /// The movetext of the record starting at `line` leaves a comment open.
    #[error("record at line {line}: a comment is not closed")]
    UnclosedComment {
        /// The line the record starts on, from 1.
        line: usize,
    },
    /// The movetext of the record starting at `line` goes on after its result.
    #[error("record at line {line}: '{token}' after the result")]
    AfterResult {
        /// The line the record starts on, from 1.
        line: usize,
        /// The first token after the result.
        token: String,
    },

    // What a record's tags and moves can get wrong.
    /// A tag the record needs is missing.
    #[error("no {tag} tag")]
    MissingTag {
        /// The tag's key.
        tag: &'static str,
    },
    /// The record has neither a `Layout` nor a `FEN` tag to start from.
    #[error("no Layout or FEN tag")]
    NoStart,
    /// A tag's value does not read as what the tag holds.
    #[error("bad {tag} tag '{value}'")]
    BadTag {
        /// The tag's key.
        tag: &'static str,
        /// Its value as written.
        value: String,
    },
    /// The `FEN` tag is not a position string.
    #[error("bad FEN tag '{fen}': {source}")]
    BadFen {
        /// The tag's value.
        fen: String,
        /// Why it does not read.
        #[source]
        source: PositionStringError,
    },
    /// The `Layout` tag names no layout.
    #[error(transparent)]
    UnknownLayout(#[from] UnknownLayout),
    /// The `Termination` tag names no way a game ends.
    #[error(transparent)]
    UnknownTermination(#[from] UnknownTermination),
    /// Move `number` (from 1) does not parse or is not legal in its turn.
    #[error("illegal move {number} '{text}': {source}")]
    IllegalMove {
        /// The move's number, from 1.
        number: usize,
        /// The move as written.
        text: String,
        /// Why the rules refuse it.
        #[source]
        source: MoveError,
    },

    // What verifying a record finds wrong.
    /// The movetext does not end in a result.
    #[error("the movetext has no result")]
    NoMovetextResult,
    /// The `Result` tag and the movetext's result differ.
    #[error("the Result tag says {tag} but the movetext ends in {movetext}")]
    ResultMismatch {
        /// The `Result` tag's value.
        tag: String,
        /// The result the movetext ends in.
        movetext: String,
    },
    /// The `PlyCount` tag is not the number of moves.
    #[error("PlyCount says {count} but there are {moves} moves")]
    PlyCountMismatch {
        /// The `PlyCount` tag's value.
        count: String,
        /// The moves the movetext holds.
        moves: usize,
    },
    /// The rules ended the game with another result.
    #[error("wrong result {result}: the final position says {expected} ({outcome})")]
    WrongResult {
        /// The record's result.
        result: String,
        /// The result the final position gives.
        expected: &'static str,
        /// How the rules ended the game.
        outcome: Outcome,
    },
    /// The rules ended the game another way.
    #[error("wrong termination '{termination}': the game ended by {expected}")]
    WrongTermination {
        /// The record's `Termination` tag.
        termination: Termination,
        /// How the rules ended the game.
        expected: Termination,
    },
    /// A game ended by the game time has a result other than the marbles ejected say.
    #[error("wrong result {result} after 'game time': the marbles ejected say {expected}")]
    WrongGameTimeResult {
        /// The record's result.
        result: String,
        /// The result the marbles ejected give.
        expected: &'static str,
    },
    /// A draw by agreement or adjudication with another result, or an adjudicated draw with a
    /// side ahead on marbles.
    #[error(
        "result {result} after '{termination}': a draw needs the result 1/2-1/2 (and, adjudicated, \
         as many marbles ejected on each side)"
    )]
    WrongDraw {
        /// The record's result.
        result: String,
        /// The record's `Termination` tag.
        termination: Termination,
    },
    /// A termination of the rules, but the rules have not ended the game.
    #[error("termination '{termination}' but the final position is not over")]
    NotOver {
        /// The record's `Termination` tag.
        termination: Termination,
    },
    /// The result `*` for a game that was not abandoned.
    #[error("result * after '{termination}': only an abandoned game is unfinished")]
    UnfinishedNotAbandoned {
        /// The record's `Termination` tag.
        termination: Termination,
    },
    /// A result for an abandoned game.
    #[error("result {result} after 'abandoned': an abandoned game has none (*)")]
    AbandonedWithResult {
        /// The record's result.
        result: String,
    },
    /// A fault that did not lose the game.
    #[error("result {result} after '{termination}': a fault loses the game")]
    FaultNotLost {
        /// The record's result.
        result: String,
        /// The record's `Termination` tag, a fault.
        termination: Termination,
    },
    /// A time forfeit or an illegal move won by the side that was to move, which alone can
    /// commit them.
    #[error("result {result} after '{termination}', but {mover} was to move")]
    MoverWon {
        /// The record's result.
        result: String,
        /// The record's `Termination` tag, a time forfeit or an illegal move.
        termination: Termination,
        /// The side to move in the final position.
        mover: Colour,
    },
    /// Game `game` of a file (from 1) is wrong, at `line`.
    #[error("game {game} (line {line}): {source}")]
    InGame {
        /// The game's number in the file, from 1.
        game: usize,
        /// The line of the move that does not play, or else the record's first line, from 1.
        line: usize,
        /// What is wrong with it.
        #[source]
        source: Box<RecordsError>,
    },
    /// The file holds no game record: nothing was verified.
    #[error("{}: no game records", .path.display())]
    NoRecords {
        /// The records file.
        path: PathBuf,
    },
    /// Some games of the file are wrong: `problems` holds one [`RecordsError::InGame`] per
    /// wrong game.
    #[error(
        "{}: {} of {games} games are wrong:\n{}",
        .path.display(),
        .problems.len(),
        lines(.problems)
    )]
    WrongGames {
        /// The records file.
        path: PathBuf,
        /// The games the file holds.
        games: usize,
        /// One [`RecordsError::InGame`] per wrong game.
        problems: Vec<RecordsError>,
    },

    // What a record of a finished game must hold.
    /// The result says the game did not finish.
    #[error("result {result}: the game is not finished")]
    Unfinished {
        /// The result, neither `1-0`, `0-1` nor `1/2-1/2`.
        result: String,
    },
    /// A turn of a record of three to six players does not parse or is not legal.
    #[error("illegal turn {number} '{text}': {source}")]
    IllegalTurn {
        /// The turn's number, from 1.
        number: usize,
        /// As written.
        text: String,
        /// Why not.
        source: sumito_rules::multiplayer::MultiMoveError,
    },
    /// A `FEN` tag of three to six seats that does not read.
    #[error("bad FEN tag '{fen}': {source}")]
    BadMultiFen {
        /// The tag's value.
        fen: String,
        /// Why not.
        source: sumito_rules::multiplayer::MultiPositionError,
    },
    /// A `leave` turn that the `Left` tag does not name next.
    #[error("turn {turn}: {seat} leaves, but the Left tag does not name it next")]
    LeftMismatch {
        /// The turn, from 1.
        turn: usize,
        /// The seat that leaves.
        seat: sumito_rules::board::Seat,
    },
    /// The `Left` tag names more seats than leave in the movetext.
    #[error("the Left tag names {named} seats but {leaves} leave in the movetext")]
    LeftUnused {
        /// Seats the tag names.
        named: usize,
        /// `leave` turns.
        leaves: usize,
    },
    /// A tag that the replayed game contradicts.
    #[error("the {tag} tag says '{value}' but the game gives '{expected}'")]
    TagMismatch {
        /// The tag.
        tag: &'static str,
        /// What it says.
        value: String,
        /// What the game gives.
        expected: String,
    },
    /// Ranks in the result that the final position does not give.
    #[error("wrong result {result}: the final position gives {expected}")]
    WrongRanks {
        /// The record's result.
        result: String,
        /// The ranks of the final position.
        expected: String,
    },
    /// One player's name in seats of different teams (`--merge` cannot count it once).
    #[error("'{name}' plays seats of different teams")]
    OnePlayerTwoTeams {
        /// The name.
        name: String,
    },
    /// The record holds no result at all.
    #[error("no result")]
    NoResult,
}

/// The errors' messages, one a line.
fn lines(errors: &[RecordsError]) -> String {
    let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
    messages.join("\n")
}
