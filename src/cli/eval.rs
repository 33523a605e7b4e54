//! `sumito eval`: every term of the evaluation of a position, its input and its score.

use super::flags::StartArgs;
use sumito::eval::Weights;
use sumito::say;

/// The command line of `sumito eval`.
#[derive(clap::Args, Debug)]
pub struct EvalArgs {
    #[command(flatten)]
    start: StartArgs,
    /// Weigh the terms with the hand-set starting weights instead of those `sumito tune`
    /// fitted (src/eval/tuned.rs), which the engine plays with.
    #[arg(long)]
    hand: bool,
}

/// Runs `sumito eval`: the report on stdout.
pub fn run(args: &EvalArgs) -> super::Outcome {
    let position = args.start.position()?;
    let weights = if args.hand {
        Weights::DEFAULT
    } else {
        Weights::tuned()
    };
    say!("{}", sumito::eval::report(&position, &weights).trim_end());
    Ok(())
}
