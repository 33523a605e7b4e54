//! The twelve symmetries of the hexagonal board: six turns by 60 degrees, each with or without a
//! reflection. Every one maps lines to lines and neighbours to neighbours, so it maps the legal
//! moves of a position onto those of its image: a position and its images are the same game.
//! The learned evaluation's training multiplies its data by them.

use super::cell::{Cell, SIDE};

/// How many symmetries the board has.
pub const SYMMETRIES: usize = 12;

/// One symmetry of the board, `0..SYMMETRIES`: `turns` sixths of a turn anticlockwise, then a
/// reflection for the upper six. 0 is the identity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry(u8);

/// Where each symmetry sends each cell (by bit index); spare bits stay where they are.
const MAPS: [[u8; 64]; SYMMETRIES] = {
    let mut maps = [[0u8; 64]; SYMMETRIES];
    let mut s = 0;
    while s < SYMMETRIES {
        let mut index = 0;
        while index < 64 {
            maps[s][index] = match Cell::from_index(index as u8) {
                Some(cell) => image(cell, s).index(),
                None => index as u8,
            };
            index += 1;
        }
        s += 1;
    }
    maps
};

/// The image of `cell` under symmetry `s`, through cube coordinates centred on e5: a step east
/// is x + 1, a step north-west z - 1, and x + y + z = 0. A sixth of a turn sends (x, y, z) to
/// (-z, -x, -y); the reflection swaps y and z.
const fn image(cell: Cell, s: usize) -> Cell {
    let centre = (SIDE / 2) as i32;
    let (mut x, mut z) = (cell.col() - centre, centre - cell.row());
    let mut y = -x - z;
    let mut turn = 0;
    while turn < s % 6 {
        (x, y, z) = (-z, -x, -y);
        turn += 1;
    }
    if s >= 6 {
        (y, z) = (z, y);
    }
    let _ = y;
    Cell::from_coords(centre - z, x + centre)
}

impl Symmetry {
    /// Every symmetry, the identity first.
    pub fn all() -> impl Iterator<Item = Symmetry> {
        (0..SYMMETRIES as u8).map(Symmetry)
    }

    /// Symmetry number `index` (taken modulo [`SYMMETRIES`]).
    pub fn from_index(index: usize) -> Symmetry {
        Symmetry((index % SYMMETRIES) as u8)
    }

    /// The image of `cell`.
    #[inline]
    pub fn cell(self, cell: Cell) -> Cell {
        Cell::from_index(MAPS[self.0 as usize][cell.index() as usize]).unwrap_or(cell)
    }

    /// The image of a cell given by its bit index (spare bits map to themselves).
    #[inline]
    pub fn bit_index(self, index: u8) -> u8 {
        MAPS[self.0 as usize][(index & 63) as usize]
    }

    /// The image of a set of cells.
    pub fn bits(self, bits: u64) -> u64 {
        super::Cells(bits).fold(0, |image, cell| image | self.cell(cell).bit())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{BOARD, Colour, Layout, Position};

    /// `position` with both sides' marbles mapped by `symmetry`.
    fn mapped(position: &Position, symmetry: Symmetry) -> Position {
        let [black, white] = Colour::BOTH.map(|c| symmetry.bits(position.stones(c)));
        let lost = Colour::BOTH.map(|c| position.lost(c));
        Position::from_parts(
            black,
            white,
            position.side_to_move(),
            lost,
            position.plies(),
        )
    }

    #[test]
    fn each_symmetry_permutes_the_board_and_keeps_neighbours() {
        for symmetry in Symmetry::all() {
            assert_eq!(symmetry.bits(BOARD), BOARD, "{symmetry:?}");
            for a in Cell::all() {
                for b in Cell::all() {
                    let (ia, ib) = (symmetry.cell(a), symmetry.cell(b));
                    assert_eq!(a.distance(b), ia.distance(ib), "{symmetry:?} {a} {b}");
                }
            }
        }
        let turn = Symmetry(1);
        let mut cell = Cell::from_coords(0, 0);
        let start = cell;
        for _ in 0..6 {
            cell = turn.cell(cell);
        }
        assert_eq!(cell, start, "six sixths are a whole turn");
        assert_ne!(turn.cell(start), start);
        let distinct: std::collections::HashSet<Vec<u8>> = Symmetry::all()
            .map(|s| Cell::all().map(|c| s.cell(c).index()).collect())
            .collect();
        assert_eq!(distinct.len(), SYMMETRIES);
    }

    #[test]
    fn the_images_of_a_position_have_the_same_moves() {
        for layout in Layout::ALL {
            let mut position = layout.position();
            for ply in 0..60 {
                let moves = position.moves();
                for symmetry in Symmetry::all() {
                    let image = mapped(&position, symmetry);
                    assert_eq!(image.count_moves(), moves.len() as u32, "{symmetry:?}");
                    let ejections =
                        |p: &Position| p.moves().iter().filter(|m| m.is_eject()).count();
                    assert_eq!(ejections(&image), ejections(&position));
                }
                if moves.is_empty() {
                    break;
                }
                position = position.play(moves.as_slice()[(ply * 31) % moves.len()]);
            }
        }
    }
}
