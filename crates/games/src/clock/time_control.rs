//! Time controls: what `--tc` accepts and how it is written back, and seconds as people
//! write them.

use std::fmt;
use std::str::FromStr;

/// How long an engine may think, as given to `--tc`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// `movetime=MS`: a fixed time per move.
    MoveTime { ms: u64 },
    /// `SECONDS[+INCREMENT]` or `MOVES/SECONDS[+INCREMENT]`: a game clock, in ms, with an
    /// increment after every move and, with `moves`, a new period of `base_ms` every `moves`
    /// moves.
    Clock {
        base_ms: u64,
        increment_ms: u64,
        moves: Option<u32>,
    },
    /// `depth=N`: a fixed search depth.
    Depth { plies: u32 },
    /// `nodes=N`: a fixed node budget.
    Nodes { nodes: u64 },
}

/// What is wrong with a number of seconds.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SecondsError {
    /// Not a number at all.
    #[error("'{0}' is not a number of seconds")]
    NotANumber(String),
    /// Negative, or more than ten million seconds.
    #[error("'{0}' seconds is out of range")]
    OutOfRange(String),
}

/// The longest move time, in ms: as long as the longest clock (10,000,000 s), which every
/// engine reads as a number (UAP's `movetime` is a signed 64-bit one).
pub const MAX_MOVETIME_MS: u64 = 10_000_000_000;

/// What is wrong with a time control, before the whole text is named.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlProblem {
    /// `movetime=`, `depth=` or `nodes=` without a positive whole number.
    #[error("{0} must be a positive whole number")]
    NotPositive(&'static str),
    /// `depth=` beyond 1000 plies.
    #[error("depth must be at most {MAX_DEPTH}")]
    TooDeep,
    /// `movetime=` longer than the longest clock.
    #[error("movetime must be at most {MAX_MOVETIME_MS} ms (the longest clock)")]
    TooLong,
    /// `kind=` of no kind known.
    #[error("unknown kind '{0}'")]
    UnknownKind(String),
    /// `MOVES/…` without a positive number of moves.
    #[error("the moves per period must be a positive number")]
    MovesPerPeriod,
    /// A base time or increment that is no number of seconds.
    #[error(transparent)]
    Seconds(#[from] SecondsError),
    /// A clock with no time on it.
    #[error("the base time must be more than zero")]
    ZeroBase,
}

/// A time control that does not read, with the text it was read from.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad time control '{text}': {}", self.reason())]
pub struct TimeControlError {
    /// The text, trimmed.
    pub text: String,
    /// What is wrong with it.
    pub problem: TimeControlProblem,
}

impl TimeControlError {
    /// What is wrong and what is expected, without the text: for a message that names the
    /// text already (clap's `invalid value '…' for '--tc <TC>'`).
    pub fn reason(&self) -> String {
        format!(
            "{} (expected movetime=MS, SECONDS+INCREMENT, MOVES/SECONDS, depth=N or nodes=N)",
            self.problem
        )
    }
}

/// The deepest `depth=N` accepted, in plies.
const MAX_DEPTH: u64 = 1000;

/// Milliseconds from a number of seconds (`10`, `0.1`, `2.5`), rounded to the millisecond.
pub fn seconds_to_ms(text: &str) -> Result<u64, SecondsError> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| SecondsError::NotANumber(text.to_string()))?;
    if !(0.0..=1.0e7).contains(&seconds) {
        return Err(SecondsError::OutOfRange(text.to_string()));
    }
    Ok((seconds * 1000.0).round() as u64)
}

/// Seconds written back without needless digits: `10`, `0.1`, `2.25`.
pub fn ms_to_seconds(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        return (ms / 1000).to_string();
    }
    let text = format!("{}.{:03}", ms / 1000, ms % 1000);
    text.trim_end_matches('0').to_string()
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let text = text.trim();
        read(text).map_err(|problem| TimeControlError {
            text: text.to_string(),
            problem,
        })
    }
}

/// Reads a trimmed time control.
fn read(text: &str) -> Result<TimeControl, TimeControlProblem> {
    use TimeControlProblem::*;
    if let Some((key, value)) = text.split_once('=') {
        let number = |what: &'static str| {
            let n = value.trim().parse::<u64>().ok().filter(|&n| n > 0);
            n.ok_or(NotPositive(what))
        };
        return match key.trim().to_ascii_lowercase().as_str() {
            "movetime" => {
                let ms = Some(number("movetime")?).filter(|&ms| ms <= MAX_MOVETIME_MS);
                Ok(TimeControl::MoveTime {
                    ms: ms.ok_or(TooLong)?,
                })
            }
            "depth" => {
                let plies = Some(number("depth")?)
                    .filter(|&d| d <= MAX_DEPTH)
                    .and_then(|d| u32::try_from(d).ok())
                    .ok_or(TooDeep)?;
                Ok(TimeControl::Depth { plies })
            }
            "nodes" => Ok(TimeControl::Nodes {
                nodes: number("nodes")?,
            }),
            other => Err(UnknownKind(other.to_string())),
        };
    }
    let (moves, rest) = match text.split_once('/') {
        Some((moves, rest)) => {
            let moves = moves.trim().parse::<u32>().ok().filter(|&n| n > 0);
            (Some(moves.ok_or(MovesPerPeriod)?), rest)
        }
        None => (None, text),
    };
    let (base, increment) = match rest.split_once('+') {
        Some((base, increment)) => (base, Some(increment)),
        None => (rest, None),
    };
    let base_ms = seconds_to_ms(base)?;
    if base_ms == 0 {
        return Err(ZeroBase);
    }
    let increment_ms = increment.map(seconds_to_ms).transpose()?;
    Ok(TimeControl::Clock {
        base_ms,
        increment_ms: increment_ms.unwrap_or(0),
        moves,
    })
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::MoveTime { ms } => write!(f, "movetime={ms}"),
            TimeControl::Depth { plies } => write!(f, "depth={plies}"),
            TimeControl::Nodes { nodes } => write!(f, "nodes={nodes}"),
            TimeControl::Clock {
                base_ms,
                increment_ms,
                moves,
            } => {
                if let Some(moves) = moves {
                    write!(f, "{moves}/")?;
                }
                f.write_str(&ms_to_seconds(base_ms))?;
                if increment_ms > 0 {
                    write!(f, "+{}", ms_to_seconds(increment_ms))?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(text: &str) -> TimeControl {
        text.parse().unwrap()
    }

    #[test]
    fn every_form_reads_and_writes_back() {
        assert_eq!(tc("movetime=200"), TimeControl::MoveTime { ms: 200 });
        assert_eq!(tc("depth=4"), TimeControl::Depth { plies: 4 });
        assert_eq!(tc("nodes=5000"), TimeControl::Nodes { nodes: 5000 });
        assert_eq!(
            tc("10+0.1"),
            TimeControl::Clock {
                base_ms: 10_000,
                increment_ms: 100,
                moves: None
            }
        );
        assert_eq!(
            tc("40/60"),
            TimeControl::Clock {
                base_ms: 60_000,
                increment_ms: 0,
                moves: Some(40)
            }
        );
        for text in [
            "movetime=200",
            "depth=4",
            "nodes=5000",
            "10+0.1",
            "40/60",
            "40/60+0.5",
            "2.25",
        ] {
            assert_eq!(tc(text).to_string(), text);
        }
    }

    #[test]
    fn bad_forms_are_refused_with_a_message() {
        for text in [
            "",
            "movetime=",
            "movetime=0",
            "movetime=10000000001",
            "movetime=10000000000000000000",
            "depth=-1",
            "speed=3",
            "10+",
            "+1",
            "0+1",
            "x/60",
            "0/60",
            "40/",
            "1e99",
            "nan",
            "-5",
        ] {
            let error = text.parse::<TimeControl>().unwrap_err().to_string();
            assert!(error.starts_with("bad time control"), "{text}: {error}");
        }
    }
}
