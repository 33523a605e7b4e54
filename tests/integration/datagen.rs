//! `sumito datagen` run as a program: the same file for any thread count, a resumed run equal to
//! an uninterrupted one, and clear refusals.

use crate::common::engines::{SUMITO, run_sumito};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

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
        std::env::temp_dir().join(format!("sumito-datagen-{name}-{}.txt", std::process::id()));
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

#[test]
fn the_file_is_the_same_for_any_thread_count() {
    let (one, two) = (temp_path("one"), temp_path("two"));
    datagen(&one, &["--games", "9", "--threads", "1"]);
    datagen(&two, &["--games", "9", "--threads", "2"]);
    let text = std::fs::read_to_string(&one).unwrap();
    assert_eq!(text, std::fs::read_to_string(&two).unwrap());
    assert_eq!(games_in(&text), 9);
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
    let _ = std::fs::remove_file(&one);
    let _ = std::fs::remove_file(&two);
}

#[test]
fn a_run_cut_anywhere_and_resumed_equals_an_uninterrupted_run() {
    let whole = temp_path("whole");
    datagen(&whole, &["--games", "6"]);
    let expected = std::fs::read(&whole).unwrap();
    let cut = temp_path("cut");
    // Cut inside the header, inside a game's positions, and right after a game line.
    let after_second_game = {
        let text = String::from_utf8_lossy(&expected);
        let second = text.match_indices("\ngame 1 ").next().unwrap().0;
        second + text[second + 1..].find('\n').unwrap() + 2
    };
    for at in [7, expected.len() / 2, expected.len() - 3, after_second_game] {
        std::fs::write(&cut, &expected[..at]).unwrap();
        let said = datagen(&cut, &["--games", "6", "--threads", "2"]);
        assert_eq!(std::fs::read(&cut).unwrap(), expected, "cut at byte {at}");
        if at > 200 {
            assert!(said.contains("continuing from game"), "{said}");
        }
    }
    // A complete file is left as it is.
    let said = datagen(&cut, &["--games", "6"]);
    assert!(
        said.contains("holds 6 games") && said.contains("it is complete"),
        "{said}"
    );
    assert!(!said.contains("continuing"), "{said}");
    // And a larger target extends it as a longer run would have made it.
    datagen(&cut, &["--games", "8"]);
    datagen(&whole, &["--games", "8"]);
    assert_eq!(std::fs::read(&cut).unwrap(), std::fs::read(&whole).unwrap());
    let _ = std::fs::remove_file(&whole);
    let _ = std::fs::remove_file(&cut);
}

#[test]
fn a_killed_run_resumes_to_the_same_file() {
    let whole = temp_path("unkilled");
    datagen(&whole, &["--games", "24"]);
    let killed = temp_path("killed");
    let mut child = Command::new(SUMITO)
        .args([
            "datagen",
            "--output",
            killed.to_str().unwrap(),
            "--games",
            "24",
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
    datagen(&killed, &["--games", "24"]);
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
    datagen(&path, &["--positions", "150"]);
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
    ] {
        let run = run_sumito(&args);
        assert!(!run.success, "{args:?}");
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
    }
    std::fs::write(&path, "my notes\n").unwrap();
    let run = run_sumito(&["datagen", "--output", out, "--games", "1"]);
    assert!(
        !run.success && run.stderr.contains("not a data file"),
        "{}",
        run.stderr
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "my notes\n");
    datagen(&path.with_extension("other"), &["--games", "1"]);
    let other = path.with_extension("other");
    let before = std::fs::read(&other).unwrap();
    let run = run_sumito(&[
        "datagen",
        "--output",
        other.to_str().unwrap(),
        "--games",
        "2",
    ]);
    assert!(
        !run.success && run.stderr.contains("other settings"),
        "{}",
        run.stderr
    );
    assert_eq!(std::fs::read(&other).unwrap(), before);
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(&other);
}
