//! `sumito perft`: counts the leaves of the move tree to a depth, on every core, with the count
//! below each root move on request.

use super::flags::StartArgs;
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use sumito_rules::game::AnyPosition;
use sumito_rules::movegen::perft_divide_until;
use sumito_rules::multiplayer::{MultiPosition, multi_perft_divide_until, multi_root_moves};
use sumito_tools::say;
use sumito_tools::util::progress::Progress;

/// The deepest perft accepted: deeper counts take days.
const MAX_DEPTH: u32 = 12;

/// The command line of `sumito perft`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
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
}

/// Runs `sumito perft`: `nodes <count>` on stdout (after each root move's count with
/// `--divide`), the time and speed on stderr.
pub fn run(args: &PerftArgs) -> super::Outcome {
    let (depth, divide) = (args.depth, args.divide);
    let start = args.start.any_position()?;
    // Depth 0 is refused, as `go perft 0` is: one leaf, the position itself, says nothing.
    if !(1..=MAX_DEPTH).contains(&depth) {
        return Err(format!("perft depth must be 1 to {MAX_DEPTH}").into());
    }
    let pool = super::flags::thread_pool(args.threads)?;
    let position = match start {
        AnyPosition::Two(position) => position,
        AnyPosition::Multi(position) => return run_multi(&position, args, &pool),
    };
    let started = Instant::now();
    let roots = position.count_moves() as u64;
    // The root moves finished so far, counted under the same lock as the bar they move.
    let progress = Mutex::new((0, Progress::new(&format!("perft {depth}"), roots)));
    let never = AtomicBool::new(false);
    let counts =
        pool.install(|| perft_divide_until(&position, depth, &never, &|_, _| root_done(&progress)));
    if let Ok((_, bar)) = progress.into_inner() {
        bar.finish();
    }
    let counts = counts.unwrap_or_default();
    let nodes: u64 = counts.iter().map(|(_, n)| n).sum();
    if divide {
        for (mv, count) in &counts {
            say!("{mv}: {count}");
        }
    }
    report(started, nodes)
}

/// The progress bar's step when a root move is counted: the root moves finished so far are
/// counted under the same lock as the bar they move.
fn root_done(progress: &Mutex<(u64, Progress)>) {
    if let Ok(mut guard) = progress.lock() {
        let (done, bar) = &mut *guard;
        *done += 1;
        bar.set(*done, "root moves");
    }
}

/// `nodes <count>` on stdout, the time and speed on stderr.
fn report(started: Instant, nodes: u64) -> super::Outcome {
    let seconds = started.elapsed().as_secs_f64();
    say!("nodes {nodes}");
    eprintln!(
        "time {:.3} s, {:.0} leaves/s",
        seconds,
        nodes as f64 / seconds.max(1e-9)
    );
    Ok(())
}

/// Perft of three to six players, as [`run`] counts two: the root moves spread over `pool`.
fn run_multi(
    position: &MultiPosition,
    args: &PerftArgs,
    pool: &rayon::ThreadPool,
) -> super::Outcome {
    let depth = args.depth;
    let started = Instant::now();
    let roots = multi_root_moves(position).len() as u64;
    let progress = Mutex::new((0, Progress::new(&format!("perft {depth}"), roots)));
    let never = AtomicBool::new(false);
    let counts = pool
        .install(|| multi_perft_divide_until(position, depth, &never, &|_| root_done(&progress)));
    if let Ok((_, bar)) = progress.into_inner() {
        bar.finish();
    }
    let counts = counts.unwrap_or_default();
    if args.divide {
        for (mv, count) in &counts {
            say!("{mv}: {count}");
        }
    }
    report(started, counts.iter().map(|(_, n)| n).sum())
}
