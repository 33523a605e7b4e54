//! Analysis of whole games and of single positions with the search: every move of a game gets
//! its score before and after and a mark when it loses a marble's worth or a forced win.
//!
//! - `sumito analyse` (its flags and its run) is in the binary's `cli/analyse.rs`;
//! - [`text`]: scores and annotations for people;
//! - [`json`]: the same for programs (`--json`);
//! - `two_players`: a two-player game, one search per position;
//! - [`multi`]: games and positions of three to six players, every score from its mover's view.

pub mod json;
pub mod multi;
pub mod text;
mod two_players;

pub use text::{listing_line, reported_text, score_text};

use sumito_engine::search::{Control, Engine, Info, Limits, MATE_BOUND, Reported};
use sumito_rules::board::{Position, Seat};
use sumito_rules::game::{AnyPosition, Turn};
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

/// The mover's score after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum After {
    /// The game goes on: the score of the move played, from the mover's view (with two players
    /// a forced result counts the opponent's moves, who is then to move).
    Score(Reported),
    /// The move ended the game, and the mover won (alone, with its team or sharing).
    Won,
    /// The move ended the game, and the mover did not win.
    Lost,
}

/// What the analysis says about one move of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveAnnotation {
    /// Ply number, from 1 (passes and seats leaving count, as in the record's movetext).
    pub ply: usize,
    /// Who played it (with two players black is seat 1).
    pub seat: Seat,
    /// How many seats the game has.
    pub seats: usize,
    /// The move played.
    pub played: Move,
    /// The best score the mover had before the move, from the mover's view.
    pub before: Reported,
    /// The mover's score after the move.
    pub after: After,
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

/// Annotates every move of a game of `turns` from `start`, of any number of seats (passes and
/// seats leaving have no choice and get none). `progress(done, total)` is called before the
/// first step and after each (a step is a position searched with two players, a move annotated
/// with more).
pub fn analyse_game(
    engine: &mut Engine,
    start: AnyPosition,
    turns: &[Turn],
    limits: &Limits,
    progress: impl FnMut(usize, usize),
) -> Vec<MoveAnnotation> {
    match start {
        AnyPosition::Two(start) => {
            let moves: Vec<Move> = turns
                .iter()
                .filter_map(|turn| match turn {
                    Turn::Move(mv) => Some(*mv),
                    Turn::Pass | Turn::Leave => None,
                })
                .collect();
            two_players::analyse_two_player_game(engine, start, &moves, limits, progress)
        }
        AnyPosition::Multi(start) => {
            multi::analyse_multi_game(engine, start, turns, limits, progress)
        }
    }
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

    #[test]
    fn a_move_that_reaches_the_move_limit_a_marble_down_loses() {
        // Black, a marble down, plays ply 6 of a limit of 6: White wins on marbles.
        let start: Position = "wwwww/wwwwww/2www2/8/9/8/3bb2/bbbbbb/bbbbb b 1 0 5"
            .parse::<Position>()
            .unwrap()
            .with_move_limit(6);
        let quiet = start.moves().as_slice()[0];
        let mut engine = Engine::new(1).unwrap();
        let limits = Limits::depth(1);
        let start = AnyPosition::Two(start);
        let notes = analyse_game(&mut engine, start, &[Turn::Move(quiet)], &limits, |_, _| {});
        assert_eq!(notes[0].after, After::Lost);
    }
}
