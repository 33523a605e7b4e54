//! UAP, the Universal Abalone Protocol (see PROTOCOL.md): a UCI-like line protocol on stdin and
//! stdout with explicit `error` answers.

mod command;
mod error;
mod options;
mod output;
mod progress;
mod session;

pub use command::{Command, Go, MAX_PERFT_DEPTH, Start};
pub use error::{ErrorCode, ProtocolError};
pub use output::{Captured, Output, info_line};
pub use session::{Flow, Session};

use std::io::BufRead;

/// Longest input line read; the rest of a longer line is skipped and answered with an error.
pub const MAX_LINE: usize = 1 << 20;

/// Runs the engine loop until `quit` or the end of `input`.
pub fn run(input: impl BufRead, session: &mut Session, out: &Output) {
    let mut input = input;
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        match read_line(&mut input, &mut buffer) {
            Ok(LineRead::End) | Err(_) => break,
            Ok(LineRead::TooLong) => {
                out.line(&format!(
                    "error syntax line longer than {MAX_LINE} bytes ignored"
                ));
                continue;
            }
            Ok(LineRead::Line) => {}
        }
        let line = String::from_utf8_lossy(&buffer);
        if session.handle(&line) == Flow::Quit {
            return;
        }
    }
    session.shut_down();
}

enum LineRead {
    Line,
    TooLong,
    End,
}

/// Reads one line into `buffer`, at most [`MAX_LINE`] bytes of it.
fn read_line(input: &mut impl BufRead, buffer: &mut Vec<u8>) -> std::io::Result<LineRead> {
    let read = std::io::Read::take(&mut *input, MAX_LINE as u64 + 1).read_until(b'\n', buffer)?;
    if read == 0 {
        return Ok(LineRead::End);
    }
    if buffer.len() > MAX_LINE && buffer.last() != Some(&b'\n') {
        // Skip the rest of the line.
        let mut rest = Vec::new();
        loop {
            rest.clear();
            let n =
                std::io::Read::take(&mut *input, MAX_LINE as u64).read_until(b'\n', &mut rest)?;
            if n == 0 || rest.last() == Some(&b'\n') {
                break;
            }
        }
        return Ok(LineRead::TooLong);
    }
    Ok(LineRead::Line)
}
