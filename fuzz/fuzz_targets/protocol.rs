//! Arbitrary bytes as protocol input, split into lines: the engine loop never panics and still
//! answers isready and shows a valid position afterwards.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::io::Write;
use std::sync::{Arc, Mutex};
use sumito::board::Position;
use sumito::protocol::{Output, Session};

#[derive(Clone, Default)]
struct Buffer(Arc<Mutex<Vec<u8>>>);

impl Write for Buffer {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fuzz_target!(|data: &[u8]| {
    let buffer = Buffer::default();
    let mut session = Session::new(Output::new(Box::new(buffer.clone())), 1, 1).unwrap();
    for line in String::from_utf8_lossy(data).split('\n') {
        // Searches would make runs slow and nondeterministic; bench takes seconds.
        let word = line.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
        if word == "go" || word == "bench" {
            continue;
        }
        session.handle(line);
    }
    session.handle("isready");
    session.handle("d");
    let output = String::from_utf8_lossy(&buffer.0.lock().unwrap()).into_owned();
    assert!(output.contains("readyok"));
    let fen = output.lines().rev().find_map(|l| l.strip_prefix("fen ")).expect("d shows fen");
    assert!(fen.parse::<Position>().is_ok());
    session.shut_down();
});
