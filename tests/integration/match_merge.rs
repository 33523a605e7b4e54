//! `sumito match --shard` and `--merge` driven through the binary: the shards of a match of two
//! players or of three, merged, give the unsharded match's table and, under `depth=`, its games
//! move for move; missing and repeated rounds are reported; bad input gives messages.

use crate::common::engines::{SUMITO, sumito_name};
use crate::common::matches::{games, records, run_match, scratch, table_args, three_depths};
use std::fs;
use std::path::Path;
use sumito_games::records::Record;

/// The flags of the two-player match the tests here play (or a shard of it).
fn match_flags(records: &Path) -> Vec<String> {
    [
        "--engine",
        SUMITO,
        "--name",
        "A",
        "--engine",
        SUMITO,
        "--name",
        "B",
        "--tc",
        "1:depth=2",
        "--tc",
        "2:depth=1",
        "--games",
        "11",
        "--max-plies",
        "60",
        "--seed",
        "5",
        "--sprt",
        "elo0=0",
        "elo1=5",
        "--records",
        records.to_str().unwrap(),
    ]
    .map(String::from)
    .to_vec()
}

/// The flags of a match, writing its records to the file given.
type Flags = fn(&Path) -> Vec<String>;

/// The flags of a three-player match of Sumito at three depths, every seating.
fn three_player_flags(records: &Path) -> Vec<String> {
    let mut flags = three_depths("8", "12");
    flags.extend([
        "--records".to_string(),
        records.to_str().unwrap().to_string(),
    ]);
    flags
}

/// The words of the table's first row (below its header).
fn first_row(table: &str) -> Vec<&str> {
    let row = table.lines().nth(1).expect("a table row");
    row.split_whitespace().collect()
}

/// Plays the two-player match, or shard `shard` of it, into `records`; returns its table.
fn play(records: &Path, shard: Option<&str>) -> String {
    play_with(match_flags(records), shard)
}

/// Plays the match of `flags`, or shard `shard` of it; returns its table.
fn play_with(mut flags: Vec<String>, shard: Option<&str>) -> String {
    if let Some(shard) = shard {
        flags.extend(["--shard".to_string(), shard.to_string()]);
    }
    let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
    let run = run_match(&flags);
    assert!(run.success, "{}", run.stderr);
    run.stdout
}

#[test]
fn shards_merged_are_the_full_match_move_for_move() {
    let dir = scratch("merge-shards");
    // Two players in three shards, and three players (every seating of Sumito at three
    // depths) in two.
    let kinds: [(&str, Flags, usize, usize); 2] = [
        ("two", match_flags, 3, 11),
        ("three", three_player_flags, 2, 12),
    ];
    for (kind, flags, count, rounds) in kinds {
        let full_file = dir.join(format!("{kind}-full.txt"));
        let full_table = play_with(flags(&full_file), None);
        let shards = dir.join(format!("{kind}-shards"));
        fs::create_dir_all(&shards).unwrap();
        let shard_file = |k: usize| shards.join(format!("shard-{k}.txt"));
        for k in 1..=count {
            play_with(flags(&shard_file(k)), Some(&format!("{k}/{count}")));
        }
        let shard_records: Vec<Record> =
            (1..=count).flat_map(|k| records(&shard_file(k))).collect();
        assert_eq!(games(&shard_records), games(&records(&full_file)), "{kind}");
        // A directory, a pattern the shell did not expand, and the files one by one.
        let pattern = format!("{}/shard-*.txt", shards.display());
        let files: Vec<String> = (1..=count)
            .map(|k| shard_file(k).display().to_string())
            .collect();
        let as_directory = [shards.to_str().unwrap()];
        let as_pattern = [pattern.as_str()];
        let as_files: Vec<&str> = files.iter().map(String::as_str).collect();
        let said = format!("merge: {rounds} games from {count} files");
        for inputs in [&as_directory[..], &as_pattern[..], &as_files[..]] {
            let mut args = vec!["--merge"];
            args.extend_from_slice(inputs);
            if kind == "two" {
                args.extend(["--sprt", "elo0=0", "elo1=5"]);
            }
            let merged = run_match(&args);
            assert!(merged.success, "{inputs:?}: {}", merged.stderr);
            assert!(merged.stderr.contains(&said), "{}", merged.stderr);
            // The live table, the same line for line, then the rounds.
            let expected = format!("{full_table}Rounds 1 to {rounds}: each once.\n");
            assert_eq!(merged.stdout, expected, "{inputs:?}");
        }
    }
    let shards = dir.join("two-shards");
    let merged = run_match(&[
        "--merge",
        shards.to_str().unwrap(),
        "--sprt",
        "elo0=0",
        "elo1=5",
    ]);
    assert!(
        merged.stdout.contains("SPRT: elo0 0 elo1 5"),
        "{}",
        merged.stdout
    );
    // A file beside the records in the directory is passed over with a warning.
    let notes = shards.join("notes.md");
    fs::write(&notes, "Shards played on three machines.\n").unwrap();
    let merged = run_match(&["--merge", shards.to_str().unwrap()]);
    assert!(merged.success, "{}", merged.stderr);
    let skipped = format!("warning: skipping {}: ", notes.display());
    assert!(merged.stderr.contains(&skipped), "{}", merged.stderr);
    assert!(
        merged.stderr.contains("merge: 11 games from 3 files"),
        "{}",
        merged.stderr
    );
    assert!(merged.stdout.ends_with("Rounds 1 to 11: each once.\n"));
    // Named on the command line, it is an error.
    let named = run_match(&["--merge", notes.to_str().unwrap()]);
    assert!(
        !named.success && named.stderr.contains("error: "),
        "{}",
        named.stderr
    );
}

#[test]
fn missing_and_repeated_rounds_are_reported() {
    let dir = scratch("merge-rounds");
    let first = dir.join("first.txt");
    play(&first, Some("1/3"));
    let third = dir.join("third.txt");
    play(&third, Some("3/3"));
    let (first, third) = (first.to_str().unwrap(), third.to_str().unwrap());
    let merged = run_match(&["--merge", first, third, first]);
    assert!(merged.success, "{}", merged.stderr);
    // Shard 1/3 holds colour pairs 1 and 4 (rounds 1-2, 7-8), shard 3/3 pairs 3 and 6 (rounds
    // 5-6, 11): shard 2/3's rounds 3-4 and 9-10 are missing, shard 1/3's are there twice.
    let summary = "Rounds 1 to 11: missing 3-4, 9-10 (4 rounds); more than once 1-2, 7-8 \
                   (4 rounds).";
    assert!(
        merged.stdout.ends_with(&format!("{summary}\n")),
        "{}",
        merged.stdout
    );
    assert!(
        merged.stderr.contains(&format!("warning: {summary}")),
        "{}",
        merged.stderr
    );
    // Every record counts: 4 + 3 + 4 games.
    let row = first_row(&merged.stdout);
    assert_eq!(row[..4], ["A", "vs", "B", "11"], "{}", merged.stdout);
}

#[test]
fn bad_merges_give_messages() {
    let dir = scratch("merge-bad");
    let empty = dir.join("empty");
    fs::create_dir_all(&empty).unwrap();
    let illegal = dir.join("illegal.txt");
    fs::write(
        &illegal,
        "[Round \"1\"]\n[Black \"A\"]\n[White \"B\"]\n[Layout \"standard\"]\n\
         [Result \"1-0\"]\n[Termination \"crash\"]\n\n1. a1a3 1-0\n",
    )
    .unwrap();
    let no_round = dir.join("no-round.txt");
    fs::write(
        &no_round,
        "[Black \"A\"]\n[White \"B\"]\n[Layout \"standard\"]\n[Result \"1-0\"]\n\
         [Termination \"crash\"]\n\n1-0\n",
    )
    .unwrap();
    let pattern = format!("{}/nothing-*.txt", dir.display());
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["/no/such/records"], "cannot read the records file"),
        (vec![&pattern], "no file matches"),
        (
            vec![empty.to_str().unwrap()],
            "no record files in the directory",
        ),
        (
            vec![illegal.to_str().unwrap()],
            "game 1 (line 1): illegal move 1 'a1a3'",
        ),
        (vec![no_round.to_str().unwrap()], "no Round tag"),
        (vec!["f", "--engine", SUMITO], "cannot be used with"),
        (vec!["f", "--games", "4"], "cannot be used with"),
        (vec!["f", "--sprt", "elo0=5", "elo1=0"], "below"),
    ];
    for (inputs, expected) in cases {
        let mut args = vec!["--merge"];
        args.extend(inputs.iter().copied());
        let run = run_match(&args);
        assert!(!run.success, "{args:?} succeeded");
        assert!(run.stderr.contains(expected), "{args:?}: {}", run.stderr);
    }
    // Two-player records and N-player records do not share a table.
    let three = table_args("3", &[SUMITO, SUMITO, SUMITO], &["--tc", "depth=1"]);
    let dir = scratch("multi-mixed");
    let two = dir.join("two.txt");
    fs::write(&two, "[Round \"1\"]\n[Black \"a\"]\n[White \"b\"]\n[Layout \"standard\"]\n[Result \"1/2-1/2\"]\n[Termination \"game time\"]\n\n1/2-1/2\n\n").unwrap();
    let three_file = dir.join("three.txt");
    let mut args = three.to_vec();
    args.extend([
        "--games",
        "6",
        "--seed",
        "1",
        "--records",
        three_file.to_str().unwrap(),
    ]);
    assert!(run_match(&args).success);
    let mixed = run_match(&["--merge", dir.to_str().unwrap()]);
    assert!(
        mixed.stderr.contains("different numbers of players"),
        "{}",
        mixed.stderr
    );
    // A merge counts only what --verify accepts, and one name in two teams is refused.
    let text = fs::read_to_string(&three_file).unwrap();
    let first = text.split("\n\n[Event").next().unwrap().to_string() + "\n\n";
    let result = first
        .split("[Result \"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    for (changed, message) in [
        (first.replace(result, "3-3-3"), "wrong result 3-3-3"),
        (
            first.replace(
                "[White \"",
                &format!("[White \"{} #1\"]\n[X \"", sumito_name()),
            ),
            "plays seats of different teams",
        ),
    ] {
        let file = dir.join("changed.txt");
        fs::write(&file, changed).unwrap();
        let run = run_match(&["--merge", file.to_str().unwrap()]);
        assert!(
            !run.success && run.stderr.contains(message),
            "{message}: {}",
            run.stderr
        );
    }
}

#[test]
fn play_records_merge_with_an_abandoned_game_passed_over() {
    let dir = scratch("merge-play");
    let file = dir.join("play.txt");
    let record = |result: &str, termination: &str| {
        format!(
            "[Event \"sumito play\"]\n[Round \"1\"]\n[Black \"You\"]\n[White \"Sumito\"]\n\
             [Result \"{result}\"]\n[Layout \"standard\"]\n[MaxPlies \"0\"]\n\
             [Termination \"{termination}\"]\n[PlyCount \"2\"]\n\n1. a1b2 i9h8 {result}\n\n"
        )
    };
    let text = record("*", "abandoned") + &record("0-1", "resignation");
    fs::write(&file, text).unwrap();
    let verified = run_match(&["--verify", file.to_str().unwrap()]);
    assert!(verified.success, "{}", verified.stderr);
    let merged = run_match(&["--merge", file.to_str().unwrap()]);
    assert!(merged.success, "{}", merged.stderr);
    let passed_over = format!(
        "warning: {}: game 1 (line 1) is unfinished (*): not counted",
        file.display()
    );
    assert!(merged.stderr.contains(&passed_over), "{}", merged.stderr);
    assert!(
        merged.stderr.contains("merge: 1 game from 1 file"),
        "{}",
        merged.stderr
    );
    let row = first_row(&merged.stdout);
    assert_eq!(
        row[..8],
        ["You", "vs", "Sumito", "1", "0", "0", "1", "0.0%"],
        "{}",
        merged.stdout
    );
}
