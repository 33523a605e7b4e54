//! A finished game: its moves, winner and termination, as a record holds it.

use super::{Record, RecordsError, replay};
use sumito_rules::board::Colour;
use sumito_rules::ending::{Termination, result_token};
use sumito_rules::movegen::Move;

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
    /// For an adjudicated game, the scores that decided it (the record's `Adjudication` tag).
    pub adjudication: Option<String>,
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
            adjudication: None,
        }
    }

    /// The game a record holds: its moves replayed by the rules core (an illegal one is an
    /// error), its winner from the result, its termination, and for a fault the side at fault
    /// (the loser). An unfinished game (`*`) is an error.
    pub fn from_record(record: &Record) -> Result<PlayedGame, RecordsError> {
        let moves = replay(record)?.moves;
        let termination: Termination = record.required_tag("Termination")?.parse()?;
        let winner = match record.result.as_deref().or(record.tag("Result")) {
            Some("1-0") => Some(Colour::Black),
            Some("0-1") => Some(Colour::White),
            Some("1/2-1/2") => None,
            Some(other) => {
                return Err(RecordsError::Unfinished {
                    result: other.to_string(),
                });
            }
            None => return Err(RecordsError::NoResult),
        };
        let culprit = match termination.is_fault() {
            true => winner.map(Colour::opponent),
            false => None,
        };
        Ok(PlayedGame {
            moves,
            winner,
            termination,
            culprit,
            adjudication: record.tag("Adjudication").map(str::to_string),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::parse_records;

    #[test]
    fn a_record_gives_back_its_game_with_the_side_at_fault() {
        let text = "[Layout \"standard\"]\n[Result \"0-1\"]\n[Termination \"time forfeit\"]\n\n\
                    1. a1b1 i9h9 2. a2b2 0-1\n";
        let game = PlayedGame::from_record(&parse_records(text).unwrap()[0]).unwrap();
        assert_eq!(game.moves.len(), 3);
        assert_eq!(game.winner, Some(Colour::White));
        assert_eq!(game.culprit, Some(Colour::Black));
        assert_eq!(game.termination, Termination::TimeForfeit);
        let drawn = text
            .replace("0-1", "1/2-1/2")
            .replace("time forfeit", "game time");
        let game = PlayedGame::from_record(&parse_records(&drawn).unwrap()[0]).unwrap();
        assert_eq!((game.winner, game.culprit), (None, None));
        for (from, to, why) in [
            ("0-1", "*", "not finished"),
            ("a2b2", "a2a4", "illegal move 3"),
            ("time forfeit", "bored", "unknown termination"),
        ] {
            let text = text.replace(from, to);
            let error = PlayedGame::from_record(&parse_records(&text).unwrap()[0]).unwrap_err();
            assert!(error.to_string().contains(why), "{error}");
        }
    }
}
