//! `sumito bench`: the fixed bench positions searched to a fixed depth on one thread. Its last
//! line, `<nodes> nodes <nps> nps`, identifies the search: commits that touch it quote the
//! node count as `Bench: N`.

use sumito_engine::search::{BENCH_DEPTH, Control, bench_lines};
use sumito_tools::say;

/// The command line of `sumito bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Depth of every search.
    #[arg(long, default_value_t = BENCH_DEPTH)]
    depth: u32,
}

/// Runs `sumito bench`: a line per position, then the total.
pub fn run(args: &BenchArgs) -> super::Outcome {
    let depth = args.depth;
    if !(1..=64).contains(&depth) {
        return Err(format!("the bench depth must be from 1 to 64, not {depth}").into());
    }
    bench_lines(Some(depth), &Control::new(), |line| say!("{line}"));
    Ok(())
}
