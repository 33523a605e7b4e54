//! Drawing the board as a hexagon with its coordinates, for the protocol's `d` and for play in
//! the terminal.

use super::cell::{Cell, SIDE};
use super::colour::Colour;
use super::position::Position;
use super::seat::{MAX_SEATS, Seat};

/// How marbles are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Plain ASCII: `b` and `w` for marbles, `.` for empty cells.
    Ascii,
    /// ANSI colours: a dark and a light disc.
    Ansi,
}

/// The board, rows `i` at the top to `a` at the bottom, with row letters on the left and the
/// column numbers along the lower edges, where each column ends.
///
/// ```text
///     I w w w w w
///    H w w w w w w
///   G . . w w w . .
///  F . . . . . . . .
/// E . . . . . . . . .
///  D . . . . . . . . 9
///   C . . b b b . . 8
///    B b b b b b b 7
///     A b b b b b 6
///        1 2 3 4 5
/// ```
pub fn render(position: &Position, style: Style) -> String {
    render_cells(|cell| marble(position, cell, style))
}

/// The board drawn as [`render`] draws it, with `marble` giving each cell's text: the drawing
/// of positions of any number of players.
pub fn render_cells<M: std::fmt::Display>(marble: impl Fn(Cell) -> M) -> String {
    let mut text = String::new();
    for row in (0..SIDE as i32).rev() {
        let indent = (row - 4).unsigned_abs() as usize;
        text.push_str(&" ".repeat(indent));
        text.push((b'A' + row as u8) as char);
        for col in 0..SIDE as i32 {
            let Some(cell) = Cell::new(row, col) else {
                continue;
            };
            text.push(' ');
            text.push_str(&marble(cell).to_string());
        }
        // Columns 6 to 9 end at the right of rows a to d.
        if row < 4 {
            text.push_str(&format!(" {}", row + 6));
        }
        text.push('\n');
    }
    text.push_str(&" ".repeat(7));
    text.push_str("1 2 3 4 5\n");
    text
}

/// The ANSI colours of seats 1 to 6 (bold): grey, white, red, green, yellow, blue.
const SEAT_COLOURS: [&str; MAX_SEATS] = ["90", "97", "31", "32", "33", "34"];

/// A board of three to six players, drawn as [`render`] draws it: each marble as its seat's
/// letter (`b w r g y u`), in the seat's colour with [`Style::Ansi`]. `seat_at` says whose
/// marble is on a cell.
pub fn render_seats(seat_at: impl Fn(Cell) -> Option<Seat>, style: Style) -> String {
    render_cells(|cell| match (seat_at(cell), style) {
        (None, _) => ".".to_string(),
        (Some(seat), Style::Ascii) => seat.letter().to_string(),
        (Some(seat), Style::Ansi) => format!(
            "\x1b[1;{}m{}\x1b[0m",
            SEAT_COLOURS[seat.index()],
            seat.letter()
        ),
    })
}

/// A cell of a two-player board: with [`Style::Ansi`] a dark disc for Black and a light one
/// for White, in the colours of their seats on the boards of more players.
fn marble(position: &Position, cell: Cell, style: Style) -> String {
    let colour = Colour::BOTH
        .into_iter()
        .find(|&c| position.stones(c) & cell.bit() != 0);
    match (colour, style) {
        (None, _) => ".".to_string(),
        (Some(colour), Style::Ascii) => colour.letter().to_string(),
        (Some(colour), Style::Ansi) => {
            let disc = if colour == Colour::Black {
                '●'
            } else {
                '○'
            };
            format!("\x1b[1;{}m{disc}\x1b[0m", SEAT_COLOURS[colour.index()])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_boards_draw_black_dark_and_white_light() {
        let board = render(&Position::startpos(), Style::Ansi);
        // Bright black (grey) for Black, bright white for White: not blue and yellow.
        assert_eq!(board.matches("\x1b[1;90m●\x1b[0m").count(), 14);
        assert_eq!(board.matches("\x1b[1;97m○\x1b[0m").count(), 14);
        assert!(!board.contains("\x1b[1;34m") && !board.contains("\x1b[1;33m"));
    }

    #[test]
    fn the_start_is_drawn_as_in_the_doc_comment() {
        let expected = "    I w w w w w\n   H w w w w w w\n  G . . w w w . .\n F . . . . . . . .\nE . . . . . . . . .\n D . . . . . . . . 9\n  C . . b b b . . 8\n   B b b b b b b 7\n    A b b b b b 6\n       1 2 3 4 5\n";
        assert_eq!(render(&Position::startpos(), Style::Ascii), expected);
    }

    #[test]
    fn each_column_number_sits_below_the_end_of_its_column() {
        // Cell (row, c) is drawn at text column 6 - row + 2c; the label one row below the
        // column's lowest cell continues that diagonal.
        let text = render(&Position::startpos(), Style::Ascii);
        let lines: Vec<&str> = text.lines().collect();
        for col in 0..9i32 {
            let lowest_row = (col - 4).max(0);
            let x = (6 - (lowest_row - 1) + 2 * col) as usize;
            let label_line = lines[(8 - lowest_row + 1) as usize];
            let label = (b'1' + col as u8) as char;
            assert_eq!(
                label_line.as_bytes().get(x).map(|&b| b as char),
                Some(label),
                "column {}",
                col + 1
            );
        }
    }

    #[test]
    fn seats_are_drawn_by_letter_and_in_colour() {
        let seat = |index: usize| Seat::new(index);
        let only = |cell: Cell| match cell.to_string().as_str() {
            "a1" => seat(2),
            "i9" => seat(5),
            _ => None,
        };
        let plain = render_seats(only, Style::Ascii);
        assert!(plain.contains("    A r . . . . 6\n"), "{plain}");
        assert!(plain.contains("    I . . . . u\n"), "{plain}");
        let ansi = render_seats(only, Style::Ansi);
        assert!(ansi.contains("A \x1b[1;31mr\x1b[0m ."), "{ansi}");
        assert!(ansi.contains(". \x1b[1;34mu\x1b[0m\n"), "{ansi}");
    }
}
