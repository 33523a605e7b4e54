//! A finished game as a record holds it, of any number of seats: its turns, the seats that left
//! and why, how it ended and how the seats finished.

use super::seats_replay::{MultiReplayed, is_multi_record, replay_multi};
use super::{Record, RecordsError, replay};
use sumito_rules::board::{Colour, Seat};
use sumito_rules::ending::{Termination, parse_rank_token, rank_token, result_token};
use sumito_rules::game::Turn;
use sumito_rules::movegen::Move;

/// A seat that left the game, and why (a fault or a resignation: the record's `Left` tag).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeftSeat {
    /// The seat.
    pub seat: Seat,
    /// Why: `time forfeit`, `illegal move …`, `crash`, `no answer` or `resignation`.
    pub why: Termination,
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedGame {
    /// Every turn from the start of the record, the opening included (only moves with two
    /// players).
    pub turns: Vec<Turn>,
    /// With three to six players, the seats that left, in the order of the `leave` turns.
    pub left: Vec<LeftSeat>,
    /// Why it ended.
    pub termination: Termination,
    /// Each seat's finishing rank, in seat order: with two players 1-2 or 2-1 for a win and
    /// 1-1 for a draw; `None` for an abandoned game.
    pub ranks: Option<Vec<u8>>,
    /// With two players, the side whose engine failed, for the fault terminations (with more
    /// players such a seat leaves the game instead).
    pub culprit: Option<Colour>,
    /// For an adjudicated game, the scores that decided it (the record's `Adjudication` tag).
    pub adjudication: Option<String>,
    /// Comments the movetext gives after a turn, as (the turns before them, the text): how late
    /// a move was that lost on time. Reading a record drops them.
    pub comments: Vec<(usize, String)>,
}

impl PlayedGame {
    /// A two-player game of `moves` won by `winner` (`None`: a draw, or no result when
    /// `termination` is `abandoned`).
    pub fn two_player(
        moves: Vec<Move>,
        winner: Option<Colour>,
        termination: Termination,
    ) -> PlayedGame {
        let ranks = match winner {
            _ if termination == Termination::Abandoned => None,
            Some(Colour::Black) => Some(vec![1, 2]),
            Some(Colour::White) => Some(vec![2, 1]),
            None => Some(vec![1, 1]),
        };
        PlayedGame {
            turns: moves.into_iter().map(Turn::Move).collect(),
            left: Vec::new(),
            termination,
            ranks,
            culprit: None,
            adjudication: None,
            comments: Vec::new(),
        }
    }

    /// A game of three to six players: its turns, the seats that left, how it ended and the
    /// ranks (`None` when abandoned).
    pub fn of_seats(
        turns: Vec<Turn>,
        left: Vec<LeftSeat>,
        termination: Termination,
        ranks: Option<Vec<u8>>,
    ) -> PlayedGame {
        PlayedGame {
            turns,
            left,
            termination,
            ranks,
            culprit: None,
            adjudication: None,
            comments: Vec::new(),
        }
    }

    /// A two-player game lost by `culprit` for `termination` after `moves`.
    pub fn forfeit(moves: Vec<Move>, culprit: Colour, termination: Termination) -> PlayedGame {
        PlayedGame {
            culprit: Some(culprit),
            ..PlayedGame::two_player(moves, Some(culprit.opponent()), termination)
        }
    }

    /// The moves played, in order (passes and seats leaving left out).
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.turns.iter().filter_map(|turn| match turn {
            Turn::Move(mv) => Some(*mv),
            Turn::Pass | Turn::Leave => None,
        })
    }

    /// The winner of a two-player game: `None` for a draw or an unfinished game.
    pub fn winner(&self) -> Option<Colour> {
        match self.ranks.as_deref() {
            Some([1, 2]) => Some(Colour::Black),
            Some([2, 1]) => Some(Colour::White),
            _ => None,
        }
    }

    /// The result token of the record: `*` for a game left unfinished, else who won (`1-0`,
    /// `0-1` or `1/2-1/2` with two players, the ranks such as `1-3-2` with more).
    pub fn result(&self) -> String {
        match &self.ranks {
            Some(ranks) if self.termination != Termination::Abandoned => match ranks.len() {
                2 => result_token(self.winner()).to_string(),
                _ => rank_token(ranks),
            },
            _ => "*".to_string(),
        }
    }

    /// The game a record of any number of seats holds: its turns replayed by the rules core (an
    /// illegal one is an error), its result, its termination, and with two players the side at
    /// fault (the loser of a fault), with more the seats that left (the `Left` tag). A
    /// two-player game left unfinished (`*`) is an error; a larger one has no ranks.
    pub fn from_record(record: &Record) -> Result<PlayedGame, RecordsError> {
        match is_multi_record(record) {
            true => PlayedGame::from_replayed(record, &replay_multi(record)?),
            false => PlayedGame::from_two_player_moves(record, replay(record)?.moves),
        }
    }

    /// The game of a two-player record whose moves are already replayed (see
    /// [`PlayedGame::from_record`]).
    pub fn from_two_player_moves(
        record: &Record,
        moves: Vec<Move>,
    ) -> Result<PlayedGame, RecordsError> {
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
            culprit,
            adjudication: record.tag("Adjudication").map(str::to_string),
            ..PlayedGame::two_player(moves, winner, termination)
        })
    }

    /// The game of a record of three to six players already replayed (see
    /// [`PlayedGame::from_record`]).
    pub fn from_replayed(
        record: &Record,
        replayed: &MultiReplayed,
    ) -> Result<PlayedGame, RecordsError> {
        let termination: Termination = record.required_tag("Termination")?.parse()?;
        let seats = replayed.start.seating().seats();
        let result = super::checks::checked_result(record)?;
        let ranks = match result {
            "*" => None,
            token => Some(
                parse_rank_token(token, seats).ok_or_else(|| RecordsError::BadTag {
                    tag: "Result",
                    value: token.to_string(),
                })?,
            ),
        };
        let (turns, left) = (replayed.turns.clone(), replayed.left.clone());
        Ok(PlayedGame::of_seats(turns, left, termination, ranks))
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
        assert_eq!(game.moves().count(), 3);
        assert_eq!(game.winner(), Some(Colour::White));
        assert_eq!(game.result(), "0-1");
        assert_eq!(game.culprit, Some(Colour::Black));
        assert_eq!(game.termination, Termination::TimeForfeit);
        let drawn = text
            .replace("0-1", "1/2-1/2")
            .replace("time forfeit", "game time");
        let game = PlayedGame::from_record(&parse_records(&drawn).unwrap()[0]).unwrap();
        assert_eq!((game.winner(), game.culprit), (None, None));
        assert_eq!(game.result(), "1/2-1/2");
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
