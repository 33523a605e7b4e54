//! The binary encoding of a data file (docs/datagen.md): the text form's header line behind an
//! eight-byte mark, then its position and game lines as fixed-size little-endian records, a
//! third of the text's size and read without parsing position strings.
//!
//! ```text
//! SUMITODB # sumito datagen 1: --seed 1 …; bench 336966\n
//! 'p' black u64, white u64, flags u8, lost u8, plies u32, score i32        (27 bytes)
//! 'g' index u64, layout u8, winner u8, plies u32, positions u64            (23 bytes)
//! ```
//!
//! Version 2 adds the records of games of three to six players (6 slots, in seat order, 0
//! beyond the layout's seats; layout 0 to 3 is three- to six-player):
//!
//! ```text
//! 'P' layout u8, side u8, left u8, marbles 6 × u64, ejected 6 × u8, ranks 6 × u8,
//!     plies u32, score i32                                                  (72 bytes)
//! 'G' index u64, layout u8, ranks 6 × u8, plies u32, positions u64          (28 bytes)
//! ```

use super::error::LineError;
use super::format::{Ending, GameLine, Line, Sample, Wdl};
use super::seats_sample::{SeatsSample, check_ranks, layout_byte, layout_of};
use sumito_rules::board::{
    BOARD, Colour, LOSING_LOST, Layout, MARBLES_PER_SIDE, MAX_PLY_COUNT, MAX_SEATS, Position, Seat,
};
use sumito_rules::multiplayer::MultiPosition;

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
/// The tag byte of an N-player position record.
const SEATS_POSITION: u8 = b'P';
/// The tag byte of an N-player game record.
const SEATS_GAME: u8 = b'G';
/// An N-player position record's bytes after its tag.
const SEATS_POSITION_BODY: usize = 3 + 8 * MAX_SEATS + 2 * MAX_SEATS + 4 + 4;
/// An N-player game record's bytes after its tag.
const SEATS_GAME_BODY: usize = 8 + 1 + MAX_SEATS + 4 + 8;
/// The longest record's bytes after its tag.
pub const LONGEST_BODY: usize = SEATS_POSITION_BODY;

/// The bytes after the tag of a record starting with `tag`, or why there is no such record.
pub fn body_length(tag: u8) -> Result<usize, LineError> {
    match tag {
        POSITION => Ok(POSITION_BODY),
        GAME => Ok(GAME_BODY),
        SEATS_POSITION => Ok(SEATS_POSITION_BODY),
        SEATS_GAME => Ok(SEATS_GAME_BODY),
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

/// Appends the record of a kept N-player position.
pub fn put_seats_sample(sample: &SeatsSample, out: &mut Vec<u8>) {
    let position = &sample.position;
    let seating = position.seating();
    let layout = sumito_rules::multiplayer::MultiLayout::for_seats(seating.seats());
    out.push(SEATS_POSITION);
    out.push(layout.map_or(0, layout_byte));
    out.push(position.side_to_move().index() as u8);
    out.push(position.left_mask());
    for slot in 0..MAX_SEATS {
        let stones = Seat::new(slot).map_or(0, |seat| position.stones(seat));
        out.extend_from_slice(&stones.to_le_bytes());
    }
    for slot in 0..MAX_SEATS {
        out.push(Seat::new(slot).map_or(0, |seat| position.ejected(seat)));
    }
    out.extend_from_slice(&sample.ranks);
    out.extend_from_slice(&position.plies().to_le_bytes());
    out.extend_from_slice(&sample.score.to_le_bytes());
}

/// Appends the record closing a game.
pub fn put_game(game: &GameLine, out: &mut Vec<u8>) {
    match game.ending {
        Ending::Two { layout, winner } => {
            let layout = Layout::ALL.iter().position(|&l| l == layout);
            let winner = match winner {
                None => 0,
                Some(colour) => 1 + colour.index() as u8,
            };
            out.push(GAME);
            out.extend_from_slice(&game.index.to_le_bytes());
            out.push(layout.unwrap_or(0) as u8);
            out.push(winner);
        }
        Ending::Seats { layout, ranks } => {
            out.push(SEATS_GAME);
            out.extend_from_slice(&game.index.to_le_bytes());
            out.push(layout_byte(layout));
            out.extend_from_slice(&ranks);
        }
    }
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
    match tag {
        GAME | SEATS_GAME => return game_record(tag, &mut fields),
        SEATS_POSITION => return seats_position_record(&mut fields),
        _ => {}
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

/// Reads a game record's body, two-player or N-player.
fn game_record(tag: u8, fields: &mut Fields) -> Result<Line, LineError> {
    let index = fields.u64();
    let layout = fields.u8();
    let ending = if tag == GAME {
        let layout = *Layout::ALL
            .get(layout as usize)
            .ok_or(LineError::BadRecord("no such layout"))?;
        let winner = match fields.u8() {
            0 => None,
            1 => Some(Colour::Black),
            2 => Some(Colour::White),
            _ => return Err(LineError::BadRecord("no such result")),
        };
        Ending::Two { layout, winner }
    } else {
        let layout = layout_of(layout)?;
        let ranks = check_ranks(fields.take(), layout.seating().seats())?;
        Ending::Seats { layout, ranks }
    };
    let (plies, positions) = (fields.u32(), fields.u64());
    Ok(Line::Game(GameLine {
        index,
        ending,
        plies,
        positions,
    }))
}

/// Reads an N-player position record's body, checked as a position string is.
fn seats_position_record(fields: &mut Fields) -> Result<Line, LineError> {
    let seating = layout_of(fields.u8())?.seating();
    let side = Seat::new(fields.u8() as usize).ok_or(LineError::BadRecord("no such seat"))?;
    let left = fields.u8();
    let mut stones = [0u64; MAX_SEATS];
    for slot in &mut stones {
        *slot = fields.u64();
    }
    let ejected: [u8; MAX_SEATS] = fields.take();
    let ranks = check_ranks(fields.take(), seating.seats())?;
    let (plies, score) = (fields.u32(), fields.u32() as i32);
    let position = MultiPosition::checked(seating, stones, side, ejected, left, plies)
        .map_err(LineError::BadSeatsRecord)?;
    Ok(Line::SeatsSample(SeatsSample {
        position,
        ranks,
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
                ending: Ending::Two { layout, winner },
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
                ending: Ending::Two {
                    layout: Layout::Standard,
                    winner: None,
                },
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

    fn seats_sample(layout: sumito_rules::multiplayer::MultiLayout) -> SeatsSample {
        let mut ranks = [0; MAX_SEATS];
        let seats = layout.seating().seats();
        for (seat, rank) in ranks[..seats].iter_mut().enumerate() {
            *rank = 1 + (seat % 2) as u8;
        }
        let mut list = sumito_rules::movegen::MoveList::default();
        let start = layout.position();
        start.legal_moves(&mut list);
        SeatsSample {
            position: start.play(list.as_slice()[0]).with_plies_added(40),
            ranks,
            score: -1234,
        }
    }

    #[test]
    fn n_player_records_read_back_as_written() {
        for layout in sumito_rules::multiplayer::MultiLayout::ALL {
            let sample = seats_sample(layout);
            let mut bytes = Vec::new();
            put_seats_sample(&sample, &mut bytes);
            assert_eq!(bytes.len(), 72);
            assert_eq!(read_back(&bytes), Ok(Line::SeatsSample(sample)));
            let game = GameLine {
                index: 7,
                ending: Ending::Seats {
                    layout,
                    ranks: sample.ranks,
                },
                plies: 201,
                positions: 150,
            };
            let mut bytes = Vec::new();
            put_game(&game, &mut bytes);
            assert_eq!(bytes.len(), 28);
            assert_eq!(read_back(&bytes), Ok(Line::Game(game)));
        }
    }

    #[test]
    fn damaged_n_player_records_are_refused_with_a_reason() {
        let sample = seats_sample(sumito_rules::multiplayer::MultiLayout::ThreePlayer);
        let mut good = Vec::new();
        put_seats_sample(&sample, &mut good);
        let damaged = |at: usize, value: u8| {
            let mut bytes = good.clone();
            bytes[at] = value;
            read_back(&bytes).unwrap_err().to_string()
        };
        // Bytes: tag, layout, side, left, then seat 1's marbles from byte 4, seat 2's from 12,
        // seat 4's (none in three-player games) from 28, ejected from 52, ranks from 58.
        assert_eq!(damaged(1, 4), "bad record: no such layout");
        assert_eq!(damaged(2, 9), "bad record: no such seat");
        assert_eq!(
            damaged(2, 4),
            "bad record: the seat to move must be the letter of a seat in play, found 'y'"
        );
        assert_eq!(
            damaged(3, 7),
            "bad record: the seats that have left are not seats of the game"
        );
        let overlap = good[4];
        assert_eq!(
            damaged(12, overlap),
            "bad record: marbles overlap, lie off the board or belong to no seat"
        );
        assert_eq!(
            damaged(28, 1),
            "bad record: marbles overlap, lie off the board or belong to no seat"
        );
        assert_eq!(
            damaged(52, 5),
            "bad record: 5 marbles ejected in all, but only 0 are missing from the board"
        );
        assert_eq!(damaged(58, 4), "bad record: no such ranks");
        assert_eq!(damaged(61, 1), "bad record: no such ranks");
        assert_eq!(damaged(0, b'Q'), "bad record tag 0x51");
    }
}
