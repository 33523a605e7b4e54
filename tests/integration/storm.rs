//! A storm of rapid, random but valid commands against the real binary: searches of every
//! kind started and stopped in quick succession, positions and options changed in between.
//! The engine must never hang (every `isready` answered), write exactly one `bestmove` per
//! accepted `go`, refuse a `go` during a search with `error busy` and nothing else, and exit
//! cleanly on `quit`. Seeded, so a failure replays.

use crate::common::uap::Uap;
use std::time::{Duration, Instant};
use sumito_rules::board::{Layout, Position};
use sumito_rules::random::Random;

/// A bound on any one answer: it guards against a hang, it is not a speed claim.
const PATIENCE: Duration = Duration::from_secs(10);
/// Commands per storm.
const COMMANDS: usize = 300;

struct Engine {
    uap: Uap,
    /// `bestmove` lines read so far.
    bestmoves: usize,
    /// Everything read, for the failure message.
    transcript: Vec<String>,
}

impl Engine {
    fn start() -> Engine {
        Engine {
            uap: Uap::start(),
            bestmoves: 0,
            transcript: Vec::new(),
        }
    }

    fn send(&mut self, command: &str) {
        self.transcript.push(format!("> {command}"));
        self.uap.send(command);
    }

    /// Takes one line (counting `bestmove`s); `None` on a timeout or when the output closed.
    fn read(&mut self, deadline: Instant) -> Option<String> {
        let line = self.uap.read(deadline)?;
        if line.starts_with("bestmove") {
            self.bestmoves += 1;
        }
        if !line.starts_with("info") {
            self.transcript.push(format!("< {line}"));
        }
        Some(line)
    }

    /// Reads what has arrived without waiting.
    fn drain(&mut self) {
        while self.read(Instant::now()).is_some() {}
    }

    /// `isready`, then the error lines written before `readyok`. Commands are handled in
    /// order, so these answer the commands sent since the last fence.
    fn fence(&mut self) -> Vec<String> {
        self.send("isready");
        let deadline = Instant::now() + PATIENCE;
        let mut errors = Vec::new();
        loop {
            match self.read(deadline) {
                Some(line) if line == "readyok" => return errors,
                Some(line) if line.starts_with("error") => errors.push(line),
                Some(_) => {}
                None => panic!("isready not answered in {PATIENCE:?}:\n{}", self.tail()),
            }
        }
    }

    fn tail(&self) -> String {
        let from = self.transcript.len().saturating_sub(40);
        self.transcript[from..].join("\n")
    }
}

/// A random `position` command with a few legal moves.
fn random_position(rng: &mut Random) -> String {
    let layouts = [Layout::Standard, Layout::BelgianDaisy, Layout::GermanDaisy];
    let layout = layouts[rng.below(layouts.len())];
    let mut command = match layout {
        Layout::Standard if rng.below(2) == 0 => "position startpos".to_string(),
        _ => format!("position layout {}", layout.name()),
    };
    let mut position: Position = layout.position();
    let plies = rng.below(7);
    if plies > 0 {
        command += " moves";
    }
    for _ in 0..plies {
        let moves = position.moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves.as_slice()[rng.below(moves.len())];
        command += &format!(" {mv}");
        position = position.play(mv);
    }
    command
}

fn storm(seed: u64) {
    let mut rng = Random(seed);
    let mut engine = Engine::start();
    let mut accepted = 0;
    for _ in 0..COMMANDS {
        match rng.below(12) {
            0..=3 => {
                let go = match rng.below(3) {
                    0 => format!("go movetime {}", 1 + rng.below(20)),
                    1 => format!("go depth {}", 1 + rng.below(3)),
                    _ => "go infinite".to_string(),
                };
                engine.send(&go);
                // Fenced at once so that an `error busy` is known to answer this `go` (a
                // `setoption` during a search gets the same answer).
                match engine.fence().as_slice() {
                    [] => accepted += 1,
                    [busy] if busy.starts_with("error busy") => {}
                    other => panic!("'{go}' answered {other:?}:\n{}", engine.tail()),
                }
            }
            4..=6 => engine.send("stop"),
            7 | 8 => engine.send(&random_position(&mut rng)),
            9 => {
                let option = if rng.below(2) == 0 {
                    format!("setoption name Hash value {}", 1 + rng.below(16))
                } else {
                    format!("setoption name Threads value {}", 1 + rng.below(3))
                };
                engine.send(&option);
                match engine.fence().as_slice() {
                    [] => {}
                    [busy] if busy.starts_with("error busy") => {}
                    other => panic!("'{option}' answered {other:?}:\n{}", engine.tail()),
                }
            }
            _ => {
                let errors = engine.fence();
                assert!(errors.is_empty(), "{errors:?}:\n{}", engine.tail());
            }
        }
        engine.drain();
        // Let some searches get going before the next command, and not others.
        if rng.below(4) == 0 {
            std::thread::sleep(Duration::from_millis(rng.below(15) as u64));
        }
    }
    // End any search, then wait until the last `bestmove` has been read.
    engine.send("stop");
    let errors = engine.fence();
    assert!(errors.is_empty(), "{errors:?}:\n{}", engine.tail());
    assert_eq!(
        engine.bestmoves,
        accepted,
        "seed {seed}: {accepted} searches accepted, {} bestmove lines:\n{}",
        engine.bestmoves,
        engine.tail()
    );
    eprintln!(
        "seed {seed}: {accepted} searches, {} refused as busy",
        engine
            .transcript
            .iter()
            .filter(|l| l.starts_with("< error busy"))
            .count()
    );
    engine.send("quit");
    engine.uap.close_input();
    let deadline = Instant::now() + PATIENCE;
    while engine.read(deadline).is_some() {}
    assert_eq!(engine.bestmoves, accepted, "a bestmove after quit");
    let status = loop {
        match engine.uap.child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(10)),
            _ => {
                let _ = engine.uap.child.kill();
                panic!("seed {seed}: the engine did not exit after quit");
            }
        }
    };
    assert!(status.success(), "seed {seed}: exit status {status}");
    // Every search kind should have come up, or the storm tested less than it claims.
    let sent = |prefix: &str| engine.transcript.iter().any(|l| l.starts_with(prefix));
    for prefix in [
        "> go movetime",
        "> go depth",
        "> go infinite",
        "> setoption",
    ] {
        assert!(sent(prefix), "seed {seed}: no '{prefix}' sent");
    }
}

#[test]
fn storm_of_commands_never_hangs_and_answers_each_go_once() {
    for seed in 1..=6 {
        storm(seed);
    }
}
