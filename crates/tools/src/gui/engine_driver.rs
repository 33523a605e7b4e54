//! One engine process driven over UAP by a thread of its own, so that the web server never
//! waits on an engine. The thread takes commands from a channel (search, stop, quit) and reports
//! what the engine says through a callback; every wait on the engine has a deadline, so a
//! crashed or silent engine is reported, never waited for.

use super::error::GuiError;
use crate::uap_client::{EngineProcess, EngineSpec, Failure};
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::time::{Duration, Instant};

/// How long an engine may take to answer `bestmove` after `stop`, or `readyok` after the set-up
/// of a search, before it counts as silent.
const STOP_PATIENCE: Duration = Duration::from_secs(5);

/// How often the thread looks at its command channel while the engine searches.
const POLL: Duration = Duration::from_millis(40);

/// A search for the driver to run.
#[derive(Clone, Debug)]
pub struct SearchRequest {
    /// Tells the answers to this search from those of earlier, cancelled ones.
    pub serial: u64,
    /// Lines sent before `go`: `setoption`s, `newgame`, `position`.
    pub setup: Vec<String>,
    /// The `go` command.
    pub go: String,
    /// How long the engine may take to answer `bestmove`; `None` for `go infinite`.
    pub limit: Option<Duration>,
}

/// The way back from an engine driver's thread to the table. The table cannot lock itself, so
/// the owner of its lock (the hub) makes for each driver a function that locks the table, hands
/// it the event (`Table::on_event`) and publishes the change.
pub trait Reporter {
    /// The function the driver of `seat`, started as `generation`, calls with each event.
    fn for_driver(&self, seat: usize, generation: u64) -> Box<dyn Fn(DriverEvent) + Send>;
    /// The function the probe of engine `index` calls with each event (`Table::on_probe`).
    fn for_probe(&self, index: usize) -> Box<dyn Fn(DriverEvent) + Send>;
    /// Wakes the table at `when` (`Table::on_clock`), in place of any earlier wake-up asked
    /// for: a person's clock runs out then.
    fn wake_at(&self, when: std::time::Instant);
}

/// What the driver tells its owner.
#[derive(Clone, Debug, PartialEq)]
pub enum DriverEvent {
    /// The engine answered the handshake: its `id name` and the names of its options.
    Ready {
        name: String,
        options: Vec<String>,
        /// Why it cannot play three to six players, in its own words (its `error` line for a
        /// three-player position), if it cannot.
        no_seats: Option<String>,
    },
    /// An `info` line of search `serial`.
    Info { serial: u64, line: String },
    /// The engine's answer to search `serial`, and how long it took from `go`.
    BestMove {
        serial: u64,
        text: String,
        elapsed: Duration,
    },
    /// The engine crashed, stayed silent, or refused a command; the search `serial` (if one
    /// ran) has no answer. `dead` is true when the process is gone for good.
    Failed {
        serial: Option<u64>,
        message: String,
        silent: bool,
        dead: bool,
    },
}

enum Command {
    Search(SearchRequest),
    Stop,
}

/// The handle of a running driver: dropping it ends the thread, which quits the engine.
pub struct Driver {
    commands: Sender<Command>,
    thread: std::thread::JoinHandle<()>,
}

impl Driver {
    /// Starts `spec` in a new thread; `report` receives every event.
    /// `silence` is how long its handshake may take.
    pub fn start(
        spec: EngineSpec,
        silence: Duration,
        report: impl Fn(DriverEvent) + Send + 'static,
    ) -> Result<Driver, GuiError> {
        let (commands, inbox) = channel();
        let thread = std::thread::Builder::new()
            .name(format!("gui engine {}", spec.name))
            .spawn(move || run(spec, silence, inbox, report))
            .map_err(GuiError::EngineThread)?;
        Ok(Driver { commands, thread })
    }

    /// Ends the driver and waits until its engine has quit (or been killed). Never call it
    /// while holding what the driver's reports need, such as the table's lock.
    pub fn finish(self) {
        drop(self.commands);
        let _ = self.thread.join();
    }

    /// Starts a search; a search still running is stopped first (its answer is still
    /// reported, with its own serial).
    pub fn search(&self, request: SearchRequest) {
        let _ = self.commands.send(Command::Search(request));
    }

    /// Stops the running search, if any.
    pub fn stop(&self) {
        let _ = self.commands.send(Command::Stop);
    }
}

/// The driver thread: start, then one search at a time until the handle is dropped.
fn run(
    spec: EngineSpec,
    silence: Duration,
    inbox: Receiver<Command>,
    report: impl Fn(DriverEvent),
) {
    let mut engine = match EngineProcess::start(&spec, silence) {
        Ok(engine) => engine,
        Err(error) => {
            report(DriverEvent::Failed {
                serial: None,
                // The page shows the engine's error as text.
                message: error.to_string(),
                silent: false,
                dead: true,
            });
            return;
        }
    };
    report(DriverEvent::Ready {
        name: engine.id_name.clone().unwrap_or_else(|| spec.name.clone()),
        options: engine.option_names.clone(),
        no_seats: no_seats(&mut engine, silence),
    });
    let mut next: Option<SearchRequest> = None;
    loop {
        let request = match next.take() {
            Some(request) => request,
            None => match inbox.recv() {
                Ok(Command::Search(request)) => request,
                Ok(Command::Stop) => continue,
                // The handle was dropped: the GUI is done with this engine.
                Err(_) => return,
            },
        };
        // A search asked for meanwhile runs next, also after a failure the engine recovers
        // from: the session waits for its answer.
        match search(&mut engine, &request, &inbox, &report, &mut next) {
            Ok(()) => {}
            Err(Some(failure)) => {
                let dead = failure == Failure::Crashed || !engine.recover(STOP_PATIENCE);
                let mut message = match failure {
                    Failure::Crashed => format!("{} crashed", spec.name),
                    Failure::Silent => format!("{} did not answer in time", spec.name),
                };
                // Why it crashed, as it said on its error output.
                if let Some(words) = engine.said().filter(|_| failure == Failure::Crashed) {
                    message += &format!("; it said: {words}");
                }
                report(DriverEvent::Failed {
                    serial: Some(request.serial),
                    message,
                    silent: failure == Failure::Silent,
                    dead,
                });
                if dead {
                    return;
                }
            }
            Err(None) => return,
        }
    }
}

/// Asks the engine, once it is ready, whether it knows a position of three players: its
/// `error` line if it does not (an engine of two players only). The next search sets its own
/// position.
fn no_seats(engine: &mut EngineProcess, patience: Duration) -> Option<String> {
    engine.send("position layout three-player").ok()?;
    let seen = engine.sync(patience).ok()?;
    seen.into_iter().find(|line| line.starts_with("error"))
}

/// Runs one search to its `bestmove`, putting a search asked for meanwhile in `queued`; the
/// failure if it fails (`None` when the handle was dropped).
fn search(
    engine: &mut EngineProcess,
    request: &SearchRequest,
    inbox: &Receiver<Command>,
    report: &impl Fn(DriverEvent),
    queued: &mut Option<SearchRequest>,
) -> Result<(), Option<Failure>> {
    for line in &request.setup {
        engine.send(line).map_err(Some)?;
    }
    // The set-up is answered (an error line would show here) before the clock starts.
    let seen = engine.sync(STOP_PATIENCE).map_err(Some)?;
    if let Some(error) = seen.iter().find(|line| line.starts_with("error")) {
        report(DriverEvent::Failed {
            serial: Some(request.serial),
            message: format!("the engine refused the set-up: {error}"),
            silent: false,
            dead: false,
        });
        return Ok(());
    }
    engine.send(&request.go).map_err(Some)?;
    let started = Instant::now();
    let mut deadline = request.limit.map(|limit| started + limit);
    loop {
        match inbox.try_recv() {
            Ok(command) => {
                if let Command::Search(next) = command {
                    *queued = Some(next);
                }
                if engine.send("stop").is_err() {
                    return Err(Some(Failure::Crashed));
                }
                let by = Instant::now() + STOP_PATIENCE;
                deadline = Some(deadline.map_or(by, |d| d.min(by)));
            }
            Err(TryRecvError::Disconnected) => return Err(None),
            Err(TryRecvError::Empty) => {}
        }
        let wait = Instant::now() + POLL;
        let until = deadline.map_or(wait, |d| d.min(wait));
        match engine.next_line(until) {
            Ok((line, at)) => {
                if line.starts_with("info ") && line.contains(" pv ") {
                    let serial = request.serial;
                    report(DriverEvent::Info { serial, line });
                } else if let Some(rest) = line.strip_prefix("bestmove") {
                    let text = rest.split_whitespace().next().unwrap_or("").to_string();
                    let elapsed = at.saturating_duration_since(started);
                    let serial = request.serial;
                    report(DriverEvent::BestMove {
                        serial,
                        text,
                        elapsed,
                    });
                    return Ok(());
                }
            }
            Err(Failure::Silent) if deadline.is_none_or(|d| Instant::now() < d) => {}
            Err(failure) => return Err(Some(failure)),
        }
    }
}
