//! The table: an engine pool ([`super::engine_pool`]) and the game session played with it:
//! the game, the mode it is played in, the engine chosen for each slot, the search it waits
//! for, the clocks and what the page is told, with the plain questions about them and the few
//! changes every other part makes (a search cancelled, a game lost, the engines dismissed).
//! The rest that changes the table is
//! elsewhere: the page's requests in [`super::actions`], the engines' searches in
//! [`super::searches`] and their answers in `engine_events`, the clocks in `table_clock`; the
//! lock around it is the [`super::hub`]'s.

use super::engine_driver::Driver;
use super::engine_pool::{EnginePool, GuiConfig};
use super::info::{EngineScore, InfoLine};
use super::seats_table::SeatsTable;
use super::state::{Ending, Game};
use std::time::Instant;
use sumito_engine::search::Reported;
use sumito_games::adjudication::{Adjudication, Adjudicator};
use sumito_games::clock::GameClocks;
use sumito_games::clock::TimeControl;
use sumito_games::records::Start;
use sumito_rules::board::{Colour, Layout, MAX_SEATS};
use sumito_rules::ending::Termination;

/// What the page is used for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A person plays `human` against the engine of seat 0.
    Play { human: Colour },
    /// The engine of seat 0 plays Black, the one of seat 1 White.
    Watch,
    /// The engine of seat 0 thinks without limit on the shown position while `running`.
    Analyse { running: bool },
}

/// The search the table waits for.
#[derive(Clone, Copy, Debug)]
pub struct Search {
    pub(super) serial: u64,
    /// The seat searching.
    pub seat: usize,
    /// The ply searched (the position after that many moves).
    pub ply: usize,
    /// Analysis (`go infinite`) rather than a move of the game.
    pub analysis: bool,
}

/// The latest output of the running (or last) search, for the page.
#[derive(Clone, Debug, Default)]
pub struct Thinking {
    /// The side the scores belong to (the side to move of the searched position).
    pub side: Option<Colour>,
    /// In a game of more players, the seat the scores belong to (the seat to move).
    pub mover: Option<sumito_rules::board::Seat>,
    /// The ply searched.
    pub ply: usize,
    /// The latest line of each rank, indexed by MultiPV rank - 1.
    pub lines: Vec<InfoLine>,
    /// The lines the search was asked for (`MultiPV`); deeper ranks are stale.
    pub multipv: u32,
    /// The move the search ended with, once it is played: then `lines` holds only the line
    /// that begins with it, if the engine showed one.
    pub played: Option<String>,
    /// The last line of each rank whose score was exact (not a bound), by rank - 1: the score
    /// of the move played comes from these.
    pub exact: Vec<InfoLine>,
    /// The last exact score of the first line, as `sumito match` reads it
    /// ([`sumito_games::adjudication::reported_score`]): what adjudication judges.
    pub first_exact: Option<Reported>,
}

impl Thinking {
    /// The search ended with `played` (the move as the game notes it), and `starts_with` tells
    /// whether a line begins with it. A level below full strength may play another of its lines
    /// than the best one: the panel keeps the line of the move played, never one that
    /// contradicts it.
    ///
    /// Returns the last exact score the engine gave a line beginning with the move played (its
    /// own side): the score of the move, for draw offers and resignation.
    pub fn settle(
        &mut self,
        played: String,
        starts_with: impl Fn(&str) -> bool,
    ) -> Option<EngineScore> {
        let begins = |line: &&InfoLine| line.pv.first().is_some_and(|first| starts_with(first));
        let line = self.lines.iter().find(begins).cloned();
        self.lines = line.into_iter().collect();
        self.played = Some(played);
        self.exact.iter().find(begins).and_then(|line| line.score)
    }
}

/// Everything the server keeps: the engines, and the game session.
pub struct Table {
    /// The engines, those of the command line and those running.
    pub engines: EnginePool,
    // The game session from here on.
    pub game: Game,
    pub mode: Mode,
    pub tc: TimeControl,
    /// The level sent as `Skill` to an engine that has the option (20: full strength).
    pub skill: u32,
    /// Lines of analysis (UAP `MultiPV`), 1-5.
    pub multipv: u32,
    /// The engine chosen for each engine slot: in a two-player game slot 0 (and in a watched
    /// game slot 1, White's), in a game of more players the slot of each seat by its index.
    pub choice: [usize; MAX_SEATS],
    /// The game of three to six players, when the table plays one instead of [`Table::game`].
    pub multi: Option<SeatsTable>,
    pub search: Option<Search>,
    pub thinking: Thinking,
    pub clocks: Option<GameClocks>,
    /// The side whose clock runs, and since when.
    pub clock_running: Option<(Colour, Instant)>,
    /// The last thing that went wrong, shown on the page.
    pub message: Option<String>,
    /// The engine's answer to the person's draw offer, or why it resigned: shown in the game
    /// panel until the next move.
    pub engine_says: Option<String>,
    /// In a game against the person, the engine may resign a hopeless game
    /// ([`sumito_games::agreement::resignation`]).
    pub engine_resigns: bool,
    /// The adjudication rules of a watched game (both off unless the page asked for them).
    pub adjudication: Adjudication,
    /// Follows the watched game's scores move by move under [`Table::adjudication`].
    pub(super) adjudicator: Adjudicator,
    /// Bumped at every change: lets the pages skip snapshots they have.
    pub version: u64,
    pub(super) next_serial: u64,
}

impl Table {
    /// A game against the first engine from the standard layout, with no engine running yet.
    pub(super) fn new(config: GuiConfig) -> Table {
        let tc = config.tc;
        let mut table = Table {
            engines: EnginePool::new(config),
            game: Game::new(Start::Layout(Layout::Standard), Default::default()),
            mode: Mode::Play {
                human: Colour::Black,
            },
            tc,
            skill: 20,
            multipv: 3,
            choice: [0; MAX_SEATS],
            multi: None,
            search: None,
            thinking: Thinking::default(),
            clocks: None,
            clock_running: None,
            message: None,
            engine_says: None,
            engine_resigns: false,
            adjudication: Adjudication::default(),
            adjudicator: Adjudicator::default(),
            version: 0,
            next_serial: 1,
        };
        table.game.players = table.player_names();
        table
    }

    /// The names of Black and White in the current mode.
    pub fn player_names(&self) -> Vec<String> {
        let engine = |seat: usize| self.engines.name(self.choice[seat]);
        match self.mode {
            Mode::Play { human } => {
                let mut names = vec![engine(0), engine(0)];
                names[human.index()] = "Human".into();
                names
            }
            Mode::Watch => vec![engine(0), engine(1)],
            Mode::Analyse { .. } => vec!["Black".into(), "White".into()],
        }
    }

    /// Takes what engine `index` answered to the handshake: its `id name` and its options. The
    /// players of a game against engines are named after them, so they follow (the players of
    /// an analysis or a loaded record do not).
    pub(super) fn learn_engine(&mut self, index: usize, name: String, options: Vec<String>) {
        self.engines.learn(index, name, options);
        if !matches!(self.mode, Mode::Analyse { .. }) {
            self.game.players = self.player_names();
        }
        if let Some(multi) = &self.multi
            && multi.analysis.is_none()
        {
            let names = self.sitter_names(&multi.sitters, false);
            if let Some(multi) = self.multi.as_mut() {
                multi.game.players = names;
            }
        }
    }

    /// The seat that moves for `colour` in the current mode, if an engine does.
    pub fn seat_of(&self, colour: Colour) -> Option<usize> {
        match self.mode {
            Mode::Play { human } if human != colour => Some(0),
            Mode::Watch => Some(colour.index()),
            _ => None,
        }
    }

    /// Stops the search the table waits for; its answer will be ignored.
    pub fn cancel(&mut self) {
        if let Some(search) = self.search.take()
            && let Some(driver) = self.engines.driver(search.seat)
        {
            driver.stop();
        }
    }

    /// Ends the game with a loss for `culprit` (a crash, a time forfeit, an illegal move…); no
    /// clock runs after it.
    pub(super) fn lose(&mut self, culprit: Colour, termination: Termination) {
        self.end_game(Ending::loss(culprit, termination));
    }

    /// Ends the game as `ending` says, with no search or clock running after it.
    pub(super) fn end_game(&mut self, ending: Ending) {
        self.cancel();
        self.game.end_with(ending);
        self.clock_running = None;
    }

    /// Stops the search and takes every engine off the table, for its driver to be finished
    /// outside the lock (finishing waits for the engine to quit).
    pub(super) fn dismiss_engines(&mut self) -> Vec<Driver> {
        self.cancel();
        self.engines.take_drivers()
    }
}
