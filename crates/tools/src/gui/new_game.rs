//! `POST /api/new`: a new game as the page asks for it, every part checked and refused with a
//! message; no request can name a program or a file (engines are chosen by their index on the
//! command line). A game of two players is asked for by mode and colour, one of three to six by
//! who sits at each seat.

use super::engine_driver::Reporter;
use super::error::GuiError;
use super::seats::SeatsGame;
use super::session::{Session, Sitter};
use super::table::{AnySession, Table};
use super::two_players::Game;
use serde::Deserialize;
use sumito_games::adjudication::{Adjudication, Adjudicator};
use sumito_games::clock::TimeControl;
use sumito_games::records::{MultiStart, Start};
use sumito_rules::board::{Colour, Layout, Position, check_game_counts};
use sumito_rules::multiplayer::{MultiLayout, MultiPosition};

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
    /// The numbers of the engines of Black and White (one: both), from 1 in the order of
    /// `--engine`.
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
    /// The engine of this number on the command line, from 1.
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
    /// The engine's number on the command line, from 1.
    pub engine: usize,
    /// Its time control, as `--tc` takes it.
    #[serde(default)]
    pub tc: Option<String>,
}

/// A new game's time control, checked: the command line's by default.
fn time_control_of(request: &NewGame, default: TimeControl) -> Result<TimeControl, GuiError> {
    checked_time_control(request.tc.as_deref(), default)
}

/// A time control from the page, checked: `default` when there is none.
fn checked_time_control(text: Option<&str>, default: TimeControl) -> Result<TimeControl, GuiError> {
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

/// Parses the start of a new game.
fn start_of(request: &NewGame) -> Result<Start, GuiError> {
    // A layout is read even beside a position string (the page sends both): a wrong name is
    // refused, not passed over.
    let layout = (request.layout.as_deref())
        .map(str::parse::<Layout>)
        .transpose()?;
    match (&request.fen, layout) {
        // A game's start: composed positions with marbles missing are refused.
        (Some(fen), _) if !fen.trim().is_empty() => fen
            .trim()
            .parse::<Position>()
            .and_then(|position| check_game_counts(&position).map(|()| position))
            .map_err(GuiError::BadPosition)
            .and_then(|position| match position.outcome() {
                Some(_) => Err(GuiError::GameOver),
                None => Ok(Start::Fen(position)),
            }),
        (_, layout) => Ok(Start::Layout(layout.unwrap_or(Layout::Standard))),
    }
}

/// What a two-player game is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// A person plays `human` against an engine.
    Play { human: Colour },
    /// Two engines play.
    Watch,
    /// An engine analyses the shown position.
    Analyse,
}

fn mode_of(request: &NewGame) -> Result<Mode, GuiError> {
    let human = match request.colour.as_deref().unwrap_or("black") {
        "black" => Colour::Black,
        "white" => Colour::White,
        other => return Err(GuiError::BadColour(other.to_string())),
    };
    let mode = match request.mode.as_str() {
        "play" => return Ok(Mode::Play { human }),
        "watch" => Mode::Watch,
        "analyse" => Mode::Analyse,
        other => return Err(GuiError::BadMode(other.to_string())),
    };
    // Only a person's game has a person's colour and an engine's level.
    for (field, given) in [
        ("colour", request.colour.is_some()),
        ("skill", request.skill.is_some()),
    ] {
        if given {
            return Err(GuiError::NoMeaning {
                field,
                game: if mode == Mode::Watch {
                    "mode watch"
                } else {
                    "mode analyse"
                },
            });
        }
    }
    Ok(mode)
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
    if (request.draw.is_some() || request.resign.is_some()) && mode != Mode::Watch {
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
    if request.engine_resigns.is_some() && !matches!(mode, Mode::Play { .. }) {
        return Err(GuiError::EngineResignsNotPlaying);
    }
    Ok(allowed)
}

/// Whether a page's time control is one a game at the table can be played with: an hour a
/// move, a day on the clock, depth 64 or ten billion nodes at most. Anything more is a typo or
/// an attack, and would tie the engines up for good.
pub fn within_reason(tc: TimeControl) -> bool {
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

/// The start of a new game of `players` players: its layout, or a position string with as
/// many seats.
fn seats_start_of(request: &NewGame, players: usize) -> Result<MultiStart, GuiError> {
    let layout = MultiLayout::for_seats(players).ok_or(GuiError::BadPlayers(players))?;
    if let Some(name) = request.layout.as_deref()
        && name != layout.name()
    {
        return Err(GuiError::LayoutForPlayers {
            layout: name.to_string(),
            players,
            expected: layout.name(),
        });
    }
    let Some(fen) = request
        .fen
        .as_deref()
        .map(str::trim)
        .filter(|f| !f.is_empty())
    else {
        return Ok(MultiStart::Layout(layout));
    };
    let position: MultiPosition = fen.parse().map_err(GuiError::BadSeatsPosition)?;
    let seats = position.seating().seats();
    if seats != players {
        return Err(GuiError::PlayersAndPosition { players, seats });
    }
    if position.outcome().is_some() {
        return Err(GuiError::GameOver);
    }
    Ok(MultiStart::Fen(position))
}

/// Who plays each seat and at what time control: as listed, or by the mode (a person at seat 1
/// and engines elsewhere to play; engines everywhere to watch or analyse), each engine checked
/// against the command line; `tc` is the game's time control.
fn sitters_of(
    request: &NewGame,
    players: usize,
    engines: usize,
    tc: TimeControl,
) -> Result<(Vec<Sitter>, Vec<TimeControl>), GuiError> {
    let first = match request.engines.as_ref().and_then(|e| e.first().copied()) {
        Some(number) => engine_index(number, engines)?,
        None => 0,
    };
    let seats = match &request.seats {
        Some(list) if list.len() != players => {
            return Err(GuiError::SeatCount {
                players,
                given: list.len(),
            });
        }
        Some(list) => list
            .iter()
            .map(|seat| sitter_of(seat, tc, engines))
            .collect::<Result<Vec<_>, _>>()?,
        None if request.mode == "play" => (0..players)
            .map(|i| match i {
                0 => (Sitter::Person, tc),
                _ => (Sitter::Engine(first), tc),
            })
            .collect(),
        None => vec![(Sitter::Engine(first), tc); players],
    };
    Ok(seats.into_iter().unzip())
}

/// The index of the engine a request numbers `number`: engines are numbered from 1, in the
/// order of `--engine` on the command line, as everywhere else.
fn engine_index(number: usize, count: usize) -> Result<usize, GuiError> {
    match number {
        1.. if number <= count => Ok(number - 1),
        _ => Err(GuiError::NoSuchEngine { number, count }),
    }
}

/// One seat as the page asks for it, with its time control (`tc`, the game's, by default);
/// `count` engines are on the command line.
fn sitter_of(
    seat: &SitterRequest,
    tc: TimeControl,
    count: usize,
) -> Result<(Sitter, TimeControl), GuiError> {
    match seat {
        SitterRequest::Engine(number) => Ok((Sitter::Engine(engine_index(*number, count)?), tc)),
        SitterRequest::Word(word) if word == "person" => Ok((Sitter::Person, tc)),
        SitterRequest::Word(word) => Err(GuiError::BadSitter(word.clone())),
        SitterRequest::Timed(timed) => {
            let own = checked_time_control(timed.tc.as_deref(), tc)?;
            Ok((Sitter::Engine(engine_index(timed.engine, count)?), own))
        }
    }
}

/// Adjudication and the engine's resignation are two-player settings: refused with more
/// players.
fn refuse_two_player_options(request: &NewGame) -> Result<(), GuiError> {
    if request.draw.is_some() || request.resign.is_some() {
        return Err(GuiError::TwoPlayerOnly("adjudication"));
    }
    if request.engine_resigns.is_some() {
        return Err(GuiError::TwoPlayerOnly("an engine's resignation"));
    }
    if request.skill.is_some() {
        return Err(GuiError::TwoPlayerOnly("a level (skill)"));
    }
    if request.colour.is_some() {
        return Err(GuiError::TwoPlayerOnly("a colour"));
    }
    Ok(())
}

/// The engine an analysis of more players runs: the one `engines` names (one at most), else
/// the first. Games seat their engines by `seats`, so they take no `engines`.
fn analysis_engine(request: &NewGame, analysis: bool, count: usize) -> Result<usize, GuiError> {
    let named = request.engines.as_deref().unwrap_or_default();
    match (analysis, named) {
        (_, []) => Ok(0),
        (true, [number]) => engine_index(*number, count),
        (true, _) => Err(GuiError::EngineCount),
        (false, _) => Err(GuiError::TwoPlayerOnly(
            "a list of engines (the seats name theirs)",
        )),
    }
}

impl Table {
    /// Starts a new game as `request` asks, after checking all of it.
    pub fn new_game(&mut self, request: &NewGame, reporter: &dyn Reporter) -> Result<(), GuiError> {
        match request.players.unwrap_or(2) {
            2 => self.new_two_player_game(request, reporter),
            players @ 3..=6 => self.new_seats_game(request, players, reporter),
            players => Err(GuiError::BadPlayers(players)),
        }
    }

    fn new_two_player_game(
        &mut self,
        request: &NewGame,
        reporter: &dyn Reporter,
    ) -> Result<(), GuiError> {
        if request.seats.is_some() {
            return Err(GuiError::NoMeaning {
                field: "seats",
                game: "a two-player game (engines and colour seat it)",
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
        let pair = match request.engines.as_deref() {
            None => [0, 1 % count],
            Some(&[one]) => [engine_index(one, count)?; 2],
            Some(&[first, second]) if mode == Mode::Watch => {
                [engine_index(first, count)?, engine_index(second, count)?]
            }
            Some(&[_, _]) => return Err(GuiError::OneEngine),
            Some(_) => return Err(GuiError::EngineCount),
        };
        // A game against the person, and analysis, run the first engine only.
        let playing = if mode == Mode::Watch {
            &pair[..]
        } else {
            &pair[..1]
        };
        for &index in playing {
            self.engines.check_started(index)?;
        }
        let mut choice = self.choice();
        choice[..2].copy_from_slice(&pair);
        let mut sitters = pair.map(Sitter::Engine).to_vec();
        if let Mode::Play { human } = mode {
            sitters = vec![Sitter::Engine(pair[0]); 2];
            sitters[human.index()] = Sitter::Person;
        }
        let analysis = (mode == Mode::Analyse).then_some(true);
        let game = Game::new(start, Vec::new());
        let mut session = Session::new(game, tc, (sitters, vec![tc; 2]), analysis, choice);
        (session.skill, session.multipv) = (skill, self.settings().2);
        session.engine_resigns = engine_resigns;
        session.adjudication = adjudication;
        session.adjudicator = Adjudicator::new(adjudication);
        session.game.players = session.sitter_names(&self.engines);
        self.seat(session, reporter, AnySession::Two);
        Ok(())
    }

    /// Starts a new game of three to six players as `request` asks, after checking all of it.
    fn new_seats_game(
        &mut self,
        request: &NewGame,
        players: usize,
        reporter: &dyn Reporter,
    ) -> Result<(), GuiError> {
        let start = seats_start_of(request, players)?;
        let analysis = match request.mode.as_str() {
            "play" | "watch" => None,
            "analyse" => Some(true),
            other => return Err(GuiError::BadMode(other.to_string())),
        };
        let tc = time_control_of(request, self.engines.config.tc)?;
        refuse_two_player_options(request)?;
        let count = self.engines.config.engines.len();
        let (sitters, controls) = sitters_of(request, players, count, tc)?;
        if request.mode == "watch" && sitters.contains(&Sitter::Person) {
            return Err(GuiError::PersonWhileWatching);
        }
        let mut choice = self.choice();
        let seated = sitters.iter().filter_map(|sitter| match *sitter {
            Sitter::Engine(index) => Some(index),
            Sitter::Person => None,
        });
        for (slot, engine) in seated.enumerate() {
            choice[slot] = engine;
        }
        let analysed = analysis_engine(request, analysis.is_some(), count)?;
        let playing = match analysis {
            Some(_) => vec![analysed],
            None => (sitters.iter())
                .filter_map(|sitter| match *sitter {
                    Sitter::Engine(index) => Some(index),
                    Sitter::Person => None,
                })
                .collect(),
        };
        for &index in &playing {
            self.engines.check_started(index)?;
            self.engines.check_seats(index)?;
        }
        if analysis.is_some() {
            choice[0] = analysed;
        }
        let game = SeatsGame::new(start, Vec::new());
        let mut session = Session::new(game, tc, (sitters, controls), analysis, choice);
        session.multipv = self.settings().2;
        session.game.players = session.sitter_names(&self.engines);
        self.seat(session, reporter, AnySession::Seats);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::actions::tests::{NoEngines, table_of};

    #[test]
    fn an_engine_seat_may_have_a_time_control_of_its_own() {
        let mut table = table_of(1);
        let text = r#"{"mode":"play","players":3,"tc":"movetime=100",
            "seats":["person",{"engine":1,"tc":"depth=3"},{"engine":1}]}"#;
        let request: NewGame = serde_json::from_str(text).expect("a request");
        let (_, controls) =
            sitters_of(&request, 3, 1, TimeControl::MoveTime { ms: 100 }).expect("seats");
        let expected = ["movetime=100", "depth=3", "movetime=100"];
        assert_eq!(
            controls.iter().map(ToString::to_string).collect::<Vec<_>>(),
            expected
        );
        let text = r#"{"mode":"play","players":3,
            "seats":["person",{"engine":1,"tc":"depth=99"},1]}"#;
        let request: NewGame = serde_json::from_str(text).expect("a request");
        let refused = table.new_game(&request, &NoEngines).expect_err("refused");
        assert!(refused.to_string().starts_with("time control depth=99"));
        let text = r#"{"mode":"play","players":3,"seats":["person",{"engine":1,"x":1},1]}"#;
        assert!(serde_json::from_str::<NewGame>(text).is_err());
    }
}
