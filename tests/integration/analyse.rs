//! `sumito analyse` on records made by the match runner.

use std::process::Command;

fn sumito(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_sumito"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

fn temp_path(name: &str) -> String {
    let path =
        std::env::temp_dir().join(format!("sumito-analyse-{name}-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path.to_str().unwrap().to_string()
}

/// Black has a1, a2 and e9 and has lost five; White's e7, e8 aim at e9, which Black can still
/// save by moving it to d8 or f9. Any other move loses the game.
const THREATENED: &str = "5/6/7/8/6wwb/8/7/6/bb3 b 5 0 0";

/// A short match record between two Sumito processes, starting from `THREATENED`; `name` keeps
/// the files of tests running at once apart.
fn match_record(name: &str) -> String {
    let (openings, records) = (
        temp_path(&format!("{name}-openings")),
        temp_path(&format!("{name}-records")),
    );
    std::fs::write(&openings, format!("{THREATENED}\n")).unwrap();
    let engine = env!("CARGO_BIN_EXE_sumito");
    sumito(&[
        "match",
        "--engine",
        engine,
        "--engine",
        engine,
        "--tc",
        "depth=2",
        "--games",
        "1",
        "--openings",
        &openings,
        "--max-plies",
        "8",
        "--records",
        &records,
    ]);
    let text = std::fs::read_to_string(&records).unwrap();
    let _ = std::fs::remove_file(&openings);
    let _ = std::fs::remove_file(&records);
    text
}

#[test]
fn one_annotation_per_move_of_a_match_record() {
    let text = match_record("count");
    let plies: usize = text
        .lines()
        .find_map(|l| l.strip_prefix("[PlyCount \""))
        .and_then(|rest| rest.trim_end_matches("\"]").parse().ok())
        .expect("a PlyCount tag");
    assert!(plies > 0);
    let path = temp_path("record");
    std::fs::write(&path, &text).unwrap();
    let listing = sumito(&["analyse", &path, "--depth", "3"]);
    let annotations: Vec<&str> = listing.lines().filter(|l| l.contains(" before ")).collect();
    assert_eq!(annotations.len(), plies, "{listing}");
    let json = sumito(&["analyse", &path, "--depth", "3", "--json"]);
    assert_eq!(json.lines().count(), plies);
    // A name in Latin-1 (another program's record) is read as `match --verify` reads it.
    let latin1 = text.replacen("[Black \"", "[Black \"M\u{1}ller ", 1);
    let mut bytes = latin1.into_bytes();
    let at = bytes.iter().position(|&b| b == 1).expect("the marker");
    bytes[at] = 0xfc;
    std::fs::write(&path, bytes).unwrap();
    let listing = sumito(&["analyse", &path, "--depth", "1"]);
    assert_eq!(
        listing.lines().filter(|l| l.contains(" before ")).count(),
        plies
    );
    sumito(&["match", "--verify", &path]);
    let _ = std::fs::remove_file(&path);
    for (ply, line) in json.lines().enumerate() {
        assert!(
            line.starts_with(&format!("{{\"game\":1,\"ply\":{},", ply + 1)),
            "{line}"
        );
    }
}

#[test]
fn a_planted_blunder_is_flagged() {
    // The runner's record, with the game replaced by a blunder: a1b1 leaves e9 to be ejected,
    // Black's sixth marble.
    let text = match_record("planted");
    let tags: Vec<&str> = text.lines().filter(|l| l.starts_with('[')).collect();
    let tags = tags
        .iter()
        .map(|t| match t.split_once(' ').map(|(key, _)| key) {
            Some("[PlyCount") => "[PlyCount \"2\"]".to_string(),
            Some("[Result") => "[Result \"0-1\"]".to_string(),
            Some("[Termination") => "[Termination \"six marbles ejected\"]".to_string(),
            _ => t.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    let planted = format!("{tags}\n\n1. a1b1 e7e8 0-1\n\n");
    let path = temp_path("planted");
    std::fs::write(&path, planted).unwrap();
    assert!(
        sumito(&["match", "--verify", &path]).contains("every move legal and every result right")
    );
    let listing = sumito(&["analyse", &path, "--depth", "3"]);
    let json = sumito(&["analyse", &path, "--depth", "3", "--json"]);
    let _ = std::fs::remove_file(&path);
    let lines: Vec<&str> = listing.lines().filter(|l| l.contains(" before ")).collect();
    assert_eq!(lines.len(), 2, "{listing}");
    assert!(
        lines[0].contains("a1b1") && lines[0].contains("?? blunder"),
        "{listing}"
    );
    assert!(
        !lines[1].contains("??"),
        "the ejection is White's best: {listing}"
    );
    let first = json.lines().next().unwrap();
    assert!(first.contains("\"mark\":\"blunder\""), "{first}");
    assert!(!first.contains("\"best\":\"a1b1\""));
}

#[test]
fn a_position_is_analysed_line_by_line() {
    let out = sumito(&[
        "analyse",
        "--fen",
        THREATENED,
        "--depth",
        "4",
        "--multipv",
        "2",
    ]);
    let last_depth: Vec<&str> = out.lines().filter(|l| l.starts_with("depth  4")).collect();
    assert_eq!(last_depth.len(), 2, "{out}");
    assert!(last_depth[0].contains("line 1") && last_depth[1].contains("line 2"));
}

#[test]
fn unreadable_records_are_refused_with_the_line() {
    let path = temp_path("bad");
    std::fs::write(
        &path,
        "[Event \"x\"]\n[Layout \"standard\"]\n\n1. a1b1 zz9 1-0\n",
    )
    .unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_sumito"))
        .args(["analyse", &path])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(
        error.contains(&format!("{path}: game 1")) && error.contains("zz9"),
        "{error}"
    );
    // A file of no records is refused too, by name: there is nothing to analyse.
    std::fs::write(&path, "\n").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_sumito"))
        .args(["analyse", &path])
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert_eq!(error.trim(), format!("error: {path}: no game records"));
}

/// Three players: Black (seat 1) has ejected five and can push White's a5 off with a3a4, its
/// sixth and the game; any other move lets that win go.
const THREE_PLAYER_WIN: &str = "5/6/7/8/9/8/7/r5/2bbw b 5/0/0 0";

/// A file of three records: the three-player opening with a seat leaving, the winning position
/// with a move that misses the win, and a two-player game.
fn mixed_records() -> String {
    let three = "[Event \"t\"]\n[Layout \"three-player\"]\n[Black \"A\"]\n[White \"B\"]\n\
                 [Red \"C\"]\n[Left \"black: resignation\"]\n[Result \"*\"]\n\n\
                 1. a1b1 e9e8 e1e2 2. leave d8d7 d1d2 *\n\n";
    let missed =
        format!("[Event \"t\"]\n[FEN \"{THREE_PLAYER_WIN}\"]\n[Result \"*\"]\n\n1. a3b3 *\n\n");
    let two = "[Event \"t\"]\n[Layout \"standard\"]\n\n1. a1b2 i5h5 *\n";
    format!("{three}{missed}{two}")
}

#[test]
fn records_of_three_players_are_annotated_from_each_movers_view() {
    let path = temp_path("three");
    std::fs::write(&path, mixed_records()).unwrap();
    let out = sumito(&["analyse", &path, "--depth", "2"]);
    let json = sumito(&["analyse", &path, "--depth", "2", "--json"]);
    let _ = std::fs::remove_file(&path);
    assert!(
        out.contains("Game 1: A (black) - B (white) - C (red), *; scores from each mover's view"),
        "{out}"
    );
    // One line per move, numbered by turn (the leave, turn 4, has none), with the mover.
    let game_one: Vec<&str> = out
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with("Game 2"))
        .collect();
    let starts: Vec<String> = game_one
        .iter()
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .collect();
    let expected = [
        "1 black a1b1",
        "2 white e9e8",
        "3 red e1e2",
        "5 white d8d7",
        "6 red d1d2",
    ];
    assert_eq!(starts, expected, "{out}");
    assert!(
        game_one
            .iter()
            .all(|l| l.contains(" before ") && l.contains(" best "))
    );
    // The missed win is marked, from Black's view: a forced win before, none after.
    let missed = out.lines().find(|l| l.contains(" a3b3 ")).unwrap();
    assert!(missed.contains("before     #1"), "{missed}");
    assert!(missed.contains("best a3a4"), "{missed}");
    assert!(missed.contains("?? missed-win"), "{missed}");
    // The two-player game in the same file is analysed as before.
    assert!(out.contains("Game 3: ? (black) - ? (white), ?"), "{out}");
    assert!(out.contains("  1... i5h5 "), "{out}");
    // JSON: one object per move, the mover's colour and seat with each.
    let lines: Vec<&str> = json.lines().collect();
    assert_eq!(lines.len(), 5 + 1 + 2, "{json}");
    assert!(
        lines[3]
            .starts_with(r#"{"game":1,"ply":5,"side":"white","seat":2,"move":"d8d7","before":{"#),
        "{json}"
    );
    assert!(
        lines[5].contains(r#""move":"a3b3","before":{"mate":1},"after":{"cp":"#)
            && lines[5].contains(r#""best":"a3a4""#)
            && lines[5].ends_with(r#""mark":"missed-win"}"#),
        "{json}"
    );
}

#[test]
fn a_three_player_position_is_analysed_from_the_view_of_the_seat_to_move() {
    let out = sumito(&["analyse", "--fen", THREE_PLAYER_WIN, "--depth", "2"]);
    assert!(
        out.starts_with("seat 1 (black) to move: scores from its view\n"),
        "{out}"
    );
    assert!(out.contains("depth  1  line 1       #1"), "{out}");
    assert!(out.contains(" a3a4"), "{out}");
    let json = sumito(&[
        "analyse",
        "--fen",
        THREE_PLAYER_WIN,
        "--depth",
        "1",
        "--json",
    ]);
    assert!(
        json.starts_with(r#"{"depth":1,"multipv":1,"score":{"mate":1},"side":"black","#),
        "{json}"
    );
    // Refused with one line: more than one line, an unreadable string, a finished game.
    for (fen, multipv, error) in [
        (
            THREE_PLAYER_WIN,
            "2",
            "--multipv is for two-player positions",
        ),
        (
            "5/6/7/8/9/8/7/g5/2bbw b 5/0/0 0",
            "1",
            "bad position string: row b: 'g' is a seat beyond the 3 of this game",
        ),
        ("5/6/7/8/9/8/7/r5/3bb b 6/0/0 0", "1", "the game is over"),
        (
            "r4/6/7/8/9/8/7/ww4/bw3 b 0/0/0 0",
            "1",
            "seat 1 (black) has no legal move: it passes",
        ),
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_sumito"))
            .args(["analyse", "--fen", fen, "--multipv", multipv])
            .output()
            .unwrap();
        assert!(!output.status.success(), "{fen}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(error), "{fen}: {stderr}");
        assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    }
}
