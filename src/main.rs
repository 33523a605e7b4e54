//! The `sumito` binary: with no arguments it speaks the engine protocol on stdin/stdout;
//! subcommands run the tools, each in its own file under `cli/`. This file only parses and
//! dispatches.
//!
//! # The map
//! The workspace is one crate per layer (`crates/`), each using only the crates below it, so
//! that the compiler holds the layers; each crate's root lists its modules and which of them
//! may use which.
//!
//! | crate | layer | what it is |
//! |---|---|---|
//! | `sumito` (this binary) | command line | one file per subcommand under `cli/`, holding its clap arguments and its `run` |
//! | `sumito-tools` | tools | matches, the GUI (its page in `src/gui/assets/`), `play`, compliance, datagen, training |
//! | `sumito-games` | games | records, analysis, adjudication and agreement, clocks, self-play |
//! | `sumito-engine` | engine | evaluation (the network `src/eval/nnue/default.nnue`), the searches for two to six players, the UAP protocol |
//! | `sumito-rules` | rules | board, moves, notation, position strings, layouts, perft, how a game ends |
//!
//! Only the tools depend on tokio and axum (the GUI), and only the binary on env_logger; the
//! rules need nothing but rayon (parallel perft) and thiserror.
//!
//! Beside the crates:
//! - `tests/`: one test binary, since each takes long to link in release: `integration/` has
//!   one module per subject, and the unit tests of `src/cli/`, compiled in here; the deep runs
//!   are ignored unless asked for by name (`browser.rs` and `match_parallel.rs` are run by
//!   `scripts/browser-test` and CI). `common/` holds the coordinate-based reference generators
//!   that judge the bitboard ones, `engines/` test engines that misbehave on purpose, `tools/`
//!   a stand-in `sbatch`. The library crates' unit tests run in one more test binary,
//!   `tests/units.rs`, which compiles their modules for their `#[cfg(test)]` parts (a test
//!   binary per crate would be a full-LTO link each).
//! - `benches/`: criterion benches, a package of their own (`cargo bench -p sumito-benches`),
//!   so that `cargo test --release` does not build criterion.
//! - `fuzz/`: the fuzz targets, a workspace of their own; `openings/`: the shipped opening
//!   suites; `scripts/`: match, SPRT, stress, fuzzing and benchmark helpers; `docs/`: a page
//!   per tool, linked from the README.

mod cli;

use clap::Parser;
use cli::{Cli, Command};
use std::process::ExitCode;

fn main() -> ExitCode {
    // The build's name (the build script's), for `id name` and the tools.
    sumito_engine::identity::set_build(env!("SUMITO_BUILD"));
    let cli = Cli::parse();
    let started = std::time::Instant::now();
    env_logger::Builder::new()
        .parse_filters(&cli.log_level)
        .parse_env("RUST_LOG")
        .target(env_logger::Target::Stderr)
        // Seconds since start: what an engine's log is read for (when did the search stop?).
        .format(move |out, record| {
            use std::io::Write;
            let seconds = started.elapsed().as_secs_f64();
            let (level, target) = (record.level(), record.target());
            writeln!(out, "[{seconds:9.3} {level:<5} {target}] {}", record.args())
        })
        .init();
    let result =
        cli.check().and_then(|()| dispatch(&cli)).and_then(
            |()| match sumito_tools::output_failed() {
                true => Err("the output could not be written".into()),
                false => Ok(()),
            },
        );
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Runs the engine loop or the subcommand.
fn dispatch(cli: &Cli) -> cli::Outcome {
    match &cli.command {
        None => cli::protocol::run(&cli.engine),
        Some(Command::Perft(args)) => cli::perft::run(args),
        Some(Command::Bench(args)) => cli::bench::run(args),
        Some(Command::Eval(args)) => cli::eval::run(args),
        Some(Command::Match(args)) => cli::r#match::run(args),
        Some(Command::Analyse(args)) => cli::analyse::run(args),
        Some(Command::Play(args)) => cli::play::run(args),
        Some(Command::Gui(args)) => cli::gui::run(args),
        Some(Command::Compliance(args)) => cli::compliance::run(args),
        Some(Command::Timing(args)) => cli::timing::run(args),
        Some(Command::Openings(args)) => cli::openings::run(args),
        Some(Command::Datagen(args)) => cli::datagen::run(args),
        Some(Command::Tune(args)) => cli::tune::run(args),
        Some(Command::Train(args)) => cli::train::run(args),
    }
}
