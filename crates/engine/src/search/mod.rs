//! The search: iterative deepening PVS over a shared transposition table on several threads.
//!
//! Where each part lives:
//! - `engine`: [`Engine`], what lasts from search to search, and the entry point of one search.
//! - `smp`: Lazy SMP, helper threads beside the main one, sharing the table.
//! - `iterative`: iterative deepening, aspiration windows and the root search (per thread).
//! - `negamax`: PVS with null-move pruning and late-move reductions, and quiescence.
//! - `ordering`: the move order (table move, pushes, killers, history); `picker`: the stages
//!   that hand the moves out, generating each kind only when it is reached.
//! - `tt`: the lock-free transposition table; `table_memory`: its memory, mapped zeroed.
//! - `thread_data`: what all threads of a search share (`Shared`: table, control, node count,
//!   network) and what each thread keeps for itself (`ThreadData`: heuristics, PV, the line
//!   for repetitions, the network's sums along it).
//! - `skill`: [`Skill`] levels, a weaker engine for people.
//! - `score`: score units, mate distances and how scores are reported.
//! - `time`: time management in one place: [`Limits`], and the `TimeManager` that owns the
//!   soft and hard deadlines, the node budget and the stability scaling; the search only asks
//!   it whether to stop.
//! - `control`: [`Control`], the stop flag, the ponder state and the search clock.
//! - `bench`: the fixed-depth bench whose node count identifies the search.
//!
//! The static evaluation the search calls, the network, is in [`crate::eval`].

mod bench;
mod control;
mod engine;
mod iterative;
mod negamax;
pub(crate) use negamax::reduction;
mod ordering;
mod picker;
mod score;
mod skill;
mod smp;
mod table_memory;
mod thread_data;
mod time;
mod tt;
mod wdl;

pub use bench::{BENCH_DEPTH, BENCH_POSITIONS, BenchResult, bench, bench_lines, bench_signature};
pub use control::{Control, Progress};
pub use engine::{Engine, Info, MAX_THREADS, SearchResult, Settings};
pub use iterative::ScoreBound;
pub use score::{
    DEFAULT_CONTEMPT, MATE, MATE_BOUND, MAX_CONTEMPT, MAX_DEPTH, MAX_PLY, Reported, is_decisive,
    win_in,
};
pub use skill::{FULL_STRENGTH_ELO, LEVEL_ONE_OVER_RANDOM, MAX_SKILL, Skill};
pub use time::{GoClocks, Limits, TimeManager};
pub use tt::{Bound, MAX_HASH_MB, TableSizeError, TranspositionTable};
pub use wdl::{FITTED as WDL_MODEL, WdlModel};
