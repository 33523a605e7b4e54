//! The `sumito` binary: with no arguments it speaks the engine protocol on stdin/stdout;
//! subcommands run tools (perft, bench, eval).

use clap::{Args, Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;
use sumito::analysis;
use sumito::board::{Colour, Style};
use sumito::board::{Layout, Position};
use sumito::match_runner::records;
use sumito::movegen::{perft_divide, perft_parallel};
use sumito::play::{self, PlayConfig};
use sumito::protocol::{self, Output, Session};
use sumito::search::{BENCH_DEPTH, Engine, Limits, MAX_THREADS, bench_lines};

#[derive(Parser)]
#[command(name = "sumito", version, about = "Sumito, an Abalone engine")]
struct Cli {
    /// Search threads (and worker threads of perft).
    #[arg(long, global = true)]
    threads: Option<usize>,
    /// Transposition table size in MB.
    #[arg(long, global = true)]
    hash: Option<usize>,
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
    },
    /// Play a match between UAP engines.
    Match(sumito::match_runner::MatchArgs),
    /// Analyse the games of a records file move by move, or one position.
    Analyse(AnalyseArgs),
    /// Play a game against Sumito in the terminal.
    Play(PlayArgs),
    /// Check that a UAP engine follows PROTOCOL.md, one rule at a time.
    Compliance(sumito::compliance::ComplianceArgs),
    /// Measure how punctually a UAP engine answers `stop` and `go movetime`.
    Timing(sumito::timing::TimingArgs),
}

#[derive(Args)]
struct AnalyseArgs {
    /// A records file (as written by `sumito match`), or - for stdin.
    #[arg(conflicts_with = "fen", required_unless_present = "fen")]
    records: Option<String>,
    /// Analyse this position string instead of a game.
    #[arg(long)]
    fen: Option<String>,
    /// Only the K-th game of the file (from 1).
    #[arg(long)]
    game: Option<usize>,
    /// Time per position in milliseconds (default: 1000 for --fen, 200 per move of a game).
    #[arg(long, conflicts_with = "depth")]
    movetime: Option<u64>,
    /// Depth per position instead of a time.
    #[arg(long)]
    depth: Option<u32>,
    /// Lines to show for --fen.
    #[arg(long, default_value_t = 1)]
    multipv: usize,
    /// One JSON object per move instead of the listing.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct PlayArgs {
    /// Starting layout.
    #[arg(long, default_value = "standard")]
    layout: Layout,
    /// Your colour: black (moves first) or white.
    #[arg(long, default_value = "black")]
    colour: String,
    /// Clock for both sides: minutes+increment in seconds, e.g. 10+0.1.
    #[arg(long, conflicts_with = "movetime")]
    tc: Option<String>,
    /// Sumito's time per move in milliseconds.
    #[arg(long)]
    movetime: Option<u64>,
    /// Sumito's level: its search depth (1 to 30).
    #[arg(long)]
    level: Option<u32>,
    /// Where to save the game record (default: sumito-game-<time>.txt).
    #[arg(long)]
    record: Option<std::path::PathBuf>,
    /// Plain ASCII board even on a colour terminal.
    #[arg(long)]
    ascii: bool,
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

use sumito::say;

fn main() -> ExitCode {
    let cli = Cli::parse();
    env_logger::Builder::new()
        .parse_filters(&cli.log_level)
        .parse_env("RUST_LOG")
        .target(env_logger::Target::Stderr)
        .init();
    let result = match &cli.command {
        None => run_protocol(&cli),
        // The engines of a match are separate processes with their own settings.
        Some(Command::Match(_)) if cli.threads.is_some() || cli.hash.is_some() => {
            Err("--threads and --hash do not apply to match: use --option Threads=N and --option Hash=MB".into())
        }
        Some(Command::Match(args)) => sumito::match_runner::run(args),
        Some(Command::Analyse(args)) => run_analyse(&cli, args),
        Some(Command::Play(args)) => run_play(&cli, args),
        Some(Command::Compliance(args)) => sumito::compliance::run(args),
        Some(Command::Timing(args)) => sumito::timing::run(args),
        Some(Command::Perft {
            depth,
            start,
            divide,
        }) => run_perft(&cli, *depth, start, *divide),
        Some(Command::Bench { depth }) => run_bench(*depth),
        Some(Command::Eval { start }) => start
            .position()
            .map(|p| say!("{}", sumito::eval::report(&p).trim_end())),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run_perft(cli: &Cli, depth: u32, start: &StartArgs, divide: bool) -> Result<(), String> {
    let position = start.position()?;
    if depth > 12 {
        return Err(format!("depth {depth} is too deep for perft (at most 12)"));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cli.threads.unwrap_or(0))
        .build()
        .map_err(|e| e.to_string())?;
    let started = Instant::now();
    let (nodes, counts) = pool.install(|| {
        if divide {
            let counts = perft_divide(&position, depth);
            (counts.iter().map(|(_, n)| n).sum(), counts)
        } else {
            (perft_parallel(&position, depth), Vec::new())
        }
    });
    let mut out = std::io::stdout().lock();
    for (mv, count) in &counts {
        let _ = writeln!(out, "{mv}: {count}");
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
    bench_lines(Some(depth), |line| say!("{line}"));
    Ok(())
}

/// The engine loop on stdin and stdout.
fn run_protocol(cli: &Cli) -> Result<(), String> {
    let out = Output::new(Box::new(std::io::stdout()));
    let hash = cli.hash.unwrap_or(64);
    let threads = cli.threads.unwrap_or(1);
    if !(1..=MAX_THREADS).contains(&threads) {
        return Err(format!("--threads {threads} is not in 1..={MAX_THREADS}"));
    }
    let mut session = Session::new(out.clone(), hash, threads)?;
    log::info!("Sumito {} ready", env!("CARGO_PKG_VERSION"));
    protocol::run(std::io::stdin().lock(), &mut session, &out);
    Ok(())
}

fn threads_and_hash(cli: &Cli, default_threads: usize) -> Result<(usize, usize), String> {
    let threads = cli.threads.unwrap_or(default_threads);
    if !(1..=MAX_THREADS).contains(&threads) {
        return Err(format!("--threads {threads} is not in 1..={MAX_THREADS}"));
    }
    Ok((threads, cli.hash.unwrap_or(64)))
}

/// A depth if one was given, else the move time (or `default_ms`).
fn analyse_limits(args: &AnalyseArgs, default_ms: u64) -> Limits {
    match args.depth {
        Some(depth) => Limits::depth(depth),
        None => Limits::movetime(args.movetime.unwrap_or(default_ms)),
    }
}

fn run_analyse(cli: &Cli, args: &AnalyseArgs) -> Result<(), String> {
    let all_cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let (threads, hash) = threads_and_hash(cli, all_cores)?;
    let mut engine = Engine::new(hash).map_err(|e| e.to_string())?;
    engine.set_threads(threads);
    if let Some(fen) = &args.fen {
        let position: Position = fen
            .parse()
            .map_err(|e| format!("bad position string: {e}"))?;
        if position.outcome().is_some() {
            return Err("the game is over in that position".into());
        }
        engine.settings.multipv = args.multipv.clamp(1, 64);
        let limits = analyse_limits(args, 1000);
        analysis::analyse_position(&mut engine, &[position], &limits, &mut |info| {
            let line: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
            let score = analysis::reported_text(info.score);
            say!(
                "depth {:>2}  line {}  {:>7}  {:>6} ms  {}",
                info.depth,
                info.multipv,
                score,
                info.time.as_millis(),
                line.join(" ")
            );
        });
        return Ok(());
    }
    let path = args.records.as_deref().unwrap_or("-");
    let text = if path == "-" {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)
            .map_err(|e| e.to_string())?;
        text
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?
    };
    let games = read_games(&text)?;
    let limits = analyse_limits(args, 200);
    for (index, (start, moves, title)) in games.iter().enumerate() {
        let number = index + 1;
        if args.game.is_some_and(|k| k != number) {
            continue;
        }
        if !args.json {
            say!("Game {number}: {title}");
        }
        engine.new_game();
        let annotations =
            analysis::analyse_game(&mut engine, *start, moves, &limits, |done, total| {
                eprint!("\ranalysing game {number}: position {done}/{total}  ");
            });
        eprintln!();
        for annotation in &annotations {
            if args.json {
                say!("{}", analysis::json_line(number, annotation));
            } else {
                say!("{}", analysis::listing_line(annotation));
            }
        }
    }
    Ok(())
}

fn run_play(cli: &Cli, args: &PlayArgs) -> Result<(), String> {
    let (threads, hash) = threads_and_hash(cli, 1)?;
    let human = match args.colour.to_ascii_lowercase().as_str() {
        "black" | "b" => Colour::Black,
        "white" | "w" => Colour::White,
        other => return Err(format!("--colour must be black or white, not '{other}'")),
    };
    let clock = args.tc.as_deref().map(parse_clock).transpose()?;
    if args.level.is_some_and(|level| !(1..=30).contains(&level)) {
        return Err("--level must be 1 to 30".into());
    }
    let style = if !args.ascii
        && std::io::IsTerminal::is_terminal(&std::io::stdout())
        && std::env::var_os("NO_COLOR").is_none()
        && std::env::var("TERM").map_or(true, |term| term != "dumb")
    {
        Style::Ansi
    } else {
        Style::Ascii
    };
    let config = PlayConfig {
        layout: args.layout,
        human,
        clock,
        movetime: args.movetime,
        level: args.level,
        style,
        threads,
        hash_mb: hash,
    };
    let stdin = std::io::stdin();
    let finished = play::play(&config, &mut stdin.lock(), &mut std::io::stdout())?;
    let path = args.record.clone().unwrap_or_else(|| {
        let seconds = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        std::path::PathBuf::from(format!("sumito-game-{seconds}.txt"))
    });
    let record = play::record(&config, &finished);
    std::fs::write(&path, record)
        .map_err(|e| format!("cannot save the game to {}: {e}", path.display()))?;
    say!("The game is saved in {}", path.display());
    Ok(())
}

/// `minutes+seconds`, e.g. `10+0.1`, as (base, increment) in milliseconds.
fn parse_clock(text: &str) -> Result<(i64, i64), String> {
    let bad = || format!("--tc must look like 10+0.1 (minutes+increment seconds), not '{text}'");
    let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
    let minutes: f64 = base.parse().map_err(|_| bad())?;
    let seconds: f64 = increment.parse().map_err(|_| bad())?;
    if !(0.0..=600.0).contains(&minutes)
        || !(0.0..=600.0).contains(&seconds)
        || minutes + seconds <= 0.0
    {
        return Err(bad());
    }
    Ok(((minutes * 60_000.0) as i64, (seconds * 1000.0) as i64))
}

/// The games of a records file: start position, moves and a title.
fn read_games(text: &str) -> Result<Vec<(Position, Vec<sumito::movegen::Move>, String)>, String> {
    let records = records::parse_records(text)?;
    let mut games = Vec::with_capacity(records.len());
    for (index, record) in records.iter().enumerate() {
        let problem = |e: String| format!("game {} (line {}): {e}", index + 1, record.line);
        let start = records::start_position(record).map_err(problem)?;
        let mut position = start;
        let mut moves = Vec::with_capacity(record.moves.len());
        for (ply, text) in record.moves.iter().enumerate() {
            let mv = position
                .parse_move(text)
                .map_err(|e| problem(format!("move {} '{text}': {e}", ply + 1)))?;
            position = position.play(mv);
            moves.push(mv);
        }
        let tag = |key: &str| record.tag(key).unwrap_or("?").to_string();
        let title = format!(
            "{} (black) - {} (white), {}",
            tag("Black"),
            tag("White"),
            tag("Result")
        );
        games.push((start, moves, title));
    }
    Ok(games)
}
