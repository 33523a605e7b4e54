//! Checking a UAP engine from the outside: whether it follows the rules of PROTOCOL.md
//! (`sumito compliance`) and how punctually it answers (`sumito timing`, in [`timing`]); their
//! command lines are in the binary's `cli/compliance.rs` and `cli/timing.rs`.
//!
//! [`run`] starts the engine and checks the rules one by one, printing for each
//! `pass <check>`, `FAIL <check>: <why>`, or `skip <check>: <why>` when a check could not run
//! (after a failed handshake).
//!
//! - `probe`: the engine under test and reading with deadlines;
//! - `checks`: the rules, one function each;
//! - [`timing`]: `stop` latency and `go movetime` overrun over many searches.
//!
//! One engine process serves the checks in turn; after a failed check it is replaced, because
//! a failure can leave it searching or with unread output that would confuse the next check.

mod checks;
mod error;
mod probe;
pub mod timing;

pub use error::ComplianceError;

use crate::uap_client::EngineSpec;
pub use probe::DEFAULT_PATIENCE;
use probe::Probe;
use std::time::{Duration, Instant};

/// Runs every check against the engine of `spec`, a line per check on stdout; an error (so a
/// non-zero exit) unless all pass. `patience` is how long an answer that should come at once may
/// take (a depth-2 search may take three times as long).
pub fn run(spec: &EngineSpec, patience: Duration) -> Result<(), ComplianceError> {
    let (mut failed, mut skipped) = (0, 0);
    let mut report = |name: &str, outcome: Result<String, String>| match outcome {
        Ok(note) if note.is_empty() => crate::say!("pass {name}"),
        Ok(note) => crate::say!("pass {name} ({note})"),
        Err(why) => {
            failed += 1;
            crate::say!("FAIL {name}: {why}");
        }
    };
    let mut skip = |name: &str, why: &str| {
        skipped += 1;
        crate::say!("skip {name}: {why}");
    };
    let first = start(spec, patience);
    let handshake_failed = first.is_err();
    report(
        "handshake (uap -> id name, uapok)",
        first
            .as_ref()
            .map(|(_, id)| id.clone())
            .map_err(ToString::to_string),
    );
    let mut engine = first.ok().map(|(probe, _)| probe);
    for check in checks::CHECKS {
        if handshake_failed {
            // A new engine would most likely fail the same way, after the same long wait.
            skip(check.name, "the handshake failed");
            continue;
        }
        let probe = match engine.take() {
            Some(probe) => probe,
            None => match start(spec, patience) {
                Ok((probe, _)) => probe,
                Err(why) => {
                    report(check.name, Err(format!("cannot restart the engine: {why}")));
                    continue;
                }
            },
        };
        let mut probe = probe;
        let outcome = (check.run)(&mut probe);
        if outcome.is_ok() && !check.ends_engine {
            engine = Some(probe);
        }
        report(check.name, outcome);
    }
    let total = checks::CHECKS.len() + 1;
    match (failed, skipped) {
        (0, 0) => {
            crate::say!("all {total} checks passed");
            Ok(())
        }
        (_, 0) => Err(ComplianceError::ChecksFailed { failed, total }),
        _ => Err(ComplianceError::ChecksFailedOrSkipped {
            failed,
            total,
            skipped,
        }),
    }
}

/// Starts the engine and does the handshake: `uap` must bring `id name …` and then `uapok`.
/// Returns the engine and its name.
fn start(spec: &EngineSpec, patience: Duration) -> Result<(Probe, String), ComplianceError> {
    let mut probe = Probe::spawn(spec, patience)?;
    probe.send("uap")?;
    let lines = probe
        .read_until(Instant::now() + patience, |line| line == "uapok")
        .map_err(|(failure, _)| failure.waiting_for("uapok after uap"))?;
    probe.options = lines
        .iter()
        .filter(|line| line.starts_with("option name "))
        .cloned()
        .collect();
    let name = lines
        .iter()
        .find_map(|line| line.strip_prefix("id name "))
        .map(str::trim)
        .filter(|name| !name.is_empty())
        .ok_or(ComplianceError::NoIdName)?;
    Ok((probe, name.to_string()))
}
