//! `sumito compliance` run as a user would: Sumito itself must pass every check, and the test
//! engines that misbehave on purpose (tests/engines/*.sh) must fail, with a non-zero exit and
//! without hanging the checker.

mod common;

use common::engines::{PATIENCE, SUMITO, script};
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs `sumito compliance --engine <engine>`: exit success, stdout lines, seconds taken.
fn compliance(engine: &str) -> (bool, Vec<String>, Duration) {
    let started = Instant::now();
    let mut child = Command::new(SUMITO)
        .args(["compliance", "--engine", engine])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("sumito compliance starts");
    let mut stdout = child.stdout.take().expect("piped stdout");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stdout.read_to_string(&mut text);
        text
    });
    let status = loop {
        if let Some(status) = child.try_wait().expect("waits for the checker") {
            break status;
        }
        if started.elapsed() > PATIENCE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("sumito compliance --engine {engine} ran over {PATIENCE:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let text = reader.join().expect("reader thread");
    let lines = text.lines().map(str::to_string).collect();
    (status.success(), lines, started.elapsed())
}

#[test]
fn sumito_passes_every_check() {
    let (success, lines, _) = compliance(SUMITO);
    let failures: Vec<&String> = lines.iter().filter(|l| l.starts_with("FAIL")).collect();
    assert!(failures.is_empty(), "failed checks: {failures:#?}");
    assert!(success, "non-zero exit with output {lines:#?}");
    let passes = lines.iter().filter(|l| l.starts_with("pass ")).count();
    assert!(passes >= 15, "only {passes} checks ran: {lines:#?}");
    for name in [
        "handshake",
        "error busy",
        "go movetime 200",
        "end of input -> exit",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("pass ") && l.contains(name)),
            "no passing '{name}' check in {lines:#?}"
        );
    }
    assert!(lines.last().is_some_and(|l| l.starts_with("all ")));
}

#[test]
fn an_engine_writing_garbage_fails() {
    let (success, lines, _) = compliance(&script("garbage"));
    assert!(!success, "garbage.sh passed: {lines:#?}");
    for name in [
        "unknown command",
        "no bestmove before stop",
        "finished game",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("FAIL ") && l.contains(name)),
            "no failing '{name}' check in {lines:#?}"
        );
    }
}

#[test]
fn a_mute_engine_fails_every_check_without_hanging() {
    let (success, lines, took) = compliance(&script("mute"));
    assert!(!success);
    assert!(lines.len() >= 16, "{lines:#?}");
    assert!(
        lines.iter().all(|l| l.starts_with("FAIL ")),
        "a check passed against a mute engine: {lines:#?}"
    );
    // One handshake deadline, and the rest is skipped instead of waited for again.
    assert!(took < Duration::from_secs(20), "took {took:?}");
}

#[test]
fn an_engine_that_never_moves_fails_in_bounded_time() {
    let (success, lines, _) = compliance(&script("timeout"));
    assert!(!success);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("FAIL go movetime 200") && l.contains("deadline")),
        "{lines:#?}"
    );
}
