//! A finished game: its moves, winner and termination, as a record holds it.

use super::{Termination, result_token};
use crate::board::Colour;
use crate::movegen::Move;

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedGame {
    /// Every move from the start of the record, the opening included.
    pub moves: Vec<Move>,
    /// The winner, `None` for a draw.
    pub winner: Option<Colour>,
    /// Why it ended.
    pub termination: Termination,
    /// The side whose engine failed, for the fault terminations.
    pub culprit: Option<Colour>,
}

impl PlayedGame {
    /// The result token of the record: `*` for a game left unfinished, else who won.
    pub fn result(&self) -> &'static str {
        match self.termination {
            Termination::Abandoned => "*",
            _ => result_token(self.winner),
        }
    }

    /// A game lost by `culprit` for `termination` after `moves`.
    pub fn forfeit(moves: Vec<Move>, culprit: Colour, termination: Termination) -> PlayedGame {
        PlayedGame {
            moves,
            winner: Some(culprit.opponent()),
            termination,
            culprit: Some(culprit),
        }
    }
}
