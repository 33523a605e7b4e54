//! `Dare`: the side the search is for counts less of its own exposure to pushes, so that it
//! comes to grips with a weaker opponent instead of holding a locked position.
//!
//! The evaluation's `pushable` term weighs the opponent marbles each side could push a step,
//! own count minus the opponent's. Its defensive half (the opponent's pushes against our
//! marbles) is what locks the standard layout between two careful sides: against a Sumito at
//! depth 2, a quarter of the games reach the move limit with no marble ejected (STRENGTH.md).
//! With `Dare` at D percent, the side at the root gets D percent of that half back (100:
//! ignored, 200: welcomed as contact). The opponent is evaluated as before. Like `Contempt`,
//! it trades the score against an equal for the score against a weaker side.

use super::features::Contact;
use super::phase::{Phased, blend, phase};
use super::terms::Term;
use super::weights::Weights;
use sumito_rules::board::{Colour, Position};

/// The `Dare` the engine plays with, in percent: none.
pub const DEFAULT_DARE: i32 = 0;

/// The largest `Dare`: the root side's exposure to pushes counted as a gain as large as its cost.
pub const MAX_DARE: i32 = 200;

/// The evaluation's adjustment for one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dare {
    /// The side the search is for.
    root: Colour,
    /// What each of the root side's marbles that the opponent could push is given back, from
    /// the root side's view, in milli-marbles.
    weight: Phased,
}

impl Dare {
    /// The adjustment for a search for `root` with `percent` of `Dare` and `weights`; none at 0.
    pub fn new(root: Colour, percent: i32, weights: &Weights) -> Option<Dare> {
        if percent == 0 {
            return None;
        }
        let pushable = weights[Term::Pushable];
        let scale = |milli: i32| milli.saturating_mul(percent) / 100;
        let weight = Phased::new(scale(pushable.opening), scale(pushable.endgame));
        Some(Dare { root, weight })
    }

    /// What `position`'s evaluation gains from the side to move's view, in centi-marbles;
    /// `contact` holds the position's pushes, as the evaluation found them.
    #[inline]
    pub fn bonus(&self, position: &Position, contact: &Contact) -> i32 {
        let exposed = contact.pushable[self.root.opponent().index()].count_ones() as i32;
        let (opening, endgame) = (self.weight.opening * exposed, self.weight.endgame * exposed);
        let bonus = blend(opening, endgame, phase(position));
        match position.side_to_move() == self.root {
            true => bonus,
            false => -bonus,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Black's three in line facing a white marble: White is exposed, Black is not.
    const CONTACT: &str = "5/6/7/8/2bbbw3/8/7/6/5";

    fn position(side: &str) -> Position {
        format!("{CONTACT} {side} 0 0 0").parse().unwrap()
    }

    fn contact(side: &str) -> Contact {
        crate::eval::features(&position(side)).1
    }

    #[test]
    fn the_root_side_gets_back_its_share_of_the_pushable_weight_per_exposed_marble() {
        let weights = Weights::tuned();
        let pushable = weights[Term::Pushable];
        let white = Dare::new(Colour::White, 100, &weights).unwrap();
        // One white marble exposed, all endgame (only four marbles on the board), in
        // centi-marbles rounded to the nearest.
        let expected = (pushable.endgame + 5) / 10;
        assert!(expected > 0);
        assert_eq!(white.bonus(&position("w"), &contact("w")), expected);
        assert_eq!(white.bonus(&position("b"), &contact("b")), -expected);
        let twice = Dare::new(Colour::White, 200, &weights).unwrap();
        assert!((twice.bonus(&position("w"), &contact("w")) - 2 * expected).abs() <= 1);
        // Black is not exposed: nothing to give back.
        let black = Dare::new(Colour::Black, 200, &weights).unwrap();
        assert_eq!(black.bonus(&position("b"), &contact("b")), 0);
        assert_eq!(Dare::new(Colour::Black, 0, &weights), None);
    }
}
