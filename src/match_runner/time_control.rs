//! Time controls: what `--tc` accepts, the `go` command for a move, and the clocks the runner
//! keeps for both sides.

use crate::board::Colour;
use crate::search::{Clocks as SearchClocks, Limits};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

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

/// Milliseconds from a number of seconds (`10`, `0.1`, `2.5`), rounded to the millisecond.
pub fn seconds_to_ms(text: &str) -> Result<u64, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if !(0.0..=1.0e7).contains(&seconds) {
        return Err(format!("'{text}' seconds is out of range"));
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
    type Err = String;

    fn from_str(text: &str) -> Result<TimeControl, String> {
        let text = text.trim();
        let bad = |why: String| {
            format!(
                "bad time control '{text}': {why} (expected movetime=MS, SECONDS+INCREMENT, \
                 MOVES/SECONDS, depth=N or nodes=N)"
            )
        };
        if let Some((key, value)) = text.split_once('=') {
            let number = |what: &str| {
                value
                    .trim()
                    .parse::<u64>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| bad(format!("{what} must be a positive whole number")))
            };
            return match key.trim().to_ascii_lowercase().as_str() {
                "movetime" => Ok(TimeControl::MoveTime {
                    ms: number("movetime")?,
                }),
                "depth" => {
                    let plies = u32::try_from(number("depth")?)
                        .ok()
                        .filter(|&d| d <= 1000)
                        .ok_or_else(|| bad("depth must be at most 1000".into()))?;
                    Ok(TimeControl::Depth { plies })
                }
                "nodes" => Ok(TimeControl::Nodes {
                    nodes: number("nodes")?,
                }),
                other => Err(bad(format!("unknown kind '{other}'"))),
            };
        }
        let (moves, rest) = match text.split_once('/') {
            Some((moves, rest)) => {
                let moves = moves
                    .trim()
                    .parse::<u32>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| bad("the moves per period must be a positive number".into()))?;
                (Some(moves), rest)
            }
            None => (None, text),
        };
        let (base, increment) = match rest.split_once('+') {
            Some((base, increment)) => (base, Some(increment)),
            None => (rest, None),
        };
        let base_ms = seconds_to_ms(base).map_err(bad)?;
        if base_ms == 0 {
            return Err(bad("the base time must be more than zero".into()));
        }
        let increment_ms = increment.map(seconds_to_ms).transpose().map_err(bad)?;
        Ok(TimeControl::Clock {
            base_ms,
            increment_ms: increment_ms.unwrap_or(0),
            moves,
        })
    }
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

/// How long the runner waits for a `bestmove`, and what it means when it waits in vain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Allowance {
    /// Time from `go` to `bestmove` after which the mover loses.
    pub limit: Duration,
    /// True when the limit comes from the clock or the move time (a late answer is a time
    /// forfeit); false for depth and node searches, where only silence is punished.
    pub timed: bool,
}

/// One side's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Clock {
    /// Time left in ms (never below zero).
    left_ms: u64,
    /// Own moves left in the current period, for `MOVES/SECONDS` controls.
    moves_left: Option<u32>,
}

/// The time controls and clocks of both sides during one game.
#[derive(Clone, Debug)]
pub struct Clocks {
    controls: [TimeControl; 2],
    clocks: [Clock; 2],
}

impl Clocks {
    /// Fresh clocks for a game; `controls` is indexed by [`Colour::index`].
    pub fn new(controls: [TimeControl; 2]) -> Clocks {
        let clock = |control: TimeControl| match control {
            TimeControl::Clock { base_ms, moves, .. } => Clock {
                left_ms: base_ms,
                moves_left: moves,
            },
            _ => Clock {
                left_ms: 0,
                moves_left: None,
            },
        };
        Clocks {
            controls,
            clocks: [clock(controls[0]), clock(controls[1])],
        }
    }

    /// The `go` command for `side` to move.
    pub fn go_command(&self, side: Colour) -> String {
        self.go_command_within(side, None)
    }

    /// The `go` command for `side` to move in a game that has at most `game_left_ms` of thinking
    /// time left (the points game): no clock figure or move time above it, and a depth or node
    /// search bounded by it as well. `None` is [`Clocks::go_command`].
    pub fn go_command_within(&self, side: Colour, game_left_ms: Option<u64>) -> String {
        let cap = |ms: u64| game_left_ms.map_or(ms, |left| ms.min(left));
        let bound = game_left_ms.map_or(String::new(), |left| format!(" movetime {left}"));
        match self.controls[side.index()] {
            TimeControl::MoveTime { ms } => format!("go movetime {}", cap(ms)),
            TimeControl::Depth { plies } => format!("go depth {plies}{bound}"),
            TimeControl::Nodes { nodes } => format!("go nodes {nodes}{bound}"),
            TimeControl::Clock { .. } => {
                let mut command = String::from("go");
                // Both clocks when both sides play on a clock, else only the mover's.
                for colour in Colour::BOTH {
                    if let TimeControl::Clock { increment_ms, .. } = self.controls[colour.index()] {
                        let letter = colour.letter();
                        let left = cap(self.clocks[colour.index()].left_ms);
                        command += &format!(" {letter}time {left} {letter}inc {increment_ms}");
                    }
                }
                if let Some(moves) = self.clocks[side.index()].moves_left {
                    command += &format!(" movestogo {moves}");
                }
                command
            }
        }
    }

    /// How long `side` may take over this move: its clock or move time plus `margin`, or
    /// `silence` for depth and node searches.
    pub fn allowance(&self, side: Colour, margin: Duration, silence: Duration) -> Allowance {
        match self.controls[side.index()] {
            TimeControl::MoveTime { ms } => Allowance {
                limit: Duration::from_millis(ms) + margin,
                timed: true,
            },
            TimeControl::Clock { .. } => Allowance {
                limit: Duration::from_millis(self.clocks[side.index()].left_ms) + margin,
                timed: true,
            },
            TimeControl::Depth { .. } | TimeControl::Nodes { .. } => Allowance {
                limit: silence,
                timed: false,
            },
        }
    }

    /// Charges `side` for a move that took `elapsed` (already checked against the allowance):
    /// the time comes off its clock, then the increment goes on, and a period that ends adds
    /// its time again.
    pub fn charge(&mut self, side: Colour, elapsed: Duration) {
        if let TimeControl::Clock {
            base_ms,
            increment_ms,
            moves,
        } = self.controls[side.index()]
        {
            let clock = &mut self.clocks[side.index()];
            let spent = u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX);
            clock.left_ms = clock.left_ms.saturating_sub(spent) + increment_ms;
            if let Some(left) = clock.moves_left.as_mut() {
                *left -= 1;
                if *left == 0 {
                    *left = moves.unwrap_or(1);
                    clock.left_ms += base_ms;
                }
            }
        }
    }

    /// The search limits of an in-process engine playing `side`: what [`Clocks::go_command`]
    /// asks of an engine process.
    pub fn limits(&self, side: Colour) -> Limits {
        let ms = |colour: Colour| i64::try_from(self.left_ms(colour)).unwrap_or(i64::MAX);
        match self.controls[side.index()] {
            TimeControl::MoveTime { ms } => Limits::movetime(ms),
            TimeControl::Depth { plies } => Limits::depth(plies),
            TimeControl::Nodes { nodes } => Limits {
                nodes: Some(nodes),
                ..Limits::default()
            },
            TimeControl::Clock { .. } => {
                let increment = |colour: Colour| match self.controls[colour.index()] {
                    TimeControl::Clock { increment_ms, .. } => {
                        i64::try_from(increment_ms).unwrap_or(i64::MAX)
                    }
                    _ => 0,
                };
                Limits {
                    clocks: Some(SearchClocks {
                        time: [ms(Colour::Black), ms(Colour::White)],
                        increment: [increment(Colour::Black), increment(Colour::White)],
                        moves_to_go: self.clocks[side.index()].moves_left,
                    }),
                    ..Limits::default()
                }
            }
        }
    }

    /// Time left on `side`'s clock in ms (0 for controls without a clock).
    pub fn left_ms(&self, side: Colour) -> u64 {
        self.clocks[side.index()].left_ms
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
            let error = text.parse::<TimeControl>().unwrap_err();
            assert!(error.contains("bad time control"), "{text}: {error}");
        }
    }

    #[test]
    fn clocks_run_down_take_increments_and_renew_periods() {
        let mut clocks = Clocks::new([tc("10+0.1"), tc("2/1")]);
        assert_eq!(
            clocks.go_command(Colour::Black),
            "go btime 10000 binc 100 wtime 1000 winc 0"
        );
        assert_eq!(
            clocks.go_command(Colour::White),
            "go btime 10000 binc 100 wtime 1000 winc 0 movestogo 2"
        );
        clocks.charge(Colour::Black, Duration::from_millis(1500));
        assert_eq!(clocks.left_ms(Colour::Black), 8600);
        clocks.charge(Colour::White, Duration::from_millis(300));
        assert_eq!(clocks.left_ms(Colour::White), 700);
        assert!(clocks.go_command(Colour::White).ends_with("movestogo 1"));
        clocks.charge(Colour::White, Duration::from_millis(600));
        // The period ends: 100 ms left plus a fresh second, two moves to go.
        assert_eq!(clocks.left_ms(Colour::White), 1100);
        assert!(clocks.go_command(Colour::White).ends_with("movestogo 2"));
        let margin = Duration::from_millis(50);
        let silence = Duration::from_secs(60);
        assert_eq!(
            clocks.allowance(Colour::White, margin, silence),
            Allowance {
                limit: Duration::from_millis(1150),
                timed: true
            }
        );
    }

    #[test]
    fn in_a_points_game_no_go_promises_more_than_the_game_time_left() {
        let clocks = Clocks::new([tc("10+0.1"), tc("2+0")]);
        assert_eq!(
            clocks.go_command_within(Colour::Black, Some(3000)),
            "go btime 3000 binc 100 wtime 2000 winc 0"
        );
        assert_eq!(
            clocks.go_command_within(Colour::White, Some(50_000)),
            clocks.go_command(Colour::White)
        );
        let fixed = Clocks::new([tc("movetime=500"), tc("depth=3")]);
        assert_eq!(
            fixed.go_command_within(Colour::Black, Some(200)),
            "go movetime 200"
        );
        assert_eq!(
            fixed.go_command_within(Colour::Black, Some(900)),
            "go movetime 500"
        );
        assert_eq!(
            fixed.go_command_within(Colour::White, Some(900)),
            "go depth 3 movetime 900"
        );
        let nodes = Clocks::new([tc("nodes=100"), tc("nodes=100")]);
        assert_eq!(
            nodes.go_command_within(Colour::White, Some(7)),
            "go nodes 100 movetime 7"
        );
    }

    #[test]
    fn fixed_limits_give_their_own_go_and_allowance() {
        let clocks = Clocks::new([tc("movetime=100"), tc("depth=3")]);
        assert_eq!(clocks.go_command(Colour::Black), "go movetime 100");
        assert_eq!(clocks.go_command(Colour::White), "go depth 3");
        let margin = Duration::from_millis(50);
        let silence = Duration::from_secs(60);
        assert_eq!(
            clocks.allowance(Colour::Black, margin, silence).limit,
            Duration::from_millis(150)
        );
        assert_eq!(
            clocks.allowance(Colour::White, margin, silence),
            Allowance {
                limit: silence,
                timed: false
            }
        );
    }
}
