//! What the page may ask of the session at the table, for any number of seats: a move,
//! undo and takeback, a draw offer and a resignation (a seat leaving, with more players),
//! showing a ply, analysis settings, a record to open. Every request is checked here and
//! refused with a message. A new game is [`super::new_game`]'s.

use super::engine_driver::Reporter;
use super::engine_pool::EnginePool;
use super::error::GuiError;
use super::seats::Seats;
use super::session::{Session, SessionKind, Sitter};
use super::table::{AnySession, Table, each_kind};
use super::two_players::TwoPlayers;
use serde::Deserialize;
use sumito_games::records::{Record, parse_records};
use sumito_rules::ending::Termination;

/// The most lines of analysis the page offers.
pub const MAX_MULTIPV: u32 = 5;

/// `POST /api/analysis`: analysis on or off, and its number of lines.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalysisSettings {
    #[serde(default)]
    pub running: Option<bool>,
    #[serde(default)]
    pub multipv: Option<u32>,
    /// Back to the game the analysis began in: it is played on from its last move.
    #[serde(default)]
    pub resume: Option<bool>,
}

impl<K: SessionKind> Session<K> {
    /// A move typed or clicked on the page, on the shown position, for its seat to move: a
    /// person's, or any in analysis. On a position before the game's end it drops the later
    /// turns, and only when the player agreed to lose as many (`drop`): a game is never cut
    /// short unasked.
    fn human_move(
        &mut self,
        text: &str,
        drop: Option<usize>,
        engines: &mut EnginePool,
        reporter: &dyn Reporter,
    ) -> Result<(), GuiError> {
        // A move that comes after the person's time ran out is too late, however soon the
        // clock's wake-up follows.
        if self.flag(engines, reporter) {
            return Err(GuiError::TimeRanOut);
        }
        let seat = K::mover(self.game.shown());
        if self.analysis.is_none() && self.sitter(seat) != Sitter::Person {
            if self.engines_only() {
                return Err(GuiError::MoveWhileWatching);
            }
            return Err(K::engines_turn(seat));
        }
        let later = self.game.turns().len() - self.game.cursor();
        match drop {
            Some(asked) if asked != later => return Err(GuiError::DropChanged { asked, later }),
            None if later > 0 => return Err(GuiError::WouldDrop { later }),
            _ => {}
        }
        let ply = self.game.cursor();
        self.game.play_text(text)?;
        self.message = None;
        self.engine_says = None;
        // A move from an earlier position is no move of the turn whose clock ran: the clocks
        // go back to that position's, and the move is on no clock.
        if later == 0 {
            self.charge_clock();
        } else {
            self.clocks_back_to(ply);
        }
        self.cancel(engines);
        self.kick(engines, reporter);
        Ok(())
    }

    /// Takes back `plies` turns from the end (at least one); in a game with persons and
    /// engines the takeback goes on to a person's turn, so that no engine answers at once.
    fn take_back(
        &mut self,
        plies: usize,
        engines: &mut EnginePool,
        reporter: &dyn Reporter,
    ) -> Result<(), GuiError> {
        if self.analysis.is_none() && self.engines_only() {
            return Err(GuiError::TakeBackWhileWatching);
        }
        // A take-back that comes after the person's time ran out comes after the flag, however
        // soon the clock's wake-up follows (the turn's time is charged again below).
        self.flag(engines, reporter);
        let mut length = self.game.turns().len();
        if length == 0 {
            return Err(GuiError::NothingToTakeBack);
        }
        // In analysis the shown position is what the player works on: a takeback from an
        // earlier one would take back a move not shown.
        if self.analysis.is_some() && !self.game.at_end() {
            return Err(GuiError::TakeBackNotAtEnd);
        }
        length = length.saturating_sub(plies.max(1));
        if self.analysis.is_none() {
            let persons =
                |ply: usize| self.sitter(K::mover(self.game.position_at(ply))) == Sitter::Person;
            while length > 0 && !persons(length) {
                length -= 1;
            }
            if !persons(length) {
                return Err(GuiError::NoMoveOfYours);
            }
        }
        self.cancel(engines);
        self.game.truncate(length);
        // The lines of a search of a position taken back are of no position of the game now.
        self.thinking = Default::default();
        self.message = None;
        self.engine_says = None;
        self.clocks_back_to(length);
        self.kick(engines, reporter);
        Ok(())
    }

    /// The person offers a draw, and the engine answers ([`SessionKind::draw_offer`]):
    /// accepted, the game ends; either way the answer is shown until the next move.
    fn offer_draw(&mut self, engines: &EnginePool) -> Result<(), GuiError> {
        let (says, ending) = K::draw_offer(self)?;
        self.engine_says = Some(says);
        if let Some(ending) = ending {
            self.end_game(engines, ending);
        }
        Ok(())
    }

    /// The person resigns ([`SessionKind::resigning`] says who may): with two players the game
    /// is lost, with more the seat leaves and the game goes on without it.
    fn resign(
        &mut self,
        engines: &mut EnginePool,
        reporter: &dyn Reporter,
    ) -> Result<(), GuiError> {
        let seat = K::resigning(self)?;
        self.engine_says = None;
        self.out(seat, Termination::Resignation, engines, reporter);
        self.game.goto(self.game.turns().len());
        Ok(())
    }

    /// Shows the position after `ply` turns; analysis follows it.
    fn goto(
        &mut self,
        ply: usize,
        engines: &mut EnginePool,
        reporter: &dyn Reporter,
    ) -> Result<(), GuiError> {
        if !self.game.goto(ply) {
            let last = self.game.turns().len();
            return Err(GuiError::NoSuchPly { ply, last });
        }
        if self.analysis.is_some() {
            self.cancel(engines);
            self.kick(engines, reporter);
        }
        Ok(())
    }

    /// Turns analysis on or off and sets its number of lines (one with more players: their
    /// search has one). Entering analysis from a game keeps the game's turns, and the engine
    /// of its first engine seat analyses.
    fn set_analysis(
        &mut self,
        settings: &AnalysisSettings,
        engines: &mut EnginePool,
        reporter: &dyn Reporter,
    ) -> Result<(), GuiError> {
        if let Some(multipv) = settings.multipv {
            if !(1..=MAX_MULTIPV).contains(&multipv) {
                return Err(GuiError::BadLines {
                    lines: multipv,
                    max: MAX_MULTIPV,
                });
            }
            if self.sitters.len() > 2 && multipv != 1 {
                return Err(GuiError::TwoPlayerOnly("more than one line of analysis"));
            }
        }
        // Set only once nothing else can refuse the request.
        let set_lines = |session: &mut Self| {
            if let Some(multipv) = settings.multipv {
                session.multipv = multipv;
            }
        };
        if settings.resume == Some(true) {
            self.resume(engines, reporter)?;
            set_lines(self);
            return Ok(());
        }
        set_lines(self);
        let running = match (settings.running, self.analysis) {
            // Turning analysis on enters it; off it already is, and the game goes on.
            (Some(true), _) => true,
            (Some(false), None) => return Ok(()),
            (Some(false), Some(_)) => false,
            (None, Some(running)) => running,
            // Only the number of lines changes; it applies to the next analysis.
            (None, None) => return Ok(()),
        };
        self.cancel(engines);
        self.resumable |= self.analysis.is_none() && !self.game.is_over();
        let first_engine = self.sitters.iter().find_map(|sitter| match *sitter {
            Sitter::Engine(engine) => Some(engine),
            Sitter::Person => None,
        });
        if self.analysis.is_none()
            && let Some(engine) = first_engine
        {
            self.choice[0] = engine;
        }
        self.analysis = Some(running);
        self.stop_clock(false);
        self.kick(engines, reporter);
        Ok(())
    }
}

impl<K: SessionKind> Session<K> {
    /// Goes back from analysis to the game it began in: played on from its last move (the
    /// moves made in the analysis are the game's now), its clocks and engines as they were.
    fn resume(
        &mut self,
        engines: &mut EnginePool,
        reporter: &dyn Reporter,
    ) -> Result<(), GuiError> {
        if !self.resumable || self.analysis.is_none() {
            return Err(GuiError::NoGameToResume);
        }
        if self.game.is_over() {
            return Err(GuiError::GameOver);
        }
        self.cancel(engines);
        self.analysis = None;
        self.resumable = false;
        self.game.goto(self.game.turns().len());
        self.thinking = Default::default();
        self.kick(engines, reporter);
        Ok(())
    }
}

impl Table {
    /// A move typed or clicked on the page, on the shown position; `drop` is the number of
    /// later turns the player agreed to lose, if the shown position is not the game's end.
    pub fn human_move(
        &mut self,
        text: &str,
        drop: Option<usize>,
        reporter: &dyn Reporter,
    ) -> Result<(), GuiError> {
        each_kind!(&mut self.session, s => s.human_move(text, drop, &mut self.engines, reporter))
    }

    /// Takes back `plies` turns from the end (at least one); in a game against the engine the
    /// takeback goes on to the person's turn, so that the engine does not answer again at once.
    pub fn take_back(&mut self, plies: usize, reporter: &dyn Reporter) -> Result<(), GuiError> {
        each_kind!(&mut self.session, s => s.take_back(plies, &mut self.engines, reporter))
    }

    /// The person offers a draw (two players only).
    pub fn offer_draw(&mut self) -> Result<(), GuiError> {
        each_kind!(&mut self.session, s => s.offer_draw(&self.engines))
    }

    /// The person resigns: the game is lost for the person, whoever's turn it is. In a game of
    /// more players the person whose turn it is leaves the game, which goes on without them.
    pub fn resign(&mut self, reporter: &dyn Reporter) -> Result<(), GuiError> {
        each_kind!(&mut self.session, s => s.resign(&mut self.engines, reporter))
    }

    /// Shows the position after `ply` turns; analysis follows it.
    pub fn goto(&mut self, ply: usize, reporter: &dyn Reporter) -> Result<(), GuiError> {
        each_kind!(&mut self.session, s => s.goto(ply, &mut self.engines, reporter))
    }

    /// Turns analysis on or off and sets its number of lines.
    pub fn set_analysis(
        &mut self,
        settings: &AnalysisSettings,
        reporter: &dyn Reporter,
    ) -> Result<(), GuiError> {
        each_kind!(&mut self.session, s => s.set_analysis(settings, &mut self.engines, reporter))
    }

    /// Opens game `index` (from 1) of a records text, of any number of players, shown from its
    /// start for stepping through, with analysis off.
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
            self.open_record::<Seats>(record, index, reporter, AnySession::Seats)
        } else {
            self.open_record::<TwoPlayers>(record, index, reporter, AnySession::Two)
        }
    }

    fn open_record<K: SessionKind>(
        &mut self,
        record: &Record,
        index: usize,
        reporter: &dyn Reporter,
        wrap: fn(Session<K>) -> AnySession,
    ) -> Result<(), GuiError> {
        let game = K::from_record(record).map_err(|error| GuiError::BadGame {
            index,
            source: Box::new(error),
        })?;
        let (tc, skill, multipv) = self.settings();
        let seats = game.players.len();
        let choice = self.choice();
        let sitters = (vec![Sitter::Person; seats], vec![tc; seats]);
        let mut session = Session::new(game, tc, sitters, Some(false), choice);
        (session.skill, session.multipv, session.clocks) = (skill, multipv, None);
        self.seat(session, reporter, wrap);
        Ok(())
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::gui::engine_driver::DriverEvent;
    use crate::gui::engine_pool::GuiConfig;
    use crate::gui::new_game::{NewGame, SitterRequest};
    use crate::gui::seats::{SeatsGame, Turn};
    use crate::uap_client::EngineSpec;
    use sumito_games::clock::TimeControl;
    use sumito_rules::board::Seat;

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

        fn wake_at(&self, _: std::time::Instant) {}
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

    /// A table analysing a two-player game with the engine off, after `moves`.
    fn still_analysis(moves: &[&str]) -> Table {
        let mut table = table();
        table
            .new_game(&request("analyse"), &NoEngines)
            .expect("an analysis");
        let off = AnalysisSettings {
            running: Some(false),
            multipv: None,
            resume: None,
        };
        table.set_analysis(&off, &NoEngines).expect("analysis off");
        for text in moves {
            table.human_move(text, None, &NoEngines).expect("a move");
        }
        table
    }

    /// The table's two-player session.
    pub(in crate::gui) fn two(table: &mut Table) -> &mut Session<TwoPlayers> {
        match &mut table.session {
            AnySession::Two(session) => session,
            AnySession::Seats(_) => panic!("a game of more players"),
        }
    }

    /// The table's session of three to six players.
    fn seats(table: &mut Table) -> &mut Session<Seats> {
        match &mut table.session {
            AnySession::Seats(session) => session,
            AnySession::Two(_) => panic!("a game of two players"),
        }
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
            engines: Some(vec![1, 2]),
            ..request("watch")
        };
        table.new_game(&watch, &NoEngines).expect("a watched game");
        assert_eq!(two(&mut table).game.players, ["none #1", "none #2"]);
        table
            .new_game(&request("analyse"), &NoEngines)
            .expect("an analysis");
        assert_eq!(two(&mut table).game.players, ["Black", "White"]);
        let engines = crate::gui::view::snapshot(&table).engines;
        assert_eq!(engines[1].name, "none #2");
    }

    #[test]
    fn a_take_back_leaves_no_line_of_a_position_taken_back() {
        let mut table = still_analysis(&["a1b2", "i5h5"]);
        let session = two(&mut table);
        session.thinking.mover = Seat::new(0);
        session.thinking.ply = 2;
        session.thinking.lines = vec![crate::gui::info::parse_info("info depth 3 pv a2b3 i4h4")];
        table.take_back(1, &NoEngines).expect("taken back");
        let thinking = &two(&mut table).thinking;
        assert!(thinking.lines.is_empty(), "{thinking:?}");
        assert!(crate::gui::view::snapshot(&table).thinking.is_none());
    }

    #[test]
    fn a_move_before_the_end_drops_later_turns_only_when_agreed() {
        let mut table = still_analysis(&["a1b2", "i5h5", "a2b3"]);
        table.goto(1, &NoEngines).expect("ply 1");
        let refused = table
            .human_move("i9h9", None, &NoEngines)
            .expect_err("refused");
        assert_eq!(
            refused.to_string(),
            "a move here drops the 2 later turn(s) of the game: send \"drop\": 2 with it to \
             play it all the same"
        );
        assert!(table.human_move("i9h9", Some(1), &NoEngines).is_err());
        assert_eq!(two(&mut table).game.turns().len(), 3, "the game is whole");
        table
            .human_move("i9h9", Some(2), &NoEngines)
            .expect("agreed");
        let moves: Vec<String> = two(&mut table)
            .game
            .turns()
            .iter()
            .map(|m| m.to_string())
            .collect();
        assert_eq!(moves, ["a1b2", "i9h9"]);
        // Agreed for an earlier position, sent when the game's end is shown (it moved on while
        // the player chose): refused, not played on the end.
        let refused = table
            .human_move("a2b3", Some(1), &NoEngines)
            .expect_err("refused");
        assert!(refused.to_string().contains("not 1;"), "{refused}");
        assert_eq!(two(&mut table).game.turns().len(), 2, "nothing played");
    }

    #[test]
    fn an_analysis_begun_in_a_game_goes_back_to_it() {
        let mut table = table();
        let play: NewGame =
            serde_json::from_str(r#"{"mode":"play","engines":[1]}"#).expect("a request");
        table.new_game(&play, &NoEngines).expect("a game");
        let resume = AnalysisSettings {
            running: None,
            multipv: None,
            resume: Some(true),
        };
        let refused = table
            .set_analysis(&resume, &NoEngines)
            .expect_err("not analysed");
        assert_eq!(refused.to_string(), GuiError::NoGameToResume.to_string());
        // Analysis off outside an analysis changes nothing: the game is still played.
        let off = AnalysisSettings {
            running: Some(false),
            multipv: None,
            resume: None,
        };
        table.set_analysis(&off, &NoEngines).expect("nothing to do");
        assert!(!crate::gui::view::snapshot(&table).can_resume);
        let analyse = AnalysisSettings {
            running: Some(true),
            ..off
        };
        table.set_analysis(&analyse, &NoEngines).expect("analysis");
        assert!(crate::gui::view::snapshot(&table).can_resume);
        table
            .human_move("a1b2", None, &NoEngines)
            .expect("a move in the analysis");
        table
            .set_analysis(&resume, &NoEngines)
            .expect("back to the game");
        let snapshot = crate::gui::view::snapshot(&table);
        assert_eq!((snapshot.mode, snapshot.can_resume), ("play", false));
        // The move made in the analysis is the game's: the engine (White) is to move.
        assert_eq!(snapshot.moves, ["a1b2"]);
        assert_eq!(snapshot.board.to_move, "white");
        // An analysis that did not begin in a game has none to go back to.
        table
            .new_game(&request("analyse"), &NoEngines)
            .expect("an analysis");
        assert!(!crate::gui::view::snapshot(&table).can_resume);
        assert!(table.set_analysis(&resume, &NoEngines).is_err());
    }

    #[test]
    fn undo_in_analysis_waits_for_the_end() {
        let mut table = still_analysis(&["a1b2", "i5h5"]);
        table.goto(1, &NoEngines).expect("ply 1");
        let refused = table.take_back(1, &NoEngines).expect_err("not at the end");
        assert_eq!(refused.to_string(), GuiError::TakeBackNotAtEnd.to_string());
        assert_eq!(two(&mut table).game.turns().len(), 2);
        table.goto(2, &NoEngines).expect("the end");
        table.take_back(1, &NoEngines).expect("taken back");
        assert_eq!(two(&mut table).game.turns().len(), 1);
    }

    #[test]
    fn a_persons_flag_falls_when_their_clock_runs_out() {
        for players in [2, 3] {
            let mut table = table();
            let text = format!(r#"{{"mode":"play","tc":"1+0","players":{players}}}"#);
            let mut request: NewGame = serde_json::from_str(&text).expect("a request");
            if players > 2 {
                request.seats = Some(vec![SitterRequest::Word("person".into()); players]);
            } else {
                request.engines = Some(vec![1]);
            }
            table
                .new_game(&request, &NoEngines)
                .expect("a game on the clock");
            let black = Seat::new(0).expect("seat 1");
            // Black's clock started two seconds ago: its one second is gone.
            let started = std::time::Instant::now() - std::time::Duration::from_secs(2);
            each_kind!(&mut table.session, s => {
                assert_eq!(s.clock_running.map(|(seat, _)| seat), Some(black));
                s.clock_running = Some((black, started));
            });
            let refused = table
                .human_move("a1b2", None, &NoEngines)
                .expect_err("too late");
            assert_eq!(
                refused.to_string(),
                "your time ran out before the move came: your flag fell"
            );
            let record = table.record();
            if players == 2 {
                assert!(
                    record.contains("[Termination \"time forfeit\"]"),
                    "{record}"
                );
                assert!(record.contains("[Result \"0-1\"]"), "{record}");
            } else {
                assert!(
                    record.contains("[Left \"black: time forfeit\"]"),
                    "{record}"
                );
            }
        }
    }

    #[test]
    fn the_panel_keeps_the_line_of_the_move_played() {
        use crate::gui::info::parse_info;
        use crate::gui::session::Thinking;
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
                engines: Some(vec![1, 2, 1]),
                ..request("play")
            }),
            "engines must list one or two engine numbers"
        );
        assert_eq!(
            new_game(NewGame {
                engines: Some(vec![1, 3]),
                ..request("watch")
            }),
            "there is no engine 3: engines are numbered 1 to 2, in the order of --engine"
        );
        assert_eq!(
            new_game(NewGame {
                engines: Some(vec![1, 2]),
                ..request("play")
            }),
            GuiError::OneEngine.to_string()
        );
        assert_eq!(
            new_game(NewGame {
                engines: Some(vec![0]),
                ..request("play")
            }),
            "there is no engine 0: engines are numbered 1 to 2, in the order of --engine"
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
            resume: None,
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
        two(&mut table).sitters = vec![Sitter::Engine(0), Sitter::Engine(1)];
        assert_eq!(
            message(table.human_move("a1b1", None, &NoEngines)),
            "the engines are playing this game; start a game against the engine, or analysis, \
             to move"
        );
        assert_eq!(
            message(table.take_back(1, &NoEngines)),
            "the engines are playing this game"
        );
        two(&mut table).sitters = vec![Sitter::Engine(0), Sitter::Person];
        assert_eq!(
            message(table.human_move("a1b1", None, &NoEngines)),
            "it is the engine's turn"
        );
    }

    fn seated(players: usize, seats: &[&str]) -> NewGame {
        let seats = seats
            .iter()
            .map(|s| match s.parse() {
                Ok(index) => SitterRequest::Engine(index),
                Err(_) => SitterRequest::Word(s.to_string()),
            })
            .collect();
        let text = serde_json::json!({ "mode": "play", "players": players }).to_string();
        let mut request: NewGame = serde_json::from_str(&text).expect("a request");
        request.seats = Some(seats);
        request
    }

    impl NewGame {
        fn without_seats(mut self) -> NewGame {
            self.seats = None;
            self
        }
    }

    fn refusal(result: Result<(), GuiError>) -> String {
        result.expect_err("refused").to_string()
    }

    fn people(players: usize) -> Table {
        let mut table = table_of(1);
        let seats = vec!["person"; players];
        table
            .new_game(&seated(players, &seats), &NoEngines)
            .expect("a game of persons");
        table
    }

    fn game(table: &mut Table) -> &SeatsGame {
        &seats(table).game
    }

    #[test]
    fn persons_move_in_turn_and_the_engines_turn_is_refused() {
        let mut table = people(3);
        let snapshot = crate::gui::view::snapshot(&table);
        assert_eq!(snapshot.multi.expect("seats").players, 3);
        assert_eq!(snapshot.board.to_move, "black");
        assert!(!snapshot.legal.is_empty());
        table.human_move("a1b1", None, &NoEngines).expect("black");
        assert_eq!(
            refusal(table.human_move("a1b1", None, &NoEngines)),
            "'a1b1' is not legal here: 'a1b1' is not a legal move of seat 2 (white) (a column \
             must start from its own marble, take at most three of its team's and push fewer \
             opponents with an empty cell or the edge beyond; a broadside moves its own marbles \
             only)"
        );
        seats(&mut table).sitters[1] = Sitter::Engine(0);
        assert_eq!(
            refusal(table.human_move("e9e8", None, &NoEngines)),
            "it is White's turn, which an engine plays"
        );
        assert!(crate::gui::view::snapshot(&table).legal.is_empty());
        assert_eq!(
            refusal(table.resign(&NoEngines)),
            "only a person whose turn it is can leave the game"
        );
        assert_eq!(
            refusal(table.offer_draw()),
            "a draw offer is for two-player games only"
        );
    }

    #[test]
    fn seats_leave_until_one_is_left_and_takebacks_return_them() {
        let mut table = people(3);
        table.resign(&NoEngines).expect("black leaves");
        table.resign(&NoEngines).expect("white leaves");
        let snapshot = crate::gui::view::snapshot(&table);
        let result = snapshot.result.expect("a result");
        assert_eq!(result.text, "Red wins: the others have left");
        let black = &snapshot.multi.expect("seats").seats[0];
        assert!(black.left);
        assert_eq!(black.why.as_deref(), Some("resignation"));
        assert_eq!(snapshot.moves, ["leave", "leave"]);
        assert_eq!(refusal(table.resign(&NoEngines)), "the game is over");
        assert_eq!(
            refusal(table.human_move("e1e2", None, &NoEngines)),
            "the game is over"
        );
        table.take_back(1, &NoEngines).expect("taken back");
        assert!(!game(&mut table).is_over());
        assert_eq!(game(&mut table).turns().len(), 1);
        table.goto(0, &NoEngines).expect("the start");
        assert_eq!(
            refusal(table.goto(5, &NoEngines)),
            "there is no ply 5 (the game has 1)"
        );
    }

    #[test]
    fn a_persons_blocked_seat_passes_by_itself() {
        let mut table = table_of(1);
        let mut blocked = seated(3, &["person", "person", "person"]);
        blocked.fen = Some("r4/6/7/8/9/8/7/bb4/wb3 w 0/0/0 0".into());
        table
            .new_game(&blocked, &NoEngines)
            .expect("a blocked seat");
        assert_eq!(game(&mut table).turns(), [Turn::Pass]);
        assert_eq!(game(&mut table).end().side_to_move().name(), "red");
    }

    #[test]
    fn four_players_play_in_teams() {
        let table = people(4);
        let multi = crate::gui::view::snapshot(&table).multi.expect("seats");
        let teams: Vec<_> = multi.seats.iter().map(|s| s.team).collect();
        assert_eq!(teams, [Some(0), Some(1), Some(0), Some(1)]);
        let expected = [["black", "red"], ["white", "green"]];
        assert_eq!(multi.teams, Some(expected.map(Vec::from).to_vec()));
    }

    #[test]
    fn bad_new_games_say_why_word_for_word() {
        let mut table = table_of(1);
        let mut new_game = |request: NewGame| refusal(table.new_game(&request, &NoEngines));
        assert_eq!(new_game(seated(7, &[])), "players must be 2 to 6, not 7");
        assert_eq!(
            new_game(seated(3, &["person"])),
            "seats must list one entry per player (3), not 1"
        );
        assert_eq!(
            new_game(seated(3, &["person", "robot", "1"])),
            "a seat is 'person' or an engine number, not 'robot'"
        );
        assert_eq!(
            new_game(seated(3, &["person", "1", "5"])),
            "there is no engine 5: engines are numbered 1 to 1, in the order of --engine"
        );
        let mut four = seated(3, &["person", "1", "1"]);
        four.fen = Some(
            sumito_rules::multiplayer::MultiLayout::FourPlayer
                .position()
                .to_string(),
        );
        assert_eq!(
            new_game(four),
            "the position has 4 seats but the game 3 players"
        );
        let mut watch = seated(3, &["person", "1", "1"]);
        watch.mode = "watch".into();
        assert_eq!(
            new_game(watch),
            "mode watch has an engine at every seat: choose play to seat a person"
        );
        let mut daisy = seated(3, &["person", "1", "1"]);
        daisy.layout = Some("belgian-daisy".into());
        assert_eq!(
            new_game(daisy),
            "layout 'belgian-daisy' is not one of 3 players (three-player)"
        );
        let mut bad = seated(3, &["person", "1", "1"]);
        bad.fen = Some("x".into());
        assert!(new_game(bad).starts_with("bad position string: "));
        let mut two = seated(2, &["person", "1"]);
        two.players = Some(2);
        assert_eq!(
            new_game(two),
            "seats has no meaning in a two-player game (engines and colour seat it): leave it out"
        );
    }

    #[test]
    fn records_of_more_players_load_and_save() {
        let mut table = people(3);
        table.human_move("a1b1", None, &NoEngines).expect("black");
        table.resign(&NoEngines).expect("white leaves");
        let saved = table.record();
        table
            .new_game(&seated(2, &[]).without_seats(), &NoEngines)
            .expect("a game of two players");
        assert!(matches!(table.session, AnySession::Two(_)));
        table.load_record(&saved, 1, &NoEngines).expect("loaded");
        let snapshot = crate::gui::view::snapshot(&table);
        assert_eq!(snapshot.mode, "analyse");
        assert_eq!(snapshot.moves, ["a1b1", "leave"]);
        assert_eq!(snapshot.cursor, 0);
        assert_eq!(table.record(), saved);
        let illegal = saved.replace("a1b1", "a1a2");
        let records = sumito_games::records::parse_records(&illegal).expect("a record");
        let why = sumito_games::records::replay_multi(&records[0]).expect_err("refused");
        assert_eq!(
            refusal(table.load_record(&illegal, 1, &NoEngines)),
            format!("game 1: {why}")
        );
        // A two-player record after it plays two-player again.
        let two = "[Event \"x\"]\n[Layout \"standard\"]\n[Result \"*\"]\n\n1. a1b2 *\n";
        table.load_record(two, 1, &NoEngines).expect("loaded");
        assert!(matches!(table.session, AnySession::Two(_)));
    }

    #[test]
    fn two_player_settings_are_refused_at_a_larger_table() {
        let mut table = table_of(1);
        for (extra, message) in [
            (
                r#""skill":3"#,
                "a level (skill) is for two-player games only",
            ),
            (
                r#""colour":"white""#,
                "a colour is for two-player games only",
            ),
            (
                r#""engines":[1]"#,
                "a list of engines (the seats name theirs) is for two-player games only",
            ),
        ] {
            let text = format!(r#"{{"mode":"play","players":3,"seats":["person",1,1],{extra}}}"#);
            let request: NewGame = serde_json::from_str(&text).expect("a request");
            assert_eq!(
                refusal(table.new_game(&request, &NoEngines)),
                message,
                "{extra}"
            );
        }
        let text = r#"{"mode":"analyse","players":3,"engines":[8]}"#;
        let request: NewGame = serde_json::from_str(text).expect("a request");
        assert_eq!(
            refusal(table.new_game(&request, &NoEngines)),
            "there is no engine 8: engines are numbered 1 to 1, in the order of --engine"
        );
        let mut people = people(3);
        let lines = AnalysisSettings {
            running: None,
            multipv: Some(3),
            resume: None,
        };
        assert!(refusal(people.set_analysis(&lines, &NoEngines)).contains("more than one line"));
    }
}
