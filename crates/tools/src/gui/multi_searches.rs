//! The searches of a game of three to six players: each engine seat's engine runs in the
//! engine slot of the seat's index (one process per engine seat), analysis in slot 0. How a
//! search is set up (`position … moves … pass leave`, `go time1 … inc1 …`), and what its answer
//! does: a move or a pass played, or the seat leaving the game when its engine answers late,
//! plays an illegal move or fails.

use super::engine_driver::Reporter;
use super::engine_driver::SearchRequest;
use super::engine_pool::EngineSlot;
use super::multi_game::Turn;
use super::seats_table::{Sitter, capitalised};
use super::table::{Search, Table, Thinking};
use super::table_clock::{SILENCE, TIME_MARGIN};
use std::time::{Duration, Instant};
use sumito_games::clock::{GameClocks, TimeControl};
use sumito_rules::board::Seat;
use sumito_rules::ending::Termination;

/// What the table does next in a game of more players.
enum Next {
    /// Nothing: the game is over, analysis is off, or a person is to move.
    Wait,
    /// The seat to move is a person's with no legal move: the server passes for it.
    Pass,
    /// Search with the engine of `slot` the position after `ply` turns.
    Search {
        slot: usize,
        ply: usize,
        analysis: bool,
    },
}

impl Table {
    /// Starts the search a game of more players calls for now, if any and none runs; a
    /// person's seat that has no legal move passes first.
    pub(super) fn seats_kick(&mut self, reporter: &dyn Reporter) {
        while self.search.is_none() {
            match self.seats_next() {
                Next::Wait => return,
                Next::Pass => {
                    if let Some(multi) = self.multi.as_mut() {
                        multi.game.push(Turn::Pass, None);
                    }
                }
                Next::Search {
                    slot,
                    ply,
                    analysis,
                } => {
                    self.ensure_seat(slot, reporter);
                    self.start_seats_search(slot, ply, analysis, reporter);
                    return;
                }
            }
        }
    }

    /// What the game calls for now (a person's clock starts on its turn).
    fn seats_next(&mut self) -> Next {
        let Some(multi) = self.multi.as_mut() else {
            return Next::Wait;
        };
        if let Some(running) = multi.analysis {
            let searchable = running && multi.game.shown().outcome().is_none();
            let ply = multi.game.cursor();
            return match searchable {
                true => Next::Search {
                    slot: 0,
                    ply,
                    analysis: true,
                },
                false => Next::Wait,
            };
        }
        if multi.game.is_over() {
            multi.clock_running = None;
            return Next::Wait;
        }
        let seat = multi.game.end().side_to_move();
        match multi.sitter(seat) {
            Sitter::Person if multi.game.blocked_at_end() => Next::Pass,
            Sitter::Person => {
                start_seat_clock(multi, seat);
                Next::Wait
            }
            Sitter::Engine(_) => Next::Search {
                slot: seat.index(),
                ply: multi.game.turns().len(),
                analysis: false,
            },
        }
    }

    /// Asks the engine of `slot` for a move of the game at `ply`, or analysis of it; an engine
    /// that is gone cannot: its seat leaves, or the analysis stops.
    fn start_seats_search(
        &mut self,
        slot: usize,
        ply: usize,
        analysis: bool,
        reporter: &dyn Reporter,
    ) {
        let Some(multi) = self.multi.as_mut() else {
            return;
        };
        let seat = multi.game.position_at(ply).side_to_move();
        let (go, limit) = match analysis {
            true => ("go infinite".to_string(), None),
            false => {
                start_seat_clock(multi, seat);
                let (go, limit) = seats_go(multi.clocks.as_ref(), &multi.controls, seat);
                (go, Some(limit))
            }
        };
        let position = multi.game.position_command(ply);
        let move_limit = multi.game.move_limit();
        let serial = self.next_serial;
        self.next_serial += 1;
        let Some(state) = self.engines.slots[slot].as_mut() else {
            return;
        };
        if state.driver.is_none() {
            let why = state.failed.clone().unwrap_or_default();
            self.seats_engine_gone(slot, analysis, why, Termination::Crash, reporter);
            return;
        }
        let request = SearchRequest {
            serial,
            setup: seats_setup(state, position, move_limit),
            go,
            limit,
        };
        let thinking = Thinking {
            mover: Some(seat),
            ply,
            multipv: 1,
            ..Thinking::default()
        };
        self.send_search(slot, ply, analysis, request, thinking);
    }

    /// The engine's answer `text` to `search`: played (a move or a pass), or the seat leaves
    /// the game for answering late or illegally.
    pub(super) fn seats_bestmove(
        &mut self,
        search: Search,
        text: &str,
        elapsed: Duration,
        reporter: &dyn Reporter,
    ) {
        self.search = None;
        let Some(multi) = self.multi.as_mut() else {
            return;
        };
        let seat = multi.game.end().side_to_move();
        let late = multi.clocks.as_ref().is_some_and(|clocks| {
            let allowance = clocks.allowance(seat.index(), TIME_MARGIN, SILENCE);
            allowance.timed && elapsed > allowance.limit
        });
        if late {
            self.charge_seat_clock();
            self.seat_leaves(Termination::TimeForfeit, reporter);
            return;
        }
        let before = *multi.game.end();
        match multi.game.play_at_end(text) {
            Ok(turn) => {
                let same =
                    |first: &str| before.parse_move(first).ok() == before.parse_move(text).ok();
                self.thinking.settle(turn.to_string(), same);
                self.charge_seat_clock();
                self.kick(reporter);
            }
            Err(why) => {
                let name = self.engines.name(self.choice[search.seat]);
                self.message = Some(format!("engine {name} played '{text}': {why}"));
                self.charge_seat_clock();
                self.seat_leaves(Termination::illegal_move(text), reporter);
            }
        }
    }

    /// An engine that failed or cannot start: analysis stops, or its seat leaves the game
    /// (`termination` says why) and play goes on.
    pub(super) fn seats_engine_gone(
        &mut self,
        slot: usize,
        analysis: bool,
        why: String,
        termination: Termination,
        reporter: &dyn Reporter,
    ) {
        let name = self.engines.name(self.choice[slot]);
        self.message = Some(format!("engine {name}: {why}"));
        let Some(multi) = self.multi.as_mut() else {
            return;
        };
        if analysis {
            multi.analysis = Some(false);
            return;
        }
        let seat = Seat::new(slot).map_or_else(String::new, |s| capitalised(s.name()));
        self.message = Some(format!("{seat} leaves the game: engine {name}: {why}"));
        self.charge_seat_clock();
        self.seat_leaves(termination, reporter);
    }
}

/// The commands before a search: `newgame` to a fresh engine, the two-player settings back to
/// their defaults (lines and levels: so that the engine does not say at every search that it
/// plays without them), the move limit and the position.
fn seats_setup(state: &mut EngineSlot, position: String, move_limit: u32) -> Vec<String> {
    let mut setup = Vec::new();
    if std::mem::take(&mut state.fresh) {
        setup.push("newgame".to_string());
    }
    setup.push("setoption name MultiPV value 1".to_string());
    if state.has_option("Skill") {
        setup.push("setoption name Skill value 20".to_string());
    }
    setup.push(format!("setoption name MoveLimit value {move_limit}"));
    setup.push(position);
    setup
}

/// Starts the clock of `seat` (on a clock time control) unless it runs.
fn start_seat_clock(multi: &mut super::seats_table::SeatsTable, seat: Seat) {
    if multi.clocks.is_some()
        && multi
            .clock_running
            .is_none_or(|(running, _)| running != seat)
    {
        multi.clock_running = Some((seat, Instant::now()));
    }
}

/// The `go` command for `seat` of a game whose seats play at `controls` (on a clock every
/// seat's `time<n>` and `inc<n>`: PROTOCOL.md, "Three to six players"), and how long its engine
/// may take.
fn seats_go(
    clocks: Option<&GameClocks>,
    controls: &[TimeControl],
    seat: Seat,
) -> (String, Duration) {
    let fresh;
    let clocks = match clocks {
        Some(clocks) => clocks,
        None => {
            fresh = GameClocks::new(controls);
            &fresh
        }
    };
    let limit = clocks.allowance(seat.index(), TIME_MARGIN, SILENCE).limit;
    (clocks.go_command(seat.index()), limit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clocks_of_every_seat_go_to_the_engine() {
        let tc: TimeControl = "60+1".parse().expect("a clock");
        let seat = Seat::new(1).expect("seat 2");
        let (go, limit) = seats_go(None, &[tc; 3], seat);
        assert_eq!(
            go,
            "go time1 60000 inc1 1000 time2 60000 inc2 1000 time3 60000 inc3 1000"
        );
        assert_eq!(limit, Duration::from_millis(60_000) + TIME_MARGIN);
        let tc = TimeControl::MoveTime { ms: 100 };
        let own = TimeControl::Depth { plies: 3 };
        assert_eq!(seats_go(None, &[tc; 4], seat).0, "go movetime 100");
        assert_eq!(seats_go(None, &[tc, own, tc], seat).0, "go depth 3");
    }
}
