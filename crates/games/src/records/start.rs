//! Where a record starts: a layout (the `Layout` tag) or a position string (the `FEN` tag).

use sumito_rules::board::{Layout, Position};

/// Where a game's record starts: a layout or a position string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// A starting layout.
    Layout(Layout),
    /// A position given as a position string.
    Fen(Position),
}

impl Start {
    /// The position (without a move limit).
    pub fn position(&self) -> Position {
        match *self {
            Start::Layout(layout) => layout.position(),
            Start::Fen(position) => position,
        }
    }

    /// The start as the `position` command names it: `layout <name>` or `fen <string>`.
    pub fn command_words(&self) -> String {
        match self {
            Start::Layout(layout) => format!("layout {layout}"),
            Start::Fen(position) => format!("fen {position}"),
        }
    }
}
