//! The table: the game, the mode it is played in and the engines at it. Requests from the page
//! and events from the engine drivers both change it here, under one lock, and every change is
//! published to the pages as a new snapshot ([`Hub`]).

use super::engine_driver::{Driver, DriverEvent, SearchRequest};
use super::info::{EngineScore, InfoLine, parse_info};
use super::state::{Fault, Game};
use crate::board::{Colour, Layout};
use crate::clock::GameClocks;
use crate::clock::TimeControl;
use crate::records::{Start, Termination};
use crate::uap_client::EngineSpec;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How long past its clock or move time an engine may answer before it loses on time: the
/// engines run beside the server on a loaded machine, and a GUI game is no tournament.
const TIME_MARGIN: Duration = Duration::from_millis(1000);

/// How long a depth or node search may stay silent before the engine counts as hung.
const SILENCE: Duration = Duration::from_secs(120);

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

/// What the GUI was started with.
#[derive(Clone, Debug)]
pub struct GuiConfig {
    /// The engines named on the command line; the page chooses among these only.
    pub engines: Vec<EngineSpec>,
    /// The default time control.
    pub tc: TimeControl,
}

/// An engine at the table.
pub struct Seat {
    /// Index into [`GuiConfig::engines`].
    pub engine: usize,
    /// Tells this driver's events from those of an earlier one of the same seat.
    generation: u64,
    driver: Option<Driver>,
    /// The options the engine announced, once it is ready.
    pub options: Option<Vec<String>>,
    /// Why the engine is gone, if it is.
    pub failed: Option<String>,
    /// Send `newgame` before the next search.
    pub(super) fresh: bool,
}

impl Seat {
    /// Did the engine announce option `name`?
    pub fn has_option(&self, name: &str) -> bool {
        self.options
            .iter()
            .flatten()
            .any(|o| o.eq_ignore_ascii_case(name))
    }
}

/// The search the table waits for.
#[derive(Clone, Copy, Debug)]
pub struct Search {
    serial: u64,
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
    /// The ply searched.
    pub ply: usize,
    /// The latest line of each rank, indexed by MultiPV rank - 1.
    pub lines: Vec<InfoLine>,
}

/// Everything the server keeps.
pub struct Table {
    pub config: GuiConfig,
    /// The engines' `id name`s, as they answered (the program name until then).
    pub engine_names: Vec<String>,
    /// The options each engine announced, once it has answered the handshake.
    pub engine_options: Vec<Option<Vec<String>>>,
    pub game: Game,
    pub mode: Mode,
    pub tc: TimeControl,
    /// The level sent as `Skill` to an engine that has the option (20: full strength).
    pub skill: u32,
    /// Lines of analysis (UAP `MultiPV`), 1-5.
    pub multipv: u32,
    /// Seat engines chosen for the current game.
    pub choice: [usize; 2],
    pub seats: [Option<Seat>; 2],
    pub search: Option<Search>,
    pub thinking: Thinking,
    pub clocks: Option<GameClocks>,
    /// The side whose clock runs, and since when.
    pub clock_running: Option<(Colour, Instant)>,
    /// The last thing that went wrong, shown on the page.
    pub message: Option<String>,
    /// Bumped at every change: lets the pages skip snapshots they have.
    pub version: u64,
    next_serial: u64,
    next_generation: u64,
}

/// The table under its lock, and the channel its snapshots go out on.
pub struct Hub {
    table: Mutex<Table>,
    snapshots: tokio::sync::watch::Sender<Arc<str>>,
}

impl Hub {
    /// A hub with a game against the first engine from the standard layout (not started until
    /// a page asks: no engine runs before it is needed).
    pub fn new(config: GuiConfig) -> Arc<Hub> {
        let table = Table::new(config);
        let snapshot = super::view::snapshot(&table).to_string();
        let (snapshots, _) = tokio::sync::watch::channel(Arc::from(snapshot));
        Arc::new(Hub {
            table: Mutex::new(table),
            snapshots,
        })
    }

    /// Locks the table; a panic in another thread does not stop the server.
    fn lock(&self) -> MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Changes the table with `change` and publishes the new state.
    pub fn update<R>(self: &Arc<Hub>, change: impl FnOnce(&mut Table, &Arc<Hub>) -> R) -> R {
        let mut table = self.lock();
        let result = change(&mut table, self);
        table.version += 1;
        let snapshot = super::view::snapshot(&table).to_string();
        self.snapshots.send_replace(Arc::from(snapshot));
        result
    }

    /// The current snapshot, as JSON text.
    pub fn snapshot(&self) -> Arc<str> {
        self.snapshots.borrow().clone()
    }

    /// A receiver of every new snapshot.
    pub fn subscribe(&self) -> tokio::sync::watch::Receiver<Arc<str>> {
        self.snapshots.subscribe()
    }

    /// Ends every engine and waits for them to quit: the engines end with the GUI.
    pub fn shut_down(&self) {
        let drivers: Vec<Driver> = {
            let mut table = self.lock();
            table.cancel();
            let seats = std::mem::take(&mut table.seats);
            seats
                .into_iter()
                .flatten()
                .filter_map(|s| s.driver)
                .collect()
        };
        for driver in drivers {
            driver.finish();
        }
    }

    /// Reads the table without changing it.
    pub fn read<R>(&self, look: impl FnOnce(&Table) -> R) -> R {
        look(&self.lock())
    }
}

impl Table {
    fn new(config: GuiConfig) -> Table {
        let engine_names = config.engines.iter().map(|e| e.name.clone()).collect();
        let engine_options = vec![None; config.engines.len()];
        let tc = config.tc;
        let mut table = Table {
            config,
            engine_names,
            engine_options,
            game: Game::new(Start::Layout(Layout::Standard), Default::default()),
            mode: Mode::Play {
                human: Colour::Black,
            },
            tc,
            skill: 20,
            multipv: 3,
            choice: [0, 0],
            seats: [None, None],
            search: None,
            thinking: Thinking::default(),
            clocks: None,
            clock_running: None,
            message: None,
            version: 0,
            next_serial: 1,
            next_generation: 1,
        };
        table.game.players = table.player_names();
        table
    }

    /// The names of Black and White in the current mode.
    pub fn player_names(&self) -> [String; 2] {
        let engine = |seat: usize| {
            self.engine_names
                .get(self.choice[seat])
                .cloned()
                .unwrap_or_default()
        };
        match self.mode {
            Mode::Play { human } => {
                let mut names = [engine(0), engine(0)];
                names[human.index()] = "Human".into();
                names
            }
            Mode::Watch => [engine(0), engine(1)],
            Mode::Analyse { .. } => ["?".into(), "?".into()],
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

    /// Starts the engine of `seat` if it does not run, or runs another engine than chosen.
    pub fn ensure_seat(&mut self, seat: usize, hub: &Arc<Hub>) {
        let engine = self.choice[seat];
        let running = self.seats[seat]
            .as_ref()
            .is_some_and(|s| s.engine == engine && s.driver.is_some());
        if running {
            return;
        }
        let Some(spec) = self.config.engines.get(engine).cloned() else {
            return;
        };
        let generation = self.next_generation;
        self.next_generation += 1;
        let reporter = Arc::clone(hub);
        let driver = Driver::start(spec, move |event| {
            reporter.update(|table, hub| table.on_event(seat, generation, event, hub));
        });
        let (driver, failed) = match driver {
            Ok(driver) => (Some(driver), None),
            Err(message) => (None, Some(message)),
        };
        self.seats[seat] = Some(Seat {
            engine,
            generation,
            driver,
            options: None,
            failed,
            fresh: true,
        });
    }

    /// Stops the search the table waits for; its answer will be ignored.
    pub fn cancel(&mut self) {
        if let Some(search) = self.search.take()
            && let Some(driver) = self.seats[search.seat]
                .as_ref()
                .and_then(|s| s.driver.as_ref())
        {
            driver.stop();
        }
    }

    /// Starts the search the mode calls for now, if any and none runs.
    pub fn kick(&mut self, hub: &Arc<Hub>) {
        if self.search.is_some() {
            return;
        }
        let (seat, ply, analysis) = match self.mode {
            Mode::Analyse { running: true } if !self.game.shown().is_over() => {
                (0, self.game.cursor(), true)
            }
            Mode::Play { .. } | Mode::Watch if !self.game.is_over() => {
                let Some(seat) = self.seat_of(self.game.end().side_to_move()) else {
                    self.start_clock();
                    return;
                };
                (seat, self.game.moves().len(), false)
            }
            _ => return,
        };
        self.ensure_seat(seat, hub);
        self.start_search(seat, ply, analysis);
    }

    fn start_search(&mut self, seat: usize, ply: usize, analysis: bool) {
        let side = self.game.position_at(ply).side_to_move();
        let serial = self.next_serial;
        self.next_serial += 1;
        let (go, limit) = match (analysis, &self.clocks) {
            (true, _) => ("go infinite".to_string(), None),
            (false, Some(clocks)) => {
                let allowance = clocks.allowance(side.index(), TIME_MARGIN, SILENCE);
                (clocks.go_command(side.index()), Some(allowance.limit))
            }
            (false, None) => {
                let clocks = GameClocks::new(&[self.tc, self.tc]);
                let allowance = clocks.allowance(side.index(), TIME_MARGIN, SILENCE);
                (clocks.go_command(side.index()), Some(allowance.limit))
            }
        };
        let Some(seat_state) = self.seats[seat].as_mut() else {
            return;
        };
        let Some(driver) = seat_state.driver.as_ref() else {
            let why = seat_state.failed.clone().unwrap_or_default();
            self.engine_gone(seat, side, analysis, why);
            return;
        };
        let mut setup = Vec::new();
        if std::mem::take(&mut seat_state.fresh) {
            setup.push("newgame".to_string());
        }
        let multipv = if analysis { self.multipv } else { 1 };
        setup.push(format!("setoption name MultiPV value {multipv}"));
        let limit_plies = self.game.position_at(0).move_limit();
        setup.push(format!("setoption name MoveLimit value {limit_plies}"));
        if seat_state.has_option("Skill") {
            let level = if matches!(self.mode, Mode::Play { .. }) {
                self.skill
            } else {
                20
            };
            setup.push(format!("setoption name Skill value {level}"));
        }
        setup.push(self.game.position_command(ply));
        driver.search(SearchRequest {
            serial,
            setup,
            go,
            limit,
        });
        self.search = Some(Search {
            serial,
            seat,
            ply,
            analysis,
        });
        self.thinking = Thinking {
            side: Some(side),
            ply,
            lines: Vec::new(),
        };
        if !analysis {
            self.start_clock();
        }
    }

    /// Starts the clock of the side to move (on a clock time control).
    fn start_clock(&mut self) {
        if self.clocks.is_some() && !self.game.is_over() {
            let side = self.game.end().side_to_move();
            if self
                .clock_running
                .is_none_or(|(running, _)| running != side)
            {
                self.clock_running = Some((side, Instant::now()));
            }
        }
    }

    /// Charges the running clock for the move just made.
    pub(super) fn charge_clock(&mut self) {
        if let (Some(clocks), Some((side, since))) = (&mut self.clocks, self.clock_running.take()) {
            clocks.charge(side.index(), since.elapsed());
        }
    }

    /// An engine that is gone cannot search: the game is lost for its side, or the analysis
    /// stops, and the page says why.
    fn engine_gone(&mut self, seat: usize, side: Colour, analysis: bool, why: String) {
        let name = self.engine_names[self.choice[seat]].clone();
        self.message = Some(format!("engine {name}: {why}"));
        if analysis {
            self.mode = Mode::Analyse { running: false };
        } else {
            self.game.set_fault(Fault {
                termination: Termination::Crash,
                culprit: side,
            });
            self.clock_running = None;
        }
    }

    /// Handles what a driver reports.
    fn on_event(&mut self, seat: usize, generation: u64, event: DriverEvent, hub: &Arc<Hub>) {
        let Some(seat_state) = self.seats[seat].as_mut() else {
            return;
        };
        if seat_state.generation != generation {
            return;
        }
        match event {
            DriverEvent::Ready { name, options } => {
                let engine = seat_state.engine;
                seat_state.options = Some(options.clone());
                if let Some(slot) = self.engine_names.get_mut(engine) {
                    *slot = name;
                }
                if let Some(slot) = self.engine_options.get_mut(engine) {
                    *slot = Some(options);
                }
                if !matches!(self.mode, Mode::Analyse { .. }) && self.game.moves().is_empty() {
                    self.game.players = self.player_names();
                }
            }
            DriverEvent::Info { serial, line } => self.on_info(serial, &line),
            DriverEvent::BestMove {
                serial,
                text,
                elapsed,
            } => self.on_bestmove(serial, &text, elapsed, hub),
            DriverEvent::Failed {
                serial,
                message,
                silent,
                dead,
            } => self.on_failure(seat, serial, message, silent, dead),
        }
    }

    fn on_info(&mut self, serial: u64, line: &str) {
        let Some(search) = self.search.filter(|s| s.serial == serial) else {
            return;
        };
        let info = parse_info(line);
        let rank = info.multipv as usize;
        if rank == 0 || rank > 64 {
            return;
        }
        if rank == 1
            && let (Some(score), Some(side)) = (info.score, self.thinking.side)
        {
            self.game.set_score(search.ply, black_view(score, side));
        }
        let lines = &mut self.thinking.lines;
        if lines.len() < rank {
            lines.resize(rank, InfoLine::default());
        }
        lines[rank - 1] = info;
        // Deeper lines of a finished iteration are stale once a new first line comes.
        lines.truncate(self.multipv.max(1) as usize);
    }

    fn on_bestmove(&mut self, serial: u64, text: &str, elapsed: Duration, hub: &Arc<Hub>) {
        let Some(search) = self.search.filter(|s| s.serial == serial && !s.analysis) else {
            return;
        };
        self.search = None;
        let side = self.game.end().side_to_move();
        if let Some(clocks) = &self.clocks {
            let allowance = clocks.allowance(side.index(), TIME_MARGIN, SILENCE);
            if allowance.timed && elapsed > allowance.limit {
                self.game.set_fault(Fault {
                    termination: Termination::TimeForfeit,
                    culprit: side,
                });
                self.clock_running = None;
                return;
            }
        }
        match self.game.play_at_end(text) {
            Ok(_) => {
                self.charge_clock();
                self.kick(hub);
            }
            Err(why) => {
                let name = self.engine_names[self.choice[search.seat]].clone();
                self.message = Some(format!("engine {name} played '{text}': {why}"));
                self.game.set_fault(Fault {
                    termination: Termination::IllegalMove(text.to_string()),
                    culprit: side,
                });
                self.clock_running = None;
            }
        }
    }

    fn on_failure(
        &mut self,
        seat: usize,
        serial: Option<u64>,
        message: String,
        silent: bool,
        dead: bool,
    ) {
        if dead && let Some(seat_state) = self.seats[seat].as_mut() {
            seat_state.driver = None;
            seat_state.failed = Some(message.clone());
        }
        let ours = self
            .search
            .filter(|s| s.seat == seat && (serial.is_none() || serial == Some(s.serial)));
        let Some(search) = ours else {
            self.message = Some(message);
            return;
        };
        self.search = None;
        let side = self.game.position_at(search.ply).side_to_move();
        if search.analysis || !silent {
            self.engine_gone(seat, side, search.analysis, message);
            return;
        }
        let timed = matches!(
            self.tc,
            TimeControl::MoveTime { .. } | TimeControl::Clock { .. }
        );
        self.message = Some(message);
        self.game.set_fault(Fault {
            termination: if timed {
                Termination::TimeForfeit
            } else {
                Termination::NoAnswer
            },
            culprit: side,
        });
        self.clock_running = None;
    }
}

/// The score of a line from Black's point of view, given the side it belongs to.
pub fn black_view(score: EngineScore, side: Colour) -> EngineScore {
    match side {
        Colour::Black => score,
        Colour::White => score.negated(),
    }
}
