//! One turn of a game of three to six players: a move, a pass, or the seat leaving the game.

use std::fmt;
use sumito_rules::movegen::Move;
use sumito_rules::multiplayer::{MultiMoveError, MultiPosition};

/// One turn as the movetext writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MultiTurn {
    /// A move in Aba-Pro notation.
    Move(Move),
    /// `pass`: the seat to move had no legal move.
    Pass,
    /// `leave`: the seat to move left the game (why is in the record's `Left` tag).
    Leave,
}

impl MultiTurn {
    /// The turn `text` stands for in `position`, checked: a legal move, `pass` for a blocked
    /// seat, or `leave` in a game not over.
    pub fn parse(position: &MultiPosition, text: &str) -> Result<MultiTurn, MultiMoveError> {
        if text.eq_ignore_ascii_case("leave") {
            return match position.is_over() {
                true => Err(MultiMoveError::GameOver),
                false => Ok(MultiTurn::Leave),
            };
        }
        Ok(match position.parse_move(text)? {
            Some(mv) => MultiTurn::Move(mv),
            None => MultiTurn::Pass,
        })
    }

    /// The position after this turn (a legal one).
    pub fn apply(&self, position: &MultiPosition) -> MultiPosition {
        match self {
            MultiTurn::Move(mv) => position.play(*mv),
            MultiTurn::Pass => position.pass(),
            MultiTurn::Leave => position.leave(),
        }
    }
}

impl From<Option<Move>> for MultiTurn {
    /// A move, or `None` for a pass (as [`MultiPosition::parse_move`] reads them).
    fn from(mv: Option<Move>) -> MultiTurn {
        mv.map_or(MultiTurn::Pass, MultiTurn::Move)
    }
}

impl fmt::Display for MultiTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MultiTurn::Move(mv) => write!(f, "{mv}"),
            MultiTurn::Pass => f.write_str("pass"),
            MultiTurn::Leave => f.write_str("leave"),
        }
    }
}
