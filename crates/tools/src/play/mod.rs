//! `sumito play`: a game against Sumito in the terminal, of two to six players: one person in
//! a seat of their choice and Sumito in every other. The command line is in the binary's
//! `cli/play.rs`. One loop plays every game ([`play`]); what differs is a [`Table`]:
//! `two_player` (take-backs, draw offers, a game that ends when a side resigns or runs out of
//! time) and `seats` (three to six players: passes, and a seat that resigns or runs out of time
//! leaves while the others play on). [`sumito_games::agreement`] says when Sumito accepts a
//! draw or resigns.

mod keyboard;
mod seats;
mod two_player;

use keyboard::Keyboard;
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};
use sumito_engine::search::{Engine, Reported, TableSizeError};
use sumito_games::clock::{TimeControl, whole_ms};
use sumito_games::records::{GameInfo, PlayedGame, StartOf, format_record, today};
use sumito_rules::board::{Seat, Style};
use sumito_rules::ending::Termination;
use sumito_rules::game::{AnyLayout, Turn};

/// Sumito's time control when none is given.
pub const DEFAULT_TC: TimeControl = TimeControl::MoveTime { ms: 1000 };

/// Why a game against Sumito cannot be played on.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// Sumito's search table cannot be had.
    #[error(transparent)]
    Table(#[from] TableSizeError),
    /// The search gave no move in a position that has moves: a bug, reported rather than
    /// played around.
    #[error("the engine found no move in a game that is not over")]
    NoMove,
}

/// How a game against Sumito is set up.
#[derive(Clone, Debug)]
pub struct PlayConfig {
    /// The starting layout, which sets the number of seats.
    pub layout: AnyLayout,
    /// The person's seat.
    pub human: Seat,
    /// The time control of every seat; with a clock the person's clock runs too.
    pub tc: TimeControl,
    /// The move limit in plies (0: none): the most marbles ejected then win.
    pub max_plies: u32,
    /// How marbles are drawn.
    pub style: Style,
    /// Search threads.
    pub threads: usize,
    /// Table size in MB.
    pub hash_mb: usize,
    /// Sumito may resign a hopeless two-player game ([`sumito_games::agreement::resignation`]).
    pub sumito_resigns: bool,
    /// The output is a terminal: the person's running clock is redrawn in place as they think.
    pub live_clock: bool,
}

impl PlayConfig {
    /// Does a clock run (a person's time too)?
    fn timed(&self) -> bool {
        matches!(self.tc, TimeControl::Clock { .. })
    }
}

/// What one turn of the game gives.
enum Step {
    /// The seat to move plays this turn (Sumito scores its own moves of a two-player game).
    Play(Turn, Option<Reported>),
    /// Nothing to play yet (a command was answered, or a seat left): ask again.
    Again,
    /// The game is over.
    Over(PlayedGame),
}

/// A kind of game at the terminal: its board, its commands and how it ends.
trait Table {
    /// The game's settings.
    fn config(&self) -> &PlayConfig;
    /// The opening line: who plays which seat.
    fn introduction(&self) -> String;
    /// How many turns have been played: the board is drawn again when this changes.
    fn turns(&self) -> usize;
    /// The board and what goes with it (marbles ejected, clocks, whose turn).
    fn draw(&self, out: &mut dyn Write);
    /// The game the rules ended, once they have (said on `out`).
    fn over(&self, out: &mut dyn Write) -> Option<PlayedGame>;
    /// The seat to move.
    fn mover(&self) -> Seat;
    /// The person's turn: a line of their input answered.
    fn human_turn(&mut self, keys: &mut Keyboard, out: &mut dyn Write) -> Step;
    /// Sumito's turn in the seat to move.
    fn engine_turn(&mut self, out: &mut dyn Write) -> Result<Step, PlayError>;
    /// The time left on `seat`'s clock, in ms.
    fn time_left(&self, seat: Seat) -> u64;
    /// Plays `turn` of the seat to move, which took it `elapsed`.
    fn push(&mut self, turn: Turn, elapsed: Duration, score: Option<Reported>);
    /// `seat` ran out of time (said on `out`): the game it ends, if it ends it.
    fn out_of_time(&mut self, seat: Seat, out: &mut dyn Write) -> Option<PlayedGame>;
    /// The game so far, as a record of a game left unfinished holds it.
    fn so_far(&self) -> PlayedGame;
}

/// Plays one game, reading the person's input from `input` and drawing on `out`; `so_far` is
/// told the game as it stands after every turn (as a game left unfinished), for whoever must
/// save it if the process is stopped.
pub fn play(
    config: &PlayConfig,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    so_far: &mut dyn FnMut(PlayedGame),
) -> Result<PlayedGame, PlayError> {
    let engine = ready_engine(config.hash_mb, config.threads)?;
    match config.layout {
        AnyLayout::Two(layout) => {
            let table = two_player::TwoPlayerTable::new(config, layout, engine);
            play_at(table, input, out, so_far)
        }
        AnyLayout::Multi(layout) => {
            let table = seats::SeatsTable::new(config, layout, engine);
            play_at(table, input, out, so_far)
        }
    }
}

/// The game at `table`, turn after turn, until it is over.
fn play_at(
    mut table: impl Table,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    so_far: &mut dyn FnMut(PlayedGame),
) -> Result<PlayedGame, PlayError> {
    say(out, &table.introduction());
    let terminal = || -> Box<dyn Write + Send> { Box::new(std::io::stdout()) };
    let live = table.config().live_clock.then_some(terminal as fn() -> _);
    let mut keys = Keyboard::new(input, live);
    // The board is drawn again only when the game has moved (or moved back), not after a
    // listing or a refused input.
    let mut drawn = None;
    // When the seat to move began its turn: a listing, a refused input or an undo does not
    // end the turn, so its clock runs on from there.
    let mut turn: Option<(Seat, Instant)> = None;
    loop {
        if drawn != Some(table.turns()) {
            table.draw(out);
            drawn = Some(table.turns());
            so_far(table.so_far());
        }
        if let Some(game) = table.over(out) {
            return Ok(game);
        }
        let seat = table.mover();
        let started = match turn {
            Some((mover, since)) if mover == seat => since,
            _ => turn.insert((seat, Instant::now())).1,
        };
        let spent = |started: Instant| whole_ms(started.elapsed());
        let step = match seat == table.config().human {
            true => {
                if table.config().timed() {
                    keys.clock_runs(table.time_left(seat).saturating_sub(spent(started)));
                }
                let step = table.human_turn(&mut keys, out);
                keys.clock_stops();
                step
            }
            false => table.engine_turn(out)?,
        };
        // Only while the turn is still this seat's: a person who resigned a seat of a larger
        // game and watches on is no longer to move.
        let late = table.config().timed()
            && table.mover() == seat
            && spent(started) > table.time_left(seat);
        if late {
            turn = None;
            if let Some(game) = table.out_of_time(seat, out) {
                return Ok(game);
            }
            // A larger game goes on without the seat (the loop says so if the seat's leaving
            // ended it). The flag fell before anything the person said: a person who ended the
            // game (quit, the end of the input) or who will not watch the others leaves it
            // unfinished, with the time forfeit in the record.
            let person = seat == table.config().human;
            let ended = matches!(step, Step::Over(_));
            if person && !is_over(&table) && (ended || !watches(&table, &mut keys, out)) {
                return Ok(unfinished(table.so_far(), out));
            }
            continue;
        }
        match step {
            Step::Play(played, score) => {
                turn = None;
                table.push(played, started.elapsed(), score);
            }
            Step::Again => {}
            Step::Over(game) if game.termination == Termination::Abandoned => {
                return Ok(unfinished(game, out));
            }
            Step::Over(game) => return Ok(game),
        }
    }
}

/// Has the game at `table` ended (nothing said)?
fn is_over(table: &impl Table) -> bool {
    table.over(&mut std::io::sink()).is_some()
}

/// `game`, left unfinished, said so.
fn unfinished(game: PlayedGame, out: &mut dyn Write) -> PlayedGame {
    say(out, "The game is left unfinished.");
    game
}

/// Whether a person whose seat has left a game that goes on wants to watch it to the end (the
/// end of the input: yes, as the moves need no answer).
fn watches(table: &impl Table, keys: &mut Keyboard, out: &mut dyn Write) -> bool {
    is_over(table) || confirms(keys, out, WATCH_QUESTION, true)
}

/// Asked of a person whose seat has left a game the others play on.
const WATCH_QUESTION: &str = "The others play on without you: watch them to the end?";

/// The game in the record format of GAMES.md: the person is `You`.
pub fn record(config: &PlayConfig, game: &PlayedGame) -> String {
    let sumito = sumito_engine::identity::name();
    let seats = config.layout.position().seats();
    let players: Vec<&str> = (0..seats)
        .map(|index| match index == config.human.index() {
            true => "You",
            false => sumito.as_str(),
        })
        .collect();
    format_record(&GameInfo {
        event: "sumito play",
        date: &today(),
        round: 1,
        players,
        start: StartOf::Layout(config.layout),
        opening_plies: 0,
        controls: vec![config.tc; seats],
        max_plies: config.max_plies,
        game_time_ms: None,
        game,
    })
}

/// Writes a line; a closed output ends nothing here (the input will end too).
fn say(out: &mut dyn Write, text: &str) {
    let _ = writeln!(out, "{text}");
}

fn clock_text(ms: u64) -> String {
    format!("{}:{:02}.{}", ms / 60_000, ms / 1000 % 60, ms / 100 % 10)
}

/// Whether `text` has the shape of a move in Aba-Pro notation (cells such as `a1`): such a text
/// is judged as a move; any other is an unknown command, not "an illegal move".
fn looks_like_a_move(text: &str) -> bool {
    let cells = text.as_bytes().chunks(2);
    (2..=6).contains(&text.len())
        && text.len().is_multiple_of(2)
        && cells
            .into_iter()
            .all(|cell| matches!(cell, [b'a'..=b'i', b'1'..=b'9']))
}

/// Asks the person whether to leave the game unfinished; yes (or the end of the input) answers
/// true (the game loop says it, once it knows the flag had not fallen first).
fn confirms_quit(keys: &mut Keyboard, out: &mut dyn Write) -> bool {
    confirms(keys, out, "Leave the game unfinished?", true)
}

/// Asks the person `question` until they answer yes or no (`y`, `yes`, `n`, `no`, any case);
/// the end of the input answers `at_end`.
fn confirms(keys: &mut Keyboard, out: &mut dyn Write, question: &str, at_end: bool) -> bool {
    loop {
        let Some(answer) = keys.ask(out, &format!("{question} (y/n) ")) else {
            say(out, "");
            return at_end;
        };
        match answer.trim().to_ascii_lowercase().as_str() {
            "y" | "yes" => return true,
            "n" | "no" => return false,
            _ => say(out, "Please answer y or n."),
        }
    }
}

/// Sumito's engine for a game at the terminal, its table of `hash_mb` written now rather than
/// on Sumito's clock at its first move.
fn ready_engine(hash_mb: usize, threads: usize) -> Result<Engine, PlayError> {
    let mut engine = Engine::new(hash_mb)?;
    engine.prepare();
    engine.set_threads(threads);
    Ok(engine)
}
