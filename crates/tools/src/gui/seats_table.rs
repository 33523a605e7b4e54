//! The table's game of three to six players and who plays it: the game, a person or an engine
//! at each seat, each seat's time control and clock, and whether the game is analysed. The
//! page's requests on it are in `multi_table`, its engines' searches in `multi_searches`.

use super::multi_game::SeatsGame;
use std::time::Instant;
use sumito_games::clock::{GameClocks, TimeControl};
use sumito_rules::board::{Seat, Seating};

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sitter {
    /// A person at the page.
    Person,
    /// The engine of this index on the command line, in the engine slot of the seat's index.
    Engine(usize),
}

/// A game of three to six players at the table, and who plays it.
#[derive(Clone, Debug)]
pub struct SeatsTable {
    /// The game.
    pub game: SeatsGame,
    /// Who plays each seat, by seat index.
    pub sitters: Vec<Sitter>,
    /// Each seat's time control (a person's is the game's).
    pub controls: Vec<TimeControl>,
    /// `Some(running)` while the game is analysed (the engine of slot 0 searches the shown
    /// position); `None` while it is played.
    pub analysis: Option<bool>,
    /// The clocks of a clock time control, one per seat.
    pub clocks: Option<GameClocks>,
    /// The seat whose clock runs, and since when.
    pub clock_running: Option<(Seat, Instant)>,
}

impl SeatsTable {
    /// Who plays `seat`.
    pub fn sitter(&self, seat: Seat) -> Sitter {
        self.sitters
            .get(seat.index())
            .copied()
            .unwrap_or(Sitter::Person)
    }

    /// Is the game played by engines alone?
    pub fn engines_only(&self) -> bool {
        !self.sitters.contains(&Sitter::Person)
    }

    /// May a person move on the shown position: in analysis, or when the seat to move is a
    /// person's (and the game is not over there)?
    pub fn person_may_move(&self) -> bool {
        let shown = self.game.shown();
        shown.outcome().is_none()
            && (self.analysis.is_some() || self.sitter(shown.side_to_move()) == Sitter::Person)
    }
}

/// A seat's colour as a name: `Black`, `Red`.
pub fn capitalised(name: &str) -> String {
    let mut letters = name.chars();
    letters.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(letters).collect()
    })
}

/// The seats of each team, by team (one seat a team without teams).
pub fn teams(seating: Seating) -> Vec<Vec<Seat>> {
    (0..seating.teams())
        .map(|team| seating.team_seats(team).collect())
        .collect()
}
