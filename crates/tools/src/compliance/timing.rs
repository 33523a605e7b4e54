//! Timing: how punctually a UAP engine answers, measured over many searches from the outside,
//! the way a GUI or a match runner sees it: the time from `stop` to `bestmove` during
//! `go infinite`, and how far `bestmove` comes before or after a `go movetime` budget.
//! `sumito timing` drives it (`cli/timing.rs` in the binary).

use crate::uap_client::{EngineError, EngineProcess};
use crate::util::progress::Progress;
use crate::util::samples::Samples;
use std::hint::black_box;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use sumito_games::selfplay::random_opening;
use sumito_rules::board::Layout;
use sumito_rules::random::Random;

/// How long the engine may take for the handshake, `readyok`, and `bestmove` after `stop` or
/// past its move time, unless `--patience` says otherwise: the same as in `compliance`.
pub use super::probe::DEFAULT_PATIENCE;

/// Longest wait before `stop` (the shortest is a tenth of it), in milliseconds.
const MAX_STOP_DELAY_MS: u64 = 200;

/// What to measure.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Searches measured of each kind.
    pub samples: u32,
    /// The budget of the `go movetime` searches, in milliseconds.
    pub movetime_ms: u64,
    /// Seed for the positions and the delays before `stop`.
    pub seed: u64,
    /// How long an answer may take before the engine is given up on.
    pub patience: Duration,
}

/// The two series measured.
#[derive(Clone, Debug, Default)]
pub struct Timing {
    /// From `stop` to `bestmove`.
    pub stop_latency: Samples,
    /// From `go movetime` to `bestmove`, minus the budget.
    pub overrun: Samples,
}

/// Runs `work` with `threads` busy threads beside it, so that what it measures is measured on
/// a machine with no idle core.
pub fn under_load<R>(threads: u16, work: impl FnOnce() -> R) -> R {
    let running = AtomicBool::new(true);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| busy(&running));
        }
        let result = work();
        running.store(false, Ordering::Relaxed);
        result
    })
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

/// Measures `engine` as `plan` says; progress on stderr.
pub fn measure(engine: &mut EngineProcess, plan: &Plan) -> Result<Timing, EngineError> {
    let mut random = Random(plan.seed);
    let (mut stop_latency, mut overrun) = (Samples::default(), Samples::default());
    let mut progress = Progress::new("timing", u64::from(plan.samples));
    for index in 0..plan.samples as usize {
        progress.set(index as u64, "searches of each kind");
        let layout = Layout::ALL[index % Layout::ALL.len()];
        let plies = 4 + random.below(40) as u32;
        let position = random_opening(layout.position(), plies, random.next_u64());
        if position.is_over() {
            continue;
        }
        send(engine, &format!("position fen {position}"))?;
        engine
            .sync(plan.patience)
            .map_err(|f| f.waiting_for("readyok after position"))?;

        send(engine, "go infinite")?;
        let delay = MAX_STOP_DELAY_MS / 10 + random.below(MAX_STOP_DELAY_MS as usize) as u64;
        std::thread::sleep(Duration::from_millis(delay));
        let sent = Instant::now();
        send(engine, "stop")?;
        let answered = bestmove(engine, sent + plan.patience)?;
        stop_latency.push_difference(answered - sent, Duration::ZERO);

        let budget = Duration::from_millis(plan.movetime_ms);
        let sent = Instant::now();
        send(engine, &format!("go movetime {}", plan.movetime_ms))?;
        let answered = bestmove(engine, sent + budget + plan.patience)?;
        overrun.push_difference(answered - sent, budget);
    }
    progress.set(u64::from(plan.samples), "searches of each kind");
    progress.finish();
    Ok(Timing {
        stop_latency,
        overrun,
    })
}

/// Sends `command`, or says what could not be written.
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
