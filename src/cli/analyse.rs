//! `sumito analyse`: its command line, and the listing or JSON it prints.

use super::flags::EngineFlags;
use std::io::Write;
use sumito_engine::search::{Engine, Info, Limits};
use sumito_games::analysis::json::{self, LineObject, MoveObject};
use sumito_games::analysis::multi::search_position;
use sumito_games::analysis::{analyse_game, analyse_position, listing_line, reported_text};
use sumito_games::records::seat_tag;
use sumito_games::records::{Record, RecordsError, parse_records, replay_any};
use sumito_rules::board::Seat;
use sumito_rules::game::{AnyPosition, AnyPositionError, Turn};
use sumito_rules::multiplayer::MultiPosition;
use sumito_tools::say;
use sumito_tools::util::progress::Progress;

/// Why `sumito analyse` cannot analyse what it is given.
#[derive(Debug, thiserror::Error)]
pub enum AnalyseError {
    /// `--multipv` for a records file, where each move gets one line.
    #[error("--multipv goes with --fen: the analysis of a game shows one line per move")]
    MultipvWithoutFen,
    /// `--fen` does not read.
    #[error("bad position string: {0}")]
    BadPosition(#[source] AnyPositionError),
    /// `--multipv` for a position of three to six players, whose search gives one line.
    #[error(
        "--multipv is for two-player positions: the search of three to six players gives one line"
    )]
    MultipvWithMultiplayer,
    /// `--fen` of three to six players whose seat to move is blocked: it passes.
    #[error("{0} has no legal move: it passes, and there is nothing to search")]
    MustPass(sumito_rules::board::Seat),
    /// `--fen` is a finished game: nothing to search.
    #[error("the game is over in that position")]
    GameOver,
    /// The records cannot be read from stdin.
    #[error("cannot read stdin: {0}")]
    ReadStdin(#[source] std::io::Error),
    /// The records file cannot be read.
    #[error("cannot read {path}: {source}")]
    ReadFile {
        /// The file as given.
        path: String,
        /// Why not.
        source: std::io::Error,
    },
    /// The records do not read.
    #[error("{path}: {error}")]
    Records {
        /// The file as given (`stdin` for -).
        path: String,
        /// Why not.
        #[source]
        error: RecordsError,
    },
    /// The file holds no game records: nothing to analyse.
    #[error("{path}: no game records")]
    NoGames {
        /// The file as given (`stdin` for -).
        path: String,
    },
    /// A game's moves do not replay: the message of the replay, after where the game is.
    #[error("{path}: game {game} (line {line}): {error}")]
    Replay {
        /// The file as given (`stdin` for -).
        path: String,
        /// The game, from 1.
        game: usize,
        /// The line its record starts on.
        line: usize,
        /// Why it does not replay.
        #[source]
        error: RecordsError,
    },
    /// `--game` beyond the file.
    #[error("--game {game}: the file has {count} games (counted from 1)")]
    NoSuchGame {
        /// The game asked for.
        game: usize,
        /// The games the file holds.
        count: usize,
    },
}

/// The command line of `sumito analyse`.
#[derive(clap::Args, Debug)]
pub struct AnalyseArgs {
    /// A records file (as written by `sumito match`), or - for stdin.
    #[arg(conflicts_with = "fen", required_unless_present = "fen")]
    pub records: Option<String>,
    /// Analyse this position string instead of a game.
    #[arg(long)]
    pub fen: Option<String>,
    /// Only the K-th game of the file (from 1).
    #[arg(long, conflicts_with = "fen")]
    pub game: Option<usize>,
    /// Time per position in milliseconds, at most a day [default: 1000 with --fen, 200 per move
    /// of a game].
    #[arg(long, conflicts_with = "depth", value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    pub movetime: Option<u64>,
    /// Depth per position instead of a time.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// Lines to show with --fen (1 to 64) [default: 1].
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub multipv: Option<u16>,
    /// JSON, one object per line: per move of a game, or per line and depth with --fen.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub engine: EngineFlags,
}

impl AnalyseArgs {
    /// A depth if one was given, else the move time (or `default_ms`).
    fn limits(&self, default_ms: u64) -> Limits {
        match self.depth {
            Some(depth) => Limits::depth(depth),
            None => Limits::movetime(self.movetime.unwrap_or(default_ms)),
        }
    }
}

/// Runs `sumito analyse`; every core searches unless `--threads` says otherwise.
pub fn run(args: &AnalyseArgs) -> super::Outcome {
    // Not clap's `requires`: it yields to the records argument, which conflicts with --fen.
    if args.multipv.is_some() && args.fen.is_none() {
        return Err(AnalyseError::MultipvWithoutFen.into());
    }
    // Every core, up to the engine's most threads.
    let all_cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let all_cores = all_cores.min(sumito_engine::search::MAX_THREADS);
    let mut engine = args.engine.engine(all_cores)?;
    match &args.fen {
        Some(fen) => run_position(args, &mut engine, fen)?,
        None => run_games(args, &mut engine)?,
    }
    Ok(())
}

/// The `--fen` form: the best lines of one position as they deepen.
fn run_position(args: &AnalyseArgs, engine: &mut Engine, fen: &str) -> Result<(), AnalyseError> {
    let position = match fen.parse().map_err(AnalyseError::BadPosition)? {
        AnyPosition::Two(position) => position,
        AnyPosition::Multi(position) => return run_multi_position(args, engine, &position),
    };
    if position.outcome().is_some() {
        return Err(AnalyseError::GameOver);
    }
    engine.settings.multipv = usize::from(args.multipv.unwrap_or(1));
    let limits = args.limits(1000);
    analyse_position(engine, &[position], &limits, &mut |info: &Info| {
        print_line(args, info, None)
    });
    Ok(())
}

/// One line of a position's analysis; `side` names the seat to move of an N-player position.
fn print_line(args: &AnalyseArgs, info: &Info, side: Option<&'static str>) {
    if args.json {
        let object = LineObject {
            side,
            ..LineObject::new(info)
        };
        say!("{}", json::line(&object));
        return;
    }
    let line: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
    say!(
        "depth {:>2}  line {}  {:>7}  {:>6} ms  {}",
        info.depth,
        info.multipv,
        reported_text(info.score),
        info.time.as_millis(),
        line.join(" ")
    );
}

/// The `--fen` form for three to six players: one line per depth, its score from the view of
/// the seat to move (said first in text, `side` in JSON).
fn run_multi_position(
    args: &AnalyseArgs,
    engine: &mut Engine,
    position: &MultiPosition,
) -> Result<(), AnalyseError> {
    if args.multipv.is_some_and(|k| k > 1) {
        return Err(AnalyseError::MultipvWithMultiplayer);
    }
    if position.outcome().is_some() {
        return Err(AnalyseError::GameOver);
    }
    let seat = position.side_to_move();
    if !position.seat_has_move(seat) {
        return Err(AnalyseError::MustPass(seat));
    }
    if !args.json {
        say!("{seat} to move: scores from its view");
    }
    let limits = args.limits(1000);
    search_position(engine, position, &limits, Vec::new(), &mut |info| {
        print_line(args, info, Some(seat.name()))
    });
    Ok(())
}

/// The records form: every move of every game (or of game `--game`).
fn run_games(args: &AnalyseArgs, engine: &mut Engine) -> Result<(), AnalyseError> {
    let path = args.records.as_deref().unwrap_or("-");
    let bytes = if path == "-" {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes)
            .map_err(AnalyseError::ReadStdin)?;
        bytes
    } else {
        std::fs::read(path).map_err(|source| AnalyseError::ReadFile {
            path: path.to_string(),
            source,
        })?
    };
    // As `match --verify` and `--merge` read records: a name in another encoding is no reason
    // to refuse the games (the moves are ASCII).
    let text = String::from_utf8_lossy(&bytes);
    let name = if path == "-" { "stdin" } else { path };
    let games = read_games(&text, name)?;
    if games.is_empty() {
        return Err(AnalyseError::NoGames {
            path: name.to_string(),
        });
    }
    if let Some(game) = args.game
        && !(1..=games.len()).contains(&game)
    {
        return Err(AnalyseError::NoSuchGame {
            game,
            count: games.len(),
        });
    }
    let limits = args.limits(200);
    for (index, (game, title)) in games.iter().enumerate() {
        let number = index + 1;
        if args.game.is_some_and(|k| k != number) {
            continue;
        }
        // The title first, beside the progress of its search. A reader that has gone
        // (`| head -1`) wants no more games searched; any other failed write is noted for the
        // exit status, as `say!` notes its own.
        let mut out = std::io::stdout();
        let wrote = |result: std::io::Result<()>| {
            let ok = result.is_ok();
            sumito_tools::note_output(result);
            ok
        };
        if !args.json && !wrote(writeln!(out, "Game {number}: {title}")) {
            break;
        }
        engine.new_game();
        let (start, turns) = game;
        let mut progress: Option<Progress> = None;
        let annotations = analyse_game(engine, *start, turns, &limits, |done, total| {
            let progress = progress.get_or_insert_with(|| {
                Progress::new(&format!("analysing game {number}"), total as u64)
            });
            progress.set(done as u64, "");
        });
        if let Some(progress) = progress {
            progress.finish();
        }
        let mut text = String::new();
        for annotation in &annotations {
            let line = match args.json {
                true => json::line(&MoveObject::new(number, annotation)),
                false => listing_line(annotation),
            };
            text += &line;
            text.push('\n');
        }
        if !wrote(out.write_all(text.as_bytes())) {
            break;
        }
    }
    Ok(())
}

/// A game of a records file, replayed: its start and its turns.
type Game = (AnyPosition, Vec<Turn>);

/// The games of a records file, replayed under their move limits, each with a title.
fn read_games(text: &str, path: &str) -> Result<Vec<(Game, String)>, AnalyseError> {
    let records = parse_records(text).map_err(|error| AnalyseError::Records {
        path: path.to_string(),
        error,
    })?;
    let mut games = Vec::with_capacity(records.len());
    for (index, record) in records.iter().enumerate() {
        let replay_error = |error| AnalyseError::Replay {
            path: path.to_string(),
            game: index + 1,
            line: record.line_of(&error),
            error,
        };
        let game = replay_any(record).map_err(replay_error)?;
        let title = title(record, game.0.seats());
        games.push((game, title));
    }
    Ok(games)
}

/// A game's title: its players by colour and its result; with more than two players, that
/// the scores are each mover's.
fn title(record: &Record, seats: usize) -> String {
    let tag = |key: &str| record.tag(key).unwrap_or("?").to_string();
    let players: Vec<String> = (0..seats)
        .filter_map(Seat::new)
        .map(|seat| format!("{} ({})", tag(seat_tag(seat)), seat.name()))
        .collect();
    let views = match seats {
        2 => "",
        _ => "; scores from each mover's view",
    };
    format!("{}, {}{views}", players.join(" - "), tag("Result"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unreadable_games_say_which_word_for_word() {
        let message = |text: &str| read_games(text, "g.txt").err().map(|e| e.to_string());
        let text =
            "[Layout \"standard\"]\n\n1. a1b1 i5h5 *\n\n[Layout \"standard\"]\n\n1. a1a2 *\n";
        let records = parse_records(text).expect("two records");
        let why = replay_any(&records[1]).expect_err("refused");
        assert_eq!(
            message(text),
            Some(format!(
                "g.txt: game 2 (line {}): {why}",
                records[1].move_lines[0]
            ))
        );
        // The line of the move that does not play, not the record's first.
        assert_eq!((records[1].line, records[1].move_lines[0]), (5, 7));
        assert_eq!(
            message("1. a1b1 *\n[Event"),
            parse_records("1. a1b1 *\n[Event")
                .err()
                .map(|e| format!("g.txt: {e}"))
        );
    }
}
