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

/// Runs `sumito match <args>` of owned words.
pub fn run_strings(args: &[String]) -> Run {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    run_match(&args)
}

/// A match table's lines, without the rounds line `--merge` adds.
pub fn table_lines(stdout: &str) -> Vec<&str> {
    stdout
        .lines()
        .filter(|l| !l.starts_with("Rounds"))
        .collect()
}

/// The flags of a three-player match of Sumito at depths 3, 2 and 1 (named `d3`, `d2`, `d1`).
pub fn three_depths(seed: &str, games: &str) -> Vec<String> {
    let mut args: Vec<String> = ["--players", "3"].map(String::from).to_vec();
    for depth in [3, 2, 1] {
        args.extend([
            "--engine".into(),
            super::engines::SUMITO.into(),
            "--name".into(),
            format!("d{depth}"),
        ]);
    }
    for (engine, depth) in [(1, 3), (2, 2), (3, 1)] {
        args.extend(["--tc".into(), format!("{engine}:depth={depth}")]);
    }
    args.extend(["--seed", seed, "--games", games, "--max-plies", "150"].map(String::from));
    args
}

/// `--players N`, one `--engine` for each of `engines`, then `rest`: a match's arguments.
pub fn table_args<'a>(players: &'a str, engines: &[&'a str], rest: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["--players", players];
    for engine in engines {
        args.extend(["--engine", engine]);
    }
    args.extend_from_slice(rest);
    args
}
