//! `sumito timing` run as a user would: against Sumito it measures every search it was asked
//! for, and against an engine that never answers it ends with an error instead of hanging.

use crate::common::engines::{SUMITO, run_sumito, script};

#[test]
fn measures_stop_and_movetime_against_sumito() {
    let run = run_sumito(&[
        "timing",
        "--engine",
        SUMITO,
        "--samples",
        "4",
        "--movetime",
        "30",
        "--load",
        "1",
    ]);
    assert!(run.success, "{}", run.stderr);
    let lines = run.lines();
    assert!(lines[0].starts_with("timing Sumito"), "{lines:?}");
    for (line, start) in lines[1..]
        .iter()
        .zip(["stop -> bestmove:", "go movetime 30 "])
    {
        assert!(line.starts_with(start), "{line}");
        assert!(line.ends_with("(4 samples)"), "{line}");
    }
    assert_eq!(lines.len(), 3, "{lines:?}");
}

#[test]
fn an_engine_that_never_answers_is_an_error() {
    // Half a second of patience, not five: the engine never answers `stop`.
    let engine = script("timeout");
    let args = [
        "timing",
        "--engine",
        &engine,
        "--samples",
        "2",
        "--patience",
        "0.5",
    ];
    let run = run_sumito(&args);
    assert!(!run.success);
    assert!(run.stderr.contains("bestmove"), "{}", run.stderr);
    let refused = run_sumito(&["timing", "--engine", &engine, "--patience", "0"]);
    assert!(
        refused.stderr.contains("--patience must be"),
        "{}",
        refused.stderr
    );
    let twice = ["--option", "Hash=1", "--option", "hash=2"];
    let refused = run_sumito(&[&["timing", "--engine", engine.as_str()][..], &twice].concat());
    assert!(!refused.success);
    assert!(
        refused.stderr.contains("two --option hash"),
        "{}",
        refused.stderr
    );
}
