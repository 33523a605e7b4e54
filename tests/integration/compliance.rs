//! `sumito compliance` run as a user would: Sumito itself must pass every check, and the test
//! engines that misbehave on purpose (tests/engines/*.sh) must fail, with a non-zero exit and
//! without hanging the checker.

use crate::common::engines::{SUMITO, run_sumito, script};

/// Runs `sumito compliance --engine <engine>`: exit success and stdout lines.
fn compliance(engine: &str) -> (bool, Vec<String>) {
    let run = run_sumito(&["compliance", "--engine", engine]);
    (run.success, run.lines())
}

/// The same for an engine that misbehaves on purpose, with half a second of patience for each
/// answer instead of three (so a hung engine fails sooner).
fn compliance_impatient(engine: &str) -> (bool, Vec<String>) {
    let run = run_sumito(&["compliance", "--patience", "0.5", "--engine", engine]);
    (run.success, run.lines())
}

#[test]
fn sumito_passes_every_check() {
    let (success, lines) = compliance(SUMITO);
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

/// PROTOCOL.md: the engine exits with status 0 at the end of its input. Sumito behind a shell
/// that exits 3 after it passes everything else.
#[test]
fn an_engine_that_exits_with_an_error_at_the_end_of_input_fails_those_checks() {
    let (success, lines) = compliance(&format!("sh -c \"'{SUMITO}'; exit 3\""));
    assert!(!success, "passed: {lines:#?}");
    let failed: Vec<&String> = lines.iter().filter(|l| l.starts_with("FAIL")).collect();
    assert_eq!(failed.len(), 2, "{failed:#?}");
    assert!(
        failed
            .iter()
            .all(|l| l.contains("end of input") && l.contains("not 0")),
        "{failed:#?}"
    );
}

#[test]
fn an_engine_writing_garbage_fails() {
    let (success, lines) = compliance_impatient(&script("garbage"));
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
fn a_mute_engine_fails_the_handshake_and_the_rest_is_skipped() {
    let (success, lines) = compliance_impatient(&script("mute"));
    assert!(!success);
    assert!(lines.len() >= 16, "{lines:#?}");
    assert!(lines[0].starts_with("FAIL handshake"), "{lines:#?}");
    assert!(
        lines[1..]
            .iter()
            .all(|l| l.starts_with("skip ") && l.ends_with("the handshake failed")),
        "after a failed handshake every other check is skipped: {lines:#?}"
    );
}

#[test]
fn an_engine_that_never_moves_fails_in_bounded_time() {
    let (success, lines) = compliance_impatient(&script("timeout"));
    assert!(!success);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("FAIL go movetime 200") && l.contains("deadline")),
        "{lines:#?}"
    );
}

#[test]
fn patience_out_of_range_is_refused() {
    for patience in ["0", "-1", "nan", "601", "x"] {
        let flag = format!("--patience={patience}");
        let run = run_sumito(&["compliance", &flag, "--engine", SUMITO]);
        assert!(!run.success, "--patience {patience} was taken");
        assert!(
            run.stderr.contains("--patience"),
            "{patience}: {}",
            run.stderr
        );
    }
}
