//! A finished game of three to six players as a record holds it: where it started, its turns,
//! the seats that left and why, and how it ended.

use super::{MultiReplayed, replay_multi};
use crate::records::{Record, RecordsError};
use sumito_rules::board::Seat;
use sumito_rules::ending::Termination;
use sumito_rules::ending::{parse_rank_token, rank_token};
use sumito_rules::game::Turn;
use sumito_rules::multiplayer::{MultiLayout, MultiPosition};

/// Where a record of three to six players starts: a layout or a position string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MultiStart {
    /// A starting layout.
    Layout(MultiLayout),
    /// A position given as a position string.
    Fen(MultiPosition),
}

impl MultiStart {
    /// The position (without a move limit).
    pub fn position(&self) -> MultiPosition {
        match *self {
            MultiStart::Layout(layout) => layout.position(),
            MultiStart::Fen(position) => position,
        }
    }

    /// The start as the `position` command names it: `layout <name>` or `fen <string>`.
    pub fn command_words(&self) -> String {
        match self {
            MultiStart::Layout(layout) => format!("layout {}", layout.name()),
            MultiStart::Fen(position) => format!("fen {position}"),
        }
    }
}

/// A seat that left the game, and why (a fault or a resignation: the record's `Left` tag).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeftSeat {
    /// The seat.
    pub seat: Seat,
    /// Why: `time forfeit`, `illegal move …`, `crash`, `no answer` or `resignation`.
    pub why: Termination,
}

/// A game of three to six players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MultiGame {
    /// Every turn from the start of the record, the opening included.
    pub turns: Vec<Turn>,
    /// The seats that left, in the order of the `leave` turns.
    pub left: Vec<LeftSeat>,
    /// Why the game ended: by the rules, the game time, or abandoned (result `*`).
    pub termination: Termination,
    /// Each seat's finishing rank, in seat order; `None` for an abandoned game.
    pub ranks: Option<Vec<u8>>,
}

impl MultiGame {
    /// The result token: the ranks (`1-3-2`), or `*` for a game left unfinished.
    pub fn result(&self) -> String {
        match &self.ranks {
            Some(ranks) if self.termination != Termination::Abandoned => rank_token(ranks),
            _ => "*".to_string(),
        }
    }

    /// The game a record holds: its turns replayed by the rules core (an illegal one is an
    /// error), its ranks from the result and the seats that left from the `Left` tag. An
    /// unfinished game (`*`) has no ranks.
    pub fn from_record(record: &Record) -> Result<MultiGame, RecordsError> {
        MultiGame::from_replayed(record, &replay_multi(record)?)
    }

    /// The game of a record already replayed (see [`MultiGame::from_record`]).
    pub fn from_replayed(
        record: &Record,
        replayed: &MultiReplayed,
    ) -> Result<MultiGame, RecordsError> {
        let termination: Termination = record.required_tag("Termination")?.parse()?;
        let seats = replayed.start.seating().seats();
        let result = crate::records::replay::checked_result(record)?;
        let ranks = match result {
            "*" => None,
            token => Some(
                parse_rank_token(token, seats).ok_or_else(|| RecordsError::BadTag {
                    tag: "Result",
                    value: token.to_string(),
                })?,
            ),
        };
        Ok(MultiGame {
            turns: replayed.turns.clone(),
            left: replayed.left.clone(),
            termination,
            ranks,
        })
    }
}
