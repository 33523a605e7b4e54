//! `sumito eval`: the static evaluation of a position, as the protocol's `eval` gives it.

use super::flags::StartArgs;
use sumito_rules::ending::result_text;
use sumito_tools::say;

/// The command line of `sumito eval`.
#[derive(clap::Args, Debug)]
pub struct EvalArgs {
    #[command(flatten)]
    start: StartArgs,
}

/// Runs `sumito eval`: a line saying what the number is, then the report (as the protocol's
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
    say!(
        "# eval <n>: the built-in network's evaluation, in centi-marbles for the side to move \
         ({}), as the engine evaluates (docs/network.md)",
        position.side_to_move()
    );
    let network = sumito_engine::eval::nnue::Network::embedded();
    say!(
        "{}",
        sumito_engine::eval::report(&position, &network).trim_end()
    );
    Ok(())
}
