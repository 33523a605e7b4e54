//! The six directions, and shifting whole bitboards one step in a direction.

use super::cell::{Cell, SIDE, on_board};
use std::fmt;

/// One of the six directions on the board, as (row delta, column delta):
/// E (0,+1), NE (+1,+1), NW (+1,0), W (0,-1), SW (-1,-1), SE (-1,0).
///
/// They are numbered so that the opposite of `d` is `d + 3` and the axis (line) of `d` is `d % 3`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum Direction {
    E = 0,
    NE = 1,
    NW = 2,
    W = 3,
    SW = 4,
    SE = 5,
}

impl Direction {
    /// All six, in index order.
    pub const ALL: [Direction; 6] = [
        Direction::E,
        Direction::NE,
        Direction::NW,
        Direction::W,
        Direction::SW,
        Direction::SE,
    ];

    /// The direction with this index (0 to 5).
    #[inline]
    pub const fn from_index(index: usize) -> Direction {
        Direction::ALL[index]
    }

    /// Index 0 to 5.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The reverse direction.
    #[inline]
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 3) % 6]
    }

    /// The line this direction runs along: 0 for E-W, 1 for NE-SW, 2 for NW-SE.
    #[inline]
    pub const fn axis(self) -> usize {
        self as usize % 3
    }

    /// (row delta, column delta).
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Direction::E => (0, 1),
            Direction::NE => (1, 1),
            Direction::NW => (1, 0),
            Direction::W => (0, -1),
            Direction::SW => (-1, -1),
            Direction::SE => (-1, 0),
        }
    }

    /// The direction from `from` to the adjacent cell `to`, if they are neighbours.
    pub fn between(from: Cell, to: Cell) -> Option<Direction> {
        Direction::ALL
            .into_iter()
            .find(|&d| neighbour(from, d) == Some(to))
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// Neighbour of each bit index in each direction, `u8::MAX` where there is none.
const NEIGHBOUR: [[u8; 6]; 64] = {
    let mut table = [[u8::MAX; 6]; 64];
    let mut row = 0;
    while row < SIDE as i32 {
        let mut col = 0;
        while col < SIDE as i32 {
            if on_board(row, col) {
                let mut d = 0;
                while d < 6 {
                    let (dr, dc) = Direction::ALL[d].delta();
                    if on_board(row + dr, col + dc) {
                        table[Cell::from_coords(row, col).index() as usize][d] =
                            Cell::from_coords(row + dr, col + dc).index();
                    }
                    d += 1;
                }
            }
            col += 1;
        }
        row += 1;
    }
    table
};

/// The cell next to `cell` in direction `d`, or `None` at the edge.
#[inline]
pub fn neighbour(cell: Cell, d: Direction) -> Option<Cell> {
    let index = NEIGHBOUR[cell.index() as usize][d.index()];
    if index == u8::MAX {
        None
    } else {
        Cell::from_index(index)
    }
}

/// Calls `$body!(D, B)` for every direction `D` (an index) and its opposite `B`, so that each
/// expansion can use them as constants ([`shift`]'s parameter). Public for the engine's
/// evaluation, which walks the directions as move generation does.
#[macro_export]
macro_rules! each_direction {
    ($body:ident) => {
        $body!(0, 3);
        $body!(1, 4);
        $body!(2, 5);
        $body!(3, 0);
        $body!(4, 1);
        $body!(5, 2);
    };
}

/// Steps a walk can take in a straight line and stay on the board: the board is nine cells across.
const MAX_STEPS: usize = 8;

/// `AHEAD[d][n][i]`: the bit index `n` steps from bit index `i` in direction `d`, `u8::MAX`
/// where that is off the board: one load for a walk of any length.
const AHEAD: [[[u8; 64]; MAX_STEPS + 1]; 6] = {
    let mut table = [[[u8::MAX; 64]; MAX_STEPS + 1]; 6];
    let mut d = 0;
    while d < 6 {
        let mut index = 0;
        while index < 64 {
            if Cell::from_index(index as u8).is_some() {
                table[d][0][index] = index as u8;
            }
            let mut n = 1;
            while n <= MAX_STEPS {
                let from = table[d][n - 1][index];
                if from != u8::MAX {
                    table[d][n][index] = NEIGHBOUR[from as usize][d];
                }
                n += 1;
            }
            index += 1;
        }
        d += 1;
    }
    table
};

/// The cell `n` steps from `cell` in direction `d`, or `None` if the walk leaves the board.
#[inline]
pub fn step(cell: Cell, d: Direction, n: u8) -> Option<Cell> {
    let steps = AHEAD[d.index()].get(n as usize)?;
    match steps[cell.index() as usize] {
        u8::MAX => None,
        index => Cell::from_index(index),
    }
}

/// One part of a directional shift: the cells in `mask` all move by `amount` bits.
#[derive(Clone, Copy)]
struct ShiftPart {
    mask: u64,
    amount: i32,
}

/// For each direction, the shift split into at most three parts with one amount each.
///
/// A step in a direction changes the bit index by an amount that depends only on the row, and the
/// row starts in [`ROW_START`](super::cell::ROW_START) are spaced so that there are at most three different amounts. The
/// masks leave out cells whose neighbour is off the board, so nothing wraps into another row.
const SHIFT_PARTS: [[ShiftPart; 3]; 6] = {
    let empty = ShiftPart { mask: 0, amount: 0 };
    let mut table = [[empty; 3]; 6];
    let mut d = 0;
    while d < 6 {
        let (dr, dc) = Direction::ALL[d].delta();
        let mut used = 0;
        let mut row = 0;
        while row < SIDE as i32 {
            let mut col = 0;
            while col < SIDE as i32 {
                if on_board(row, col) && on_board(row + dr, col + dc) {
                    let from = Cell::from_coords(row, col).index() as i32;
                    let to = Cell::from_coords(row + dr, col + dc).index() as i32;
                    let amount = to - from;
                    let mut part = 0;
                    while part < used && table[d][part].amount != amount {
                        part += 1;
                    }
                    if part == used {
                        assert!(used < 3, "a direction needs more than three shift amounts");
                        table[d][part].amount = amount;
                        used += 1;
                    }
                    table[d][part].mask |= 1u64 << from;
                }
                col += 1;
            }
            row += 1;
        }
        d += 1;
    }
    table
};

#[inline(always)]
const fn shift_part(bits: u64, part: ShiftPart) -> u64 {
    let moved = bits & part.mask;
    if part.amount >= 0 {
        moved << part.amount
    } else {
        moved >> -part.amount
    }
}

/// Moves every cell of `bits` one step in direction `D` (an index 0 to 5); cells that would leave
/// the board are dropped. With `D` a constant this compiles to a handful of masks and shifts.
#[inline(always)]
pub const fn shift<const D: usize>(bits: u64) -> u64 {
    let parts = SHIFT_PARTS[D];
    shift_part(bits, parts[0]) | shift_part(bits, parts[1]) | shift_part(bits, parts[2])
}

/// [`shift`] with the direction known only at run time.
#[inline]
pub const fn shift_dyn(bits: u64, d: Direction) -> u64 {
    match d {
        Direction::E => shift::<0>(bits),
        Direction::NE => shift::<1>(bits),
        Direction::NW => shift::<2>(bits),
        Direction::W => shift::<3>(bits),
        Direction::SW => shift::<4>(bits),
        Direction::SE => shift::<5>(bits),
    }
}

/// `bits` shifted one step in every direction, indexed by [`Direction::index`].
#[inline(always)]
pub const fn shifts(bits: u64) -> [u64; 6] {
    [
        shift::<0>(bits),
        shift::<1>(bits),
        shift::<2>(bits),
        shift::<3>(bits),
        shift::<4>(bits),
        shift::<5>(bits),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::bitboard::BOARD;

    #[test]
    fn a_walk_of_n_steps_is_n_neighbours_in_turn() {
        for d in Direction::ALL {
            for cell in Cell::all() {
                let mut walked = Some(cell);
                for n in 0..=MAX_STEPS as u8 + 2 {
                    assert_eq!(step(cell, d, n), walked, "{cell} {d} {n}");
                    walked = walked.and_then(|c| neighbour(c, d));
                }
            }
        }
    }

    #[test]
    fn shifts_agree_with_the_neighbour_table() {
        for d in Direction::ALL {
            for cell in Cell::all() {
                let expected = neighbour(cell, d).map_or(0, Cell::bit);
                assert_eq!(shift_dyn(cell.bit(), d), expected, "{cell} {d}");
            }
            assert_eq!(shift_dyn(BOARD, d) & !BOARD, 0);
        }
    }

    #[test]
    fn neighbours_follow_the_rules_examples() {
        let names = |cell: &str| -> Vec<String> {
            let cell: Cell = cell.parse().unwrap();
            let mut v: Vec<String> = Direction::ALL
                .into_iter()
                .filter_map(|d| neighbour(cell, d))
                .map(|c| c.to_string())
                .collect();
            v.sort();
            v
        };
        assert_eq!(names("a1"), ["a2", "b1", "b2"]);
        assert_eq!(names("e5"), ["d4", "d5", "e4", "e6", "f5", "f6"]);
    }

    #[test]
    fn opposite_and_between_are_consistent() {
        for d in Direction::ALL {
            assert_eq!(d.opposite().opposite(), d);
            assert_eq!(d.opposite().axis(), d.axis());
            let centre = Cell::CENTRE;
            let next = neighbour(centre, d).unwrap();
            assert_eq!(Direction::between(centre, next), Some(d));
        }
    }
}
