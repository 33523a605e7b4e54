//! Writing game records in the PGN-like format of GAMES.md, as games end: one writer for any
//! number of seats, with GAMES.md's two-player tags and movetext or those of three to six.

use super::{AnyStart, PlayedGame, RecordsError, StartOf};
use crate::clock::{TimeControl, ms_to_seconds};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use sumito_rules::board::{Colour, MAX_SEATS, Position, Seat, Seating};
use sumito_rules::ending::multi_ranks;
use sumito_rules::game::{AnyPosition, Turn};
use sumito_rules::multiplayer::MultiPosition;

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
fn escape(value: &str) -> String {
    value
        .chars()
        .filter(|c| !c.is_control())
        .flat_map(|c| match c {
            '\\' | '"' => vec!['\\', c],
            c => vec![c],
        })
        .collect()
}

/// The tag of each seat's player: its colour's name, capitalised.
const SEAT_TAGS: [&str; MAX_SEATS] = ["Black", "White", "Red", "Green", "Yellow", "Blue"];

/// The tag that names `seat`'s player: `Black`, `White`, `Red`, `Green`, `Yellow`, `Blue`.
pub fn seat_tag(seat: Seat) -> &'static str {
    SEAT_TAGS[seat.index()]
}

/// Everything a record says about one game, of any number of seats.
#[derive(Clone, Debug)]
pub struct GameInfo<'a> {
    pub event: &'a str,
    pub date: &'a str,
    /// The game's number in the match, from 1.
    pub round: u64,
    /// The players' names, in seat order.
    pub players: Vec<&'a str>,
    /// Where the record starts.
    pub start: AnyStart,
    /// How many of the game's first turns were the opening's, not the players'.
    pub opening_plies: usize,
    /// Time controls, in seat order.
    pub controls: Vec<TimeControl>,
    pub max_plies: u32,
    /// The points game's total thinking time (`--game-time`), in ms.
    pub game_time_ms: Option<u64>,
    pub game: &'a PlayedGame,
}

/// A record's tags, in order.
type Tags = Vec<(&'static str, String)>;

/// The record of a game, ending with a blank line: GAMES.md's two-player record, or its record
/// of three to six players.
pub fn format_record(info: &GameInfo) -> String {
    let game = info.game;
    let result = game.result();
    let mut tags: Tags = vec![
        ("Event", info.event.to_string()),
        ("Date", info.date.to_string()),
        ("Round", info.round.to_string()),
    ];
    let start_tag = match info.start {
        StartOf::Layout(layout) => ("Layout", layout.to_string()),
        StartOf::Fen(position) => ("FEN", position.to_string()),
    };
    let start = info.start.position();
    let seats: Vec<Seat> = (0..start.seats()).filter_map(Seat::new).collect();
    let players = seats.iter().map(|&seat| {
        let name = info.players.get(seat.index()).copied().unwrap_or("?");
        (seat_tag(seat), name.to_string())
    });
    // The players come first with two players; with more, the start does, and the tags of
    // the seats follow the players.
    let mut movetext = match start {
        AnyPosition::Two(start) => {
            tags.extend(players);
            tags.push(("Result", result.clone()));
            tags.push(start_tag);
            two_player_movetext(start, &game.turns)
        }
        AnyPosition::Multi(start) => {
            tags.push(start_tag);
            tags.extend(players);
            tags.extend(seat_tags(start, game));
            tags.push(("Result", result.clone()));
            seats_movetext(start, &game.turns)
        }
    };
    tags.push(("OpeningPlies", info.opening_plies.to_string()));
    tags.push(("TimeControl", controls_text(&info.controls, &seats)));
    if let [black, white] = info.controls.as_slice()
        && black != white
    {
        tags.push(("BlackTimeControl", black.to_string()));
        tags.push(("WhiteTimeControl", white.to_string()));
    }
    tags.push(("MaxPlies", info.max_plies.to_string()));
    if let Some(ms) = info.game_time_ms {
        tags.push(("GameTime", ms_to_seconds(ms)));
    }
    tags.push(("Termination", game.termination.to_string()));
    if let Some(scores) = &game.adjudication {
        tags.push(("Adjudication", scores.clone()));
    }
    tags.push(("PlyCount", game.turns.len().to_string()));
    let mut text = String::new();
    for (key, value) in tags {
        text += &format!("[{key} \"{}\"]\n", escape(&value));
    }
    text.push('\n');
    // Each comment after its turn, the last first so that the earlier places stand.
    let mut comments = game.comments.clone();
    comments.sort_by_key(|(after, _)| *after);
    for (after, comment) in comments.into_iter().rev() {
        let place = after.min(movetext.len());
        movetext.insert(place, format!("{{{}}}", comment.replace(['{', '}'], "")));
    }
    movetext.push(result);
    text += &wrap_movetext(movetext);
    text.push('\n');
    text
}

/// The tags of a game of three to six players after its players: the teams, the ejected
/// counts and the seats that left.
fn seat_tags(start: MultiPosition, game: &PlayedGame) -> Tags {
    let seating = start.seating();
    let end = game.turns.iter().fold(start, |p, turn| turn.apply(&p));
    debug_assert!(game.ranks.is_none() || game.ranks == Some(multi_ranks(&end)));
    let mut tags = Vec::new();
    if seating.has_teams() {
        tags.push(("Teams", teams_text(seating)));
    }
    let ejected: Vec<String> = seating.all().map(|s| end.ejected(s).to_string()).collect();
    tags.push(("Ejected", ejected.join("/")));
    if !game.left.is_empty() {
        let left: Vec<String> = game
            .left
            .iter()
            .map(|left| format!("{}: {}", left.seat.name(), left.why))
            .collect();
        tags.push(("Left", left.join("; ")));
    }
    tags
}

/// The teams as the `Teams` tag writes them: `A black red, B white green`.
pub(super) fn teams_text(seating: Seating) -> String {
    let teams: Vec<String> = (0..seating.teams())
        .map(|team| {
            let seats: Vec<&str> = seating.team_seats(team).map(Seat::name).collect();
            format!("{} {}", (b'A' + team as u8) as char, seats.join(" "))
        })
        .collect();
    teams.join(", ")
}

/// The `TimeControl` tag: the one control every seat plays with, or each seat's in turn
/// (`movetime=40 (black), depth=3 (white), …`).
fn controls_text(controls: &[TimeControl], seats: &[Seat]) -> String {
    match controls.split_first() {
        Some((first, rest)) if rest.iter().all(|tc| tc == first) => first.to_string(),
        _ => {
            let each: Vec<String> = seats
                .iter()
                .zip(controls)
                .map(|(seat, tc)| format!("{tc} ({})", seat.name()))
                .collect();
            each.join(", ")
        }
    }
}

/// The movetext's moves of a two-player game: a number before Black's moves (and before a
/// first move of White's, with `...`), counted from the start's ply count.
fn two_player_movetext(start: Position, turns: &[Turn]) -> Vec<String> {
    let mut tokens = Vec::with_capacity(turns.len() + 1);
    let mut side = start.side_to_move();
    let mut number = start.plies() / 2 + 1;
    for (index, turn) in turns.iter().enumerate() {
        // A move number stays on the line of its move.
        tokens.push(match side {
            Colour::Black => format!("{number}. {turn}"),
            Colour::White if index == 0 => format!("{number}... {turn}"),
            Colour::White => turn.to_string(),
        });
        if side == Colour::White {
            number += 1;
        }
        side = side.opponent();
    }
    tokens
}

/// The movetext's turns of a game of three to six players: a number before each round of
/// turns (a new round starts when the turn comes to a seat numbered no higher than the
/// previous mover's).
fn seats_movetext(start: MultiPosition, turns: &[Turn]) -> Vec<String> {
    let mut tokens = Vec::with_capacity(turns.len() + 1);
    let mut position = start;
    let (mut number, mut previous) = (0, None);
    for turn in turns {
        let mover = position.side_to_move();
        if previous.is_none_or(|p: Seat| mover <= p) {
            number += 1;
            tokens.push(format!("{number}. {turn}"));
        } else {
            tokens.push(turn.to_string());
        }
        previous = Some(mover);
        position = turn.apply(&position);
    }
    tokens
}

/// Movetext tokens joined by blanks and wrapped at 80 columns, ending with a newline.
fn wrap_movetext(tokens: Vec<String>) -> String {
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
    /// The file ended without a line break (another program's, or cut short): the first record
    /// appended starts on a line of its own, after a blank one.
    needs_break: bool,
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
            needs_break: !ends_a_line(path),
        })
    }

    /// Appends one record and flushes it.
    pub fn append(&mut self, record: &str) -> Result<(), RecordsError> {
        let head = if std::mem::take(&mut self.needs_break) {
            "\n\n"
        } else {
            ""
        };
        self.file
            .write_all(format!("{head}{record}").as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|source| RecordsError::Write {
                path: self.path.clone(),
                source,
            })
    }
}

/// Is the regular file at `path` empty or ended by a line break? (Anything else, which is not
/// appended to as a file, counts as yes.)
fn ends_a_line(path: &Path) -> bool {
    use std::io::{Read, Seek, SeekFrom};
    let Ok(mut file) = File::open(path) else {
        return true;
    };
    let regular = file
        .metadata()
        .is_ok_and(|meta| meta.is_file() && meta.len() > 0);
    let mut last = [b'\n'];
    if regular && file.seek(SeekFrom::End(-1)).is_ok() {
        let _ = file.read_exact(&mut last);
    }
    last[0] == b'\n'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_appended_to_a_file_cut_mid_line_starts_on_its_own() {
        let path = std::env::temp_dir().join(format!("sumito-nonl-{}.txt", std::process::id()));
        let first = "[Event \"x\"]\n[Layout \"standard\"]\n\n1. a1b2 *";
        std::fs::write(&path, first).unwrap();
        let mut file = RecordsFile::open(&path).unwrap();
        file.append("[Event \"y\"]\n[Layout \"standard\"]\n\n1. a1b2 *\n\n")
            .unwrap();
        file.append("[Event \"z\"]\n[Layout \"standard\"]\n\n1. a1b2 *\n\n")
            .unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        assert!(
            text.starts_with(&format!("{first}\n\n[Event \"y\"]")),
            "{text:?}"
        );
        let records = super::super::parse_records(&text).unwrap();
        assert_eq!(records.len(), 3, "{text:?}");
    }

    #[test]
    fn dates_from_day_numbers() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(today().len(), 10);
    }
}
