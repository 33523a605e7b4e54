//! The result of a two-player game: its token, as a record's movetext ends (GAMES.md), and the
//! token with the reason in words, as the protocol and the terminal say it.

use crate::board::{Colour, Outcome};

/// The result token of a game: `1-0` (Black won), `0-1` (White won) or `1/2-1/2`.
pub fn result_token(winner: Option<Colour>) -> &'static str {
    match winner {
        Some(Colour::Black) => "1-0",
        Some(Colour::White) => "0-1",
        None => "1/2-1/2",
    }
}

/// The result token and the reason in words: `1-0 black wins (six marbles ejected)`.
pub fn result_text(outcome: &Outcome) -> String {
    format!("{} {outcome}", result_token(outcome.winner()))
}
