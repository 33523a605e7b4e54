//! `sumito timing`: how punctually a UAP engine answers, measured over many searches from the
//! outside, the way a GUI or a match runner sees it: the time from `stop` to `bestmove` during
//! `go infinite`, and how far `bestmove` comes before or after a `go movetime` budget.
//!
//! `--load N` runs N busy threads beside the engine for the whole measurement, so that the
//! figures can be taken on a machine with no idle core, where scheduling delays show up.

use std::hint::black_box;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use sumito::board::Layout;
use sumito::say;
use sumito::selfplay::random_opening;
use sumito::uap_client::{EngineError, EngineProcess, EngineSpec, parse_option};
use sumito::util::progress::Progress;
use sumito::util::random::Random;
use sumito::util::samples::Samples;

/// How long the engine may take for the handshake and for `readyok`.
const PATIENCE: Duration = Duration::from_secs(5);

/// The command line of `sumito timing`.
#[derive(clap::Args, Debug)]
pub struct TimingArgs {
    /// The engine's command line, quoted as one word ("path/engine --flag").
    #[arg(long)]
    pub engine: String,
    /// Searches measured of each kind.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub samples: u32,
    /// The budget of the `go movetime` searches, in milliseconds.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub movetime: u64,
    /// Busy threads run beside the engine as load.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u16).range(0..=1024))]
    pub load: u16,
    /// A UAP option set before measuring (Threads=2; a button without `=`); may be repeated.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Seed for the positions and the delays before `stop`.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Longest wait before `stop` (the shortest is a tenth of it), in milliseconds.
const MAX_STOP_DELAY_MS: u64 = 200;

/// Runs the measurement and prints one line per kind.
pub fn run(args: &TimingArgs) -> super::Outcome {
    let options = args
        .options
        .iter()
        .map(|text| parse_option(text))
        .collect::<Result<_, _>>()?;
    let spec = EngineSpec {
        options,
        ..EngineSpec::from_command_line(&args.engine)?
    };
    let mut engine = EngineProcess::start(&spec, PATIENCE)?;
    let name = engine
        .id_name
        .clone()
        .unwrap_or_else(|| spec.command_line());
    say!(
        "timing {name}: {} searches of each kind, {} busy threads beside it{}",
        args.samples,
        args.load,
        if args.options.is_empty() {
            String::new()
        } else {
            format!(", options {}", args.options.join(" "))
        }
    );
    let running = AtomicBool::new(true);
    let (stop_latency, overrun) = std::thread::scope(|scope| {
        for _ in 0..args.load {
            scope.spawn(|| busy(&running));
        }
        let measured = measure(&mut engine, args);
        running.store(false, Ordering::Relaxed);
        measured
    })?;
    let spread = |samples: &Samples| {
        samples
            .spread()
            .map_or("no samples".into(), |s| s.to_string())
    };
    say!("stop -> bestmove: {}", spread(&stop_latency));
    say!(
        "go movetime {} -> bestmove, minus {} ms: {}",
        args.movetime,
        args.movetime,
        spread(&overrun)
    );
    Ok(())
}

/// Keeps a core busy until `running` turns false.
fn busy(running: &AtomicBool) {
    let mut x = 1u64;
    while running.load(Ordering::Relaxed) {
        for _ in 0..10_000 {
            x = black_box(x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1));
        }
    }
}

/// The two series: `stop` latency, and `go movetime` answer time minus the budget.
fn measure(
    engine: &mut EngineProcess,
    args: &TimingArgs,
) -> Result<(Samples, Samples), EngineError> {
    let mut random = Random(args.seed);
    let (mut stop_latency, mut overrun) = (Samples::default(), Samples::default());
    let mut progress = Progress::new("timing", u64::from(args.samples));
    for index in 0..args.samples as usize {
        progress.set(index as u64, "searches of each kind");
        let layout = Layout::ALL[index % Layout::ALL.len()];
        let plies = 4 + random.below(40) as u32;
        let position = random_opening(layout.position(), plies, random.next_u64());
        if position.is_over() {
            continue;
        }
        send(engine, &format!("position fen {position}"))?;
        engine
            .sync(PATIENCE)
            .map_err(|f| f.waiting_for("readyok after position"))?;

        send(engine, "go infinite")?;
        let delay = MAX_STOP_DELAY_MS / 10 + random.below(MAX_STOP_DELAY_MS as usize) as u64;
        std::thread::sleep(Duration::from_millis(delay));
        let sent = Instant::now();
        send(engine, "stop")?;
        let answered = bestmove(engine, sent + PATIENCE)?;
        stop_latency.push_difference(answered - sent, Duration::ZERO);

        let budget = Duration::from_millis(args.movetime);
        let sent = Instant::now();
        send(engine, &format!("go movetime {}", args.movetime))?;
        let answered = bestmove(engine, sent + budget + PATIENCE)?;
        overrun.push_difference(answered - sent, budget);
    }
    progress.set(u64::from(args.samples), "searches of each kind");
    progress.finish();
    Ok((stop_latency, overrun))
}

fn send(engine: &mut EngineProcess, command: &str) -> Result<(), EngineError> {
    engine
        .send(command)
        .map_err(|f| f.waiting_for(format!("'{command}' to be written")))
}

/// When `bestmove` arrived (as the reader thread saw it), waiting until `deadline` at most.
fn bestmove(engine: &mut EngineProcess, deadline: Instant) -> Result<Instant, EngineError> {
    loop {
        let (line, at) = engine
            .next_line(deadline)
            .map_err(|f| f.waiting_for("bestmove"))?;
        if line.starts_with("bestmove") {
            return Ok(at);
        }
    }
}
