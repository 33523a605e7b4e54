//! The command line: one file per subcommand, each holding its clap arguments and its `run`,
//! which checks the arguments, drives the library and prints. With no subcommand the binary is
//! the engine (`protocol.rs`). Flags that several subcommands share are in `flags.rs`.

pub mod analyse;
pub mod bench;
pub mod compliance;
pub mod cpu;
pub mod datagen;
pub mod eval;
pub mod flags;
pub mod gui;
pub mod r#match;
pub mod match_multi;
pub mod openings;
pub mod perft;
pub mod play;
pub mod protocol;
pub mod timing;
pub mod train;
pub mod tune;

use clap::{Parser, Subcommand};

/// Any error a subcommand meets: the library's typed errors and the command line's own
/// messages alike (a `String` converts with `?` or `.into()`).
pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// What a subcommand's `run` returns; `main` prints an error as `error: <message>` before a
/// failing exit.
pub type Outcome = Result<(), Error>;

/// The version `--version` prints: with the commit built and whether the tree had changes
/// (build.rs), as the engine's `id name` says it.
const VERSION: &str = if env!("SUMITO_BUILD").is_empty() {
    env!("CARGO_PKG_VERSION")
} else {
    concat!(env!("CARGO_PKG_VERSION"), " (", env!("SUMITO_BUILD"), ")")
};

/// `sumito [--threads N] [--hash MB]` speaks UAP; `sumito <subcommand>` runs a tool.
#[derive(Parser)]
#[command(
    name = "sumito",
    version = VERSION,
    propagate_version = true,
    about = "Sumito, an Abalone engine"
)]
pub struct Cli {
    /// Threads and table size of the engine loop (run without a subcommand).
    #[command(flatten)]
    pub engine: flags::EngineFlags,
    /// Log level for stderr: off, error, warn, info, debug or trace (RUST_LOG overrides it).
    #[arg(long, global = true, default_value = "warn", value_parser = ["off", "error", "warn", "info", "debug", "trace"])]
    pub log_level: String,
    #[command(subcommand)]
    pub command: Option<Command>,
}

impl Cli {
    /// Refuses the engine loop's flags given before a subcommand (`sumito --threads 2 bench`):
    /// the subcommand would not use them, and a flag is used or refused, never ignored.
    pub fn check(&self) -> Result<(), Error> {
        let given = [
            ("--threads", self.engine.threads.is_some()),
            ("--hash", self.engine.hash.is_some()),
        ];
        match (&self.command, given.iter().find(|(_, given)| *given)) {
            (Some(_), Some((flag, _))) => Err(format!(
                "{flag} before a subcommand is the engine loop's; give it after the \
                 subcommand's name if the subcommand takes it (sumito analyse {flag} …)"
            )
            .into()),
            _ => Ok(()),
        }
    }
}

/// The subcommands, each with its arguments.
#[derive(Subcommand)]
pub enum Command {
    /// Count the leaves of the move tree to a depth.
    Perft(perft::PerftArgs),
    /// Search the fixed bench positions on one thread; the last line is `<nodes> nodes <nps> nps`.
    Bench(bench::BenchArgs),
    /// Print the network's evaluation of a position.
    Eval(eval::EvalArgs),
    /// Play a match between UAP engines.
    Match(Box<r#match::MatchArgs>),
    /// Analyse the games of a records file move by move, or one position.
    Analyse(analyse::AnalyseArgs),
    /// Play a game against Sumito in the terminal.
    Play(play::PlayArgs),
    /// Play, watch and analyse in the browser: a web GUI driving UAP engines.
    Gui(gui::GuiArgs),
    /// Check that a UAP engine follows PROTOCOL.md, one rule at a time.
    Compliance(compliance::ComplianceArgs),
    /// Measure how punctually a UAP engine answers `stop` and `go movetime`.
    Timing(timing::TimingArgs),
    /// Make a balanced opening suite (as shipped in openings/suite.txt) on stdout.
    Openings(openings::OpeningsArgs),
    /// Make training positions for `sumito train` from fast self-play (see docs/datagen.md).
    Datagen(datagen::DatagenArgs),
    /// Fit the win/draw/loss model of ShowWDL to datagen data (--wdl).
    Tune(tune::TuneArgs),
    /// Train the learned evaluation's network on datagen data and write the network file.
    Train(train::TrainArgs),
}
