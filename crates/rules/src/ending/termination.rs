//! How a game ended, as the `Termination` tag of a record says it (GAMES.md).

use crate::board::{Outcome, WinReason};
use crate::multiplayer::MultiReason;
use std::fmt;
use std::str::FromStr;

/// Longest illegal answer kept in a termination.
const MAX_MOVE_TEXT: usize = 24;

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// A side lost its sixth marble.
    SixEjected,
    /// The move limit was reached: more marbles ejected wins, equal draws.
    MoveLimit,
    /// The side to move had no legal move (with three to six players: no seat had one).
    NoLegalMove,
    /// Three to six players: every other player or team left the game.
    LastInPlay,
    /// The mover's `bestmove` came later than its clock (plus the margin) allowed.
    TimeForfeit,
    /// The mover answered a move that does not parse or is not legal (the text it sent).
    IllegalMove(String),
    /// The engine's process ended (or could not be started).
    Crash,
    /// The engine stayed silent longer than the silence timeout.
    NoAnswer,
    /// The points game's total thinking time ran out (`sumito match --game-time`): the side
    /// that ejected more marbles wins, equal counts draw.
    GameTime,
    /// A player gave up (games played with `sumito play` or the GUI).
    Resignation,
    /// The players agreed a draw (`sumito play`'s `draw`, the GUI's Offer draw).
    Agreement,
    /// The match runner's `--draw`: both engines' scores stayed near level for as many moves
    /// as it asks, with no marble ejected meanwhile and equal counts ejected.
    AdjudicatedDraw,
    /// The match runner's `--resign`: the loser's engine scored its position hopeless for as
    /// many moves as it asks (and, two-sided, the winner's agreed).
    AdjudicatedLoss,
    /// A player left the game unfinished (`quit` in `sumito play`, or the end of its input);
    /// the result is `*`.
    Abandoned,
}

impl Termination {
    /// Does the game end by a player's doing (a fault, resigning, leaving, or its engine's
    /// scores giving the game up) rather than by the rules, the game time or a draw by the
    /// scores?
    pub fn is_fault(&self) -> bool {
        !matches!(
            self,
            Termination::SixEjected
                | Termination::MoveLimit
                | Termination::NoLegalMove
                | Termination::LastInPlay
                | Termination::GameTime
                | Termination::AdjudicatedDraw
                | Termination::Agreement
        )
    }

    /// The termination of an illegal answer `text`, kept readable and safe in a tag: control
    /// characters, quotes, backslashes and `;` (which separates the seats of a `Left` tag)
    /// dropped, and at most 24 characters.
    pub fn illegal_move(text: &str) -> Termination {
        let kept = text
            .chars()
            .filter(|c| !c.is_control() && !matches!(c, '"' | '\\' | ';'))
            .take(MAX_MOVE_TEXT)
            .collect();
        Termination::IllegalMove(kept)
    }

    /// Is this why a seat leaves a game of three to six players (a fault or a resignation),
    /// rather than why a game ends?
    pub fn is_seat_leaving(&self) -> bool {
        matches!(
            self,
            Termination::TimeForfeit
                | Termination::IllegalMove(_)
                | Termination::Crash
                | Termination::NoAnswer
                | Termination::Resignation
        )
    }

    /// The termination of a game of three to six players that the rules ended for `reason`.
    pub fn from_multi_reason(reason: MultiReason) -> Termination {
        match reason {
            MultiReason::SixEjected => Termination::SixEjected,
            MultiReason::LastInPlay => Termination::LastInPlay,
            MultiReason::MoveLimit => Termination::MoveLimit,
            MultiReason::NoMoves => Termination::NoLegalMove,
        }
    }

    /// The termination a finished position's outcome stands for.
    pub fn from_outcome(outcome: &Outcome) -> Termination {
        match outcome {
            Outcome::Win {
                reason: WinReason::SixEjected,
                ..
            } => Termination::SixEjected,
            Outcome::Win {
                reason: WinReason::MoveLimit,
                ..
            }
            | Outcome::Draw => Termination::MoveLimit,
            Outcome::Win {
                reason: WinReason::NoMoves,
                ..
            } => Termination::NoLegalMove,
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Termination::SixEjected => f.write_str("six marbles ejected"),
            Termination::MoveLimit => f.write_str("move limit"),
            Termination::NoLegalMove => f.write_str("no legal move"),
            Termination::LastInPlay => f.write_str("last in play"),
            Termination::TimeForfeit => f.write_str("time forfeit"),
            Termination::IllegalMove(text) => write!(f, "illegal move {text}"),
            Termination::Crash => f.write_str("crash"),
            Termination::NoAnswer => f.write_str("no answer"),
            Termination::GameTime => f.write_str("game time"),
            Termination::Resignation => f.write_str("resignation"),
            Termination::Agreement => f.write_str("draw by agreement"),
            Termination::AdjudicatedDraw => f.write_str("adjudicated draw"),
            Termination::AdjudicatedLoss => f.write_str("adjudicated loss"),
            Termination::Abandoned => f.write_str("abandoned"),
        }
    }
}

/// A `Termination` tag that names no way a game ends.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown termination '{0}'")]
pub struct UnknownTermination(pub String);

impl FromStr for Termination {
    type Err = UnknownTermination;

    fn from_str(text: &str) -> Result<Termination, UnknownTermination> {
        Ok(match text.trim() {
            "six marbles ejected" => Termination::SixEjected,
            "move limit" => Termination::MoveLimit,
            "no legal move" => Termination::NoLegalMove,
            "last in play" => Termination::LastInPlay,
            "time forfeit" => Termination::TimeForfeit,
            "crash" => Termination::Crash,
            "no answer" => Termination::NoAnswer,
            "game time" => Termination::GameTime,
            "resignation" => Termination::Resignation,
            "draw by agreement" => Termination::Agreement,
            "adjudicated draw" => Termination::AdjudicatedDraw,
            "adjudicated loss" => Termination::AdjudicatedLoss,
            "abandoned" => Termination::Abandoned,
            // The words, then the answer after a blank: `illegal movement` is no termination.
            other => match other.strip_prefix("illegal move") {
                Some(text) if text.is_empty() || text.starts_with(' ') => {
                    Termination::IllegalMove(text.trim().to_string())
                }
                _ => {
                    return Err(UnknownTermination(other.to_string()));
                }
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminations_read_back_what_they_write() {
        for termination in [
            Termination::SixEjected,
            Termination::MoveLimit,
            Termination::NoLegalMove,
            Termination::LastInPlay,
            Termination::TimeForfeit,
            Termination::IllegalMove("e5e6".into()),
            Termination::Crash,
            Termination::NoAnswer,
            Termination::GameTime,
            Termination::Resignation,
            Termination::Agreement,
            Termination::AdjudicatedDraw,
            Termination::AdjudicatedLoss,
            Termination::Abandoned,
        ] {
            let text = termination.to_string();
            assert_eq!(text.parse::<Termination>().unwrap(), termination);
            assert_eq!(
                termination.is_fault(),
                !matches!(
                    termination,
                    Termination::SixEjected
                        | Termination::MoveLimit
                        | Termination::NoLegalMove
                        | Termination::LastInPlay
                        | Termination::GameTime
                        | Termination::AdjudicatedDraw
                        | Termination::Agreement
                )
            );
        }
        assert_eq!(
            "game time".parse::<Termination>().unwrap(),
            Termination::GameTime
        );
        assert!("resigned".parse::<Termination>().is_err());
        assert!("illegal movement".parse::<Termination>().is_err());
        assert_eq!(
            "illegal move".parse::<Termination>().unwrap(),
            Termination::IllegalMove(String::new())
        );
    }

    #[test]
    fn an_illegal_answer_is_kept_safe_for_a_tag() {
        let answer = "e5e6;red: \"crash\"\\\nand a long tail of words";
        assert_eq!(
            Termination::illegal_move(answer),
            Termination::IllegalMove("e5e6red: crashand a long".into())
        );
    }
}
