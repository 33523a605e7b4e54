//! The rules of PROTOCOL.md, one check each. A check starts from an engine at rest (after the
//! handshake, no search running), leaves it at rest when it passes, and returns a note for the
//! `pass` line or the reason for the `FAIL` line. Each check sets up what it needs itself, so
//! that it tests one rule and a failure does not spill into the next one (the checker also
//! restarts the engine after a failure). A probe error inside a check (the engine cannot be
//! written to, or did not answer) is that check's `FAIL` reason.

use super::ComplianceError;
use super::probe::Probe;
use std::time::{Duration, Instant};

/// One rule of the protocol.
pub struct Check {
    /// What the `pass`/`FAIL` line names.
    pub name: &'static str,
    /// Runs the check: `Ok(note)` or `Err(why)`.
    pub run: fn(&mut Probe) -> Result<String, String>,
    /// The check ends the engine process (end of input): the next one needs a new engine.
    pub ends_engine: bool,
}

/// How long `bestmove` may not come during `go infinite` for the check to pass.
const QUIET: Duration = Duration::from_millis(300);
/// The `movetime` of the timing check and the lateness it allows.
const MOVETIME_MS: u64 = 200;
const MOVETIME_MARGIN_MS: u64 = 100;
/// How many times the patience a shallow `go depth 2` search may take.
const SHALLOW_SEARCH_PATIENCES: u32 = 3;
/// A position where Black has just ejected White's sixth marble: the game is over.
const FINISHED_GAME: &str = "position fen 5/6/7/8/5bbbw/8/7/6/5 b 0 5 0 moves e6e7";
/// A move list whose second move is illegal (a1 is empty once Black has moved a1b2).
const BAD_MOVE_LIST: &str = "position layout belgian-daisy moves a1b2 a1b2";

/// Every check after the handshake, in the order they run; those that end the engine last.
pub const CHECKS: &[Check] = &[
    check("isready -> readyok", isready),
    check("unknown command -> error unknown-command", unknown_command),
    check("bad syntax -> error syntax", bad_syntax),
    check("bad fen -> error bad-fen", bad_fen),
    check(
        "illegal move in a move list -> error illegal-move",
        illegal_move,
    ),
    check("unknown option -> error bad-option", unknown_option),
    check(
        "option value out of range -> error bad-option",
        option_out_of_range,
    ),
    check("position is all or nothing", position_all_or_nothing),
    check(
        "isready answered during go infinite",
        isready_while_infinite,
    ),
    check(
        "no bestmove before stop in go infinite",
        quiet_while_infinite,
    ),
    check("go while searching -> error busy", busy),
    check("exactly one bestmove after stop", one_bestmove_after_stop),
    check(
        "exactly one bestmove after go depth 2",
        one_bestmove_after_depth,
    ),
    check("go movetime 200 answered in time", movetime),
    check("go on a finished game -> bestmove (none)", finished_game),
    Check {
        name: "end of input during go infinite -> bestmove, exit",
        run: eof_while_searching,
        ends_engine: true,
    },
    Check {
        name: "end of input -> exit",
        run: eof_at_rest,
        ends_engine: true,
    },
];

const fn check(name: &'static str, run: fn(&mut Probe) -> Result<String, String>) -> Check {
    Check {
        name,
        run,
        ends_engine: false,
    }
}

fn is_bestmove(line: &str) -> bool {
    line.split_whitespace().next() == Some("bestmove")
}

fn count_bestmoves(lines: &[String]) -> usize {
    lines.iter().filter(|line| is_bestmove(line)).count()
}

fn isready(probe: &mut Probe) -> Result<String, String> {
    probe.fence()?;
    Ok(String::new())
}

/// Sends `command` and requires exactly one `error` line with `code` in answer.
fn expect_error(probe: &mut Probe, command: &str, code: &str) -> Result<String, String> {
    probe.send(command)?;
    let lines = probe.fence()?;
    let errors: Vec<&String> = lines.iter().filter(|l| l.starts_with("error")).collect();
    match errors.as_slice() {
        [line] if line.split_whitespace().nth(1) == Some(code) => Ok(String::new()),
        [line] => Err(format!("'{command}' answered '{line}', not error {code}")),
        _ => Err(format!(
            "'{command}' answered {} error lines, not one: {lines:?}",
            errors.len()
        )),
    }
}

fn unknown_command(probe: &mut Probe) -> Result<String, String> {
    expect_error(probe, "frobnicate the marbles", "unknown-command")
}

fn bad_syntax(probe: &mut Probe) -> Result<String, String> {
    expect_error(probe, "go depth banana", "syntax")
}

fn bad_fen(probe: &mut Probe) -> Result<String, String> {
    expect_error(probe, "position fen 5/6/7/x b", "bad-fen")
}

fn illegal_move(probe: &mut Probe) -> Result<String, String> {
    expect_error(probe, BAD_MOVE_LIST, "illegal-move")
}

fn unknown_option(probe: &mut Probe) -> Result<String, String> {
    expect_error(probe, "setoption name NoSuchOption value 1", "bad-option")
}

/// Sets the first announced spin option with a maximum below `i64::MAX` to one more than it.
fn option_out_of_range(probe: &mut Probe) -> Result<String, String> {
    let spin = probe.options.iter().find_map(|line| {
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = |key: &str| words.iter().position(|w| *w == key);
        let (name_at, type_at, max_at) = (at("name")?, at("type")?, at("max")?);
        if words.get(type_at + 1) != Some(&"spin") || name_at + 1 >= type_at {
            return None;
        }
        // A maximum of i64::MAX has no value beyond it to send (Sumito's Seed).
        let max: i64 = words.get(max_at + 1)?.parse().ok()?;
        (max < i64::MAX).then(|| (words[name_at + 1..type_at].join(" "), max))
    });
    let Some((name, max)) = spin else {
        return Ok("no spin option with a max announced: nothing to test".into());
    };
    let too_big = max.saturating_add(1);
    expect_error(
        probe,
        &format!("setoption name {name} value {too_big}"),
        "bad-option",
    )
    .map(|_| format!("{name} {too_big}"))
}

/// What the engine shows of its position: `d`'s `fen` line, or else the `moves` line.
fn shown_position(probe: &mut Probe) -> Result<(&'static str, String), String> {
    probe.send("d")?;
    if let Some(fen) = probe.fence()?.into_iter().find(|l| l.starts_with("fen ")) {
        return Ok(("d", fen));
    }
    probe.send("moves")?;
    match probe.fence()?.into_iter().find(|l| l.starts_with("moves")) {
        Some(moves) => Ok(("moves", moves)),
        None => Err("neither d nor moves shows the position".into()),
    }
}

fn position_all_or_nothing(probe: &mut Probe) -> Result<String, String> {
    // A position other than any layout, so that a half-applied list cannot match by chance.
    probe.send("position startpos moves a1b1")?;
    let answers = probe.fence()?;
    if let Some(line) = answers.iter().find(|l| l.starts_with("error")) {
        return Err(format!("'position startpos moves a1b1' answered '{line}'"));
    }
    let (how, before) = shown_position(probe)?;
    expect_error(probe, BAD_MOVE_LIST, "illegal-move")?;
    let (_, after) = shown_position(probe)?;
    if before == after {
        Ok(format!("compared with {how}"))
    } else {
        Err(format!(
            "after a rejected move list, {how} shows '{after}' instead of '{before}'"
        ))
    }
}

/// Starts `go infinite` on the start position.
fn start_infinite(probe: &mut Probe) -> Result<(), ComplianceError> {
    probe.send("position startpos")?;
    probe.fence()?;
    probe.send("go infinite")
}

/// Sends `stop` and requires exactly one `bestmove`, with none after it; `before` holds the
/// `bestmove` lines seen since the `go`.
fn stop_search(probe: &mut Probe, before: usize) -> Result<(), String> {
    if before > 0 {
        return Err(format!("{before} bestmove before stop in go infinite"));
    }
    probe.send("stop")?;
    probe
        .read_until(Instant::now() + probe.patience, is_bestmove)
        .map_err(|(failure, _)| failure.describe("bestmove after stop"))?;
    let extra = count_bestmoves(&probe.fence()?);
    if extra > 0 {
        return Err(format!("{} bestmove lines after stop, not one", extra + 1));
    }
    Ok(())
}

fn isready_while_infinite(probe: &mut Probe) -> Result<String, String> {
    start_infinite(probe)?;
    let mut seen = probe.lines_for(Duration::from_millis(100));
    let started = Instant::now();
    seen.extend(probe.fence()?);
    let waited = started.elapsed().as_millis();
    stop_search(probe, count_bestmoves(&seen))?;
    Ok(format!("readyok in {waited} ms"))
}

fn quiet_while_infinite(probe: &mut Probe) -> Result<String, String> {
    start_infinite(probe)?;
    let seen = probe.lines_for(QUIET);
    stop_search(probe, count_bestmoves(&seen))?;
    Ok(format!("waited {} ms", QUIET.as_millis()))
}

fn busy(probe: &mut Probe) -> Result<String, String> {
    start_infinite(probe)?;
    let mut seen = probe.lines_for(Duration::from_millis(100));
    let refused = expect_error(probe, "go depth 1", "busy");
    seen.extend(probe.lines_for(Duration::from_millis(50)));
    // Stop the search whatever the answer was, so that the engine is left at rest.
    let stopped = stop_search(probe, count_bestmoves(&seen));
    refused.and(stopped).map(|_| String::new())
}

fn one_bestmove_after_stop(probe: &mut Probe) -> Result<String, String> {
    start_infinite(probe)?;
    let seen = probe.lines_for(Duration::from_millis(100));
    stop_search(probe, count_bestmoves(&seen)).map(|_| String::new())
}

fn one_bestmove_after_depth(probe: &mut Probe) -> Result<String, String> {
    probe.send("position startpos")?;
    probe.send("go depth 2")?;
    probe
        .read_until(
            Instant::now() + probe.patience * SHALLOW_SEARCH_PATIENCES,
            is_bestmove,
        )
        .map_err(|(failure, _)| failure.describe("bestmove after go depth 2"))?;
    let extra = count_bestmoves(&probe.fence()?);
    if extra > 0 {
        return Err(format!("{} bestmove lines, not one", extra + 1));
    }
    Ok(String::new())
}

fn movetime(probe: &mut Probe) -> Result<String, String> {
    probe.send("position startpos")?;
    // Let the engine settle first, so that only the search is timed.
    probe.fence()?;
    let started = Instant::now();
    probe.send(&format!("go movetime {MOVETIME_MS}"))?;
    let limit = Duration::from_millis(MOVETIME_MS + MOVETIME_MARGIN_MS);
    probe
        .read_until(Instant::now() + limit + probe.patience, is_bestmove)
        .map_err(|(failure, _)| failure.describe("bestmove"))?;
    let took = started.elapsed();
    let note = format!(
        "{} ms, limit {} ms",
        took.as_millis(),
        MOVETIME_MS + MOVETIME_MARGIN_MS
    );
    probe.fence()?;
    if took <= limit { Ok(note) } else { Err(note) }
}

fn finished_game(probe: &mut Probe) -> Result<String, String> {
    probe.send(FINISHED_GAME)?;
    if let Some(line) = probe.fence()?.into_iter().find(|l| l.starts_with("error")) {
        return Err(format!("the finished game was refused: '{line}'"));
    }
    probe.send("go movetime 100")?;
    let lines = probe
        .read_until(Instant::now() + probe.patience, is_bestmove)
        .map_err(|(failure, _)| failure.describe("bestmove"))?;
    let answer = lines.last().map_or("", String::as_str);
    if answer.split_whitespace().collect::<Vec<_>>() != ["bestmove", "(none)"] {
        return Err(format!("answered '{answer}'"));
    }
    let extra = count_bestmoves(&probe.fence()?);
    if extra > 0 {
        return Err(format!("{} bestmove lines, not one", extra + 1));
    }
    let said_why = lines.iter().any(|l| l.starts_with("info string gameover"));
    Ok(if said_why {
        "with info string gameover".into()
    } else {
        String::new()
    })
}

fn eof_while_searching(probe: &mut Probe) -> Result<String, String> {
    start_infinite(probe)?;
    let seen = probe.lines_for(Duration::from_millis(100));
    let started = Instant::now();
    let exited = probe.close_and_wait(started + probe.patience);
    let took = started.elapsed();
    // Whatever the engine wrote before it exited is still in the channel.
    let written = probe.lines_for(Duration::from_millis(100));
    let count = count_bestmoves(&seen) + count_bestmoves(&written);
    exited?;
    if count != 1 {
        return Err(format!("{count} bestmove lines, not one"));
    }
    Ok(format!("exited in {} ms", took.as_millis()))
}

fn eof_at_rest(probe: &mut Probe) -> Result<String, String> {
    let started = Instant::now();
    probe.close_and_wait(started + probe.patience)?;
    Ok(format!("exited in {} ms", started.elapsed().as_millis()))
}
