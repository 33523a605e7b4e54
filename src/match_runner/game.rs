//! One game between two engine processes. The runner keeps the authoritative position with the
//! rules core and checks every move; the engines only propose.

use super::engine::{EngineProcess, Failure};
use super::openings::Opening;
use super::time_control::{Clocks, TimeControl};
use crate::board::{Colour, Outcome, WinReason};
use crate::movegen::Move;
use crate::samples::Samples;
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Longest illegal move text kept in a termination reason.
const MAX_MOVE_TEXT: usize = 24;

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// A side lost its sixth marble.
    SixEjected,
    /// The move limit was reached: more marbles ejected wins, equal draws.
    MoveLimit,
    /// The side to move had no legal move.
    NoLegalMove,
    /// The mover's `bestmove` came later than its clock (plus the margin) allowed.
    TimeForfeit,
    /// The mover answered a move that does not parse or is not legal (the text it sent).
    IllegalMove(String),
    /// The engine's process ended (or could not be started).
    Crash,
    /// The engine stayed silent longer than the silence timeout.
    NoAnswer,
    /// A player gave up (games played with `sumito play`).
    Resignation,
    /// A player left the game unfinished (the input of `sumito play` ended).
    Abandoned,
}

impl Termination {
    /// Does the game end by a player's doing (a fault, resigning, leaving) rather than by the
    /// rules?
    pub fn is_fault(&self) -> bool {
        !matches!(
            self,
            Termination::SixEjected | Termination::MoveLimit | Termination::NoLegalMove
        )
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
            Termination::TimeForfeit => f.write_str("time forfeit"),
            Termination::IllegalMove(text) => write!(f, "illegal move {text}"),
            Termination::Crash => f.write_str("crash"),
            Termination::NoAnswer => f.write_str("no answer"),
            Termination::Resignation => f.write_str("resignation"),
            Termination::Abandoned => f.write_str("abandoned"),
        }
    }
}

impl FromStr for Termination {
    type Err = String;

    fn from_str(text: &str) -> Result<Termination, String> {
        Ok(match text.trim() {
            "six marbles ejected" => Termination::SixEjected,
            "move limit" => Termination::MoveLimit,
            "no legal move" => Termination::NoLegalMove,
            "time forfeit" => Termination::TimeForfeit,
            "crash" => Termination::Crash,
            "no answer" => Termination::NoAnswer,
            "resignation" => Termination::Resignation,
            "abandoned" => Termination::Abandoned,
            other => match other.strip_prefix("illegal move") {
                Some(text) => Termination::IllegalMove(text.trim().to_string()),
                None => return Err(format!("unknown termination '{other}'")),
            },
        })
    }
}

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
}

impl PlayedGame {
    /// A game lost by `culprit` for `termination` after `moves`.
    fn forfeit(moves: Vec<Move>, culprit: Colour, termination: Termination) -> PlayedGame {
        PlayedGame {
            moves,
            winner: Some(culprit.opponent()),
            termination,
            culprit: Some(culprit),
        }
    }

    /// A game lost before it began because `culprit`'s engine could not be started.
    pub fn not_started(opening: &Opening, culprit: Colour) -> PlayedGame {
        PlayedGame::forfeit(opening.moves.clone(), culprit, Termination::Crash)
    }
}

/// What a game is played with.
#[derive(Clone, Debug)]
pub struct GameSetup<'a> {
    /// The start and the opening moves.
    pub opening: &'a Opening,
    /// Plies after the record's start position at which the move limit ends the game.
    pub max_plies: u32,
    /// Time controls, indexed by [`Colour::index`].
    pub controls: [TimeControl; 2],
    /// Grace added to the clock before a late answer loses.
    pub margin: Duration,
    /// How long an engine may stay silent where no clock bounds it.
    pub silence: Duration,
}

impl GameSetup<'_> {
    /// The ply count at which the game ends by the move limit.
    pub fn move_limit(&self) -> u32 {
        self.opening.start.position().plies() + self.max_plies
    }
}

/// The termination for a failure of `engine`, which was waited on with a clock (`timed`) or
/// without. Silence from a process that has exited (a child of it may hold its output open) is
/// a crash.
fn failure_termination(engine: &mut EngineProcess, failure: Failure, timed: bool) -> Termination {
    let failure = match failure {
        Failure::Silent if engine.has_exited() => Failure::Crashed,
        failure => failure,
    };
    match (failure, timed) {
        (Failure::Crashed, _) => Termination::Crash,
        (Failure::Silent, true) => Termination::TimeForfeit,
        (Failure::Silent, false) => Termination::NoAnswer,
    }
}

/// Plays one game; `engines` is indexed by [`Colour::index`]. Returns `None` if `stop` was set
/// before the game ended (the game is then void). Every timed answer adds to `lateness` (per
/// colour) its time minus the time it was allowed before the margin.
pub fn play(
    engines: [&mut EngineProcess; 2],
    setup: &GameSetup,
    wants_move_limit: [bool; 2],
    stop: &AtomicBool,
    lateness: &mut [Samples; 2],
) -> Option<PlayedGame> {
    let opening = setup.opening;
    let limit = setup.move_limit();
    let mut position = opening.start.position().with_move_limit(limit);
    let mut moves: Vec<Move> = Vec::new();
    for &mv in &opening.moves {
        position = position.play(mv);
        moves.push(mv);
    }
    // Both engines forget the last game and get ready (not on anyone's clock).
    for colour in Colour::BOTH {
        let engine = &mut *engines[colour.index()];
        let mut ready = Ok(());
        if wants_move_limit[colour.index()] {
            ready = engine.send(&format!("setoption name MoveLimit value {limit}"));
        }
        let ready = ready
            .and_then(|()| engine.send("newgame"))
            .and_then(|()| engine.sync(setup.silence).map(|_| ()));
        if let Err(failure) = ready {
            let termination = failure_termination(engine, failure, false);
            return Some(PlayedGame::forfeit(moves, colour, termination));
        }
    }
    let mut clocks = Clocks::new(setup.controls);
    let start_words = opening.start.command_words();
    let mut move_texts: Vec<String> = moves.iter().map(Move::to_string).collect();
    loop {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        if let Some(outcome) = position.outcome() {
            let winner = match outcome {
                Outcome::Win { winner, .. } => Some(winner),
                Outcome::Draw => None,
            };
            return Some(PlayedGame {
                moves,
                winner,
                termination: Termination::from_outcome(&outcome),
                culprit: None,
            });
        }
        let side = position.side_to_move();
        let engine = &mut *engines[side.index()];
        let mut command = format!("position {start_words}");
        if !move_texts.is_empty() {
            command += " moves ";
            command += &move_texts.join(" ");
        }
        let ready = engine
            .send(&command)
            .and_then(|()| engine.sync(setup.silence));
        if let Err(failure) = ready {
            let termination = failure_termination(engine, failure, false);
            return Some(PlayedGame::forfeit(moves, side, termination));
        }
        let allowance = clocks.allowance(side, setup.margin, setup.silence);
        let go = clocks.go_command(side);
        if let Err(failure) = engine.send(&go) {
            let termination = failure_termination(engine, failure, allowance.timed);
            return Some(PlayedGame::forfeit(moves, side, termination));
        }
        let sent = Instant::now();
        let deadline = sent + allowance.limit;
        let (answer, elapsed) = loop {
            match engine.next_line(deadline) {
                Ok((line, at)) => {
                    let mut words = line.split_whitespace();
                    if words
                        .next()
                        .is_some_and(|w| w.eq_ignore_ascii_case("bestmove"))
                    {
                        let answer: String = words.next().unwrap_or("(none)").to_string();
                        break (answer, at.saturating_duration_since(sent));
                    }
                    // `info` lines and anything else are passed over.
                }
                Err(failure) => {
                    let termination = failure_termination(engine, failure, allowance.timed);
                    return Some(PlayedGame::forfeit(moves, side, termination));
                }
            }
        };
        if allowance.timed {
            lateness[side.index()].push_difference(elapsed, allowance.limit - setup.margin);
        }
        if allowance.timed && elapsed > allowance.limit {
            return Some(PlayedGame::forfeit(moves, side, Termination::TimeForfeit));
        }
        let mv = match position.parse_move(&answer) {
            Ok(mv) => mv,
            Err(_) => {
                let text: String = answer
                    .chars()
                    .filter(|c| !c.is_control() && *c != '"' && *c != '\\')
                    .take(MAX_MOVE_TEXT)
                    .collect();
                let termination = Termination::IllegalMove(text);
                return Some(PlayedGame::forfeit(moves, side, termination));
            }
        };
        clocks.charge(side, elapsed);
        position = position.play(mv);
        moves.push(mv);
        move_texts.push(mv.to_string());
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
            Termination::TimeForfeit,
            Termination::IllegalMove("e5e6".into()),
            Termination::Crash,
            Termination::NoAnswer,
        ] {
            let text = termination.to_string();
            assert_eq!(text.parse::<Termination>(), Ok(termination.clone()));
            assert_eq!(
                termination.is_fault(),
                !matches!(
                    termination,
                    Termination::SixEjected | Termination::MoveLimit | Termination::NoLegalMove
                )
            );
        }
        assert!("resigned".parse::<Termination>().is_err());
    }
}
