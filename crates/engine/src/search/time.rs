//! Time management, in one place: what bounds a search ([`Limits`]: depth, nodes, a fixed move
//! time or the game clocks), and the [`TimeManager`] that owns the limits of one search: the
//! soft deadline checked between iterations (scaled by how settled the root is), the hard one
//! checked inside them, and the node budget. The search only asks it "stop now?".

use super::control::Control;
use std::time::Duration;
use sumito_rules::board::MAX_SEATS;
use sumito_rules::movegen::Move;

/// The clocks of a timed game as `go` reports them (`time1` ... `time6`, `inc1` ... `inc6`,
/// with `btime`, `wtime`, `binc`, `winc` the first two; `movestogo`), in milliseconds; time may
/// be zero or negative: move at once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GoClocks {
    /// Time left per seat, indexed by seat: Black's at 0, White's at 1 in a two-player game.
    pub time: [i64; MAX_SEATS],
    /// Increment per move per seat.
    pub increment: [i64; MAX_SEATS],
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
struct Deadlines {
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

    /// The deadlines for the seat `side` (a colour's or a seat's index) to move, keeping
    /// `overhead_ms` in hand for the answer to travel.
    fn deadlines(&self, side: usize, overhead_ms: u64) -> Deadlines {
        // Every input is clamped first, so that no sum or product below can overflow: a huge
        // clock is a long think, a negative one means "move now".
        let clamp = |ms: i64| ms.clamp(0, MAX_PLANNED_MS);
        let ms = |ms: i64| Duration::from_millis(clamp(ms) as u64);
        let overhead = clamp(i64::try_from(overhead_ms).unwrap_or(i64::MAX));
        if self.infinite {
            return Deadlines {
                soft: None,
                hard: None,
            };
        }
        let mut plan = Deadlines {
            soft: None,
            hard: None,
        };
        if let Some(movetime) = self.movetime {
            let movetime = clamp(i64::try_from(movetime).unwrap_or(i64::MAX));
            let budget = ms(movetime - overhead).max(Duration::from_millis(1));
            // A fixed move time is there to be used: no soft deadline.
            plan = Deadlines {
                soft: None,
                hard: Some(budget),
            };
        }
        if let Some(clocks) = self.clocks {
            let left =
                clamp(clocks.time.get(side).copied().unwrap_or(0)) - overhead - CLOCK_RESERVE_MS;
            let increment = clamp(clocks.increment.get(side).copied().unwrap_or(0));
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

/// The time manager of one search thread: the main thread's holds the search's limits, a
/// helper's none (helpers stop when the main thread is done).
#[derive(Clone, Copy, Debug)]
pub struct TimeManager {
    deadlines: Deadlines,
    /// Node budget of all threads together.
    nodes: Option<u64>,
    stability: Stability,
}

impl TimeManager {
    /// The time manager of a search within `limits` for the seat `side` (a colour's or a seat's
    /// index) to move, keeping `overhead_ms` in hand for the answer to travel.
    pub fn new(limits: &Limits, side: usize, overhead_ms: u64) -> TimeManager {
        TimeManager {
            deadlines: limits.deadlines(side, overhead_ms),
            nodes: limits.nodes,
            stability: Stability::default(),
        }
    }

    /// No limit at all: a helper thread's, which stops when told.
    pub fn unlimited() -> TimeManager {
        TimeManager::new(&Limits::default(), 0, 0)
    }

    /// The node budget of all threads together, if any.
    #[inline(always)]
    pub fn node_limit(&self) -> Option<u64> {
        self.nodes
    }

    /// Inside an iteration: has the hard deadline passed? Never while pondering.
    #[inline(always)]
    pub fn past_hard_deadline(&self, control: &Control) -> bool {
        match self.deadlines.hard {
            Some(hard) => !control.is_pondering() && control.clock_elapsed() >= hard,
            None => false,
        }
    }

    /// After an iteration whose best move is `best` with `score`: is it time to stop rather than
    /// start another? Past half the soft deadline, scaled by the root's stability (more time
    /// when the best move changes or the score drops, less when it is stable), another
    /// iteration would most likely not finish; past the hard one, none may start. Never while
    /// pondering.
    pub fn stop_after_iteration(&mut self, control: &Control, best: Move, score: i32) -> bool {
        let scale = self.stability.update(best, score);
        if let Some(soft) = self.deadlines.soft
            && !control.is_pondering()
            && control.clock_elapsed() >= soft * scale / 1000 / 2
        {
            return true;
        }
        // Inside an iteration the clock is read every so many nodes; near the end of the game a
        // whole iteration can be fewer, so read it here as well.
        self.past_hard_deadline(control)
    }
}

/// The soft deadline's scale, per mille, by iterations the best move has stayed the same
/// (0: it changed in this one). The last entry holds for longer runs.
const BY_STABLE_ITERATIONS: [u32; 5] = [1600, 1250, 1000, 850, 700];

/// A score drop of this many centi-marbles (or more) doubles the time.
const FULL_DROP: i32 = 100;

/// How settled the root is: how many iterations the best move has kept its place and how far
/// its score fell in the last one. More time when the best move changes or the score drops,
/// less when the move is stable.
#[derive(Clone, Copy, Debug)]
struct Stability {
    best: Move,
    score: Option<i32>,
    stable_iterations: usize,
}

impl Default for Stability {
    fn default() -> Stability {
        Stability {
            best: Move::NONE,
            score: None,
            stable_iterations: 0,
        }
    }
}

impl Stability {
    /// Takes the best move and score of an iteration just completed; returns the scale, per
    /// mille, to apply to the soft deadline.
    fn update(&mut self, best: Move, score: i32) -> u32 {
        if best == self.best {
            self.stable_iterations += 1;
        } else {
            self.stable_iterations = 0;
            self.best = best;
        }
        let drop = self
            .score
            .map_or(0, |last| (last - score).clamp(0, FULL_DROP));
        self.score = Some(score);
        let last = BY_STABLE_ITERATIONS.len() - 1;
        let by_move = BY_STABLE_ITERATIONS[self.stable_iterations.min(last)];
        by_move * (FULL_DROP + drop) as u32 / FULL_DROP as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sumito_rules::board::Position;

    fn clocks(ms: i64, increment: i64, moves_to_go: Option<u32>) -> Limits {
        let clocks = GoClocks {
            time: [ms, 1_000_000, 0, 0, 0, 0],
            increment: [increment, 0, 0, 0, 0, 0],
            moves_to_go,
        };
        Limits {
            clocks: Some(clocks),
            ..Limits::default()
        }
    }

    #[test]
    fn movetime_keeps_the_overhead() {
        let plan = Limits::movetime(200).deadlines(0, 10);
        assert_eq!(plan.hard, Some(Duration::from_millis(190)));
        let plan = Limits::movetime(5).deadlines(0, 10);
        assert_eq!(plan.hard, Some(Duration::from_millis(1)));
    }

    #[test]
    fn clocks_share_the_time_left_and_never_plan_beyond_it() {
        let plan = clocks(60_000 + CLOCK_RESERVE_MS, 0, None).deadlines(0, 0);
        assert_eq!(plan.soft, Some(Duration::from_millis(2_000)));
        assert_eq!(plan.hard, Some(Duration::from_millis(8_000)));
        // The reserve is never planned on, even with one move to go.
        let last = clocks(100, 0, Some(1)).deadlines(0, 0);
        assert_eq!(
            last.hard,
            Some(Duration::from_millis(
                (100 - CLOCK_RESERVE_MS) as u64 * 9 / 10
            ))
        );
        let last = clocks(1_000, 0, Some(1)).deadlines(0, 100);
        assert!(last.hard.unwrap() <= Duration::from_millis(900));
        let flagging = clocks(-5, 0, None).deadlines(0, 10);
        assert_eq!(flagging.hard, Some(Duration::ZERO));
        // White's clock is used for White.
        let plan = clocks(60_000, 0, None).deadlines(1, 0);
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
                let plan = clocks(time, increment, moves).deadlines(0, u64::MAX);
                let (soft, hard) = (plan.soft.unwrap(), plan.hard.unwrap());
                assert!(soft <= hard && hard <= year, "{time} {increment} {moves:?}");
                let plan = clocks(time, increment, moves).deadlines(0, 0);
                assert!(plan.hard.unwrap() <= year);
            }
        }
        let long = clocks(i64::MAX, 0, None).deadlines(0, 0);
        assert!(long.soft.unwrap() > Duration::from_secs(3_600), "{long:?}");
        let none = clocks(i64::MIN, 0, None).deadlines(0, 0);
        assert_eq!(none.hard, Some(Duration::ZERO));
        assert!(Limits::movetime(u64::MAX).deadlines(0, 0).hard.unwrap() <= year);
    }

    #[test]
    fn infinite_and_depth_have_no_deadline() {
        let plan = Limits {
            infinite: true,
            ..Limits::movetime(10)
        }
        .deadlines(0, 0);
        assert_eq!(
            plan,
            Deadlines {
                soft: None,
                hard: None
            }
        );
        assert_eq!(Limits::depth(3).deadlines(0, 0).hard, None);
    }

    #[test]
    fn a_stable_move_spends_less_and_a_change_or_a_drop_spends_more() {
        let moves = Position::startpos().moves();
        let (a, b) = (moves.as_slice()[0], moves.as_slice()[1]);
        let mut stability = Stability::default();
        let first = stability.update(a, 10);
        assert!(first > 1000, "a new best move gets more time: {first}");
        let mut scales = vec![];
        for _ in 0..6 {
            scales.push(stability.update(a, 10));
        }
        assert!(scales.windows(2).all(|w| w[1] <= w[0]), "{scales:?}");
        assert!(*scales.last().unwrap() < 1000, "{scales:?}");
        let changed = stability.update(b, 10);
        assert!(changed > scales[0], "{changed} after a change");
        let mut other = Stability::default();
        other.update(a, 10);
        other.update(a, 10);
        let steady = other;
        let dropped = other.update(a, -90);
        let mut kept = steady;
        assert_eq!(
            dropped,
            2 * kept.update(a, 10),
            "a full drop doubles the time"
        );
    }

    #[test]
    fn the_manager_stops_past_its_deadlines_never_while_pondering_and_never_unlimited() {
        let mv = Position::startpos().moves().as_slice()[0];
        // A clock with nothing left: both deadlines are zero, so they have passed at once.
        let flagging = clocks(-5, 0, None);
        let mut manager = TimeManager::new(&flagging, 0, 0);
        let control = Control::new();
        control.start(true);
        assert!(!manager.past_hard_deadline(&control), "pondering");
        assert!(!manager.stop_after_iteration(&control, mv, 0), "pondering");
        control.ponderhit();
        assert!(manager.past_hard_deadline(&control));
        assert!(manager.stop_after_iteration(&control, mv, 0));
        let mut helper = TimeManager::unlimited();
        assert!(!helper.past_hard_deadline(&control));
        assert!(!helper.stop_after_iteration(&control, mv, 0));
        assert_eq!(helper.node_limit(), None);
        let nodes = Limits {
            nodes: Some(500),
            ..Limits::default()
        };
        assert_eq!(TimeManager::new(&nodes, 1, 0).node_limit(), Some(500));
    }
}
