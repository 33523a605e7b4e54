//! Matches of three to six players (`sumito match --players N`): who sits where (`seatings`),
//! the openings of each layout (`openings`, made by `suite`), the table (`tally`), what the
//! runner plays (`plan`) and the table of record files (`merge`); a game is played as the
//! two-player one is (`match_runner::game`).
//!
//! A game's seat whose engine fails leaves it and the others play on (RULES.md); the record
//! says who left and why (GAMES.md, "Three to six players"), and the table counts it against
//! the engine.

pub mod merge;
pub mod openings;
mod plan;
pub mod seatings;
pub mod suite;
pub mod tally;

pub(super) use plan::Combinations;
pub use plan::{MultiJob, schedule_multi};

use openings::MultiBook;
use seatings::Unit;
use sumito_rules::multiplayer::MultiLayout;

/// What a match of three to six players adds to the match's settings.
#[derive(Clone, Debug)]
pub struct MultiMatch {
    /// The layout: it says the number of players and the teams.
    pub layout: MultiLayout,
    /// What fills each player's seat, or each team's: engines, or listed pairs of partners.
    pub units: Vec<Unit>,
    pub book: MultiBook,
}

impl MultiMatch {
    /// How many seatings one combination of units has (see `seatings`): the games of one
    /// opening.
    pub fn seatings_per_combination(&self) -> usize {
        let seating = self.layout.seating();
        let first = &self.units[..seating.teams().min(self.units.len())];
        seatings::seatings(first, seating).len()
    }
}
