//! Helpers of the `sumito match` tests: scratch directories, runs of the binary, records.
#![allow(dead_code)]

use super::engines::{Run, run_sumito};
use std::fs;
use std::ops::Deref;
use std::path::{Path, PathBuf};
use sumito_games::records::{Record, parse_records};

/// A scratch directory for one test, removed when it goes out of scope unless the test failed
/// (then it is kept to be looked at).
pub struct Scratch(PathBuf);

impl Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = fs::remove_dir_all(&self.0);
        }
    }
}

/// A fresh scratch directory for one test.
pub fn scratch(test: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("sumito-match-{}-{test}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch directory");
    Scratch(dir)
}

/// Runs `sumito match <args>`.
pub fn run_match(args: &[&str]) -> Run {
    let mut all = vec!["match"];
    all.extend_from_slice(args);
    run_sumito(&all)
}

/// The records of a file.
pub fn records(path: &Path) -> Vec<Record> {
    parse_records(&fs::read_to_string(path).expect("records written")).expect("records parse")
}

/// The record of a round.
pub fn by_round(records: &[Record], round: u32) -> &Record {
    records
        .iter()
        .find(|r| r.tag("Round") == Some(&round.to_string()))
        .expect("a record of every round")
}

/// Round, players, result, termination and moves of every game, by round: what two runs of
/// the same schedule must agree on.
pub fn games(records: &[Record]) -> Vec<(u64, Vec<String>)> {
    let mut games: Vec<(u64, Vec<String>)> = records
        .iter()
        .map(|record| {
            let round = record.tag("Round").unwrap().parse().unwrap();
            let mut game: Vec<String> = ["Black", "White", "Result", "Termination"]
                .iter()
                .map(|tag| record.tag(tag).unwrap().to_string())
                .collect();
            game.extend(record.moves.iter().cloned());
            (round, game)
        })
        .collect();
    games.sort();
    games
}
