//! Search scores: centi-marbles, with wins and losses counted by their distance in plies.

use std::fmt;
use sumito_rules::board::{Colour, Outcome, Position};

/// Bigger than any score.
pub const INFINITY: i32 = 32_000;

/// The score of a win on the board right now; a win `n` plies away scores `MATE - n`.
pub const MATE: i32 = 31_000;

/// Deepest ply the search reaches (the quiescence search included).
pub const MAX_PLY: usize = 128;

/// Deepest iteration: a deeper `depth` limit is searched to this depth. Ten plies are left
/// for the quiescence search below it.
pub const MAX_DEPTH: u32 = MAX_PLY as u32 - 10;

/// Scores at least this far from zero are wins or losses.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

/// The score of a draw, before contempt.
pub const DRAW: i32 = 0;

/// The `Contempt` the engine plays with: how much worse than an even game a draw is for the
/// side the search is for, in centi-marbles (STRENGTH.md has the measurement).
pub const DEFAULT_CONTEMPT: i32 = 0;

/// Largest `Contempt` either way: five marbles.
pub const MAX_CONTEMPT: i32 = 500;

/// The score of a draw for each side to move, by colour index, when the search is for `us`:
/// `-contempt` for `us`, `+contempt` for the opponent, so that a draw is as unwelcome to one
/// side as it is welcome to the other and scores stay symmetric under negamax.
pub fn draw_scores(us: Colour, contempt: i32) -> [i32; 2] {
    let mut scores = [contempt; 2];
    scores[us.index()] = -contempt;
    scores
}

/// A win for the side to move `ply` plies from the root.
#[inline]
pub const fn win_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// A loss for the side to move `ply` plies from the root.
#[inline]
pub const fn loss_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// Is the score a win or a loss?
#[inline]
pub const fn is_decisive(score: i32) -> bool {
    score >= MATE_BOUND || score <= -MATE_BOUND
}

/// The score of a finished game for its side to move, `ply` plies from the root, with `draw`
/// the score of a draw for that side; `None` if the game is not over by six marbles or the
/// move limit.
#[inline]
pub fn terminal_score(position: &Position, ply: usize, draw: i32) -> Option<i32> {
    if !position.is_over() {
        return None;
    }
    Some(match position.outcome() {
        Some(Outcome::Win { winner, .. }) if winner == position.side_to_move() => win_in(ply),
        Some(Outcome::Win { .. }) => loss_in(ply),
        _ => draw,
    })
}

/// Scores in the table are stored relative to the node, not the root, so that a win found
/// through one path keeps its meaning when the position is reached through another.
#[inline]
pub const fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_table`].
#[inline]
pub const fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// A score as the protocol reports it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reported {
    /// Centi-marbles.
    Centi(i32),
    /// A forced result counted in the side to move's own moves: `n > 0` it wins with its n-th
    /// move; `n < 0` it has lost after its |n|-th move (the opponent's reply wins, or its own
    /// move reaches the move limit behind); 0 only when the game is already lost.
    Mate(i32),
}

impl Reported {
    /// Converts a search score.
    pub fn from_score(score: i32) -> Reported {
        if score >= MATE_BOUND {
            Reported::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            // A loss `k` plies away takes the side to move's own moves at plies 1, 3, 5, …:
            // (k + 1) / 2 of them, so that a move that itself loses (k = 1) is `mate -1`, not a
            // `mate 0` that cannot be told from a win.
            Reported::Mate(-((MATE + score + 1) / 2))
        } else {
            Reported::Centi(score)
        }
    }
}

impl fmt::Display for Reported {
    /// `cp <n>` or `mate <n>`, as in the `info` lines.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reported::Centi(n) => write!(f, "cp {n}"),
            Reported::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wins_report_moves_to_go() {
        // Winning with the move we make now: one ply, one move.
        assert_eq!(Reported::from_score(win_in(1)), Reported::Mate(1));
        assert_eq!(Reported::from_score(win_in(3)), Reported::Mate(2));
        // Lost on the board now; lost by our own move (it runs out the move limit behind), or
        // after our move and theirs: our one move either way; after two of ours.
        assert_eq!(Reported::from_score(loss_in(0)), Reported::Mate(0));
        assert_eq!(Reported::from_score(loss_in(1)), Reported::Mate(-1));
        assert_eq!(Reported::from_score(loss_in(2)), Reported::Mate(-1));
        assert_eq!(Reported::from_score(loss_in(3)), Reported::Mate(-2));
        assert_eq!(Reported::from_score(loss_in(4)), Reported::Mate(-2));
        assert_eq!(Reported::from_score(57), Reported::Centi(57));
    }

    #[test]
    fn table_scores_round_trip() {
        for score in [win_in(5), loss_in(7), 0, 123, -456] {
            assert_eq!(from_table(to_table(score, 9), 9), score);
        }
        assert_eq!(from_table(to_table(win_in(10), 4), 6), win_in(12));
    }
}
