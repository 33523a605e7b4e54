//! `sumito match --merge FILE…`: the table of a match from its record files, such as the shards
//! of one match played on several machines (`--shard K/N`). It prints the same table as a live
//! match (from the same report code), and says which rounds are missing or held twice.
//!
//! Every record counts, also one whose round another record holds: the report names such
//! rounds, so that a shard played twice or a file given twice is seen, not silently dropped.

use super::MatchError;
use super::glob;
use super::multi::merge::{MergedMulti, multi_table};
use super::report::{self, PairStats};
use super::rounds::RoundCheck;
use super::stats::Sprt;
use crate::util::text::quantity;
use std::path::{Path, PathBuf};
use sumito_games::records::{PlayedGame, RecordsError, read_records};
use sumito_games::records::{is_multi_record, verified, verify_record};

/// One game of the records, with what the table needs.
struct MergedGame {
    round: u64,
    /// Engine names, Black then White.
    players: [String; 2],
    game: PlayedGame,
}

/// Reads the records named by `arguments` (files, directories, wildcard patterns) and prints
/// the table, with the rounds check below it (and on stderr when rounds are missing or held
/// twice).
pub fn run(arguments: &[PathBuf], sprt: Option<&Sprt>) -> Result<(), MatchError> {
    let mut games = Vec::new();
    let mut multi = Vec::new();
    let mut files = Vec::new();
    for found in record_files(arguments)? {
        match read_games(&found.path) {
            Ok(read) => {
                games.extend(read.games);
                multi.extend(read.multi);
                files.push(found.path);
            }
            // A directory may hold other files beside the records (notes, logs): a file of it
            // that does not read as records is passed over, and said so. A named file, or a
            // record that reads but does not hold a game, still stops the merge.
            Err(MatchError::Records(error)) if found.in_directory => {
                eprintln!("warning: skipping {}: {error}", found.path.display());
            }
            Err(error) => return Err(error),
        }
    }
    if !multi.is_empty() {
        if !games.is_empty() {
            return Err(MatchError::MixedRecords);
        }
        if sprt.is_some() {
            return Err(MatchError::MultiSprt);
        }
        return merge_multi(multi, files.len());
    }
    if games.is_empty() {
        return Err(MatchError::NoGames);
    }
    // A stable sort: records of one round keep the order of the files.
    games.sort_by_key(|merged| merged.round);
    let (names, pairs) = tally(&games);
    let rounds: Vec<u64> = games.iter().map(|merged| merged.round).collect();
    print_merged(&report::table(&pairs, &names, sprt), &rounds, files.len());
    Ok(())
}

/// The table of N-player games, with the rounds check below it.
fn merge_multi(mut games: Vec<MergedMulti>, files: usize) -> Result<(), MatchError> {
    games.sort_by_key(|merged| merged.round);
    let tally = multi_table(&games).ok_or(MatchError::MixedRecords)?;
    let rounds: Vec<u64> = games.iter().map(|merged| merged.round).collect();
    print_merged(&tally.table(), &rounds, files);
    Ok(())
}

/// Says how many games came from how many files (with a warning when rounds are missing or
/// held twice) on stderr, and prints `table` with the rounds check below it.
fn print_merged(table: &str, rounds: &[u64], files: usize) {
    let check = RoundCheck::new(rounds);
    eprintln!(
        "merge: {} from {}",
        quantity(rounds.len() as u64, "game"),
        quantity(files as u64, "file")
    );
    if !check.is_complete() {
        eprintln!("warning: {}", check.summary());
    }
    crate::say!("{table}{}", check.summary());
}

/// The engine names in the order they first play (by round, Black first), and the results per
/// pair in the order the pairs first play. The first engine of a pair is Black in its lowest
/// round, as in the live schedule, so that the rows read the same as the live match's.
fn tally(games: &[MergedGame]) -> (Vec<String>, Vec<PairStats>) {
    let mut names: Vec<String> = Vec::new();
    let mut pairs: Vec<PairStats> = Vec::new();
    for merged in games {
        let players = merged.players.clone().map(|name| {
            names
                .iter()
                .position(|known| *known == name)
                .unwrap_or_else(|| {
                    names.push(name);
                    names.len() - 1
                })
        });
        let [black, white] = players;
        let same = |pair: &&mut PairStats| {
            pair.engines == (black, white) || pair.engines == (white, black)
        };
        match pairs.iter_mut().find(same) {
            Some(pair) => pair.add(players, &merged.game),
            None => {
                let mut pair = PairStats::new(black, white);
                pair.add(players, &merged.game);
                pairs.push(pair);
            }
        }
    }
    (names, pairs)
}

/// A file to read, and whether it was found in a directory rather than named.
struct Found {
    path: PathBuf,
    in_directory: bool,
}

/// The files to read: each argument as a file, every file of a directory (not those whose
/// name starts with `.`, and not its subdirectories), or the files a wildcard pattern matches.
fn record_files(arguments: &[PathBuf]) -> Result<Vec<Found>, MatchError> {
    let mut files = Vec::new();
    for argument in arguments {
        let text = argument.to_string_lossy();
        let paths = if argument.exists() {
            vec![argument.clone()]
        } else if glob::has_wildcards(&text) {
            let found = glob::expand(&text);
            if found.is_empty() {
                return Err(MatchError::NoMatchingFile {
                    pattern: text.into_owned(),
                });
            }
            found
        } else {
            return Err(MatchError::NoSuchFile {
                path: argument.clone(),
            });
        };
        for path in paths {
            if path.is_dir() {
                let found = directory_files(&path)?.into_iter();
                files.extend(found.map(|path| Found {
                    path,
                    in_directory: true,
                }));
            } else {
                files.push(Found {
                    path,
                    in_directory: false,
                });
            }
        }
    }
    Ok(files)
}

/// The files of a directory, sorted by name, without hidden ones and subdirectories.
fn directory_files(dir: &Path) -> Result<Vec<PathBuf>, MatchError> {
    let entries = std::fs::read_dir(dir).map_err(|source| MatchError::ReadDirectory {
        path: dir.to_path_buf(),
        source,
    })?;
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .filter(|entry| !entry.file_name().to_string_lossy().starts_with('.'))
        .map(|entry| entry.path())
        .filter(|path| path.is_file())
        .collect();
    if files.is_empty() {
        return Err(MatchError::EmptyDirectory {
            path: dir.to_path_buf(),
        });
    }
    files.sort();
    Ok(files)
}

/// The largest `Round` read: a match plays at most 1,000,000 games in all (`sumito match`'s
/// MAX_GAMES, in the binary), and the check of the rounds lists every one missing below the
/// largest.
const MAX_ROUND: u64 = 1_000_000;

/// The games of one records file; an error names the file, the game and its line.
fn read_games(path: &Path) -> Result<Read, MatchError> {
    let records = read_records(path)?;
    let mut games = Vec::with_capacity(records.len());
    let mut multi = Vec::new();
    for (index, record) in records.iter().enumerate() {
        let at = |source: RecordsError| MatchError::BadRecord {
            path: path.to_path_buf(),
            game: index + 1,
            line: record.line,
            source,
        };
        let round = record.required_tag("Round").map_err(at)?;
        let round = round
            .parse::<u64>()
            .ok()
            .filter(|round| (1..=MAX_ROUND).contains(round))
            .ok_or_else(|| {
                at(RecordsError::BadTag {
                    tag: "Round",
                    value: round.to_string(),
                })
            })?;
        // Every record is checked as `--verify` checks it, once: a result that the moves or the
        // termination deny is an error, not a game to count. A game left unfinished (`*`, as
        // `sumito play` records an abandoned one) has no result to count: it is passed over,
        // and said so.
        if record.result.as_deref().or(record.tag("Result")) == Some("*") {
            verify_record(record).map_err(at)?;
            eprintln!(
                "warning: {}: game {} (line {}) is unfinished (*): not counted",
                path.display(),
                index + 1,
                record.line
            );
            continue;
        }
        if is_multi_record(record) {
            // Checked by its own replay.
            multi.push(MergedMulti::from_record(record, round).map_err(at)?);
            continue;
        }
        let moves = verified(record).map_err(at)?.moves;
        let player = |tag| record.required_tag(tag).map(str::to_string).map_err(at);
        let players = [player("Black")?, player("White")?];
        let game = PlayedGame::from_two_player_moves(record, moves).map_err(at)?;
        games.push(MergedGame {
            round,
            players,
            game,
        });
    }
    Ok(Read { games, multi })
}

/// The games of one records file, of two players and of more.
struct Read {
    games: Vec<MergedGame>,
    multi: Vec<MergedMulti>,
}
