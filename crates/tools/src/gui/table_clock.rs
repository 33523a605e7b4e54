//! The clocks of a game at the table: how long an engine may take over a move, which side's
//! clock runs, and what each move made is charged.

use super::table::Table;
use std::time::{Duration, Instant};
use sumito_games::clock::GameClocks;
use sumito_rules::board::Colour;

/// How long past its clock or move time an engine may answer before it loses on time: the
/// engines run beside the server on a loaded machine, and a GUI game is no tournament.
pub(super) const TIME_MARGIN: Duration = Duration::from_millis(1000);

/// How long a depth or node search may stay silent before the engine counts as hung.
pub(super) const SILENCE: Duration = Duration::from_secs(120);

impl Table {
    /// The `go` command for a move of `side`, and how long the engine may take to answer it.
    /// Without game clocks (a move time, depth or node limit) the time control still sets both.
    pub(super) fn move_search(&self, side: Colour) -> (String, Duration) {
        let fresh;
        let clocks = match &self.clocks {
            Some(clocks) => clocks,
            None => {
                fresh = GameClocks::new(&[self.tc, self.tc]);
                &fresh
            }
        };
        let allowance = clocks.allowance(side.index(), TIME_MARGIN, SILENCE);
        (clocks.go_command(side.index()), allowance.limit)
    }

    /// Did `side`, answering after `elapsed`, overstep its game clock?
    pub(super) fn over_time(&self, side: Colour, elapsed: Duration) -> bool {
        self.clocks.as_ref().is_some_and(|clocks| {
            let allowance = clocks.allowance(side.index(), TIME_MARGIN, SILENCE);
            allowance.timed && elapsed > allowance.limit
        })
    }

    /// Starts the clock of the side to move (on a clock time control).
    pub(super) fn start_clock(&mut self) {
        if self.clocks.is_some() && !self.game.is_over() {
            let side = self.game.end().side_to_move();
            if self
                .clock_running
                .is_none_or(|(running, _)| running != side)
            {
                self.clock_running = Some((side, Instant::now()));
            }
        }
    }

    /// Charges the running clock for the move just made.
    pub(super) fn charge_clock(&mut self) {
        if let (Some(clocks), Some((side, since))) = (&mut self.clocks, self.clock_running.take()) {
            clocks.charge(side.index(), since.elapsed());
        }
    }
}
