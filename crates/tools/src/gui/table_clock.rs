//! The clocks of a session: how long an engine may take over a move, which seat's clock runs,
//! what each turn made is charged, and when a person's flag falls (an engine's falls when its
//! answer comes late, or none comes).

use super::engine_driver::Reporter;
use super::engine_pool::EnginePool;
use super::game::Kind;
use super::session::{Session, SessionKind, Sitter};
use std::time::{Duration, Instant};
use sumito_games::clock::GameClocks;
use sumito_rules::board::Seat;
use sumito_rules::ending::Termination;

/// How long past its clock or move time an engine may answer before it loses on time: the
/// engines run beside the server on a loaded machine, and a GUI game is no tournament.
pub(super) const TIME_MARGIN: Duration = Duration::from_millis(1000);

/// How long a depth or node search may stay silent before the engine counts as hung.
pub(super) const SILENCE: Duration = Duration::from_secs(120);

impl<K: Kind> Session<K> {
    /// The `go` command for a move of `seat` (on a clock every seat's time: PROTOCOL.md), and
    /// how long its engine may take to answer it. Without game clocks (a move time, depth or
    /// node limit) the seat's time control still sets both.
    pub(super) fn move_search(&self, seat: Seat) -> (String, Duration) {
        let fresh;
        let clocks = match &self.clocks {
            Some(clocks) => clocks,
            None => {
                fresh = GameClocks::new(&self.controls);
                &fresh
            }
        };
        let allowance = clocks.allowance(seat.index(), TIME_MARGIN, SILENCE);
        (clocks.go_command(seat.index()), allowance.limit)
    }

    /// Did `seat`, answering after `elapsed`, overstep its game clock?
    pub(super) fn over_time(&self, seat: Seat, elapsed: Duration) -> bool {
        self.clocks.as_ref().is_some_and(|clocks| {
            let allowance = clocks.allowance(seat.index(), TIME_MARGIN, SILENCE);
            allowance.timed && elapsed > allowance.limit
        })
    }

    /// Starts the clock of the seat to move (on a clock time control) unless it runs.
    pub(super) fn start_clock(&mut self) {
        if self.clocks.is_some() && !self.game.is_over() {
            let seat = K::mover(self.game.end());
            if self
                .clock_running
                .is_none_or(|(running, _)| running != seat)
            {
                self.clock_running = Some((seat, Instant::now()));
                self.broken_off = None;
            }
        }
    }

    /// Charges the running clock for the turn just made.
    pub(super) fn charge_clock(&mut self) {
        if let Some((_, since)) = self.clock_running {
            self.charge_clock_for(since.elapsed());
        }
    }

    /// Charges the running clock `elapsed` for the turn just made: an engine's time from its
    /// `go`, what its flag is judged by (starting the engine and setting up its position are on
    /// no one's clock, as in matches).
    pub(super) fn charge_clock_for(&mut self, elapsed: Duration) {
        if let (Some(clocks), Some((seat, _))) = (&mut self.clocks, self.clock_running.take()) {
            clocks.charge(seat.index(), elapsed);
        }
    }
}

impl<K: SessionKind> Session<K> {
    /// Stops the running clock for a turn that ends with no move: its time comes off the seat's
    /// clock, with no increment. `all`: whoever sits there (the seat is out: a flag, a fault, a
    /// resignation); else a person only (a take-back, or analysis: an engine's search was the
    /// person's doing to cancel, so its clock only stops). A person's time is kept for a later
    /// take-back to charge again ([`Session::clocks_back_to`]).
    pub(super) fn stop_clock(&mut self, all: bool) {
        let Some((seat, since)) = self.clock_running.take() else {
            return;
        };
        let person = self.sitter(seat) == Sitter::Person;
        if person {
            self.broken_off = Some((seat, since.elapsed()));
        }
        if (all || person)
            && let Some(clocks) = &mut self.clocks
        {
            clocks.spend(seat.index(), since.elapsed());
        }
    }

    /// Notes the clocks as the turn at the game's end begins (and as each turn before it did,
    /// for turns pushed without a search between them: passes, seats leaving).
    pub(super) fn note_clocks(&mut self) {
        if let Some(clocks) = &self.clocks {
            while self.clocks_at.len() <= self.game.turns().len() {
                self.clocks_at.push(clocks.clone());
            }
        }
    }

    /// The game is cut back to the turn at `ply` (a take-back, or a move played on an earlier
    /// position): the clocks go back to where they stood as that turn began. A person's thinking
    /// is never free: the time of the turn they broke off (or lost on time, or resigned in)
    /// comes off their clock again. In analysis no clock runs, and the game's clocks stay.
    pub(super) fn clocks_back_to(&mut self, ply: usize) {
        self.stop_clock(false);
        self.clocks_at.truncate(ply + 1);
        if self.analysis.is_some() {
            return;
        }
        if let Some(saved) = self.clocks_at.get(ply) {
            let mut clocks = saved.clone();
            if let Some((seat, spent)) = self.broken_off {
                clocks.spend(seat.index(), spent);
            }
            self.clocks = Some(clocks);
        }
    }

    /// When the clock of the person to move runs out, if a person's clock runs (a person on a
    /// move time, beside engines on clocks, has none).
    pub(super) fn persons_deadline(&self) -> Option<Instant> {
        let (seat, since) = self.clock_running?;
        let clocks = self.clocks.as_ref()?;
        let left = Duration::from_millis(clocks.left_ms(seat.index()));
        let timed = clocks.has_clock(seat.index()) && self.sitter(seat) == Sitter::Person;
        timed.then_some(since + left)
    }

    /// A person whose clock has run out loses on time, as an engine does: with two players
    /// the game is lost, with more the seat leaves. True if a flag fell.
    pub(super) fn flag(&mut self, engines: &mut EnginePool, reporter: &dyn Reporter) -> bool {
        let fallen = self
            .persons_deadline()
            .is_some_and(|when| when <= Instant::now());
        if let (true, Some((seat, _))) = (fallen, self.clock_running) {
            self.out(seat, Termination::TimeForfeit, engines, reporter);
        }
        fallen
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::seats::{Seats, SeatsGame};
    use crate::gui::session::Sitter;
    use sumito_games::clock::TimeControl;
    use sumito_games::records::MultiStart;
    use sumito_rules::multiplayer::MultiLayout;

    fn session(controls: Vec<TimeControl>) -> Session<Seats> {
        let start = MultiStart::Layout(MultiLayout::for_seats(controls.len()).expect("a layout"));
        let game = SeatsGame::new(start, Vec::new());
        let sitters = vec![Sitter::Engine(0); controls.len()];
        Session::new(game, controls[0], (sitters, controls), None, [0; 6])
    }

    #[test]
    fn the_clocks_of_every_seat_go_to_the_engine() {
        let tc: TimeControl = "60+1".parse().expect("a clock");
        let seat = Seat::new(1).expect("seat 2");
        let (go, limit) = session(vec![tc; 3]).move_search(seat);
        assert_eq!(
            go,
            "go time1 60000 inc1 1000 time2 60000 inc2 1000 time3 60000 inc3 1000"
        );
        assert_eq!(limit, Duration::from_millis(60_000) + TIME_MARGIN);
        let tc = TimeControl::MoveTime { ms: 100 };
        let own = TimeControl::Depth { plies: 3 };
        assert_eq!(session(vec![tc; 4]).move_search(seat).0, "go movetime 100");
        assert_eq!(session(vec![tc, own, tc]).move_search(seat).0, "go depth 3");
    }
}
