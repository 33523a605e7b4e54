//! Arbitrary bytes as protocol input, split into lines: the engine loop never panics and still
//! answers isready and shows a valid position afterwards.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sumito::board::Position;
use sumito::protocol::{Command, Output, Session};

fuzz_target!(|data: &[u8]| {
    let (out, buffer) = Output::captured();
    let mut session = Session::new(out, 1, 1).unwrap();
    for line in String::from_utf8_lossy(data).split('\n') {
        // Searches would make runs slow and nondeterministic, and bench takes seconds, so `go`
        // lines are only parsed (the argument parser is where malformed input bites).
        let word = line.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
        if word == "go" {
            let _ = Command::parse(line);
            continue;
        }
        if word == "bench" {
            continue;
        }
        session.handle(line);
    }
    session.handle("isready");
    session.handle("d");
    let lines = buffer.lines();
    assert!(lines.iter().any(|l| l == "readyok"));
    let fen = lines.iter().rev().find_map(|l| l.strip_prefix("fen ")).expect("d shows fen");
    assert!(fen.parse::<Position>().is_ok());
    session.shut_down();
});
