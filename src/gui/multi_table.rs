//! The table's game of three to six players: who sits at each seat (a person or an engine),
//! its clocks, and the page's requests on it (a new game, a move, a takeback, a seat leaving,
//! showing a ply, analysis). The engines' searches and answers are in `multi_searches`.
//!
//! A person's seat with no legal move passes by itself: the server plays `pass` for it as
//! soon as its turn comes (RULES.md: a blocked seat must pass, so there is nothing to choose),
//! and the move list shows the pass. An engine's seat passes by answering `bestmove pass`.

use super::actions::{NewGame, SitterRequest, time_control_of};
use super::error::GuiError;
use super::multi_game::{SeatsGame, SeatsStart};
use super::searches::Reporter;
use super::table::Table;
use crate::board::{Seat, Seating};
use crate::clock::{GameClocks, TimeControl};
use crate::multiplayer::{MultiLayout, MultiPosition};
use crate::records::Termination;
use std::time::Instant;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sitter {
    /// A person at the page.
    Person,
    /// The engine of this index on the command line, in the engine slot of the seat's index.
    Engine(usize),
}

/// A game of three to six players at the table, and who plays it.
#[derive(Clone, Debug)]
pub struct SeatsTable {
    /// The game.
    pub game: SeatsGame,
    /// Who plays each seat, by seat index.
    pub sitters: Vec<Sitter>,
    /// `Some(running)` while the game is analysed (the engine of slot 0 searches the shown
    /// position); `None` while it is played.
    pub analysis: Option<bool>,
    /// The clocks of a clock time control, one per seat.
    pub clocks: Option<GameClocks>,
    /// The seat whose clock runs, and since when.
    pub clock_running: Option<(Seat, Instant)>,
}

impl SeatsTable {
    /// Who plays `seat`.
    pub fn sitter(&self, seat: Seat) -> Sitter {
        self.sitters
            .get(seat.index())
            .copied()
            .unwrap_or(Sitter::Person)
    }

    /// Is the game played by engines alone?
    pub fn engines_only(&self) -> bool {
        !self.sitters.contains(&Sitter::Person)
    }

    /// May a person move on the shown position: in analysis, or when the seat to move is a
    /// person's (and the game is not over there)?
    pub fn person_may_move(&self) -> bool {
        let shown = self.game.shown();
        shown.outcome().is_none()
            && (self.analysis.is_some() || self.sitter(shown.side_to_move()) == Sitter::Person)
    }
}

/// The start of a new game of `players` players: its layout, or a position string with as
/// many seats.
fn seats_start_of(request: &NewGame, players: usize) -> Result<SeatsStart, GuiError> {
    let layout = MultiLayout::for_seats(players).ok_or(GuiError::BadPlayers(players))?;
    let Some(fen) = request
        .fen
        .as_deref()
        .map(str::trim)
        .filter(|f| !f.is_empty())
    else {
        return Ok(SeatsStart::Layout(layout));
    };
    let position: MultiPosition = fen.parse().map_err(GuiError::BadSeatsPosition)?;
    let seats = position.seating().seats();
    if seats != players {
        return Err(GuiError::PlayersAndPosition { players, seats });
    }
    if position.outcome().is_some() {
        return Err(GuiError::GameOver);
    }
    Ok(SeatsStart::Fen(position))
}

/// Who plays each seat: as listed, or by the mode (a person at seat 1 and engines elsewhere to
/// play; engines everywhere to watch or analyse), each engine checked against the command line.
fn sitters_of(request: &NewGame, players: usize, engines: usize) -> Result<Vec<Sitter>, GuiError> {
    let first = request
        .engines
        .as_ref()
        .and_then(|e| e.first().copied())
        .unwrap_or(0);
    let sitters = match &request.seats {
        Some(list) if list.len() != players => {
            return Err(GuiError::SeatCount {
                players,
                given: list.len(),
            });
        }
        Some(list) => list
            .iter()
            .map(|seat| match seat {
                SitterRequest::Engine(index) => Ok(Sitter::Engine(*index)),
                SitterRequest::Word(word) if word == "person" => Ok(Sitter::Person),
                SitterRequest::Word(word) => Err(GuiError::BadSitter(word.clone())),
            })
            .collect::<Result<Vec<_>, _>>()?,
        None if request.mode == "play" => (0..players)
            .map(|i| match i {
                0 => Sitter::Person,
                _ => Sitter::Engine(first),
            })
            .collect(),
        None => vec![Sitter::Engine(first); players],
    };
    for sitter in &sitters {
        if let Sitter::Engine(index) = *sitter
            && index >= engines
        {
            return Err(GuiError::NoSuchEngine {
                index,
                count: engines,
            });
        }
    }
    Ok(sitters)
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
        let tc = time_control_of(request, self.config.tc)?;
        if request.draw.is_some() || request.resign.is_some() {
            return Err(GuiError::TwoPlayerOnly("adjudication"));
        }
        if request.engine_resigns == Some(true) {
            return Err(GuiError::TwoPlayerOnly("an engine's resignation"));
        }
        let sitters = sitters_of(request, players, self.config.engines.len())?;
        if request.mode == "watch" && sitters.contains(&Sitter::Person) {
            return Err(GuiError::MoveWhileWatching);
        }
        self.cancel();
        for (slot, sitter) in sitters.iter().enumerate() {
            if let Sitter::Engine(index) = *sitter {
                self.choice[slot] = index;
            }
        }
        if analysis.is_some() {
            self.choice[0] = request
                .engines
                .as_ref()
                .and_then(|e| e.first().copied())
                .unwrap_or(0);
        }
        self.tc = tc;
        self.message = None;
        self.engine_says = None;
        self.thinking = Default::default();
        self.clock_running = None;
        let clocks =
            matches!(tc, TimeControl::Clock { .. }).then(|| GameClocks::new(&vec![tc; players]));
        let names = self.sitter_names(&sitters, analysis.is_some());
        self.multi = Some(SeatsTable {
            game: SeatsGame::new(start, names),
            sitters,
            analysis,
            clocks,
            clock_running: None,
        });
        for seat in self.seats.iter_mut().flatten() {
            seat.fresh = true;
        }
        self.kick(reporter);
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
                (Sitter::Engine(engine), _) => self.engine_name(engine),
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

/// A seat's colour as a name: `Black`, `Red`.
pub fn capitalised(name: &str) -> String {
    let mut letters = name.chars();
    letters.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(letters).collect()
    })
}

/// The seats of each team, by team (one seat a team without teams).
pub fn teams(seating: Seating) -> Vec<Vec<Seat>> {
    (0..seating.teams())
        .map(|team| seating.all().filter(|s| seating.team(*s) == team).collect())
        .collect()
}
