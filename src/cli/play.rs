//! `sumito play`: its command line.

use super::flags::EngineFlags;
use std::io::IsTerminal;
use std::path::PathBuf;
use sumito::board::{Colour, Layout, Style};
use sumito::clock::TimeControl;
use sumito::play::{DEFAULT_TC, PlayConfig, play, record};
use sumito::records::RecordsFile;
use sumito::say;

/// The command line of `sumito play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Starting layout.
    #[arg(long, default_value = "standard")]
    pub layout: Layout,
    /// Your colour: black (moves first) or white.
    #[arg(long, default_value = "black")]
    pub colour: String,
    /// Time control of both sides, as for `sumito match`: movetime=MS, depth=N, nodes=N, or a
    /// clock SECONDS+INCREMENT (e.g. 300+2), on which your time runs too.
    #[arg(long, default_value_t = DEFAULT_TC)]
    pub tc: TimeControl,
    /// Append the game's record to this file (GAMES.md format), as `match --records` does.
    #[arg(long)]
    pub records: Option<PathBuf>,
    /// Plain ASCII board even on a colour terminal.
    #[arg(long)]
    pub ascii: bool,
    /// Let Sumito resign a hopeless game: when it has scored its last 3 moves at -4 marbles or
    /// worse, or sees a forced loss.
    #[arg(long)]
    pub sumito_resigns: bool,
    #[command(flatten)]
    pub engine: EngineFlags,
}

/// Runs `sumito play` on stdin and stdout.
pub fn run(args: &PlayArgs) -> super::Outcome {
    let human = match args.colour.to_ascii_lowercase().as_str() {
        "black" | "b" => Colour::Black,
        "white" | "w" => Colour::White,
        other => return Err(format!("--colour must be black or white, not '{other}'").into()),
    };
    let style = if !args.ascii
        && std::io::stdout().is_terminal()
        && std::env::var_os("NO_COLOR").is_none()
        && std::env::var("TERM").map_or(true, |term| term != "dumb")
    {
        Style::Ansi
    } else {
        Style::Ascii
    };
    // Open the records file first: a wrong path is better found before the game than after.
    let mut file = args.records.as_deref().map(RecordsFile::open).transpose()?;
    let config = PlayConfig {
        layout: args.layout,
        human,
        tc: args.tc,
        style,
        threads: args.engine.threads(1)?,
        hash_mb: args.engine.hash_mb(),
        sumito_resigns: args.sumito_resigns,
    };
    let finished = play(
        &config,
        &mut std::io::stdin().lock(),
        &mut std::io::stdout(),
    )?;
    if let (Some(file), Some(path)) = (file.as_mut(), &args.records) {
        file.append(&record(&config, &finished))?;
        say!("The game is saved in {}", path.display());
    }
    Ok(())
}
