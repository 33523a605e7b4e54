//! Position strings: the text form in which GUIs, match runners and tests exchange positions.
//!
//! `wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 0 0`: the rows from `i` down to `a`, each from
//! its lowest column up, `b` and `w` for marbles and a digit for a run of empty cells; then the
//! side to move; then optionally the marbles lost by Black and by White (by default 14 minus the
//! marbles on the board) and the plies played (by default 0).

use super::cell::{Cell, SIDE, on_board};
use super::colour::Colour;
use super::position::{MARBLES_PER_SIDE, Position};
use std::fmt;
use std::str::FromStr;

/// What is wrong with a position string.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionStringError {
    /// The string is empty or has more than five fields.
    #[error("expected 2 to 5 fields (board, side, lost black, lost white, plies), found {0}")]
    FieldCount(usize),
    /// The board field does not have nine rows.
    #[error("expected 9 rows separated by '/', found {0}")]
    RowCount(usize),
    /// A row holds more or fewer cells than the board has in that row.
    #[error(
        "row {row}: {} cells ({found}, the row has {expected})",
        too_many_or_few(*.found, *.expected)
    )]
    RowLength {
        /// The row's letter, `a` to `i`.
        row: char,
        /// The cells the row's text covers.
        found: usize,
        /// The cells the board has in that row.
        expected: usize,
    },
    /// A character that is neither `b`, `w` nor a digit 1-9.
    #[error(
        "row {row}: bad character '{}' (expected b, w or a digit 1-9)",
        .found.escape_default()
    )]
    BadCharacter {
        /// The row's letter, `a` to `i`.
        row: char,
        /// The character.
        found: char,
    },
    /// The side to move is not `b` or `w`.
    #[error("side to move must be b or w, found '{0}'")]
    BadSide(String),
    /// A count field is not a number in range.
    #[error("{field}: '{found}' is not a number in range")]
    BadNumber {
        /// Which field: `lost black`, `lost white` or `plies`.
        field: &'static str,
        /// The field as written.
        found: String,
    },
    /// More than 14 marbles of one colour, counting those on the board and those lost.
    #[error("{colour} has {on_board} marbles on the board and {lost} lost, more than 14")]
    TooManyMarbles {
        /// The colour with too many.
        colour: Colour,
        /// Its marbles on the board.
        on_board: u32,
        /// Its marbles lost, as the string says.
        lost: u32,
    },
    /// Fewer than 14 marbles of one colour in all: a composed position, which the GUI refuses
    /// (see [`check_game_counts`]).
    #[error(
        "{colour} has {on_board} marbles on the board and {lost} lost, {} in all: a game keeps \
         all 14 of each colour, on the board or lost, so none reaches this position",
        on_board + lost
    )]
    TooFewMarbles {
        /// The colour.
        colour: Colour,
        /// Its marbles on the board.
        on_board: u32,
        /// Its marbles lost, as the string says.
        lost: u32,
    },
    /// Both sides have lost six or more, which no game can reach.
    #[error("both sides have lost six marbles")]
    BothLost,
    /// A position string of three to six players (per-seat counts in its third field) where a
    /// two-player one is wanted.
    #[error(
        "this is a position of three to six players (its third field holds per-seat counts); \
         a two-player position is wanted here"
    )]
    MultiPlayer,
}

/// How a row's length is wrong: `too many` cells or `too few`.
fn too_many_or_few(found: usize, expected: usize) -> &'static str {
    if found > expected {
        "too many"
    } else {
        "too few"
    }
}

/// Most plies a position string may claim; far beyond any real game, small enough for `u32`
/// arithmetic anywhere.
pub const MAX_PLY_COUNT: u32 = 1_000_000;

impl FromStr for Position {
    type Err = PositionStringError;

    fn from_str(s: &str) -> Result<Position, PositionStringError> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        if !(2..=5).contains(&fields.len()) {
            return Err(PositionStringError::FieldCount(fields.len()));
        }
        if fields.get(2).is_some_and(|field| field.contains('/')) {
            return Err(PositionStringError::MultiPlayer);
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != SIDE {
            return Err(PositionStringError::RowCount(rows.len()));
        }
        let mut stones = [0u64; 2];
        for (i, text) in rows.iter().enumerate() {
            let row = (SIDE - 1 - i) as i32;
            let name = (b'a' + row as u8) as char;
            let first_col = (row - 4).max(0);
            let expected = (9 - (row - 4).unsigned_abs()) as usize;
            let mut col = first_col;
            for ch in text.chars() {
                let run = match ch {
                    '1'..='9' => ch as i32 - '0' as i32,
                    _ => {
                        let colour =
                            Colour::from_letter(ch).ok_or(PositionStringError::BadCharacter {
                                row: name,
                                found: ch,
                            })?;
                        if on_board(row, col) {
                            stones[colour.index()] |= Cell::from_coords(row, col).bit();
                        }
                        1
                    }
                };
                col += run;
            }
            let found = (col - first_col) as usize;
            if found != expected {
                return Err(PositionStringError::RowLength {
                    row: name,
                    found,
                    expected,
                });
            }
        }
        let side = fields[1];
        let side_to_move = match side {
            "b" | "B" => Colour::Black,
            "w" | "W" => Colour::White,
            _ => return Err(PositionStringError::BadSide(side.to_string())),
        };
        let mut lost = [0u8; 2];
        for colour in Colour::BOTH {
            let on_board = stones[colour.index()].count_ones();
            let field = ["lost black", "lost white"][colour.index()];
            let count = match fields.get(2 + colour.index()) {
                Some(text) => parse_number(field, text, MARBLES_PER_SIDE as u32)?,
                None => (MARBLES_PER_SIDE as u32).saturating_sub(on_board),
            };
            if on_board + count > MARBLES_PER_SIDE as u32 {
                return Err(PositionStringError::TooManyMarbles {
                    colour,
                    on_board,
                    lost: count,
                });
            }
            lost[colour.index()] = count as u8;
        }
        if lost.iter().all(|&n| n >= super::position::LOSING_LOST) {
            return Err(PositionStringError::BothLost);
        }
        let plies = match fields.get(4) {
            Some(text) => parse_number("plies", text, MAX_PLY_COUNT)?,
            None => 0,
        };
        Ok(Position::from_parts(
            stones[0],
            stones[1],
            side_to_move,
            lost,
            plies,
        ))
    }
}

fn parse_number(field: &'static str, text: &str, max: u32) -> Result<u32, PositionStringError> {
    match text.parse::<u32>() {
        Ok(n) if n <= max => Ok(n),
        _ => {
            // Quoted whole up to 20 characters; a longer text is cut, and says so.
            let mut found: String = text.chars().take(20).collect();
            if text.chars().nth(20).is_some() {
                found.push('…');
            }
            Err(PositionStringError::BadNumber { field, found })
        }
    }
}

impl fmt::Display for Position {
    /// The position string, always with all five fields.
    /// A ply count past [`MAX_PLY_COUNT`] (moves played after a string at the limit) is
    /// written as the limit, so that the string can be read back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = board_field(|cell| {
            Colour::BOTH
                .into_iter()
                .find(|&c| self.stones(c) & cell.bit() != 0)
                .map(Colour::letter)
        });
        write!(
            f,
            "{text} {} {} {} {}",
            self.side_to_move().letter(),
            self.lost(Colour::Black),
            self.lost(Colour::White),
            self.plies().min(MAX_PLY_COUNT)
        )
    }
}

/// The board field of a position string, `letter` giving each cell's marble: the rows from `i`
/// down to `a`, each from its lowest column, a digit for a run of empty cells. Shared by the
/// strings of two and of three to six players.
pub fn board_field(letter: impl Fn(Cell) -> Option<char>) -> String {
    let mut text = String::with_capacity(64);
    for row in (0..SIDE as i32).rev() {
        let mut empties = 0;
        for col in 0..SIDE as i32 {
            let Some(cell) = Cell::new(row, col) else {
                continue;
            };
            match letter(cell) {
                Some(letter) => {
                    if empties > 0 {
                        text.push(char::from(b'0' + empties));
                        empties = 0;
                    }
                    text.push(letter);
                }
                None => empties += 1,
            }
        }
        if empties > 0 {
            text.push(char::from(b'0' + empties));
        }
        if row > 0 {
            text.push('/');
        }
    }
    text
}

/// Checks that a game can have reached `position` by its marble counts: every colour's marbles
/// on the board and lost make 14. The parser also takes composed positions with fewer (test
/// suites and puzzles need them); what people set up as the start of a game is held to this.
pub fn check_game_counts(position: &Position) -> Result<(), PositionStringError> {
    for colour in Colour::BOTH {
        let on_board = position.stones(colour).count_ones();
        let lost = u32::from(position.lost(colour));
        if on_board + lost < MARBLES_PER_SIDE as u32 {
            return Err(PositionStringError::TooFewMarbles {
                colour,
                on_board,
                lost,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 0 0";

    #[test]
    fn the_standard_start_round_trips() {
        let position: Position = START.parse().unwrap();
        assert_eq!(position.to_string(), START);
        assert_eq!(position.stones(Colour::Black).count_ones(), 14);
        assert_eq!(position.side_to_move(), Colour::Black);
    }

    #[test]
    fn composed_positions_parse_but_fail_the_game_count_check() {
        let composed: Position = "5/6/7/8/4w4/3bb3/7/6/5 b 5 5 40".parse().unwrap();
        let error = check_game_counts(&composed).unwrap_err().to_string();
        assert!(
            error.contains("2 marbles on the board and 5 lost, 7 in all"),
            "{error}"
        );
        assert!(check_game_counts(&crate::board::Layout::Standard.position()).is_ok());
        // Counts left out default to 14 minus the board: always a game's count.
        let defaulted: Position = "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbb1 w"
            .parse()
            .unwrap();
        assert!(check_game_counts(&defaulted).is_ok());
    }

    #[test]
    fn missing_counts_default_from_the_marbles_on_the_board() {
        let position: Position = "wwwww/wwwww1/2www2/8/9/8/2bbb2/bbbbbb/2bbb w"
            .parse()
            .unwrap();
        assert_eq!(position.lost(Colour::Black), 2);
        assert_eq!(position.lost(Colour::White), 1);
        assert_eq!(position.plies(), 0);
        assert_eq!(position.side_to_move(), Colour::White);
    }

    #[test]
    fn errors_say_what_and_where() {
        let cases = [
            ("", PositionStringError::FieldCount(0)),
            ("5/6/7/8/9/8/7/6 b", PositionStringError::RowCount(8)),
            (
                "6/6/7/8/9/8/7/6/5 b",
                PositionStringError::RowLength {
                    row: 'i',
                    found: 6,
                    expected: 5,
                },
            ),
            (
                "5/6/7/8/9/8/7/6/4 b",
                PositionStringError::RowLength {
                    row: 'a',
                    found: 4,
                    expected: 5,
                },
            ),
            (
                "5/6/7/8/9/8/7/6/4x b",
                PositionStringError::BadCharacter {
                    row: 'a',
                    found: 'x',
                },
            ),
            (
                "5/6/7/8/9/8/7/6/5 x",
                PositionStringError::BadSide("x".into()),
            ),
            (
                "5/6/7/8/9/8/7/6/5 b 99",
                PositionStringError::BadNumber {
                    field: "lost black",
                    found: "99".into(),
                },
            ),
            (
                "5/6/7/8/9/8/7/6/5 b 0 0 -1",
                PositionStringError::BadNumber {
                    field: "plies",
                    found: "-1".into(),
                },
            ),
            (
                "5/6/7/8/9/8/7/6/5 b 0 0 123456789012345678901234",
                PositionStringError::BadNumber {
                    field: "plies",
                    found: "12345678901234567890…".into(),
                },
            ),
            ("5/6/7/8/9/8/7/6/5 b 6 6", PositionStringError::BothLost),
            (
                "5/6/7/8/9/8/7/6/5 b 0/0/0 0",
                PositionStringError::MultiPlayer,
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(text.parse::<Position>(), Err(expected), "{text}");
        }
        let fifteen = "wwwww/wwwwww/2www2/8/9/8/2bbbb1/bbbbbb/bbbbb b";
        let err = fifteen.parse::<Position>().unwrap_err();
        assert!(matches!(
            err,
            PositionStringError::TooManyMarbles {
                colour: Colour::Black,
                ..
            }
        ));
        assert!(err.to_string().contains("more than 14"));
    }
}
