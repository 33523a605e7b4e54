//! `sumito play` driven through stdin as a person at a terminal would.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `sumito play` with `args`, feeding `input`; returns stdout.
fn play(args: &[&str], input: &str) -> String {
    play_in(&std::env::temp_dir(), args, input)
}

/// [`play`] with `dir` as the working directory.
fn play_in(dir: &std::path::Path, args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sumito"))
        .current_dir(dir)
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}

/// The number of moves Sumito announced.
fn engine_moves(out: &str) -> usize {
    out.lines()
        .filter(|l| l.starts_with("Sumito plays "))
        .count()
}

fn temp_path(name: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("sumito-{name}-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

#[test]
fn a_scripted_game_with_help_errors_undo_and_resignation() {
    let record = temp_path("resign");
    let path = record.to_str().unwrap();
    let input = "help\nmoves\nzz\nzzz\ne5e6\na1a2\nc3d3\nundo\nc4d4\nresign\n";
    let out = play(
        &[
            "--tc",
            "depth=1",
            "--colour",
            "black",
            "--ascii",
            "--records",
            path,
        ],
        input,
    );
    // The board is drawn with coordinates, plain ASCII.
    assert!(out.contains("    A b b b b b 6"), "{out}");
    assert!(out.contains("       1 2 3 4 5"));
    assert!(out.contains("ejected: black 0 white 0"));
    assert!(out.contains("Enter a move in Aba-Pro notation"));
    // The prompt and the answer share a line: "black to move> legal moves: …".
    let listed = out
        .lines()
        .find_map(|l| l.split_once("legal moves: "))
        .unwrap()
        .1;
    assert_eq!(listed.split_whitespace().count(), 44);
    // A word that is not a move's shape is an unknown command; a cell-shaped one, a bad move.
    for word in ["zz", "zzz"] {
        let unknown = format!("unknown command '{word}': enter a move such as a1b2, or help");
        assert!(out.contains(&unknown), "{out}");
    }
    assert!(
        out.contains("'e5e6' is not legal here: e5 does not hold"),
        "{out}"
    );
    assert!(out.contains("'a1a2' is not legal here: a group has at most three marbles"));
    assert_eq!(engine_moves(&out), 2, "one reply before and one after undo");
    assert!(out.contains("took back 2 move(s)"));
    // The board is drawn when the game moves, not after a listing or a refused input: at the
    // start, after each of the four moves played, and after the undo.
    let boards = out.lines().filter(|l| *l == "       1 2 3 4 5").count();
    assert_eq!(boards, 6, "{out}");
    assert!(out.contains("last move: c3d3 (you)"), "{out}");
    assert!(out.contains("last move: c4d4 (you)"), "{out}");
    assert!(out.contains("You resign: white wins."));
    assert!(out.contains(&format!("The game is saved in {path}")));
    let saved = std::fs::read_to_string(&record).unwrap();
    let _ = std::fs::remove_file(&record);
    assert!(saved.contains("[Result \"0-1\"]"), "{saved}");
    assert!(saved.contains("[Termination \"resignation\"]"), "{saved}");
    assert!(
        saved.contains("1. c4d4 "),
        "the undone move is gone: {saved}"
    );
}

#[test]
fn playing_white_lets_sumito_open_and_the_end_of_input_abandons() {
    let record = temp_path("white");
    let path = record.to_str().unwrap();
    let out = play(
        &[
            "--tc",
            "depth=1",
            "--colour",
            "white",
            "--ascii",
            "--records",
            path,
        ],
        "i5h5\n",
    );
    assert!(out.contains("You play white; Sumito plays black."));
    assert_eq!(engine_moves(&out), 2);
    let saved = std::fs::read_to_string(&record).unwrap();
    let _ = std::fs::remove_file(&record);
    assert!(saved.contains("[Result \"*\"]"), "{saved}");
    assert!(saved.contains("[Termination \"abandoned\"]"), "{saved}");
    assert!(saved.trim_end().ends_with('*'), "{saved}");
    assert!(saved.contains(" i5h5 "), "{saved}");
}

#[test]
fn bad_arguments_are_refused_with_a_message() {
    for args in [
        &["--colour", "green"][..],
        &["--tc", "ten"],
        &["--tc", "depth=0"],
        &["--level", "3"],
        &["--records", "/nonexistent-dir/x.txt"],
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_sumito"))
            .arg("play")
            .args(args)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(!output.status.success(), "{args:?}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains("error"),
            "{args:?}"
        );
    }
}

#[test]
fn quit_asks_first_and_nothing_is_saved_without_records() {
    let dir = std::env::temp_dir().join(format!("sumito-play-quit-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir(&dir).unwrap();
    let out = play_in(
        &dir,
        &["--tc", "depth=1", "--ascii"],
        "help\nquit\nn\nquit\ny\n",
    );
    assert!(
        out.contains("  quit     leave the game unfinished"),
        "{out}"
    );
    assert_eq!(
        out.matches("Leave the game unfinished? (y/n)").count(),
        2,
        "{out}"
    );
    assert!(out.contains("The game is left unfinished."), "{out}");
    assert!(!out.contains("saved"), "{out}");
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(files.is_empty(), "play wrote {files:?}");
}

#[test]
fn undo_takes_back_only_the_players_own_moves_and_gives_the_time_back() {
    // Sumito opens as Black: before White's first move there is nothing of White's to undo.
    let out = play(
        &["--tc", "depth=1", "--colour", "white", "--ascii"],
        "undo\n",
    );
    assert!(out.contains("nothing to undo"), "{out}");
    assert_eq!(
        engine_moves(&out),
        1,
        "Sumito's opening is not played again: {out}"
    );
    // On a clock, a move taken back gives back the time it took, to both sides.
    let out = play(
        &["--tc", "1", "--colour", "black", "--ascii"],
        "a1b2\nundo\n",
    );
    let clocks: Vec<&str> = out.lines().filter(|l| l.contains("clocks:")).collect();
    assert_eq!(clocks.len(), 4, "start, two moves, the undo: {out}");
    assert!(
        clocks[0].ends_with("clocks: black 0:01.0 white 0:01.0"),
        "{out}"
    );
    assert_ne!(clocks[2], clocks[0], "time was spent: {out}");
    assert_eq!(clocks[3], clocks[0], "and given back: {out}");
}

#[test]
fn a_draw_offer_is_declined_with_a_reason_then_accepted_when_level() {
    use std::io::{BufRead, BufReader};
    use std::sync::mpsc::channel;
    use std::time::Duration;
    let record = temp_path("draw");
    let mut child = Command::new(env!("CARGO_BIN_EXE_sumito"))
        .args([
            "play",
            "--tc",
            "depth=2",
            "--colour",
            "white",
            "--ascii",
            "--records",
        ])
        .arg(&record)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let (lines, said) = channel();
    let output = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(output).lines().map_while(Result::ok) {
            let _ = lines.send(line);
        }
    });
    let mut out = String::new();
    let mut next_line = || {
        let line = said
            .recv_timeout(Duration::from_secs(60))
            .expect("sumito play answers");
        out += &line;
        out.push('\n');
        line
    };
    // White plays the moves Sumito's `hint` suggests, so that neither side stands better, and
    // offers a draw after Sumito's first move and again after its fifth.
    for sumito_moves in 1..=5 {
        while !next_line().starts_with("Sumito plays ") {}
        if sumito_moves == 1 {
            writeln!(input, "draw").unwrap();
        }
        writeln!(input, "hint").unwrap();
        let hint = loop {
            if let Some((_, hint)) = next_line().split_once("hint: ") {
                break hint.trim().to_string();
            }
        };
        writeln!(input, "{hint}").unwrap();
    }
    while !next_line().starts_with("Sumito plays ") {}
    writeln!(input, "draw").unwrap();
    drop(input);
    while let Ok(line) = said.recv_timeout(Duration::from_secs(60)) {
        out += &line;
        out.push('\n');
    }
    assert!(child.wait().unwrap().success());
    assert!(
        out.contains("Sumito declines: it has judged only 1 of its moves in this game"),
        "{out}"
    );
    assert!(
        out.contains("Sumito accepts: its score has stayed within 0.60 marbles of level"),
        "{out}"
    );
    assert!(out.contains("The game is drawn."), "{out}");
    let saved = std::fs::read_to_string(&record).unwrap();
    assert!(saved.contains("[Result \"1/2-1/2\"]"), "{saved}");
    assert!(
        saved.contains("[Termination \"draw by agreement\"]"),
        "{saved}"
    );
    // The record reads back: --verify takes a draw by agreement.
    let verify = Command::new(env!("CARGO_BIN_EXE_sumito"))
        .args(["match", "--verify"])
        .arg(&record)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&record);
    assert!(
        verify.status.success(),
        "{}",
        String::from_utf8_lossy(&verify.stderr)
    );
}
