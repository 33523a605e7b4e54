//! The game session at the table, for any number of seats: the game, who plays each seat (a
//! person or an engine), each seat's time control and clock, whether the game is analysed,
//! the search the session waits for and what the page is told. Two players are the session of
//! [`super::two_players::TwoPlayers`], three to six that of [`super::seats::Seats`]; what
//! differs between them is a [`SessionKind`]. The page's requests on a session are in
//! [`super::actions`], its searches in [`super::searches`], the engines' answers in
//! `engine_events` and the clocks in `table_clock`.

use super::engine_driver::Reporter;
use super::engine_pool::EnginePool;
use super::error::GuiError;
use super::game::{GameOf, Kind};
use super::info::{EngineScore, InfoLine};
use std::time::{Duration, Instant};
use sumito_engine::search::Reported;
use sumito_games::adjudication::{Adjudication, Adjudicator};
use sumito_games::clock::{GameClocks, TimeControl};
use sumito_rules::board::{MAX_SEATS, Seat};
use sumito_rules::ending::Termination;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sitter {
    /// A person at the page.
    Person,
    /// The engine of this index on the command line.
    Engine(usize),
}

/// The search the session waits for.
#[derive(Clone, Copy, Debug)]
pub struct Search {
    pub(super) serial: u64,
    /// The engine slot searching.
    pub seat: usize,
    /// The ply searched (the position after that many turns).
    pub ply: usize,
    /// Analysis (`go infinite`) rather than a move of the game.
    pub analysis: bool,
}

/// The latest output of the running (or last) search, for the page.
#[derive(Clone, Debug, Default)]
pub struct Thinking {
    /// The seat the scores belong to (the seat to move of the searched position).
    pub mover: Option<Seat>,
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
    /// The last exact score the engine gave a line that begins with the move played
    /// (`starts_with` tells): the score of the move, its own side's, for draw offers and
    /// resignation.
    pub fn score_of(&self, starts_with: impl Fn(&str) -> bool) -> Option<EngineScore> {
        let begins = |line: &&InfoLine| line.pv.first().is_some_and(|first| starts_with(first));
        self.exact.iter().find(begins).and_then(|line| line.score)
    }

    /// The search ended with `played` (the move as the game notes it), and `starts_with` tells
    /// whether a line begins with it. A level below full strength may play another of its lines
    /// than the best one: the panel keeps the line of the move played, never one that
    /// contradicts it.
    pub fn settle(&mut self, played: String, starts_with: impl Fn(&str) -> bool) {
        let begins = |line: &&InfoLine| line.pv.first().is_some_and(|first| starts_with(first));
        let line = self.lines.iter().find(begins).cloned();
        self.lines = line.into_iter().collect();
        self.played = Some(played);
    }
}

/// What a kind of game brings to a session beyond its rules: how a person resigns, and the
/// ways a two-player game may end that a larger one does not know (draw offers, the engine's
/// resignation, adjudication). The defaults are those of a game that has none of them.
pub trait SessionKind: Kind {
    /// A person's name among the players.
    const PERSON: &'static str;
    /// The "leaves the game" of a seat whose engine failed: with more players the game goes on
    /// without it, and the page says so.
    const SEATS_LEAVE: bool;

    /// The refusal of a person's move on an engine's turn, `seat`'s.
    fn engines_turn(seat: Seat) -> GuiError;

    /// `score`, of the seat `mover` to move, as the game keeps it for the eval graph.
    fn kept_score(score: EngineScore, mover: Seat) -> EngineScore;

    /// The seat of the person who resigns, if one may.
    fn resigning(session: &Session<Self>) -> Result<Seat, GuiError>;

    /// The engine's answer to the person's draw offer, in words, and the game's ending if it
    /// accepts.
    fn draw_offer(_session: &Session<Self>) -> Result<(String, Option<Self::Ending>), GuiError> {
        Err(GuiError::TwoPlayerOnly("a draw offer"))
    }

    /// Why the engine of `seat` resigns instead of playing a move it scored `score`, if it does.
    fn resigns(_session: &Session<Self>, _seat: Seat, _score: Option<Reported>) -> Option<String> {
        None
    }

    /// How the game ends by adjudication after `seat`'s move from `before`, if it does.
    fn adjudicate(
        _session: &mut Session<Self>,
        _seat: Seat,
        _before: &Self::Position,
    ) -> Option<Self::Ending> {
        None
    }
}

/// A game at the table and who plays it.
#[derive(Clone, Debug)]
pub struct Session<K: Kind> {
    /// The game.
    pub game: GameOf<K>,
    /// Who plays each seat, by seat index.
    pub sitters: Vec<Sitter>,
    /// Each seat's time control (a person's is the game's).
    pub controls: Vec<TimeControl>,
    /// `Some(running)` while the game is analysed (the engine of slot 0 searches the shown
    /// position); `None` while it is played.
    pub analysis: Option<bool>,
    /// The analysis began in a game that was being played, which it may go back to.
    pub resumable: bool,
    /// The clocks of a clock time control, one per seat.
    pub clocks: Option<GameClocks>,
    /// The clocks as each turn of the game began, by ply: a take-back gives back the time,
    /// increments and period moves of the turns it takes back.
    pub clocks_at: Vec<GameClocks>,
    /// The seat whose clock runs, and since when.
    pub clock_running: Option<(Seat, Instant)>,
    /// A person's turn that ended with no move, and the time it took, until the next turn
    /// starts: a take-back charges it again.
    pub broken_off: Option<(Seat, Duration)>,
    /// The time control of the game, and of a new one.
    pub tc: TimeControl,
    /// The level sent as `Skill` to an engine that has the option (20: full strength).
    pub skill: u32,
    /// Lines of analysis (UAP `MultiPV`), 1-5.
    pub multipv: u32,
    /// The engine chosen for each engine slot: the engine seats take the slots in seat order,
    /// and analysis slot 0.
    pub choice: [usize; MAX_SEATS],
    pub search: Option<Search>,
    pub thinking: Thinking,
    /// The last thing that went wrong, shown on the page.
    pub message: Option<String>,
    /// Two players: the engine's answer to the person's draw offer, or why it resigned, shown
    /// in the game panel until the next move.
    pub engine_says: Option<String>,
    /// Two players: in a game against the person, the engine may resign a hopeless game
    /// ([`sumito_games::agreement::resignation`]).
    pub engine_resigns: bool,
    /// Two players: the adjudication rules of a watched game (both off unless the page asked
    /// for them).
    pub adjudication: Adjudication,
    /// Follows the watched game's scores move by move under [`Session::adjudication`].
    pub(super) adjudicator: Adjudicator,
}

impl<K: SessionKind> Session<K> {
    /// A session of `game` at time control `tc`, played by `sitters` at `controls` (analysed
    /// from the start when `analysis` is `Some`), with the engines of `choice` in its slots; a
    /// clock time control gives every seat a clock.
    pub fn new(
        game: GameOf<K>,
        tc: TimeControl,
        (sitters, controls): (Vec<Sitter>, Vec<TimeControl>),
        analysis: Option<bool>,
        choice: [usize; MAX_SEATS],
    ) -> Session<K> {
        let timed = (controls.iter()).any(|tc| matches!(tc, TimeControl::Clock { .. }));
        Session {
            game,
            clocks: timed.then(|| GameClocks::new(&controls)),
            sitters,
            controls,
            analysis,
            resumable: false,
            clocks_at: Vec::new(),
            clock_running: None,
            broken_off: None,
            tc,
            skill: 20,
            multipv: 3,
            choice,
            search: None,
            thinking: Thinking::default(),
            message: None,
            engine_says: None,
            engine_resigns: false,
            adjudication: Adjudication::default(),
            adjudicator: Adjudicator::default(),
        }
    }

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

    /// The engine slot of `seat`'s engine: the engine seats take the slots in seat order.
    pub fn slot_of(&self, seat: Seat) -> usize {
        (self.sitters.iter().take(seat.index()))
            .filter(|s| **s != Sitter::Person)
            .count()
    }

    /// The seat of a game against the engine where the only person sits.
    pub fn person(&self) -> Option<Seat> {
        let mut persons = (self.sitters.iter().enumerate())
            .filter(|(_, s)| **s == Sitter::Person)
            .filter_map(|(index, _)| Seat::new(index));
        let person = persons.next();
        person.filter(|_| persons.next().is_none() && self.analysis.is_none())
    }

    /// May a person move on the shown position: in analysis, or when the seat to move is a
    /// person's (and the game is not over there)?
    pub fn person_may_move(&self) -> bool {
        let shown = self.game.shown();
        let over_here = K::over(shown) || (self.game.at_end() && self.game.is_over());
        !over_here && (self.analysis.is_some() || self.sitter(K::mover(shown)) == Sitter::Person)
    }

    /// The players' names: a person's, the engine's name (with its seat's number when several
    /// persons sit), or the seats' colours in analysis.
    pub fn sitter_names(&self, engines: &EnginePool) -> Vec<String> {
        let people = self
            .sitters
            .iter()
            .filter(|s| **s == Sitter::Person)
            .count();
        (self.sitters.iter().enumerate())
            .map(|(index, sitter)| match (*sitter, self.analysis.is_some()) {
                (_, true) => capitalised(Seat::new(index).map_or("", Seat::name)),
                (Sitter::Person, _) if people > 1 => format!("{} {}", K::PERSON, index + 1),
                (Sitter::Person, _) => K::PERSON.to_string(),
                (Sitter::Engine(engine), _) => engines.name(engine),
            })
            .collect()
    }

    /// Stops the search the session waits for; its answer will be ignored.
    pub fn cancel(&mut self, engines: &EnginePool) {
        if let Some(search) = self.search.take()
            && let Some(driver) = engines.driver(search.seat)
        {
            driver.stop();
        }
    }

    /// Ends the game as `ending` says, with no search or clock running after it, and shows its
    /// end.
    pub(super) fn end_game(&mut self, engines: &EnginePool, ending: K::Ending) {
        self.cancel(engines);
        self.game.end_with(ending);
        self.clock_running = None;
        self.game.goto(self.game.turns().len());
    }

    /// `seat` is out for `why` (a fault, a resignation): with two players the game is lost
    /// for it, with more the seat leaves and the others play on.
    pub(super) fn out(
        &mut self,
        seat: Seat,
        why: Termination,
        engines: &mut EnginePool,
        reporter: &dyn Reporter,
    ) {
        self.cancel(engines);
        self.stop_clock(true);
        // A search that ended without a move shows no line: its first move was never played.
        if self.thinking.played.is_none() {
            self.thinking.lines.clear();
        }
        K::fault(&mut self.game, seat, why);
        self.kick(engines, reporter);
    }

    /// The engine of `slot` failed or is gone (`why`): analysis stops, or the seat to move is
    /// out for `termination`, and the page says why.
    pub(super) fn engine_gone(
        &mut self,
        slot: usize,
        analysis: bool,
        why: String,
        termination: Termination,
        engines: &mut EnginePool,
        reporter: &dyn Reporter,
    ) {
        let said = format!("engine {}: {why}", engines.name(self.choice[slot]));
        if analysis {
            self.message = Some(said);
            self.analysis = Some(false);
            return;
        }
        let seat = K::mover(self.game.end());
        self.message = Some(match K::SEATS_LEAVE {
            true => format!("{} leaves the game: {said}", capitalised(seat.name())),
            false => said,
        });
        self.out(seat, termination, engines, reporter);
    }
}

/// A seat's colour as a name: `Black`, `Red`.
pub fn capitalised(name: &str) -> String {
    let mut letters = name.chars();
    letters.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(letters).collect()
    })
}
