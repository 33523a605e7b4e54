//! One game of three to six engines. As in the two-player game, the runner keeps the position
//! with the rules core and checks every answer.
//!
//! A seat whose engine fails leaves the game (RULES.md: its turns are skipped and its marbles
//! stay), and the others play on while two teams have a seat in play; then the last one wins
//! (`last in play`). The failures: an illegal move, an answer later than the clock allows
//! (`time forfeit`), silence where no clock runs (`no answer`), and a crash. An engine that
//! crashed, or did not come back to rest after losing on time, also plays no more turns of its
//! other seat in this game: that seat leaves at its turn, with `crash`.

use super::openings::MultiOpening;
use crate::match_runner::game::{Turn, failure_termination, position_command};
use crate::uap_client::EngineProcess;
use crate::util::samples::Samples;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use sumito_games::clock::{GameClocks, GameTime, TimeControl};
use sumito_games::records::{GameInPlay, PlayedGame, termination_of};
use sumito_rules::ending::Termination;

/// Longest wait for an engine that lost on time to come back to rest.
pub(super) const RECOVERY: Duration = Duration::from_secs(2);

/// What an N-player game is played with.
#[derive(Clone, Debug)]
pub struct MultiSetup<'a> {
    pub opening: &'a MultiOpening,
    /// The move limit on the ply count.
    pub max_plies: u32,
    /// Time controls in seat order.
    pub controls: Vec<TimeControl>,
    pub margin: Duration,
    pub silence: Duration,
    pub game_time: Option<Duration>,
}

/// Plays one game. `engines[i]` is engine `i`'s process (`None` when it could not be
/// started); `seats[s]` the engine of seat `s`. Every timed answer adds how late it came to
/// `lateness[i]` of its engine. Returns `None` if `stop` was set first.
pub fn play_multi(
    engines: &mut [Option<EngineProcess>],
    seats: &[usize],
    setup: &MultiSetup,
    stop: &AtomicBool,
    lateness: &mut [Samples],
) -> Option<PlayedGame> {
    let opening = setup.opening;
    let start = opening.start.position().with_move_limit(setup.max_plies);
    let mut table = GameInPlay::new(start, &opening.turns);
    let mut clocks = GameClocks::new(&setup.controls);
    let mut game_time = setup.game_time.map(GameTime::new);
    let start_words = opening.start.command_words();
    loop {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        if let Some(outcome) = table.position.outcome() {
            return Some(table.finish(termination_of(outcome.reason)));
        }
        if game_time.is_some_and(|clock| clock.is_over()) {
            return Some(table.finish(Termination::GameTime));
        }
        let seat = table.position.side_to_move().index();
        let Some(engine) = engines[seats[seat]].as_mut() else {
            table.leave(Termination::Crash);
            continue;
        };
        let turn = Turn {
            position: &position_command(&start_words, &table.turns),
            clocks: &clocks,
            seat,
            ply: table.turns.len() + 1,
            forfeit: Default::default(),
            margin: setup.margin,
            silence: setup.silence,
            game_left: game_time.map(|clock| clock.left()),
            stop,
        };
        let (answer, elapsed, _) = match turn.ask(engine, &mut lateness[seats[seat]]) {
            Ok(answer) => answer,
            Err(Termination::GameTime) => return Some(table.finish(Termination::GameTime)),
            Err(_) if stop.load(Ordering::Relaxed) => return None,
            Err(why) => {
                let rested = why == Termination::TimeForfeit && engine.recover(RECOVERY);
                if !rested {
                    // Its other seat, if any, leaves at its turn.
                    engines[seats[seat]] = None;
                }
                table.leave(why);
                if let Some(how) = turn.forfeit.take() {
                    table.comment(how);
                }
                continue;
            }
        };
        // An engine may pass only when blocked; `leave` is no answer of an engine.
        let Ok(mv) = table.position.parse_move(&answer) else {
            table.leave(Termination::illegal_move(&answer));
            continue;
        };
        clocks.charge(seat, elapsed);
        if let Some(clock) = game_time.as_mut() {
            clock.charge(elapsed);
        }
        table.play(sumito_rules::game::Turn::from(mv));
    }
}

/// Every engine of the game forgets the last one and gets ready: the move limit and the seed
/// for those that announce them and were not given them by `--option`, `newgame`, `isready`.
/// An engine that fails is dropped: its seats leave at their turns.
pub fn new_game(
    engines: &mut [Option<EngineProcess>],
    players: &[usize],
    commands: &dyn Fn(usize, &EngineProcess) -> Vec<String>,
    silence: Duration,
) {
    for &index in players {
        let Some(engine) = engines[index].as_mut() else {
            continue;
        };
        let mut ready = Ok(());
        for command in commands(index, engine) {
            ready = ready.and_then(|()| engine.send(&command));
        }
        let ready = ready
            .and_then(|()| engine.send("newgame"))
            .and_then(|()| engine.sync(silence).map(|_| ()));
        if let Err(failure) = ready {
            let why = failure_termination(engine, failure, false);
            log::warn!("an engine failed before the game ({why}): its seats leave at their turns");
            engines[index] = None;
        }
    }
}
