//! One game of any number of engines. The runner keeps the authoritative position with the
//! rules core and checks every answer; the engines only propose. What differs between two
//! players and three to six is the game in play ([`InPlay`]): a two-player game ends at the
//! first fault and may be adjudicated, while a seat of a larger game whose engine fails leaves
//! it (RULES.md: its turns are skipped and its marbles stay) and the others play on while two
//! teams have a seat in play.
//!
//! The faults: an illegal move, an answer later than the clock allows (`time forfeit`),
//! silence where no clock runs (`no answer`), and a crash. An engine that crashed, or did not
//! come back to rest after its fault, plays no more turns of this game: its other seat, if it
//! has one, leaves at its turn with `crash`; the worker starts it again for its next game.
//!
//! In a points game (`--game-time`, see [`sumito_games::clock::game_time`]), when the game time
//! runs out during a search the game is over at that moment: the runner stops waiting, the
//! move in flight is not played, and every engine gets `stop` and `isready` before its next
//! game.

use super::MatchConfig;
use super::ask::{Ask, failure_termination};
use super::openings::Opening;
use crate::uap_client::EngineProcess;
use crate::util::samples::Samples;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use sumito_engine::search::Reported;
use sumito_games::adjudication::{Adjudication, Adjudicator};
use sumito_games::clock::{GameClocks, GameTime, TimeControl};
use sumito_games::records::{GameInPlay, PlayedGame};
use sumito_rules::board::{Colour, Position};
use sumito_rules::ending::Termination;
use sumito_rules::movegen::Move;
use sumito_rules::random::splitmix64;

/// Longest wait for an engine that failed to come back to rest before it is let go.
const RECOVERY: Duration = Duration::from_secs(2);

/// What a game is played with.
#[derive(Clone, Debug)]
pub struct GameSetup {
    /// The start as the `position` command names it.
    pub start_words: String,
    /// Time controls in seat order.
    pub controls: Vec<TimeControl>,
    /// Grace added to the clock before a late answer loses.
    pub margin: Duration,
    /// How long an engine may stay silent where no clock bounds it.
    pub silence: Duration,
    /// The points game's total thinking time (`--game-time`), if it is one.
    pub game_time: Option<Duration>,
}

/// A game in play, of two players or of more: its position after every turn checked by the
/// rules core, and how it ends.
pub(super) trait InPlay: Sized {
    /// The seat to move.
    fn mover(&self) -> usize;

    /// The turns so far.
    fn plies(&self) -> usize;

    /// `position <start> moves …` for the game so far.
    fn position_command(&self, start_words: &str) -> String;

    /// Is the game over: by the rules, a two-player game's fault or adjudication?
    fn over(&self) -> bool;

    /// The game over, as the record holds it.
    fn finish(self) -> PlayedGame;

    /// The game ended by the points game's time: decided by the marbles ejected.
    fn out_of_time(self) -> PlayedGame;

    /// Plays the engine's `answer`, which it scored `score`; an illegal one is the seat's
    /// fault, given back.
    fn play(&mut self, answer: &str, score: Option<Reported>) -> Result<(), Termination>;

    /// The seat to move is at fault for `why`; `comment` says how, for the record.
    fn fault(&mut self, why: Termination, comment: Option<String>);
}

/// Plays `game`: `engines[i]` is engine `i`'s process (`None` when it could not be started
/// or was let go), `seats[s]` the engine of seat `s`. Every timed answer adds how late it
/// came to `lateness[i]` of its engine. Returns `None` if `stop` was set first (the game is
/// then void).
pub(super) fn play<G: InPlay>(
    mut game: G,
    engines: &mut [Option<EngineProcess>],
    seats: &[usize],
    setup: &GameSetup,
    stop: &AtomicBool,
    lateness: &mut [Samples],
) -> Option<PlayedGame> {
    let mut clocks = GameClocks::new(&setup.controls);
    let mut game_time = setup.game_time.map(GameTime::new);
    let played = loop {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        if game.over() {
            break game.finish();
        }
        if game_time.is_some_and(|clock| clock.is_over()) {
            break game.out_of_time();
        }
        let seat = game.mover();
        let index = seats[seat];
        let Some(engine) = engines[index].as_mut() else {
            game.fault(Termination::Crash, None);
            continue;
        };
        let ask = Ask {
            position: &game.position_command(&setup.start_words),
            clocks: &clocks,
            seat,
            ply: game.plies() + 1,
            forfeit: Default::default(),
            went: Default::default(),
            margin: setup.margin,
            silence: setup.silence,
            game_left: game_time.map(|clock| clock.left()),
            stop,
        };
        // A turn that ends in a fault ran the game time too, from its `go` (setting up the
        // position is on no one's time): three to six players play on.
        let mut run_game_time = |elapsed: Duration| {
            if let Some(clock) = game_time.as_mut() {
                clock.charge(elapsed);
            }
        };
        let (answer, elapsed, score) = match ask.answer_of(engine, &mut lateness[index]) {
            Ok(answer) => answer,
            Err(Termination::GameTime) => break game.out_of_time(),
            Err(_) if stop.load(Ordering::Relaxed) => return None,
            Err(why) => {
                run_game_time(ask.went.get().map_or(Duration::ZERO, |went| went.elapsed()));
                if !recovers(engine, &why, setup.silence) {
                    engines[index] = None;
                }
                game.fault(why, ask.forfeit.take());
                continue;
            }
        };
        run_game_time(elapsed);
        if let Err(why) = game.play(&answer, score) {
            game.fault(why, None);
            continue;
        }
        clocks.charge(seat, elapsed);
    };
    if played.termination == Termination::GameTime {
        // The game time may have run out during a search: every engine back to rest, or it
        // goes.
        for &index in seats {
            if engines[index]
                .as_mut()
                .is_some_and(|e| !e.recover(RECOVERY.min(setup.silence)))
            {
                engines[index] = None;
            }
        }
    }
    Some(played)
}

/// May `engine`, at fault for `why`, play on? Not after a crash; after silence (it lost on
/// time, or gave no answer) only if it comes back to rest.
fn recovers(engine: &mut EngineProcess, why: &Termination, silence: Duration) -> bool {
    match why {
        Termination::Crash => false,
        Termination::TimeForfeit | Termination::NoAnswer => engine.recover(RECOVERY.min(silence)),
        _ => true,
    }
}

/// Starts the engines of `players` (indices into the match's engines) that are not running in
/// the worker's `slots`, and those that exited since their last game. Returns the engines that
/// cannot be started, each with why.
pub(super) fn start_engines(
    config: &MatchConfig,
    slots: &mut [Option<EngineProcess>],
    players: &[usize],
) -> Vec<(usize, String)> {
    let mut failed = Vec::new();
    for &index in players {
        if slots[index].as_mut().is_some_and(EngineProcess::has_exited) {
            slots[index] = None;
        }
        if slots[index].is_none() {
            match EngineProcess::start(&config.engines[index], config.silence) {
                Ok(engine) => slots[index] = Some(engine),
                Err(error) => failed.push((index, error.to_string())),
            }
        }
    }
    failed
}

/// Every engine of `players` that runs forgets the last game and gets ready (on no one's
/// clock): the move limit and the seed for those that announce them and were not given them
/// by `--option`, `newgame`, `isready`. The seed is the same for every engine and shard: drawn
/// from the match seed and the `round` alone. An engine that fails is let go; returned with
/// how it failed.
pub(super) fn new_game(
    config: &MatchConfig,
    slots: &mut [Option<EngineProcess>],
    players: &[usize],
    round: u64,
) -> Vec<(usize, Termination)> {
    let seed = splitmix64(config.seed ^ splitmix64(round).1).1 >> 1;
    let mut failed = Vec::new();
    for &index in players {
        let Some(engine) = slots[index].as_mut() else {
            continue;
        };
        let runner_sets = |option: &str| {
            (engine.option_names.iter()).any(|name| name.eq_ignore_ascii_case(option))
                && !config.engines[index].sets_option(option)
        };
        let mut commands = Vec::new();
        if runner_sets("MoveLimit") {
            let limit = config.max_plies;
            commands.push(format!("setoption name MoveLimit value {limit}"));
        }
        if runner_sets("Seed") {
            commands.push(format!("setoption name Seed value {}", seed.max(1)));
        }
        let mut ready = Ok(());
        for command in commands {
            ready = ready.and_then(|()| engine.send(&command));
        }
        let ready = ready
            .and_then(|()| engine.send("newgame"))
            .and_then(|()| engine.sync(config.silence).map(|_| ()));
        if let Err(failure) = ready {
            failed.push((index, failure_termination(engine, failure, false)));
            slots[index] = None;
        }
    }
    failed
}

/// `position <start> [moves …]` for the game so far.
fn position_command<T: std::fmt::Display>(start_words: &str, moves: &[T]) -> String {
    let mut command = format!("position {start_words}");
    if !moves.is_empty() {
        command += " moves";
        for mv in moves {
            command += &format!(" {mv}");
        }
    }
    command
}

/// A two-player game in play: the position, the moves, and the adjudicator that follows the
/// engines' scores (`--draw`, `--resign`). The first fault ends it.
pub(super) struct PairInPlay {
    position: Position,
    moves: Vec<Move>,
    adjudicator: Adjudicator,
    /// How the game ended other than by the rules: a fault or an adjudication.
    ended: Option<PlayedGame>,
}

impl PairInPlay {
    /// A game from `opening`'s start after its moves, under the move limit `max_plies`.
    pub fn new(opening: &Opening, max_plies: u32, adjudication: Adjudication) -> PairInPlay {
        let start = opening.start.position().with_move_limit(max_plies);
        PairInPlay {
            position: (opening.moves.iter()).fold(start, |position, &mv| position.play(mv)),
            moves: opening.moves.clone(),
            adjudicator: Adjudicator::new(adjudication),
            ended: None,
        }
    }

    /// The game lost before it began by `culprit`, for `why`.
    pub fn forfeit(self, culprit: Colour, why: Termination) -> PlayedGame {
        PlayedGame::forfeit(self.moves, culprit, why)
    }
}

impl InPlay for PairInPlay {
    fn mover(&self) -> usize {
        self.position.side_to_move().index()
    }

    fn plies(&self) -> usize {
        self.moves.len()
    }

    fn position_command(&self, start_words: &str) -> String {
        position_command(start_words, &self.moves)
    }

    fn over(&self) -> bool {
        self.ended.is_some() || self.position.outcome().is_some()
    }

    fn finish(self) -> PlayedGame {
        if let Some(ended) = self.ended {
            return ended;
        }
        let (winner, termination) = match self.position.outcome() {
            Some(outcome) => (outcome.winner(), Termination::from_outcome(&outcome)),
            None => (None, Termination::Abandoned),
        };
        PlayedGame::two_player(self.moves, winner, termination)
    }

    fn out_of_time(self) -> PlayedGame {
        let leader = self.position.marble_leader();
        PlayedGame::two_player(self.moves, leader, Termination::GameTime)
    }

    /// Plays the move, and hands the adjudicator the engine's score of it: a game the rules
    /// did not end may be adjudicated.
    fn play(&mut self, answer: &str, score: Option<Reported>) -> Result<(), Termination> {
        let Ok(mv) = self.position.parse_move(answer) else {
            return Err(Termination::illegal_move(answer));
        };
        let side = self.position.side_to_move();
        let before = self.position;
        self.position = self.position.play(mv);
        self.moves.push(mv);
        if self.position.outcome().is_some() {
            return Ok(());
        }
        if let Some(ruling) = (self.adjudicator).after_move(side, score, &before, &self.position) {
            let (termination, culprit) = match ruling.winner {
                None => (Termination::AdjudicatedDraw, None),
                Some(winner) => (Termination::AdjudicatedLoss, Some(winner.opponent())),
            };
            let moves = self.moves.clone();
            self.ended = Some(PlayedGame {
                culprit,
                adjudication: Some(ruling.evidence),
                ..PlayedGame::two_player(moves, ruling.winner, termination)
            });
        }
        Ok(())
    }

    fn fault(&mut self, why: Termination, comment: Option<String>) {
        let side = self.position.side_to_move();
        let mut game = PlayedGame::forfeit(self.moves.clone(), side, why);
        game.comments
            .extend(comment.map(|how| (self.moves.len(), how)));
        self.ended = Some(game);
    }
}

/// A game of three to six players in play: a seat at fault leaves it.
impl InPlay for GameInPlay {
    fn mover(&self) -> usize {
        self.position.side_to_move().index()
    }

    fn plies(&self) -> usize {
        self.turns.len()
    }

    fn position_command(&self, start_words: &str) -> String {
        position_command(start_words, &self.turns)
    }

    fn over(&self) -> bool {
        self.position.outcome().is_some()
    }

    fn finish(self) -> PlayedGame {
        let termination = match self.position.outcome() {
            Some(outcome) => Termination::from_multi_reason(outcome.reason),
            None => Termination::Abandoned,
        };
        GameInPlay::finish(self, termination)
    }

    fn out_of_time(self) -> PlayedGame {
        GameInPlay::finish(self, Termination::GameTime)
    }

    /// Plays the move, or a pass where the seat has none; `leave` is no answer of an engine.
    fn play(&mut self, answer: &str, _: Option<Reported>) -> Result<(), Termination> {
        match self.position.parse_move(answer) {
            Ok(mv) => {
                GameInPlay::play(self, sumito_rules::game::Turn::from(mv));
                Ok(())
            }
            Err(_) => Err(Termination::illegal_move(answer)),
        }
    }

    fn fault(&mut self, why: Termination, comment: Option<String>) {
        self.leave(why);
        if let Some(how) = comment {
            self.comment(how);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn in_play(position: Position) -> PairInPlay {
        PairInPlay {
            position,
            moves: Vec::new(),
            adjudicator: Adjudicator::default(),
            ended: None,
        }
    }

    #[test]
    fn the_side_with_more_marbles_ejected_wins_when_the_time_runs_out() {
        // White has lost five marbles.
        let position: Position = "5/6/7/8/5bbbw/8/7/6/5 b 0 5 0".parse().unwrap();
        let game = in_play(position).out_of_time();
        assert_eq!(game.winner(), Some(Colour::Black));
        assert_eq!(game.termination, Termination::GameTime);
        assert_eq!(game.culprit, None);
        let even = in_play(Position::startpos()).out_of_time();
        assert_eq!(even.winner(), None);
        assert_eq!(even.result(), "1/2-1/2");
    }
}
