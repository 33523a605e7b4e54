//! The search: iterative deepening PVS over a shared transposition table on several threads.

mod bench;
mod control;
mod engine;
mod iterative;
mod negamax;
mod ordering;
mod score;
mod smp;
mod thread_data;
mod time;
mod tt;

pub use bench::{BENCH_DEPTH, BENCH_POSITIONS, BenchResult, bench, bench_lines};
pub use control::Control;
pub use engine::{Engine, Info, MAX_THREADS, SearchResult, Settings};
pub use negamax::SearchSwitches;
pub use score::{MATE, MATE_BOUND, Reported, is_decisive};
pub use time::{Clocks, Limits, TimePlan};
pub use tt::{MAX_HASH_MB, TableSizeError};
