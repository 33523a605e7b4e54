//! The integration tests, gathered into one test binary: each test binary links the whole crate
//! with full LTO in the release profile, so one binary instead of nineteen saves most of a clean
//! `cargo test --release`. Each module is what used to be its own file under `tests/`. The
//! browser test and the GNU parallel / Slurm test are ignored here: `scripts/browser-test` and
//! `.ci/run` run them by module (`browser::`, `match_parallel::`) with `--ignored`.
//!
//! One module: `cargo test --release --test integration perft::` (add `-- --ignored` for the
//! deep runs).

#[path = "../common/mod.rs"]
mod common;

mod analyse;
mod browser;
mod command_line;
mod compliance;
mod datagen;
mod gui;
mod match_merge;
mod match_parallel;
mod match_runner;
mod movegen_reference;
mod perft;
mod play;
mod protocol;
mod protocol_fuzz;
mod reference_self_check;
mod rules;
mod search;
mod selfplay;
mod skill_anchor;
mod storm;
mod timing;
mod tune;
