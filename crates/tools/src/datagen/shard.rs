//! Shards: one run of `sumito datagen` split by game index over processes or machines. Shard K
//! of N plays its share of the games into a file of its own, whose header adds the range to
//! the run's header; the merge puts the shards back into the file an unsharded run would have
//! written, byte for byte, since game `i` depends on the settings and `i` alone.

use super::error::DatagenError;
use super::reader::{Encoding, GameOrder, Item, Reader, Start};
use std::fs::{File, OpenOptions};
use std::io::{BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

/// What a shard's header adds to the run's: `; games FIRST-LAST of TOTAL`.
pub const SHARD_MARK: &str = "; games ";

/// The games `first` to `end - 1` of a run of `total` games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRange {
    /// The first game's index.
    pub first: u64,
    /// One past the last game's index.
    pub end: u64,
    /// The games of the whole run, so that a merge can tell that its last shard is missing.
    pub total: u64,
}

impl GameRange {
    /// Shard `k` of `n` (`1 <= k <= n`) of a run of `games` games: the runs of an even split, in
    /// order, so that the shards together are games 0 to `games - 1`.
    pub fn shard(k: u64, n: u64, games: u64) -> GameRange {
        let bound = |k: u64| (u128::from(k) * u128::from(games) / u128::from(n.max(1))) as u64;
        GameRange {
            first: bound(k.saturating_sub(1)),
            end: bound(k),
            total: games,
        }
    }

    /// The `--shard K/N` (K from 1) of a run of `total` games whose range this is, if one is
    /// (of at most a million shards).
    pub fn as_shard(&self) -> Option<(u64, u64)> {
        let total = self.total.max(1);
        (1..=total.min(1_000_000)).find_map(|n| {
            // The shard whose first game this is, or the next: the bounds round down.
            let k = (u128::from(self.first) * u128::from(n) / u128::from(total)) as u64 + 1;
            [k, k + 1]
                .into_iter()
                .find(|&k| k <= n && GameRange::shard(k, n, self.total) == *self)
                .map(|k| (k, n))
        })
    }

    /// How many games.
    pub fn len(&self) -> u64 {
        self.end.saturating_sub(self.first)
    }

    /// No game at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The header of a shard's file: the run's header line (with its newline) and the range.
pub fn shard_header(header: &str, range: GameRange) -> String {
    let (first, last) = (range.first, range.end.saturating_sub(1));
    format!(
        "{}{SHARD_MARK}{first}-{last} of {}\n",
        header.trim_end(),
        range.total
    )
}

/// A header line split into the run's header and, for a shard, its range.
pub fn split_header(line: &str) -> (&str, Option<GameRange>) {
    let Some((run, range)) = line.rsplit_once(SHARD_MARK) else {
        return (line, None);
    };
    let number = |text: &str| text.parse::<u64>().ok();
    let numbers = range.split_once(" of ").and_then(|(span, total)| {
        let (first, last) = span.split_once('-')?;
        Some((number(first)?, number(last)?, number(total)?))
    });
    match numbers {
        Some((first, last, total)) if first <= last && last < total => (
            run,
            Some(GameRange {
                first,
                end: last.saturating_add(1),
                total,
            }),
        ),
        _ => (line, None),
    }
}

/// What a merge wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Merged {
    /// The games of the merged file.
    pub games: u64,
    /// Their positions.
    pub positions: u64,
}

/// One input of a merge, its header read.
struct Input {
    path: PathBuf,
    run: String,
    range: Option<GameRange>,
}

/// Writes the shard files `inputs` (in any order) into the new file `output`, in `encoding`:
/// the file the unsharded run would have written. The shards must be of one run, complete, and
/// together hold its games from 0 with no gap or overlap; a whole file may stand for the games
/// from 0. The file is written as `output.part` and takes its name only when whole, so that a
/// merge killed midway never leaves a shorter file that reads as a complete one (its
/// `.part.<pid>` stays, in no later merge's way); an existing `output` is never overwritten.
pub fn merge(
    inputs: &[PathBuf],
    output: &Path,
    encoding: Encoding,
) -> Result<Merged, DatagenError> {
    let open_error = |path: &Path, source| DatagenError::Open {
        path: path.to_path_buf(),
        source,
    };
    if output.exists() {
        let exists = std::io::Error::from(std::io::ErrorKind::AlreadyExists);
        return Err(open_error(output, exists));
    }
    // Named by the process: two merges into one output never write one file, and a `.part`
    // left by a merge that was killed stands in no later merge's way.
    let mut part = output.as_os_str().to_owned();
    part.push(format!(".part.{}", std::process::id()));
    let part = PathBuf::from(part);
    let file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&part)
        .map_err(|source| open_error(&part, source))?;
    let result = write_merged(inputs, BufWriter::new(file), encoding).and_then(|merged| {
        // A hard link, unlike a rename, fails rather than replace a file made meanwhile.
        std::fs::hard_link(&part, output).map_err(|source| open_error(output, source))?;
        Ok(merged)
    });
    let _ = std::fs::remove_file(&part);
    result
}

fn write_merged(
    paths: &[PathBuf],
    mut out: BufWriter<File>,
    encoding: Encoding,
) -> Result<Merged, DatagenError> {
    // Headers first, each file closed again: a merge of thousands of shards holds one open.
    let mut inputs = paths
        .iter()
        .map(|path| Ok(open_input(path)?.0))
        .collect::<Result<Vec<_>, DatagenError>>()?;
    inputs.sort_by_key(|input| input.range.map_or(0, |range| range.first));
    let Some(run) = inputs.first().map(|input| input.run.clone()) else {
        return Err(DatagenError::NothingToMerge);
    };
    // The run's games, as the shards say; a whole file alone says nothing more than it holds.
    let total = inputs
        .iter()
        .find_map(|input| input.range)
        .map_or(0, |range| range.total);
    let write =
        |out: &mut BufWriter<File>, bytes: &[u8]| out.write_all(bytes).map_err(DatagenError::Write);
    write(&mut out, &encoding.preamble(&format!("{run}\n")))?;
    let mut merged = Merged {
        games: 0,
        positions: 0,
    };
    for input in inputs {
        let refuse = |why: String| DatagenError::NotMerged {
            path: input.path.clone(),
            why,
        };
        if input.run != run {
            return Err(refuse(format!(
                "it is of another run:\n  {}\nnot\n  {run}",
                input.run
            )));
        }
        let first = input.range.map_or(0, |range| range.first);
        if first != merged.games {
            return Err(refuse(format!(
                "its games start at {first}, where game {} was due",
                merged.games
            )));
        }
        let mut reader = open_input(&input.path)?.1;
        let mut order = GameOrder::from(first);
        let mut block = Vec::new();
        while let Item::Record(line) = reader.next_item().map_err(|e| in_file(&input.path, e))? {
            encoding.put_line(&line, &mut block);
            let game = order.see(&line, reader.place());
            if let Some(game) = game.map_err(|e| in_file(&input.path, e))? {
                write(&mut out, &block)?;
                block.clear();
                merged.games += 1;
                merged.positions += game.positions;
            }
        }
        if let Some(range) = input.range.filter(|range| range.total != total) {
            return Err(refuse(format!(
                "it is a shard of a run of {} games, not of {total}",
                range.total
            )));
        }
        if let Some(range) = input.range.filter(|range| order.due != range.end) {
            return Err(refuse(format!(
                "it holds {} of its {} games (from {}): finish it first, by running its shard \
                 again",
                order.due - range.first,
                range.len(),
                range.first
            )));
        }
    }
    if merged.games < total {
        return Err(DatagenError::MissingShards {
            held: merged.games,
            total,
        });
    }
    out.flush().map_err(DatagenError::Write)?;
    Ok(merged)
}

fn in_file(path: &Path, error: DatagenError) -> DatagenError {
    DatagenError::Refused {
        path: path.to_path_buf(),
        source: Box::new(error),
    }
}

/// Opens a file of a merge and reads its header.
fn open_input(path: &PathBuf) -> Result<(Input, Reader<BufReader<File>>), DatagenError> {
    let file = File::open(path).map_err(|source| DatagenError::Open {
        path: path.clone(),
        source,
    })?;
    match Reader::start(BufReader::new(file)).map_err(|e| in_file(path, e))? {
        Start::Header { reader, header } => {
            let not_merged = |why: String| DatagenError::NotMerged {
                path: path.clone(),
                why,
            };
            match super::format::header_parts(&header) {
                None => return Err(not_merged("it is not a data file of sumito datagen".into())),
                Some((version, _)) if version > super::format::VERSION => {
                    return Err(not_merged(format!(
                        "its format is version {version}, newer than this build's {}",
                        super::format::VERSION
                    )));
                }
                Some(_) => {}
            }
            let (run, range) = split_header(&header);
            let input = Input {
                path: path.clone(),
                run: run.to_string(),
                range,
            };
            Ok((input, reader))
        }
        Start::Cut(_) => Err(DatagenError::NotMerged {
            path: path.clone(),
            why: "it holds no whole header".to_string(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shard_s_range_names_a_shard_that_makes_it_again() {
        for total in [10, 13, 1000] {
            for n in 1..=7 {
                for k in 1..=n {
                    let range = GameRange::shard(k, n, total);
                    let (k2, n2) = range.as_shard().unwrap();
                    assert_eq!(GameRange::shard(k2, n2, total), range, "{k}/{n} of {total}");
                }
            }
        }
        let none = GameRange {
            first: 1,
            end: 9,
            total: 10,
        };
        assert_eq!(none.as_shard(), None);
    }

    #[test]
    fn shards_split_the_games_evenly_in_order() {
        for (n, games) in [(1, 10), (3, 10), (4, 4), (7, 1000), (5, u64::MAX)] {
            let ranges: Vec<GameRange> = (1..=n).map(|k| GameRange::shard(k, n, games)).collect();
            assert_eq!(ranges[0].first, 0);
            assert_eq!(ranges[n as usize - 1].end, games);
            for pair in ranges.windows(2) {
                assert_eq!(pair[0].end, pair[1].first);
                assert!(pair[0].len().abs_diff(pair[1].len()) <= 1, "{pair:?}");
            }
        }
    }

    #[test]
    fn a_shard_header_reads_back() {
        let run = "# sumito datagen 1: --seed 1 --depth 3; bench 300057";
        let range = GameRange {
            first: 40,
            end: 80,
            total: 100,
        };
        let header = shard_header(&format!("{run}\n"), range);
        assert_eq!(header, format!("{run}; games 40-79 of 100\n"));
        assert_eq!(split_header(header.trim_end()), (run, Some(range)));
        assert_eq!(split_header(run), (run, None));
        for odd in ["9-2 of 100", "40-79", "40-100 of 100", "4-x of 9"] {
            let odd = format!("{run}; games {odd}");
            assert_eq!(split_header(&odd), (&odd[..], None));
        }
    }
}
