//! Position strings of three to six players (PROTOCOL.md, "Three to six players").
//!
//! `5/6/7/8/9/8/7/6/5 r 2/0x/1 57`: the board as in two-player strings with a letter per seat
//! (`b w r g y u`), the seat to move, then the marbles each seat has ejected separated by `/`
//! (their number is the number of seats; `x` marks a seat that has left), then the plies played
//! (by default 0). A two-player string never has a `/` in its third field, so the two forms
//! cannot be confused.

use super::layout::MultiLayout;
use super::position::MultiPosition;
use super::zobrist::MAX_EJECTED;
use crate::board::{BOARD, Cell, LOSING_LOST, MAX_PLY_COUNT, board_field};
use crate::board::{MAX_SEATS, Seat, Seating};
use std::fmt;
use std::str::FromStr;

/// What is wrong with an N-seat position string.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MultiPositionError {
    /// Not 3 or 4 fields.
    #[error("expected 3 or 4 fields (board, seat to move, ejected counts a/b/c, plies), found {0}")]
    FieldCount(usize),
    /// The board field does not have nine rows.
    #[error("expected 9 rows separated by '/', found {0}")]
    RowCount(usize),
    /// A row holds more or fewer cells than the board has in that row.
    #[error("row {row}: the text covers {found} cells, the row has {expected}")]
    RowLength {
        /// The row's letter.
        row: char,
        /// Cells covered.
        found: usize,
        /// Cells in the row.
        expected: usize,
    },
    /// A character that is neither a seat's letter nor a digit 1-9.
    #[error("row {row}: bad character '{}' (expected a seat letter b w r g y u or a digit 1-9)", .found.escape_default())]
    BadCharacter {
        /// The row's letter.
        row: char,
        /// The character.
        found: char,
    },
    /// A marble of a seat the game does not have.
    #[error("row {row}: '{letter}' is a seat beyond the {seats} of this game")]
    NoSuchSeat {
        /// The row's letter.
        row: char,
        /// The seat's letter.
        letter: char,
        /// Seats in the game.
        seats: usize,
    },
    /// 3 to 6 counts are needed.
    #[error("expected 3 to 6 ejected counts separated by '/' (one per seat), found {0}")]
    SeatCount(usize),
    /// The side to move is not a seat of the game, or has left.
    #[error("the seat to move must be the letter of a seat in play, found '{0}'")]
    BadSide(String),
    /// A count or the plies is not a number in range.
    #[error("{field}: '{found}' is not a number in range")]
    BadNumber {
        /// Which field.
        field: &'static str,
        /// As written.
        found: String,
    },
    /// More marbles of a seat than its layout starts with.
    #[error("{seat} has {on_board} marbles on the board, more than the {start} it starts with")]
    TooManyMarbles {
        /// The seat.
        seat: Seat,
        /// On the board.
        on_board: u32,
        /// At the start of the layout.
        start: u32,
    },
    /// More marbles ejected than are missing from the board.
    #[error("{ejected} marbles ejected in all, but only {missing} are missing from the board")]
    TooManyEjected {
        /// The counts' sum.
        ejected: u32,
        /// Start marbles less those on the board.
        missing: u32,
    },
    /// Two teams with six ejected, which no game reaches.
    #[error("two teams have ejected six marbles")]
    TwoWinners,
    /// Marbles given as bitboards overlap, lie off the board or belong to no seat of the game
    /// (a position string cannot say so; a binary record can).
    #[error("marbles overlap, lie off the board or belong to no seat")]
    BadMarbles,
    /// Seats beyond the game's, or all of them, have left.
    #[error("the seats that have left are not seats of the game")]
    BadLeft,
}

impl FromStr for MultiPosition {
    type Err = MultiPositionError;

    fn from_str(s: &str) -> Result<MultiPosition, MultiPositionError> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        if !(3..=4).contains(&fields.len()) {
            return Err(MultiPositionError::FieldCount(fields.len()));
        }
        let counts: Vec<&str> = fields[2].split('/').collect();
        let seating =
            Seating::new(counts.len()).ok_or(MultiPositionError::SeatCount(counts.len()))?;
        let stones = read_board(fields[0], seating)?;
        let mut ejected = [0u8; MAX_SEATS];
        let mut left = 0u8;
        for (seat, text) in seating.all().zip(&counts) {
            let number = match text.strip_suffix(['x', 'X']) {
                Some(number) => {
                    left |= seat.bit();
                    number
                }
                None => text,
            };
            ejected[seat.index()] = parse_number("ejected", number, MAX_EJECTED as u32)? as u8;
        }
        let to_move = fields[1]
            .chars()
            .next()
            .filter(|_| fields[1].len() == 1)
            .and_then(Seat::from_letter)
            .filter(|seat| seat.index() < seating.seats() && left & seat.bit() == 0)
            .ok_or_else(|| MultiPositionError::BadSide(fields[1].chars().take(20).collect()))?;
        let plies = match fields.get(3) {
            Some(text) => parse_number("plies", text, MAX_PLY_COUNT)?,
            None => 0,
        };
        MultiPosition::checked(seating, stones, to_move, ejected, left, plies)
    }
}

impl MultiPosition {
    /// A position from its parts, checked as a position string's are: for parts read from
    /// elsewhere (a binary data record), which [`MultiPosition::from_parts`] takes on trust.
    pub fn checked(
        seating: Seating,
        stones: [u64; MAX_SEATS],
        to_move: Seat,
        ejected: [u8; MAX_SEATS],
        left: u8,
        plies: u32,
    ) -> Result<MultiPosition, MultiPositionError> {
        let seats = seating.seats();
        let mut seen = 0u64;
        for (index, &bits) in stones.iter().enumerate() {
            if bits & seen != 0 || bits & !BOARD != 0 || (index >= seats && bits != 0) {
                return Err(MultiPositionError::BadMarbles);
            }
            seen |= bits;
        }
        let all = (1u8 << seats) - 1;
        if left & !all != 0 || left == all {
            return Err(MultiPositionError::BadLeft);
        }
        if to_move.index() >= seats || left & to_move.bit() != 0 {
            return Err(MultiPositionError::BadSide(to_move.letter().to_string()));
        }
        let beyond = ejected[seats..].iter().any(|&n| n != 0);
        if beyond || ejected.iter().any(|&n| n as usize > MAX_EJECTED) {
            let found = ejected
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join("/");
            return Err(MultiPositionError::BadNumber {
                field: "ejected",
                found,
            });
        }
        if plies > MAX_PLY_COUNT {
            let found = plies.to_string();
            return Err(MultiPositionError::BadNumber {
                field: "plies",
                found,
            });
        }
        check_counts(seating, &stones, &ejected)?;
        Ok(MultiPosition::from_parts(
            seating, stones, to_move, ejected, left, plies,
        ))
    }
}

/// Reads the board field: nine rows from `i` down to `a`.
fn read_board(field: &str, seating: Seating) -> Result<[u64; MAX_SEATS], MultiPositionError> {
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != 9 {
        return Err(MultiPositionError::RowCount(rows.len()));
    }
    let mut stones = [0u64; MAX_SEATS];
    for (i, text) in rows.iter().enumerate() {
        let row = 8 - i as i32;
        let name = (b'a' + row as u8) as char;
        let first_col = (row - 4).max(0);
        let expected = (9 - (row - 4).unsigned_abs()) as usize;
        let mut col = first_col;
        for ch in text.chars() {
            if let Some(run) = ch.to_digit(10).filter(|&n| n > 0) {
                col += run as i32;
                continue;
            }
            let seat = Seat::from_letter(ch).ok_or(MultiPositionError::BadCharacter {
                row: name,
                found: ch,
            })?;
            if seat.index() >= seating.seats() {
                let (letter, seats) = (seat.letter(), seating.seats());
                return Err(MultiPositionError::NoSuchSeat {
                    row: name,
                    letter,
                    seats,
                });
            }
            if let Some(cell) = Cell::new(row, col) {
                stones[seat.index()] |= cell.bit();
            }
            col += 1;
        }
        let found = (col - first_col) as usize;
        if found != expected {
            return Err(MultiPositionError::RowLength {
                row: name,
                found,
                expected,
            });
        }
    }
    Ok(stones)
}

/// Checks the marble counts against the layout of as many seats: no seat has more marbles than
/// it starts with, no more are ejected than are missing, and one team at most has six.
fn check_counts(
    seating: Seating,
    stones: &[u64; MAX_SEATS],
    ejected: &[u8; MAX_SEATS],
) -> Result<(), MultiPositionError> {
    let layout = MultiLayout::for_seats(seating.seats()).ok_or(MultiPositionError::SeatCount(0))?;
    let mut missing = 0;
    for seat in seating.all() {
        let on_board = stones[seat.index()].count_ones();
        let start = layout.seat_cells(seat).count_ones();
        if on_board > start {
            return Err(MultiPositionError::TooManyMarbles {
                seat,
                on_board,
                start,
            });
        }
        missing += start - on_board;
    }
    let total: u32 = ejected.iter().map(|&n| n as u32).sum();
    if total > missing {
        return Err(MultiPositionError::TooManyEjected {
            ejected: total,
            missing,
        });
    }
    let winners = (0..seating.teams())
        .filter(|&team| {
            let team_total: u32 = seating
                .all()
                .filter(|s| seating.team(*s) == team)
                .map(|s| ejected[s.index()] as u32)
                .sum();
            team_total >= LOSING_LOST as u32
        })
        .count();
    if winners > 1 {
        return Err(MultiPositionError::TwoWinners);
    }
    Ok(())
}

fn parse_number(field: &'static str, text: &str, max: u32) -> Result<u32, MultiPositionError> {
    match text.parse::<u32>() {
        Ok(n) if n <= max => Ok(n),
        _ => Err(MultiPositionError::BadNumber {
            field,
            found: text.chars().take(20).collect(),
        }),
    }
}

impl fmt::Display for MultiPosition {
    /// The position string, always with all four fields; plies past [`MAX_PLY_COUNT`] are
    /// written as the limit, so that the string can be read back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = board_field(|cell| self.seat_at(cell.bit()).map(|seat| seat.letter()));
        let counts: Vec<String> = self
            .seating()
            .all()
            .map(|seat| {
                let mark = if self.has_left(seat) { "x" } else { "" };
                format!("{}{mark}", self.ejected(seat))
            })
            .collect();
        write!(
            f,
            "{text} {} {} {}",
            self.side_to_move().letter(),
            counts.join("/"),
            self.plies().min(MAX_PLY_COUNT)
        )
    }
}
