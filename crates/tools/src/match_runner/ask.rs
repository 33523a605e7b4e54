//! One move asked of the engine to move, for a game of any number of seats: the position and
//! the `go` command sent, the answer waited for within the seat's allowance (and the points
//! game's time left), how late it came, and the termination of an engine that fails.

use crate::uap_client::{EngineProcess, Failure};
use crate::util::samples::Samples;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use sumito_games::adjudication::reported_score;
use sumito_games::clock::{GameClocks, whole_ms};
use sumito_rules::ending::Termination;

/// How often a match that waits for a move looks whether it was stopped.
const STOP_POLL: Duration = Duration::from_millis(50);

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

/// One move asked of the engine to move.
pub(super) struct Ask<'a> {
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
    /// When `go` was sent, once it was: a turn's time counts from then.
    pub went: std::cell::Cell<Option<Instant>>,
}

impl Ask<'_> {
    /// Sends the position and the `go` command and waits for `bestmove` within the allowance
    /// (and the game time left): the answer's move text, how long it took and the last exact
    /// score the engine reported for its first line (for adjudication), or the
    /// termination of a failure, or [`Termination::GameTime`] when the game time ran out first.
    /// A timed answer adds its lateness to `lateness`.
    pub(super) fn answer_of(
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
        self.went.set(Some(sent));
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
    /// [`Ask::forfeit`] for the record. `what` came (or did not) `after` the `go`, when
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
