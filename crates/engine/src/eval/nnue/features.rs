//! The network's inputs: which marble stands on which cell, and how many marbles each side has
//! lost, seen from one side (a perspective).
//!
//! From Black's perspective the board is as it is; from White's it is mirrored by the one
//! symmetry that maps Black's marbles onto White's in all three layouts (the reflection in row
//! e, which swaps rows a and i), so that each side sees its own start where Black sees Black's. A marble is an input of 64 for the
//! perspective's own colour (by cell bit index; the three spare bits are never set) and of
//! another 64 for the opponent's. The marbles each side has lost, 0 to 5, are one input each of
//! six, own then opponent's: one of each is always on.

use sumito_rules::board::{Cells, Colour, Position, Symmetry};

/// Inputs per perspective.
pub const INPUTS: usize = 2 * 64 + 2 * LOST_INPUTS;

/// Inputs for the marbles one side has lost: 0 to 5 (six ends the game).
const LOST_INPUTS: usize = 6;

/// The most marbles of one colour on the board: the layouts start with 14 each.
pub const MAX_MARBLES: usize = 14;

/// The inputs by group, each as its first input, how many inputs it has and the most of them on
/// at once: own marbles, the opponent's, own lost count, the opponent's. The range of a hidden
/// sum over every position follows from it ([`super::Network`]'s load check).
pub const GROUPS: [(usize, usize, usize); 4] = [
    (0, 64, MAX_MARBLES),
    (64, 64, MAX_MARBLES),
    (128, LOST_INPUTS, 1),
    (128 + LOST_INPUTS, LOST_INPUTS, 1),
];

/// The symmetry that shows White's perspective: it maps Black's starting marbles onto White's
/// in every layout (`board::symmetry` numbers it).
const WHITE_VIEW: usize = 11;

/// The input of a marble of `colour` on the cell with bit index `bit`, from `perspective`.
#[inline(always)]
pub fn marble(perspective: Colour, colour: Colour, bit: u8) -> usize {
    let cell = match perspective {
        Colour::Black => bit,
        Colour::White => Symmetry::from_index(WHITE_VIEW).bit_index(bit),
    };
    usize::from(colour != perspective) * 64 + cell as usize
}

/// The input of `colour` having lost `lost` marbles, from `perspective`.
#[inline(always)]
pub fn lost(perspective: Colour, colour: Colour, lost: u8) -> usize {
    let lost = usize::from(lost).min(LOST_INPUTS - 1);
    128 + usize::from(colour != perspective) * LOST_INPUTS + lost
}

/// Calls `on` with every input that is on in `position` from `perspective`.
pub fn active(position: &Position, perspective: Colour, mut on: impl FnMut(usize)) {
    for colour in Colour::BOTH {
        for cell in Cells(position.stones(colour)) {
            on(marble(perspective, colour, cell.index()));
        }
        on(lost(perspective, colour, position.lost(colour)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sumito_rules::board::Layout;

    #[test]
    fn the_groups_cover_every_input_once_and_no_layout_has_more_marbles() {
        let mut next = 0;
        for (first, count, _) in GROUPS {
            assert_eq!(first, next);
            next += count;
        }
        assert_eq!(next, INPUTS);
        for layout in Layout::ALL {
            for colour in Colour::BOTH {
                let marbles = layout.position().stones(colour).count_ones() as usize;
                assert!(marbles <= MAX_MARBLES, "{layout:?} {colour:?}");
            }
        }
    }

    #[test]
    fn each_side_sees_the_start_from_its_own_rows() {
        for layout in Layout::ALL {
            let position = layout.position();
            let mut seen = [Vec::new(), Vec::new()];
            for (perspective, seen) in Colour::BOTH.into_iter().zip(&mut seen) {
                active(&position, perspective, |input| seen.push(input));
                seen.sort();
                assert!(seen.iter().all(|&i| i < INPUTS));
                assert_eq!(seen.len(), 28 + 2, "{layout:?}");
            }
            // Each side sees its own start the same.
            assert_eq!(seen[0], seen[1], "{layout:?}");
        }
    }
}
