//! Game records in the PGN-like format of GAMES.md: writing them as games end, reading them
//! back, and replaying them to check every move and result (`sumito match --verify`).

use super::game::{PlayedGame, Termination};
use super::openings::{Opening, Start};
use super::time_control::TimeControl;
use crate::board::{Colour, Layout, Outcome, Position};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Movetext lines are wrapped before this many characters.
const LINE_WIDTH: usize = 80;

/// The result token of a game: `1-0` (Black won), `0-1` (White won) or `1/2-1/2`.
pub fn result_token(winner: Option<Colour>) -> &'static str {
    match winner {
        Some(Colour::Black) => "1-0",
        Some(Colour::White) => "0-1",
        None => "1/2-1/2",
    }
}

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

/// Everything a record says about one game.
#[derive(Clone, Debug)]
pub struct GameInfo<'a> {
    pub event: &'a str,
    pub date: &'a str,
    /// The game's number in the match, from 1.
    pub round: u64,
    /// Engine names, indexed by [`Colour::index`].
    pub players: [&'a str; 2],
    pub opening: &'a Opening,
    /// Time controls, indexed by [`Colour::index`].
    pub controls: [TimeControl; 2],
    pub max_plies: u32,
    pub game: &'a PlayedGame,
}

/// The record of a game, ending with a blank line.
pub fn format_record(info: &GameInfo) -> String {
    let game = info.game;
    let result = result_token(game.winner);
    let mut tags: Vec<(&str, String)> = vec![
        ("Event", info.event.to_string()),
        ("Date", info.date.to_string()),
        ("Round", info.round.to_string()),
        ("Black", info.players[0].to_string()),
        ("White", info.players[1].to_string()),
        ("Result", result.to_string()),
    ];
    match info.opening.start {
        Start::Layout(layout) => tags.push(("Layout", layout.name().to_string())),
        Start::Fen(position) => tags.push(("FEN", position.to_string())),
    }
    tags.push(("OpeningPlies", info.opening.moves.len().to_string()));
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
    tags.push(("Termination", game.termination.to_string()));
    tags.push(("PlyCount", game.moves.len().to_string()));
    let mut text = String::new();
    for (key, value) in tags {
        text += &format!("[{key} \"{}\"]\n", escape(&value));
    }
    text.push('\n');
    let start = info.opening.start.position();
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
    let mut line = String::new();
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
    text += "\n\n";
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
    pub fn open(path: &Path) -> Result<RecordsFile, String> {
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("cannot open the records file {}: {e}", path.display()))?;
        Ok(RecordsFile {
            file,
            path: path.to_path_buf(),
        })
    }

    /// Appends one record and flushes it.
    pub fn append(&mut self, record: &str) -> Result<(), String> {
        self.file
            .write_all(record.as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|e| format!("cannot write to {}: {e}", self.path.display()))
    }
}

/// A record as read from a file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The line its first tag is on (from 1).
    pub line: usize,
    /// Tags in file order.
    pub tags: Vec<(String, String)>,
    /// The move tokens of the movetext, without numbers, comments or the result.
    pub moves: Vec<String>,
    /// The result token ending the movetext, if there is one.
    pub result: Option<String>,
}

impl Record {
    /// The value of tag `key`.
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// Reads one tag line `[Key "value"]`.
fn parse_tag(line: &str) -> Result<(String, String), String> {
    let inner = line
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
        .ok_or("a tag line must look like [Key \"value\"]")?;
    let (key, rest) = inner
        .split_once(' ')
        .ok_or("a tag needs a key and a quoted value")?;
    let quoted = rest
        .trim()
        .strip_prefix('"')
        .and_then(|rest| rest.strip_suffix('"'))
        .ok_or("a tag value must be in double quotes")?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next().ok_or("a tag value ends in a lone backslash")?),
            '"' => return Err("an unescaped quote inside a tag value".into()),
            c => value.push(c),
        }
    }
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(format!("bad tag key '{key}'"));
    }
    Ok((key.to_string(), value))
}

fn is_result_token(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// Splits movetext into move tokens and the result token; comments in braces and move numbers
/// (`12.`, `12...`, also glued to the move as `12.a1b2`) are dropped.
fn parse_movetext(text: &str) -> Result<(Vec<String>, Option<String>), String> {
    let mut plain = String::new();
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => return Err("'}' without '{'".into()),
            '}' => {
                depth -= 1;
                plain.push(' ');
            }
            c if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    if depth > 0 {
        return Err("a comment is not closed".into());
    }
    let mut moves = Vec::new();
    let mut result = None;
    for token in plain.split_whitespace() {
        if result.is_some() {
            return Err(format!("'{token}' after the result"));
        }
        if is_result_token(token) {
            result = Some(token.to_string());
            continue;
        }
        let digits = token.trim_start_matches(|c: char| c.is_ascii_digit());
        let token = if digits.len() < token.len() && digits.starts_with('.') {
            digits.trim_start_matches('.')
        } else {
            token
        };
        if !token.is_empty() {
            moves.push(token.to_string());
        }
    }
    Ok((moves, result))
}

/// Reads every record of a records file; an error names the line.
pub fn parse_records(text: &str) -> Result<Vec<Record>, String> {
    let mut records = Vec::new();
    let mut current: Option<Record> = None;
    let mut movetext = String::new();
    let mut in_movetext = false;
    let finish = |record: Option<Record>, movetext: &mut String, records: &mut Vec<Record>| {
        if let Some(mut record) = record {
            let (moves, result) = parse_movetext(movetext)
                .map_err(|e| format!("record at line {}: {e}", record.line))?;
            record.moves = moves;
            record.result = result;
            records.push(record);
        }
        movetext.clear();
        Ok::<(), String>(())
    };
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        if line.starts_with('[') {
            if in_movetext || current.is_none() {
                finish(current.take(), &mut movetext, &mut records)?;
                current = Some(Record {
                    line: number,
                    ..Record::default()
                });
                in_movetext = false;
            }
            let tag = parse_tag(line).map_err(|e| format!("line {number}: {e}"))?;
            if let Some(record) = current.as_mut() {
                record.tags.push(tag);
            }
        } else {
            if current.is_none() {
                return Err(format!("line {number}: movetext before any tag"));
            }
            in_movetext = true;
            movetext += line;
            movetext.push(' ');
        }
    }
    finish(current, &mut movetext, &mut records)?;
    Ok(records)
}

/// The record's start position, from its `FEN` or `Layout` tag.
pub fn start_position(record: &Record) -> Result<Position, String> {
    if let Some(fen) = record.tag("FEN") {
        return fen
            .parse::<Position>()
            .map_err(|e| format!("bad FEN tag '{fen}': {e}"));
    }
    let layout = record.tag("Layout").ok_or("no Layout or FEN tag")?;
    layout
        .parse::<Layout>()
        .map(Layout::position)
        .map_err(|e| e.to_string())
}

/// Replays a record and checks that every move is legal and that the result and termination
/// fit the final position. On success returns the number of plies.
pub fn verify_record(record: &Record) -> Result<usize, String> {
    let start = start_position(record)?;
    let limit = match record.tag("MaxPlies") {
        Some(text) => {
            let plies: u32 = text
                .parse()
                .map_err(|_| format!("bad MaxPlies tag '{text}'"))?;
            start.plies() + plies
        }
        None => 0,
    };
    let mut position = start.with_move_limit(limit);
    for (index, text) in record.moves.iter().enumerate() {
        let mv = position
            .parse_move(text)
            .map_err(|e| format!("illegal move {} '{text}': {e}", index + 1))?;
        position = position.play(mv);
    }
    let tag_result = record.tag("Result").ok_or("no Result tag")?;
    let result = record
        .result
        .as_deref()
        .ok_or("the movetext has no result")?;
    if tag_result != result {
        return Err(format!(
            "the Result tag says {tag_result} but the movetext ends in {result}"
        ));
    }
    if let Some(count) = record.tag("PlyCount")
        && count != record.moves.len().to_string()
    {
        return Err(format!(
            "PlyCount says {count} but there are {} moves",
            record.moves.len()
        ));
    }
    let termination: Termination = record
        .tag("Termination")
        .ok_or("no Termination tag")?
        .parse()?;
    match position.outcome() {
        Some(outcome) => {
            let winner = match outcome {
                Outcome::Win { winner, .. } => Some(winner),
                Outcome::Draw => None,
            };
            let expected = result_token(winner);
            if result != expected {
                return Err(format!(
                    "wrong result {result}: the final position says {expected} ({outcome})"
                ));
            }
            let expected = Termination::from_outcome(&outcome);
            if termination != expected {
                return Err(format!(
                    "wrong termination '{termination}': the game ended by {expected}"
                ));
            }
        }
        None => {
            if !termination.is_fault() {
                return Err(format!(
                    "termination '{termination}' but the final position is not over"
                ));
            }
            let mover = position.side_to_move();
            let winner = match result {
                "1-0" => Colour::Black,
                "0-1" => Colour::White,
                other => {
                    return Err(format!(
                        "result {other} after '{termination}': a fault loses the game"
                    ));
                }
            };
            // Only the side to move can answer late or illegally.
            let mover_only = matches!(
                termination,
                Termination::TimeForfeit | Termination::IllegalMove(_)
            );
            if mover_only && winner == mover {
                return Err(format!(
                    "result {result} after '{termination}', but {mover} was to move"
                ));
            }
        }
    }
    Ok(record.moves.len())
}

/// Verifies every record of the file at `path`: a summary, or the list of problems.
pub fn verify_file(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path)
        .map_err(|e| format!("cannot read the records file {}: {e}", path.display()))?;
    let text = String::from_utf8_lossy(&bytes);
    let records = parse_records(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut problems = Vec::new();
    let mut plies = 0;
    for (index, record) in records.iter().enumerate() {
        match verify_record(record) {
            Ok(n) => plies += n,
            Err(problem) => problems.push(format!(
                "game {} (line {}): {problem}",
                index + 1,
                record.line
            )),
        }
    }
    if problems.is_empty() {
        Ok(format!(
            "{}: {} games, {plies} moves, every move legal and every result right",
            path.display(),
            records.len()
        ))
    } else {
        Err(format!(
            "{}: {} of {} games are wrong:\n{}",
            path.display(),
            problems.len(),
            records.len(),
            problems.join("\n")
        ))
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

    fn sample(winner: Option<Colour>, termination: Termination, moves: &[&str]) -> String {
        let opening = Opening::layout(Layout::Standard);
        let mut position = Position::startpos();
        let moves = moves
            .iter()
            .map(|text| {
                let mv = position.parse_move(text).unwrap();
                position = position.play(mv);
                mv
            })
            .collect();
        let game = PlayedGame {
            moves,
            winner,
            termination,
            culprit: None,
        };
        let tc: TimeControl = "depth=2".parse().unwrap();
        format_record(&GameInfo {
            event: "test \"quoted\"",
            date: "2024.01.01",
            round: 1,
            players: ["A", "B"],
            opening: &opening,
            controls: [tc, tc],
            max_plies: 200,
            game: &game,
        })
    }

    #[test]
    fn a_record_reads_back_and_verifies() {
        let text = sample(
            Some(Colour::Black),
            Termination::IllegalMove("zz".into()),
            &["a1b1", "i9h9", "a2b2"],
        );
        assert!(text.contains("1. a1b1 i9h9 2. a2b2 1-0\n\n"), "{text}");
        let records = parse_records(&text).unwrap();
        assert_eq!(records.len(), 1);
        let record = &records[0];
        assert_eq!(record.tag("Event"), Some("test \"quoted\""));
        assert_eq!(record.moves, ["a1b1", "i9h9", "a2b2"]);
        assert_eq!(record.result.as_deref(), Some("1-0"));
        assert_eq!(verify_record(record), Ok(3));
    }

    #[test]
    fn wrong_records_are_caught() {
        // White is to move after three plies, so a time forfeit there is White's and Black
        // wins; with the result flipped the record must fail.
        let good = sample(
            Some(Colour::Black),
            Termination::TimeForfeit,
            &["a1b1", "i9h9", "a2b2"],
        );
        let flipped = good.replace("1-0", "0-1");
        let problem = verify_record(&parse_records(&flipped).unwrap()[0]).unwrap_err();
        assert!(problem.contains("white was to move"), "{problem}");
        let illegal = good.replace("a2b2", "a2a3");
        let problem = verify_record(&parse_records(&illegal).unwrap()[0]).unwrap_err();
        assert!(problem.contains("illegal move 3 'a2a3'"), "{problem}");
        let natural = good.replace("time forfeit", "six marbles ejected");
        let problem = verify_record(&parse_records(&natural).unwrap()[0]).unwrap_err();
        assert!(problem.contains("not over"), "{problem}");
        let draw = good.replace("1-0", "1/2-1/2");
        assert!(verify_record(&parse_records(&draw).unwrap()[0]).is_err());
        let count = good.replace("[PlyCount \"3\"]", "[PlyCount \"4\"]");
        assert!(verify_record(&parse_records(&count).unwrap()[0]).is_err());
    }

    #[test]
    fn a_game_at_the_move_limit_must_have_the_limit_result() {
        let mut position = Position::startpos().with_move_limit(4);
        let mut moves = Vec::new();
        for _ in 0..4 {
            let mv = position.moves().as_slice()[0];
            moves.push(mv.to_string());
            position = position.play(mv);
        }
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        let text = sample(None, Termination::MoveLimit, &moves).replace("200", "4");
        assert_eq!(verify_record(&parse_records(&text).unwrap()[0]), Ok(4));
        let wrong = text.replace("1/2-1/2", "1-0");
        let problem = verify_record(&parse_records(&wrong).unwrap()[0]).unwrap_err();
        assert!(problem.contains("wrong result"), "{problem}");
    }

    #[test]
    fn bad_files_give_messages_with_lines() {
        for (text, expected) in [
            ("a1b1 1-0\n", "line 1"),
            ("[Event \"x\"]\n[Bad\n", "line 2"),
            ("[Event \"x]\n", "line 1"),
            ("[Event \"x\"]\n\n1. a1b1 {open\n", "not closed"),
            ("[Event \"x\"]\n\n1-0 a1b1\n", "after the result"),
        ] {
            let error = parse_records(text).unwrap_err();
            assert!(error.contains(expected), "{text:?}: {error}");
        }
        let record = &parse_records("[Event \"x\"]\n\n1. a1b1 1-0\n").unwrap()[0];
        assert!(
            verify_record(record)
                .unwrap_err()
                .contains("no Layout or FEN")
        );
        let text = "[Layout \"standard\"]\n[Result \"*\"]\n[Termination \"crash\"]\n\n*\n";
        let record = &parse_records(text).unwrap()[0];
        assert!(verify_record(record).unwrap_err().contains("a fault loses"));
    }

    #[test]
    fn numbers_glued_to_moves_and_comments_are_read() {
        let text = "[Layout \"standard\"]\n[Result \"1-0\"]\n[Termination \"crash\"]\n\n\
                    1.a1b1 {thinking} i9h9\n2. a2b2 1-0\n";
        let record = &parse_records(text).unwrap()[0];
        assert_eq!(record.moves, ["a1b1", "i9h9", "a2b2"]);
        assert_eq!(verify_record(record), Ok(3));
    }
}
