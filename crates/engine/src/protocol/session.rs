//! The engine loop: the game and options between commands, and the search running beside the
//! loop so that `isready`, `stop`, `ponderhit` and `quit` are answered at once.

use super::command::{Command, Go, Start};
use super::error::{ErrorCode, ProtocolError, quote};
use super::options::{self, Value};
use super::output::{Output, info_line};
use super::progress::{CloseOnDrop, Gate, write_progress};
use crate::eval::nnue::Network;
use crate::search::{
    Control, Engine, GoClocks, Limits, SearchResult, Settings, Skill, TableSizeError, bench_lines,
};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;
use sumito_rules::board::{Colour, Position, Style, render};
use sumito_rules::game::{AnyPosition, Turn};
use sumito_rules::movegen::{Move, perft_divide_until};

mod multi;

/// The `EvalFile` value that chose the linear evaluation until it was removed: refused with a
/// word on why, rather than looked for as a file.
const LINEAR: &str = "linear";

/// Why `EvalFile linear` is refused.
const LINEAR_GONE: &str = "the linear evaluation was removed (the network beat it by 350 Elo, \
     STRENGTH.md): the network is the only evaluation of two-player games";

/// The search a `go` starts on the job thread: it searches with the engine within the limits,
/// reports each iteration and answers with the result.
type SearchJob = Box<
    dyn FnOnce(
            &mut Engine,
            &Limits,
            &Control,
            &mut dyn FnMut(&crate::search::Info),
            &mut dyn FnMut(&SearchResult),
        ) + Send,
>;

/// Whether the loop goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// Leave the loop.
    Quit,
}

/// A search in progress on its own thread, which hands the engine back when done.
struct Running {
    thread: JoinHandle<Engine>,
    /// Set just before `bestmove` is written: the driver may send the next `go` as soon as it
    /// reads it, so from then on the loop joins the thread (which only has to exit) rather
    /// than answer `busy`.
    answered: Arc<AtomicBool>,
    /// The engine's options, for the engine made afresh if the job panics.
    setup: Setup,
}

/// What an engine made afresh keeps of one that was lost: the options set on it.
struct Setup {
    hash_mb: usize,
    threads: usize,
    seed: u64,
    settings: Settings,
}

impl Setup {
    fn of(engine: &Engine) -> Setup {
        Setup {
            hash_mb: engine.hash_mb(),
            threads: engine.threads(),
            seed: engine.seed(),
            settings: engine.settings.clone(),
        }
    }

    /// An engine of these options (the table is allocated by its first search, as any).
    fn engine(self) -> Option<Engine> {
        let mut engine = Engine::new(self.hash_mb)
            .or_else(|_| Engine::new(FRESH_HASH_MB))
            .ok()?;
        engine.set_threads(self.threads);
        engine.set_seed(self.seed);
        engine.settings = self.settings;
        Some(engine)
    }
}

/// Everything the protocol keeps between commands.
pub struct Session {
    out: Output,
    /// The engine while no search runs.
    engine: Option<Engine>,
    running: Option<Running>,
    control: Arc<Control>,
    /// The game from its start position to the current one, of two to six seats.
    game: Vec<AnyPosition>,
    move_limit: u32,
    /// Who the GUI says Sumito plays (`Opponent`), shown by `d`.
    opponent: String,
    /// `ShowWDL`: `info` lines carry `wdl <win> <draw> <loss>`.
    show_wdl: bool,
    /// The `Skill` option, and `LimitStrength` with `Elo`, which override it while on.
    skill: Skill,
    limit_strength: bool,
    elo: i32,
    /// The network the engine evaluates with (`EvalFile`), kept here too for `eval` during a
    /// search.
    network: Arc<Network>,
    /// `MultiSearch`: the search of N-player games, `None` for the one measured stronger for
    /// the game's seating (`auto`).
    algorithm: Option<crate::multi_search::Algorithm>,
    /// `SeatsEvalFile`: the evaluation of N-player games.
    seats_eval: crate::multi_search::SeatsEval,
    /// The table size and threads the engine started with (`--hash`, `--threads`): what
    /// `Hash` and `Threads` are announced with.
    started_with: (usize, usize),
}

impl Session {
    /// A session writing to `out`, with an engine of `hash_mb` MB and `threads` threads; the
    /// table is all that can fail.
    pub fn new(out: Output, hash_mb: usize, threads: usize) -> Result<Session, TableSizeError> {
        let mut engine = Engine::new(hash_mb)?;
        engine.set_threads(threads);
        let started_with = (engine.hash_mb(), engine.threads());
        Ok(Session {
            out,
            engine: Some(engine),
            running: None,
            control: Arc::new(Control::new()),
            game: vec![AnyPosition::Two(Position::startpos())],
            move_limit: 0,
            opponent: String::new(),
            show_wdl: false,
            skill: Skill::FULL,
            limit_strength: false,
            elo: crate::search::FULL_STRENGTH_ELO,
            network: Network::embedded(),
            algorithm: None,
            seats_eval: Default::default(),
            started_with,
        })
    }

    /// The current position.
    fn position(&self) -> AnyPosition {
        self.game[self.game.len() - 1]
    }

    /// Handles one input line.
    pub fn handle(&mut self, line: &str) -> Flow {
        self.reclaim_finished();
        let line = line.trim();
        if line.is_empty() {
            return Flow::Continue;
        }
        let result = Command::parse(line).and_then(|command| self.execute(command));
        match result {
            Ok(flow) => flow,
            Err(error) => {
                log::debug!("rejected {}: {}", quote(line), error.message);
                self.out.line(&error.to_string());
                Flow::Continue
            }
        }
    }

    /// Stops any search and waits for its `bestmove` (at the end of input or on `quit`).
    pub fn shut_down(&mut self) {
        self.control.stop();
        self.join();
    }

    fn execute(&mut self, command: Command) -> Result<Flow, ProtocolError> {
        match command {
            Command::Uap => self.uap(),
            Command::IsReady => {
                // The table is written now, while the driver waits, not on the next move's clock.
                if let Some(engine) = self.engine.as_mut() {
                    engine.prepare();
                }
                self.out.line("readyok");
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref())?,
            Command::NewGame => self.engine()?.new_game(),
            Command::Position { start, moves } => self.set_position(start, &moves)?,
            Command::Go(go) => match self.position() {
                AnyPosition::Two(position) => self.go(position, *go)?,
                AnyPosition::Multi(position) => self.go_multi(position, *go)?,
            },
            Command::GoPerft(depth) => match self.position() {
                AnyPosition::Two(position) => self.perft(position, depth)?,
                AnyPosition::Multi(position) => self.perft_multi(position, depth)?,
            },
            Command::Stop => {
                self.control.stop();
                self.join();
            }
            Command::PonderHit => {
                if self.running.is_none() || !self.control.is_pondering() {
                    return Err(ProtocolError::new(
                        ErrorCode::NotPondering,
                        "ponderhit, but no search is pondering (go ponder)",
                    ));
                }
                self.control.ponderhit();
            }
            Command::Quit => {
                self.shut_down();
                return Ok(Flow::Quit);
            }
            Command::Moves => {
                let turns = self.position().legal_turns();
                let turns: Vec<String> = turns.iter().map(Turn::to_string).collect();
                self.out
                    .line(format!("moves {}", turns.join(" ")).trim_end());
            }
            Command::Display => match self.position() {
                AnyPosition::Two(position) => self.display(position),
                AnyPosition::Multi(position) => self.display_multi(position),
            },
            Command::Eval => self.out.block(&match self.position() {
                AnyPosition::Two(position) => crate::eval::report(&position, &self.network),
                AnyPosition::Multi(position) => {
                    let eval = self.seats_eval.for_seating(position.seating());
                    crate::multi_search::report(&position, &eval)
                }
            }),
            Command::Bench(depth) => self.spawn_job(false, move |_, control, out, finish| {
                // Each line as its position is done, one behind: the last line ends the job,
                // and `finish` comes before it.
                let mut held: Option<String> = None;
                bench_lines(depth, control, |line| {
                    if let Some(done) = held.replace(line) {
                        out.line(&done);
                    }
                });
                finish();
                if let Some(last) = held {
                    out.line(&last);
                }
            })?,
            Command::Help => self.out.block(HELP),
        }
        Ok(Flow::Continue)
    }

    /// The engine, or `busy` while a search has it.
    fn engine(&mut self) -> Result<&mut Engine, ProtocolError> {
        self.engine.as_mut().ok_or_else(busy)
    }

    fn reclaim_finished(&mut self) {
        let done = |r: &Running| r.answered.load(Ordering::SeqCst) || r.thread.is_finished();
        if self.running.as_ref().is_some_and(done) {
            self.join();
        }
    }

    fn join(&mut self) {
        if let Some(running) = self.running.take() {
            match running.thread.join() {
                Ok(engine) => self.engine = Some(engine),
                Err(_) => {
                    // A panicking search is a bug; keep answering with a fresh engine.
                    log::error!("the search thread panicked; starting a fresh engine");
                    self.engine = running.setup.engine();
                }
            }
        }
    }

    fn uap(&self) {
        self.out
            .line(&format!("id name {}", crate::identity::name()));
        // The version on its own too, so that a client need not split it from the name.
        self.out
            .line(&format!("id version {}", crate::identity::version()));
        self.out.line("id author the Sumito developers");
        let (hash_mb, threads) = self.started_with;
        for line in options::announcements(hash_mb, threads) {
            self.out.line(&line);
        }
        self.out.line("uapok");
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), ProtocolError> {
        let (name, value) = options::check(name, value)?;
        let bad = |message: String| ProtocolError::new(ErrorCode::BadOption, message);
        let engine = self.engine()?;
        match (name, value) {
            ("Hash", Value::Number(mb)) => engine
                .set_hash(mb as usize)
                .map_err(|e| bad(e.to_string()))?,
            ("Threads", Value::Number(n)) => engine.set_threads(n as usize),
            ("MoveOverhead", Value::Number(ms)) => engine.settings.move_overhead_ms = ms as u64,
            ("MultiPV", Value::Number(n)) => engine.settings.multipv = n as usize,
            ("Skill", Value::Number(n)) => self.skill = Skill::new(n as u32),
            ("LimitStrength", Value::Flag(on)) => self.limit_strength = on,
            ("Elo", Value::Number(elo)) => self.elo = elo as i32,
            // The moves depend on what the table and the history learnt too: a seed alone
            // replays a game only if it starts afresh, as after `newgame`.
            ("Seed", Value::Number(seed)) => {
                engine.set_seed(seed as u64);
                engine.new_game();
            }
            // Both change the scores the table holds, so it starts afresh.
            ("Contempt", Value::Number(cp)) => {
                engine.settings.contempt = cp as i32;
                engine.new_game();
            }
            ("Clear Hash", Value::Press) => engine.new_game(),
            ("Ponder", Value::Flag(_)) => {}
            ("ShowWDL", Value::Flag(on)) => self.show_wdl = on,
            ("Opponent", Value::Text(text)) => self.opponent = text,
            // Empty: the built-in network. A file that cannot be read or is no network of this
            // build is refused with one error line, and the evaluation stays as it was.
            ("EvalFile", Value::Text(path)) => {
                let network = match path.as_str() {
                    "" => Network::embedded(),
                    path if path.eq_ignore_ascii_case(LINEAR) => {
                        return Err(bad(LINEAR_GONE.to_string()));
                    }
                    path => Arc::new(Network::load(path).map_err(|e| bad(e.to_string()))?),
                };
                engine.settings.network = network;
                engine.new_game();
            }
            ("MoveLimit", Value::Number(plies)) => {
                self.move_limit = plies as u32;
                for position in &mut self.game {
                    *position = position.with_move_limit(self.move_limit);
                }
            }
            // Empty: the built-in networks; `hand`: the hand-chosen weights. A network file is
            // read at once; one that cannot be read is refused with one error line, and the
            // evaluation stays as it was.
            ("SeatsEvalFile", Value::Text(path)) => {
                let eval = match path.as_str() {
                    "" => crate::multi_search::SeatsEval::BuiltIn,
                    path if path.eq_ignore_ascii_case("hand") => {
                        crate::multi_search::SeatsEval::Hand
                    }
                    path => {
                        let network = crate::multi_search::SeatsNetwork::load(path)
                            .map_err(|e| bad(e.to_string()))?;
                        crate::multi_search::SeatsEval::Network(Arc::new(network))
                    }
                };
                // The table's scores were another evaluation's.
                engine.new_game();
                self.seats_eval = eval;
            }
            ("MultiSearch", Value::Text(name)) => {
                self.algorithm = match name.as_str() {
                    "auto" => None,
                    name => Some(name.parse().map_err(|e| bad(format!("{e}")))?),
                };
            }
            _ => return Err(bad(format!("{name} cannot take that value"))),
        }
        let skill = self.playing_skill();
        let engine = self.engine()?;
        engine.settings.skill = skill;
        // Kept apart as well, for `eval` while the engine is away searching.
        self.network = engine.settings.network.clone();
        Ok(())
    }

    /// The level played: `Skill`, or while `LimitStrength` is on the level of `Elo`.
    fn playing_skill(&self) -> Skill {
        match self.limit_strength {
            true => Skill::for_elo(self.elo),
            false => self.skill,
        }
    }

    /// `position`: a layout or position string of any number of seats, then its turns in
    /// Aba-Pro notation (with three to six players also `pass` for a seat with no legal move,
    /// and `leave` for the seat to move leaving the game).
    fn set_position(&mut self, start: Start, moves: &[String]) -> Result<(), ProtocolError> {
        let root = match start {
            Start::Layout(layout) => layout.position(),
            Start::Fen(text) => text.parse::<AnyPosition>().map_err(|e| {
                ProtocolError::new(ErrorCode::BadFen, format!("{}: {e}", quote(&text)))
            })?,
        };
        // All or nothing: on an error the game stays as it was.
        let mut game = vec![root.with_move_limit(self.move_limit)];
        for (index, text) in moves.iter().enumerate() {
            let position = game[game.len() - 1];
            let turn = position.parse_turn(text).map_err(|e| {
                let message = format!("move {} {}: {e}", index + 1, quote(text));
                ProtocolError::new(ErrorCode::IllegalMove, message)
            })?;
            game.push(position.play(turn));
        }
        self.game = game;
        Ok(())
    }

    /// `go` on a two-player position, the last of the game.
    fn go(&mut self, position: Position, go: Go) -> Result<(), ProtocolError> {
        // Checked first: while a search runs, any `go` is answered `busy`.
        self.engine()?;
        let searchmoves = parse_searchmoves(&position, &go.searchmoves)?;
        // Before the game-over line: a refused `go` is answered with its one `error` line.
        let limits = limits(&go, position.side_to_move().index(), 2)?;
        if let Some(outcome) = position.outcome() {
            // The search finds no move and answers `bestmove (none)`, after `stop` for an
            // `infinite` or `ponder` search, as every other search does.
            // The result, the record's Termination tag as GAMES.md writes it, and the reason
            // in words.
            let termination = sumito_rules::ending::Termination::from_outcome(&outcome);
            self.out.line(&format!(
                "info string gameover {} [Termination \"{termination}\"] {outcome}",
                sumito_rules::ending::result_token(outcome.winner()),
            ));
        }
        let game: Vec<Position> = self.game.iter().filter_map(AnyPosition::two).collect();
        let search: SearchJob = Box::new(move |engine, limits, control, report, answer| {
            engine.search_answering(&game, limits, &searchmoves, control, report, answer);
        });
        self.start_search(limits, "(none)", self.show_wdl, search)
    }

    /// Starts a search on the job thread, which reports and answers `bestmove` itself.
    /// `none` is the answer when the search has no move: `(none)` when the game is over,
    /// `pass` for a seat of an N-player game that has no legal move. `show_wdl` adds the
    /// two-player win/draw/loss chances to the `info` lines.
    ///
    /// A search that panics (a bug) before it answers still answers: `error internal …`, then
    /// `bestmove` with the position's first legal move, so that a GUI waiting for the move is
    /// not left waiting; the loop then goes on with a fresh engine.
    fn start_search(
        &mut self,
        limits: Limits,
        none: &'static str,
        show_wdl: bool,
        search: SearchJob,
    ) -> Result<(), ProtocolError> {
        let position = self.position();
        self.spawn_job(limits.ponder, move |engine, control, out, finish| {
            let gate = Gate::new();
            let answered = std::cell::Cell::new(false);
            let mut report = |info: &crate::search::Info| out.line(&info_line(info, show_wdl));
            let mut answer = |result: &SearchResult| {
                answered.set(true);
                // `infinite` and `ponder` searches answer only when told to.
                while !control.is_stopped() && (limits.infinite || control.is_pondering()) {
                    std::thread::sleep(Duration::from_millis(1));
                }
                gate.close();
                finish();
                let best = result.best.map_or(none.to_string(), |m| m.to_string());
                match result.ponder {
                    Some(reply) => out.line(&format!("bestmove {best} ponder {reply}")),
                    None => out.line(&format!("bestmove {best}")),
                }
            };
            let searched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                std::thread::scope(|scope| {
                    // Without the thread (none could be had) the search runs without the line.
                    let progress = std::thread::Builder::new()
                        .name("progress".into())
                        .spawn_scoped(scope, || write_progress(control, out, &gate));
                    if let Err(e) = progress {
                        log::warn!("no progress lines: {e}");
                    }
                    let _closing = CloseOnDrop(&gate);
                    search(engine, &limits, control, &mut report, &mut answer);
                })
            }));
            if let Err(panic) = searched {
                if !answered.get() {
                    answer_failed_search(out, finish, &position, none, &*panic);
                }
                // The engine's state is not to be trusted: the loop makes a fresh one.
                std::panic::resume_unwind(panic);
            }
        })
    }

    /// Hands the engine to a job on a thread of its own (a search, `go perft` or `bench`), so
    /// that the loop keeps answering `isready`, `stop` and `quit`; `ponder` starts the control
    /// as a ponder search. The job calls `finish` just before it writes its last line: the
    /// driver may send the next command as soon as it reads that line, so from then on the
    /// loop joins the thread (which only has to exit) rather than answer `busy`.
    fn spawn_job(
        &mut self,
        ponder: bool,
        job: impl FnOnce(&mut Engine, &Control, &Output, &dyn Fn()) + Send + 'static,
    ) -> Result<(), ProtocolError> {
        let mut engine = self.engine.take().ok_or_else(busy)?;
        let setup = Setup::of(&engine);
        self.control.start(ponder);
        let (out, control) = (self.out.clone(), Arc::clone(&self.control));
        let answered = Arc::new(AtomicBool::new(false));
        let answered_by_job = Arc::clone(&answered);
        let thread = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                let finish = || answered_by_job.store(true, Ordering::SeqCst);
                let done = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    job(&mut engine, &control, &out, &finish);
                }));
                if let Err(panic) = done {
                    // A search answers its own failure with a move. `go perft` and `bench`
                    // end with this line, so that a driver waiting for their last line gets
                    // one; the loop then makes a fresh engine.
                    if !answered_by_job.load(Ordering::SeqCst) {
                        let message = format!("the command failed ({})", panic_text(&*panic));
                        finish();
                        out.line(&ProtocolError::new(ErrorCode::Internal, message).to_string());
                    }
                    std::panic::resume_unwind(panic);
                }
                engine
            });
        match thread {
            Ok(thread) => {
                self.running = Some(Running {
                    thread,
                    answered,
                    setup,
                })
            }
            Err(e) => {
                // The engine went into the closure that failed to start; make a new one.
                self.engine = setup.engine();
                return Err(ProtocolError::new(
                    ErrorCode::Internal,
                    format!("cannot start a search thread: {e}"),
                ));
            }
        }
        Ok(())
    }

    /// `go perft`: the counts per root move in generation order, then `nodes <total>`; a
    /// `stop` ends it early with `nodes <count of the finished root moves> stopped`.
    fn perft(&mut self, position: Position, depth: u32) -> Result<(), ProtocolError> {
        self.spawn_job(false, move |_, control, out, finish| {
            let finished = AtomicU64::new(0);
            let counts = perft_divide_until(&position, depth, control.stop_flag(), &|_, n| {
                finished.fetch_add(n, Ordering::Relaxed);
            });
            write_perft(out, counts, finished.load(Ordering::Relaxed), finish);
        })
    }

    /// `d` on a two-player position.
    fn display(&self, position: Position) {
        let mut text = render(&position, Style::Ascii);
        text += &format!("fen {position}\n");
        text += &format!("key {:016x}\n", position.hash());
        text += &format!(
            "lost b{} w{}\n",
            position.lost(Colour::Black),
            position.lost(Colour::White)
        );
        if let Some(outcome) = position.outcome() {
            text += &format!("result {}\n", sumito_rules::ending::result_text(&outcome));
        }
        if !self.opponent.is_empty() {
            text += &format!("opponent {}\n", self.opponent);
        }
        let skill = self.playing_skill();
        if skill != Skill::FULL {
            let (level, elo) = (skill.level(), skill.absolute_elo());
            text += &format!("skill {level} elo {elo}\n");
        }
        // `turn` always ends the block, so a reader knows where it stops.
        text += &format!("turn {}\n", position.side_to_move().letter());
        self.out.block(&text);
    }
}

/// The answer of a search of `position` that panicked before it answered: `error internal`
/// with what the panic said, then `bestmove` with the first legal move, or `none` if it has
/// none.
fn answer_failed_search(
    out: &Output,
    finish: &dyn Fn(),
    position: &AnyPosition,
    none: &str,
    panic: &(dyn std::any::Any + Send),
) {
    let first_legal = position.legal_turns().first().map(Turn::to_string);
    let fallback = first_legal.unwrap_or_else(|| none.to_string());
    let said = panic_text(panic);
    let message = format!("the search failed ({said}); playing the first legal move");
    out.line(&ProtocolError::new(ErrorCode::Internal, message).to_string());
    finish();
    out.line(&format!("bestmove {fallback}"));
}

/// What a panic said, if it said it in text.
fn panic_text(panic: &(dyn std::any::Any + Send)) -> &str {
    match (panic.downcast_ref::<&str>(), panic.downcast_ref::<String>()) {
        (Some(text), _) => text,
        (_, Some(text)) => text.as_str(),
        _ => "a panic",
    }
}

/// Table size of an engine made afresh when the old one was lost (a panicking search, a job
/// thread that could not start) if its own size cannot be had.
const FRESH_HASH_MB: usize = 16;

/// Writes the end of `go perft`: each root move's count and `nodes <total>`, or, when `stop`
/// ended it, `nodes <count of the finished root moves> stopped`; `finish` just before the last
/// line.
fn write_perft<M: std::fmt::Display>(
    out: &Output,
    counts: Option<Vec<(M, u64)>>,
    finished: u64,
    finish: &dyn Fn(),
) {
    match counts {
        Some(counts) => {
            for (mv, count) in &counts {
                out.line(&format!("{mv}: {count}"));
            }
            finish();
            out.line(&format!("nodes {finished}"));
        }
        None => {
            finish();
            out.line(&format!("nodes {finished} stopped"));
        }
    }
}

/// The answer to a command that needs the engine while a search has it.
fn busy() -> ProtocolError {
    ProtocolError::new(ErrorCode::Busy, "a search is running (send stop first)")
}

/// The moves of `go searchmoves`, each legal in `position`.
fn parse_searchmoves(position: &Position, texts: &[String]) -> Result<Vec<Move>, ProtocolError> {
    texts
        .iter()
        .map(|text| {
            position.parse_move(text).map_err(|e| {
                ProtocolError::new(
                    ErrorCode::IllegalMove,
                    format!("searchmoves {}: {e}", quote(text)),
                )
            })
        })
        .collect()
}

/// The search limits of a `go` command for the seat `side` (a colour's index in two-player
/// games) to move in a game of `seats` seats. Clocks that leave out the mover's are refused:
/// the mover's clock is what the search plans with, and without it the search would run until
/// `stop`. Clocks of seats the game does not have are refused too.
fn limits(go: &Go, side: usize, seats: usize) -> Result<Limits, ProtocolError> {
    let syntax = |message: String| ProtocolError::new(ErrorCode::Syntax, message);
    if let Some(beyond) =
        (seats..go.time.len()).find(|&seat| go.time[seat].is_some() || go.increment[seat].is_some())
    {
        return Err(syntax(format!(
            "go gives a clock of seat {} (time{0} or inc{0}), but this game has {seats} seats",
            beyond + 1
        )));
    }
    let clocks = (go.time.iter().any(Option::is_some)).then(|| GoClocks {
        time: go.time.map(|time| time.unwrap_or(0)),
        increment: go.increment.map(|increment| increment.unwrap_or(0)),
        moves_to_go: go.moves_to_go,
    });
    // Increments and movestogo only shape a clock: without one they would be ignored (and a
    // search given nothing else would run until `stop`).
    if clocks.is_none() && (go.increment.iter().any(Option::is_some) || go.moves_to_go.is_some()) {
        return Err(syntax(
            "go gives an increment or movestogo but no clock (btime and wtime, or time1 to \
             time6)"
                .into(),
        ));
    }
    if clocks.is_some() && go.time.get(side).is_some_and(Option::is_none) {
        return Err(syntax(match (seats, side) {
            (2, 0) => "go gives wtime but not btime, the clock of black, who is to move".into(),
            (2, _) => "go gives btime but not wtime, the clock of white, who is to move".into(),
            (_, seat) => format!(
                "go gives clocks but not time{}, the clock of the seat to move",
                seat + 1
            ),
        }));
    }
    // A win in n of the mover's moves is found by a search of 2n - 1 plies, which stops early
    // once it has proved one.
    let mate_depth = go.mate.map(|moves| 2 * moves - 1);
    let depth = match (go.depth, mate_depth) {
        (Some(depth), Some(mate)) => Some(depth.min(mate)),
        (depth, mate) => depth.or(mate),
    };
    Ok(Limits {
        depth,
        nodes: go.nodes,
        movetime: go.movetime,
        clocks,
        infinite: go.infinite,
        ponder: go.ponder,
    })
}

const HELP: &str = "\
commands (see PROTOCOL.md):
  uap                                  identify, list options, uapok
  isready                              readyok (also during a search)
  setoption name <Name> [value <v>]    set an option
  newgame                              forget the table and histories
  position startpos|layout <name>|fen <string> [moves <m>...]   (also three-player ... six-player)
  go [btime|wtime|binc|winc|time1..time6|inc1..inc6|movestogo|movetime|depth|nodes|mate <n>] [infinite] [ponder] [searchmoves <m>...]
  go perft <depth>                     move counts per root move
  stop | ponderhit | quit
  moves                                the legal moves
  d                                    draw the board
  eval                                 static evaluation
  bench [depth]                        fixed-depth search of the bench positions
  help                                 this list";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::output::Captured;

    #[test]
    fn a_table_out_of_range_is_refused_with_its_size() {
        let out = Output::new(Box::new(std::io::sink()));
        let refused = Session::new(out, 0, 1).err().map(|e| e.to_string());
        assert_eq!(
            refused.as_deref(),
            Some(
                format!(
                    "the hash size must be from 1 to {} MB, not 0",
                    crate::search::MAX_HASH_MB
                )
                .as_str()
            )
        );
    }

    /// The lines written to `captured`, once `bestmove` has been written `count` times.
    fn lines_after_bestmoves(captured: &Captured, count: usize) -> Vec<String> {
        for _ in 0..10_000 {
            let lines = captured.lines();
            if lines.iter().filter(|l| l.starts_with("bestmove")).count() >= count {
                return lines;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        panic!("no bestmove written");
    }

    #[test]
    fn a_search_that_panics_still_answers_a_legal_move_and_the_engine_goes_on() {
        let (out, captured) = Output::captured();
        let mut session = Session::new(out, 1, 1).unwrap();
        session.handle("position startpos");
        session.handle("setoption name MultiPV value 2");
        let first = session.position().legal_turns()[0].to_string();
        let panicking: SearchJob = Box::new(|_, _, _, _, _| panic!("a search's bug"));
        let limits = Limits {
            depth: Some(1),
            ..Limits::default()
        };
        session
            .start_search(limits, "(none)", false, panicking)
            .unwrap();
        let lines = lines_after_bestmoves(&captured, 1);
        let error =
            "error internal the search failed (a search's bug); playing the first legal move";
        assert_eq!(
            lines[lines.len() - 2..],
            [error.to_string(), format!("bestmove {first}")]
        );
        // The next search runs on a fresh engine of the same options and answers as any other.
        session.handle("go depth 2");
        let lines = lines_after_bestmoves(&captured, 2);
        assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
        assert!(lines.iter().any(|l| l.contains(" multipv 2 ")), "{lines:?}");
        assert!(!lines.iter().any(|l| l.contains("busy")), "{lines:?}");
    }

    #[test]
    fn a_perft_or_bench_that_panics_ends_with_an_error_and_the_engine_keeps_its_options() {
        let (out, captured) = Output::captured();
        let mut session = Session::new(out, 1, 1).unwrap();
        session.handle("setoption name Seed value 42");
        session
            .spawn_job(false, |_, _, _, _| panic!("a perft's bug"))
            .unwrap();
        let error = "error internal the command failed (a perft's bug)";
        for _ in 0..10_000 {
            if captured.lines().iter().any(|l| l == error) {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(captured.lines(), [error]);
        // The loop makes a fresh engine of the same options, its seed included.
        session.handle("isready");
        assert_eq!(session.engine.as_ref().map(Engine::seed), Some(42));
        session.handle("go depth 1");
        let lines = lines_after_bestmoves(&captured, 1);
        assert_eq!(lines[1], "readyok", "{lines:?}");
        assert!(!lines.iter().any(|l| l.contains("busy")), "{lines:?}");
    }
}
