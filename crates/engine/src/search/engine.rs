//! The engine: the transposition table and thread data that live from search to search, and
//! the entry point that runs one search.

use super::control::Control;
use super::iterative::{Iteration, Plan, RootMove, ScoreBound};
use super::score::{DEFAULT_CONTEMPT, Reported, draw_scores};
use super::skill::Skill;
use super::smp::lazy_smp;
use super::thread_data::{Shared, ThreadData};
use super::time::{Limits, TimeManager};
use super::tt::{TableSizeError, TranspositionTable};
use crate::eval::nnue::Network;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use sumito_rules::board::Position;
use sumito_rules::movegen::Move;
use sumito_rules::random::{Random, clock_seed};

/// Most search threads accepted.
pub const MAX_THREADS: usize = 256;

/// Engine settings that persist between searches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Principal variations to report (MultiPV).
    pub multipv: usize,
    /// Milliseconds kept in hand for the answer to reach the other side.
    pub move_overhead_ms: u64,
    /// The network that evaluates: the built-in one unless `EvalFile` says otherwise.
    pub network: Arc<Network>,
    /// Playing strength for people (full strength by default).
    pub skill: Skill,
    /// How much worse than an even game a draw or a repetition is for the side to move at the
    /// root, in centi-marbles (negative: better).
    pub contempt: i32,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            multipv: 1,
            move_overhead_ms: 10,
            network: Network::embedded(),
            skill: Skill::FULL,
            contempt: DEFAULT_CONTEMPT,
        }
    }
}

/// One report line: a principal variation after an iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// Depth completed.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: usize,
    /// Line number, from 1.
    pub multipv: usize,
    /// Score from the side to move's view.
    pub score: Reported,
    /// Set when the score is only a bound (an aspiration window failed).
    pub bound: Option<ScoreBound>,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Table fill, per mille.
    pub hashfull: u32,
    /// The line.
    pub pv: Vec<Move>,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when the game is over.
    pub best: Option<Move>,
    /// The expected reply, when known.
    pub ponder: Option<Move>,
    /// Score of the best move, from the side to move's view.
    pub score: i32,
    /// Depth completed by the main thread.
    pub depth: u32,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// The lines searched, best first (as many as MultiPV asked for); `best` is the first
    /// unless a skill level below full chose another.
    pub lines: Vec<(Move, i32)>,
}

/// Tables and per-thread data kept from one search to the next.
pub struct Engine {
    /// Allocated by [`Engine::prepare`] or the first search, so that a `setoption name Hash`
    /// sent before either never needs the memory of two tables.
    tt: Option<TranspositionTable>,
    hash_mb: usize,
    threads: Vec<ThreadData>,
    /// Draws the choices of skill levels below full strength.
    random: Random,
    /// The seed `random` was last given (`Seed`; 0: from the clock).
    seed: u64,
    /// Settings used by the next search.
    pub settings: Settings,
}

impl Engine {
    /// An engine with a table of `hash_mb` MB and one thread.
    pub fn new(hash_mb: usize) -> Result<Engine, TableSizeError> {
        Ok(Engine {
            tt: None,
            hash_mb: {
                TranspositionTable::check_size(hash_mb)?;
                hash_mb
            },
            threads: vec![ThreadData::new(0)],
            random: Random(clock_seed()),
            seed: 0,
            settings: Settings::default(),
        })
    }

    /// Seeds the choices of skill levels below full strength, so that their games can be played
    /// again move for move; 0 draws a seed from the clock, as a new engine does.
    pub fn set_seed(&mut self, seed: u64) {
        self.random = Random(if seed == 0 { clock_seed() } else { seed });
        self.seed = seed;
    }

    /// The seed last given to [`set_seed`](Self::set_seed), 0 if none.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Asks for a table of `mb` MB from the next search on; on error the old size stays.
    pub fn set_hash(&mut self, mb: usize) -> Result<(), TableSizeError> {
        if mb == self.hash_mb {
            return Ok(());
        }
        // The old table is freed first, so that the two never need memory at once: what it
        // holds counts as available for the new one.
        let held = self.tt.as_ref().map_or(0, TranspositionTable::resident_mb);
        TranspositionTable::check_size_freeing(mb, held)?;
        self.tt = None;
        self.hash_mb = mb;
        Ok(())
    }

    /// Table size in MB.
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// Sets the number of search threads (1 to [`MAX_THREADS`]).
    pub fn set_threads(&mut self, threads: usize) {
        let threads = threads.clamp(1, MAX_THREADS);
        self.threads.truncate(threads);
        while self.threads.len() < threads {
            self.threads.push(ThreadData::new(self.threads.len()));
        }
    }

    /// Number of search threads.
    pub fn threads(&self) -> usize {
        self.threads.len()
    }

    /// Allocates the table if it is not there yet and has the system map its pages. Mapping a
    /// large table takes tens of milliseconds a gigabyte, so the protocol does it on `isready`
    /// rather than on the clock of the first search.
    pub fn prepare(&mut self) {
        table(&mut self.tt, self.hash_mb).touch();
    }

    /// The table, allocated first if need be: the search of three to six players
    /// ([`sumito_rules::multiplayer`]) shares it, keyed apart by the root seat.
    pub fn table(&mut self) -> &TranspositionTable {
        table(&mut self.tt, self.hash_mb)
    }

    /// Forgets everything learnt (a new game): the table and the move-ordering history.
    pub fn new_game(&mut self) {
        if let Some(tt) = self.tt.as_mut() {
            tt.clear();
        }
        for td in &mut self.threads {
            td.heuristics.clear();
        }
    }

    /// Searches the last position of `game` (the earlier ones count for repetitions) within
    /// `limits`, over `searchmoves` if not empty. `control` can stop it from another thread;
    /// `report` is called on the calling thread after every iteration.
    pub fn search(
        &mut self,
        game: &[Position],
        limits: &Limits,
        searchmoves: &[Move],
        control: &Control,
        report: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        self.search_answering(game, limits, searchmoves, control, report, &mut |_| {})
    }

    /// As [`Engine::search`], and calls `answer` with the result on the calling thread as soon
    /// as the main search thread has it, before the helper threads have wound down: on a loaded
    /// machine a helper may wait milliseconds for a core before it sees the stop, and the
    /// answer need not wait with it. (The helpers' last few nodes are not counted then.)
    pub fn search_answering(
        &mut self,
        game: &[Position],
        limits: &Limits,
        searchmoves: &[Move],
        control: &Control,
        report: &mut dyn FnMut(&Info),
        answer: &mut dyn FnMut(&SearchResult),
    ) -> SearchResult {
        let moves: Vec<RootMove> = game.last().map_or_else(Vec::new, |root| {
            root.moves()
                .iter()
                .filter(|mv| searchmoves.is_empty() || searchmoves.contains(mv))
                .map(|&mv| RootMove::new(mv))
                .collect()
        });
        let (Some(root), false) = (game.last().copied(), moves.is_empty()) else {
            let result = SearchResult::none();
            answer(&result);
            return result;
        };
        // The table is there from here on, by construction: no path leaves without `answer`.
        let tt = table(&mut self.tt, self.hash_mb);
        tt.new_search();
        let skill = self.settings.skill;
        // A level below full strength searches no more than its node budget.
        let capped = skill.max_nodes().map(|cap| Limits {
            nodes: Some(limits.nodes.map_or(cap, |nodes| nodes.min(cap))),
            ..limits.clone()
        });
        let limits = capped.as_ref().unwrap_or(limits);
        let overhead = self.settings.move_overhead_ms;
        let time = TimeManager::new(limits, root.side_to_move().index(), overhead);
        control.begin_count();
        let shared = Shared {
            tt,
            control,
            done: AtomicBool::new(false),
            network: &self.settings.network,
            draws: draw_scores(root.side_to_move(), self.settings.contempt),
        };
        let shown = self.settings.multipv.clamp(1, moves.len());
        let lines = shown.max(skill.lines()).min(moves.len());
        let plan = Plan {
            max_depth: limits.depth.unwrap_or(u32::MAX),
            lines,
            time,
        };

        // Both the iterations and the finish report lines, never at the same time.
        let report = std::cell::RefCell::new(report);
        // The first two moves of the last line reported as `multipv 1`: the move and the reply
        // that `bestmove … ponder …` must repeat.
        let last_shown = std::cell::Cell::new(None);
        let first_two = |line: &RootMove| (line.mv, line.pv.get(1).copied());
        let mut on_iteration = |iteration: &Iteration| {
            last_shown.set(iteration.moves.first().map(first_two));
            report_iteration(&shared, iteration, shown, &mut **report.borrow_mut())
        };
        let random = &mut self.random;
        let finish = |moves: &[RootMove], depth: u32| {
            let nodes = shared.control.nodes();
            let scores: Vec<i32> = moves[..lines].iter().map(RootMove::last_score).collect();
            let chosen = skill.choose(&scores, random);
            let line = &moves[chosen];
            if last_shown.get() != Some(first_two(line)) {
                // A level below full strength chose another line than the best, or an
                // iteration cut short put another move first or another reply after it: the
                // line played is shown last as the first line, so that what a GUI draws is what
                // is played, and its second move is the ponder move.
                let seldepth = (depth as usize).max(line.pv.len());
                (*report.borrow_mut())(&line_info(&shared, depth, seldepth, 1, line));
            }
            let result = SearchResult::from_root_moves(moves, chosen, depth, nodes, shown);
            answer(&result);
            result
        };
        let (main_td, helpers) = self.threads.split_first_mut().expect("at least one thread");
        lazy_smp(
            &shared,
            &root,
            game,
            moves,
            main_td,
            helpers,
            &plan,
            &mut on_iteration,
            finish,
        )
    }
}

/// The table in `slot`, allocated with `hash_mb` MB if it is not there yet.
fn table(slot: &mut Option<TranspositionTable>, hash_mb: usize) -> &TranspositionTable {
    slot.get_or_insert_with(|| {
        TranspositionTable::new(hash_mb).unwrap_or_else(|e| {
            // The size was checked when it was set; memory may have gone since.
            log::error!("{e}; searching with a 1 MB table");
            TranspositionTable::new(1).expect("a 1 MB table")
        })
    })
}

/// Reports the first `shown` principal variations of `iteration`.
fn report_iteration(
    shared: &Shared,
    iteration: &Iteration,
    shown: usize,
    report: &mut dyn FnMut(&Info),
) {
    // A short mate can end every line above the nominal depth.
    let seldepth = iteration.seldepth.max(iteration.depth as usize);
    for (index, root_move) in iteration
        .moves
        .iter()
        .take(iteration.lines.min(shown))
        .enumerate()
    {
        let mut info = line_info(shared, iteration.depth, seldepth, index + 1, root_move);
        info.bound = iteration.bound;
        report(&info);
    }
}

/// The `info` of one root line as line number `multipv`, with the search's counts so far.
fn line_info(
    shared: &Shared,
    depth: u32,
    seldepth: usize,
    multipv: usize,
    line: &RootMove,
) -> Info {
    let nodes = shared.control.nodes();
    let time = shared.control.elapsed();
    Info {
        depth,
        seldepth,
        multipv,
        score: Reported::from_score(line.last_score()),
        bound: None,
        nodes,
        nps: (nodes as f64 / time.as_secs_f64().max(1e-6)) as u64,
        time,
        hashfull: shared.tt.hashfull(),
        pv: line.pv.clone(),
    }
}

impl SearchResult {
    /// The result from the root moves, best first, after `depth` completed iterations: the
    /// move at `chosen` is played, and the first `lines` are reported.
    fn from_root_moves(
        moves: &[RootMove],
        chosen: usize,
        depth: u32,
        nodes: u64,
        lines: usize,
    ) -> SearchResult {
        let best = &moves[chosen];
        SearchResult {
            best: Some(best.mv),
            ponder: best.pv.get(1).copied(),
            score: best.last_score(),
            depth,
            nodes,
            pv: best.pv.clone(),
            lines: moves.iter().take(lines).map(|m| (m.mv, m.score)).collect(),
        }
    }

    /// No move: the game is over, or nothing was searched.
    pub(crate) fn none() -> SearchResult {
        SearchResult {
            best: None,
            ponder: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            lines: Vec::new(),
        }
    }
}
