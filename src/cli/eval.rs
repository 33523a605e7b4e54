//! `sumito eval`: every term of the linear evaluation of a position, its input and its score,
//! and the built-in network's evaluation, which the engine plays with.

use super::flags::StartArgs;
use sumito_engine::eval::Weights;
use sumito_rules::ending::result_text;
use sumito_tools::say;

/// The command line of `sumito eval`.
#[derive(clap::Args, Debug)]
pub struct EvalArgs {
    #[command(flatten)]
    start: StartArgs,
    /// Weigh the terms with the hand-set starting weights instead of those `sumito tune`
    /// fitted (crates/engine/src/eval/tuned.rs), which the engine plays with.
    #[arg(long)]
    hand: bool,
}

/// Runs `sumito eval`: a line saying what the columns are, then the report (as the protocol's
/// `eval` gives it) on stdout. A finished game is refused: it has a result, not an evaluation.
pub fn run(args: &EvalArgs) -> super::Outcome {
    let position = args.start.position()?;
    if let Some(outcome) = position.outcome() {
        return Err(format!(
            "the game is over, {}: it has a result, not an evaluation",
            result_text(&outcome)
        )
        .into());
    }
    let weights = if args.hand {
        Weights::DEFAULT
    } else {
        Weights::tuned()
    };
    say!(
        "# term <name> <input for Black> <input for White> <score>; eval <total>: scores in \
         centi-marbles for the side to move ({})",
        position.side_to_move()
    );
    say!(
        "{}",
        sumito_engine::eval::report(&position, &weights).trim_end()
    );
    // The engine evaluates with the built-in network (docs/network.md) unless told otherwise.
    let network = sumito_engine::eval::nnue::Network::embedded();
    let sums = sumito_engine::eval::nnue::Accumulator::new(&network, &position);
    say!(
        "network {}",
        sums.evaluate(&network, position.side_to_move())
    );
    Ok(())
}
