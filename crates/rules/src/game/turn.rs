//! One turn of a game: a move, or with three to six players a pass or the seat leaving the
//! game.

use crate::movegen::Move;
use crate::multiplayer::{MultiMoveError, MultiPosition};
use std::fmt;

/// One turn as the movetext writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// A move in Aba-Pro notation.
    Move(Move),
    /// `pass`: the seat to move had no legal move.
    Pass,
    /// `leave`: the seat to move left the game (why is in the record's `Left` tag).
    Leave,
}

impl Turn {
    /// The turn `text` stands for in `position` (of three to six players), checked: a legal
    /// move, `pass` for a blocked seat, or `leave` in a game not over.
    pub fn parse(position: &MultiPosition, text: &str) -> Result<Turn, MultiMoveError> {
        if text.eq_ignore_ascii_case("leave") {
            return match position.outcome().is_some() {
                true => Err(MultiMoveError::NoSeatCanLeave),
                false => Ok(Turn::Leave),
            };
        }
        Ok(match position.parse_move(text)? {
            Some(mv) => Turn::Move(mv),
            None => Turn::Pass,
        })
    }

    /// The position of three to six players after this turn (a legal one).
    pub fn apply(&self, position: &MultiPosition) -> MultiPosition {
        match self {
            Turn::Move(mv) => position.play(*mv),
            Turn::Pass => position.pass(),
            Turn::Leave => position.leave(),
        }
    }
}

impl From<Option<Move>> for Turn {
    /// A move, or `None` for a pass (as [`MultiPosition::parse_move`] reads them).
    fn from(mv: Option<Move>) -> Turn {
        mv.map_or(Turn::Pass, Turn::Move)
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Turn::Move(mv) => write!(f, "{mv}"),
            Turn::Pass => f.write_str("pass"),
            Turn::Leave => f.write_str("leave"),
        }
    }
}
