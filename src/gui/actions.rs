//! What the page may ask of the table: a new game, a move, undo and takeback, showing a ply,
//! analysis settings, a record. Every request is checked here and refused with a message; none
//! can name a program or a file (engines are chosen by their index on the command line).

use super::searches::Reporter;
use super::state::Game;
use super::table::{Mode, Table};
use crate::board::{Colour, Layout, Position};
use crate::clock::GameClocks;
use crate::clock::TimeControl;
use crate::records::{Start, parse_records};
use serde::Deserialize;

/// The most lines of analysis the page offers.
pub const MAX_MULTIPV: u32 = 5;

/// `POST /api/new`: a new game.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// `play`, `watch` or `analyse`.
    pub mode: String,
    /// A layout name, unless `fen` is given.
    #[serde(default)]
    pub layout: Option<String>,
    /// A position string to start from.
    #[serde(default)]
    pub fen: Option<String>,
    /// The human's colour in `play`.
    #[serde(default)]
    pub colour: Option<String>,
    /// A time control as `--tc` takes it; the command line's by default.
    #[serde(default)]
    pub tc: Option<String>,
    /// The level (1-20) for an engine with a `Skill` option.
    #[serde(default)]
    pub skill: Option<u32>,
    /// Indices of the engines for seat 0 and seat 1.
    #[serde(default)]
    pub engines: Option<Vec<usize>>,
}

/// `POST /api/analysis`: analysis on or off, and its number of lines.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalysisSettings {
    #[serde(default)]
    pub running: Option<bool>,
    #[serde(default)]
    pub multipv: Option<u32>,
}

/// Parses the start of a new game.
fn start_of(request: &NewGame) -> Result<Start, String> {
    match (&request.fen, &request.layout) {
        (Some(fen), _) if !fen.trim().is_empty() => fen
            .trim()
            .parse::<Position>()
            .map(Start::Fen)
            .map_err(|e| format!("bad position string: {e}")),
        (_, Some(name)) => name
            .parse::<Layout>()
            .map(Start::Layout)
            .map_err(|e| e.to_string()),
        _ => Ok(Start::Layout(Layout::Standard)),
    }
}

fn mode_of(request: &NewGame) -> Result<Mode, String> {
    let human = match request.colour.as_deref().unwrap_or("black") {
        "black" => Colour::Black,
        "white" => Colour::White,
        other => return Err(format!("colour must be black or white, not '{other}'")),
    };
    match request.mode.as_str() {
        "play" => Ok(Mode::Play { human }),
        "watch" => Ok(Mode::Watch),
        "analyse" => Ok(Mode::Analyse { running: true }),
        other => Err(format!(
            "mode must be play, watch or analyse, not '{other}'"
        )),
    }
}

impl Table {
    /// Starts a new game as `request` asks, after checking all of it.
    pub fn new_game(&mut self, request: &NewGame, reporter: &dyn Reporter) -> Result<(), String> {
        let start = start_of(request)?;
        let mode = mode_of(request)?;
        let tc = match &request.tc {
            Some(text) => text.parse::<TimeControl>()?,
            None => self.config.tc,
        };
        let skill = request.skill.unwrap_or(20);
        if !(1..=20).contains(&skill) {
            return Err(format!("skill must be 1 to 20, not {skill}"));
        }
        let count = self.config.engines.len();
        let engines = request
            .engines
            .clone()
            .unwrap_or_else(|| vec![0, 1 % count]);
        let choice = match engines[..] {
            [one] => [one, one],
            [first, second] => [first, second],
            _ => return Err("engines must list one or two engine numbers".into()),
        };
        if let Some(bad) = choice.iter().find(|&&i| i >= count) {
            return Err(format!("there is no engine {bad} (there are {count})"));
        }
        self.cancel();
        self.choice = choice;
        self.mode = mode;
        self.tc = tc;
        self.skill = skill;
        self.message = None;
        self.game = Game::new(start, self.player_names());
        self.thinking = Default::default();
        self.clocks = matches!(tc, TimeControl::Clock { .. }).then(|| GameClocks::new(&[tc, tc]));
        self.clock_running = None;
        for seat in self.seats.iter_mut().flatten() {
            seat.fresh = true;
        }
        self.kick(reporter);
        Ok(())
    }

    /// A move typed or clicked on the page, on the shown position.
    pub fn human_move(&mut self, text: &str, reporter: &dyn Reporter) -> Result<(), String> {
        match self.mode {
            Mode::Watch => {
                return Err(
                    "the engines are playing this game; start a game against the \
                            engine, or analysis, to move"
                        .into(),
                );
            }
            Mode::Play { human } if self.game.shown().side_to_move() != human => {
                return Err("it is the engine's turn".into());
            }
            _ => {}
        }
        let at_end = self.game.at_end();
        self.game.play_text(text)?;
        self.message = None;
        if at_end {
            self.charge_clock();
        } else {
            self.clock_running = None;
        }
        self.cancel();
        self.kick(reporter);
        Ok(())
    }

    /// Takes back `plies` moves from the end (at least one); in a game against the engine the
    /// takeback goes on to the human's turn, so that the engine does not answer again at once.
    pub fn take_back(&mut self, plies: usize, reporter: &dyn Reporter) -> Result<(), String> {
        if matches!(self.mode, Mode::Watch) {
            return Err("the engines are playing this game".into());
        }
        let mut length = self.game.moves().len();
        if length == 0 {
            return Err("there is no move to take back".into());
        }
        length = length.saturating_sub(plies.max(1));
        if let Mode::Play { human } = self.mode {
            while length > 0 && self.game.position_at(length).side_to_move() != human {
                length -= 1;
            }
            if self.game.position_at(length).side_to_move() != human {
                return Err("there is no move of yours to take back".into());
            }
        }
        self.cancel();
        self.game.truncate(length);
        self.message = None;
        self.clock_running = None;
        self.kick(reporter);
        Ok(())
    }

    /// Shows the position after `ply` moves; analysis follows it.
    pub fn goto(&mut self, ply: usize, reporter: &dyn Reporter) -> Result<(), String> {
        if !self.game.goto(ply) {
            let last = self.game.moves().len();
            return Err(format!("there is no ply {ply} (the game has {last})"));
        }
        if matches!(self.mode, Mode::Analyse { .. }) {
            self.cancel();
            self.kick(reporter);
        }
        Ok(())
    }

    /// Turns analysis on or off and sets its number of lines; entering analysis from a game
    /// keeps the game's moves.
    pub fn set_analysis(
        &mut self,
        settings: &AnalysisSettings,
        reporter: &dyn Reporter,
    ) -> Result<(), String> {
        if let Some(multipv) = settings.multipv {
            if !(1..=MAX_MULTIPV).contains(&multipv) {
                return Err(format!("lines must be 1 to {MAX_MULTIPV}, not {multipv}"));
            }
            self.multipv = multipv;
        }
        let running = match (settings.running, self.mode) {
            (Some(running), _) => running,
            (None, Mode::Analyse { running }) => running,
            // Only the number of lines changes; it applies to the next analysis.
            (None, _) => return Ok(()),
        };
        self.cancel();
        self.mode = Mode::Analyse { running };
        self.clock_running = None;
        self.kick(reporter);
        Ok(())
    }

    /// Opens game `index` (from 1) of a records text, shown from its start for stepping through.
    pub fn load_record(
        &mut self,
        text: &str,
        index: usize,
        reporter: &dyn Reporter,
    ) -> Result<(), String> {
        let records = parse_records(text).map_err(|e| e.to_string())?;
        let count = records.len();
        let record = match index.checked_sub(1).and_then(|i| records.get(i)) {
            Some(record) => record,
            None if count == 0 => return Err("the text holds no record".into()),
            None => return Err(format!("there is no game {index} (the file has {count})")),
        };
        let game = Game::from_record(record).map_err(|e| format!("game {index}: {e}"))?;
        self.cancel();
        self.game = game;
        self.thinking = Default::default();
        self.mode = Mode::Analyse { running: false };
        self.clocks = None;
        self.clock_running = None;
        self.message = None;
        self.kick(reporter);
        Ok(())
    }
}
