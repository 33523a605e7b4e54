//! Continuing a data file after an interruption. Games are appended whole, in order, each
//! ending with its `game` line, so the file is sound up to its last `game` line whatever
//! happened after: the rest (an unfinished block, a cut line) is dropped and the run goes on
//! from the next game, making the file an uninterrupted run would have made.

use super::error::DatagenError;
use super::format::FORMAT_TAG;
use super::reader::{Encoding, GameOrder, Item, Reader, Start};
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Seek, SeekFrom, Write};
use std::path::Path;

/// What a data file already holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Held {
    /// Complete games: the next game to make is `first` plus this.
    pub games: u64,
    /// Positions of the complete games.
    pub positions: u64,
    /// Bytes up to the end of the last complete game (or of the header).
    pub sound_bytes: u64,
    /// Bytes after them, dropped.
    pub dropped_bytes: u64,
}

/// What a data file of `encoding` made with `header` (its first line, with the newline) holds,
/// its first game being `first` (0, or a shard's first). An empty file, or one cut inside the
/// header, holds nothing.
pub fn scan(
    input: impl BufRead,
    header: &str,
    encoding: Encoding,
    first: u64,
) -> Result<Held, DatagenError> {
    let mut held = Held::default();
    let mut reader = match Reader::start(input)? {
        Start::Cut(bytes) => {
            if !encoding.preamble(header).starts_with(&bytes) {
                return Err(not_ours(&bytes));
            }
            held.dropped_bytes = bytes.len() as u64;
            return Ok(held);
        }
        Start::Header {
            reader,
            header: found,
        } => {
            check_header(&found, header)?;
            if reader.encoding() != encoding {
                return Err(DatagenError::OtherEncoding {
                    found: reader.encoding(),
                    expected: encoding,
                });
            }
            reader
        }
    };
    held.sound_bytes = reader.offset();
    let mut order = GameOrder::from(first);
    while let Item::Record(line) = reader.next_item()? {
        if let Some(game) = order.see(&line, reader.place())? {
            held.games += 1;
            held.positions += game.positions;
            held.sound_bytes = reader.offset();
        }
    }
    held.dropped_bytes = reader.consumed() - held.sound_bytes;
    Ok(held)
}

/// The refusal of a file whose first line is not a data file's header; a long line is cut.
fn not_ours(first_line: &[u8]) -> DatagenError {
    let text = String::from_utf8_lossy(first_line);
    DatagenError::NotADataFile {
        tag: FORMAT_TAG,
        first_line: text.trim_end().chars().take(60).collect(),
    }
}

fn check_header(first_line: &str, header: &str) -> Result<(), DatagenError> {
    if super::settings::with_current_names(first_line) == header.trim_end() {
        Ok(())
    } else if first_line.starts_with(FORMAT_TAG) {
        Err(DatagenError::OtherSettings {
            found: first_line.to_string(),
            expected: header.trim_end().to_string(),
        })
    } else {
        Err(not_ours(first_line.as_bytes()))
    }
}

/// Opens `path` for appending games in `encoding`, the first being `first`, after what it
/// soundly holds (created with `header` if it does not exist or holds nothing); anything after
/// the last complete game is cut off.
pub fn open(
    path: &Path,
    header: &str,
    encoding: Encoding,
    first: u64,
) -> Result<(File, Held), DatagenError> {
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(|source| DatagenError::Open {
            path: path.to_path_buf(),
            source,
        })?;
    // It is read back, cut and appended to: a pipe or a device would block or refuse that.
    if !file.metadata().is_ok_and(|meta| meta.is_file()) {
        return Err(DatagenError::Open {
            path: path.to_path_buf(),
            source: std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a regular file"),
        });
    }
    let held = scan(BufReader::new(&file), header, encoding, first).map_err(|error| {
        DatagenError::Refused {
            path: path.to_path_buf(),
            source: Box::new(error),
        }
    })?;
    file.set_len(held.sound_bytes)
        .and_then(|()| file.seek(SeekFrom::End(0)))
        .map_err(|source| DatagenError::Cut {
            path: path.to_path_buf(),
            source,
        })?;
    if held.sound_bytes == 0 {
        file.write_all(&encoding.preamble(header))
            .map_err(|source| DatagenError::WriteHeader {
                path: path.to_path_buf(),
                source,
            })?;
    }
    Ok((file, held))
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "# sumito datagen 1: --seed 1\n";
    const POSITION: &str = "ww1bb/wwwbbb/1ww1bb1/8/9/8/1bb1ww1/bbbwww/bb1ww b 0 0 0 1 5\n";

    fn file() -> String {
        let mut text = HEADER.to_string();
        text += POSITION;
        text += POSITION;
        text += "game 0 belgian-daisy 1-0 50 2\n";
        text += "game 1 german-daisy 0-1 40 0\n";
        text += POSITION;
        text += "game 2 standard 1/2-1/2 200 1\n";
        text
    }

    #[test]
    fn a_sound_file_holds_all_its_games() {
        let text = file();
        let held = scan(text.as_bytes(), HEADER, Encoding::Text, 0).unwrap();
        let expected = Held {
            games: 3,
            positions: 3,
            sound_bytes: text.len() as u64,
            dropped_bytes: 0,
        };
        assert_eq!(held, expected);
    }

    #[test]
    fn a_file_cut_anywhere_holds_the_games_before_the_cut() {
        let text = file();
        let ends: Vec<usize> = text.match_indices("game ").map(|(i, _)| i).collect();
        let game_ends: Vec<usize> = ends
            .iter()
            .map(|&i| i + text[i..].find('\n').unwrap() + 1)
            .collect();
        for cut in 0..text.len() {
            let held = scan(&text.as_bytes()[..cut], HEADER, Encoding::Text, 0).unwrap();
            let games = game_ends.iter().filter(|&&end| end <= cut).count() as u64;
            assert_eq!(held.games, games, "cut at {cut}");
            let sound = game_ends[..games as usize]
                .last()
                .copied()
                .unwrap_or(if cut >= HEADER.len() { HEADER.len() } else { 0 });
            assert_eq!(held.sound_bytes, sound as u64, "cut at {cut}");
            assert_eq!(held.sound_bytes + held.dropped_bytes, cut as u64);
        }
    }

    #[test]
    fn a_header_with_the_old_flag_name_still_resumes() {
        let header = "# sumito datagen 1: --seed 1 --plies-after-opening 200\n";
        let old = file().replace("--seed 1\n", "--seed 1 --max-plies 200\n");
        let held = scan(old.as_bytes(), header, Encoding::Text, 0).unwrap();
        assert_eq!(held.games, 3);
        let other = file().replace("--seed 1\n", "--seed 1 --max-plies 150\n");
        assert!(scan(other.as_bytes(), header, Encoding::Text, 0).is_err());
    }

    #[test]
    fn foreign_or_other_settings_or_other_builds_or_damaged_files_are_refused() {
        let other = file().replace("--seed 1", "--seed 2");
        let error = scan(other.as_bytes(), HEADER, Encoding::Text, 0)
            .unwrap_err()
            .to_string();
        assert!(error.contains("other settings"), "{error}");
        let built = file().replace("--seed 1\n", "--seed 1; bench 100\n");
        let header = HEADER.replace("--seed 1\n", "--seed 1; bench 100\n");
        assert!(scan(built.as_bytes(), &header, Encoding::Text, 0).is_ok());
        let other_build = header.replace("bench 100", "bench 101");
        let error = scan(built.as_bytes(), &other_build, Encoding::Text, 0)
            .unwrap_err()
            .to_string();
        assert!(error.contains("another build"), "{error}");
        let error = scan("hello\nworld\n".as_bytes(), HEADER, Encoding::Text, 0)
            .unwrap_err()
            .to_string();
        assert!(error.contains("not a data file"), "{error}");
        assert!(scan("hel".as_bytes(), HEADER, Encoding::Text, 0).is_err());
        let skipped = file().replace("game 1 german", "game 5 german");
        assert!(
            scan(skipped.as_bytes(), HEADER, Encoding::Text, 0)
                .unwrap_err()
                .to_string()
                .contains("damaged")
        );
        let miscounted = file().replace("1-0 50 2", "1-0 50 3");
        assert!(scan(miscounted.as_bytes(), HEADER, Encoding::Text, 0).is_err());
    }

    #[test]
    fn refusals_say_why_word_for_word() {
        let message = |text: &str| {
            scan(text.as_bytes(), HEADER, Encoding::Text, 0)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            message(&file().replace("--seed 1", "--seed 2")),
            "it was made with other settings or by another build:\n  \
             # sumito datagen 1: --seed 2\nnot\n  # sumito datagen 1: --seed 1\n\
             use the same settings and build to continue it, or another --output"
        );
        assert_eq!(
            message("hello\nworld\n"),
            "it does not start with '# sumito datagen' but with 'hello': not a data file of \
             sumito datagen, left alone"
        );
        assert_eq!(
            message("hel"),
            "it does not start with '# sumito datagen' but with 'hel': not a data file of \
             sumito datagen, left alone"
        );
        assert_eq!(
            message(&file().replace("game 1 german", "game 5 german")),
            "line 5: game 5 with 0 positions where game 1 with 0 was due; the file is damaged"
        );
        assert_eq!(
            message(&file().replace("1-0 50 2", "1-0 50 x")),
            "line 4: bad position count 'x'"
        );
        let missing = Path::new("/nonexistent-sumito-dir/data.txt");
        assert_eq!(
            open(missing, HEADER, Encoding::Text, 0)
                .unwrap_err()
                .to_string(),
            "cannot open /nonexistent-sumito-dir/data.txt: No such file or directory (os error 2)"
        );
        let dir = std::env::temp_dir().join(format!("sumito-resume-{}.txt", std::process::id()));
        std::fs::write(&dir, "hello\n").unwrap();
        let refused = open(&dir, HEADER, Encoding::Text, 0)
            .unwrap_err()
            .to_string();
        let _ = std::fs::remove_file(&dir);
        assert_eq!(
            refused,
            format!(
                "{}: it does not start with '# sumito datagen' but with 'hello': not a data \
                 file of sumito datagen, left alone",
                dir.display()
            )
        );
    }
}
