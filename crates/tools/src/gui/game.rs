//! The game the server keeps, for any number of seats: where it started, every turn (each
//! checked by the rules core), the ply the page shows, the scores the engines gave and how it
//! ended when the rules did not end it. Every tab and every reload shows this one game.
//!
//! What differs between two players ([`super::state`]) and three to six
//! ([`super::multi_game`]) is a [`Kind`]: the position and turn types, what is kept beside
//! each turn, and how a game ends other than by the rules.

use super::info::EngineScore;
use std::fmt::{Debug, Display};
use sumito_games::records::{StartOf, StartingLayout};

/// Where a game of kind `K` starts: a layout or a position string.
pub type StartOfKind<K> = StartOf<<K as Kind>::Layout, <K as Kind>::Position>;

/// What a kind of game brings to the GUI's game.
pub trait Kind: Clone + Debug {
    /// The layouts a game starts from (else it starts from a position string).
    type Layout: StartingLayout<Position = Self::Position> + Debug;
    type Position: Copy + Debug;
    /// A turn, as the `position` command and the records write it.
    type Turn: Copy + Debug + Display;
    /// What is kept beside each turn, and taken back with it.
    type Note: Clone + Debug;
    /// How a game ended other than by the rules.
    type Ending: Clone + Debug;

    /// The position after `turn`, a legal one.
    fn play(position: &Self::Position, turn: Self::Turn) -> Self::Position;
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
