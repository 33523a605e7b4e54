//! Protocol errors: one `error <code> <message>` line, after which the engine carries on.

/// The kind of error, printed as its code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorCode {
    /// The first word is not a command.
    UnknownCommand,
    /// The command's arguments are malformed.
    Syntax,
    /// A move that is not legal in its position.
    IllegalMove,
    /// A position string that does not parse.
    BadFen,
    /// An unknown option or a value out of range.
    BadOption,
    /// The command needs the engine, which is searching.
    Busy,
    /// `ponderhit` while no search ponders.
    NotPondering,
    /// The engine failed (a bug): a search panicked.
    Internal,
}

impl ErrorCode {
    /// The code as printed.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::UnknownCommand => "unknown-command",
            ErrorCode::Syntax => "syntax",
            ErrorCode::IllegalMove => "illegal-move",
            ErrorCode::BadFen => "bad-fen",
            ErrorCode::BadOption => "bad-option",
            ErrorCode::Busy => "busy",
            ErrorCode::NotPondering => "not-pondering",
            ErrorCode::Internal => "internal",
        }
    }
}

/// An error answer; its text is the whole answer line, `error <code> <message>`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("error {} {}", .code.as_str(), one_line(.message))]
pub struct ProtocolError {
    /// What kind.
    pub code: ErrorCode,
    /// Why, for a human.
    pub message: String,
}

impl ProtocolError {
    /// An error of kind `code`.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ProtocolError {
        ProtocolError {
            code,
            message: message.into(),
        }
    }

    /// A syntax error.
    pub fn syntax(message: impl Into<String>) -> ProtocolError {
        ProtocolError::new(ErrorCode::Syntax, message)
    }
}

/// The most characters of a message written: one that repeats a whole word of the input (a line
/// holds up to a megabyte) is cut there.
pub const MAX_MESSAGE: usize = 1000;

/// The message with each control character shown as its escape: `\x00`, `\x1b`, cut after
/// [`MAX_MESSAGE`] characters with `…`.
fn one_line(message: &str) -> String {
    // The message must stay on one line whatever the input held, and a control byte in it
    // is shown, not sent.
    let mut line: String = message
        .chars()
        .take(MAX_MESSAGE)
        .map(|c| match c {
            c if c.is_control() && (c as u32) < 0x100 => format!("\\x{:02x}", c as u32),
            c if c.is_control() => format!("\\u{{{:x}}}", c as u32),
            c => c.to_string(),
        })
        .collect();
    if message.chars().nth(MAX_MESSAGE).is_some() {
        line.push('…');
    }
    line
}

/// Quotes a piece of input for an error message, shortened and on one line.
pub fn quote(text: &str) -> String {
    let mut short: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        short.push('…');
    }
    format!("'{short}'")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_stays_on_one_line_and_is_cut_when_long() {
        let error = ProtocolError::syntax("a\rb\u{1b}c");
        assert_eq!(error.to_string(), "error syntax a\\x0db\\x1bc");
        let long = ProtocolError::syntax("x".repeat(MAX_MESSAGE + 1));
        let line = long.to_string();
        assert!(
            line.ends_with(&format!("{}…", "x".repeat(MAX_MESSAGE))),
            "{line}"
        );
        assert_eq!(
            line.chars().count(),
            "error syntax ".len() + MAX_MESSAGE + 1
        );
        let exact = ProtocolError::syntax("x".repeat(MAX_MESSAGE)).to_string();
        assert!(!exact.ends_with('…'));
    }
}
