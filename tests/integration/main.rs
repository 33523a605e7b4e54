//! The integration tests, gathered into one test binary: a release test binary takes long to
//! compile (the crate's code is optimised into each), so one instead of nineteen saves most
//! of a clean `cargo test --release`. Each module is what used to be its own file under
//! `tests/`. The browser test and the GNU parallel / Slurm test are ignored here:
//! `scripts/browser-test` and `.ci/run` run them by module (`browser::`, `match_parallel::`)
//! with `--ignored`.
//!
//! The binary's command-line modules (`src/cli/`) are compiled in here too, so that their unit
//! tests run in this binary rather than in a test build of the whole program of its own
//! (`[[bin]] test = false` in Cargo.toml).
//!
//! One module: `cargo test --release --test integration perft::` (add `-- --ignored` for the
//! deep runs).

#[path = "../common/mod.rs"]
mod common;

#[path = "../../src/cli/mod.rs"]
#[allow(dead_code)]
mod cli;

mod analyse;
mod browser;
mod command_line;
mod compliance;
mod datagen;
mod documents;
mod gui;
mod match_merge;
mod match_parallel;
mod match_runner;
mod movegen_reference;
mod multiplayer;
mod multiplayer_evidence;
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
