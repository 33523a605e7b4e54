//! `sumito play` driven through stdin as a person at a terminal would.

use std::io::Write;
use std::process::{Command, Stdio};

/// What `child` writes on stdout, chunk by chunk as it comes, read by a thread of its own that
/// ends when the output closes.
fn chunks_of(
    child: &mut std::process::Child,
) -> (
    std::sync::mpsc::Receiver<Vec<u8>>,
    std::thread::JoinHandle<()>,
) {
    let (chunks, said) = std::sync::mpsc::channel();
    let mut output = child.stdout.take().expect("a piped stdout");
    let reader = std::thread::spawn(move || {
        let mut buffer = [0u8; 4096];
        while let Ok(n @ 1..) = std::io::Read::read(&mut output, &mut buffer) {
            let _ = chunks.send(buffer[..n].to_vec());
        }
    });
    (said, reader)
}

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
    let input = "help\nmoves\nzz\nzzz\ne5e6\na1a2\nc3d3\nundo\nc4d4\nresign\nmaybe\nn\nresign\ny\n";
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
    // Resigning asks first, until the answer is yes or no.
    assert!(
        out.contains("Resign the game? (y/n) Please answer y or n.\nResign the game? (y/n) "),
        "{out}"
    );
    assert_eq!(out.matches("Resign the game? (y/n)").count(), 3, "{out}");
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
        &["--players", "7"],
        &["--players", "1"],
        &["--players", "3", "--seat", "4"],
        &["--players", "3", "--seat", "0"],
        &["--players", "3", "--colour", "green"],
        &["--players", "4", "--colour", "purple"],
        &["--players", "3", "--layout", "standard"],
        &["--players", "5", "--sumito-resigns"],
        &["--max-plies", "50001"],
        &["--players", "3", "--max-plies", "0"],
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
    // A game refused for its table creates no records file.
    let record = temp_path("no-table");
    let output = Command::new(env!("CARGO_BIN_EXE_sumito"))
        .args(["play", "--hash", "0", "--records"])
        .arg(&record)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(!record.exists(), "{}", record.display());
}

#[test]
fn quit_asks_first_and_nothing_is_saved_without_records() {
    let dir = std::env::temp_dir().join(format!("sumito-play-quit-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir(&dir).unwrap();
    let out = play_in(
        &dir,
        &["--tc", "depth=1", "--ascii"],
        "help\nquit\nn\nquit\nmaybe\ny\n",
    );
    assert!(
        out.contains("  quit     leave the game unfinished"),
        "{out}"
    );
    // An answer that is neither yes nor no asks again.
    assert_eq!(
        out.matches("Leave the game unfinished? (y/n)").count(),
        3,
        "{out}"
    );
    assert!(out.contains("(y/n) Please answer y or n.\n"), "{out}");
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

/// `sumito match --verify FILE` succeeds.
fn assert_verifies(record: &std::path::Path) {
    let verify = Command::new(env!("CARGO_BIN_EXE_sumito"))
        .args(["match", "--verify"])
        .arg(record)
        .output()
        .unwrap();
    assert!(
        verify.status.success(),
        "{}",
        String::from_utf8_lossy(&verify.stderr)
    );
}

#[test]
fn three_players_a_scripted_game_with_errors_and_a_resignation_the_others_play_on() {
    let record = temp_path("three");
    let path = record.to_str().unwrap();
    let input = "help\nzz\ne5e6\npass\nundo\nmoves\nhint\na1b1\nresign\ny\n";
    let args = [
        "--players",
        "3",
        "--tc",
        "depth=1",
        "--max-plies",
        "30",
        "--ascii",
        "--records",
        path,
    ];
    let out = play(&args, input);
    assert!(
        out.contains("You play seat 1 (black); Sumito plays white, red."),
        "{out}"
    );
    // Every seat's marbles by letter, every seat's score, whose turn.
    assert!(out.contains("    I r r . w w\n"), "{out}");
    assert!(out.contains("    A b b b b b 6\n"), "{out}");
    assert!(out.contains("ejected: black 0  white 0  red 0"), "{out}");
    assert!(out.contains("to move: seat 1 (black), you"), "{out}");
    assert!(out.contains("to move: seat 2 (white), Sumito"), "{out}");
    assert!(
        out.contains("When you have no legal move you pass"),
        "{out}"
    );
    // Each bad input: one line, then the prompt again.
    let answers = [
        "black to move> unknown command 'zz': enter a move such as a1b2, or help",
        "black to move> 'e5e6' is not a legal move of seat 1 (black)",
        "black to move> seat 1 (black) has a legal move, so it may not pass",
        "black to move> 'undo' is for two-player games; resign leaves this one",
    ];
    for answer in answers {
        assert!(out.contains(answer), "{answer}: {out}");
    }
    let listed = out
        .lines()
        .find_map(|l| l.split_once("legal moves: "))
        .unwrap()
        .1;
    assert!(listed.split_whitespace().any(|m| m == "a1b1"), "{listed}");
    let hint = out.lines().find_map(|l| l.split_once("hint: ")).unwrap().1;
    assert!(
        listed.split_whitespace().any(|m| m == hint),
        "{hint}: {out}"
    );
    assert!(out.contains("Sumito plays "), "{out}");
    assert!(out.contains(" for white ("), "{out}");
    assert!(out.contains(" for red ("), "{out}");
    // After the resignation the two Sumito seats play the game out to its end.
    assert!(
        out.contains("Resign and leave the game? (y/n) You resign and leave the game."),
        "{out}"
    );
    assert!(out.contains("black 0 (left)"), "{out}");
    assert!(out.contains("Game over: seat"), "{out}");
    let saved = std::fs::read_to_string(&record).unwrap();
    for tag in [
        "[Layout \"three-player\"]",
        "[Black \"You\"]",
        "[White \"Sumito ",
        "[Left \"black: resignation\"]",
        "[MaxPlies \"30\"]",
        "[TimeControl \"depth=1\"]",
    ] {
        assert!(saved.contains(tag), "{tag}: {saved}");
    }
    assert!(saved.contains("1. a1b1 "), "{saved}");
    assert!(saved.contains(" leave "), "{saved}");
    assert_verifies(&record);
    let _ = std::fs::remove_file(&record);
}

#[test]
fn four_players_a_seat_by_colour_with_teams_and_clocks_then_quit() {
    let args = [
        "--players",
        "4",
        "--colour",
        "white",
        "--tc",
        "10+0",
        "--ascii",
    ];
    let out = play(&args, "quit\nn\nquit\ny\n");
    assert!(
        out.contains(
            "You play seat 2 (white); Sumito plays black, red, green. \
             Teams: black+red against white+green."
        ),
        "{out}"
    );
    // Sumito opens for black, on its clock; then the person's prompt.
    assert!(out.contains(" for black ("), "{out}");
    assert!(
        out.contains("clocks: black 0:10.0  white 0:10.0  red 0:10.0  green 0:10.0"),
        "{out}"
    );
    assert!(
        out.contains("ejected: black 0  white 0  red 0  green 0"),
        "{out}"
    );
    assert_eq!(out.matches("Leave the game unfinished? (y/n)").count(), 2);
    assert!(out.contains("The game is left unfinished."), "{out}");
    assert_eq!(engine_moves(&out), 1, "{out}");
}

#[test]
fn six_players_from_the_last_seat_and_the_end_of_input_abandons() {
    let record = temp_path("six");
    let path = record.to_str().unwrap();
    let args = [
        "--players",
        "6",
        "--seat",
        "6",
        "--tc",
        "depth=1",
        "--ascii",
        "--records",
        path,
    ];
    let out = play(&args, "");
    assert!(out.contains("You play seat 6 (blue)"), "{out}");
    assert!(
        out.contains("Teams: black+green against white+yellow against red+blue."),
        "{out}"
    );
    assert_eq!(engine_moves(&out), 5, "{out}");
    assert!(out.contains("blue to move> "), "{out}");
    let saved = std::fs::read_to_string(&record).unwrap();
    assert!(saved.contains("[Layout \"six-player\"]"), "{saved}");
    assert!(saved.contains("[Blue \"You\"]"), "{saved}");
    assert!(saved.contains("[Result \"*\"]"), "{saved}");
    assert!(saved.contains("[Termination \"abandoned\"]"), "{saved}");
    assert_verifies(&record);
    let _ = std::fs::remove_file(&record);
}

/// A `sumito play` at its first prompt, fed line by line.
struct Prompted {
    child: std::process::Child,
    input: std::process::ChildStdin,
    /// What it said so far.
    out: Vec<u8>,
    said: std::sync::mpsc::Receiver<Vec<u8>>,
    reader: std::thread::JoinHandle<()>,
}

impl Prompted {
    /// Starts `sumito play` with `args` and a record file, and waits for the person's first
    /// prompt: the person's clock runs from it, so it must be on screen before their time is
    /// let run out, or a slow start on a loaded machine would use up the wait.
    fn start(args: &[&str], record: &std::path::Path) -> Prompted {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sumito"))
            .arg("play")
            .args(args)
            .arg("--records")
            .arg(record)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let (said, reader) = chunks_of(&mut child);
        let mut out = Vec::new();
        while !String::from_utf8_lossy(&out).contains("to move> ") {
            let chunk = said.recv_timeout(std::time::Duration::from_secs(60));
            out.extend(chunk.expect("the prompt comes"));
        }
        Prompted {
            child,
            input,
            out,
            said,
            reader,
        }
    }

    /// Types `line` after `wait_ms`.
    fn type_after(&mut self, wait_ms: u64, line: &str) {
        std::thread::sleep(std::time::Duration::from_millis(wait_ms));
        writeln!(self.input, "{line}").unwrap();
    }

    /// Ends the input, waits for a successful exit and gives all it said.
    fn finish(mut self) -> String {
        drop(self.input);
        assert!(self.child.wait().unwrap().success());
        self.reader.join().unwrap();
        self.out.extend(self.said.try_iter().flatten());
        String::from_utf8(self.out).unwrap()
    }
}

#[test]
fn on_a_clock_the_person_who_runs_out_of_time_leaves_the_game() {
    let record = temp_path("clock");
    let args = [
        "--players",
        "3",
        "--tc",
        "1+0",
        "--max-plies",
        "12",
        "--ascii",
    ];
    let mut game = Prompted::start(&args, &record);
    // A second and a half on a clock of one second, a listing of the moves in between: what
    // is not a move does not stop the clock, nor start it again.
    game.type_after(800, "moves");
    game.type_after(700, "a1b2");
    let out = game.finish();
    assert!(
        out.contains("clocks: black 0:01.0  white 0:01.0  red 0:01.0"),
        "{out}"
    );
    assert!(
        out.contains("seat 1 (black) ran out of time and leaves the game."),
        "{out}"
    );
    // Asked, as after a resignation; the end of the input answers yes: the engines play on.
    assert!(out.contains("watch them to the end? (y/n)"), "{out}");
    assert!(out.contains("Sumito plays "), "{out}");
    let saved = std::fs::read_to_string(&record).unwrap();
    assert!(saved.contains("[Left \"black: time forfeit\"]"), "{saved}");
    assert!(saved.contains("[TimeControl \"1\"]"), "{saved}");
    assert!(saved.contains("1. leave "), "{saved}");
    assert_verifies(&record);
    let _ = std::fs::remove_file(&record);
}

#[test]
fn a_resignation_confirmed_after_the_flag_is_a_time_forfeit() {
    let record = temp_path("resign-flag");
    let args = [
        "--players",
        "3",
        "--tc",
        "1+0",
        "--max-plies",
        "6",
        "--ascii",
    ];
    let mut game = Prompted::start(&args, &record);
    game.type_after(300, "resign");
    game.type_after(1200, "y");
    let out = game.finish();
    assert!(
        out.contains("ran out of time and leaves the game."),
        "{out}"
    );
    assert!(!out.contains("You resign"), "{out}");
    let saved = std::fs::read_to_string(&record).unwrap();
    assert!(saved.contains("[Left \"black: time forfeit\"]"), "{saved}");
    assert_verifies(&record);
    let _ = std::fs::remove_file(&record);
}

#[test]
fn a_flag_that_fell_before_the_person_quit_loses_on_time() {
    let record = temp_path("flag");
    let mut game = Prompted::start(&["--tc", "1+0", "--ascii"], &record);
    game.type_after(1300, "quit");
    let out = game.finish();
    assert!(out.contains("black ran out of time: white wins."), "{out}");
    assert!(!out.contains("Leave the game unfinished?"), "{out}");
    let saved = std::fs::read_to_string(&record).unwrap();
    assert!(saved.contains("[Result \"0-1\"]"), "{saved}");
    assert!(saved.contains("[Termination \"time forfeit\"]"), "{saved}");
    assert_verifies(&record);
    let _ = std::fs::remove_file(&record);
}

#[test]
fn a_two_player_game_takes_a_move_limit_too() {
    let record = temp_path("limit");
    let path = record.to_str().unwrap();
    let args = [
        "--tc",
        "depth=1",
        "--max-plies",
        "2",
        "--ascii",
        "--records",
        path,
    ];
    let out = play(&args, "a1b2\n");
    assert!(out.contains("Game over: "), "{out}");
    let saved = std::fs::read_to_string(&record).unwrap();
    let _ = std::fs::remove_file(&record);
    assert!(saved.contains("[MaxPlies \"2\"]"), "{saved}");
    assert!(saved.contains("[Termination \"move limit\"]"), "{saved}");
    assert!(saved.contains("[PlyCount \"2\"]"), "{saved}");
}

#[test]
fn ctrl_c_saves_the_game_so_far_as_unfinished() {
    use std::time::Duration;
    let record = temp_path("ctrl-c");
    let mut child = Command::new(env!("CARGO_BIN_EXE_sumito"))
        .args(["play", "--tc", "depth=1", "--ascii", "--records"])
        .arg(&record)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let (said, _reader) = chunks_of(&mut child);
    let mut out = Vec::new();
    let mut wait_for_prompts = |count: usize| {
        while String::from_utf8_lossy(&out).matches("to move> ").count() < count {
            let chunk = said.recv_timeout(Duration::from_secs(60));
            out.extend(chunk.expect("the prompt comes"));
        }
    };
    // One move each, then Ctrl-C at the person's prompt.
    wait_for_prompts(1);
    writeln!(input, "a1b2").unwrap();
    wait_for_prompts(2);
    let interrupted = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    assert!(interrupted.is_ok_and(|status| status.success()));
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    let saved = std::fs::read_to_string(&record).unwrap();
    let _ = std::fs::remove_file(&record);
    assert!(saved.contains("[Result \"*\"]"), "{saved}");
    assert!(saved.contains("[Termination \"abandoned\"]"), "{saved}");
    assert!(saved.contains("1. a1b2 "), "{saved}");
    assert!(saved.contains("[PlyCount \"2\"]"), "{saved}");
}

#[test]
fn a_person_who_resigns_at_a_larger_table_may_stop_watching() {
    let record = temp_path("stop-watching");
    let path = record.to_str().unwrap();
    let args = [
        "--players",
        "3",
        "--tc",
        "depth=1",
        "--ascii",
        "--records",
        path,
    ];
    let out = play(&args, "a1b1\nresign\ny\nn\n");
    assert!(
        out.contains("The others play on without you: watch them to the end? (y/n) "),
        "{out}"
    );
    assert!(out.contains("The game is left unfinished."), "{out}");
    let saved = std::fs::read_to_string(&record).unwrap();
    assert!(saved.contains("[Left \"black: resignation\"]"), "{saved}");
    assert!(saved.contains("[Result \"*\"]"), "{saved}");
    assert!(saved.contains("[Termination \"abandoned\"]"), "{saved}");
    assert_verifies(&record);
    let _ = std::fs::remove_file(&record);
}

/// At a terminal (`script` from util-linux gives it one) the person's clock runs down on
/// screen while they think, before any key is typed: redrawn in place at the head of the
/// prompt, the cursor saved and put back around it.
#[test]
fn at_a_terminal_the_persons_clock_runs_down_before_a_key_is_typed() {
    use std::time::Duration;
    let command = format!("{} play --tc 60+1 --ascii", env!("CARGO_BIN_EXE_sumito"));
    let mut child = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("script (util-linux) runs");
    let mut input = child.stdin.take().unwrap();
    let (said, reader) = chunks_of(&mut child);
    // `[m:ss.d` before `end` in `text`, in tenths of a second.
    let clock_before = |text: &str, end: usize| -> Option<u64> {
        let clock = text.get(end.checked_sub(6)?..end)?;
        let (minutes, rest) = clock.trim_start_matches('[').split_once(':')?;
        let (seconds, tenths) = rest.split_once('.')?;
        let value = |t: &str| t.parse::<u64>().ok();
        Some((value(minutes)? * 60 + value(seconds)?) * 10 + value(tenths)?)
    };
    let prompt_at = |out: &str| out.find("] black to move> ");
    // A redraw in place (cursor saved, back to the line's start) showing less than the prompt.
    let redrawn_lower = |out: &str| {
        let prompt = clock_before(out, prompt_at(out)?)?;
        out.match_indices("\x1b7\r[").find_map(|(at, _)| {
            let end = at + out[at..].find(']')?;
            (clock_before(out, end)? < prompt).then_some(at)
        })
    };
    let mut out = Vec::new();
    while redrawn_lower(&String::from_utf8_lossy(&out)).is_none() {
        let chunk = said.recv_timeout(Duration::from_secs(60));
        out.extend(chunk.expect("the clock is redrawn while nothing is typed"));
    }
    writeln!(input, "quit").unwrap();
    writeln!(input, "y").unwrap();
    drop(input);
    assert!(child.wait().unwrap().success());
    reader.join().unwrap();
    out.extend(said.try_iter().flatten());
    let out = String::from_utf8_lossy(&out);
    // The clock runs from the game's start: the first prompt shows at most the minute.
    let prompt = prompt_at(&out).expect("the prompt with the clock");
    assert!(
        clock_before(&out, prompt).is_some_and(|t| t <= 600),
        "{out:?}"
    );
    let redraw = redrawn_lower(&out).expect("a redraw");
    assert!(prompt < redraw, "{out:?}");
    assert!(out[redraw..].contains("]\x1b8"), "{out:?}");
    assert!(out.contains("Leave the game unfinished? (y/n) "), "{out:?}");
}
