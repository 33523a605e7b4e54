//! A start of either kind: a two-player layout or position string, or one of three to six
//! players. The command line and the protocol read their `--layout`, `--fen` and `position`
//! arguments through this, so that every name and string of either kind is understood in one
//! place.

use super::Turn;
use crate::board::{Layout, Position, PositionStringError, Seat};
use crate::movegen::MoveError;
use crate::multiplayer::{
    MultiLayout, MultiMoveError, MultiPosition, MultiPositionError, multi_root_moves,
};
use std::fmt;
use std::str::FromStr;

/// A layout of any number of players.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AnyLayout {
    /// A two-player layout.
    Two(Layout),
    /// A layout of three to six players.
    Multi(MultiLayout),
}

/// A position of any number of players.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AnyPosition {
    /// Two players.
    Two(Position),
    /// Three to six players.
    Multi(MultiPosition),
}

/// The name is no layout of any kind.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown layout '{0}' (expected standard or classic, belgian-daisy, german-daisy, \
     three-player, four-player, five-player or six-player)"
)]
pub struct UnknownAnyLayout(pub String);

impl FromStr for AnyLayout {
    type Err = UnknownAnyLayout;

    fn from_str(s: &str) -> Result<AnyLayout, UnknownAnyLayout> {
        if let Ok(layout) = s.parse::<Layout>() {
            return Ok(AnyLayout::Two(layout));
        }
        s.parse::<MultiLayout>()
            .map(AnyLayout::Multi)
            .map_err(|_| UnknownAnyLayout(s.to_string()))
    }
}

impl fmt::Display for AnyLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyLayout::Two(layout) => layout.fmt(f),
            AnyLayout::Multi(layout) => layout.fmt(f),
        }
    }
}

impl AnyLayout {
    /// The starting position.
    pub fn position(self) -> AnyPosition {
        match self {
            AnyLayout::Two(layout) => AnyPosition::Two(layout.position()),
            AnyLayout::Multi(layout) => AnyPosition::Multi(layout.position()),
        }
    }
}

/// What is wrong with a position string of either kind.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnyPositionError {
    /// A two-player string's fault.
    #[error(transparent)]
    Two(#[from] PositionStringError),
    /// An N-seat string's fault.
    #[error(transparent)]
    Multi(#[from] MultiPositionError),
}

/// Why a turn cannot be played: the fault of a two-player move, or of an N-player turn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TurnError {
    /// A two-player move's fault.
    #[error(transparent)]
    Two(#[from] MoveError),
    /// An N-player turn's fault.
    #[error(transparent)]
    Multi(#[from] MultiMoveError),
}

impl From<Layout> for AnyLayout {
    fn from(layout: Layout) -> AnyLayout {
        AnyLayout::Two(layout)
    }
}

impl From<MultiLayout> for AnyLayout {
    fn from(layout: MultiLayout) -> AnyLayout {
        AnyLayout::Multi(layout)
    }
}

impl From<Position> for AnyPosition {
    fn from(position: Position) -> AnyPosition {
        AnyPosition::Two(position)
    }
}

impl From<MultiPosition> for AnyPosition {
    fn from(position: MultiPosition) -> AnyPosition {
        AnyPosition::Multi(position)
    }
}

impl AnyPosition {
    /// The two-player position, if it is one.
    pub fn two(&self) -> Option<Position> {
        match self {
            AnyPosition::Two(position) => Some(*position),
            AnyPosition::Multi(_) => None,
        }
    }

    /// How many seats the game has: 2, or 3 to 6.
    pub fn seats(&self) -> usize {
        match self {
            AnyPosition::Two(_) => 2,
            AnyPosition::Multi(position) => position.seating().seats(),
        }
    }

    /// The same position with a move limit of `plies` (0: none).
    pub fn with_move_limit(self, plies: u32) -> AnyPosition {
        match self {
            AnyPosition::Two(position) => AnyPosition::Two(position.with_move_limit(plies)),
            AnyPosition::Multi(position) => AnyPosition::Multi(position.with_move_limit(plies)),
        }
    }

    /// The seat to move: with two players black is seat 1 and white seat 2.
    pub fn side_to_move(&self) -> Seat {
        match self {
            AnyPosition::Two(position) => Seat::from(position.side_to_move()),
            AnyPosition::Multi(position) => position.side_to_move(),
        }
    }

    /// The turn `text` stands for here, checked: a legal move in Aba-Pro notation (any case,
    /// broadside ends in either order); with three to six players also `pass` for a seat with
    /// no legal move and `leave` in a game not over.
    pub fn parse_turn(&self, text: &str) -> Result<Turn, TurnError> {
        Ok(match self {
            AnyPosition::Two(position) => Turn::Move(position.parse_move(text)?),
            AnyPosition::Multi(position) => Turn::parse(position, text)?,
        })
    }

    /// The position after `turn`, a legal one ([`AnyPosition::parse_turn`]).
    pub fn play(&self, turn: Turn) -> AnyPosition {
        match (self, turn) {
            (AnyPosition::Two(position), Turn::Move(mv)) => AnyPosition::Two(position.play(mv)),
            (AnyPosition::Two(position), Turn::Pass | Turn::Leave) => {
                unreachable!("{turn} is no two-player turn (in {position})")
            }
            (AnyPosition::Multi(position), turn) => AnyPosition::Multi(turn.apply(position)),
        }
    }

    /// The legal turns in generation order: the legal moves; with three to six players `pass`
    /// alone for a seat that has none, and nothing when the game is over.
    pub fn legal_turns(&self) -> Vec<Turn> {
        match self {
            AnyPosition::Two(position) => {
                position.moves().iter().map(|&mv| Turn::Move(mv)).collect()
            }
            AnyPosition::Multi(position) => multi_root_moves(position)
                .into_iter()
                .map(Turn::from)
                .collect(),
        }
    }
}

impl FromStr for AnyPosition {
    type Err = AnyPositionError;

    /// An N-seat string when its third field holds a `/` (the per-seat counts), else a
    /// two-player string.
    fn from_str(s: &str) -> Result<AnyPosition, AnyPositionError> {
        let multi = s
            .split_whitespace()
            .nth(2)
            .is_some_and(|field| field.contains('/'));
        Ok(match multi {
            true => AnyPosition::Multi(s.parse()?),
            false => AnyPosition::Two(s.parse()?),
        })
    }
}

impl fmt::Display for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyPosition::Two(position) => position.fmt(f),
            AnyPosition::Multi(position) => position.fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays the first legal turn `plies` times from the start of `layout`.
    fn first_turns(layout: &str, plies: usize) -> Vec<AnyPosition> {
        let mut game = vec![layout.parse::<AnyLayout>().unwrap().position()];
        for _ in 0..plies {
            let position = game[game.len() - 1];
            let turn = position.legal_turns()[0];
            assert_eq!(position.parse_turn(&turn.to_string()), Ok(turn));
            game.push(position.play(turn));
        }
        game
    }

    #[test]
    fn turns_of_either_kind_read_back_and_play_as_their_own_positions_do() {
        let two = first_turns("standard", 6);
        let mut expected = Position::startpos();
        for (ply, position) in two.iter().enumerate().skip(1) {
            expected = expected.play(*expected.moves().iter().next().unwrap());
            assert_eq!(*position, AnyPosition::Two(expected), "ply {ply}");
        }
        assert_eq!(two[1].side_to_move(), Seat::new(1).unwrap());
        let three = first_turns("three-player", 6);
        assert_eq!(three[2].side_to_move(), Seat::new(2).unwrap());
        assert_eq!(three[3].side_to_move(), Seat::new(0).unwrap());
        assert!(three.iter().all(|position| position.two().is_none()));
    }

    #[test]
    fn pass_and_leave_are_turns_of_more_players_only() {
        let two = AnyLayout::Two(Layout::Standard).position();
        for text in ["leave", "pass"] {
            assert!(matches!(two.parse_turn(text), Err(TurnError::Two(_))));
        }
        let three = AnyLayout::Multi(MultiLayout::ThreePlayer).position();
        assert_eq!(three.parse_turn("LEAVE"), Ok(Turn::Leave));
        assert_eq!(
            three.parse_turn("pass"),
            Err(TurnError::Multi(MultiMoveError::PassWithMoves(
                Seat::new(0).unwrap()
            )))
        );
        let left_twice = three.play(Turn::Leave).play(Turn::Leave);
        assert!(left_twice.legal_turns().is_empty());
        assert_eq!(
            left_twice.parse_turn("leave"),
            Err(TurnError::Multi(MultiMoveError::NoSeatCanLeave))
        );
    }
}
