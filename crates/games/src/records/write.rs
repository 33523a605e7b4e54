//! Writing game records in the PGN-like format of GAMES.md, as games end.

use super::{PlayedGame, RecordsError, Start};
use crate::clock::TimeControl;
use crate::clock::ms_to_seconds;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use sumito_rules::board::Colour;

const LINE_WIDTH: usize = 80;

/// Today's date as `YYYY.MM.DD` (UTC), from the system clock.
pub fn today() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (year, month, day) = civil_from_days((seconds / 86_400) as i64);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The proleptic Gregorian date of a day number counted from 1970-01-01 (H. Hinnant's
/// `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// A tag value with `\` and `"` escaped.
pub(super) fn escape(value: &str) -> String {
    value
        .chars()
        .filter(|c| !c.is_control())
        .flat_map(|c| match c {
            '\\' | '"' => vec!['\\', c],
            c => vec![c],
        })
        .collect()
}

/// Everything a record says about one game.
#[derive(Clone, Debug)]
pub struct GameInfo<'a> {
    pub event: &'a str,
    pub date: &'a str,
    /// The game's number in the match, from 1.
    pub round: u64,
    /// Engine names, indexed by [`Colour::index`].
    pub players: [&'a str; 2],
    /// Where the record starts.
    pub start: Start,
    /// How many of the game's first moves were the opening's, not the players'.
    pub opening_plies: usize,
    /// Time controls, indexed by [`Colour::index`].
    pub controls: [TimeControl; 2],
    pub max_plies: u32,
    /// The points game's total thinking time (`--game-time`), in ms.
    pub game_time_ms: Option<u64>,
    pub game: &'a PlayedGame,
}

/// The record of a game, ending with a blank line.
pub fn format_record(info: &GameInfo) -> String {
    let game = info.game;
    let result = game.result();
    let mut tags: Vec<(&str, String)> = vec![
        ("Event", info.event.to_string()),
        ("Date", info.date.to_string()),
        ("Round", info.round.to_string()),
        ("Black", info.players[0].to_string()),
        ("White", info.players[1].to_string()),
        ("Result", result.to_string()),
    ];
    match info.start {
        Start::Layout(layout) => tags.push(("Layout", layout.name().to_string())),
        Start::Fen(position) => tags.push(("FEN", position.to_string())),
    }
    tags.push(("OpeningPlies", info.opening_plies.to_string()));
    let [black_tc, white_tc] = info.controls;
    if black_tc == white_tc {
        tags.push(("TimeControl", black_tc.to_string()));
    } else {
        tags.push((
            "TimeControl",
            format!("{black_tc} (black), {white_tc} (white)"),
        ));
        tags.push(("BlackTimeControl", black_tc.to_string()));
        tags.push(("WhiteTimeControl", white_tc.to_string()));
    }
    tags.push(("MaxPlies", info.max_plies.to_string()));
    if let Some(ms) = info.game_time_ms {
        tags.push(("GameTime", ms_to_seconds(ms)));
    }
    tags.push(("Termination", game.termination.to_string()));
    if let Some(scores) = &game.adjudication {
        tags.push(("Adjudication", scores.clone()));
    }
    tags.push(("PlyCount", game.moves.len().to_string()));
    let mut text = String::new();
    for (key, value) in tags {
        text += &format!("[{key} \"{}\"]\n", escape(&value));
    }
    text.push('\n');
    let start = info.start.position();
    let mut tokens = Vec::with_capacity(game.moves.len() + 1);
    let mut side = start.side_to_move();
    let mut number = start.plies() / 2 + 1;
    for (index, mv) in game.moves.iter().enumerate() {
        // A move number stays on the line of its move.
        tokens.push(match side {
            Colour::Black => format!("{number}. {mv}"),
            Colour::White if index == 0 => format!("{number}... {mv}"),
            Colour::White => mv.to_string(),
        });
        if side == Colour::White {
            number += 1;
        }
        side = side.opponent();
    }
    tokens.push(result.to_string());
    text += &wrap_movetext(tokens);
    text.push('\n');
    text
}

/// Movetext tokens joined by blanks and wrapped at 80 columns, ending with a newline.
pub(super) fn wrap_movetext(tokens: Vec<String>) -> String {
    let (mut text, mut line) = (String::new(), String::new());
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > LINE_WIDTH {
            text += &line;
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += &token;
    }
    text += &line;
    text.push('\n');
    text
}

/// The records file, appended to and flushed after every game so that an interrupted match
/// loses nothing.
pub struct RecordsFile {
    file: File,
    path: PathBuf,
}

impl RecordsFile {
    /// Opens (or creates) `path` for appending.
    pub fn open(path: &Path) -> Result<RecordsFile, RecordsError> {
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|source| RecordsError::Open {
                path: path.to_path_buf(),
                source,
            })?;
        Ok(RecordsFile {
            file,
            path: path.to_path_buf(),
        })
    }

    /// Appends one record and flushes it.
    pub fn append(&mut self, record: &str) -> Result<(), RecordsError> {
        self.file
            .write_all(record.as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|source| RecordsError::Write {
                path: self.path.clone(),
                source,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_from_day_numbers() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(today().len(), 10);
    }
}
