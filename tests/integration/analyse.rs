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
    let _ = std::fs::remove_file(&path);
    assert_eq!(json.lines().count(), plies);
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
    let _ = std::fs::remove_file(&path);
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("game 1") && error.contains("zz9"), "{error}");
}
