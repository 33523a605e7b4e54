//! How settled the root is: how many iterations the best move has kept its place and how far
//! its score fell in the last one. The main thread scales its soft deadline by it, spending
//! more time when the best move changes or the score drops and less when the move is stable.

use crate::movegen::Move;

/// The soft deadline's scale, per mille, by iterations the best move has stayed the same
/// (0: it changed in this one). The last entry holds for longer runs.
const BY_STABLE_ITERATIONS: [u32; 5] = [1600, 1250, 1000, 850, 700];

/// A score drop of this many centi-marbles (or more) doubles the time.
const FULL_DROP: i32 = 100;

/// The best move and score of the last iterations.
#[derive(Clone, Copy, Debug)]
pub struct Stability {
    best: Move,
    score: Option<i32>,
    stable_iterations: usize,
}

impl Default for Stability {
    fn default() -> Stability {
        Stability {
            best: Move::NONE,
            score: None,
            stable_iterations: 0,
        }
    }
}

impl Stability {
    /// Takes the best move and score of an iteration just completed; returns the scale, per
    /// mille, to apply to the soft deadline.
    pub fn update(&mut self, best: Move, score: i32) -> u32 {
        if best == self.best {
            self.stable_iterations += 1;
        } else {
            self.stable_iterations = 0;
            self.best = best;
        }
        let drop = self
            .score
            .map_or(0, |last| (last - score).clamp(0, FULL_DROP));
        self.score = Some(score);
        let last = BY_STABLE_ITERATIONS.len() - 1;
        let by_move = BY_STABLE_ITERATIONS[self.stable_iterations.min(last)];
        by_move * (FULL_DROP + drop) as u32 / FULL_DROP as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;

    #[test]
    fn a_stable_move_spends_less_and_a_change_or_a_drop_spends_more() {
        let moves = Position::startpos().moves();
        let (a, b) = (moves.as_slice()[0], moves.as_slice()[1]);
        let mut stability = Stability::default();
        let first = stability.update(a, 10);
        assert!(first > 1000, "a new best move gets more time: {first}");
        let mut scales = vec![];
        for _ in 0..6 {
            scales.push(stability.update(a, 10));
        }
        assert!(scales.windows(2).all(|w| w[1] <= w[0]), "{scales:?}");
        assert!(*scales.last().unwrap() < 1000, "{scales:?}");
        let changed = stability.update(b, 10);
        assert!(changed > scales[0], "{changed} after a change");
        let mut other = Stability::default();
        other.update(a, 10);
        other.update(a, 10);
        let steady = other;
        let dropped = other.update(a, -90);
        let mut kept = steady;
        assert_eq!(
            dropped,
            2 * kept.update(a, 10),
            "a full drop doubles the time"
        );
    }
}
