//! The raw features the evaluation weighs, counted with masks and popcounts.

use crate::board::{BOARD, Cell, Colour, DISTANCE_RINGS, LINES, Position, RINGS, shift};
use crate::movegen::ejectable;

/// The features of one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideFeatures {
    /// Marbles lost.
    pub lost: i32,
    /// Sum over the side's marbles of the distance to e5.
    pub centre_distance: i32,
    /// Sum over the side's marbles of the distance to the reference point.
    pub mass_distance: i32,
    /// Pairs of adjacent own marbles.
    pub cohesion: i32,
    /// Own marbles between two opponent marbles in line.
    pub wedges: i32,
    /// Opponent marbles this side could eject with one move if it were its turn.
    pub threats: i32,
}

/// Sum over `stones` of the ring index in `rings`.
#[inline]
fn ring_sum(stones: u64, rings: &[u64]) -> i32 {
    rings
        .iter()
        .enumerate()
        .skip(1)
        .map(|(k, ring)| k as i32 * (stones & ring).count_ones() as i32)
        .sum()
}

/// The centre of mass of all marbles, blended half-way towards e5 and rounded to a cell.
pub fn reference_point(position: &Position) -> Cell {
    let all = position.stones(Colour::Black) | position.stones(Colour::White);
    let count = all.count_ones() as i32;
    if count == 0 {
        return Cell::CENTRE;
    }
    // Sums of row and column indices through the row and column lines.
    let row_sum: i32 = (0..9)
        .map(|r| r * (all & LINES[0][r as usize]).count_ones() as i32)
        .sum();
    let col_sum: i32 = (0..9)
        .map(|c| c * (all & LINES[2][c as usize]).count_ones() as i32)
        .sum();
    // (mean + 4) / 2, rounded to nearest: (sum + 4 count) / (2 count).
    let blend = |sum: i32| (2 * (sum + 4 * count) + 2 * count) / (4 * count);
    Cell::new(blend(row_sum), blend(col_sum)).unwrap_or(Cell::CENTRE)
}

/// The features of `colour` in `position`, with `reference` from [`reference_point`].
#[inline]
pub fn side_features(position: &Position, colour: Colour, reference: Cell) -> SideFeatures {
    let own = position.stones(colour);
    let other = position.stones(colour.opponent());
    let empty = BOARD & !(own | other);
    let cohesion = (own & shift::<0>(own)).count_ones()
        + (own & shift::<1>(own)).count_ones()
        + (own & shift::<2>(own)).count_ones();
    let wedges = (own & shift::<0>(other) & shift::<3>(other)).count_ones()
        + (own & shift::<1>(other) & shift::<4>(other)).count_ones()
        + (own & shift::<2>(other) & shift::<5>(other)).count_ones();
    SideFeatures {
        lost: position.lost(colour) as i32,
        centre_distance: ring_sum(own, &RINGS),
        mass_distance: ring_sum(own, &DISTANCE_RINGS[reference.index() as usize]),
        cohesion: cohesion as i32,
        wedges: wedges as i32,
        threats: ejectable(own, other, empty).count_ones() as i32,
    }
}
