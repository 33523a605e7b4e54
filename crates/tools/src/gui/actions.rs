//! What the page may ask of the table: a new game, a move, undo and takeback, a draw offer
//! and a resignation, showing a ply, analysis settings, a record. Every request is checked
//! here and refused with a message; none can name a program or a file (engines are chosen by
//! their index on the command line).

use super::engine_driver::Reporter;
use super::error::GuiError;
use super::state::{Ending, Game};
use super::table::{Mode, Table};
use serde::Deserialize;
use sumito_games::adjudication::{Adjudication, Adjudicator};
use sumito_games::agreement::{DrawAnswer, answer_draw_offer};
use sumito_games::clock::GameClocks;
use sumito_games::clock::TimeControl;
use sumito_games::records::{Start, parse_records};
use sumito_rules::board::{Colour, Layout, Position, check_game_counts};
use sumito_rules::ending::Termination;

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
    /// In `play`: the engine may resign a hopeless game (off by default).
    #[serde(default)]
    pub engine_resigns: Option<bool>,
    /// In `watch`: adjudicate a draw, as `sumito match --draw` takes it
    /// (`movenumber=N movecount=M score=S`).
    #[serde(default)]
    pub draw: Option<String>,
    /// In `watch`: adjudicate a loss, as `sumito match --resign` takes it
    /// (`movecount=M score=S [twosided=true]`).
    #[serde(default)]
    pub resign: Option<String>,
    /// The number of players, 2 (the default) to 6.
    #[serde(default)]
    pub players: Option<usize>,
    /// With more than two players: who plays each seat, in seat order, `"person"` or an
    /// engine's number.
    #[serde(default)]
    pub seats: Option<Vec<SitterRequest>>,
}

/// Who plays a seat, as the page asks: `"person"`, an engine's number, or
/// `{"engine": n, "tc": "movetime=500"}`, an engine with a time control of its own.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum SitterRequest {
    /// The engine of this number on the command line, from 0.
    Engine(usize),
    /// `person`.
    Word(String),
    /// An engine at a time control of its own (the game's by default).
    Timed(TimedEngine),
}

/// An engine seat with its own time control.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimedEngine {
    /// The engine's number on the command line, from 0.
    pub engine: usize,
    /// Its time control, as `--tc` takes it.
    #[serde(default)]
    pub tc: Option<String>,
}

/// A new game's time control, checked: the command line's by default.
pub(super) fn time_control_of(
    request: &NewGame,
    default: TimeControl,
) -> Result<TimeControl, GuiError> {
    checked_time_control(request.tc.as_deref(), default)
}

/// A time control from the page, checked: `default` when there is none.
pub(super) fn checked_time_control(
    text: Option<&str>,
    default: TimeControl,
) -> Result<TimeControl, GuiError> {
    let tc = match text {
        Some(text) => text
            .parse::<TimeControl>()
            .map_err(GuiError::BadTimeControl)?,
        None => default,
    };
    if !within_reason(tc) {
        return Err(GuiError::TimeControlTooLong(tc));
    }
    Ok(tc)
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
fn start_of(request: &NewGame) -> Result<Start, GuiError> {
    match (&request.fen, &request.layout) {
        // A game's start: composed positions with marbles missing are refused.
        (Some(fen), _) if !fen.trim().is_empty() => fen
            .trim()
            .parse::<Position>()
            .and_then(|position| check_game_counts(&position).map(|()| position))
            .map(Start::Fen)
            .map_err(GuiError::BadPosition),
        (_, Some(name)) => Ok(Start::Layout(name.parse::<Layout>()?)),
        _ => Ok(Start::Layout(Layout::Standard)),
    }
}

fn mode_of(request: &NewGame) -> Result<Mode, GuiError> {
    let human = match request.colour.as_deref().unwrap_or("black") {
        "black" => Colour::Black,
        "white" => Colour::White,
        other => return Err(GuiError::BadColour(other.to_string())),
    };
    match request.mode.as_str() {
        "play" => Ok(Mode::Play { human }),
        "watch" => Ok(Mode::Watch),
        "analyse" => Ok(Mode::Analyse { running: true }),
        other => Err(GuiError::BadMode(other.to_string())),
    }
}

/// The adjudication rules of a new game, read as `sumito match --draw`/`--resign` read them
/// (an empty text is no rule); only a watched game has them.
fn adjudication_of(request: &NewGame, mode: Mode) -> Result<Adjudication, GuiError> {
    let text = |value: &Option<String>| {
        value
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_string)
    };
    let (draw, resign) = (text(&request.draw), text(&request.resign));
    if (draw.is_some() || resign.is_some()) && mode != Mode::Watch {
        return Err(GuiError::AdjudicationNotWatching);
    }
    Ok(Adjudication {
        draw: draw.map(|t| t.parse()).transpose()?,
        resign: resign.map(|t| t.parse()).transpose()?,
    })
}

/// Whether the engine may resign the new game: only the person's game can allow it.
fn engine_resigns_of(request: &NewGame, mode: Mode) -> Result<bool, GuiError> {
    let allowed = request.engine_resigns.unwrap_or(false);
    if allowed && !matches!(mode, Mode::Play { .. }) {
        return Err(GuiError::EngineResignsNotPlaying);
    }
    Ok(allowed)
}

/// Whether a page's time control is one a game at the table can be played with: an hour a
/// move, a day on the clock, depth 64 or ten billion nodes at most. Anything more is a typo or
/// an attack, and would tie the engines up for good.
fn within_reason(tc: TimeControl) -> bool {
    const HOUR_MS: u64 = 3_600_000;
    match tc {
        TimeControl::MoveTime { ms } => ms <= HOUR_MS,
        TimeControl::Clock {
            base_ms,
            increment_ms,
            ..
        } => base_ms <= 24 * HOUR_MS && increment_ms <= HOUR_MS,
        TimeControl::Depth { plies } => plies <= 64,
        TimeControl::Nodes { nodes } => nodes <= 10_000_000_000,
    }
}

impl Table {
    /// Starts a new game as `request` asks, after checking all of it.
    pub fn new_game(&mut self, request: &NewGame, reporter: &dyn Reporter) -> Result<(), GuiError> {
        match request.players.unwrap_or(2) {
            2 => {}
            players @ 3..=6 => return self.new_seats_game(request, players, reporter),
            players => return Err(GuiError::BadPlayers(players)),
        }
        if request.seats.is_some() {
            return Err(GuiError::SeatCount {
                players: 2,
                given: request.seats.as_ref().map_or(0, Vec::len),
            });
        }
        let start = start_of(request)?;
        let mode = mode_of(request)?;
        let tc = time_control_of(request, self.engines.config.tc)?;
        let skill = request.skill.unwrap_or(20);
        if !(1..=20).contains(&skill) {
            return Err(GuiError::BadSkill(skill));
        }
        let adjudication = adjudication_of(request, mode)?;
        let engine_resigns = engine_resigns_of(request, mode)?;
        let count = self.engines.config.engines.len();
        let engines = request
            .engines
            .clone()
            .unwrap_or_else(|| vec![0, 1 % count]);
        let choice = match engines[..] {
            [one] => [one, one],
            [first, second] => [first, second],
            _ => return Err(GuiError::EngineCount),
        };
        if let Some(&index) = choice.iter().find(|&&i| i >= count) {
            return Err(GuiError::NoSuchEngine { index, count });
        }
        self.cancel();
        self.multi = None;
        self.release_engines(2);
        self.choice[..2].copy_from_slice(&choice);
        self.mode = mode;
        self.tc = tc;
        self.skill = skill;
        self.message = None;
        self.engine_says = None;
        self.engine_resigns = engine_resigns;
        self.adjudication = adjudication;
        self.adjudicator = Adjudicator::new(adjudication);
        self.game = Game::new(start, self.player_names());
        self.thinking = Default::default();
        self.clocks = matches!(tc, TimeControl::Clock { .. }).then(|| GameClocks::new(&[tc, tc]));
        self.clock_running = None;
        for seat in self.engines.slots.iter_mut().flatten() {
            seat.fresh = true;
        }
        self.kick(reporter);
        Ok(())
    }

    /// A move typed or clicked on the page, on the shown position.
    pub fn human_move(&mut self, text: &str, reporter: &dyn Reporter) -> Result<(), GuiError> {
        if self.multi.is_some() {
            return self.seats_move(text, reporter);
        }
        match self.mode {
            Mode::Watch => return Err(GuiError::MoveWhileWatching),
            Mode::Play { human } if self.game.shown().side_to_move() != human => {
                return Err(GuiError::EnginesTurn);
            }
            _ => {}
        }
        let at_end = self.game.at_end();
        self.game.play_text(text)?;
        self.message = None;
        self.engine_says = None;
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
    pub fn take_back(&mut self, plies: usize, reporter: &dyn Reporter) -> Result<(), GuiError> {
        if self.multi.is_some() {
            return self.seats_take_back(plies, reporter);
        }
        if matches!(self.mode, Mode::Watch) {
            return Err(GuiError::TakeBackWhileWatching);
        }
        let mut length = self.game.turns().len();
        if length == 0 {
            return Err(GuiError::NothingToTakeBack);
        }
        length = length.saturating_sub(plies.max(1));
        if let Mode::Play { human } = self.mode {
            while length > 0 && self.game.position_at(length).side_to_move() != human {
                length -= 1;
            }
            if self.game.position_at(length).side_to_move() != human {
                return Err(GuiError::NoMoveOfYours);
            }
        }
        self.cancel();
        self.game.truncate(length);
        // The lines of a search of a position taken back are of no position of the game now.
        self.thinking = Default::default();
        self.message = None;
        self.engine_says = None;
        self.clock_running = None;
        self.kick(reporter);
        Ok(())
    }

    /// The person's colour, if the game is the person's against the engine and not over: a
    /// draw offer or a resignation is refused otherwise (`what` says which).
    fn persons_game(&self, what: &'static str) -> Result<Colour, GuiError> {
        let Mode::Play { human } = self.mode else {
            return Err(GuiError::NotYourGame(what));
        };
        if self.game.is_over() {
            return Err(GuiError::GameOver);
        }
        Ok(human)
    }

    /// The person offers a draw: the engine's side answers as Sumito does
    /// ([`answer_draw_offer`]), by its own scores of its moves in this game and the position at
    /// the end of the game. Accepted, the game is drawn by agreement; either way the answer is
    /// shown until the next move.
    pub fn offer_draw(&mut self) -> Result<(), GuiError> {
        if self.multi.is_some() {
            return Err(GuiError::TwoPlayerOnly("a draw offer"));
        }
        let human = self.persons_game("offer a draw")?;
        let engine = human.opponent();
        let scores = self.game.engine_scores(engine);
        match answer_draw_offer(&scores, self.game.end(), engine) {
            DrawAnswer::Accept(why) => {
                self.engine_says = Some(why);
                self.end_game(Ending::draw(Termination::Agreement));
                self.game.goto(self.game.turns().len());
            }
            DrawAnswer::Decline(why) => self.engine_says = Some(why),
        }
        Ok(())
    }

    /// The person resigns: the game is lost for the person, whoever's turn it is. In a game of
    /// more players the person whose turn it is leaves the game, which goes on without them.
    pub fn resign(&mut self, reporter: &dyn Reporter) -> Result<(), GuiError> {
        if self.multi.is_some() {
            return self.seats_leave(reporter);
        }
        let human = self.persons_game("resign")?;
        self.engine_says = None;
        self.lose(human, Termination::Resignation);
        self.game.goto(self.game.turns().len());
        Ok(())
    }

    /// Shows the position after `ply` moves; analysis follows it.
    pub fn goto(&mut self, ply: usize, reporter: &dyn Reporter) -> Result<(), GuiError> {
        if self.multi.is_some() {
            return self.seats_goto(ply, reporter);
        }
        if !self.game.goto(ply) {
            let last = self.game.turns().len();
            return Err(GuiError::NoSuchPly { ply, last });
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
    ) -> Result<(), GuiError> {
        if let Some(multipv) = settings.multipv {
            if self.multi.is_some() && multipv != 1 {
                return Err(GuiError::TwoPlayerOnly("more than one line of analysis"));
            }
            if !(1..=MAX_MULTIPV).contains(&multipv) {
                return Err(GuiError::BadLines {
                    lines: multipv,
                    max: MAX_MULTIPV,
                });
            }
            self.multipv = multipv;
        }
        if let Some(multi) = &self.multi {
            let running = match (settings.running, multi.analysis) {
                (Some(running), _) => running,
                (None, Some(running)) => running,
                (None, None) => return Ok(()),
            };
            self.seats_analysis(running, reporter);
            return Ok(());
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
    ) -> Result<(), GuiError> {
        let records = parse_records(text).map_err(GuiError::Records)?;
        let count = records.len();
        let record = match index.checked_sub(1).and_then(|i| records.get(i)) {
            Some(record) => record,
            None if count == 0 => return Err(GuiError::NoRecord),
            None => return Err(GuiError::NoSuchGame { index, count }),
        };
        if sumito_games::records::is_multi_record(record) {
            return self.load_seats_record(record, index, reporter);
        }
        let game = Game::from_record(record).map_err(|error| GuiError::BadGame {
            index,
            source: Box::new(error),
        })?;
        self.cancel();
        self.multi = None;
        self.release_engines(2);
        self.game = game;
        self.thinking = Default::default();
        self.mode = Mode::Analyse { running: false };
        self.clocks = None;
        self.clock_running = None;
        self.message = None;
        self.engine_says = None;
        self.kick(reporter);
        Ok(())
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::gui::engine_driver::DriverEvent;
    use crate::gui::engine_pool::GuiConfig;
    use crate::uap_client::EngineSpec;

    /// No engine starts in these tests: the seats are persons', or every request is refused
    /// before one would.
    pub(in crate::gui) struct NoEngines;

    impl Reporter for NoEngines {
        fn for_driver(&self, _: usize, _: u64) -> Box<dyn Fn(DriverEvent) + Send> {
            Box::new(|_| {})
        }

        fn for_probe(&self, _: usize) -> Box<dyn Fn(DriverEvent) + Send> {
            Box::new(|_| {})
        }
    }

    /// A table of `engines` engines whose program does not exist.
    pub(in crate::gui) fn table_of(engines: usize) -> Table {
        let spec = EngineSpec {
            name: "none".into(),
            program: "/nonexistent-sumito-engine".into(),
            args: Vec::new(),
            options: Vec::new(),
        };
        Table::new(GuiConfig {
            engines: vec![spec; engines],
            tc: TimeControl::MoveTime { ms: 100 },
            silence: std::time::Duration::from_secs(10),
        })
    }

    fn table() -> Table {
        table_of(2)
    }

    fn request(mode: &str) -> NewGame {
        NewGame {
            mode: mode.into(),
            layout: None,
            fen: None,
            colour: None,
            tc: None,
            skill: None,
            engines: None,
            engine_resigns: None,
            draw: None,
            resign: None,
            players: None,
            seats: None,
        }
    }

    #[test]
    fn engines_of_one_name_are_told_apart_and_analysis_names_the_colours() {
        let mut table = table();
        assert_eq!(table.engines.name(0), "none #1");
        assert_eq!(table.engines.name(1), "none #2");
        let watch = NewGame {
            engines: Some(vec![0, 1]),
            ..request("watch")
        };
        table.new_game(&watch, &NoEngines).expect("a watched game");
        assert_eq!(table.game.players, ["none #1", "none #2"]);
        table
            .new_game(&request("analyse"), &NoEngines)
            .expect("an analysis");
        assert_eq!(table.game.players, ["Black", "White"]);
        let engines = crate::gui::view::snapshot(&table).engines;
        assert_eq!(engines[1].name, "none #2");
    }

    #[test]
    fn a_take_back_leaves_no_line_of_a_position_taken_back() {
        let mut table = table();
        table
            .new_game(&request("analyse"), &NoEngines)
            .expect("an analysis");
        table
            .set_analysis(
                &AnalysisSettings {
                    running: Some(false),
                    multipv: None,
                },
                &NoEngines,
            )
            .expect("analysis off");
        table.human_move("a1b2", &NoEngines).expect("a move");
        table.human_move("i5h5", &NoEngines).expect("a reply");
        table.thinking.side = Some(Colour::Black);
        table.thinking.ply = 2;
        table.thinking.lines = vec![crate::gui::info::parse_info("info depth 3 pv a2b3 i4h4")];
        table.take_back(1, &NoEngines).expect("taken back");
        assert!(table.thinking.lines.is_empty(), "{:?}", table.thinking);
        assert!(crate::gui::view::snapshot(&table).thinking.is_none());
    }

    #[test]
    fn the_panel_keeps_the_line_of_the_move_played() {
        use crate::gui::info::parse_info;
        use crate::gui::table::Thinking;
        let mut thinking = Thinking {
            lines: vec![
                parse_info("info depth 1 multipv 1 score cp 9 pv a1b2"),
                parse_info("info depth 1 multipv 2 score cp 4 pv a5b5"),
            ],
            multipv: 4,
            ..Thinking::default()
        };
        thinking.settle("a5b5".into(), |first| first == "a5b5");
        assert_eq!(thinking.lines.len(), 1);
        assert_eq!(thinking.lines[0].pv, ["a5b5"]);
        assert_eq!(thinking.lines[0].multipv, 2);
        assert_eq!(thinking.played.as_deref(), Some("a5b5"));
        // No line begins with the move played: none is shown.
        thinking.settle("c3d3".into(), |first| first == "c3d3");
        assert!(thinking.lines.is_empty());
    }

    #[test]
    fn refused_requests_say_why_word_for_word() {
        let mut table = table();
        let mut new_game = |request: NewGame| {
            table
                .new_game(&request, &NoEngines)
                .expect_err("refused")
                .to_string()
        };
        assert_eq!(
            new_game(NewGame {
                fen: Some("x".into()),
                ..request("play")
            }),
            "bad position string: expected 2 to 5 fields (board, side, lost black, lost white, \
             plies), found 1"
        );
        assert_eq!(
            new_game(NewGame {
                layout: Some("square".into()),
                ..request("play")
            }),
            "unknown layout 'square' (expected standard or classic, belgian-daisy or german-daisy)"
        );
        assert_eq!(
            new_game(NewGame {
                colour: Some("green".into()),
                ..request("play")
            }),
            "colour must be black or white, not 'green'"
        );
        assert_eq!(
            new_game(request("dance")),
            "mode must be play, watch or analyse, not 'dance'"
        );
        assert_eq!(
            new_game(NewGame {
                tc: Some("ten".into()),
                ..request("play")
            }),
            "ten".parse::<TimeControl>().unwrap_err().to_string()
        );
        assert_eq!(
            new_game(NewGame {
                skill: Some(21),
                ..request("play")
            }),
            "skill must be 1 to 20, not 21"
        );
        assert_eq!(
            new_game(NewGame {
                engines: Some(vec![0, 1, 0]),
                ..request("play")
            }),
            "engines must list one or two engine numbers"
        );
        assert_eq!(
            new_game(NewGame {
                engines: Some(vec![0, 2]),
                ..request("play")
            }),
            "there is no engine 2 (there are 2)"
        );
        fn message(result: Result<(), impl std::fmt::Display>) -> String {
            match result {
                Ok(()) => "accepted".into(),
                Err(e) => e.to_string(),
            }
        }
        assert_eq!(
            message(table.take_back(1, &NoEngines)),
            "there is no move to take back"
        );
        assert_eq!(
            message(table.goto(3, &NoEngines)),
            "there is no ply 3 (the game has 0)"
        );
        let lines = AnalysisSettings {
            running: None,
            multipv: Some(6),
        };
        assert_eq!(
            message(table.set_analysis(&lines, &NoEngines)),
            "lines must be 1 to 5, not 6"
        );
        assert_eq!(
            message(table.load_record("", 1, &NoEngines)),
            "the text holds no record"
        );
        let record = "[Event \"x\"]\n\n1. a1b1 *\n";
        assert_eq!(
            message(table.load_record(record, 2, &NoEngines)),
            "there is no game 2 (the file has 1)"
        );
        let illegal = "[Event \"x\"]\n[Layout \"standard\"]\n\n1. a1a2 *\n";
        let records = sumito_games::records::parse_records(illegal).expect("a record");
        let why = sumito_games::records::replay(&records[0]).expect_err("refused");
        assert_eq!(
            message(table.load_record(illegal, 1, &NoEngines)),
            format!("game 1: {why}")
        );
        assert_eq!(
            message(table.load_record("1. a1b1 *\n[Event", 1, &NoEngines)),
            sumito_games::records::parse_records("1. a1b1 *\n[Event")
                .unwrap_err()
                .to_string()
        );
        table.mode = Mode::Watch;
        assert_eq!(
            message(table.human_move("a1b1", &NoEngines)),
            "the engines are playing this game; start a game against the engine, or analysis, \
             to move"
        );
        assert_eq!(
            message(table.take_back(1, &NoEngines)),
            "the engines are playing this game"
        );
        table.mode = Mode::Play {
            human: Colour::White,
        };
        assert_eq!(
            message(table.human_move("a1b1", &NoEngines)),
            "it is the engine's turn"
        );
    }
}
