//! Cells of the hexagonal board and their names.
//!
//! A cell is identified by its bit index in a bitboard, a `u64` holding a set of cells (as
//! [`BOARD`](super::BOARD) does). The 61 cells are laid out row by row (`a` at the bottom), each
//! row starting at [`ROW_START`] plus the absolute column index. The three spare bits (5, 57, 63)
//! are chosen so that moving one row up is a shift by only three distinct amounts, which keeps
//! the directional shifts cheap.

use std::fmt;
use std::str::FromStr;

/// Number of rows (and of columns) on the board.
pub const SIDE: usize = 9;

/// Bit index of column 0 of each row; a row's cells are `ROW_START[r] + c` for its valid columns.
pub const ROW_START: [u8; SIDE] = [0, 6, 12, 19, 27, 35, 42, 48, 54];

/// Number of cells on the board.
pub const CELL_COUNT: usize = 61;

/// Is (row, column), both 0-based, a cell of the board?
pub const fn on_board(row: i32, col: i32) -> bool {
    row >= 0 && row < SIDE as i32 && col >= 0 && col < SIDE as i32 && (row - col).abs() <= 4
}

/// One of the 61 cells, stored as its bit index.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Cell(u8);

impl Cell {
    /// The centre of the board, e5.
    pub const CENTRE: Cell = Cell::from_coords(4, 4);

    /// The cell at 0-based (row, column), which must be on the board.
    pub const fn from_coords(row: i32, col: i32) -> Cell {
        assert!(on_board(row, col));
        Cell(ROW_START[row as usize] + col as u8)
    }

    /// The cell at 0-based (row, column), or `None` off the board.
    pub const fn new(row: i32, col: i32) -> Option<Cell> {
        if on_board(row, col) {
            Some(Cell::from_coords(row, col))
        } else {
            None
        }
    }

    /// The cell with this bit index, if the index names a cell.
    pub const fn from_index(index: u8) -> Option<Cell> {
        if index < 64 && ROW_OF[index as usize] != u8::MAX {
            Some(Cell(index))
        } else {
            None
        }
    }

    /// Bit index in a bitboard.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The bitboard holding only this cell.
    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// 0-based row: 0 is `a`, 8 is `i`.
    #[inline]
    pub const fn row(self) -> i32 {
        ROW_OF[self.0 as usize] as i32
    }

    /// 0-based column: 0 is column 1.
    #[inline]
    pub const fn col(self) -> i32 {
        self.0 as i32 - ROW_START[self.row() as usize] as i32
    }

    /// Number of single steps from this cell to `other` (0 to 8).
    pub const fn distance(self, other: Cell) -> u32 {
        let dr = other.row() - self.row();
        let dc = other.col() - self.col();
        // On this axial grid the steps are (0,±1), (±1,0) and ±(1,1).
        if (dr >= 0) == (dc >= 0) {
            let (a, b) = (dr.unsigned_abs(), dc.unsigned_abs());
            if a > b { a } else { b }
        } else {
            dr.unsigned_abs() + dc.unsigned_abs()
        }
    }

    /// Number of single steps from this cell to the centre e5 (0 to 4).
    pub const fn distance_to_centre(self) -> u32 {
        self.distance(Cell::CENTRE)
    }

    /// All cells in ascending bit order (a1, a2, …, i9).
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..64u8).filter_map(Cell::from_index)
    }
}

/// Row of each bit index, `u8::MAX` for the spare bits.
const ROW_OF: [u8; 64] = {
    let mut table = [u8::MAX; 64];
    let mut row = 0;
    while row < SIDE {
        let mut col = 0;
        while col < SIDE {
            if on_board(row as i32, col as i32) {
                table[(ROW_START[row] as usize) + col] = row as u8;
            }
            col += 1;
        }
        row += 1;
    }
    table
};

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let row = (b'a' + self.row() as u8) as char;
        write!(f, "{}{}", row, self.col() + 1)
    }
}

/// Why a cell name could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown cell '{0}'")]
pub struct UnknownCell(pub String);

impl FromStr for Cell {
    type Err = UnknownCell;

    /// Reads a name such as `e5` or `E5`.
    fn from_str(s: &str) -> Result<Cell, UnknownCell> {
        let bytes = s.as_bytes();
        if bytes.len() != 2 {
            return Err(UnknownCell(s.to_string()));
        }
        let row = bytes[0].to_ascii_lowercase().wrapping_sub(b'a') as i32;
        let col = bytes[1].wrapping_sub(b'1') as i32;
        Cell::new(row, col).ok_or_else(|| UnknownCell(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixty_one_distinct_cells_that_name_round_trip() {
        let cells: Vec<Cell> = Cell::all().collect();
        assert_eq!(cells.len(), CELL_COUNT);
        for cell in cells {
            let name = cell.to_string();
            assert_eq!(name.parse::<Cell>(), Ok(cell));
            assert_eq!(name.to_uppercase().parse::<Cell>(), Ok(cell));
        }
    }

    #[test]
    fn names_follow_the_rules() {
        assert_eq!(Cell::from_coords(0, 0).to_string(), "a1");
        assert_eq!(Cell::CENTRE.to_string(), "e5");
        assert_eq!(Cell::from_coords(8, 8).to_string(), "i9");
        for bad in ["a6", "i4", "j1", "e0", "", "e10", "f1"] {
            assert!(bad.parse::<Cell>().is_err(), "{bad}");
        }
    }

    #[test]
    fn distance_to_centre_is_a_hex_distance() {
        assert_eq!(Cell::CENTRE.distance_to_centre(), 0);
        for name in ["a1", "a5", "e1", "e9", "i5", "i9", "b3"] {
            let expected = if name == "b3" { 3 } else { 4 };
            assert_eq!(
                name.parse::<Cell>().unwrap().distance_to_centre(),
                expected,
                "{name}"
            );
        }
    }
}
