//! `sumito play`: its command line.

use super::flags::EngineFlags;
use std::io::IsTerminal;
use std::path::Path;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use sumito_games::clock::TimeControl;
use sumito_games::records::PlayedGame;
use sumito_games::records::RecordsFile;
use sumito_rules::board::{Layout, MAX_SEATS, Seat, Style};
use sumito_rules::game::AnyLayout;
use sumito_rules::multiplayer::MultiLayout;
use sumito_tools::play::{DEFAULT_TC, PlayConfig, play, record};
use sumito_tools::say;
use sumito_tools::util::interrupt::on_interrupt;

/// The move limit of a game of three to six players when `--max-plies` is not given.
const DEFAULT_MULTI_MAX_PLIES: u32 = 300;

/// The command line of `sumito play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Players at the table: 2, or 3 to 6 for the N-player layouts (RULES.md, "Three to six
    /// players"), you in one seat and Sumito in every other.
    #[arg(long, default_value_t = 2)]
    pub players: usize,
    /// Starting layout of a two-player game [default: standard].
    #[arg(long)]
    pub layout: Option<Layout>,
    /// Your colour: black (moves first) or white; with --players, any seat's colour: black
    /// white red green yellow blue (or its letter b w r g y u) [default: black].
    #[arg(long, conflicts_with = "seat")]
    pub colour: Option<String>,
    /// Your seat, from 1 (the first to move) to the number of players [default: 1].
    #[arg(long)]
    pub seat: Option<usize>,
    /// Time control of every side, as for `sumito match`: movetime=MS, depth=N, nodes=N, or a
    /// clock SECONDS+INCREMENT (e.g. 300+2), on which your time runs too.
    #[arg(long, default_value_t = DEFAULT_TC, value_parser = super::flags::time_control)]
    pub tc: TimeControl,
    /// The move limit, in plies (0 for none, up to 50000): the most marbles ejected then win.
    /// With more than two players it bounds the game the engines play on after you leave it,
    /// so it is 1 or more [default: none with two players, 300 with more].
    #[arg(long)]
    pub max_plies: Option<u32>,
    /// Append the game's record to this file (GAMES.md format), as `match --records` does.
    #[arg(long)]
    pub records: Option<PathBuf>,
    /// Plain ASCII board even on a colour terminal.
    #[arg(long)]
    pub ascii: bool,
    /// Let Sumito resign a hopeless two-player game: when it has scored its last 3 moves at -4
    /// marbles or worse, or sees a forced loss.
    #[arg(long)]
    pub sumito_resigns: bool,
    #[command(flatten)]
    pub engine: EngineFlags,
}

/// Runs `sumito play` on stdin and stdout.
pub fn run(args: &PlayArgs) -> super::Outcome {
    let config = PlayConfig {
        layout: layout(args)?,
        human: human_seat(args, args.players)?,
        tc: args.tc,
        max_plies: max_plies(args)?,
        style: style(args),
        threads: args.engine.threads(1)?,
        hash_mb: args.engine.hash_mb(),
        sumito_resigns: args.sumito_resigns,
        live_clock: std::io::stdout().is_terminal() && std::io::stdin().is_terminal(),
    };
    // Opened first: a wrong path is better found before the game than after. A table that
    // cannot be had is found before that, so that a refused game creates no file.
    sumito_engine::search::TranspositionTable::check_size(config.hash_mb)?;
    let file = args.records.as_deref().map(RecordsFile::open).transpose()?;
    let saved = Arc::new(Mutex::new(Saved { file, game: None }));
    if let Some(path) = &args.records {
        save_when_interrupted(&saved, &config, path);
    }
    let game = play(
        &config,
        &mut std::io::stdin().lock(),
        &mut std::io::stdout(),
        &mut |game| lock(&saved).game = Some(game),
    )?;
    let file = lock(&saved).file.take();
    if let (Some(mut file), Some(path)) = (file, &args.records) {
        file.append(&record(&config, &game))?;
        say!("The game is saved in {}", path.display());
    }
    Ok(())
}

/// The records file and the game so far, for whichever comes first: the game's end, or Ctrl-C.
struct Saved {
    file: Option<RecordsFile>,
    game: Option<PlayedGame>,
}

fn lock(saved: &Mutex<Saved>) -> std::sync::MutexGuard<'_, Saved> {
    saved
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// At Ctrl-C (or SIGTERM) the game so far is saved as a game left unfinished, and the process
/// ends: the records file is not left empty.
fn save_when_interrupted(saved: &Arc<Mutex<Saved>>, config: &PlayConfig, path: &Path) {
    let (saved, config, path) = (Arc::clone(saved), config.clone(), path.to_path_buf());
    on_interrupt(move || {
        let mut saved = lock(&saved);
        if let (Some(mut file), Some(game)) = (saved.file.take(), saved.game.take()) {
            match file.append(&record(&config, &game)) {
                Ok(()) => eprintln!("\nThe game is saved, unfinished, in {}", path.display()),
                Err(error) => eprintln!("\nerror: {error}"),
            }
        }
    });
}

/// The layout: `--layout` with two players, the one layout of three to six (which takes no
/// two-player flag).
fn layout(args: &PlayArgs) -> Result<AnyLayout, super::Error> {
    let players = args.players;
    if players == 2 {
        return Ok(AnyLayout::Two(args.layout.unwrap_or(Layout::Standard)));
    }
    let layout = MultiLayout::for_seats(players)
        .ok_or_else(|| format!("--players must be from 2 to {MAX_SEATS}, not {players}"))?;
    for (given, flag) in [
        (args.layout.is_some(), "--layout"),
        (args.sumito_resigns, "--sumito-resigns"),
    ] {
        if given {
            return Err(format!(
                "{flag} is a two-player flag: --players {players} plays the {layout} layout"
            )
            .into());
        }
    }
    Ok(AnyLayout::Multi(layout))
}

/// The move limit: `--max-plies`, else none with two players and 300 with more.
fn max_plies(args: &PlayArgs) -> Result<u32, super::Error> {
    let default = match args.players {
        2 => 0,
        _ => DEFAULT_MULTI_MAX_PLIES,
    };
    match args.max_plies.unwrap_or(default) {
        // The engines play on after a person leaves: their game must end.
        0 if args.players > 2 => Err(
            "--max-plies 0 (none) is for two players: with more, the engines play on after you \
             leave, and the limit ends their game"
                .into(),
        ),
        plies @ 0..=50_000 => Ok(plies),
        _ => Err("--max-plies must be from 0 (none) to 50000".into()),
    }
}

/// The board's style: ANSI colours on a colour terminal unless `--ascii`.
fn style(args: &PlayArgs) -> Style {
    if !args.ascii
        && std::io::stdout().is_terminal()
        && std::env::var_os("NO_COLOR").is_none()
        && std::env::var("TERM").map_or(true, |term| term != "dumb")
    {
        Style::Ansi
    } else {
        Style::Ascii
    }
}

/// The person's seat of `seats` from `--seat` or `--colour` (seat 1 by default).
fn human_seat(args: &PlayArgs, seats: usize) -> Result<Seat, super::Error> {
    let names = || {
        let names: Vec<&str> = (0..seats).filter_map(Seat::new).map(Seat::name).collect();
        names.join(", ")
    };
    let index = match (&args.seat, &args.colour) {
        (Some(seat), _) if (1..=seats).contains(seat) => seat - 1,
        (Some(seat), _) => {
            return Err(format!(
                "--seat must be from 1 to {seats} with {seats} players, not {seat}"
            )
            .into());
        }
        (None, Some(colour)) => colour_seat(colour)
            .filter(|seat| seat.index() < seats)
            .ok_or_else(|| {
                format!(
                    "--colour must be one of {} with {seats} players, not '{colour}'",
                    names()
                )
            })?
            .index(),
        (None, None) => 0,
    };
    Ok(Seat::new(index).unwrap_or_default())
}

/// The seat a colour's name or letter names, if any.
fn colour_seat(text: &str) -> Option<Seat> {
    let text = text.to_ascii_lowercase();
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(letter), None) => Seat::from_letter(letter),
        _ => Seat::from_name(&text),
    }
}
