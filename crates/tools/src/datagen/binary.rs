//! The binary encoding of a data file (docs/datagen.md): the text form's header line behind an
//! eight-byte mark, then its position and game lines as fixed-size little-endian records, a
//! third of the text's size and read without parsing position strings.
//!
//! ```text
//! SUMITODB # sumito datagen 1: --seed 1 …; bench 336966\n
//! 'p' black u64, white u64, flags u8, lost u8, plies u32, score i32        (27 bytes)
//! 'g' index u64, layout u8, winner u8, plies u32, positions u64            (23 bytes)
//! ```

use super::error::LineError;
use super::format::{GameLine, Line, Sample, Wdl};
use sumito_rules::board::{
    BOARD, Colour, LOSING_LOST, Layout, MARBLES_PER_SIDE, MAX_PLY_COUNT, Position,
};

/// The first eight bytes of a binary data file; its header line follows.
pub const MARK: &[u8; 8] = b"SUMITODB";

/// The tag byte of a position record.
const POSITION: u8 = b'p';
/// The tag byte of a game record.
const GAME: u8 = b'g';
/// A position record's bytes after its tag.
const POSITION_BODY: usize = 8 + 8 + 1 + 1 + 4 + 4;
/// A game record's bytes after its tag.
const GAME_BODY: usize = 8 + 1 + 1 + 4 + 8;

/// The bytes after the tag of a record starting with `tag`, or why there is no such record.
pub fn body_length(tag: u8) -> Result<usize, LineError> {
    match tag {
        POSITION => Ok(POSITION_BODY),
        GAME => Ok(GAME_BODY),
        other => Err(LineError::BadTag(other)),
    }
}

/// Appends the record of a kept position.
pub fn put_sample(sample: &Sample, out: &mut Vec<u8>) {
    let position = &sample.position;
    let result = match sample.result {
        Wdl::Loss => 0,
        Wdl::Draw => 1,
        Wdl::Win => 2,
    };
    let side = position.side_to_move().index() as u8;
    out.push(POSITION);
    out.extend_from_slice(&position.stones(Colour::Black).to_le_bytes());
    out.extend_from_slice(&position.stones(Colour::White).to_le_bytes());
    out.push(side | result << 1);
    out.push(position.lost(Colour::Black) | position.lost(Colour::White) << 4);
    out.extend_from_slice(&position.plies().to_le_bytes());
    out.extend_from_slice(&sample.score.to_le_bytes());
}

/// Appends the record closing a game.
pub fn put_game(game: &GameLine, out: &mut Vec<u8>) {
    let layout = Layout::ALL.iter().position(|&l| l == game.layout);
    let winner = match game.winner {
        None => 0,
        Some(colour) => 1 + colour.index() as u8,
    };
    out.push(GAME);
    out.extend_from_slice(&game.index.to_le_bytes());
    out.push(layout.unwrap_or(0) as u8);
    out.push(winner);
    out.extend_from_slice(&game.plies.to_le_bytes());
    out.extend_from_slice(&game.positions.to_le_bytes());
}

/// Reads one record: its tag and the [`body_length`] bytes after it. Every field is checked,
/// so that a damaged record is refused rather than read as a position that cannot be.
pub fn record(tag: u8, body: &[u8]) -> Result<Line, LineError> {
    if body.len() != body_length(tag)? {
        return Err(LineError::BadRecord("cut short"));
    }
    let mut fields = Fields(body);
    if tag == GAME {
        let index = fields.u64();
        let layout = *Layout::ALL
            .get(fields.u8() as usize)
            .ok_or(LineError::BadRecord("no such layout"))?;
        let winner = match fields.u8() {
            0 => None,
            1 => Some(Colour::Black),
            2 => Some(Colour::White),
            _ => return Err(LineError::BadRecord("no such result")),
        };
        let (plies, positions) = (fields.u32(), fields.u64());
        return Ok(Line::Game(GameLine {
            index,
            layout,
            winner,
            plies,
            positions,
        }));
    }
    let (black, white, flags, lost) = (fields.u64(), fields.u64(), fields.u8(), fields.u8());
    let (plies, score) = (fields.u32(), fields.u32() as i32);
    if black & white != 0 || (black | white) & !BOARD != 0 {
        return Err(LineError::BadRecord("marbles overlap or lie off the board"));
    }
    let lost = [lost & 15, lost >> 4];
    let too_many =
        |stones: u64, lost: u8| stones.count_ones() + u32::from(lost) > u32::from(MARBLES_PER_SIDE);
    let both_lost = lost.iter().all(|&n| n >= LOSING_LOST);
    if too_many(black, lost[0]) || too_many(white, lost[1]) || both_lost {
        return Err(LineError::BadRecord("marble counts no game reaches"));
    }
    let side = if flags & 1 == 0 {
        Colour::Black
    } else {
        Colour::White
    };
    let result = match flags >> 1 {
        0 => Wdl::Loss,
        1 => Wdl::Draw,
        2 => Wdl::Win,
        _ => return Err(LineError::BadRecord("no such result")),
    };
    if plies > MAX_PLY_COUNT {
        return Err(LineError::BadRecord(
            "more plies than a position string allows",
        ));
    }
    Ok(Line::Sample(Sample {
        position: Position::from_parts(black, white, side, lost, plies),
        result,
        score,
    }))
}

/// Little-endian fields taken from the front of a record's body, whose length was checked.
struct Fields<'a>(&'a [u8]);

impl Fields<'_> {
    fn take<const N: usize>(&mut self) -> [u8; N] {
        let (head, rest) = self.0.split_at(N);
        self.0 = rest;
        head.try_into().unwrap_or([0; N])
    }
    fn u8(&mut self) -> u8 {
        self.take::<1>()[0]
    }
    fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.take())
    }
    fn u64(&mut self) -> u64 {
        u64::from_le_bytes(self.take())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_back(bytes: &[u8]) -> Result<Line, LineError> {
        record(bytes[0], &bytes[1..])
    }

    #[test]
    fn records_read_back_as_written() {
        let position: Position = "5/6/2www2/2wbbw2/2bwwbb2/2bbww2/7/6/5 w 4 4 60"
            .parse()
            .unwrap();
        for (result, score) in [(Wdl::Loss, -31), (Wdl::Draw, 0), (Wdl::Win, 70_000)] {
            let sample = Sample {
                position,
                result,
                score,
            };
            let mut bytes = Vec::new();
            put_sample(&sample, &mut bytes);
            assert_eq!(bytes.len(), 1 + POSITION_BODY);
            assert_eq!(read_back(&bytes), Ok(Line::Sample(sample)));
        }
        for (layout, winner) in [
            (Layout::Standard, None),
            (Layout::BelgianDaisy, Some(Colour::Black)),
            (Layout::GermanDaisy, Some(Colour::White)),
        ] {
            let game = GameLine {
                index: 1 << 40,
                layout,
                winner,
                plies: 117,
                positions: 80,
            };
            let mut bytes = Vec::new();
            put_game(&game, &mut bytes);
            assert_eq!(bytes.len(), 1 + GAME_BODY);
            assert_eq!(read_back(&bytes), Ok(Line::Game(game)));
        }
    }

    #[test]
    fn damaged_records_are_refused_with_a_reason() {
        let sample = Sample {
            position: Layout::Standard.position(),
            result: Wdl::Win,
            score: 5,
        };
        let mut good = Vec::new();
        put_sample(&sample, &mut good);
        let damaged = |at: usize, value: u8| {
            let mut bytes = good.clone();
            bytes[at] = value;
            read_back(&bytes).unwrap_err().to_string()
        };
        // Byte 1 is the lowest of Black's; byte 9 White's: a white marble on a black one.
        let black_low = good[1];
        assert_eq!(
            damaged(9, black_low),
            "bad record: marbles overlap or lie off the board"
        );
        // Bit 63 (the top bit of the last byte of Black's marbles) is no cell.
        assert_eq!(
            damaged(8, 0x80),
            "bad record: marbles overlap or lie off the board"
        );
        assert_eq!(damaged(17, 6), "bad record: no such result");
        assert_eq!(
            damaged(18, 0x11),
            "bad record: marble counts no game reaches"
        );
        assert_eq!(damaged(0, b'x'), "bad record tag 0x78");
        assert_eq!(
            record(POSITION, &good[1..10]).unwrap_err().to_string(),
            "bad record: cut short"
        );
        let mut game = Vec::new();
        put_game(
            &GameLine {
                index: 3,
                layout: Layout::Standard,
                winner: None,
                plies: 9,
                positions: 0,
            },
            &mut game,
        );
        let mut bad_layout = game.clone();
        bad_layout[9] = 3;
        assert_eq!(
            read_back(&bad_layout).unwrap_err().to_string(),
            "bad record: no such layout"
        );
        game[10] = 3;
        assert_eq!(
            read_back(&game).unwrap_err().to_string(),
            "bad record: no such result"
        );
    }
}
