//! Sets of cells as bits of a `u64`, and the fixed masks of the board.

use super::cell::{CELL_COUNT, Cell, SIDE, on_board};

/// Every cell of the board.
pub const BOARD: u64 = {
    let mut bits = 0u64;
    let mut row = 0;
    while row < SIDE as i32 {
        let mut col = 0;
        while col < SIDE as i32 {
            if on_board(row, col) {
                bits |= Cell::from_coords(row, col).bit();
            }
            col += 1;
        }
        row += 1;
    }
    bits
};

const _: () = assert!(BOARD.count_ones() as usize == CELL_COUNT);

/// Cells at each distance (0 to 4) from the centre e5; `RINGS[4]` is the outer edge.
pub const RINGS: [u64; 5] = {
    let mut rings = [0u64; 5];
    let mut index = 0;
    while index < 64 {
        if let Some(cell) = Cell::from_index(index) {
            rings[cell.distance_to_centre() as usize] |= cell.bit();
        }
        index += 1;
    }
    rings
};

/// Cells at each distance (0 to 8) from each cell: `DISTANCE_RINGS[cell index][k]`.
pub const DISTANCE_RINGS: [[u64; 9]; 64] = {
    let mut rings = [[0u64; 9]; 64];
    let mut from = 0;
    while from < 64 {
        if let Some(origin) = Cell::from_index(from) {
            let mut to = 0;
            while to < 64 {
                if let Some(cell) = Cell::from_index(to) {
                    rings[from as usize][origin.distance(cell) as usize] |= cell.bit();
                }
                to += 1;
            }
        }
        from += 1;
    }
    rings
};

/// The lines of the board along each axis: `LINES[axis][k]`.
///
/// Axis 0 holds the rows (`a` to `i`), axis 1 the lines running north-east (constant row minus
/// column, from the one through a5 to the one through i5), axis 2 the columns (`1` to `9`).
pub const LINES: [[u64; SIDE]; 3] = {
    let mut lines = [[0u64; SIDE]; 3];
    let mut index = 0;
    while index < 64 {
        if let Some(cell) = Cell::from_index(index) {
            let (row, col) = (cell.row(), cell.col());
            lines[0][row as usize] |= cell.bit();
            lines[1][(row - col + 4) as usize] |= cell.bit();
            lines[2][col as usize] |= cell.bit();
        }
        index += 1;
    }
    lines
};

/// Iterates over the cells of a bitboard in ascending order.
#[derive(Clone, Copy)]
pub struct Cells(pub u64);

impl Iterator for Cells {
    type Item = Cell;

    #[inline]
    fn next(&mut self) -> Option<Cell> {
        let mut bits = Bits(self.0);
        let index = bits.next()?;
        self.0 = bits.0;
        Cell::from_index(index as u8)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

/// Iterates over the set bits of a word in ascending order, as their indices: for words that
/// are not bitboards, whose bits need not be cells.
#[derive(Clone, Copy)]
pub struct Bits(pub u64);

impl Iterator for Bits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(bit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rings_partition_the_board() {
        let sizes: Vec<u32> = RINGS.iter().map(|r| r.count_ones()).collect();
        assert_eq!(sizes, [1, 6, 12, 18, 24]);
        assert_eq!(RINGS.iter().fold(0, |a, r| a | r), BOARD);
    }

    #[test]
    fn distance_rings_partition_the_board_around_every_cell() {
        for cell in Cell::all() {
            let rings = DISTANCE_RINGS[cell.index() as usize];
            assert_eq!(rings[0], cell.bit());
            assert_eq!(rings.iter().fold(0, |a, r| a | r), BOARD);
            assert_eq!(rings.iter().map(|r| r.count_ones()).sum::<u32>(), 61);
        }
        assert_eq!(DISTANCE_RINGS[Cell::CENTRE.index() as usize][..5], RINGS);
    }

    #[test]
    fn every_axis_partitions_the_board_into_nine_lines() {
        for axis in LINES {
            let sizes: Vec<u32> = axis.iter().map(|l| l.count_ones()).collect();
            assert_eq!(sizes, [5, 6, 7, 8, 9, 8, 7, 6, 5]);
            assert_eq!(axis.iter().fold(0, |a, l| a | l), BOARD);
        }
    }

    #[test]
    fn cells_iterates_in_order() {
        let names: Vec<String> = Cells(LINES[0][0]).map(|c| c.to_string()).collect();
        assert_eq!(names, ["a1", "a2", "a3", "a4", "a5"]);
    }
}
