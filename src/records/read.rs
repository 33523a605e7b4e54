//! Reading game records in the PGN-like format of GAMES.md.

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
