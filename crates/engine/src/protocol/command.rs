//! The protocol's commands, read from one input line.

use super::error::{ErrorCode, ProtocolError, quote};
use crate::search::MAX_DEPTH;
use sumito_rules::board::Layout;
use sumito_rules::board::MAX_SEATS;
use sumito_rules::game::{AnyLayout, UnknownAnyLayout};

/// The most moves `go mate` looks for: a win in n moves takes 2n - 1 plies of search.
pub const MAX_MATE: u32 = MAX_DEPTH.div_ceil(2);

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// A starting layout of any number of players (`startpos` is the standard one).
    Layout(AnyLayout),
    /// A position string.
    Fen(String),
}

/// The arguments of `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// Each seat's time left, in ms (may be zero or negative): `time1`..`time6`, with `btime`
    /// and `wtime` the first two.
    pub time: [Option<i64>; MAX_SEATS],
    /// Each seat's increment, in ms: `inc1`..`inc6`, with `binc` and `winc` the first two.
    pub increment: [Option<i64>; MAX_SEATS],
    /// Moves to the next time control.
    pub moves_to_go: Option<u32>,
    /// Fixed time for this move, in ms.
    pub movetime: Option<u64>,
    /// Depth limit.
    pub depth: Option<u32>,
    /// Node limit.
    pub nodes: Option<u64>,
    /// Look for a win in this many of the mover's moves.
    pub mate: Option<u32>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Ponder until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Restrict the search to these moves (as written).
    pub searchmoves: Vec<String>,
}

/// One command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Uap,
    IsReady,
    SetOption { name: String, value: Option<String> },
    NewGame,
    Position { start: Start, moves: Vec<String> },
    Go(Box<Go>),
    GoPerft(u32),
    Stop,
    PonderHit,
    Quit,
    Moves,
    Display,
    Eval,
    Bench(Option<u32>),
    Help,
}

/// Deepest `go perft` accepted: deeper runs take minutes and block the protocol.
pub const MAX_PERFT_DEPTH: u32 = 8;

fn number<T: std::str::FromStr>(keyword: &str, token: Option<&str>) -> Result<T, ProtocolError> {
    let token = token.ok_or_else(|| ProtocolError::syntax(format!("{keyword} needs a number")))?;
    token.parse::<T>().map_err(|_| {
        ProtocolError::syntax(format!(
            "{keyword}: {} is not a number in range",
            quote(token)
        ))
    })
}

impl Command {
    /// Reads a command from a line (already trimmed and not empty); words are separated by
    /// blanks and matched without regard to case.
    pub fn parse(line: &str) -> Result<Command, ProtocolError> {
        let mut words = line.split_whitespace();
        let name = words.next().unwrap_or_default().to_ascii_lowercase();
        let rest: Vec<&str> = words.collect();
        let no_arguments = |command: Command| {
            if rest.is_empty() {
                Ok(command)
            } else {
                Err(ProtocolError::syntax(format!("{name} takes no arguments")))
            }
        };
        match name.as_str() {
            "uap" => no_arguments(Command::Uap),
            "isready" => no_arguments(Command::IsReady),
            "newgame" => no_arguments(Command::NewGame),
            "stop" => no_arguments(Command::Stop),
            "ponderhit" => no_arguments(Command::PonderHit),
            // Whatever follows, `quit` means quit: an engine that stays after it hangs its GUI.
            "quit" => Ok(Command::Quit),
            "moves" => no_arguments(Command::Moves),
            "d" => no_arguments(Command::Display),
            "eval" => no_arguments(Command::Eval),
            "help" => no_arguments(Command::Help),
            "bench" => match rest[..] {
                [] => Ok(Command::Bench(None)),
                [depth] => {
                    let depth: u32 = number("bench", Some(depth))?;
                    if !(1..=64).contains(&depth) {
                        return Err(ProtocolError::syntax("bench depth must be 1 to 64"));
                    }
                    Ok(Command::Bench(Some(depth)))
                }
                _ => Err(ProtocolError::syntax("bench takes at most a depth")),
            },
            "setoption" => parse_setoption(line, &rest),
            "position" => parse_position(&rest),
            "go" => parse_go(&rest),
            _ => Err(ProtocolError::new(
                ErrorCode::UnknownCommand,
                format!("unknown command {} (try help)", quote(&name)),
            )),
        }
    }
}

/// `setoption`'s `words`, each a slice of `line`: the value is the rest of the line as sent,
/// blanks and all, since a file name may hold two in a row.
fn parse_setoption(line: &str, words: &[&str]) -> Result<Command, ProtocolError> {
    let usage = || ProtocolError::syntax("usage: setoption name <Name> [value <value>]");
    if words.first().map(|w| w.to_ascii_lowercase()) != Some("name".into()) {
        return Err(usage());
    }
    let value_at = words.iter().position(|w| w.eq_ignore_ascii_case("value"));
    let name_words = &words[1..value_at.unwrap_or(words.len())];
    if name_words.is_empty() {
        return Err(usage());
    }
    let value = match value_at {
        Some(at) if at + 1 < words.len() => {
            let start = words[at + 1].as_ptr() as usize - line.as_ptr() as usize;
            Some(line[start..].to_string())
        }
        Some(_) => {
            let name = name_words.join(" ");
            return Err(ProtocolError::new(
                ErrorCode::BadOption,
                format!("{name}: 'value' with no value after it"),
            ));
        }
        None => None,
    };
    Ok(Command::SetOption {
        name: name_words.join(" "),
        value,
    })
}

fn parse_position(words: &[&str]) -> Result<Command, ProtocolError> {
    let usage = || {
        ProtocolError::syntax(
            "usage: position startpos | layout <name> | fen <position string> [moves <move>...]",
        )
    };
    let moves_at = words.iter().position(|w| w.eq_ignore_ascii_case("moves"));
    let (head, moves) = match moves_at {
        Some(at) => (
            &words[..at],
            words[at + 1..].iter().map(|m| m.to_string()).collect(),
        ),
        None => (words, Vec::new()),
    };
    // A position string has at most five fields (four for three to six players), none with a
    // move's shape after the board: such a word was most likely meant after the keyword
    // `moves`, so say that rather than count fields.
    if head.first().is_some_and(|w| w.eq_ignore_ascii_case("fen")) {
        if let Some(stray) = head.iter().skip(3).find(|w| looks_like_a_move(w)) {
            return Err(ProtocolError::syntax(format!(
                "{} after the position string: moves come after the word 'moves'",
                quote(stray)
            )));
        }
        if let Some(extra) = head.get(6) {
            return Err(ProtocolError::syntax(format!(
                "{} after the position string, which has at most five fields",
                quote(extra)
            )));
        }
    }
    let start = match head.first().map(|w| w.to_ascii_lowercase()).as_deref() {
        Some("startpos") if head.len() == 1 => Start::Layout(AnyLayout::Two(Layout::Standard)),
        Some("layout") if head.len() == 2 => Start::Layout(
            head[1]
                .parse()
                .map_err(|e: UnknownAnyLayout| ProtocolError::syntax(e.to_string()))?,
        ),
        Some("fen") if head.len() >= 2 => Start::Fen(head[1..].join(" ")),
        _ => return Err(usage()),
    };
    Ok(Command::Position { start, moves })
}

/// Whether `word` is `pass`, `leave` or has a move's shape (`a1b2`, `c3c4d3`: cells of a row
/// letter and a column digit), which no field of a position string after the board has.
fn looks_like_a_move(word: &str) -> bool {
    let bytes = word.as_bytes();
    word.eq_ignore_ascii_case("pass")
        || word.eq_ignore_ascii_case("leave")
        || matches!(bytes.len(), 4 | 6)
            && bytes.chunks(2).all(|cell| {
                matches!(cell[0].to_ascii_lowercase(), b'a'..=b'i')
                    && matches!(cell[1], b'1'..=b'9')
            })
}

/// The seat index of `time1`..`time6` (`prefix` "time") or `inc1`..`inc6` ("inc").
fn seat_clock(keyword: &str, prefix: &str) -> Option<usize> {
    let digit = keyword.strip_prefix(prefix)?;
    match digit.as_bytes() {
        [d @ b'1'..=b'6'] => Some((d - b'1') as usize),
        _ => None,
    }
}

fn parse_go(words: &[&str]) -> Result<Command, ProtocolError> {
    if let [first, rest @ ..] = words
        && first.eq_ignore_ascii_case("perft")
    {
        let depth: u32 = match rest {
            [depth] => number("perft", Some(depth))?,
            _ => return Err(ProtocolError::syntax("usage: go perft <depth>")),
        };
        if !(1..=MAX_PERFT_DEPTH).contains(&depth) {
            return Err(ProtocolError::syntax(format!(
                "perft depth must be 1 to {MAX_PERFT_DEPTH}"
            )));
        }
        return Ok(Command::GoPerft(depth));
    }
    let mut go = Go::default();
    let mut tokens = words.iter().copied();
    while let Some(token) = tokens.next() {
        let keyword = token.to_ascii_lowercase();
        if let Some(seat) = seat_clock(&keyword, "time") {
            go.time[seat] = Some(number(&keyword, tokens.next())?);
            continue;
        }
        if let Some(seat) = seat_clock(&keyword, "inc") {
            go.increment[seat] = Some(number(&keyword, tokens.next())?);
            continue;
        }
        match keyword.as_str() {
            "btime" => go.time[0] = Some(number(&keyword, tokens.next())?),
            "wtime" => go.time[1] = Some(number(&keyword, tokens.next())?),
            "binc" => go.increment[0] = Some(number(&keyword, tokens.next())?),
            "winc" => go.increment[1] = Some(number(&keyword, tokens.next())?),
            "movestogo" => go.moves_to_go = Some(number(&keyword, tokens.next())?),
            "movetime" => {
                let ms: i64 = number(&keyword, tokens.next())?;
                let ms = u64::try_from(ms).map_err(|_| {
                    ProtocolError::syntax(format!("movetime must be 0 or more ms, not {ms}"))
                })?;
                go.movetime = Some(ms);
            }
            "depth" => {
                let depth: u32 = number(&keyword, tokens.next())?;
                if depth == 0 {
                    return Err(ProtocolError::syntax(format!(
                        "depth must be 1 or more (deeper than {MAX_DEPTH} searches to {MAX_DEPTH})"
                    )));
                }
                go.depth = Some(depth);
            }
            "nodes" => {
                let nodes: u64 = number(&keyword, tokens.next())?;
                if nodes == 0 {
                    return Err(ProtocolError::syntax("nodes must be 1 or more"));
                }
                go.nodes = Some(nodes);
            }
            "mate" => {
                let moves: u32 = number(&keyword, tokens.next())?;
                if !(1..=MAX_MATE).contains(&moves) {
                    return Err(ProtocolError::syntax(format!(
                        "mate must be 1 to {MAX_MATE} moves"
                    )));
                }
                go.mate = Some(moves);
            }
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => {
                go.searchmoves = tokens.by_ref().map(str::to_string).collect();
                if go.searchmoves.is_empty() {
                    return Err(ProtocolError::syntax("searchmoves needs at least one move"));
                }
            }
            _ => {
                return Err(ProtocolError::syntax(format!(
                    "go: unknown parameter {}",
                    quote(token)
                )));
            }
        }
    }
    Ok(Command::Go(Box::new(go)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_parse_without_regard_to_case() {
        assert_eq!(Command::parse("UAP"), Ok(Command::Uap));
        assert_eq!(Command::parse("IsReady"), Ok(Command::IsReady));
        assert_eq!(
            Command::parse("position layout Belgian-Daisy MOVES a1b1 I5H5"),
            Ok(Command::Position {
                start: Start::Layout(AnyLayout::Two(Layout::BelgianDaisy)),
                moves: vec!["a1b1".into(), "I5H5".into()],
            })
        );
        assert_eq!(
            Command::parse("setoption name Clear Hash"),
            Ok(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            })
        );
        assert_eq!(
            Command::parse("setoption name Hash value 128"),
            Ok(Command::SetOption {
                name: "Hash".into(),
                value: Some("128".into())
            })
        );
    }

    #[test]
    fn an_option_value_keeps_its_blanks() {
        assert_eq!(
            Command::parse("setoption name EvalFile VALUE nets/my  net\tone.nnue"),
            Ok(Command::SetOption {
                name: "EvalFile".into(),
                value: Some("nets/my  net\tone.nnue".into())
            })
        );
    }

    #[test]
    fn a_position_string_keeps_its_fields() {
        let fen = "5/6/7/8/4b4/8/7/6/4w w 13 13 7";
        let parsed = Command::parse(&format!("position fen {fen} moves e5e6"));
        let moves = vec!["e5e6".to_string()];
        assert_eq!(
            parsed,
            Ok(Command::Position {
                start: Start::Fen(fen.into()),
                moves
            })
        );
    }

    #[test]
    fn go_reads_every_parameter() {
        let parsed = Command::parse(
            "go btime -5 wtime 1000 binc 10 winc 20 time3 7 INC6 8 movestogo 30 movetime 200 depth 7 nodes 99 mate 3 infinite ponder searchmoves a1b1 a2b2",
        );
        let expected = Go {
            time: [Some(-5), Some(1000), Some(7), None, None, None],
            increment: [Some(10), Some(20), None, None, None, Some(8)],
            moves_to_go: Some(30),
            movetime: Some(200),
            depth: Some(7),
            nodes: Some(99),
            mate: Some(3),
            infinite: true,
            ponder: true,
            searchmoves: vec!["a1b1".into(), "a2b2".into()],
        };
        assert_eq!(parsed, Ok(Command::Go(Box::new(expected))));
        assert_eq!(Command::parse("go perft 3"), Ok(Command::GoPerft(3)));
    }

    #[test]
    fn malformed_commands_say_why() {
        let cases = [
            ("frobnicate", ErrorCode::UnknownCommand),
            ("uap now", ErrorCode::Syntax),
            ("go depth", ErrorCode::Syntax),
            ("go depth x", ErrorCode::Syntax),
            ("go nodes 99999999999999999999999", ErrorCode::Syntax),
            ("go sideways", ErrorCode::Syntax),
            ("go perft 99", ErrorCode::Syntax),
            ("position", ErrorCode::Syntax),
            ("position layout hexagon", ErrorCode::Syntax),
            ("position startpos extra", ErrorCode::Syntax),
            ("setoption Hash 5", ErrorCode::Syntax),
            ("setoption name Hash value", ErrorCode::BadOption),
            ("bench 0", ErrorCode::Syntax),
        ];
        for (line, code) in cases {
            assert_eq!(
                Command::parse(line).map_err(|e| e.code),
                Err(code),
                "{line}"
            );
        }
    }
}
