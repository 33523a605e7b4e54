//! The command line keeps its word: a flag is used or refused, never silently dropped.

use crate::common::engines::run_sumito;

#[test]
fn engine_flags_before_a_subcommand_are_refused() {
    for (args, flag) in [
        (
            &["--threads", "2", "bench", "--depth", "1"][..],
            "--threads",
        ),
        (
            &["--hash", "16", "match", "--verify", "none.txt"][..],
            "--hash",
        ),
    ] {
        let run = run_sumito(args);
        assert!(!run.success, "{args:?} ran");
        assert!(
            run.stderr
                .contains(&format!("error: {flag} before a subcommand")),
            "{args:?}: {}",
            run.stderr
        );
        assert!(run.stdout.is_empty(), "{args:?} printed {}", run.stdout);
    }
    // Where they belong they still work: the engine loop, and after the subcommand's name.
    assert!(run_sumito(&["--threads", "1", "--hash", "1"]).success);
    let bench = run_sumito(&["bench", "--depth", "1"]);
    assert!(
        bench.success && bench.stdout.contains("nodes"),
        "{}",
        bench.stderr
    );
}

#[test]
fn analyse_takes_multipv_only_with_a_position() {
    let refused = run_sumito(&["analyse", "games.txt", "--multipv", "2"]);
    assert!(!refused.success);
    assert!(
        refused.stderr.contains("--multipv") && refused.stderr.contains("--fen"),
        "{}",
        refused.stderr
    );
    let fen = "5/6/7/8/6wwb/8/7/6/bb3 b 5 0 0";
    let lines = run_sumito(&["analyse", "--fen", fen, "--depth", "2", "--multipv", "2"]);
    assert!(lines.success, "{}", lines.stderr);
    assert!(
        lines.stdout.contains("depth  2  line 2"),
        "{}",
        lines.stdout
    );
}

/// The options of a `--help` text, each with its description: a line starting with `-` opens
/// one, and the lines below it (clap's long help) belong to it.
fn options(help: &str) -> Vec<String> {
    let mut options: Vec<String> = Vec::new();
    for line in help.lines() {
        let text = line.trim_start();
        if text.starts_with('-') && !text.starts_with("- ") {
            options.push(text.to_string());
        } else if let Some(option) = options.last_mut()
            && !text.is_empty()
        {
            option.push(' ');
            option.push_str(text);
        }
    }
    options
}

#[test]
fn help_shows_defaults_one_way_and_names_the_engine_one_way() {
    // Every subcommand `sumito --help` lists, and the engine loop ("").
    let mut commands = crate::documents::subcommands();
    assert!(commands.len() >= 13, "{commands:?}");
    commands.push(String::new());
    for command in &commands {
        let args: Vec<&str> = [command.as_str(), "--help"]
            .into_iter()
            .filter(|a| !a.is_empty())
            .collect();
        let help = run_sumito(&args);
        assert!(help.success, "{command}: {}", help.stderr);
        for option in options(&help.stdout) {
            // `- default: …` lists a possible value of `tune --from`, not a default.
            let lower = option.to_ascii_lowercase().replace("- default:", "");
            let mentions = ["(default", "default:", "by default"]
                .iter()
                .any(|form| lower.contains(form));
            assert!(
                !mentions || option.contains("[default: "),
                "{command}: a default not written as [default: …]: {option}"
            );
            if option.starts_with("--threads") {
                assert!(option.contains("[default: "), "{command}: {option}");
            }
            if option.starts_with("--engine") {
                assert!(option.contains("<COMMAND>"), "{command}: {option}");
            }
        }
    }
}

#[test]
fn eval_gives_the_networks_number_and_refuses_a_finished_game() {
    let eval = |fen: &str| {
        let run = run_sumito(&["eval", "--fen", fen]);
        assert!(run.success, "{}", run.stderr);
        let lines = run.lines();
        assert!(lines[0].starts_with("# eval <n>"), "{}", run.stdout);
        assert_eq!(lines.len(), 2, "{}", run.stdout);
        let number = lines[1].strip_prefix("eval ").expect("an eval line");
        number.parse::<i32>().expect("a number")
    };
    // The same marbles with White a marble down are better for Black, to move in both.
    let level = eval("5/6/7/8/3bbb3/3ww3/7/6/5 b 0 0 0");
    let up = eval("5/6/7/8/3bbb3/3ww3/7/6/5 b 0 1 0");
    assert!(up > level, "{up} against {level}");
    // White has lost six marbles.
    let over = run_sumito(&["eval", "--fen", "5/6/7/8/5bbbw/8/7/6/5 b 0 6 0"]);
    assert!(!over.success);
    assert!(over.stdout.is_empty(), "{}", over.stdout);
    assert!(
        over.stderr.contains("error: the game is over, 1-0"),
        "{}",
        over.stderr
    );
    // The hand-set linear weights went with the linear evaluation.
    let hand = run_sumito(&["eval", "--hand"]);
    assert!(!hand.success);
    assert!(hand.stderr.contains("--hand"), "{}", hand.stderr);
}

#[test]
fn perft_takes_the_depths_go_perft_takes_from_one() {
    for depth in ["0", "13"] {
        let refused = run_sumito(&["perft", depth]);
        assert!(!refused.success, "perft {depth} ran");
        assert!(
            refused
                .stderr
                .contains("error: perft depth must be 1 to 12"),
            "{}",
            refused.stderr
        );
    }
    let one = run_sumito(&["perft", "1"]);
    assert!(
        one.success && one.stdout.trim_end().ends_with("nodes 44"),
        "{}",
        one.stdout
    );
}

#[test]
fn a_log_level_is_one_of_the_levels() {
    let refused = run_sumito(&["--log-level", "loud", "perft", "1"]);
    assert!(!refused.success);
    assert!(
        refused
            .stderr
            .contains("invalid value 'loud' for '--log-level"),
        "{}",
        refused.stderr
    );
    assert!(refused.stdout.is_empty(), "{}", refused.stdout);
    for level in ["off", "error", "warn", "info", "debug", "trace"] {
        let run = run_sumito(&["--log-level", level, "perft", "1"]);
        assert!(run.success && run.stdout.contains("nodes 44"), "{level}");
    }
}

#[test]
fn the_engine_started_at_a_terminal_says_what_to_type_and_is_silent_in_a_pipe() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let sumito = env!("CARGO_BIN_EXE_sumito");
    // `script` (util-linux) gives the engine a terminal for its stdin.
    let mut child = Command::new("script")
        .args(["-qec", sumito, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("script (util-linux) runs");
    writeln!(child.stdin.take().unwrap(), "quit").unwrap();
    let output = child.wait_with_output().unwrap();
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(said.contains("speaking UAP on this terminal"), "{said}");
    assert!(said.contains("go movetime 1000"), "{said}");
    // In a pipe, as a GUI starts it, stderr stays quiet.
    let piped = run_sumito(&[]);
    assert!(piped.success && piped.stderr.is_empty(), "{}", piped.stderr);
}

#[test]
fn refusals_name_what_to_do_once() {
    // A match sets each engine's threads with --option: said instead of a guess at --records.
    let threads = run_sumito(&["match", "--engine", "x", "--threads", "2"]);
    assert!(!threads.success);
    assert!(
        threads.stderr.contains("--option Threads=N") && !threads.stderr.contains("--records"),
        "{}",
        threads.stderr
    );
    // A bad --tc read by clap names the value once.
    let tc = run_sumito(&["play", "--tc", "0+0"]);
    assert!(!tc.success);
    assert_eq!(tc.stderr.matches("0+0").count(), 1, "{}", tc.stderr);
    assert!(
        tc.stderr.contains("the base time must be more than zero"),
        "{}",
        tc.stderr
    );
}

/// Runs sumito with `args` and asserts that it is refused with `expected` in its message.
fn refused_with(args: &[&str], expected: &str) {
    let run = run_sumito(args);
    assert!(!run.success, "{args:?} ran: {}", run.stderr);
    assert!(
        run.stderr.contains(expected),
        "{args:?}: expected '{expected}' in:\n{}",
        run.stderr
    );
}

#[test]
fn flags_that_would_change_nothing_are_refused() {
    let scratch = crate::common::matches::scratch("unused-flags");
    let two = ["match", "--engine", "x", "--engine", "y", "--tc", "depth=1"];
    fn with<'a>(two: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
        [two, extra].concat()
    }
    refused_with(&with(&two, &["--event", "E"]), "--event");
    refused_with(&with(&two, &["--time-margin", "100"]), "--time-margin");
    refused_with(
        &with(&two, &["--layout", "standard,german-daisy,standard"]),
        "names standard twice",
    );
    refused_with(
        &with(&two, &["--games", "2", "--shard", "2/2"]),
        "--shard 2/2",
    );
    // A file of position strings decides every start: --layout would not be used.
    let book = scratch.join("starts.txt");
    std::fs::write(
        &book,
        "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 0 0\n",
    )
    .unwrap();
    let book = book.to_str().unwrap();
    refused_with(
        &with(&two, &["--layout", "german-daisy", "--openings", book]),
        "--layout",
    );
    refused_with(&["perft", "1", "--threads", "0"], "--threads");
    refused_with(&["analyse", "--fen", "x", "--movetime", "0"], "--movetime");
    refused_with(
        &[
            "openings",
            "--layout",
            "standard,belgian-daisy,standard",
            "--per-layout",
            "1",
            "--depth",
            "1",
        ],
        "names standard twice",
    );
    let data = scratch.join("d.txt");
    let data = data.to_str().unwrap();
    refused_with(&["datagen", "--output", data, "--games", "0"], "at least 1");
    refused_with(
        &[
            "datagen",
            "--output",
            data,
            "--games",
            "1",
            "--multipv",
            "1",
            "--margin",
            "5",
        ],
        "--multipv 2",
    );
    assert!(!std::path::Path::new(data).exists());
    // Every command takes --version, as docs/building.md says.
    let version = run_sumito(&["perft", "--version"]);
    assert!(
        version.success && version.stdout.starts_with("sumito"),
        "{}",
        version.stderr
    );
}

/// A tool whose output cannot be written (a full disk) fails, rather than say it did its job;
/// a closed pipe (`| head`) is no failure.
#[cfg(target_os = "linux")]
#[test]
fn output_that_cannot_be_written_fails_the_tool() {
    // A tool that writes through `say!`, and `analyse`, which writes each game itself.
    let record = std::env::temp_dir().join(format!("sumito-full-{}.txt", std::process::id()));
    let game = "[Layout \"standard\"]\n[Result \"*\"]\n[Termination \"abandoned\"]\n\n1. a1b2 *\n";
    std::fs::write(&record, game).unwrap();
    let analyse = ["analyse", record.to_str().unwrap(), "--depth", "1"];
    for args in [&["perft", "2"][..], &analyse] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_sumito"))
            .args(args)
            .stdout(full)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("the output could not be written"),
            "{stderr}"
        );
    }
    let _ = std::fs::remove_file(&record);
}
