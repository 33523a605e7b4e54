//! The data of the fits: the positions of `sumito datagen` files, read into what each fit keeps
//! of them (the win/draw/loss fit a score and a result, the networks the positions), split into
//! the games fitted and those held out.

use super::error::TuneError;
use crate::datagen::format::Line;
pub use crate::datagen::format::Sample;
use crate::datagen::{GameRange, Item, Reader, Start, split_header};
use rayon::prelude::*;
use std::path::Path;

/// One position as the win/draw/loss fit sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry {
    /// The game's result for the side to move: 1, 0.5 or 0.
    pub result: f32,
    /// The search score, in centi-marbles.
    pub score: f32,
}

/// What a fit keeps of each position of the data: the win/draw/loss fit its score and result
/// ([`Entry`]), the two-player network's training the position itself, the N-player network's
/// one entry for each seat in play.
pub trait FromSample: Send + Sized {
    /// The kind of position record it is made from: a two-player or an N-player one.
    type Record: Send + Sync;
    /// The record of a position line, or why this fit cannot use it.
    fn record(line: Line) -> Result<Self::Record, TuneError>;
    /// Adds what is kept of `record` to `out`.
    fn entries(record: &Self::Record, out: &mut Vec<Self>);
}

/// The record of a two-player position line; an N-player one is refused.
pub fn two_player_record(line: Line) -> Result<Sample, TuneError> {
    match line {
        Line::Sample(sample) => Ok(sample),
        _ => Err(TuneError::SeatsData),
    }
}

impl FromSample for Entry {
    type Record = Sample;
    fn record(line: Line) -> Result<Sample, TuneError> {
        two_player_record(line)
    }
    fn entries(record: &Sample, out: &mut Vec<Entry>) {
        out.push(Entry::new(record));
    }
}

impl Entry {
    /// The entry of a kept position.
    pub fn new(sample: &Sample) -> Entry {
        Entry {
            result: sample.result.value() as f32,
            score: sample.score as f32,
        }
    }
}

/// The entries of some data files, split into the set fitted and the set held out.
#[derive(Clone, Debug)]
pub struct Data<E = Entry> {
    /// The positions fitted.
    pub train: Vec<E>,
    /// The positions of the held-out games, for the validation loss.
    pub validation: Vec<E>,
    /// Complete games read.
    pub games: u64,
    /// Positions of unfinished games at the end of a file, left out.
    pub unfinished: u64,
    /// What each file held.
    pub files: Vec<FileSummary>,
}

impl<E> Default for Data<E> {
    fn default() -> Data<E> {
        Data {
            train: Vec::new(),
            validation: Vec::new(),
            games: 0,
            unfinished: 0,
            files: Vec::new(),
        }
    }
}

/// What one data file held.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileSummary {
    /// The settings it was made with: the flags of its header.
    pub flags: String,
    /// The bench node count of the build that made it, from its header (none in files made
    /// before datagen wrote it).
    pub bench: Option<u64>,
    /// Its complete games.
    pub games: u64,
    /// For a shard's file, the games of its run it holds (its header's `; games …`).
    pub range: Option<GameRange>,
    /// The positions of those games.
    pub positions: u64,
}

/// Reads data files, text or binary; every `holdout`-th game of each (index `holdout - 1`,
/// `2 holdout - 1`, …) goes to the validation set, none when `holdout` is 0.
pub fn load<E: FromSample>(paths: &[impl AsRef<Path>], holdout: u64) -> Result<Data<E>, TuneError> {
    // A file given twice would count its games twice, weighing them over the others.
    let mut named: Vec<std::path::PathBuf> = Vec::new();
    for path in paths {
        let path = path.as_ref();
        let same = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        if named.contains(&same) {
            return Err(TuneError::GivenTwice(path.to_path_buf()));
        }
        named.push(same);
    }
    let mut data = Data::default();
    for path in paths {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|source| TuneError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        read_into(&bytes, holdout, &mut data).map_err(|error| TuneError::BadFile {
            path: path.to_path_buf(),
            source: Box::new(error),
        })?;
    }
    Ok(data)
}

/// Positions turned into entries at a time, on every core.
const CHUNK: usize = 1 << 16;

/// Adds the games of one file's bytes to `data`.
pub fn read_into<E: FromSample>(
    bytes: &[u8],
    holdout: u64,
    data: &mut Data<E>,
) -> Result<(), TuneError> {
    let Ok(Start::Header { mut reader, header }) = Reader::start(bytes) else {
        return Err(TuneError::NoHeader);
    };
    let (run, range) = split_header(&header);
    let Some((version, settings)) = crate::datagen::format::header_parts(run) else {
        return Err(TuneError::NoHeader);
    };
    if version > crate::datagen::format::VERSION {
        return Err(TuneError::NewerVersion(version));
    }
    let (flags, bench) = match settings.split_once(crate::datagen::format::BENCH_MARK) {
        Some((flags, bench)) => {
            // An N-player file's header goes on with its own signature.
            let bench = bench.split(';').next().unwrap_or_default();
            let bench = bench
                .parse()
                .map_err(|_| TuneError::BadBench(bench.to_string()))?;
            (flags, Some(bench))
        }
        None => (settings, None),
    };
    let mut summary = FileSummary {
        flags: flags.to_string(),
        bench,
        range,
        ..FileSummary::default()
    };
    // The positions of the game being read, and of the games read whole but not yet turned
    // into entries, with where each game ends among them and whether it is held out.
    let mut samples = Vec::new();
    let mut games: Vec<(usize, bool)> = Vec::new();
    loop {
        match reader.next_item()? {
            Item::Record(line @ (Line::Sample(_) | Line::SeatsSample(_))) => {
                samples.push(E::record(line)?)
            }
            Item::Record(Line::Game(game)) => {
                let held_out = holdout > 0 && game.index % holdout == holdout - 1;
                // The positions read, not the count the game line states: a number from the
                // file is never added up as given.
                let read = samples.len() - games.last().map_or(0, |&(end, _)| end);
                games.push((samples.len(), held_out));
                summary.games += 1;
                summary.positions += read as u64;
                data.games += 1;
                if samples.len() >= CHUNK {
                    flush(&mut samples, &mut games, data);
                }
            }
            Item::Record(Line::Comment) => {}
            Item::End | Item::Cut => break,
        }
    }
    let unfinished = samples.len() - games.last().map_or(0, |&(end, _)| end);
    samples.truncate(samples.len() - unfinished);
    flush(&mut samples, &mut games, data);
    data.unfinished += unfinished as u64;
    data.files.push(summary);
    Ok(())
}

/// Turns the positions of whole games into entries, on every core, and adds each game's to
/// its set; `games` holds where each game's positions end and whether it is held out.
fn flush<E: FromSample>(
    samples: &mut Vec<E::Record>,
    games: &mut Vec<(usize, bool)>,
    data: &mut Data<E>,
) {
    let starts = std::iter::once(0).chain(games.iter().map(|&(end, _)| end));
    let ranges: Vec<(usize, usize, bool)> = starts
        .zip(games.iter())
        .map(|(start, &(end, held_out))| (start, end, held_out))
        .collect();
    let entries: Vec<(Vec<E>, bool)> = ranges
        .par_iter()
        .map(|&(start, end, held_out)| {
            let mut entries = Vec::with_capacity(end - start);
            samples[start..end]
                .iter()
                .for_each(|record| E::entries(record, &mut entries));
            (entries, held_out)
        })
        .collect();
    for (game, held_out) in entries {
        match held_out {
            true => data.validation.extend(game),
            false => data.train.extend(game),
        }
    }
    samples.clear();
    games.clear();
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "# sumito datagen 1: --seed 1\n\
        wwwww/wwwwww/2ww3/8/9/8/2bbb2/bbbbbb/bbbbb b 0 1 9 1 80\n\
        game 0 standard 1-0 50 1\n\
        5/6/7/8/3bbb3/3w4/7/6/5 w 0 5 70 0 -300\n\
        5/6/7/8/3bbb3/3w4/7/6/5 b 0 5 71 1 300\n\
        game 1 standard 1-0 80 2\n\
        wwwww/wwwwww/2ww3/8/9/8/2bbb2/bbbbbb/bbbbb b 0 1 9 1 80\n";

    #[test]
    fn games_split_into_train_and_held_out_and_unfinished_ones_are_dropped() {
        let mut data = Data::<Entry>::default();
        read_into(FILE.as_bytes(), 2, &mut data).unwrap();
        assert_eq!((data.train.len(), data.validation.len()), (1, 2));
        assert_eq!((data.games, data.unfinished), (2, 1));
        assert_eq!(data.files[0].flags, "--seed 1");
        assert_eq!(data.files[0].bench, None);
        let mut tagged = Data::<Entry>::default();
        let with_bench = FILE.replacen("--seed 1\n", "--seed 1; bench 336966\n", 1);
        read_into(with_bench.as_bytes(), 2, &mut tagged).unwrap();
        assert_eq!(tagged.files[0].flags, "--seed 1");
        assert_eq!(tagged.files[0].bench, Some(336966));
        let broken = FILE.replacen("--seed 1\n", "--seed 1; bench x\n", 1);
        assert!(read_into(broken.as_bytes(), 2, &mut Data::<Entry>::default()).is_err());
        assert_eq!((data.files[0].games, data.files[0].positions), (2, 3));
        assert_eq!(data.validation[0].result, 0.0);
        assert_eq!(data.validation[1].score, 300.0);
        let mut all = Data::<Entry>::default();
        read_into(FILE.as_bytes(), 0, &mut all).unwrap();
        assert_eq!((all.train.len(), all.validation.len()), (3, 0));
        // Lines ending with CR LF read the same.
        let mut crlf = Data::<Entry>::default();
        read_into(FILE.replace('\n', "\r\n").as_bytes(), 0, &mut crlf).unwrap();
        assert_eq!(crlf.train, all.train);
        // The header's bench too.
        read_into(with_bench.replace('\n', "\r\n").as_bytes(), 0, &mut crlf).unwrap();
        assert_eq!(crlf.files[1].bench, Some(336966));
        assert!(read_into(b"game 0 standard 1-0 50 0\n", 0, &mut all).is_err());
    }

    #[test]
    fn n_player_data_and_newer_versions_are_refused() {
        let seats = "# sumito datagen 2: --players 3 --seed 1\n\
            5/6/7/8/9/8/7/6/5 r 0/0/0 9 1-2-3 40\n\
            game 0 three-player 1-2-3 50 1\n";
        let error = read_into(seats.as_bytes(), 0, &mut Data::<Entry>::default()).unwrap_err();
        assert!(matches!(error, TuneError::SeatsData), "{error}");
        // A version 2 file of two-player games reads as version 1 does.
        let two = FILE.replacen("datagen 1:", "datagen 2:", 1);
        assert!(read_into(two.as_bytes(), 0, &mut Data::<Entry>::default()).is_ok());
        let newer = FILE.replacen("datagen 1:", "datagen 3:", 1);
        let error = read_into(newer.as_bytes(), 0, &mut Data::<Entry>::default()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "a data file of format version 3; this build reads versions 1 to 2"
        );
    }

    #[test]
    fn bad_files_say_what_is_wrong_word_for_word() {
        let message = |text: &str| {
            read_into(text.as_bytes(), 0, &mut Data::<Entry>::default())
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            message("game 0 standard 1-0 50 0\n"),
            "not a data file of sumito datagen (no header)"
        );
        assert_eq!(
            message(&FILE.replacen("--seed 1\n", "--seed 1; bench x\n", 1)),
            "bad bench in the header: x"
        );
        assert_eq!(
            message(&FILE.replacen("1-0 50 1", "1-0 50 q", 1)),
            "line 3: bad position count 'q'"
        );
        let missing = std::path::Path::new("/nonexistent-sumito-dir/d.txt");
        assert_eq!(
            load::<Entry>(&[missing], 0).unwrap_err().to_string(),
            "cannot read /nonexistent-sumito-dir/d.txt: No such file or directory (os error 2)"
        );
        let path =
            std::env::temp_dir().join(format!("sumito-tune-data-{}.txt", std::process::id()));
        std::fs::write(&path, "hello\n").unwrap();
        let refused = load::<Entry>(&[&path], 0).unwrap_err().to_string();
        let _ = std::fs::remove_file(&path);
        assert_eq!(
            refused,
            format!(
                "{}: not a data file of sumito datagen (no header)",
                path.display()
            )
        );
    }
}
