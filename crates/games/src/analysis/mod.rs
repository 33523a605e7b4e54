//! Analysis of whole games and of single positions with the search: every move of a game gets
//! its score before and after and a mark when it loses a marble's worth or a forced win.
//!
//! - `sumito analyse` (its flags and its run) is in the binary's `cli/analyse.rs`;
//! - [`text`]: scores and annotations for people;
//! - [`json`]: the same for programs (`--json`);
//! - [`multi`]: games and positions of three to six players, every score from its mover's view.

pub mod json;
pub mod multi;
pub mod text;

pub use text::{after_text, listing_line, multi_listing_line, reported_text, score_text};

use sumito_engine::search::{Control, Engine, Info, Limits, MATE_BOUND};
use sumito_rules::board::{Colour, Position};
use sumito_rules::movegen::Move;

/// A mark on a move that the analysis finds wanting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// The move gives away a marble's worth or more.
    Blunder,
    /// The position had a forced win and the move lets it go.
    MissedWin,
}

impl Mark {
    /// A short word for listings.
    pub fn word(self) -> &'static str {
        match self {
            Mark::Blunder => "blunder",
            Mark::MissedWin => "missed-win",
        }
    }
}

/// What the analysis says about one move of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveAnnotation {
    /// Ply number, from 1.
    pub ply: usize,
    /// Who played it.
    pub side: Colour,
    /// The move played.
    pub played: Move,
    /// Score before the move, from the mover's view (the best the mover could get).
    pub before: i32,
    /// Score after the move, from the mover's view.
    pub after: i32,
    /// The move the engine prefers.
    pub best: Move,
    /// The line the engine expects after its preferred move, that move first.
    pub line: Vec<Move>,
    /// What the move costs the mover, in centi-marbles (0 when it is the engine's move).
    pub loss: i32,
    /// A mark when the move loses a marble's worth or misses a forced win.
    pub mark: Option<Mark>,
}

/// A loss of this many centi-marbles or more marks a blunder.
pub const BLUNDER: i32 = 100;

/// Scores beyond this are wins or losses and compared as such.
const DECISIVE: i32 = 10_000;

/// The cost of a move that turns `before` into `after` (both from the mover's view). Wins and
/// losses count as ±`DECISIVE`, so a slower forced win costs nothing and letting a win go
/// costs a lot.
pub fn loss(before: i32, after: i32) -> i32 {
    let clamp = |score: i32| {
        if score >= MATE_BOUND {
            DECISIVE
        } else if score <= -MATE_BOUND {
            -DECISIVE
        } else {
            score.clamp(-DECISIVE + 1, DECISIVE - 1)
        }
    };
    (clamp(before) - clamp(after)).max(0)
}

/// The mark for a move from `before` to `after` (mover's view).
pub fn mark(before: i32, after: i32) -> Option<Mark> {
    if before >= MATE_BOUND && after < MATE_BOUND {
        Some(Mark::MissedWin)
    } else if loss(before, after) >= BLUNDER {
        Some(Mark::Blunder)
    } else {
        None
    }
}

/// Searches every position of a game once, so each move gets the score before it (the
/// position's own score) and after it (minus the next position's score). `progress(done,
/// total)` is called after each search.
pub fn analyse_game(
    engine: &mut Engine,
    start: Position,
    moves: &[Move],
    limits: &Limits,
    mut progress: impl FnMut(usize, usize),
) -> Vec<MoveAnnotation> {
    let mut game = vec![start];
    for &mv in moves {
        let last = game[game.len() - 1];
        game.push(last.play(mv));
    }
    // One search per position: (score for its side to move, best move, line).
    let mut searched = Vec::with_capacity(game.len());
    for end in 1..=game.len() {
        let position = game[end - 1];
        let result = if position.outcome().is_some() {
            None
        } else {
            let control = Control::new();
            Some(engine.search(&game[..end], limits, &[], &control, &mut |_| {}))
        };
        let score = match (&result, position.outcome()) {
            (Some(result), _) => result.score,
            // A finished game: the side to move has lost, unless the move limit drew it.
            (None, Some(sumito_rules::board::Outcome::Draw)) => 0,
            (None, _) => -sumito_engine::search::MATE,
        };
        let best = result.as_ref().and_then(|r| r.best).unwrap_or(Move::NONE);
        let line = result.map(|r| r.pv).unwrap_or_default();
        searched.push((score, best, line));
        progress(end, game.len());
    }
    moves
        .iter()
        .enumerate()
        .map(|(index, &played)| {
            let (before, best, line) = searched[index].clone();
            let after = -searched[index + 1].0;
            let (loss, mark) = if played == best {
                (0, None)
            } else {
                (loss(before, after), mark(before, after))
            };
            MoveAnnotation {
                ply: index + 1,
                side: game[index].side_to_move(),
                played,
                before,
                after,
                best,
                line,
                loss,
                mark,
            }
        })
        .collect()
}

/// Analyses one position, calling `report` with every line of every finished depth.
pub fn analyse_position(
    engine: &mut Engine,
    game: &[Position],
    limits: &Limits,
    report: &mut dyn FnMut(&Info),
) {
    let control = Control::new();
    engine.search(game, limits, &[], &control, report);
}

#[cfg(test)]
mod tests {
    use super::*;
    use sumito_engine::search::MATE;

    #[test]
    fn losses_and_marks() {
        assert_eq!(loss(30, -80), 110);
        assert_eq!(mark(30, -80), Some(Mark::Blunder));
        assert_eq!(mark(30, -60), None);
        assert_eq!(loss(-50, 20), 0, "a gain costs nothing");
        let win_in_3 = MATE - 5;
        let win_in_5 = MATE - 9;
        assert_eq!(loss(win_in_3, win_in_5), 0);
        assert_eq!(mark(win_in_3, win_in_5), None);
        assert_eq!(mark(win_in_3, 250), Some(Mark::MissedWin));
        assert_eq!(mark(0, -(MATE - 4)), Some(Mark::Blunder));
    }
}
