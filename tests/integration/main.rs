//! The tests of Sumito's programs run as a user runs them: match, analyse, play, the GUI,
//! compliance, timing, datagen, tune and the command line. The tests are gathered into two
//! binaries, this one and `tests/engine/` (rules, search and protocol): a release test binary
//! takes long to compile, and two let both cores compile at once once the `sumito` binary they
//! drive is built. The browser test and the GNU parallel / Slurm test are ignored here:
//! `scripts/browser-test` and `.ci/run` run them by module (`browser::`, `match_parallel::`)
//! with `--ignored`.
//!
//! One module: `cargo test --release --test integration gui::`.

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
mod play;
mod timing;
mod tune;
