//! Where a record starts: a layout (the `Layout` tag) or a position string (the `FEN` tag), of
//! one kind of game ([`Start`] for two players, [`MultiStart`] for three to six) or of either
//! ([`AnyStart`], what a record is written from).

use std::fmt::Display;
use sumito_rules::board::{Layout, Position};
use sumito_rules::game::{AnyLayout, AnyPosition};
use sumito_rules::multiplayer::{MultiLayout, MultiPosition};

/// Where a game's record starts: a layout or a position string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartOf<L, P> {
    /// A starting layout.
    Layout(L),
    /// A position given as a position string.
    Fen(P),
}

/// The start of a two-player game.
pub type Start = StartOf<Layout, Position>;
/// The start of a game of three to six players.
pub type MultiStart = StartOf<MultiLayout, MultiPosition>;
/// The start of a game of any number of players.
pub type AnyStart = StartOf<AnyLayout, AnyPosition>;

/// A layout: its name (its `Display`) and the position it sets up.
pub trait StartingLayout: Copy + Display {
    /// The kind of position it sets up.
    type Position: Copy + Display;
    /// The position it sets up.
    fn start_position(self) -> Self::Position;
}

impl StartingLayout for Layout {
    type Position = Position;
    fn start_position(self) -> Position {
        self.position()
    }
}

impl StartingLayout for MultiLayout {
    type Position = MultiPosition;
    fn start_position(self) -> MultiPosition {
        self.position()
    }
}

impl StartingLayout for AnyLayout {
    type Position = AnyPosition;
    fn start_position(self) -> AnyPosition {
        self.position()
    }
}

impl<L: StartingLayout> StartOf<L, L::Position> {
    /// The position (without a move limit).
    pub fn position(&self) -> L::Position {
        match *self {
            StartOf::Layout(layout) => layout.start_position(),
            StartOf::Fen(position) => position,
        }
    }

    /// The start as the `position` command names it: `layout <name>` or `fen <string>`.
    pub fn command_words(&self) -> String {
        match self {
            StartOf::Layout(layout) => format!("layout {layout}"),
            StartOf::Fen(position) => format!("fen {position}"),
        }
    }

    /// The same start, of a game of any number of players.
    pub fn any(self) -> AnyStart
    where
        L: Into<AnyLayout>,
        L::Position: Into<AnyPosition>,
    {
        match self {
            StartOf::Layout(layout) => StartOf::Layout(layout.into()),
            StartOf::Fen(position) => StartOf::Fen(position.into()),
        }
    }
}
