//! `sumito match` driven as a user would, with two players and with more: games between Sumito
//! processes whose records must replay legally and merge to the live table, every engine in
//! every seat of a larger table, test engines that misbehave on purpose (tests/engines/*.sh)
//! and must be scored as losses with the right reason (with more players their seats leave and
//! the game goes on), the SPRT stop, and bad input that must give messages.

use crate::common::engines::{SUMITO, script};
use crate::common::matches::{
    by_round, games, records, run_match, run_strings, scratch, table_lines,
};
use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};
use sumito_games::records::{PlayedGame, Record, is_multi_record, verify_file};

/// The records of a match run that succeeded: `count` games, each replayed by the rules.
fn played(run: &crate::common::engines::Run, file: &Path, count: usize) -> Vec<Record> {
    assert!(run.success, "{}", run.stderr);
    let games = records(file);
    assert_eq!(games.len(), count);
    verify_file(file).expect("the records replay");
    games
}

/// What every match's records must bear out, whatever the number of players: they verify,
/// `--verify` counts them, `--merge` of them prints the live table, and one result turned
/// round is caught.
fn records_verify_and_merge(file: &Path, live: &str, count: usize) {
    let games = records(file);
    assert_eq!(games.len(), count);
    verify_file(file).expect("the records replay");
    let file_arg = file.to_str().unwrap();
    let verified = run_match(&["--verify", file_arg]);
    assert!(verified.success, "{}", verified.stderr);
    let counted = format!("{count} games");
    assert!(verified.stdout.contains(&counted), "{}", verified.stdout);
    let merged = run_match(&["--merge", file_arg]);
    assert!(merged.success, "{}", merged.stderr);
    assert_eq!(
        table_lines(&merged.stdout),
        table_lines(live),
        "the merge prints the live table"
    );
    let rounds = format!("Rounds 1 to {count}: each once.");
    assert!(merged.stdout.contains(&rounds), "{}", merged.stdout);
    // The same file with the first game's result changed must be caught.
    let text = fs::read_to_string(file).unwrap();
    let result = games[0].tag("Result").unwrap();
    let forged_result = match result {
        "1-0" => "0-1".to_string(),
        "0-1" | "1/2-1/2" => "1-0".to_string(),
        // Every seat last: no game ends so.
        ranks => {
            let seats = ranks.split('-').count();
            vec![seats.to_string(); seats].join("-")
        }
    };
    let forged = file.with_extension("forged");
    let old = format!("[Result \"{result}\"]");
    let new = format!("[Result \"{forged_result}\"]");
    fs::write(&forged, text.replacen(&old, &new, 1)).unwrap();
    let caught = run_match(&["--verify", forged.to_str().unwrap()]);
    assert!(!caught.success, "{result} -> {forged_result}");
    let one_of = format!("1 of {count} games");
    assert!(caught.stderr.contains(&one_of), "{}", caught.stderr);
}

#[test]
fn sumito_against_itself_writes_records_that_replay() {
    let dir = scratch("selfplay");
    let file = dir.join("games.txt");
    let file_arg = file.to_str().unwrap();
    let run = run_match(&[
        "--engine",
        SUMITO,
        "--engine",
        SUMITO,
        "--tc",
        "depth=1",
        "--games",
        "4",
        "--concurrency",
        "2",
        "--openings",
        "random:4",
        "--seed",
        "11",
        "--max-plies",
        "120",
        "--records",
        file_arg,
    ]);
    assert!(run.success, "{}", run.stderr);
    assert!(!run.stderr.contains("is odd"), "{}", run.stderr);
    let row = run.stdout.lines().nth(1).expect("a table row");
    assert!(row.contains(" vs "), "{}", run.stdout);
    // Depth-limited searches are not timed.
    assert!(!run.stdout.contains("Lateness"), "{}", run.stdout);
    assert_eq!(
        run.stderr
            .lines()
            .filter(|l| l.starts_with("game "))
            .count(),
        4
    );
    let games = records(&file);
    assert_eq!(games.len(), 4);
    for game in &games {
        for tag in [
            "Event",
            "Date",
            "Round",
            "Black",
            "White",
            "Layout",
            "TimeControl",
            "Result",
            "Termination",
            "PlyCount",
        ] {
            assert!(game.tag(tag).is_some(), "no {tag} tag in {game:?}");
        }
        assert_eq!(game.tag("TimeControl"), Some("depth=1"));
        assert!(game.moves.len() <= 120);
        let termination = game.tag("Termination").unwrap();
        assert!(
            termination == "six marbles ejected" || termination == "move limit",
            "{termination}"
        );
    }
    // A pair shares its opening, with the colours swapped.
    let (first, second) = (by_round(&games, 1), by_round(&games, 2));
    assert_eq!(first.moves[..4], second.moves[..4]);
    assert_eq!(first.tag("Black"), second.tag("White"));
    assert_ne!(first.moves[..4], by_round(&games, 3).moves[..4]);
    records_verify_and_merge(&file, &run.stdout, 4);
    // A file of no records verifies nothing: it is refused, not passed.
    let empty = dir.join("empty.txt");
    fs::write(&empty, "").unwrap();
    let nothing = run_match(&["--verify", empty.to_str().unwrap()]);
    assert!(!nothing.success);
    assert!(
        nothing.stderr.contains("empty.txt: no game records"),
        "{}",
        nothing.stderr
    );
}

#[test]
fn a_three_player_match_plays_every_seating_and_its_records_verify_and_merge() {
    let dir = scratch("multi-three");
    let file = dir.join("games.txt");
    let mut args = crate::common::matches::three_depths("5", "12");
    args.extend([
        "--records".into(),
        file.to_str().unwrap().into(),
        "--concurrency".into(),
        "2".into(),
    ]);
    let live = run_strings(&args);
    assert!(live.success, "{}", live.stderr);
    let lines = table_lines(&live.stdout);
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
    records_verify_and_merge(&file, &live.stdout, 12);
    assert!(!live.stdout.contains("Lateness"), "{}", live.stdout);
}

/// Plays `games` games of Sumito against a misbehaving test engine and checks that the test
/// engine lost every one of them for `reason`; returns the records.
fn misbehaving(engine: &str, tc: &str, extra: &[&str], games: u32, reason: &str) -> Vec<Record> {
    let dir = scratch(&format!("{engine}-{}", tc.replace('=', "")));
    let file = dir.join("games.txt");
    let bad = script(engine);
    let games_arg = games.to_string();
    let mut args = vec![
        "--engine",
        SUMITO,
        "--name",
        "Sumito",
        "--engine",
        &bad,
        "--name",
        "Bad",
        "--tc",
        tc,
        "--games",
        &games_arg,
        "--records",
        file.to_str().unwrap(),
        // The test engines know the bare layouts only.
        "--openings",
        "none",
    ];
    if !(tc.starts_with("depth=") || tc.starts_with("nodes=")) {
        // Sumito must never be the one to lose on time, even on a loaded machine (the tests
        // run side by side); the bad engine never answers at all, so it still forfeits. (Depth
        // and node searches have no clock to be late on, and refuse the flag.)
        args.extend_from_slice(&["--timemargin", "1000"]);
    }
    args.extend_from_slice(extra);
    let run = run_match(&args);
    assert!(run.success, "{engine}: {}", run.stderr);
    let played = records(&file);
    assert_eq!(played.len(), games as usize, "{engine}: {}", run.stderr);
    for game in &played {
        let expected = if game.tag("Black") == Some("Bad") {
            "0-1"
        } else {
            "1-0"
        };
        assert_eq!(game.tag("Result"), Some(expected), "{engine}: {game:?}");
        assert_eq!(game.tag("Termination"), Some(reason), "{engine}: {game:?}");
    }
    verify_file(&file).expect("the records replay");
    if reason == "time forfeit" {
        // Every forfeit is counted in Bad's lateness, and said with its move.
        let forfeits = format!("{games} forfeited");
        let line = run.stdout.lines().find(|l| l.starts_with("Lateness Bad: "));
        assert!(
            line.is_some_and(|l| l.contains(&forfeits)),
            "{}",
            run.stdout
        );
        assert!(
            run.stderr.contains("lost on time at ply 1: no bestmove"),
            "{}",
            run.stderr
        );
        // The record says it too, as a comment where the move was due.
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains(" lost on time: no bestmove "), "{text}");
        assert!(text.contains("{black lost on time: "), "{text}");
    }
    // The table: Sumito won every game, Bad lost every one for the same reason.
    let row: Vec<&str> = run
        .stdout
        .lines()
        .nth(1)
        .expect("a table row")
        .split_whitespace()
        .collect();
    let counts = [games_arg.as_str(), &games_arg, "0", "0"];
    assert_eq!(
        row[..7],
        [
            "Sumito", "vs", "Bad", counts[0], counts[1], counts[2], counts[3]
        ]
    );
    played
}

/// Sumito and a misbehaving test engine (`bad`, a command) at a table of four, each a team of
/// two seats: every seat of the bad engine leaves for `reason`, Sumito's team plays on and
/// wins as the last in play, and the table counts the faults against the bad engine.
fn misbehaving_at_four(bad: &str, tc: &str, reason: &str) {
    let dir = scratch(&format!(
        "four-{}-{}",
        reason.replace(' ', ""),
        tc.replace('=', "")
    ));
    let file = dir.join("games.txt");
    let bad_tc = format!("2:{tc}");
    let args = [
        "--players",
        "4",
        "--engine",
        SUMITO,
        "--name",
        "Sumito",
        "--engine",
        bad,
        "--name",
        "Bad",
        // Sumito searches to a depth, on no clock that a loaded machine could make it miss.
        "--tc",
        "1:depth=1",
        "--tc",
        &bad_tc,
        "--openings",
        "none",
        "--seed",
        "2",
        "--records",
        file.to_str().unwrap(),
    ];
    let run = run_match(&args);
    assert!(run.success, "{}", run.stderr);
    let games = records(&file);
    assert!(!games.is_empty());
    for record in &games {
        let left = record.tag("Left").expect("seats left");
        assert_eq!(left.matches(reason).count(), 2, "{left}");
        assert_eq!(record.tag("Termination"), Some("last in play"));
        let ranks: Vec<&str> = record.tag("Result").unwrap().split('-').collect();
        for (seat, tag) in ["Black", "White", "Red", "Green"].iter().enumerate() {
            let sumito = record.tag(tag) == Some("Sumito");
            assert_eq!(ranks[seat] == "1", sumito, "{:?}", record.tags);
        }
        // The game went on after the first seat left: a move follows the first `leave`.
        let first = record.moves.iter().position(|m| m == "leave").unwrap();
        assert!(record.moves[first + 1..].iter().any(|m| m != "leave"));
    }
    verify_file(&file).expect("records of faults verify");
    if reason == "time forfeit" {
        let line = run.stdout.lines().find(|l| l.starts_with("Lateness Bad: "));
        assert!(
            line.is_some_and(|l| l.contains(" forfeited")),
            "{}",
            run.stdout
        );
    }
    // The faults, one a seat, are the bad engine's: the last three columns of its row.
    let row = run.stdout.lines().find(|l| l.starts_with("Bad ")).unwrap();
    let faults: usize = (row.split_whitespace().rev().take(3))
        .map(|n| n.parse::<usize>().unwrap())
        .sum();
    assert_eq!(faults, 2 * games.len(), "{}", run.stdout);
}

#[test]
fn an_illegal_move_loses() {
    misbehaving("illegal", "depth=1", &[], 2, "illegal move e5e6");
    misbehaving_at_four(&script("illegal"), "depth=1", "illegal move e5e6");
}

#[test]
fn garbage_output_is_passed_over_and_an_unreadable_move_loses() {
    misbehaving("garbage", "depth=1", &[], 2, "illegal move ???");
}

#[test]
fn a_crash_mid_game_loses_and_the_engine_is_restarted() {
    let games = misbehaving("crash", "depth=1", &[], 4, "crash");
    // The crash engine plays one move before it dies, in every game: so it was restarted.
    for game in &games {
        assert!(game.moves.len() >= 2, "{game:?}");
    }
    // A bash script (a coprocess), not sh as script() runs: Sumito until its fourth search.
    let crash = format!(
        "bash '{}/tests/engines/crash-after.sh' {SUMITO} 4",
        env!("CARGO_MANIFEST_DIR")
    );
    misbehaving_at_four(&crash, "depth=1", "crash");
}

#[test]
fn no_answer_on_the_clock_loses_on_time() {
    misbehaving("timeout", "movetime=20", &[], 2, "time forfeit");
    misbehaving("timeout", "1+0", &[], 2, "time forfeit");
    misbehaving_at_four(&script("timeout"), "movetime=20", "time forfeit");
}

#[test]
fn silence_in_a_depth_search_loses() {
    misbehaving(
        "timeout",
        "depth=1",
        &["--silence-timeout", "0.5"],
        2,
        "no answer",
    );
}

#[test]
fn an_engine_that_never_shakes_hands_stops_the_match_with_a_message() {
    let mute = script("mute");
    let run = run_match(&[
        "--engine",
        SUMITO,
        "--engine",
        &mute,
        "--tc",
        "depth=1",
        // Long enough for Sumito's table on a loaded machine; the mute engine waits it out.
        "--silence-timeout",
        "3",
    ]);
    assert!(!run.success);
    assert!(run.stderr.contains("did not answer uap"), "{}", run.stderr);
}

#[test]
fn per_engine_time_controls_and_a_clock() {
    let dir = scratch("clock");
    let file = dir.join("games.txt");
    let run = run_match(&[
        "--engine",
        SUMITO,
        "--engine",
        SUMITO,
        "--tc",
        "1:3+0.1",
        "--tc",
        "2:40/3",
        "--option",
        "2:Hash=8",
        "--games",
        "2",
        "--max-plies",
        "16",
        // All 16 plies are the engines' own.
        "--openings",
        "none",
        "--records",
        file.to_str().unwrap(),
    ]);
    for game in &played(&run, &file, 2) {
        assert_eq!(game.tag("Termination"), Some("move limit"), "{game:?}");
        assert!(game.tag("BlackTimeControl").is_some());
    }
    // Every answer was timed: 8 per engine in each of the 2 games of 16 plies.
    let lateness: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("Lateness "))
        .collect();
    assert_eq!(lateness.len(), 3, "{}", run.stdout);
    assert!(
        lateness[..2].iter().all(|l| l.ends_with("(16 samples)")),
        "{lateness:?}"
    );
}

#[test]
fn an_openings_file_gives_positions_and_move_lists() {
    let dir = scratch("openings");
    let book = dir.join("book.txt");
    fs::write(
        &book,
        "# two openings\n\
         5/6/7/8/5bbbw/8/7/6/5 b 0 5 0\n\
         a1b1 i5h5\n",
    )
    .unwrap();
    let file = dir.join("games.txt");
    let run = run_match(&[
        "--engine",
        SUMITO,
        "--engine",
        SUMITO,
        "--tc",
        "depth=2",
        "--games",
        "4",
        "--layout",
        "belgian-daisy",
        "--openings",
        book.to_str().unwrap(),
        "--records",
        file.to_str().unwrap(),
    ]);
    assert!(run.success, "{}", run.stderr);
    let games = records(&file);
    for round in [1, 2] {
        let game = by_round(&games, round);
        assert_eq!(game.tag("FEN"), Some("5/6/7/8/5bbbw/8/7/6/5 b 0 5 0"));
        // Black pushes the last white marble off at once.
        assert_eq!(game.tag("Termination"), Some("six marbles ejected"));
        assert_eq!(game.tag("Result"), Some("1-0"));
    }
    for round in [3, 4] {
        let game = by_round(&games, round);
        assert_eq!(game.tag("Layout"), Some("belgian-daisy"));
        assert_eq!(game.tag("OpeningPlies"), Some("2"));
        assert_eq!(game.moves[..2], ["a1b1", "i5h5"]);
    }
    verify_file(&file).expect("the records replay");
}

/// The LLR of a progress line.
fn llr(line: &str) -> f64 {
    let at = line.find("LLR ").expect("an LLR in the progress line") + 4;
    let number: String = line[at..]
        .chars()
        .take_while(|c| !c.is_whitespace())
        .collect();
    number.parse().expect("a number")
}

#[test]
fn the_sprt_stops_the_match_as_soon_as_a_bound_is_crossed() {
    let run = run_match(&[
        "--engine",
        SUMITO,
        "--engine",
        SUMITO,
        "--tc",
        "1:depth=1",
        "--tc",
        "2:depth=3",
        "--games",
        "60",
        "--openings",
        "random:2",
        "--seed",
        "1",
        "--sprt",
        "elo0=0",
        "elo1=100",
        "alpha=0.05",
        "beta=0.05",
    ]);
    assert!(run.success, "{}", run.stderr);
    // ln(0.05/0.95) and ln(0.95/0.05).
    let bound = 2.944;
    let lines: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.starts_with("game "))
        .collect();
    assert!(lines.len() < 60, "{}", run.stderr);
    let (last, before) = lines.split_last().unwrap();
    assert!(llr(last).abs() > bound, "{last}");
    for line in before {
        assert!(llr(line).abs() < bound, "{line}");
    }
    assert!(run.stdout.contains("H0 accepted"), "{}", run.stdout);
}

#[test]
fn bad_input_gives_a_message_and_a_failure() {
    let dir = scratch("bad");
    let bad_book = dir.join("bad-book.txt");
    fs::write(&bad_book, "a1b1\nz9z9\n").unwrap();
    let bad_records = dir.join("bad-records.txt");
    fs::write(
        &bad_records,
        "[Layout \"standard\"]\n[Result \"1-0\"]\n[Termination \"crash\"]\n\n1. a1a3 1-0\n",
    )
    .unwrap();
    let book_arg = bad_book.to_str().unwrap().to_string();
    let records_arg = bad_records.to_str().unwrap().to_string();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--engine", SUMITO], "at least two"),
        (
            vec![
                "--engine",
                "/no/such/engine",
                "--engine",
                SUMITO,
                "--tc",
                "depth=1",
            ],
            "cannot start",
        ),
        (
            vec!["--engine", SUMITO, "--engine", SUMITO, "--tc", "soon"],
            "bad time control",
        ),
        (
            vec![
                "--engine",
                SUMITO,
                "--engine",
                SUMITO,
                "--tc",
                "depth=1",
                "--openings",
                &book_arg,
            ],
            "line 2",
        ),
        (
            vec![
                "--engine", SUMITO, "--engine", SUMITO, "--tc", "depth=1", "--option", "Hash=0",
            ],
            "refused an option",
        ),
        (vec!["--verify", "/no/such/records"], "cannot read"),
        (vec!["--verify", &records_arg], "illegal move 1 'a1a3'"),
        (
            vec!["--verify", &records_arg, "--engine", SUMITO],
            "cannot be used with",
        ),
        (
            vec!["--threads", "2", "--engine", SUMITO],
            "match takes no --threads",
        ),
    ];
    for (args, expected) in cases {
        let run = run_match(&args);
        assert!(!run.success, "{args:?} succeeded");
        assert!(run.stderr.contains(expected), "{args:?}: {}", run.stderr);
    }
    // And at a larger table: flags that make no sense there.
    let three =
        crate::common::matches::table_args("3", &[SUMITO, SUMITO, SUMITO], &["--tc", "depth=1"]);
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
    let too_few = run_match(&crate::common::matches::table_args(
        "5",
        &[SUMITO, SUMITO],
        &["--tc", "depth=1"],
    ));
    assert!(
        too_few.stderr.contains("at least 5 engines"),
        "{}",
        too_few.stderr
    );
    let seven = run_match(&crate::common::matches::table_args(
        "7",
        &[SUMITO, SUMITO],
        &["--tc", "depth=1"],
    ));
    assert!(seven.stderr.contains("from 2 to 6"), "{}", seven.stderr);
    let four =
        crate::common::matches::table_args("4", &[SUMITO, SUMITO, SUMITO], &["--tc", "depth=1"]);
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
}

#[test]
fn a_match_without_openings_plays_the_suite_and_none_plays_the_bare_layout() {
    let dir = scratch("suite");
    let file = dir.join("games.txt");
    let args = [
        "--engine",
        SUMITO,
        "--engine",
        SUMITO,
        "--tc",
        "depth=1",
        "--games",
        "6",
        "--max-plies",
        "10",
        "--seed",
        "4",
        "--records",
        file.to_str().unwrap(),
    ];
    let run = run_match(&args);
    assert!(run.success, "{}", run.stderr);
    let header = run.stderr.lines().next().unwrap_or_default();
    assert!(
        header.contains("openings suite openings/suite.txt (180 standard)"),
        "{header}"
    );
    assert!(!run.stderr.contains("warning"), "{}", run.stderr);
    let games = records(&file);
    let openings: Vec<Vec<String>> = (1..=6)
        .map(|round| {
            let game = by_round(&games, round);
            let plies: usize = game.tag("OpeningPlies").unwrap().parse().unwrap();
            assert!((2..=8).contains(&plies), "{game:?}");
            game.moves[..plies].to_vec()
        })
        .collect();
    // Both games of a colour pair share the opening, and the three pairs have three.
    for pair in openings.chunks(2) {
        assert_eq!(pair[0], pair[1]);
    }
    assert!(openings[0] != openings[2] && openings[2] != openings[4] && openings[0] != openings[4]);
    // The order follows the seed: the same seed gives the same openings.
    let again_file = dir.join("again.txt");
    let mut again = args.to_vec();
    *again.last_mut().unwrap() = again_file.to_str().unwrap();
    assert!(run_match(&again).success);
    let first_again = by_round(&records(&again_file), 1).clone();
    assert_eq!(first_again.moves[..openings[0].len()], openings[0][..]);
    // --openings none: the bare layout.
    let bare_file = dir.join("bare.txt");
    let mut bare = args.to_vec();
    *bare.last_mut().unwrap() = bare_file.to_str().unwrap();
    bare.extend(["--openings", "none"]);
    let run = run_match(&bare);
    assert!(run.success, "{}", run.stderr);
    assert!(
        run.stderr
            .lines()
            .next()
            .unwrap_or_default()
            .contains("openings none")
    );
    for game in records(&bare_file) {
        assert_eq!(game.tag("OpeningPlies"), Some("0"));
    }
}

/// Three players play on after a seat's fault, and the time that seat held the turn (from its
/// `go`) ran the game time too. Two silent seats on 300 ms move times: the first forfeits after
/// 350 ms of the game's 0.6 s, so the second is told, and waited for, only what is left: the
/// game ends by game time, with one seat gone (uncounted, the second forfeited too and Sumito
/// won as the last in play).
#[test]
fn a_seats_fault_runs_the_game_time_of_a_larger_game() {
    let dir = scratch("points-three");
    let file = dir.join("games.txt");
    let timeout = script("timeout");
    let run = run_match(&[
        "--players",
        "3",
        "--engine",
        &timeout,
        "--name",
        "Silent",
        "--engine",
        &timeout,
        "--name",
        "Mute",
        "--engine",
        SUMITO,
        "--tc",
        "movetime=300",
        "--tc",
        "3:depth=1",
        "--game-time",
        "0.6",
        "--games",
        "6",
        "--openings",
        "none",
        "--records",
        file.to_str().unwrap(),
    ]);
    for game in &played(&run, &file, 6) {
        assert_eq!(game.tag("Termination"), Some("game time"), "{game:?}");
        let left = game.tag("Left").unwrap_or_default();
        assert_eq!(left.matches("time forfeit").count(), 1, "{game:?}");
    }
}

#[test]
fn a_points_game_ends_when_the_game_time_runs_out_and_goes_by_the_marbles() {
    let dir = scratch("points");
    let file = dir.join("games.txt");
    let run = run_match(&[
        "--engine",
        SUMITO,
        "--name",
        "A",
        "--engine",
        SUMITO,
        "--name",
        "B",
        "--tc",
        "2+0.05",
        "--game-time",
        "1",
        "--max-plies",
        "1000",
        "--games",
        "2",
        "--seed",
        "3",
        "--records",
        file.to_str().unwrap(),
    ]);
    assert!(run.success, "{}", run.stderr);
    assert!(
        run.stderr
            .lines()
            .next()
            .unwrap_or_default()
            .contains("points game of 1 s"),
        "{}",
        run.stderr
    );
    let games = records(&file);
    assert_eq!(games.len(), 2);
    let mut by_game_time = 0;
    for game in &games {
        // Told no more than the game time left, the engines never overstep their own clocks,
        // and a second is over long before the move limit (each move takes a part of what is
        // left, so a game may run to a few hundred plies).
        let termination = game.tag("Termination").unwrap();
        assert!(
            ["game time", "six marbles ejected"].contains(&termination),
            "{game:?}"
        );
        by_game_time += usize::from(termination == "game time");
        assert_eq!(game.tag("GameTime"), Some("1"), "{game:?}");
        assert!(game.moves.len() > 2, "{game:?}");
    }
    let said = format!("Game time: {by_game_time} of 2 games ended");
    assert_eq!(
        run.stdout.contains(&said),
        by_game_time > 0,
        "{}",
        run.stdout
    );
    // verify checks each result against the marbles of the final position.
    verify_file(&file).expect("the records replay");
    let header: Vec<&str> = run
        .stdout
        .lines()
        .next()
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(header[5..7], ["Score", "Points"], "{}", run.stdout);
    // A vs B, games, W, D, L, score, points.
    let row: Vec<&str> = run
        .stdout
        .lines()
        .nth(1)
        .unwrap()
        .split_whitespace()
        .collect();
    let (wins, draws): (u32, u32) = (row[4].parse().unwrap(), row[5].parse().unwrap());
    assert_eq!(row[8], format!("{}/4", 2 * wins + draws), "{}", run.stdout);
    // No loss on time, no illegal move, no crash.
    assert_eq!(
        row[row.len() - 3..],
        ["0/0", "0/0", "0/0"],
        "{}",
        run.stdout
    );
}

#[test]
fn the_game_time_ends_a_search_that_would_never_end_and_it_is_no_fault() {
    let dir = scratch("points-silent");
    let file = dir.join("games.txt");
    let timeout = script("timeout");
    let run = run_match(&[
        "--engine",
        SUMITO,
        "--name",
        "Sumito",
        "--engine",
        &timeout,
        "--name",
        "Silent",
        "--tc",
        "depth=1",
        "--game-time",
        "0.5",
        "--games",
        "2",
        "--openings",
        "none",
        "--records",
        file.to_str().unwrap(),
    ]);
    assert!(run.success, "{}", run.stderr);
    let games = records(&file);
    assert_eq!(games.len(), 2);
    for game in &games {
        assert_eq!(game.tag("Termination"), Some("game time"), "{game:?}");
        // No marble is ejected in the one move Sumito makes: a draw.
        assert_eq!(game.tag("Result"), Some("1/2-1/2"), "{game:?}");
        assert!(game.moves.len() <= 1, "{game:?}");
    }
    verify_file(&file).expect("the records replay");
    let row: Vec<&str> = run
        .stdout
        .lines()
        .nth(1)
        .unwrap()
        .split_whitespace()
        .collect();
    // Sumito vs Silent: 2 games, 0 W, 2 D, 0 L, 50%, 2/4 points; no time loss.
    assert_eq!(
        row[3..9],
        ["2", "0", "2", "0", "50.0%", "2/4"],
        "{}",
        run.stdout
    );
    assert_eq!(
        row[row.len() - 3..],
        ["0/0", "0/0", "0/0"],
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("Game time: 2 of 2 games ended"),
        "{}",
        run.stdout
    );
}

/// Engines of 64 threads each at ten milliseconds a move want more cores than a test machine
/// has: the runner says before the first game that the control is too short for it.
#[test]
fn a_control_too_short_for_the_machine_is_said_before_the_match() {
    // More threads than this machine has cores, whatever it has (up to the option's 256).
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let threads = (cores * 4).min(256);
    let option = format!("Threads={threads}");
    let run = run_match(&[
        "--engine",
        SUMITO,
        "--engine",
        SUMITO,
        "--option",
        &option,
        "--tc",
        "movetime=10",
        "--games",
        "2",
        "--openings",
        "none",
        "--max-plies",
        "2",
    ]);
    assert!(run.success, "{}", run.stderr);
    let warning = run
        .stderr
        .lines()
        .position(|line| line.starts_with("warning: movetime=10 is too short for this machine"))
        .unwrap_or_else(|| panic!("no warning: {}", run.stderr));
    let first_game = run
        .stderr
        .lines()
        .position(|line| line.starts_with("game 1/"));
    assert!(
        first_game.is_some_and(|game| warning < game),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains(&format!("engines of up to {threads} threads")),
        "{}",
        run.stderr
    );
}

#[test]
fn an_odd_game_count_is_said_and_an_engines_options_are_in_its_name() {
    let run = run_match(&[
        "--engine",
        SUMITO,
        "--engine",
        SUMITO,
        "--option",
        "2:Skill=3",
        "--tc",
        "depth=1",
        "--games",
        "1",
        "--openings",
        "none",
        "--max-plies",
        "4",
    ]);
    assert!(run.success, "{}", run.stderr);
    assert!(
        run.stderr.contains("warning: 1 game per pair is odd"),
        "{}",
        run.stderr
    );
    // Named by `id name`, the engine at another level says so; no `#N` is needed to tell them
    // apart.
    let row = run.stdout.lines().nth(1).expect("a table row");
    assert!(row.contains(" vs Sumito "), "{row}");
    assert!(row.contains(" (Skill=3)"), "{row}");
    assert!(!row.contains('#'), "{row}");
}

#[test]
fn weak_skill_levels_play_a_match_again_move_for_move_from_its_seed() {
    let dir = scratch("skill-seed");
    let play = |name: &str, seed: &str| {
        let file = dir.join(name);
        let run = run_match(&[
            "--engine",
            SUMITO,
            "--engine",
            SUMITO,
            "--option",
            "Skill=3",
            "--tc",
            "depth=2",
            "--games",
            "4",
            "--max-plies",
            "40",
            "--seed",
            seed,
            "--records",
            file.to_str().unwrap(),
        ]);
        assert!(run.success, "{}", run.stderr);
        games(&records(&file))
    };
    let first = play("first.txt", "7");
    assert_eq!(
        play("again.txt", "7"),
        first,
        "the same seed plays the same games"
    );
    assert_ne!(play("other.txt", "8"), first, "another seed, other games");
}

/// Ctrl-C in a terminal reaches every process of the foreground group: the runner and, unless
/// they have groups of their own, its engines. The match must print the table of the games it
/// finished, say where their records are, and exit with an error, not die silently.
#[test]
fn ctrl_c_prints_the_table_of_the_finished_games() {
    use std::os::unix::process::CommandExt;
    use std::process::{Command, Stdio};
    let dir = scratch("ctrl-c");
    let file = dir.join("games.txt");
    let runner = Command::new(SUMITO)
        .args([
            "match", "--engine", SUMITO, "--engine", SUMITO, "--games", "400",
        ])
        .args(["--tc", "depth=1", "--concurrency", "2", "--records"])
        .arg(&file)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        // A group of its own, standing for the terminal's foreground group.
        .process_group(0)
        .spawn()
        .expect("sumito match starts");
    let started = Instant::now();
    while fs::read_to_string(&file).map_or(0, |text| text.matches("[Event ").count()) < 2 {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "no game finished"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let group = format!("-{}", runner.id());
    let sent = Command::new("kill").args(["-INT", "--", &group]).status();
    assert!(
        sent.is_ok_and(|status| status.success()),
        "kill -INT failed"
    );
    let output = runner.wait_with_output().expect("the runner ends");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    let played = records(&file).len();
    assert!((2..400).contains(&played), "{played} games in the file");
    let message = format!("interrupted after {played} of 400 games");
    assert!(stderr.contains(&message), "{stderr}");
    assert!(stderr.contains("--merge"), "{stderr}");
    // The table counts exactly the games in the file, none lost by a crash.
    let row: Vec<&str> = stdout
        .lines()
        .find(|line| line.contains(" vs "))
        .unwrap_or_else(|| panic!("no table: {stdout}"))
        .split_whitespace()
        .collect();
    // The names end in #1 and #2; the games follow.
    let games_column = row.iter().position(|word| *word == "#2").unwrap() + 1;
    assert_eq!(row[games_column], played.to_string(), "{stdout}");
    assert_eq!(row.last(), Some(&"0/0"), "a crash was counted: {stdout}");
}

/// A depth-1 match of Sumito against itself from two random plies, with `adjudication`'s flags.
fn adjudicated_match(dir: &std::path::Path, adjudication: &[&str]) -> (String, Vec<Record>) {
    let file = dir.join("games.txt");
    let mut args = vec![
        "--engine",
        SUMITO,
        "--name",
        "A",
        "--engine",
        SUMITO,
        "--name",
        "B",
        "--tc",
        "depth=1",
        "--openings",
        "random:2",
        "--games",
        "4",
        "--seed",
        "5",
        "--records",
    ];
    let path = file.to_str().unwrap().to_string();
    args.push(&path);
    args.extend_from_slice(adjudication);
    let run = run_match(&args);
    assert!(run.success, "{}", run.stderr);
    verify_file(&file).expect("the records replay");
    // --verify and --merge take what the match wrote.
    let verified = run_match(&["--verify", &path]);
    assert!(verified.success, "{}", verified.stderr);
    let merged = run_match(&["--merge", &path]);
    assert!(merged.success, "{}", merged.stderr);
    assert_eq!(
        merged.stdout.lines().nth(1),
        run.stdout.lines().nth(1),
        "the merged row is the match's"
    );
    (run.stderr + &run.stdout, records(&file))
}

#[test]
fn draw_adjudication_ends_level_games_where_the_flags_say() {
    let dir = scratch("draw-adjudication");
    // Scores within 600 (any that is no mate) for one move each: from full move 20 on, every
    // game with as many marbles ejected on each side and none in its last two plies is drawn.
    let flags = ["--draw", "movenumber=20", "movecount=1", "score=600"];
    let (output, games) = adjudicated_match(&dir, &flags);
    assert!(
        output.contains("--draw movenumber=20 movecount=1 score=600"),
        "the header states the rule: {output}"
    );
    let mut adjudicated = 0;
    for game in &games {
        if game.tag("Termination") != Some("adjudicated draw") {
            continue;
        }
        adjudicated += 1;
        assert_eq!(game.tag("Result"), Some("1/2-1/2"), "{game:?}");
        assert!(game.moves.len() >= 40, "not before move 20: {game:?}");
        let scores = game
            .tag("Adjudication")
            .expect("the scores that decided it");
        assert!(
            scores.starts_with("black ") && scores.contains("; white "),
            "{scores}"
        );
    }
    assert!(adjudicated > 0, "no game was adjudicated: {games:?}");
    // The points column gives each draw one point: A's points are 2 W + D of 8.
    let row: Vec<&str> = output
        .lines()
        .find(|l| l.starts_with("A vs B"))
        .expect("the table row")
        .split_whitespace()
        .collect();
    let (wins, draws): (u32, u32) = (row[4].parse().unwrap(), row[5].parse().unwrap());
    assert!(draws >= adjudicated, "{output}");
    assert_eq!(row[8], format!("{}/8", 2 * wins + draws), "{output}");
}

#[test]
fn resign_adjudication_gives_the_game_to_the_side_its_loser_scores_ahead() {
    let dir = scratch("resign-adjudication");
    // One move at -1 or worse resigns, if the other engine's last move scored +1 or better.
    let flags = ["--resign", "movecount=1", "score=1", "twosided=true"];
    let (output, games) = adjudicated_match(&dir, &flags);
    assert!(
        output.contains("--resign movecount=1 score=1 twosided=true"),
        "{output}"
    );
    let mut adjudicated = 0;
    for game in games
        .iter()
        .filter(|g| g.tag("Termination") == Some("adjudicated loss"))
    {
        adjudicated += 1;
        // "<loser> -N; <winner> +M": the loser is the side the result goes against.
        let scores = game.tag("Adjudication").expect("the scores");
        let (loser, winner) = scores.split_once("; ").expect("both engines' scores");
        let loser_won = match game.tag("Result") {
            Some("1-0") => loser.starts_with("black"),
            Some("0-1") => loser.starts_with("white"),
            other => panic!("an adjudicated loss with result {other:?}"),
        };
        assert!(!loser_won, "{game:?}");
        assert!(loser.contains(" -") || loser.contains(" #-"), "{scores}");
        assert!(winner.contains(" +") || winner.contains(" #"), "{scores}");
    }
    assert!(adjudicated > 0, "no game was adjudicated: {games:?}");
}

#[test]
fn bad_adjudication_flags_are_refused_with_a_reason() {
    for (flags, expected) in [
        (
            &["--draw", "movecount=0", "score=10"][..],
            "movecount must be",
        ),
        (&["--draw", "movecount=2"], "score= is missing"),
        (
            &["--draw", "movecount=2", "score=10", "plies=3"],
            "unknown key 'plies'",
        ),
        (&["--resign", "movecount=2", "score=0"], "score must be"),
        (
            &["--resign", "movecount=2", "score=5", "twosided=1"],
            "twosided must be",
        ),
    ] {
        let mut args = vec!["--engine", SUMITO, "--engine", SUMITO, "--tc", "depth=1"];
        args.extend_from_slice(flags);
        let run = run_match(&args);
        assert!(!run.success, "{flags:?} was taken");
        assert!(run.stderr.contains(expected), "{flags:?}: {}", run.stderr);
    }
    let merged = run_match(&["--merge", "x.txt", "--draw", "movecount=1", "score=1"]);
    assert!(
        merged.stderr.contains("cannot be used with"),
        "{}",
        merged.stderr
    );
}

#[test]
fn max_plies_zero_is_no_limit_as_in_records() {
    let dir = scratch("no-limit");
    let file = dir.join("games.txt");
    let illegal = script("illegal");
    let run = run_match(&[
        "--engine",
        SUMITO,
        "--engine",
        &illegal,
        "--tc",
        "depth=1",
        "--games",
        "2",
        "--openings",
        "none",
        "--max-plies",
        "0",
        "--records",
        file.to_str().unwrap(),
    ]);
    assert!(run.success, "{}", run.stderr);
    assert!(run.stderr.contains("max plies 0"), "{}", run.stderr);
    for game in records(&file) {
        assert_eq!(game.tag("MaxPlies"), Some("0"), "{game:?}");
    }
    verify_file(&file).expect("the records replay");
    let over = run_match(&[
        "--engine",
        SUMITO,
        "--engine",
        SUMITO,
        "--tc",
        "depth=1",
        "--max-plies",
        "50001",
    ]);
    assert!(!over.success);
    assert!(
        over.stderr.contains("from 0 (none) to 50000"),
        "{}",
        over.stderr
    );
}
