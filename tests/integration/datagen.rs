//! `sumito datagen` run as a program: the same file for any thread count and in either
//! encoding, a resumed run equal to an uninterrupted one, shards merged equal to the unsharded
//! run, and clear refusals.

use crate::common::engines::{SUMITO, run_sumito};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use sumito_engine::multi_search::SeatsNetwork;
use sumito_tools::datagen::format::Line;
use sumito_tools::datagen::{Item, Reader, Start};

/// Small, fast games: the settings every test here uses.
const FAST: [&str; 6] = [
    "--depth",
    "2",
    "--plies-after-opening",
    "80",
    "--seed",
    "11",
];

fn temp_path(name: &str) -> PathBuf {
    let path =
        std::env::temp_dir().join(format!("sumito-datagen-{name}-{}.dat", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// Runs datagen into `path` with the fast settings and `extra` flags; panics on failure.
fn datagen(path: &Path, extra: &[&str]) -> String {
    let mut args = vec!["datagen", "--output", path.to_str().unwrap()];
    args.extend_from_slice(&FAST);
    args.extend_from_slice(extra);
    let run = run_sumito(&args);
    assert!(run.success, "{args:?}: {}", run.stderr);
    run.stderr
}

fn games_in(text: &str) -> usize {
    text.lines().filter(|l| l.starts_with("game ")).count()
}

/// Runs `sumito datagen <args>`, expecting a refusal that says `says`.
fn refused(args: &[&str], says: &str) {
    let mut all = vec!["datagen"];
    all.extend_from_slice(args);
    let run = run_sumito(&all);
    assert!(!run.success, "{all:?}");
    assert!(run.stderr.contains(says), "{all:?}: {}", run.stderr);
}

/// The byte offset of the end of each game's record in a data file, either encoding.
fn game_ends(bytes: &[u8]) -> Vec<u64> {
    let Ok(Start::Header { mut reader, .. }) = Reader::start(bytes) else {
        panic!("no header");
    };
    let mut ends = Vec::new();
    while let Item::Record(line) = reader.next_item().unwrap() {
        if let Line::Game(_) = line {
            ends.push(reader.offset());
        }
    }
    ends
}

#[test]
fn the_file_is_the_same_for_any_thread_count_and_the_encodings_hold_the_same_games() {
    let (one, two) = (temp_path("one"), temp_path("two"));
    datagen(&one, &["--games", "9", "--threads", "1"]);
    datagen(&two, &["--games", "9", "--threads", "2"]);
    let binary = std::fs::read(&one).unwrap();
    assert_eq!(binary, std::fs::read(&two).unwrap());
    assert!(binary.starts_with(b"SUMITODB# sumito datagen 1: --seed 11"));
    assert_eq!(game_ends(&binary).len(), 9);
    // The text form of the same run: a line per record.
    let (text_path, converted) = (temp_path("text"), temp_path("converted"));
    datagen(&text_path, &["--games", "9", "--format", "text"]);
    let text = std::fs::read_to_string(&text_path).unwrap();
    assert_eq!(games_in(&text), 9);
    assert!(
        binary.len() * 2 < text.len(),
        "{} {}",
        binary.len(),
        text.len()
    );
    // The binary file, merged on its own into text, is the text run's file byte for byte.
    let run = run_sumito(&[
        "datagen",
        "--merge",
        one.to_str().unwrap(),
        "--format",
        "text",
        "--output",
        converted.to_str().unwrap(),
    ]);
    assert!(run.success, "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(&converted).unwrap(), text);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("# sumito datagen 1: --seed 11 --depth 2"));
    // The header ends with the bench node count of the build that made the games.
    let bench = run_sumito(&["bench"]);
    let last = bench.stdout.lines().last().unwrap_or_default();
    let nodes = last.split(' ').next().unwrap_or_default();
    assert!(nodes.parse::<u64>().unwrap() > 0, "{}", bench.stdout);
    assert!(
        lines[0].ends_with(&format!("; bench {nodes}")),
        "{}",
        lines[0]
    );
    // Every position line: a position string, a result from the side to move's view, a score.
    let positions = lines[1..].iter().filter(|l| !l.starts_with("game "));
    let mut count = 0;
    for line in positions {
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(fields.len(), 7, "{line}");
        assert!(["0", "0.5", "1"].contains(&fields[5]), "{line}");
        assert!(fields[6].parse::<i32>().unwrap().abs() < 10_000, "{line}");
        count += 1;
    }
    assert!(count > 9 * 20, "{count} positions");
    for path in [one, two, text_path, converted] {
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn a_run_cut_anywhere_and_resumed_equals_an_uninterrupted_run() {
    for format in ["binary", "text"] {
        let flags = |games: &'static str| ["--games", games, "--format", format];
        let whole = temp_path(&format!("whole-{format}"));
        datagen(&whole, &flags("6"));
        let expected = std::fs::read(&whole).unwrap();
        let cut = temp_path(&format!("cut-{format}"));
        // Cut inside the header, inside a game's positions, and right after a game's record.
        let after_second_game = game_ends(&expected)[1] as usize;
        for at in [7, expected.len() / 2, expected.len() - 3, after_second_game] {
            std::fs::write(&cut, &expected[..at]).unwrap();
            let said = datagen(&cut, &[&flags("6")[..], &["--threads", "2"]].concat());
            assert_eq!(
                std::fs::read(&cut).unwrap(),
                expected,
                "{format} cut at byte {at}"
            );
            if at > 200 {
                assert!(said.contains("continuing from game"), "{said}");
            }
        }
        // A complete file is left as it is.
        let said = datagen(&cut, &flags("6"));
        assert!(
            said.contains("holds 6 games") && said.contains("it is complete"),
            "{said}"
        );
        assert!(!said.contains("continuing"), "{said}");
        // And a larger target extends it as a longer run would have made it.
        datagen(&cut, &flags("8"));
        datagen(&whole, &flags("8"));
        assert_eq!(std::fs::read(&cut).unwrap(), std::fs::read(&whole).unwrap());
        // The other encoding does not continue it.
        let other = if format == "text" { "binary" } else { "text" };
        let before = std::fs::read(&cut).unwrap();
        let cut_arg = cut.to_str().unwrap();
        refused(
            &[
                &["--output", cut_arg, "--games", "9", "--format", other][..],
                &FAST[..],
            ]
            .concat(),
            &format!("continue it with --format {format}"),
        );
        assert_eq!(std::fs::read(&cut).unwrap(), before);
        let _ = std::fs::remove_file(&whole);
        let _ = std::fs::remove_file(&cut);
    }
}

#[test]
fn shards_merged_in_any_order_are_the_unsharded_file() {
    let whole = temp_path("unsharded");
    datagen(&whole, &["--games", "7"]);
    let expected = std::fs::read(&whole).unwrap();
    let shard = |k: u32| {
        let path = temp_path(&format!("shard-{k}"));
        datagen(&path, &["--games", "7", "--shard", &format!("{k}/3")]);
        path
    };
    let shards = [shard(1), shard(2), shard(3)];
    // Seven games in three shards: games 0-1, 2-3 and 4-6, each file's header saying which.
    let header = |path: &Path| {
        let bytes = std::fs::read(path).unwrap();
        let end = bytes.iter().position(|&b| b == b'\n').unwrap();
        String::from_utf8_lossy(&bytes[..end]).into_owned()
    };
    let run_header = header(&whole);
    for (path, range) in shards.iter().zip(["0-1 of 7", "2-3 of 7", "4-6 of 7"]) {
        assert_eq!(header(path), format!("{run_header}; games {range}"));
    }
    let name = |path: &PathBuf| path.to_str().unwrap().to_string();
    let merged = temp_path("merged");
    let merge = |inputs: &[&PathBuf]| {
        let mut args = vec!["datagen".to_string(), "--merge".to_string()];
        args.extend(inputs.iter().map(|path| name(path)));
        args.extend(["--output".to_string(), name(&merged)]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        run_sumito(&args)
    };
    let run = merge(&[&shards[2], &shards[0], &shards[1]]);
    assert!(run.success, "{}", run.stderr);
    assert!(run.stderr.contains("holds 7 games"), "{}", run.stderr);
    assert_eq!(std::fs::read(&merged).unwrap(), expected);
    // The merged file is not overwritten.
    let run = merge(&[&shards[0], &shards[1], &shards[2]]);
    assert!(
        !run.success && run.stderr.contains("exists"),
        "{}",
        run.stderr
    );
    assert_eq!(std::fs::read(&merged).unwrap(), expected);
    std::fs::remove_file(&merged).unwrap();
    // A missing shard, or one cut short, is named, and no merged file is left.
    let run = merge(&[&shards[0], &shards[2]]);
    assert!(
        run.stderr
            .contains("its games start at 4, where game 2 was due"),
        "{}",
        run.stderr
    );
    let run = merge(&[&shards[1], &shards[0]]);
    assert!(
        !run.success
            && run.stderr.contains(
                "the files hold games 0 to 3 of the run's 7: the shards from game 4 on are missing"
            ),
        "{}",
        run.stderr
    );
    assert!(!merged.exists());
    // Nor its `.part.<pid>`: a refused merge cleans up.
    let part = format!("{}.part", merged.file_name().unwrap().to_string_lossy());
    let parent = merged.parent().unwrap();
    let left: Vec<_> = std::fs::read_dir(parent)
        .unwrap()
        .flatten()
        .filter(|entry| entry.file_name().to_string_lossy().starts_with(&part))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    let mut cut = std::fs::read(&shards[2]).unwrap();
    cut.truncate(cut.len() - 5);
    std::fs::write(&shards[2], &cut).unwrap();
    let run = merge(&[&shards[0], &shards[1], &shards[2]]);
    assert!(
        !run.success && run.stderr.contains("it holds 2 of its 3 games (from 4)"),
        "{}",
        run.stderr
    );
    assert!(!merged.exists());
    // The shard run again continues its file, and the merge goes through.
    let said = datagen(&shards[2], &["--games", "7", "--shard", "3/3"]);
    assert!(said.contains("continuing from game 6"), "{said}");
    assert!(merge(&[&shards[1], &shards[2], &shards[0]]).success);
    assert_eq!(std::fs::read(&merged).unwrap(), expected);
    std::fs::remove_file(&merged).unwrap();
    // Shards of another run do not mix.
    let other = temp_path("other-seed");
    let other_arg = name(&other);
    let run = run_sumito(&[
        "datagen",
        "--output",
        &other_arg,
        "--games",
        "7",
        "--shard",
        "2/3",
        "--depth",
        "2",
        "--plies-after-opening",
        "80",
        "--seed",
        "12",
    ]);
    assert!(run.success, "{}", run.stderr);
    let run = merge(&[&shards[0], &other, &shards[2]]);
    assert!(
        run.stderr.contains("it is of another run"),
        "{}",
        run.stderr
    );
    assert!(!merged.exists());
    for path in shards.iter().chain([&whole, &other]) {
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn a_killed_run_resumes_to_the_same_file() {
    let whole = temp_path("unkilled");
    datagen(&whole, &["--games", "24", "--format", "text"]);
    let killed = temp_path("killed");
    let mut child = Command::new(SUMITO)
        .args([
            "datagen",
            "--output",
            killed.to_str().unwrap(),
            "--games",
            "24",
            "--format",
            "text",
        ])
        .args(FAST)
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Killed as soon as a few games are in the file, in the middle of the run.
    let deadline = Instant::now() + Duration::from_secs(60);
    while games_in(&std::fs::read_to_string(&killed).unwrap_or_default()) < 3 {
        assert!(Instant::now() < deadline, "no games written");
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let partial = games_in(&std::fs::read_to_string(&killed).unwrap());
    assert!(partial < 24, "the run ended before it was killed");
    datagen(&killed, &["--games", "24", "--format", "text"]);
    assert_eq!(
        std::fs::read(&killed).unwrap(),
        std::fs::read(&whole).unwrap()
    );
    let _ = std::fs::remove_file(&whole);
    let _ = std::fs::remove_file(&killed);
}

#[test]
fn a_position_target_stops_after_the_game_that_reaches_it() {
    let path = temp_path("positions");
    datagen(&path, &["--positions", "150", "--format", "text"]);
    let text = std::fs::read_to_string(&path).unwrap();
    let counts: Vec<u64> = text
        .lines()
        .filter_map(|l| l.strip_prefix("game "))
        .map(|l| l.rsplit(' ').next().unwrap().parse().unwrap())
        .collect();
    let total: u64 = counts.iter().sum();
    assert!(total >= 150, "{total}");
    assert!(total - counts[counts.len() - 1] < 150, "{counts:?}");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn bad_flags_and_foreign_files_are_refused_and_left_alone() {
    let path = temp_path("refused");
    let out = path.to_str().unwrap();
    for (args, says) in [
        (vec!["datagen", "--output", out], "--games"),
        (
            vec!["datagen", "--output", out, "--games", "1", "--depth", "0"],
            "--depth",
        ),
        (
            vec![
                "datagen",
                "--output",
                out,
                "--games",
                "1",
                "--opening-plies",
                "9-2",
            ],
            "range",
        ),
        (vec!["datagen", "--games", "1"], "--output"),
        // Read back, cut and appended to: a device (or a pipe, which would block) is refused.
        (
            vec!["datagen", "--output", "/dev/null", "--games", "1"],
            "cannot open /dev/null: not a regular file",
        ),
        (
            vec![
                "datagen", "--output", out, "--games", "1", "--format", "xml",
            ],
            "'xml' is not a format",
        ),
        (
            vec![
                "datagen",
                "--output",
                out,
                "--positions",
                "9",
                "--shard",
                "1/2",
            ],
            "--shard splits a number of games",
        ),
        (
            vec!["datagen", "--output", out, "--games", "2", "--shard", "3/2"],
            "bad --shard '3/2'",
        ),
        (
            vec!["datagen", "--output", out, "--games", "1", "--shard", "1/2"],
            "leave this shard none",
        ),
        (
            vec![
                "datagen", "--output", out, "--games", "1", "--merge", "a.dat",
            ],
            "cannot be used with",
        ),
        (
            vec!["datagen", "--output", out, "--merge", "/no/such/shard.dat"],
            "/no/such/shard.dat",
        ),
    ] {
        refused(&args[1..], says);
    }
    std::fs::write(&path, "my notes\n").unwrap();
    refused(&["--output", out, "--games", "1"], "not a data file");
    // A shard of a newer format is refused by its version, not at its first record.
    let newer = path.with_extension("v9");
    std::fs::write(&newer, "# sumito datagen 9: --seed 1; games 0-0 of 1\n").unwrap();
    let merged = path.with_extension("merged");
    let merged = merged.to_str().unwrap();
    refused(
        &["--output", merged, "--merge", newer.to_str().unwrap()],
        "its format is version 9, newer than this build's",
    );
    let _ = std::fs::remove_file(&newer);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "my notes\n");
    datagen(&path.with_extension("other"), &["--games", "1"]);
    let other = path.with_extension("other");
    let before = std::fs::read(&other).unwrap();
    refused(
        &["--output", other.to_str().unwrap(), "--games", "2"],
        "other settings",
    );
    assert_eq!(std::fs::read(&other).unwrap(), before);
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(&other);
}

#[test]
fn n_player_files_hold_every_seats_ranks_resume_merge_and_are_refused_by_the_two_player_fits() {
    for players in ["3", "4", "5", "6"] {
        let flags = |games: &'static str| ["--players", players, "--games", games];
        let (whole, text) = (temp_path("seats-whole"), temp_path("seats-text"));
        datagen(&whole, &flags("4"));
        datagen(&text, &[&flags("4")[..], &["--format", "text"]].concat());
        let binary = std::fs::read(&whole).unwrap();
        let header = format!("SUMITODB# sumito datagen 2: --players {players} --seed 11");
        assert!(binary.starts_with(header.as_bytes()), "{players}");
        // The header ends with the N-player search's signature beside the two-player bench.
        let first_line = binary.split(|&b| b == b'\n').next().unwrap();
        let first_line = String::from_utf8_lossy(first_line);
        let seats_bench = first_line
            .split("; seats bench ")
            .nth(1)
            .unwrap_or_default();
        assert!(
            seats_bench.parse::<u64>().is_ok_and(|n| n > 0),
            "{first_line}"
        );
        // The text: position lines of the N-player position string, ranks and score.
        let text_bytes = std::fs::read_to_string(&text).unwrap();
        let seats: usize = players.parse().unwrap();
        let mut positions = 0;
        for line in text_bytes.lines().skip(1) {
            let fields: Vec<&str> = line.split(' ').collect();
            let ranks = if fields[0] == "game" {
                assert_eq!(
                    fields[2],
                    format!(
                        "{}-player",
                        ["", "", "", "three", "four", "five", "six"][seats]
                    )
                );
                fields[3]
            } else {
                positions += 1;
                assert_eq!(fields.len(), 6, "{line}");
                assert_eq!(fields[2].split('/').count(), seats, "{line}");
                assert!(fields[5].parse::<i32>().unwrap().abs() < 10_000, "{line}");
                fields[4]
            };
            let ranks: Vec<usize> = ranks.split('-').map(|r| r.parse().unwrap()).collect();
            assert_eq!(ranks.len(), seats, "{line}");
            assert!(ranks.contains(&1) && ranks.iter().all(|&r| (1..=seats).contains(&r)));
        }
        assert!(positions > 4 * 10, "{players}: {positions} positions");
        // The binary file holds the same records: merged into text, it is the text run's file.
        let converted = temp_path("seats-converted");
        let merge = |inputs: &[&Path], output: &Path, format: &str| {
            let mut args = vec!["datagen", "--merge"];
            args.extend(inputs.iter().map(|p| p.to_str().unwrap()));
            args.extend(["--format", format, "--output", output.to_str().unwrap()]);
            let run = run_sumito(&args);
            assert!(run.success, "{}", run.stderr);
        };
        merge(&[&whole], &converted, "text");
        assert_eq!(std::fs::read_to_string(&converted).unwrap(), text_bytes);
        // Cut inside the second game and resumed, it ends as the uninterrupted run.
        let cut = temp_path("seats-cut");
        let at = game_ends(&binary)[0] as usize + 30;
        std::fs::write(&cut, &binary[..at]).unwrap();
        let said = datagen(&cut, &flags("4"));
        assert!(said.contains("continuing from game 1"), "{said}");
        assert_eq!(std::fs::read(&cut).unwrap(), binary);
        // Two shards merge into the same file.
        let shards = [temp_path("seats-shard-1"), temp_path("seats-shard-2")];
        for (k, shard) in ["1/2", "2/2"].iter().zip(&shards) {
            datagen(shard, &[&flags("4")[..], &["--shard", k]].concat());
        }
        let merged = temp_path("seats-merged");
        merge(&[&shards[1], &shards[0]], &merged, "binary");
        assert_eq!(std::fs::read(&merged).unwrap(), binary);
        // The two-player fits say why they cannot use it.
        let out = temp_path("seats-fit");
        for fit in [
            &["tune", "--wdl"][..],
            &["train", "--output", out.to_str().unwrap()],
        ] {
            let run = run_sumito(&[fit, &[whole.to_str().unwrap()]].concat());
            assert!(!run.success);
            assert!(
                run.stderr.contains("games of three to six players"),
                "{}",
                run.stderr
            );
            assert!(!out.exists());
        }
        // `train --players N` fits the N-player network to them, which the engine loads; a
        // training of another number of players, or of two, refuses them.
        let network = temp_path("seats-network");
        let train = |players: &str| {
            run_sumito(&[
                "train",
                whole.to_str().unwrap(),
                "--output",
                network.to_str().unwrap(),
                "--players",
                players,
                "--epochs",
                "3",
                "--holdout",
                "0",
            ])
        };
        let run = train(players);
        assert!(run.success, "{}", run.stderr);
        let losses: Vec<f64> = run
            .stdout
            .lines()
            .filter_map(|l| l.split(" loss ").nth(1)?.split(' ').next()?.parse().ok())
            .collect();
        assert_eq!(losses.len(), 4, "{}", run.stdout);
        assert!(losses[3] < losses[0], "{losses:?}");
        let loaded = SeatsNetwork::load(network.to_str().unwrap()).unwrap();
        assert_eq!(loaded.players, seats);
        assert!(loaded.header.contains(&format!("--players {players}")));
        let _ = std::fs::remove_file(&network);
        let other = if players == "3" { "4" } else { "3" };
        let run = train(other);
        assert!(!run.success);
        let says = format!("games of {players} players; this training is of {other}");
        assert!(run.stderr.contains(&says), "{}", run.stderr);
        assert!(!network.exists());
        for path in [
            &whole, &text, &converted, &cut, &merged, &shards[0], &shards[1],
        ] {
            let _ = std::fs::remove_file(path);
        }
    }
    refused(
        &["--output", "x", "--games", "1", "--players", "7"],
        "--players must be from 2 to 6",
    );
}
