//! Arbitrary bytes as protocol input, split into lines: the engine loop never panics, answers
//! isready, shows a valid position afterwards, and gives at most one final answer per job.
//! `go`, `go perft` and `bench` run for real, with whatever clocks and limits the input holds,
//! and each is stopped right after it starts so that runs stay fast.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sumito_engine::protocol::{Output, Session};
use sumito_rules::board::Position;

fuzz_target!(|data: &[u8]| {
    let (out, buffer) = Output::captured();
    let mut session = Session::new(out, 1, 1).unwrap();
    let mut jobs = 0;
    for line in String::from_utf8_lossy(data).split('\n') {
        session.handle(line);
        let word = line
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        if word == "go" || word == "bench" {
            jobs += 1;
            session.handle("stop");
        }
    }
    session.handle("isready");
    session.handle("d");
    let lines = buffer.lines();
    assert!(lines.iter().any(|l| l == "readyok"));
    let fen = lines
        .iter()
        .rev()
        .find_map(|l| l.strip_prefix("fen "))
        .expect("d shows fen");
    assert!(fen.parse::<Position>().is_ok());
    // A job's last line is `bestmove`, `nodes …` (perft) or `… nodes … nps` (bench).
    let finals = lines
        .iter()
        .filter(|l| {
            l.starts_with("bestmove")
                || l.starts_with("nodes ")
                || l.ends_with(" nps")
                || l.ends_with(" nps stopped")
        })
        .count();
    assert!(finals <= jobs, "{finals} final lines for {jobs} jobs");
    session.shut_down();
});
