//! One game between two engine processes. The runner keeps the authoritative position with the
//! rules core and checks every move; the engines only propose.
//!
//! In a points game (`--game-time`, see [`sumito_games::clock::game_time`]), when the game time runs
//! out during a search the game is over at that moment: the runner stops waiting, the move in
//! flight is not played, and the engine gets `stop` and `isready` before its next game.

use super::openings::Opening;
use crate::uap_client::{EngineProcess, Failure};
use crate::util::samples::Samples;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use sumito_games::adjudication::{Adjudication, Adjudicator, reported_score};
use sumito_games::clock::{GameClocks, GameTime, TimeControl, whole_ms};
use sumito_games::records::PlayedGame;
use sumito_rules::board::Colour;
use sumito_rules::board::Position;
use sumito_rules::ending::Termination;
use sumito_rules::movegen::Move;

/// How often a match that waits for a move looks whether it was stopped.
const STOP_POLL: Duration = Duration::from_millis(50);

/// What a game is played with.
#[derive(Clone, Debug)]
pub struct GameSetup<'a> {
    /// The start and the opening moves.
    pub opening: &'a Opening,
    /// The move limit: the ply count at which the game ends, counted from the layout as a
    /// position string's last field is (GAMES.md, `MaxPlies`).
    pub max_plies: u32,
    /// Time controls, indexed by [`Colour::index`].
    pub controls: [TimeControl; 2],
    /// Grace added to the clock before a late answer loses.
    pub margin: Duration,
    /// How long an engine may stay silent where no clock bounds it.
    pub silence: Duration,
    /// The points game's total thinking time (`--game-time`), if it is one.
    pub game_time: Option<Duration>,
    /// The `Seed` each engine is told before the game, for those that announce the option and
    /// were not given one with `--option` (indexed by [`Colour::index`]).
    pub seeds: [Option<u64>; 2],
    /// `--draw` and `--resign`: ending the game early by the engines' scores.
    pub adjudication: Adjudication,
}

/// The termination for a failure of `engine`, which was waited on with a clock (`timed`) or
/// without. Silence from a process that has exited (a child of it may hold its output open) is
/// a crash.
pub(super) fn failure_termination(
    engine: &mut EngineProcess,
    failure: Failure,
    timed: bool,
) -> Termination {
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
    mut engines: [&mut EngineProcess; 2],
    setup: &GameSetup,
    wants_move_limit: [bool; 2],
    stop: &AtomicBool,
    lateness: &mut [Samples; 2],
) -> Option<PlayedGame> {
    let opening = setup.opening;
    let limit = setup.max_plies;
    let mut position = opening.start.position().with_move_limit(limit);
    let mut moves: Vec<Move> = Vec::new();
    for &mv in &opening.moves {
        position = position.play(mv);
        moves.push(mv);
    }
    if let Err((colour, termination)) = new_game(&mut engines, setup, wants_move_limit) {
        return Some(PlayedGame::forfeit(moves, colour, termination));
    }
    let mut clocks = GameClocks::new(&setup.controls);
    let mut game_time = setup.game_time.map(GameTime::new);
    let start_words = opening.start.command_words();
    let mut adjudicator = Adjudicator::new(setup.adjudication);
    loop {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        if game_time.is_some_and(|clock| clock.is_over()) {
            return Some(ended_by_game_time(moves, &position));
        }
        if let Some(outcome) = position.outcome() {
            let termination = Termination::from_outcome(&outcome);
            return Some(PlayedGame::two_player(moves, outcome.winner(), termination));
        }
        let side = position.side_to_move();
        let engine = &mut *engines[side.index()];
        let turn = Turn {
            position: &position_command(&start_words, &moves),
            clocks: &clocks,
            seat: side.index(),
            ply: moves.len() + 1,
            forfeit: Default::default(),
            margin: setup.margin,
            silence: setup.silence,
            game_left: game_time.map(|clock| clock.left()),
            stop,
        };
        let (answer, elapsed, score) = match turn.ask(engine, &mut lateness[side.index()]) {
            Ok(answer) => answer,
            Err(Termination::GameTime) => return Some(ended_by_game_time(moves, &position)),
            Err(_) if stop.load(Ordering::Relaxed) => return None,
            Err(termination) => {
                let after = moves.len();
                let mut game = PlayedGame::forfeit(moves, side, termination);
                game.comments
                    .extend(turn.forfeit.take().map(|how| (after, how)));
                return Some(game);
            }
        };
        let Ok(mv) = position.parse_move(&answer) else {
            let termination = Termination::illegal_move(&answer);
            return Some(PlayedGame::forfeit(moves, side, termination));
        };
        clocks.charge(side.index(), elapsed);
        if let Some(clock) = game_time.as_mut() {
            clock.charge(elapsed);
        }
        let before = position;
        position = position.play(mv);
        moves.push(mv);
        if position.outcome().is_none()
            && let Some(ruling) = adjudicator.after_move(side, score, &before, &position)
        {
            let (termination, culprit) = match ruling.winner {
                None => (Termination::AdjudicatedDraw, None),
                Some(winner) => (Termination::AdjudicatedLoss, Some(winner.opponent())),
            };
            return Some(PlayedGame {
                culprit,
                adjudication: Some(ruling.evidence),
                ..PlayedGame::two_player(moves, ruling.winner, termination)
            });
        }
    }
}

/// The game after `moves`, ending in `position`, ended by the game time: decided by the marbles
/// ejected.
fn ended_by_game_time(moves: Vec<Move>, position: &Position) -> PlayedGame {
    PlayedGame::two_player(moves, position.marble_leader(), Termination::GameTime)
}

/// `position <start> [moves …]` for the game so far.
pub(super) fn position_command<T: std::fmt::Display>(start_words: &str, moves: &[T]) -> String {
    let mut command = format!("position {start_words}");
    if !moves.is_empty() {
        command += " moves";
        for mv in moves {
            command += &format!(" {mv}");
        }
    }
    command
}

/// Both engines forget the last game and get ready (on no one's clock). An error names the
/// engine that failed and how.
fn new_game(
    engines: &mut [&mut EngineProcess; 2],
    setup: &GameSetup,
    wants_move_limit: [bool; 2],
) -> Result<(), (Colour, Termination)> {
    let limit = setup.max_plies;
    for colour in Colour::BOTH {
        let engine = &mut *engines[colour.index()];
        let mut ready = Ok(());
        if wants_move_limit[colour.index()] {
            ready = engine.send(&format!("setoption name MoveLimit value {limit}"));
        }
        if let Some(seed) = setup.seeds[colour.index()] {
            ready = ready.and_then(|()| engine.send(&format!("setoption name Seed value {seed}")));
        }
        let ready = ready
            .and_then(|()| engine.send("newgame"))
            .and_then(|()| engine.sync(setup.silence).map(|_| ()));
        if let Err(failure) = ready {
            return Err((colour, failure_termination(engine, failure, false)));
        }
    }
    Ok(())
}

/// One move asked of the engine to move.
pub(super) struct Turn<'a> {
    /// The `position … moves …` command of the game so far.
    pub position: &'a str,
    pub clocks: &'a GameClocks,
    /// The seat to move (two players: [`Colour::index`]).
    pub seat: usize,
    /// The ply of the move asked for, from 1 (for the message of a loss on time).
    pub ply: usize,
    /// Grace added to the clock before a late answer loses.
    pub margin: Duration,
    /// How long the engine may stay silent where no clock bounds it.
    pub silence: Duration,
    /// The thinking time the points game has left, if it is one.
    pub game_left: Option<Duration>,
    /// Set when the match stops (Ctrl-C): the answer is no longer awaited.
    pub stop: &'a AtomicBool,
    /// After a loss on time, how late the answer was, for the record.
    pub forfeit: std::cell::RefCell<Option<String>>,
}

impl Turn<'_> {
    /// Sends the position and the `go` command and waits for `bestmove` within the allowance
    /// (and the game time left): the answer's move text, how long it took and the last exact
    /// score the engine reported for its first line (for adjudication), or the
    /// termination of a failure, or [`Termination::GameTime`] when the game time ran out first.
    /// A timed answer adds its lateness to `lateness`.
    pub(super) fn ask(
        &self,
        engine: &mut EngineProcess,
        lateness: &mut Samples,
    ) -> Result<(String, Duration, Option<sumito_engine::search::Reported>), Termination> {
        let ready = engine
            .send(self.position)
            .and_then(|()| engine.sync(self.silence));
        if let Err(failure) = ready {
            return Err(failure_termination(engine, failure, false));
        }
        let allowance = self.clocks.allowance(self.seat, self.margin, self.silence);
        // Which runs out first, the game time or the mover's own allowance.
        let game_first = self.game_left.is_some_and(|left| left <= allowance.limit);
        let limit = self
            .game_left
            .map_or(allowance.limit, |left| left.min(allowance.limit));
        let failed = |engine: &mut EngineProcess, failure| match failure {
            Failure::Silent if game_first && !engine.has_exited() => Termination::GameTime,
            failure => failure_termination(engine, failure, allowance.timed),
        };
        // Lateness is measured against what the engine was told: its clock, or the game time
        // left.
        let told = allowance.limit.saturating_sub(self.margin);
        let told = self.game_left.map_or(told, |left| left.min(told));
        let game_left_ms = self.game_left.map(|left| whole_ms(left).max(1));
        let go = self.clocks.go_command_within(self.seat, game_left_ms);
        engine
            .send(&go)
            .map_err(|failure| failed(engine, failure))?;
        let sent = Instant::now();
        let deadline = sent + limit;
        let mut score = None;
        let (answer, elapsed) = loop {
            // Waits a slice at a time, so that a stopped match does not wait out a long move.
            let slice = deadline.min(Instant::now() + STOP_POLL);
            let (line, at) = match engine.next_line(slice) {
                Err(Failure::Silent) if slice < deadline => {
                    if self.stop.load(Ordering::Relaxed) {
                        return Err(Termination::Abandoned);
                    }
                    continue;
                }
                Err(failure) => {
                    let why = failed(engine, failure);
                    if why == Termination::TimeForfeit {
                        // Never answered: as late as the wait, at least, and a forfeit.
                        let waited = sent.elapsed();
                        lateness.push_forfeit(waited, told);
                        self.say_forfeit("no bestmove", waited, told);
                    }
                    return Err(why);
                }
                Ok(read) => read,
            };
            let mut words = line.split_whitespace();
            // `info` lines give the score; anything else is passed over.
            if let Some(reported) = reported_score(&line) {
                score = Some(reported);
                continue;
            }
            if words
                .next()
                .is_some_and(|w| w.eq_ignore_ascii_case("bestmove"))
            {
                let answer = words.next().unwrap_or("(none)").to_string();
                break (answer, at.saturating_duration_since(sent));
            }
        };
        let over_game = self.game_left.is_some_and(|left| elapsed >= left);
        let over_clock = allowance.timed && elapsed > allowance.limit;
        if over_game && (game_first || !over_clock) {
            return Err(Termination::GameTime);
        }
        if over_clock {
            lateness.push_forfeit(elapsed, told);
            self.say_forfeit("bestmove", elapsed, told);
            return Err(Termination::TimeForfeit);
        }
        if allowance.timed {
            lateness.push_difference(elapsed, told);
        }
        Ok((answer, elapsed, score))
    }

    /// Says which move was lost on time, and how late: on stderr (a warning) and in
    /// [`Turn::forfeit`] for the record. `what` came (or did not) `after` the `go`, when
    /// `told` was the time the engine had.
    fn say_forfeit(&self, what: &str, after: Duration, told: Duration) {
        let seat = sumito_rules::board::Seat::new(self.seat).unwrap_or_default();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let how = format!(
            "{what} {:.1} ms after go, {:.1} ms past its {:.1} ms (margin {} ms)",
            ms(after),
            ms(after.saturating_sub(told)),
            ms(told),
            self.margin.as_millis()
        );
        let colour = seat.name();
        log::warn!("{colour} lost on time at ply {}: {how}", self.ply);
        *self.forfeit.borrow_mut() = Some(format!("{colour} lost on time: {how}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_side_with_more_marbles_ejected_wins_when_the_time_runs_out() {
        // White has lost five marbles.
        let position: Position = "5/6/7/8/5bbbw/8/7/6/5 b 0 5 0".parse().unwrap();
        let game = ended_by_game_time(Vec::new(), &position);
        assert_eq!(game.winner(), Some(Colour::Black));
        assert_eq!(game.termination, Termination::GameTime);
        assert_eq!(game.culprit, None);
        let even = ended_by_game_time(Vec::new(), &Position::startpos());
        assert_eq!(even.winner(), None);
        assert_eq!(even.result(), "1/2-1/2");
    }
}
