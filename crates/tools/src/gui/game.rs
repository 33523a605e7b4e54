//! The game the server keeps, for any number of seats: where it started, every turn (each
//! checked by the rules core), the ply the page shows, the scores the engines gave and how it
//! ended when the rules did not end it. Every tab and every reload shows this one game.
//!
//! What differs between two players ([`super::two_players`]) and three to six
//! ([`super::seats`]) is a [`Kind`]: the position and turn types, how a turn is read, what is
//! kept beside each turn, how a game ends other than by the rules, and its record.

use super::error::GuiError;
use super::info::EngineScore;
use std::fmt::{Debug, Display};
use sumito_engine::search::Reported;
use sumito_games::clock::TimeControl;
use sumito_games::records::{GameInfo, PlayedGame, Record, StartOf, StartingLayout};
use sumito_games::records::{format_record, today};
use sumito_rules::board::Seat;
use sumito_rules::ending::Termination;
use sumito_rules::game::{AnyLayout, AnyPosition};
use sumito_rules::movegen::Move;

/// Where a game of kind `K` starts: a layout or a position string.
pub type StartOfKind<K> = StartOf<<K as Kind>::Layout, <K as Kind>::Position>;

/// What a kind of game brings to the GUI's game.
pub trait Kind: Clone + Debug + Sized {
    /// The layouts a game starts from (else it starts from a position string).
    type Layout: StartingLayout<Position = Self::Position> + Debug + Into<AnyLayout>;
    type Position: Copy + Debug + Into<AnyPosition>;
    /// A turn, as the `position` command and the records write it.
    type Turn: Copy + Debug + Display + PartialEq;
    /// What is kept beside each turn, and taken back with it (nothing, by default).
    type Note: Clone + Debug + Default;
    /// How a game ended other than by the rules.
    type Ending: Clone + Debug;

    /// The position after `turn`, a legal one.
    fn play(position: &Self::Position, turn: Self::Turn) -> Self::Position;

    /// The seat to move.
    fn mover(position: &Self::Position) -> Seat;

    /// The move limit `position` is played under, on the ply count (0: none).
    fn move_limit(position: &Self::Position) -> u32;

    /// Does `position` end the game by the rules?
    fn over(position: &Self::Position) -> bool;

    /// The legal moves of the seat to move.
    fn legal(position: &Self::Position) -> Vec<Move>;

    /// `text`, typed or clicked on the page, as a turn of the seat to move, checked.
    fn read(position: &Self::Position, text: &str) -> Result<Self::Turn, GuiError>;

    /// `text`, an engine's answer, as a turn of the seat to move, checked.
    fn read_answer(position: &Self::Position, text: &str) -> Result<Self::Turn, GuiError>;

    /// The move a turn makes (none for a pass or a seat leaving).
    fn moved(turn: Self::Turn) -> Option<Move>;

    /// The turn a person's seat plays by itself: a pass when it has no legal move.
    fn forced(position: &Self::Position) -> Option<Self::Turn>;

    /// What is kept beside an engine's move that it scored `score` (its own view).
    fn engine_note(score: Option<Reported>) -> Self::Note;

    /// `seat` is out for `why`, at the end of `game`: with two players the game is lost for
    /// it, with more the seat leaves.
    fn fault(game: &mut GameOf<Self>, seat: Seat, why: Termination);

    /// The game of a record, every turn checked by the rules core, shown from its start.
    fn from_record(record: &Record) -> Result<GameOf<Self>, GuiError>;

    /// The game as a record holds it: its turns and how it ended (an unfinished game is
    /// abandoned, its result `*`).
    fn played(game: &GameOf<Self>) -> PlayedGame;
}

/// The game shown in the GUI.
#[derive(Clone, Debug)]
pub struct GameOf<K: Kind> {
    /// Where the game started (a layout or a position string), for records and engines.
    pub(super) start: StartOfKind<K>,
    /// `positions[k]` is the position after `k` turns; `positions[0]` is the start, with the
    /// move limit of a loaded record.
    pub(super) positions: Vec<K::Position>,
    pub(super) turns: Vec<K::Turn>,
    /// What is kept beside each turn (same length as `turns`, so that a turn taken back takes
    /// it along).
    pub(super) notes: Vec<K::Note>,
    /// The ply the page shows, `0..=turns.len()`.
    pub(super) cursor: usize,
    /// The score after each ply, when an engine gave one (same length as `positions`): from
    /// Black's view with two players, from the seat to move's with more.
    pub(super) scores: Vec<Option<EngineScore>>,
    /// How the game ended after the last turn, when the rules did not end it.
    pub(super) ended: Option<K::Ending>,
    /// The players' names, by seat.
    pub players: Vec<String>,
}

impl<K: Kind> GameOf<K> {
    /// A new game from `start`.
    pub fn new(start: StartOfKind<K>, players: Vec<String>) -> GameOf<K> {
        GameOf {
            start,
            positions: vec![start.position()],
            turns: Vec::new(),
            notes: Vec::new(),
            cursor: 0,
            scores: vec![None],
            ended: None,
            players,
        }
    }

    /// Plays `turn` at the end of the game (the caller checked it), with `note` beside it,
    /// and shows the new end.
    pub fn push(&mut self, turn: K::Turn, note: K::Note) {
        let next = K::play(self.end(), turn);
        self.turns.push(turn);
        self.notes.push(note);
        self.positions.push(next);
        self.scores.push(None);
        self.cursor = self.turns.len();
    }

    /// Where the game started.
    pub fn start(&self) -> StartOfKind<K> {
        self.start
    }

    /// The position after the last turn.
    pub fn end(&self) -> &K::Position {
        &self.positions[self.turns.len()]
    }

    /// The position the page shows.
    pub fn shown(&self) -> &K::Position {
        &self.positions[self.cursor]
    }

    /// The position after `ply` turns (clamped to the game).
    pub fn position_at(&self, ply: usize) -> &K::Position {
        &self.positions[ply.min(self.turns.len())]
    }

    /// The shown ply.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Every turn so far.
    pub fn turns(&self) -> &[K::Turn] {
        &self.turns
    }

    /// Is the page showing the last position?
    pub fn at_end(&self) -> bool {
        self.cursor == self.turns.len()
    }

    /// Drops every turn after `ply`, with their scores and notes, and shows the new end (and
    /// forgets how the game ended: it goes on from there).
    pub fn truncate(&mut self, ply: usize) {
        let ply = ply.min(self.turns.len());
        self.turns.truncate(ply);
        self.notes.truncate(ply);
        self.positions.truncate(ply + 1);
        self.scores.truncate(ply + 1);
        self.cursor = ply;
        self.ended = None;
    }

    /// Shows the position after `ply` turns; false if there is no such ply.
    pub fn goto(&mut self, ply: usize) -> bool {
        if ply > self.turns.len() {
            return false;
        }
        self.cursor = ply;
        true
    }

    /// Records the score of the position after `ply` turns.
    pub fn set_score(&mut self, ply: usize, score: EngineScore) {
        if let Some(slot) = self.scores.get_mut(ply) {
            *slot = Some(score);
        }
    }

    /// The score after every ply, where known.
    pub fn scores(&self) -> &[Option<EngineScore>] {
        &self.scores
    }

    /// Ends the game after the last turn as `ending` says.
    pub fn end_with(&mut self, ending: K::Ending) {
        self.ended = Some(ending);
    }

    /// What ended the game, if the rules did not.
    pub fn ending(&self) -> Option<&K::Ending> {
        self.ended.as_ref()
    }

    /// Is the game over, by the rules or otherwise?
    pub fn is_over(&self) -> bool {
        self.ended.is_some() || K::over(self.end())
    }

    /// Plays `text` on the shown position for its seat to move; turns after it are dropped,
    /// as when a player tries another line. The rules core checks it; an error says why not.
    pub fn play_text(&mut self, text: &str) -> Result<K::Turn, GuiError> {
        if K::over(self.shown()) || (self.at_end() && self.is_over()) {
            return Err(GuiError::GameOver);
        }
        let turn = K::read(self.shown(), text)?;
        self.truncate(self.cursor);
        self.push(turn, K::Note::default());
        Ok(turn)
    }

    /// The move limit the game is played under (0: none): a loaded record's `MaxPlies`.
    pub fn move_limit(&self) -> u32 {
        K::move_limit(&self.positions[0])
    }

    /// The seat that played each turn.
    pub fn movers(&self) -> Vec<Seat> {
        (0..self.turns.len())
            .map(|ply| K::mover(&self.positions[ply]))
            .collect()
    }

    /// The game as a record in the format of GAMES.md, each seat at its time control.
    pub fn record(&self, controls: &[TimeControl]) -> String {
        format_record(&GameInfo {
            event: "Sumito GUI",
            date: &today(),
            round: 1,
            players: self.players.iter().map(String::as_str).collect(),
            start: self.start.any(),
            opening_plies: 0,
            controls: controls.to_vec(),
            // The record's MaxPlies is the limit itself, on the ply count (GAMES.md).
            max_plies: self.move_limit(),
            game_time_ms: None,
            game: &K::played(self),
        })
    }

    /// The `position` command for the engine at `ply`: the start and the turns up to it, so
    /// that the engine sees the repetitions of the game.
    pub fn position_command(&self, ply: usize) -> String {
        let mut command = format!("position {}", self.start.command_words());
        let ply = ply.min(self.turns.len());
        if ply > 0 {
            command += " moves";
            for turn in &self.turns[..ply] {
                command += &format!(" {turn}");
            }
        }
        command
    }
}
