//! The `sumito` binary: with no arguments it speaks the engine protocol on stdin/stdout;
//! subcommands run the tools, each in its own module. This file only dispatches.

use clap::{Args, Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;
use sumito::board::{Layout, Position};
use sumito::engine_flags::EngineFlags;
use sumito::eval::Weights;
use sumito::movegen::perft_divide_until;
use sumito::protocol::{self, Output, Session};
use sumito::say;
use sumito::search::{BENCH_DEPTH, Control, bench_lines};
use sumito::util::progress::Progress;

#[derive(Parser)]
#[command(name = "sumito", version, about = "Sumito, an Abalone engine")]
struct Cli {
    /// Threads and table size of the engine loop (run without a subcommand).
    #[command(flatten)]
    engine: EngineFlags,
    /// Log level for stderr: error, warn, info, debug or trace (RUST_LOG overrides it).
    #[arg(long, global = true, default_value = "warn")]
    log_level: String,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the move tree to a depth.
    Perft {
        /// Depth in plies.
        depth: u32,
        #[command(flatten)]
        start: StartArgs,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Worker threads [default: every core].
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Search the fixed bench positions on one thread; the last line is `<nodes> nodes <nps> nps`.
    Bench {
        /// Depth of every search.
        #[arg(long, default_value_t = BENCH_DEPTH)]
        depth: u32,
    },
    /// Print every term of the evaluation of a position.
    Eval {
        #[command(flatten)]
        start: StartArgs,
        /// Weigh the terms with the hand-set starting weights instead of those `sumito tune`
        /// fitted (src/eval/tuned.rs), which the engine plays with.
        #[arg(long)]
        hand: bool,
    },
    /// Play a match between UAP engines.
    Match(Box<sumito::match_runner::MatchArgs>),
    /// Analyse the games of a records file move by move, or one position.
    Analyse(sumito::analysis::command::AnalyseArgs),
    /// Play a game against Sumito in the terminal.
    Play(sumito::play::command::PlayArgs),
    /// Play, watch and analyse in the browser: a web GUI driving UAP engines.
    Gui(sumito::gui::GuiArgs),
    /// Check that a UAP engine follows PROTOCOL.md, one rule at a time.
    Compliance(sumito::compliance::ComplianceArgs),
    /// Measure how punctually a UAP engine answers `stop` and `go movetime`.
    Timing(sumito::timing::TimingArgs),
    /// Make a balanced opening suite (as shipped in openings/suite.txt) on stdout.
    Openings(sumito::openings_gen::OpeningsArgs),
    /// Make training positions for `sumito tune` from fast self-play (see docs/datagen.md).
    Datagen(sumito::datagen::DatagenArgs),
    /// Fit the evaluation's weights to datagen data and write them as Rust source.
    Tune(sumito::tune::TuneArgs),
}

/// Where a tool starts: a layout or a position string.
#[derive(Args)]
struct StartArgs {
    /// Starting layout: standard, belgian-daisy or german-daisy.
    #[arg(long, conflicts_with = "fen")]
    layout: Option<Layout>,
    /// A position string.
    #[arg(long)]
    fen: Option<String>,
}

impl StartArgs {
    fn position(&self) -> Result<Position, String> {
        match (&self.fen, self.layout) {
            (Some(fen), _) => fen.parse().map_err(|e| format!("bad position string: {e}")),
            (None, layout) => Ok(layout.unwrap_or(Layout::Standard).position()),
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    env_logger::Builder::new()
        .parse_filters(&cli.log_level)
        .parse_env("RUST_LOG")
        .target(env_logger::Target::Stderr)
        .init();
    let result = match &cli.command {
        None => run_protocol(&cli.engine),
        Some(Command::Match(args)) => sumito::match_runner::run(args),
        Some(Command::Analyse(args)) => sumito::analysis::command::run(args),
        Some(Command::Play(args)) => sumito::play::command::run(args),
        Some(Command::Gui(args)) => sumito::gui::run(args),
        Some(Command::Compliance(args)) => sumito::compliance::run(args),
        Some(Command::Timing(args)) => sumito::timing::run(args),
        Some(Command::Openings(args)) => sumito::openings_gen::run(args),
        Some(Command::Datagen(args)) => sumito::datagen::run(args),
        Some(Command::Tune(args)) => sumito::tune::run(args),
        Some(Command::Perft {
            depth,
            start,
            divide,
            threads,
        }) => run_perft(*depth, start, *divide, *threads),
        Some(Command::Bench { depth }) => run_bench(*depth),
        Some(Command::Eval { start, hand }) => start.position().map(|p| {
            let weights = if *hand {
                Weights::DEFAULT
            } else {
                Weights::tuned()
            };
            say!("{}", sumito::eval::report(&p, &weights).trim_end())
        }),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run_perft(
    depth: u32,
    start: &StartArgs,
    divide: bool,
    threads: Option<usize>,
) -> Result<(), String> {
    let position = start.position()?;
    if depth > 12 {
        return Err(format!("depth {depth} is too deep for perft (at most 12)"));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| e.to_string())?;
    let started = Instant::now();
    let roots = position.count_moves() as u64;
    // The root moves finished so far, counted under the same lock as the bar they move.
    let progress = std::sync::Mutex::new((0, Progress::new(&format!("perft {depth}"), roots)));
    let never = std::sync::atomic::AtomicBool::new(false);
    let counts = pool.install(|| {
        perft_divide_until(&position, depth, &never, &|_, _| {
            if let Ok(mut guard) = progress.lock() {
                let (done, bar) = &mut *guard;
                *done += 1;
                bar.set(*done, "root moves");
            }
        })
    });
    if let Ok((_, bar)) = progress.into_inner() {
        bar.finish();
    }
    let counts = counts.unwrap_or_default();
    let nodes: u64 = match depth {
        0 => 1,
        _ => counts.iter().map(|(_, n)| n).sum(),
    };
    let mut out = std::io::stdout().lock();
    if divide {
        for (mv, count) in &counts {
            let _ = writeln!(out, "{mv}: {count}");
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let _ = writeln!(out, "nodes {nodes}");
    eprintln!(
        "time {:.3} s, {:.0} leaves/s",
        seconds,
        nodes as f64 / seconds.max(1e-9)
    );
    Ok(())
}

fn run_bench(depth: u32) -> Result<(), String> {
    if !(1..=64).contains(&depth) {
        return Err(format!("bench depth {depth} is not in 1..=64"));
    }
    bench_lines(Some(depth), &Control::new(), |line| say!("{line}"));
    Ok(())
}

/// The engine loop on stdin and stdout.
fn run_protocol(flags: &EngineFlags) -> Result<(), String> {
    let out = Output::new(Box::new(std::io::stdout()));
    let mut session = Session::new(out.clone(), flags.hash_mb(), flags.threads(1)?)?;
    log::info!("Sumito {} ready", env!("CARGO_PKG_VERSION"));
    protocol::run(std::io::stdin().lock(), &mut session, &out);
    Ok(())
}
