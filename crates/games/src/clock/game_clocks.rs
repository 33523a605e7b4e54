//! The clocks of one game, kept by whoever runs it (the match runner, `sumito play`, the GUI):
//! one clock per seat, each run by its own [`TimeControl`]. What the mover is told in `go`, how
//! long it may take, and what comes off its clock come from here.
//!
//! A seat is a player's place at the table, numbered from 0 in the order the layouts move. In
//! the two-player game seat 0 is Black and seat 1 White ([`Colour::index`]), whoever is to move
//! in a given position. The clocks take any number of seats: `go` tells two seats' clocks in
//! UAP's two-player words (`btime`, `wtime`), more seats' as `time1` … `time6` and `inc1` …
//! `inc6` (PROTOCOL.md).
//!
//! [`Colour::index`]: sumito_rules::board::Colour::index

use super::game_time::whole_ms;
use super::time_control::TimeControl;
use std::time::Duration;
use sumito_engine::search::{GoClocks, Limits};

/// How long the runner waits for a `bestmove`, and what it means when it waits in vain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Allowance {
    /// Time from `go` to `bestmove` after which the mover loses.
    pub limit: Duration,
    /// True when the limit comes from the clock or the move time (a late answer is a time
    /// forfeit); false for depth and node searches, where only silence is punished.
    pub timed: bool,
}

/// One seat's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Clock {
    /// Time left in ms (never below zero).
    left_ms: u64,
    /// Own moves left in the current period, for `MOVES/SECONDS` controls.
    moves_left: Option<u32>,
}

/// The time controls and clocks of every seat during one game.
#[derive(Clone, Debug)]
pub struct GameClocks {
    controls: Vec<TimeControl>,
    clocks: Vec<Clock>,
}

/// The letters of the seats' clocks in a two-player `go` command (`btime`, `wtime`): UAP names
/// the two seats of the two-player game by their colours, and more seats by number.
const SEAT_LETTERS: [char; 2] = ['b', 'w'];

impl GameClocks {
    /// Fresh clocks for a game, one per seat: `controls[seat]` runs the clock of `seat`.
    pub fn new(controls: &[TimeControl]) -> GameClocks {
        let clock = |control: &TimeControl| match *control {
            TimeControl::Clock { base_ms, moves, .. } => Clock {
                left_ms: base_ms,
                moves_left: moves,
            },
            _ => Clock {
                left_ms: 0,
                moves_left: None,
            },
        };
        GameClocks {
            controls: controls.to_vec(),
            clocks: controls.iter().map(clock).collect(),
        }
    }

    /// The `go` command for `seat` to move.
    pub fn go_command(&self, seat: usize) -> String {
        self.go_command_within(seat, None)
    }

    /// The `go` command for `seat` to move in a game that has at most `game_left_ms` of thinking
    /// time left (the points game): no clock figure or move time above it, and a depth or node
    /// search bounded by it as well. `None` is [`GameClocks::go_command`].
    pub fn go_command_within(&self, seat: usize, game_left_ms: Option<u64>) -> String {
        let cap = |ms: u64| game_left_ms.map_or(ms, |left| ms.min(left));
        let bound = game_left_ms.map_or(String::new(), |left| format!(" movetime {left}"));
        match self.controls[seat] {
            TimeControl::MoveTime { ms } => format!("go movetime {}", cap(ms)),
            TimeControl::Depth { plies } => format!("go depth {plies}{bound}"),
            TimeControl::Nodes { nodes } => format!("go nodes {nodes}{bound}"),
            TimeControl::Clock { .. } => {
                let mut command = String::from("go");
                // Every seat's clock that runs, so the mover sees its opponents' time too.
                for (index, (control, clock)) in self.controls.iter().zip(&self.clocks).enumerate()
                {
                    if let TimeControl::Clock { increment_ms, .. } = control {
                        let left = cap(clock.left_ms);
                        let (time, inc) = self.clock_words(index);
                        command += &format!(" {time} {left} {inc} {increment_ms}");
                    }
                }
                if let Some(moves) = self.clocks[seat].moves_left {
                    command += &format!(" movestogo {moves}");
                }
                command
            }
        }
    }

    /// The words of `seat`'s clock in `go`: `btime`/`binc` and `wtime`/`winc` with two seats,
    /// `time1`/`inc1` … `time6`/`inc6` with more (PROTOCOL.md).
    fn clock_words(&self, seat: usize) -> (String, String) {
        match self.controls.len() {
            2 => {
                let letter = SEAT_LETTERS[seat];
                (format!("{letter}time"), format!("{letter}inc"))
            }
            _ => (format!("time{}", seat + 1), format!("inc{}", seat + 1)),
        }
    }

    /// How long `seat` may take over this move: its clock or move time plus `margin`, or
    /// `silence` for depth and node searches.
    pub fn allowance(&self, seat: usize, margin: Duration, silence: Duration) -> Allowance {
        match self.controls[seat] {
            TimeControl::MoveTime { ms } => Allowance {
                limit: Duration::from_millis(ms) + margin,
                timed: true,
            },
            TimeControl::Clock { .. } => Allowance {
                limit: Duration::from_millis(self.clocks[seat].left_ms) + margin,
                timed: true,
            },
            TimeControl::Depth { .. } | TimeControl::Nodes { .. } => Allowance {
                limit: silence,
                timed: false,
            },
        }
    }

    /// Charges `seat` for a move that took `elapsed` (already checked against the allowance):
    /// the time comes off its clock, then the increment goes on, and a period that ends adds
    /// its time again.
    pub fn charge(&mut self, seat: usize, elapsed: Duration) {
        if let TimeControl::Clock {
            base_ms,
            increment_ms,
            moves,
        } = self.controls[seat]
        {
            self.spend(seat, elapsed);
            let clock = &mut self.clocks[seat];
            clock.left_ms += increment_ms;
            if let Some(left) = clock.moves_left.as_mut() {
                *left -= 1;
                if *left == 0 {
                    *left = moves.unwrap_or(1);
                    clock.left_ms += base_ms;
                }
            }
        }
    }

    /// Takes `elapsed` off `seat`'s clock for a turn that ended with no move (taken back, or
    /// left for analysis): no increment, and the period's moves to go stay.
    pub fn spend(&mut self, seat: usize, elapsed: Duration) {
        if let TimeControl::Clock { .. } = self.controls[seat] {
            let clock = &mut self.clocks[seat];
            clock.left_ms = clock.left_ms.saturating_sub(whole_ms(elapsed));
        }
    }

    /// The search limits of an in-process engine in `seat`: what [`GameClocks::go_command`]
    /// asks of an engine process.
    pub fn limits(&self, seat: usize) -> Limits {
        match self.controls[seat] {
            TimeControl::MoveTime { ms } => Limits::movetime(ms),
            TimeControl::Depth { plies } => Limits::depth(plies),
            TimeControl::Nodes { nodes } => Limits {
                nodes: Some(nodes),
                ..Limits::default()
            },
            TimeControl::Clock { .. } => {
                let ms = |seat: usize| {
                    let left = self.clocks.get(seat).map_or(0, |clock| clock.left_ms);
                    i64::try_from(left).unwrap_or(i64::MAX)
                };
                let increment = |seat: usize| match self.controls.get(seat) {
                    Some(TimeControl::Clock { increment_ms, .. }) => {
                        i64::try_from(*increment_ms).unwrap_or(i64::MAX)
                    }
                    _ => 0,
                };
                Limits {
                    clocks: Some(GoClocks {
                        time: std::array::from_fn(ms),
                        increment: std::array::from_fn(increment),
                        moves_to_go: self.clocks[seat].moves_left,
                    }),
                    ..Limits::default()
                }
            }
        }
    }

    /// Does `seat` play on a clock (not a move time, depth or node count)?
    pub fn has_clock(&self, seat: usize) -> bool {
        matches!(self.controls[seat], TimeControl::Clock { .. })
    }

    /// Time left on `seat`'s clock in ms (0 for controls without a clock).
    pub fn left_ms(&self, seat: usize) -> u64 {
        self.clocks[seat].left_ms
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(text: &str) -> TimeControl {
        text.parse().unwrap()
    }

    #[test]
    fn clocks_run_down_take_increments_and_renew_periods() {
        let mut clocks = GameClocks::new(&[tc("10+0.1"), tc("2/1")]);
        assert_eq!(
            clocks.go_command(0),
            "go btime 10000 binc 100 wtime 1000 winc 0"
        );
        assert_eq!(
            clocks.go_command(1),
            "go btime 10000 binc 100 wtime 1000 winc 0 movestogo 2"
        );
        clocks.charge(0, Duration::from_millis(1500));
        assert_eq!(clocks.left_ms(0), 8600);
        clocks.charge(1, Duration::from_millis(300));
        assert_eq!(clocks.left_ms(1), 700);
        assert!(clocks.go_command(1).ends_with("movestogo 1"));
        clocks.charge(1, Duration::from_millis(600));
        // The period ends: 100 ms left plus a fresh second, two moves to go.
        assert_eq!(clocks.left_ms(1), 1100);
        assert!(clocks.go_command(1).ends_with("movestogo 2"));
        let margin = Duration::from_millis(50);
        let silence = Duration::from_secs(60);
        assert_eq!(
            clocks.allowance(1, margin, silence),
            Allowance {
                limit: Duration::from_millis(1150),
                timed: true
            }
        );
        // Time spent on a turn with no move comes off alone.
        clocks.spend(1, Duration::from_millis(200));
        assert_eq!(clocks.left_ms(1), 900);
        assert!(clocks.go_command(1).ends_with("movestogo 2"));
    }

    #[test]
    fn more_than_two_seats_name_their_clocks_by_number() {
        let mut clocks = GameClocks::new(&[tc("10+0.1"), tc("5+0"), tc("8+0.2")]);
        clocks.charge(2, Duration::from_millis(1000));
        assert_eq!(
            clocks.go_command(1),
            "go time1 10000 inc1 100 time2 5000 inc2 0 time3 7200 inc3 200"
        );
        let limits = clocks.limits(2).clocks.unwrap();
        assert_eq!(limits.time[..4], [10_000, 5_000, 7_200, 0]);
        assert_eq!(limits.increment[..3], [100, 0, 200]);
    }

    #[test]
    fn in_a_points_game_no_go_promises_more_than_the_game_time_left() {
        let clocks = GameClocks::new(&[tc("10+0.1"), tc("2+0")]);
        assert_eq!(
            clocks.go_command_within(0, Some(3000)),
            "go btime 3000 binc 100 wtime 2000 winc 0"
        );
        assert_eq!(
            clocks.go_command_within(1, Some(50_000)),
            clocks.go_command(1)
        );
        let fixed = GameClocks::new(&[tc("movetime=500"), tc("depth=3")]);
        assert_eq!(fixed.go_command_within(0, Some(200)), "go movetime 200");
        assert_eq!(fixed.go_command_within(0, Some(900)), "go movetime 500");
        assert_eq!(
            fixed.go_command_within(1, Some(900)),
            "go depth 3 movetime 900"
        );
        let nodes = GameClocks::new(&[tc("nodes=100"), tc("nodes=100")]);
        assert_eq!(
            nodes.go_command_within(1, Some(7)),
            "go nodes 100 movetime 7"
        );
    }

    #[test]
    fn fixed_limits_give_their_own_go_and_allowance() {
        let clocks = GameClocks::new(&[tc("movetime=100"), tc("depth=3")]);
        assert_eq!(clocks.go_command(0), "go movetime 100");
        assert_eq!(clocks.go_command(1), "go depth 3");
        let margin = Duration::from_millis(50);
        let silence = Duration::from_secs(60);
        assert_eq!(
            clocks.allowance(0, margin, silence).limit,
            Duration::from_millis(150)
        );
        assert_eq!(
            clocks.allowance(1, margin, silence),
            Allowance {
                limit: silence,
                timed: false
            }
        );
    }

    #[test]
    fn every_seat_has_its_own_clock() {
        let mut clocks = GameClocks::new(&[tc("10"), tc("20"), tc("30+1")]);
        clocks.charge(2, Duration::from_millis(4_000));
        clocks.charge(1, Duration::from_millis(500));
        assert_eq!(
            [clocks.left_ms(0), clocks.left_ms(1), clocks.left_ms(2)],
            [10_000, 19_500, 27_000]
        );
        let allowance = clocks.allowance(2, Duration::ZERO, Duration::ZERO);
        assert_eq!(allowance.limit, Duration::from_millis(27_000));
        assert_eq!(
            clocks.go_command(2),
            "go time1 10000 inc1 0 time2 19500 inc2 0 time3 27000 inc3 1000"
        );
    }
}
