//! `sumito match --players N` driven as an organiser would: Sumitos at different depths in
//! every seating, records that verify and merge to the live table, shards that merge to the
//! unsharded match, engines that fail (their seats leave and the game goes on), and flags that
//! make no sense at a larger table, refused.

use crate::common::engines::{SUMITO, script, sumito_name};
use crate::common::matches::{records, run_match, scratch};
use std::fs;
use sumito_games::records::verify_file;
use sumito_games::records::{PlayedGame, is_multi_record};

/// The common flags of a three-player match of Sumito at depths 3, 2 and 1.
fn three_depths(seed: &str, games: &str) -> Vec<String> {
    let mut args: Vec<String> = ["--players", "3"].map(String::from).to_vec();
    for depth in [3, 2, 1] {
        args.extend([
            "--engine".into(),
            SUMITO.into(),
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
fn table_args<'a>(players: &'a str, engines: &[&'a str], rest: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["--players", players];
    for engine in engines {
        args.extend(["--engine", engine]);
    }
    args.extend_from_slice(rest);
    args
}

fn run(args: &[String]) -> crate::common::engines::Run {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    run_match(&args)
}

/// The table's lines, without the rounds line `--merge` adds.
fn table(stdout: &str) -> Vec<&str> {
    stdout
        .lines()
        .filter(|l| !l.starts_with("Rounds"))
        .collect()
}

#[test]
fn a_three_player_match_plays_every_seating_and_its_records_verify_and_merge() {
    let dir = scratch("multi-three");
    let file = dir.join("games.txt");
    let mut args = three_depths("5", "12");
    args.extend([
        "--records".into(),
        file.to_str().unwrap().into(),
        "--concurrency".into(),
        "2".into(),
    ]);
    let live = run(&args);
    assert!(live.success, "{}", live.stderr);
    let lines = table(&live.stdout);
    assert!(
        lines[0].starts_with("Engine") && lines[0].contains("Shared %"),
        "{}",
        live.stdout
    );
    for name in ["d3", "d2", "d1"] {
        let row = lines
            .iter()
            .find(|l| l.starts_with(&format!("{name} ")))
            .expect("a row each");
        assert_eq!(row.split_whitespace().nth(1), Some("12"), "{row}");
    }
    let games = records(&file);
    assert_eq!(games.len(), 12);
    // Every engine sits in every seat equally often: 4 times each in 12 games.
    for tag in ["Black", "White", "Red"] {
        for name in ["d3", "d2", "d1"] {
            let times = games.iter().filter(|r| r.tag(tag) == Some(name)).count();
            assert_eq!(times, 4, "{name} as {tag}");
        }
    }
    // A group of six seatings shares an opening.
    let opening = |r: &sumito_games::records::Record| {
        let plies: usize = r.tag("OpeningPlies").unwrap().parse().unwrap();
        r.moves[..plies].to_vec()
    };
    let by_round = |round: u64| {
        games
            .iter()
            .find(|r| r.tag("Round") == Some(&round.to_string()))
            .unwrap()
    };
    assert_eq!(opening(by_round(1)), opening(by_round(6)));
    assert_ne!(opening(by_round(1)), opening(by_round(7)));
    for record in &games {
        assert!(is_multi_record(record));
        PlayedGame::from_record(record).expect("a finished game");
    }
    let verified = verify_file(&file).expect("every record verifies");
    assert!(verified.contains("12 games"), "{verified}");
    let merged = run_match(&["--merge", file.to_str().unwrap()]);
    assert!(merged.success, "{}", merged.stderr);
    assert_eq!(
        table(&merged.stdout),
        lines,
        "the merge prints the live table"
    );
    assert!(merged.stdout.contains("Rounds 1 to 12: each once."));
    assert!(!live.stdout.contains("Lateness"), "{}", live.stdout);
}

#[test]
fn shards_of_a_match_merge_to_the_whole_match() {
    let dir = scratch("multi-shards");
    let whole = run(&three_depths("8", "12"));
    assert!(whole.success, "{}", whole.stderr);
    let mut files = Vec::new();
    for shard in ["1/2", "2/2"] {
        let file = dir.join(format!("shard-{}.txt", &shard[..1]));
        let mut args = three_depths("8", "12");
        args.extend([
            "--shard".into(),
            shard.into(),
            "--records".into(),
            file.to_str().unwrap().into(),
        ]);
        assert!(run(&args).success);
        assert_eq!(records(&file).len(), 6, "each shard holds half the groups");
        files.push(file);
    }
    let merged = run_match(&["--merge", dir.to_str().unwrap()]);
    assert!(merged.success, "{}", merged.stderr);
    assert_eq!(table(&merged.stdout), table(&whole.stdout));
}

#[test]
fn failing_seats_leave_and_the_game_goes_on() {
    let dir = scratch("multi-faults");
    let file = dir.join("games.txt");
    // A bash script (a coprocess), not sh as script() runs.
    let crash = format!(
        "bash '{}/tests/engines/crash-after.sh' {SUMITO} 4",
        env!("CARGO_MANIFEST_DIR")
    );
    let run = run_match(&table_args(
        "3",
        &[SUMITO, &crash, &script("illegal")],
        &[
            "--tc",
            "movetime=20",
            // No engine here is meant to be late: a margin that no load on the machine can eat
            // keeps a busy test run from turning Sumito's answers into forfeits.
            "--time-margin",
            "10000",
            "--seed",
            "2",
            "--records",
            file.to_str().unwrap(),
        ],
    ));
    assert!(run.success, "{}", run.stderr);
    let games = records(&file);
    assert_eq!(games.len(), 6);
    for record in &games {
        let left = record.tag("Left").expect("seats left");
        assert!(
            left.contains("illegal move e5e6") && left.contains("crash"),
            "{left}"
        );
        assert_eq!(record.tag("Termination"), Some("last in play"));
        // Sumito, the last in play, wins: rank 1 in its seat.
        let seat = ["Black", "White", "Red"]
            .iter()
            .position(|t| record.tag(t).unwrap() == format!("{} #1", sumito_name()))
            .unwrap();
        let ranks: Vec<&str> = record.tag("Result").unwrap().split('-').collect();
        assert_eq!(ranks[seat], "1", "{:?}", record.tags);
        // The game went on after the first seat left: moves follow the first `leave`.
        let first = record.moves.iter().position(|m| m == "leave").unwrap();
        assert!(record.moves.len() > first + 1, "{:?}", record.moves);
    }
    verify_file(&file).expect("records of faults verify");
    // Timed answers are measured per engine; the depth-limited matches above have none.
    assert!(
        run.stdout
            .contains(&format!("Lateness {} #1: median", sumito_name())),
        "{}",
        run.stdout
    );
    let illegal = run
        .stdout
        .lines()
        .find(|l| l.starts_with("Illegal"))
        .unwrap();
    assert_eq!(
        illegal.split_whitespace().rev().nth(1),
        Some("6"),
        "{}",
        run.stdout
    );
    let timeout = dir.join("timeout.txt");
    let run = run_match(&table_args(
        "4",
        &[SUMITO, &script("timeout")],
        &[
            // Sumito searches to a depth, on no clock that a loaded machine could make it
            // miss; the silent engine is on the clock and forfeits.
            "--tc",
            "1:depth=1",
            "--tc",
            "2:movetime=20",
            "--seed",
            "2",
            "--records",
            timeout.to_str().unwrap(),
        ],
    ));
    assert!(run.success, "{}", run.stderr);
    for record in records(&timeout) {
        assert!(record.tag("Left").unwrap().matches("time forfeit").count() == 2);
        assert!(record.tag("Teams").is_some());
    }
    verify_file(&timeout).expect("records of time forfeits verify");
}

#[test]
fn flags_that_do_not_fit_a_larger_table_are_refused() {
    let three = table_args("3", &[SUMITO, SUMITO, SUMITO], &["--tc", "depth=1"]);
    let cases: [(&[&str], &str); 7] = [
        (&["--games", "4"], "multiple of 6"),
        (&["--sprt", "elo0=0", "elo1=5"], "two-player flag"),
        (&["--layout", "standard"], "two-player flag"),
        (&["--partners", "1+2"], "team games"),
        (&["--openings", "random:500"], "from 0 to 100"),
        (&["--openings", "/nonexistent/openings.txt"], "cannot read"),
        (
            &["--max-plies", "3", "--openings", "random:5"],
            "longest opening",
        ),
    ];
    for (extra, message) in cases {
        let mut args = three.to_vec();
        args.extend_from_slice(extra);
        let run = run_match(&args);
        assert!(!run.success, "{extra:?} was accepted");
        assert!(run.stderr.contains(message), "{extra:?}: {}", run.stderr);
    }
    let too_few = run_match(&table_args("5", &[SUMITO, SUMITO], &["--tc", "depth=1"]));
    assert!(
        too_few.stderr.contains("at least 5 engines"),
        "{}",
        too_few.stderr
    );
    let seven = run_match(&table_args("7", &[SUMITO, SUMITO], &["--tc", "depth=1"]));
    assert!(seven.stderr.contains("from 2 to 6"), "{}", seven.stderr);
    let four = table_args("4", &[SUMITO, SUMITO, SUMITO], &["--tc", "depth=1"]);
    for (partners, message) in [
        ("1+2", "no partner"),
        ("1+1", "two pairs"),
        ("1+9", "from 1 to 3"),
    ] {
        let mut args = four.to_vec();
        args.extend(["--partners", partners]);
        let run = run_match(&args);
        assert!(run.stderr.contains(message), "{partners}: {}", run.stderr);
    }
    // An opening from a position string counts its own plies against the move limit.
    let dir = scratch("multi-refusals");
    let openings = dir.join("openings.txt");
    let start = sumito_rules::multiplayer::MultiLayout::ThreePlayer
        .position()
        .to_string();
    let late = start.replace(" 0/0/0 0", " 0/0/0 50");
    fs::write(&openings, format!("{late} moves a1b2\n")).unwrap();
    let mut args = three.to_vec();
    args.extend([
        "--openings",
        openings.to_str().unwrap(),
        "--max-plies",
        "40",
    ]);
    let run = run_match(&args);
    assert!(
        run.stderr.contains("longest opening (51 plies)"),
        "{}",
        run.stderr
    );
    // --players has no meaning when nothing is played.
    for flag in ["--verify", "--merge"] {
        let run = run_match(&[flag, openings.to_str().unwrap(), "--players", "3"]);
        assert!(
            run.stderr.contains("cannot be used with"),
            "{flag}: {}",
            run.stderr
        );
    }
    // Two-player records and N-player records do not share a table.
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
