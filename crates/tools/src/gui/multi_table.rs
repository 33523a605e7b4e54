//! The table's game of three to six players: who sits at each seat (a person or an engine),
//! its clocks, and the page's requests on it (a new game, a move, a takeback, a seat leaving,
//! showing a ply, analysis). The engines' searches and answers are in `multi_searches`.
//!
//! A person's seat with no legal move passes by itself: the server plays `pass` for it as
//! soon as its turn comes (RULES.md: a blocked seat must pass, so there is nothing to choose),
//! and the move list shows the pass. An engine's seat passes by answering `bestmove pass`.

use super::actions::{NewGame, SitterRequest, checked_time_control, time_control_of};
use super::engine_driver::Reporter;
use super::error::GuiError;
use super::multi_game::SeatsGame;
use super::seats_table::{SeatsTable, Sitter, capitalised};
use super::table::Table;
use sumito_games::clock::{GameClocks, TimeControl};
use sumito_games::records::MultiStart;
use sumito_games::records::Record;
use sumito_rules::board::Seat;
use sumito_rules::ending::Termination;
use sumito_rules::multiplayer::{MultiLayout, MultiPosition};

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
    let first = request
        .engines
        .as_ref()
        .and_then(|e| e.first().copied())
        .unwrap_or(0);
    let seats = match &request.seats {
        Some(list) if list.len() != players => {
            return Err(GuiError::SeatCount {
                players,
                given: list.len(),
            });
        }
        Some(list) => list
            .iter()
            .map(|seat| sitter_of(seat, tc))
            .collect::<Result<Vec<_>, _>>()?,
        None if request.mode == "play" => (0..players)
            .map(|i| match i {
                0 => (Sitter::Person, tc),
                _ => (Sitter::Engine(first), tc),
            })
            .collect(),
        None => vec![(Sitter::Engine(first), tc); players],
    };
    for (sitter, _) in &seats {
        if let Sitter::Engine(index) = *sitter
            && index >= engines
        {
            return Err(GuiError::NoSuchEngine {
                index,
                count: engines,
            });
        }
    }
    Ok(seats.into_iter().unzip())
}

/// One seat as the page asks for it, with its time control (`tc`, the game's, by default).
fn sitter_of(seat: &SitterRequest, tc: TimeControl) -> Result<(Sitter, TimeControl), GuiError> {
    match seat {
        SitterRequest::Engine(index) => Ok((Sitter::Engine(*index), tc)),
        SitterRequest::Word(word) if word == "person" => Ok((Sitter::Person, tc)),
        SitterRequest::Word(word) => Err(GuiError::BadSitter(word.clone())),
        SitterRequest::Timed(timed) => {
            let own = checked_time_control(timed.tc.as_deref(), tc)?;
            Ok((Sitter::Engine(timed.engine), own))
        }
    }
}

/// Adjudication and the engine's resignation are two-player settings: refused with more
/// players.
fn refuse_two_player_options(request: &NewGame) -> Result<(), GuiError> {
    if request.draw.is_some() || request.resign.is_some() {
        return Err(GuiError::TwoPlayerOnly("adjudication"));
    }
    if request.engine_resigns == Some(true) {
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
        (true, [index]) if *index < count => Ok(*index),
        (true, [index]) => Err(GuiError::NoSuchEngine {
            index: *index,
            count,
        }),
        (true, _) => Err(GuiError::EngineCount),
        (false, _) => Err(GuiError::TwoPlayerOnly(
            "a list of engines (the seats name theirs)",
        )),
    }
}

impl Table {
    /// Starts a new game of three to six players as `request` asks, after checking all of it.
    pub(super) fn new_seats_game(
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
        let (sitters, controls) =
            sitters_of(request, players, self.engines.config.engines.len(), tc)?;
        if request.mode == "watch" && sitters.contains(&Sitter::Person) {
            return Err(GuiError::PersonWhileWatching);
        }
        for (slot, sitter) in sitters.iter().enumerate() {
            if let Sitter::Engine(index) = *sitter {
                self.choice[slot] = index;
            }
        }
        let analysed = analysis_engine(
            request,
            analysis.is_some(),
            self.engines.config.engines.len(),
        )?;
        if analysis.is_some() {
            self.choice[0] = analysed;
        }
        self.tc = tc;
        let timed = (controls.iter()).any(|tc| matches!(tc, TimeControl::Clock { .. }));
        let clocks = timed.then(|| GameClocks::new(&controls));
        let names = self.sitter_names(&sitters, analysis.is_some());
        let multi = SeatsTable {
            game: SeatsGame::new(start, names),
            sitters,
            controls,
            analysis,
            clocks,
            clock_running: None,
        };
        self.seat_table(multi, reporter);
        Ok(())
    }

    /// Puts `multi` on the table in place of the game there, with fresh engines' state, and
    /// starts what it calls for.
    fn seat_table(&mut self, multi: SeatsTable, reporter: &dyn Reporter) {
        self.cancel();
        self.release_engines(multi.sitters.len().max(2));
        self.multi = Some(multi);
        self.thinking = Default::default();
        self.clock_running = None;
        self.message = None;
        self.engine_says = None;
        for seat in self.engines.slots.iter_mut().flatten() {
            seat.fresh = true;
        }
        self.kick(reporter);
    }

    /// Lets the engines of the slots from `kept` on quit: a game of fewer players does not
    /// need them. (Dropping a driver's handle ends its thread, which quits the engine; its
    /// late events find no seat and are ignored.)
    pub(super) fn release_engines(&mut self, kept: usize) {
        for slot in self.engines.slots.iter_mut().skip(kept) {
            *slot = None;
        }
    }

    /// Opens game `index` (from 1) of a records text, a record of three to six players,
    /// shown from its start for stepping through, with analysis off.
    pub(super) fn load_seats_record(
        &mut self,
        record: &Record,
        index: usize,
        reporter: &dyn Reporter,
    ) -> Result<(), GuiError> {
        let game = SeatsGame::from_record(record).map_err(|error| GuiError::BadGame {
            index,
            source: Box::new(error),
        })?;
        let players = game.end().seating().seats();
        let multi = SeatsTable {
            game,
            sitters: vec![Sitter::Person; players],
            controls: vec![self.tc; players],
            analysis: Some(false),
            clocks: None,
            clock_running: None,
        };
        self.seat_table(multi, reporter);
        Ok(())
    }

    /// The players' names: `Person` or the engine's name (with its seat's number when several
    /// persons sit), or the seats' colours in analysis.
    pub(super) fn sitter_names(&self, sitters: &[Sitter], analysis: bool) -> Vec<String> {
        let people = sitters.iter().filter(|s| **s == Sitter::Person).count();
        (sitters.iter().enumerate())
            .map(|(index, sitter)| match (*sitter, analysis) {
                (_, true) => capitalised(Seat::new(index).map_or("", Seat::name)),
                (Sitter::Person, _) if people > 1 => format!("Person {}", index + 1),
                (Sitter::Person, _) => "Person".to_string(),
                (Sitter::Engine(engine), _) => self.engines.name(engine),
            })
            .collect()
    }

    /// A move (or `pass`) typed or clicked on the page, on the shown position.
    pub(super) fn seats_move(
        &mut self,
        text: &str,
        reporter: &dyn Reporter,
    ) -> Result<(), GuiError> {
        let multi = self.multi.as_mut().ok_or(GuiError::GameOver)?;
        let seat = multi.game.shown().side_to_move();
        if multi.analysis.is_none() && multi.sitter(seat) != Sitter::Person {
            if multi.engines_only() {
                return Err(GuiError::MoveWhileWatching);
            }
            return Err(GuiError::EngineSeatsTurn(capitalised(seat.name())));
        }
        let at_end = multi.game.at_end();
        multi.game.play_text(text)?;
        self.message = None;
        if at_end {
            self.charge_seat_clock();
        } else if let Some(multi) = self.multi.as_mut() {
            multi.clock_running = None;
        }
        self.cancel();
        self.kick(reporter);
        Ok(())
    }

    /// Takes back `plies` turns from the end (at least one); in a game with persons and
    /// engines the takeback goes on to a person's turn, so that no engine answers at once.
    pub(super) fn seats_take_back(
        &mut self,
        plies: usize,
        reporter: &dyn Reporter,
    ) -> Result<(), GuiError> {
        let multi = self.multi.as_mut().ok_or(GuiError::NothingToTakeBack)?;
        if multi.analysis.is_none() && multi.engines_only() {
            return Err(GuiError::TakeBackWhileWatching);
        }
        let mut length = multi.game.turns().len();
        if length == 0 {
            return Err(GuiError::NothingToTakeBack);
        }
        length = length.saturating_sub(plies.max(1));
        if multi.analysis.is_none() {
            let persons = |ply: usize| {
                multi.sitter(multi.game.position_at(ply).side_to_move()) == Sitter::Person
            };
            while length > 0 && !persons(length) {
                length -= 1;
            }
            if !persons(length) {
                return Err(GuiError::NoMoveOfYours);
            }
        }
        multi.game.truncate(length);
        multi.clock_running = None;
        self.cancel();
        self.thinking = Default::default();
        self.message = None;
        self.kick(reporter);
        Ok(())
    }

    /// The person whose turn it is leaves the game (resigns): the game goes on without the
    /// seat, or ends if one player or team is left.
    pub(super) fn seats_leave(&mut self, reporter: &dyn Reporter) -> Result<(), GuiError> {
        let multi = self.multi.as_mut().ok_or(GuiError::NoPersonToLeave)?;
        if multi.game.is_over() {
            return Err(GuiError::GameOver);
        }
        let seat = multi.game.end().side_to_move();
        if multi.analysis.is_some() || multi.sitter(seat) != Sitter::Person {
            return Err(GuiError::NoPersonToLeave);
        }
        self.charge_seat_clock();
        self.seat_leaves(Termination::Resignation, reporter);
        Ok(())
    }

    /// The seat to move at the end of the game leaves it for `why`, and play goes on.
    pub(super) fn seat_leaves(&mut self, why: Termination, reporter: &dyn Reporter) {
        self.cancel();
        if let Some(multi) = self.multi.as_mut() {
            multi.clock_running = None;
            let _ = multi.game.leave_at_end(why);
        }
        self.kick(reporter);
    }

    /// Shows the position after `ply` turns; analysis follows it.
    pub(super) fn seats_goto(
        &mut self,
        ply: usize,
        reporter: &dyn Reporter,
    ) -> Result<(), GuiError> {
        let multi = self.multi.as_mut().ok_or(GuiError::GameOver)?;
        if !multi.game.goto(ply) {
            let last = multi.game.turns().len();
            return Err(GuiError::NoSuchPly { ply, last });
        }
        if multi.analysis.is_some() {
            self.cancel();
            self.kick(reporter);
        }
        Ok(())
    }

    /// Turns analysis of the game on or off (entering it from a game keeps the game's turns;
    /// the engine of the first engine seat analyses).
    pub(super) fn seats_analysis(&mut self, running: bool, reporter: &dyn Reporter) {
        self.cancel();
        if let Some(multi) = self.multi.as_mut() {
            if multi.analysis.is_none()
                && let Some(Sitter::Engine(engine)) = multi
                    .sitters
                    .iter()
                    .find(|s| **s != Sitter::Person)
                    .copied()
            {
                self.choice[0] = engine;
            }
            multi.analysis = Some(running);
            multi.clock_running = None;
        }
        self.kick(reporter);
    }

    /// Charges the running clock of a game of more players for the turn just made.
    pub(super) fn charge_seat_clock(&mut self) {
        if let Some(multi) = self.multi.as_mut()
            && let (Some(clocks), Some((seat, since))) =
                (&mut multi.clocks, multi.clock_running.take())
        {
            clocks.charge(seat.index(), since.elapsed());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::actions::AnalysisSettings;
    use crate::gui::actions::tests::{NoEngines, table_of};

    fn table() -> Table {
        table_of(1)
    }

    fn request(players: usize, seats: &[&str]) -> NewGame {
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
        let mut table = table();
        let seats = vec!["person"; players];
        table
            .new_game(&request(players, &seats), &NoEngines)
            .expect("a game of persons");
        table
    }

    fn game(table: &Table) -> &SeatsGame {
        &table.multi.as_ref().expect("a game of more players").game
    }

    #[test]
    fn persons_move_in_turn_and_the_engines_turn_is_refused() {
        let mut table = people(3);
        let snapshot = crate::gui::view::snapshot(&table);
        assert_eq!(snapshot.multi.expect("seats").players, 3);
        assert_eq!(snapshot.board.to_move, "black");
        assert!(!snapshot.legal.is_empty());
        table.human_move("a1b1", &NoEngines).expect("black");
        assert_eq!(
            refusal(table.human_move("a1b1", &NoEngines)),
            "'a1b1' is not legal here: 'a1b1' is not a legal move of seat 2 (white) (a column \
             must start from its own marble, take at most three of its team's and push fewer \
             opponents with an empty cell or the edge beyond; a broadside moves its own marbles \
             only)"
        );
        if let Some(multi) = table.multi.as_mut() {
            multi.sitters[1] = Sitter::Engine(0);
        }
        assert_eq!(
            refusal(table.human_move("e9e8", &NoEngines)),
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
            refusal(table.human_move("e1e2", &NoEngines)),
            "the game is over"
        );
        table.take_back(1, &NoEngines).expect("taken back");
        assert!(!game(&table).is_over());
        assert_eq!(game(&table).turns().len(), 1);
        table.goto(0, &NoEngines).expect("the start");
        assert_eq!(
            refusal(table.goto(5, &NoEngines)),
            "there is no ply 5 (the game has 1)"
        );
    }

    #[test]
    fn a_persons_blocked_seat_passes_by_itself() {
        let mut table = table();
        let mut blocked = request(3, &["person", "person", "person"]);
        blocked.fen = Some("r4/6/7/8/9/8/7/bb4/wb3 w 0/0/0 0".into());
        table
            .new_game(&blocked, &NoEngines)
            .expect("a blocked seat");
        assert_eq!(game(&table).turns(), [super::super::multi_game::Turn::Pass]);
        assert_eq!(game(&table).end().side_to_move().name(), "red");
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
        let mut table = table();
        let mut new_game = |request: NewGame| refusal(table.new_game(&request, &NoEngines));
        assert_eq!(new_game(request(7, &[])), "players must be 2 to 6, not 7");
        assert_eq!(
            new_game(request(3, &["person"])),
            "seats must list one entry per player (3), not 1"
        );
        assert_eq!(
            new_game(request(3, &["person", "robot", "0"])),
            "a seat is 'person' or an engine number, not 'robot'"
        );
        assert_eq!(
            new_game(request(3, &["person", "0", "4"])),
            "there is no engine 4 (there are 1)"
        );
        let mut four = request(3, &["person", "0", "0"]);
        four.fen = Some(MultiLayout::FourPlayer.position().to_string());
        assert_eq!(
            new_game(four),
            "the position has 4 seats but the game 3 players"
        );
        let mut watch = request(3, &["person", "0", "0"]);
        watch.mode = "watch".into();
        assert_eq!(
            new_game(watch),
            "mode watch has an engine at every seat: choose play to seat a person"
        );
        let mut daisy = request(3, &["person", "0", "0"]);
        daisy.layout = Some("belgian-daisy".into());
        assert_eq!(
            new_game(daisy),
            "layout 'belgian-daisy' is not one of 3 players (three-player)"
        );
        let mut bad = request(3, &["person", "0", "0"]);
        bad.fen = Some("x".into());
        assert!(new_game(bad).starts_with("bad position string: "));
        let mut two = request(2, &["person", "0"]);
        two.players = Some(2);
        assert_eq!(
            new_game(two),
            "seats must list one entry per player (2), not 2"
        );
    }

    #[test]
    fn records_of_more_players_load_and_save() {
        let mut table = people(3);
        table.human_move("a1b1", &NoEngines).expect("black");
        table.resign(&NoEngines).expect("white leaves");
        let saved = game(&table).record(&[table.tc; 3]);
        table
            .new_game(&request(2, &[]).without_seats(), &NoEngines)
            .expect("a two-player game");
        assert!(table.multi.is_none());
        table.load_record(&saved, 1, &NoEngines).expect("loaded");
        let snapshot = crate::gui::view::snapshot(&table);
        assert_eq!(snapshot.mode, "analyse");
        assert_eq!(snapshot.moves, ["a1b1", "leave"]);
        assert_eq!(snapshot.cursor, 0);
        assert_eq!(game(&table).record(&[table.tc; 3]), saved);
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
        assert!(table.multi.is_none());
    }

    #[test]
    fn two_player_settings_are_refused_at_a_larger_table() {
        let mut table = table();
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
                r#""engines":[0]"#,
                "a list of engines (the seats name theirs) is for two-player games only",
            ),
        ] {
            let text = format!(r#"{{"mode":"play","players":3,"seats":["person",0,0],{extra}}}"#);
            let request: NewGame = serde_json::from_str(&text).expect("a request");
            assert_eq!(
                refusal(table.new_game(&request, &NoEngines)),
                message,
                "{extra}"
            );
        }
        let text = r#"{"mode":"analyse","players":3,"engines":[7]}"#;
        let request: NewGame = serde_json::from_str(text).expect("a request");
        assert_eq!(
            refusal(table.new_game(&request, &NoEngines)),
            "there is no engine 7 (there are 1)"
        );
        let mut people = people(3);
        let lines = AnalysisSettings {
            running: None,
            multipv: Some(3),
        };
        assert!(refusal(people.set_analysis(&lines, &NoEngines)).contains("more than one line"));
    }

    #[test]
    fn an_engine_seat_may_have_a_time_control_of_its_own() {
        let mut table = table();
        let text = r#"{"mode":"play","players":3,"tc":"movetime=100",
            "seats":["person",{"engine":0,"tc":"depth=3"},{"engine":0}]}"#;
        let request: NewGame = serde_json::from_str(text).expect("a request");
        let (_, controls) =
            sitters_of(&request, 3, 1, TimeControl::MoveTime { ms: 100 }).expect("seats");
        let expected = ["movetime=100", "depth=3", "movetime=100"];
        assert_eq!(
            controls.iter().map(ToString::to_string).collect::<Vec<_>>(),
            expected
        );
        let text = r#"{"mode":"play","players":3,
            "seats":["person",{"engine":0,"tc":"depth=99"},0]}"#;
        let request: NewGame = serde_json::from_str(text).expect("a request");
        assert!(refusal(table.new_game(&request, &NoEngines)).starts_with("time control depth=99"));
        let text = r#"{"mode":"play","players":3,"seats":["person",{"engine":0,"x":1},0]}"#;
        assert!(serde_json::from_str::<NewGame>(text).is_err());
    }
}
