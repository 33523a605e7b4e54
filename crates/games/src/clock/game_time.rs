//! The points game of the Russian rules (`sumito match --game-time SECONDS`): a game has a total
//! thinking time, shared by both sides, and when their thinking time together reaches it the
//! game ends; the side that ejected more marbles wins, equal counts draw (termination
//! `game time`).
//!
//! What the engines are told: no `go` promises more time than the game has left. Each side's
//! own `--tc` still holds (running over its own clock still loses on time), but every clock
//! figure of a `go` (`btime`, `wtime`) and a `movetime` is capped at the game time left, and a
//! depth or node search gets `movetime <game time left>` as well, so that an engine plans as a
//! human player would who watches the game clock ([`GameClocks::go_command_within`]). Only the
//! time from `go` to `bestmove` counts, as on the clocks; the runner's own work between moves
//! does not. How a game ends when the time runs out during a search is the match runner's
//! (`match_runner::game`).
//!
//! [`GameClocks::go_command_within`]: super::GameClocks::go_command_within

use std::time::Duration;

/// The thinking time a points game has used and has left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameTime {
    total: Duration,
    used: Duration,
}

impl GameTime {
    /// A fresh game of `total` thinking time.
    pub fn new(total: Duration) -> GameTime {
        GameTime {
            total,
            used: Duration::ZERO,
        }
    }

    /// The thinking time left, zero once it has run out.
    pub fn left(&self) -> Duration {
        self.total.saturating_sub(self.used)
    }

    /// Has the game time run out?
    pub fn is_over(&self) -> bool {
        self.left().is_zero()
    }

    /// Counts one move's thinking time.
    pub fn charge(&mut self, elapsed: Duration) {
        self.used += elapsed;
    }
}

/// Whole milliseconds of a duration (a `go` command's, a clock's), saturating.
pub fn whole_ms(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_game_clock_runs_down_to_zero_and_no_further() {
        let mut clock = GameTime::new(Duration::from_secs(2));
        clock.charge(Duration::from_millis(1500));
        assert_eq!(clock.left(), Duration::from_millis(500));
        assert!(!clock.is_over());
        clock.charge(Duration::from_millis(800));
        assert_eq!(clock.left(), Duration::ZERO);
        assert!(clock.is_over());
    }
}
