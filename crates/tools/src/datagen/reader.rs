//! A data file read record by record, in either encoding: the text lines of `format.rs` or the
//! fixed-size records of `binary.rs`. Resuming a run, merging shards and the fits all read
//! through it, so that they agree on what a file holds.

use super::binary;
use super::error::{DatagenError, Place};
use super::format::{GameLine, Line, Sample, game_line, parse_line, sample_line};
use super::seats_sample::SeatsSample;
use std::io::BufRead;
use std::str::FromStr;

/// How a data file's records are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// One line per record (docs/datagen.md): for reading by eye and by other tools.
    Text,
    /// Fixed-size little-endian records: a third of the size, and fast to read.
    Binary,
}

impl FromStr for Encoding {
    type Err = String;

    fn from_str(text: &str) -> Result<Encoding, String> {
        match text {
            "text" => Ok(Encoding::Text),
            "binary" => Ok(Encoding::Binary),
            other => Err(format!("'{other}' is not a format: binary or text")),
        }
    }
}

impl std::fmt::Display for Encoding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Encoding::Text => "text",
            Encoding::Binary => "binary",
        })
    }
}

impl Encoding {
    /// The bytes a file starts with, given its header line (with the newline).
    pub fn preamble(self, header: &str) -> Vec<u8> {
        let mut bytes = match self {
            Encoding::Text => Vec::new(),
            Encoding::Binary => binary::MARK.to_vec(),
        };
        bytes.extend_from_slice(header.as_bytes());
        bytes
    }

    /// Appends the record of a kept position.
    pub fn put_sample(self, sample: &Sample, out: &mut Vec<u8>) {
        match self {
            Encoding::Text => out.extend_from_slice(sample_line(sample).as_bytes()),
            Encoding::Binary => binary::put_sample(sample, out),
        }
    }

    /// Appends the record of a kept N-player position.
    pub fn put_seats_sample(self, sample: &SeatsSample, out: &mut Vec<u8>) {
        match self {
            Encoding::Text => out.extend_from_slice(sample.line().as_bytes()),
            Encoding::Binary => binary::put_seats_sample(sample, out),
        }
    }

    /// Appends the record closing a game.
    pub fn put_game(self, game: &GameLine, out: &mut Vec<u8>) {
        match self {
            Encoding::Text => out.extend_from_slice(game_line(game).as_bytes()),
            Encoding::Binary => binary::put_game(game, out),
        }
    }

    /// Appends a record read from a file, in this encoding (a comment is not kept).
    pub fn put_line(self, line: &Line, out: &mut Vec<u8>) {
        match line {
            Line::Sample(sample) => self.put_sample(sample, out),
            Line::SeatsSample(sample) => self.put_seats_sample(sample, out),
            Line::Game(game) => self.put_game(game, out),
            Line::Comment => {}
        }
    }
}

/// How a file begins.
pub enum Start<R> {
    /// A whole header line: the reader goes on after it.
    Header {
        /// The records after the header.
        reader: Reader<R>,
        /// The header line, without its newline.
        header: String,
    },
    /// The file ends before its first newline: these are all its bytes.
    Cut(Vec<u8>),
}

/// What the next read found.
#[derive(Debug, PartialEq, Eq)]
pub enum Item {
    /// A whole record.
    Record(Line),
    /// The file ends here, after a whole record.
    End,
    /// The file ends inside a record: an unfinished write.
    Cut,
}

/// The records of a data file after its header.
pub struct Reader<R> {
    input: R,
    encoding: Encoding,
    /// Bytes up to the end of the last whole record (or the header).
    offset: u64,
    /// Bytes read, a cut record's included.
    consumed: u64,
    /// The last record's number, the header being 1.
    number: u64,
    buffer: Vec<u8>,
}

impl<R: BufRead> Reader<R> {
    /// Reads the header of a file, which tells its encoding. A first line longer than any
    /// header reads as cut, so that a large file of another kind is refused without being
    /// read whole.
    pub fn start(mut input: R) -> Result<Start<R>, DatagenError> {
        const MAX_HEADER: u64 = 64 * 1024;
        let mut line = Vec::new();
        std::io::Read::take(&mut input, MAX_HEADER)
            .read_until(b'\n', &mut line)
            .map_err(DatagenError::Read)?;
        if line.last() != Some(&b'\n') {
            return Ok(Start::Cut(line));
        }
        let offset = line.len() as u64;
        let (encoding, text) = match line.strip_prefix(binary::MARK) {
            Some(rest) => (Encoding::Binary, rest),
            None => (Encoding::Text, &line[..]),
        };
        // Without its line end, CR LF too (a file that passed through Windows tools).
        let text = &text[..text.len() - 1];
        let text = text.strip_suffix(b"\r").unwrap_or(text);
        let header = String::from_utf8_lossy(text).into_owned();
        let reader = Reader {
            input,
            encoding,
            offset,
            consumed: offset,
            number: 1,
            buffer: Vec::new(),
        };
        Ok(Start::Header { reader, header })
    }

    /// The file's encoding.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// Bytes up to the end of the last whole record read (or the header).
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// Bytes read in all, those of a cut record at the end included.
    pub fn consumed(&self) -> u64 {
        self.consumed
    }

    /// Where the last record read stands.
    pub fn place(&self) -> Place {
        match self.encoding {
            Encoding::Text => Place::Line(self.number),
            Encoding::Binary => Place::Record(self.number),
        }
    }

    /// The next record.
    pub fn next_item(&mut self) -> Result<Item, DatagenError> {
        self.buffer.clear();
        let line = match self.encoding {
            Encoding::Text => {
                let read = self
                    .input
                    .read_until(b'\n', &mut self.buffer)
                    .map_err(DatagenError::Read)?;
                self.consumed += read as u64;
                match self.buffer.last() {
                    None => return Ok(Item::End),
                    Some(b'\n') => {}
                    Some(_) => return Ok(Item::Cut),
                }
                self.advance(read);
                // A line may end with CR LF, as files that passed through Windows tools do.
                let line = &self.buffer[..read - 1];
                let line = line.strip_suffix(b"\r").unwrap_or(line);
                let text = String::from_utf8_lossy(line);
                parse_line(&text)
            }
            Encoding::Binary => {
                let mut tag = [0u8];
                if self.fill(&mut tag)? == 0 {
                    return Ok(Item::End);
                }
                self.consumed += 1;
                let mut body = [0u8; binary::LONGEST_BODY];
                // An unknown tag reads no body: the record's read says what is wrong.
                let length = binary::body_length(tag[0]).unwrap_or(0);
                let filled = self.fill(&mut body[..length])?;
                self.consumed += filled as u64;
                if filled < length {
                    return Ok(Item::Cut);
                }
                self.advance(1 + length);
                binary::record(tag[0], &body[..length])
            }
        };
        let at = self.place();
        line.map(Item::Record)
            .map_err(|source| DatagenError::Line { at, source })
    }

    fn advance(&mut self, bytes: usize) {
        self.offset += bytes as u64;
        self.number += 1;
    }

    /// Reads as much of `buffer` as the file still holds; how much that was.
    fn fill(&mut self, buffer: &mut [u8]) -> Result<usize, DatagenError> {
        let mut done = 0;
        while done < buffer.len() {
            match self.input.read(&mut buffer[done..]) {
                Ok(0) => break,
                Ok(n) => done += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(DatagenError::Read(e)),
            }
        }
        Ok(done)
    }
}

/// Checks that the game lines come in order and count the positions above them: the file
/// holds games `first`, `first + 1`, … each with its own positions.
#[derive(Clone, Copy, Debug)]
pub struct GameOrder {
    /// The index of the next game due.
    pub due: u64,
    /// Positions read since the last game line.
    pub pending: u64,
}

impl GameOrder {
    /// Games from `first` on.
    pub fn from(first: u64) -> GameOrder {
        GameOrder {
            due: first,
            pending: 0,
        }
    }

    /// Takes the next record, read at `at`: the game it closes, if it is a game line.
    pub fn see(&mut self, line: &Line, at: Place) -> Result<Option<GameLine>, DatagenError> {
        match line {
            Line::Comment => Ok(None),
            Line::Sample(_) | Line::SeatsSample(_) => {
                self.pending += 1;
                Ok(None)
            }
            Line::Game(game) => {
                if game.index != self.due || game.positions != self.pending {
                    return Err(DatagenError::GameOutOfOrder {
                        at,
                        index: game.index,
                        positions: game.positions,
                        due: self.due,
                        pending: self.pending,
                    });
                }
                self.due += 1;
                self.pending = 0;
                Ok(Some(*game))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datagen::format::{Ending, Wdl};
    use sumito_rules::board::{Colour, Layout};

    fn file(encoding: Encoding) -> Vec<u8> {
        let mut bytes = encoding.preamble("# sumito datagen 1: --seed 1\n");
        let sample = Sample {
            position: Layout::GermanDaisy.position(),
            result: Wdl::Win,
            score: 12,
        };
        encoding.put_sample(&sample, &mut bytes);
        let game = GameLine {
            index: 0,
            ending: Ending::Two {
                layout: Layout::GermanDaisy,
                winner: Some(Colour::Black),
            },
            plies: 60,
            positions: 1,
        };
        encoding.put_game(&game, &mut bytes);
        bytes
    }

    fn read_all(bytes: &[u8]) -> (String, Vec<Item>) {
        let Ok(Start::Header { mut reader, header }) = Reader::start(bytes) else {
            panic!("no header");
        };
        let mut items = Vec::new();
        loop {
            let item = reader.next_item().unwrap();
            let last = item != Item::End && item != Item::Cut;
            items.push(item);
            if !last {
                return (header, items);
            }
        }
    }

    #[test]
    fn both_encodings_hold_the_same_records_and_say_which_they_are() {
        let (text, binary) = (file(Encoding::Text), file(Encoding::Binary));
        assert!(binary.len() < text.len());
        assert_eq!(read_all(&text), read_all(&binary));
        let (header, items) = read_all(&binary);
        assert_eq!(header, "# sumito datagen 1: --seed 1");
        assert_eq!(items.len(), 3);
        // Cut anywhere inside a record, the file reads as cut there.
        for encoding in [Encoding::Text, Encoding::Binary] {
            let bytes = file(encoding);
            let header_end = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
            // The record ends: after the position's record and after the game's.
            let ends = match encoding {
                Encoding::Text => vec![
                    bytes[header_end..]
                        .iter()
                        .position(|&b| b == b'\n')
                        .unwrap()
                        + header_end
                        + 1,
                ],
                Encoding::Binary => vec![header_end + 27],
            };
            for cut in header_end + 1..bytes.len() {
                let (_, items) = read_all(&bytes[..cut]);
                let expected = if ends.contains(&cut) {
                    Item::End
                } else {
                    Item::Cut
                };
                assert_eq!(items.last(), Some(&expected), "{encoding} cut at {cut}");
            }
        }
        assert!(matches!(Reader::start(&binary[..5]), Ok(Start::Cut(b)) if b == binary[..5]));
    }

    #[test]
    fn a_damaged_record_says_where_it_is() {
        let mut bytes = file(Encoding::Binary);
        let header_end = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
        bytes[header_end] = b'z';
        let Ok(Start::Header { mut reader, .. }) = Reader::start(&bytes[..]) else {
            panic!("no header");
        };
        let error = reader.next_item().unwrap_err().to_string();
        assert_eq!(error, "record 2: bad record tag 0x7a");
    }

    #[test]
    fn a_first_line_longer_than_any_header_reads_as_cut_and_stops_there() {
        let long = vec![b'x'; 200 * 1024];
        let Ok(Start::Cut(read)) = Reader::start(&long[..]) else {
            panic!("a header");
        };
        assert_eq!(read.len(), 64 * 1024);
    }
}
