//! What bounds a search (depth, nodes, a fixed move time or the game clocks), and the
//! deadlines the clocks give: a soft one checked between iterations, a hard one inside them.

use crate::board::Colour;
use std::time::Duration;

/// The clocks of a timed game as `go` reports them (`btime`, `wtime`, `binc`, `winc`,
/// `movestogo`), in milliseconds; time may be zero or negative: move at once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GoClocks {
    /// Time left per colour, indexed by [`Colour::index`].
    pub time: [i64; 2],
    /// Increment per move per colour.
    pub increment: [i64; 2],
    /// Moves until the next time control, if the control is not sudden death.
    pub moves_to_go: Option<u32>,
}

/// The limits of one search. With none set the search runs until stopped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Node budget (all threads together).
    pub nodes: Option<u64>,
    /// Fixed time for this move, in milliseconds.
    pub movetime: Option<u64>,
    /// Game clocks.
    pub clocks: Option<GoClocks>,
    /// Search until stopped, whatever the other limits say about time.
    pub infinite: bool,
    /// Start as a ponder search: no time limit until
    /// [`Control::ponderhit`](super::Control::ponderhit).
    pub ponder: bool,
}

/// Milliseconds kept in hand on a clock beyond `MoveOverhead`: a late answer loses the game, and
/// on a machine with more busy threads than cores an answer can be held up by tens of
/// milliseconds. (Measured: 1+0.01 games beside two busy processes on two cores had answers 5 ms
/// before the flag at the 99th percentile with 10 ms kept in hand, 25 ms with 30.)
pub const CLOCK_RESERVE_MS: i64 = 20;

/// The longest time a clock or a move time is planned with, in milliseconds (a year): a
/// larger one means a long think, not an overflow.
pub const MAX_PLANNED_MS: i64 = 365 * 24 * 3_600_000;

/// When to stop: the soft deadline is checked between iterations, the hard one inside them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimePlan {
    /// Do not start another iteration after this.
    pub soft: Option<Duration>,
    /// Stop the search at once after this.
    pub hard: Option<Duration>,
}

impl Limits {
    /// Only a depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Only a move time in milliseconds.
    pub fn movetime(ms: u64) -> Limits {
        Limits {
            movetime: Some(ms),
            ..Limits::default()
        }
    }

    /// The deadlines for `side` to move, keeping `overhead_ms` in hand for the answer to travel.
    pub fn time_plan(&self, side: Colour, overhead_ms: u64) -> TimePlan {
        // Every input is clamped first, so that no sum or product below can overflow: a huge
        // clock is a long think, a negative one means "move now".
        let clamp = |ms: i64| ms.clamp(0, MAX_PLANNED_MS);
        let ms = |ms: i64| Duration::from_millis(clamp(ms) as u64);
        let overhead = clamp(i64::try_from(overhead_ms).unwrap_or(i64::MAX));
        if self.infinite {
            return TimePlan {
                soft: None,
                hard: None,
            };
        }
        let mut plan = TimePlan {
            soft: None,
            hard: None,
        };
        if let Some(movetime) = self.movetime {
            let movetime = clamp(i64::try_from(movetime).unwrap_or(i64::MAX));
            let budget = ms(movetime - overhead).max(Duration::from_millis(1));
            // A fixed move time is there to be used: no soft deadline.
            plan = TimePlan {
                soft: None,
                hard: Some(budget),
            };
        }
        if let Some(clocks) = self.clocks {
            let left = clamp(clocks.time[side.index()]) - overhead - CLOCK_RESERVE_MS;
            let increment = clamp(clocks.increment[side.index()]);
            let moves = clocks.moves_to_go.unwrap_or(30).clamp(1, 60) as i64;
            // Never plan on more than most of what is left: with one move to go, 90%; else 60%
            // for the hard limit so that a slow iteration cannot eat the rest of the game.
            let cap = if moves == 1 {
                left * 9 / 10
            } else {
                left * 6 / 10
            };
            let soft = (left / moves + increment * 3 / 4).min(cap);
            let hard = (soft * 4).min(cap);
            let (soft, hard) = (ms(soft), ms(hard));
            plan.soft = Some(plan.soft.map_or(soft, |s| s.min(soft)));
            plan.hard = Some(plan.hard.map_or(hard, |h| h.min(hard)));
        }
        plan
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clocks(ms: i64, increment: i64, moves_to_go: Option<u32>) -> Limits {
        let clocks = GoClocks {
            time: [ms, 1_000_000],
            increment: [increment, 0],
            moves_to_go,
        };
        Limits {
            clocks: Some(clocks),
            ..Limits::default()
        }
    }

    #[test]
    fn movetime_keeps_the_overhead() {
        let plan = Limits::movetime(200).time_plan(Colour::Black, 10);
        assert_eq!(plan.hard, Some(Duration::from_millis(190)));
        let plan = Limits::movetime(5).time_plan(Colour::Black, 10);
        assert_eq!(plan.hard, Some(Duration::from_millis(1)));
    }

    #[test]
    fn clocks_share_the_time_left_and_never_plan_beyond_it() {
        let plan = clocks(60_000 + CLOCK_RESERVE_MS, 0, None).time_plan(Colour::Black, 0);
        assert_eq!(plan.soft, Some(Duration::from_millis(2_000)));
        assert_eq!(plan.hard, Some(Duration::from_millis(8_000)));
        // The reserve is never planned on, even with one move to go.
        let last = clocks(100, 0, Some(1)).time_plan(Colour::Black, 0);
        assert_eq!(
            last.hard,
            Some(Duration::from_millis(
                (100 - CLOCK_RESERVE_MS) as u64 * 9 / 10
            ))
        );
        let last = clocks(1_000, 0, Some(1)).time_plan(Colour::Black, 100);
        assert!(last.hard.unwrap() <= Duration::from_millis(900));
        let flagging = clocks(-5, 0, None).time_plan(Colour::Black, 10);
        assert_eq!(flagging.hard, Some(Duration::ZERO));
        // White's clock is used for White.
        let plan = clocks(60_000, 0, None).time_plan(Colour::White, 0);
        assert!(plan.soft.unwrap() > Duration::from_secs(10));
    }

    #[test]
    fn absurd_clocks_mean_a_long_think_or_none_and_never_overflow() {
        let year = Duration::from_millis(MAX_PLANNED_MS as u64);
        for (time, increment) in [
            (i64::MAX, 0),
            (i64::MAX, i64::MAX),
            (60_000, i64::MAX),
            (i64::MIN, i64::MIN),
            (-1, 0),
        ] {
            for moves in [None, Some(1), Some(u32::MAX)] {
                let plan = clocks(time, increment, moves).time_plan(Colour::Black, u64::MAX);
                let (soft, hard) = (plan.soft.unwrap(), plan.hard.unwrap());
                assert!(soft <= hard && hard <= year, "{time} {increment} {moves:?}");
                let plan = clocks(time, increment, moves).time_plan(Colour::Black, 0);
                assert!(plan.hard.unwrap() <= year);
            }
        }
        let long = clocks(i64::MAX, 0, None).time_plan(Colour::Black, 0);
        assert!(long.soft.unwrap() > Duration::from_secs(3_600), "{long:?}");
        let none = clocks(i64::MIN, 0, None).time_plan(Colour::Black, 0);
        assert_eq!(none.hard, Some(Duration::ZERO));
        assert!(
            Limits::movetime(u64::MAX)
                .time_plan(Colour::Black, 0)
                .hard
                .unwrap()
                <= year
        );
    }

    #[test]
    fn infinite_and_depth_have_no_deadline() {
        let plan = Limits {
            infinite: true,
            ..Limits::movetime(10)
        }
        .time_plan(Colour::Black, 0);
        assert_eq!(
            plan,
            TimePlan {
                soft: None,
                hard: None
            }
        );
        assert_eq!(Limits::depth(3).time_plan(Colour::Black, 0).hard, None);
    }
}
