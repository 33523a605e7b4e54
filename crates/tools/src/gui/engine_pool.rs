//! The engines the GUI drives: those named on the command line, what each answered to its
//! handshake (or why it did not start), the ones running in the table's engine slots, and the
//! probes started only to learn an engine's name. The game session ([`super::table`]) asks
//! it for drivers; it knows nothing of games.

use super::engine_driver::{Driver, Reporter};
use crate::uap_client::EngineSpec;
use sumito_games::clock::TimeControl;
use sumito_rules::board::MAX_SEATS;

/// What the GUI was started with.
#[derive(Clone, Debug)]
pub struct GuiConfig {
    /// The engines named on the command line; the page chooses among these only.
    pub engines: Vec<EngineSpec>,
    /// The default time control.
    pub tc: TimeControl,
    /// How long an engine's handshake may take (`--silence-timeout`).
    pub silence: std::time::Duration,
}

/// An engine running in a slot of the table.
pub struct EngineSlot {
    /// Index into [`GuiConfig::engines`].
    pub engine: usize,
    /// Tells this driver's events from those of an earlier one of the same slot.
    pub(super) generation: u64,
    pub(super) driver: Option<Driver>,
    /// The options the engine announced, once it is ready.
    pub options: Option<Vec<String>>,
    /// Why the engine is gone, if it is.
    pub failed: Option<String>,
    /// Send `newgame` before the next search.
    pub(super) fresh: bool,
}

impl EngineSlot {
    /// Did the engine announce option `name`?
    pub fn has_option(&self, name: &str) -> bool {
        self.options
            .iter()
            .flatten()
            .any(|o| o.eq_ignore_ascii_case(name))
    }
}

/// The engines of the command line and those running.
pub struct EnginePool {
    pub config: GuiConfig,
    /// The engines' `id name`s, as they answered (the program name until then).
    pub names: Vec<String>,
    /// The options each engine announced, once it has answered the handshake.
    pub options: Vec<Option<Vec<String>>>,
    /// Why each engine failed to start, if it did (until it starts after all).
    pub failures: Vec<Option<String>>,
    /// Why each engine cannot play three to six players, in its own words, if it said so.
    pub no_seats: Vec<Option<String>>,
    /// The engines running, by slot: in a two-player game slot 0 (and in a watched game slot
    /// 1, White's), in a game of more players the slot of each seat by its index.
    pub slots: [Option<EngineSlot>; MAX_SEATS],
    /// Engines started only to learn their names and options (engine index, driver), each
    /// dismissed once it has answered.
    pub(super) probes: Vec<(usize, Driver)>,
    next_generation: u64,
    /// The serial of the next search: the answers of a search no longer waited for, of this
    /// game or an earlier one, are told apart by it.
    next_serial: u64,
}

impl EnginePool {
    /// The engines of `config`, none running yet.
    pub(super) fn new(config: GuiConfig) -> EnginePool {
        let count = config.engines.len();
        EnginePool {
            names: config.engines.iter().map(|e| e.name.clone()).collect(),
            options: vec![None; count],
            failures: vec![None; count],
            no_seats: vec![None; count],
            config,
            slots: Default::default(),
            probes: Vec::new(),
            next_generation: 1,
            next_serial: 1,
        }
    }

    /// The name of engine `index` as the page shows it: its `id name` once it has started,
    /// with ` #N` (its number from 1) when another engine has the same name, so that the
    /// drop-downs and the player bars tell two Sumitos apart.
    pub fn name(&self, index: usize) -> String {
        let Some(name) = self.names.get(index) else {
            return String::new();
        };
        let same = self.names.iter().filter(|n| *n == name).count();
        if same > 1 {
            format!("{name} #{}", index + 1)
        } else {
            name.clone()
        }
    }

    /// Takes what engine `index` answered to the handshake: its `id name`, its options, and
    /// whether it can play three to six players.
    pub(super) fn learn(
        &mut self,
        index: usize,
        name: String,
        options: Vec<String>,
        no_seats: Option<String>,
    ) {
        if let Some(slot) = self.no_seats.get_mut(index) {
            *slot = no_seats;
        }
        if let Some(slot) = self.names.get_mut(index) {
            *slot = name;
        }
        if let Some(slot) = self.options.get_mut(index) {
            *slot = Some(options);
        }
        if let Some(slot) = self.failures.get_mut(index) {
            *slot = None;
        }
    }

    /// A serial for a new search.
    pub(super) fn serial(&mut self) -> u64 {
        self.next_serial += 1;
        self.next_serial - 1
    }

    /// The driver of the engine in `slot`, if one runs there.
    pub(super) fn driver(&self, slot: usize) -> Option<&Driver> {
        self.slots[slot].as_ref().and_then(|s| s.driver.as_ref())
    }

    /// Starts every engine but the first (which slot 0 starts) once, only to learn its name
    /// and options: the page's drop-downs, player bars and level note then name each engine
    /// as it names itself, and know whether it has levels, before it plays.
    pub(super) fn probe(&mut self, reporter: &dyn Reporter) {
        for (index, spec) in self.config.engines.iter().enumerate().skip(1) {
            if let Ok(driver) =
                Driver::start(spec.clone(), self.config.silence, reporter.for_probe(index))
            {
                self.probes.push((index, driver));
            }
        }
    }

    /// Starts `engine` in `slot` unless it runs there already.
    pub(super) fn ensure(&mut self, slot: usize, engine: usize, reporter: &dyn Reporter) {
        let running = self.slots[slot]
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
        let driver = Driver::start(
            spec,
            self.config.silence,
            reporter.for_driver(slot, generation),
        );
        let (driver, failed) = match driver {
            Ok(driver) => (Some(driver), None),
            Err(error) => (None, Some(error.to_string())),
        };
        self.slots[slot] = Some(EngineSlot {
            engine,
            generation,
            driver,
            options: None,
            failed,
            fresh: true,
        });
    }

    /// The engine of `slot` is gone for `why`: its driver is dropped, and an engine that never
    /// answered the handshake did not start at all.
    pub(super) fn died(&mut self, slot: usize, why: &str) {
        let Some(state) = self.slots[slot].as_mut() else {
            return;
        };
        state.driver = None;
        state.failed = Some(why.to_string());
        let engine = state.engine;
        if self.options.get(engine).is_some_and(Option::is_none) {
            self.failed_to_start(engine, why);
        }
    }

    /// Engine `index` did not start, for `why`: the page shows it, and the terminal says it
    /// once, where the person who started the GUI sees it.
    pub(super) fn failed_to_start(&mut self, index: usize, why: &str) {
        let name = self.name(index);
        let Some(failure) = self.failures.get_mut(index) else {
            return;
        };
        if failure.is_none() {
            let command = &self.config.engines[index].program;
            eprintln!("warning: engine {name} ({command}) did not start: {why}");
        }
        *failure = Some(why.to_string());
    }

    /// Refuses engine `index` for a game of three to six players if it said it cannot play
    /// one.
    pub(super) fn check_seats(&self, index: usize) -> Result<(), super::GuiError> {
        match self.no_seats.get(index) {
            Some(Some(why)) => Err(super::GuiError::EngineOfTwoPlayers {
                name: self.name(index),
                why: why.clone(),
            }),
            _ => Ok(()),
        }
    }

    /// Refuses engine `index` for a new game if it did not start.
    pub(super) fn check_started(&self, index: usize) -> Result<(), super::GuiError> {
        match self.failures.get(index) {
            Some(Some(why)) => Err(super::GuiError::EngineDidNotStart {
                name: self.name(index),
                why: why.clone(),
            }),
            _ => Ok(()),
        }
    }

    /// Takes every engine out of the pool, the probes too, for its driver to be finished
    /// outside the lock (finishing waits for the engine to quit).
    pub(super) fn take_drivers(&mut self) -> Vec<Driver> {
        let slots = std::mem::take(&mut self.slots);
        let probes = std::mem::take(&mut self.probes);
        slots
            .into_iter()
            .flatten()
            .filter_map(|s| s.driver)
            .chain(probes.into_iter().map(|(_, driver)| driver))
            .collect()
    }
}
