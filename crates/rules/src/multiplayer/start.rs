//! A start of either kind: a two-player layout or position string, or one of three to six
//! players. The command line and the protocol read their `--layout`, `--fen` and `position`
//! arguments through this, so that every name and string of either kind is understood in one
//! place.

use super::layout::MultiLayout;
use super::position::MultiPosition;
use super::position_string::MultiPositionError;
use crate::board::{Layout, Position, PositionStringError};
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
