//! `sumito match`: engine-vs-engine matches between UAP engines (being written).

/// Command-line arguments of `sumito match`.
#[derive(clap::Args, Debug)]
pub struct MatchArgs {}

/// Runs a match.
pub fn run(_args: &MatchArgs) -> Result<(), String> {
    Err("sumito match is not written yet".into())
}
