//! Reading game records in the PGN-like format of GAMES.md.

use super::RecordsError;
use std::path::Path;

/// A record as read from a file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The line its first tag is on (from 1).
    pub line: usize,
    /// Tags in file order.
    pub tags: Vec<(String, String)>,
    /// The move tokens of the movetext, without numbers, comments or the result.
    pub moves: Vec<String>,
    /// The line of each move token (from 1), by index like `moves`.
    pub move_lines: Vec<usize>,
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

    /// The line a problem of this record is on: the move's, for a move that does not play,
    /// else the record's first.
    pub fn line_of(&self, problem: &RecordsError) -> usize {
        let number = match problem {
            RecordsError::IllegalMove { number, .. } | RecordsError::IllegalTurn { number, .. } => {
                *number
            }
            _ => return self.line,
        };
        let index = number.saturating_sub(1);
        self.move_lines.get(index).copied().unwrap_or(self.line)
    }

    /// The value of tag `key`, which the record must have.
    pub fn required_tag(&self, key: &'static str) -> Result<&str, RecordsError> {
        self.tag(key).ok_or(RecordsError::MissingTag { tag: key })
    }
}

/// Reads one tag line `[Key "value"]`, line `number` of the file.
fn parse_tag(line: &str, number: usize) -> Result<(String, String), RecordsError> {
    let inner = line
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
        .ok_or(RecordsError::BadTagLine { line: number })?;
    let (key, rest) = inner
        .split_once(' ')
        .ok_or(RecordsError::TagWithoutValue { line: number })?;
    let quoted = rest
        .trim()
        .strip_prefix('"')
        .and_then(|rest| rest.strip_suffix('"'))
        .ok_or(RecordsError::UnquotedTagValue { line: number })?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(
                chars
                    .next()
                    .ok_or(RecordsError::LoneBackslash { line: number })?,
            ),
            '"' => return Err(RecordsError::UnescapedQuote { line: number }),
            c => value.push(c),
        }
    }
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(RecordsError::BadTagKey {
            line: number,
            key: key.to_string(),
        });
    }
    Ok((key.to_string(), value))
}

fn is_result_token(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*") || is_rank_token(token)
}

/// A result token of three to six players: the seats' ranks, `1-3-2` (GAMES.md).
fn is_rank_token(token: &str) -> bool {
    let ranks: Vec<&str> = token.split('-').collect();
    (3..=sumito_rules::board::MAX_SEATS).contains(&ranks.len())
        && ranks
            .iter()
            .all(|rank| !rank.is_empty() && rank.bytes().all(|b| b.is_ascii_digit()))
}

/// A record's movetext: its lines, each with its number in the file.
type Movetext = Vec<(usize, String)>;

/// A record's moves, the line of each, and its result token.
type Moves = (Vec<String>, Vec<usize>, Option<String>);

/// Splits movetext into move tokens and the result token; comments in braces and move numbers
/// (`12.`, `12...`, also glued to the move as `12.a1b2`) are dropped. An error names the
/// record by `line`, where its first tag is.
fn parse_movetext(text: &Movetext, line: usize) -> Result<Moves, RecordsError> {
    // The text without its comments, each word with its line.
    let mut words: Vec<(usize, String)> = Vec::new();
    let mut depth = 0;
    for (number, text) in text {
        let mut plain = String::new();
        for c in text.chars() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => return Err(RecordsError::UnopenedComment { line }),
                '}' => {
                    depth -= 1;
                    plain.push(' ');
                }
                c if depth == 0 => plain.push(c),
                _ => {}
            }
        }
        words.extend(plain.split_whitespace().map(|w| (*number, w.to_string())));
    }
    if depth > 0 {
        return Err(RecordsError::UnclosedComment { line });
    }
    let (mut moves, mut move_lines) = (Vec::new(), Vec::new());
    let mut result = None;
    for (number, token) in &words {
        let token = token.as_str();
        if result.is_some() {
            return Err(RecordsError::AfterResult {
                line,
                token: token.to_string(),
            });
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
            move_lines.push(*number);
        }
    }
    Ok((moves, move_lines, result))
}

/// Reads every record of a records file; an error names the line.
pub fn parse_records(text: &str) -> Result<Vec<Record>, RecordsError> {
    // A byte-order mark, as editors on Windows write one, is no part of the first tag.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut records = Vec::new();
    let mut current: Option<Record> = None;
    let mut movetext = Movetext::new();
    let mut in_movetext = false;
    let finish = |record: Option<Record>, movetext: &mut Movetext, records: &mut Vec<Record>| {
        if let Some(mut record) = record {
            let (moves, move_lines, result) = parse_movetext(movetext, record.line)?;
            record.moves = moves;
            record.move_lines = move_lines;
            record.result = result;
            records.push(record);
        }
        movetext.clear();
        Ok::<(), RecordsError>(())
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
            let tag = parse_tag(line, number)?;
            if let Some(record) = current.as_mut() {
                if record.tags.iter().any(|(name, _)| *name == tag.0) {
                    return Err(RecordsError::RepeatedTag {
                        tag: tag.0,
                        line: number,
                    });
                }
                let starts = ["Layout", "FEN"];
                let is_start = |name: &str| starts.contains(&name);
                if is_start(&tag.0) && record.tags.iter().any(|(name, _)| is_start(name)) {
                    return Err(RecordsError::TwoStarts { line: number });
                }
                record.tags.push(tag);
            }
        } else {
            if current.is_none() {
                return Err(RecordsError::MovetextBeforeTag { line: number });
            }
            in_movetext = true;
            movetext.push((number, line.to_string()));
        }
    }
    finish(current, &mut movetext, &mut records)?;
    Ok(records)
}

/// Reads every record of the records file at `path`; an error names the file (and the line).
pub fn read_records(path: &Path) -> Result<Vec<Record>, RecordsError> {
    let bytes = std::fs::read(path).map_err(|source| RecordsError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    parse_records(&String::from_utf8_lossy(&bytes)).map_err(|e| RecordsError::InFile {
        path: path.to_path_buf(),
        source: Box::new(e),
    })
}
