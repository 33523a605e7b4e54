//! The game phase, from the marbles on the board; the weights that differ between the
//! phases ([`Phased`]: an opening and an endgame weight); and the blend of the two that the
//! phase sets.

use sumito_rules::board::{Colour, MARBLES_PER_SIDE, Position};

/// Marbles gone from the board at which the evaluation is all endgame: ten, the most two sides
/// can lose in a game that is not over (five each). The phase grows by one per marble ejected.
pub const PHASE_SPAN: i32 = 10;

/// Milli-marbles (the weights' unit) per centi-marble (the evaluation's unit).
pub const MILLI_PER_CENTI: i32 = 10;

/// A term's weight in the opening and in the endgame, in milli-marbles (1000 = one marble),
/// signed so that a positive score is good for the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Phased {
    /// The weight with every marble on the board.
    pub opening: i32,
    /// The weight with ten marbles gone (see [`PHASE_SPAN`]).
    pub endgame: i32,
}

impl Phased {
    /// A weight from its opening and endgame values in milli-marbles.
    pub const fn new(opening: i32, endgame: i32) -> Phased {
        Phased { opening, endgame }
    }

    /// The same weight in both phases, given in centi-marbles.
    pub const fn centi(centi: i32) -> Phased {
        let milli = centi * MILLI_PER_CENTI;
        Phased::new(milli, milli)
    }
}

/// The phase of `position`: 0 with all 28 marbles on the board (all opening), rising by one per
/// marble gone, up to [`PHASE_SPAN`] (all endgame).
#[inline(always)]
pub fn phase(position: &Position) -> i32 {
    let on_board = (position.stones(Colour::Black) | position.stones(Colour::White)).count_ones();
    let gone = 2 * i32::from(MARBLES_PER_SIDE) - on_board as i32;
    gone.clamp(0, PHASE_SPAN)
}

/// The blend of an opening and an endgame sum in milli-marbles at `phase`, in centi-marbles,
/// rounded to the nearest (halves away from zero, so that the two colours stay alike). When
/// both sums are equal and whole centi-marbles, as with [`Weights::DEFAULT`], it is exact.
///
/// [`Weights::DEFAULT`]: super::Weights::DEFAULT
#[inline(always)]
pub fn blend(opening: i32, endgame: i32, phase: i32) -> i32 {
    let scaled = opening * (PHASE_SPAN - phase) + endgame * phase;
    let divisor = PHASE_SPAN * MILLI_PER_CENTI;
    (scaled + scaled.signum() * (divisor / 2)) / divisor
}

/// The share of the endgame weights at `phase`, from 0 to 1 (for the tuner).
pub fn endgame_share(phase: i32) -> f64 {
    f64::from(phase) / f64::from(PHASE_SPAN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_phase_counts_the_marbles_gone() {
        assert_eq!(phase(&Position::startpos()), 0);
        let three_gone: Position = "wwwww/wwwwww/2ww3/8/9/8/2b4/bbbbbb/bbbbb b 2 1 30"
            .parse()
            .unwrap();
        assert_eq!(phase(&three_gone), 3);
        let few: Position = "5/6/7/8/3bbb3/3ww3/7/6/5 b 0 1 0".parse().unwrap();
        assert_eq!(phase(&few), PHASE_SPAN);
    }

    #[test]
    fn the_blend_is_exact_for_equal_weights_and_symmetric() {
        for phase in 0..=PHASE_SPAN {
            assert_eq!(blend(1230, 1230, phase), 123);
            assert_eq!(blend(-1230, -1230, phase), -123);
            assert_eq!(blend(40, 80, phase), -blend(-40, -80, phase));
        }
        // Half-way between 100 mm and 200 mm is 15 cm; at phase 3 it is 13 cm.
        assert_eq!(blend(1000, 2000, 5), 150);
        assert_eq!(blend(1000, 2000, 3), 130);
        assert_eq!(blend(5, 5, 0), 1);
        assert_eq!(blend(4, 4, 0), 0);
    }
}
