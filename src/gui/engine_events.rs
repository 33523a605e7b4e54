//! How the table takes what an engine driver reports: the engine's name and options, the
//! thinking of a search, its best move (played, or lost on time or as illegal), and a failure.

use super::engine_driver::DriverEvent;
use super::info::{InfoLine, black_view, parse_info};
use super::searches::Reporter;
use super::table::Table;
use crate::clock::TimeControl;
use crate::records::Termination;
use std::time::Duration;

impl Table {
    /// Handles what the driver of `seat`, started as `generation`, reports; the events of an
    /// earlier driver of the seat are ignored.
    pub(super) fn on_event(
        &mut self,
        seat: usize,
        generation: u64,
        event: DriverEvent,
        reporter: &dyn Reporter,
    ) {
        let Some(seat_state) = self.seats[seat].as_mut() else {
            return;
        };
        if seat_state.generation != generation {
            return;
        }
        match event {
            DriverEvent::Ready { name, options } => {
                let engine = seat_state.engine;
                seat_state.options = Some(options.clone());
                self.learn_engine(engine, name, options);
            }
            DriverEvent::Info { serial, line } => self.on_info(serial, &line),
            DriverEvent::BestMove {
                serial,
                text,
                elapsed,
            } => self.on_bestmove(serial, &text, elapsed, reporter),
            DriverEvent::Failed {
                serial,
                message,
                silent,
                dead,
            } => self.on_failure(seat, serial, message, silent, dead),
        }
    }

    /// Handles what the probe of engine `index` reports: its name and options, after which it
    /// is dismissed (its thread quits the engine), or its failure.
    pub(super) fn on_probe(&mut self, index: usize, event: DriverEvent) {
        let Some(at) = self.probes.iter().position(|(engine, _)| *engine == index) else {
            return;
        };
        match event {
            DriverEvent::Ready { name, options } => self.learn_engine(index, name, options),
            DriverEvent::Failed { message, .. } => {
                if let Some(slot) = self.engine_failures.get_mut(index) {
                    *slot = Some(message);
                }
            }
            _ => {}
        }
        // Dropping the handle ends the driver's thread, which quits the engine.
        drop(self.probes.swap_remove(at));
    }

    fn on_info(&mut self, serial: u64, line: &str) {
        let Some(search) = self.search.filter(|s| s.serial == serial) else {
            return;
        };
        let info = parse_info(line);
        let rank = info.multipv as usize;
        if rank == 0 || rank > 64 {
            return;
        }
        if rank == 1
            && let (Some(score), Some(side)) = (info.score, self.thinking.side)
        {
            self.game.set_score(search.ply, black_view(score, side));
        }
        let shown = self.thinking.multipv.max(1) as usize;
        let lines = &mut self.thinking.lines;
        if lines.len() < rank {
            lines.resize(rank, InfoLine::default());
        }
        lines[rank - 1] = info;
        // Deeper lines of a finished iteration are stale once a new first line comes.
        lines.truncate(shown);
    }

    fn on_bestmove(&mut self, serial: u64, text: &str, elapsed: Duration, reporter: &dyn Reporter) {
        let Some(search) = self.search.filter(|s| s.serial == serial && !s.analysis) else {
            return;
        };
        self.search = None;
        let side = self.game.end().side_to_move();
        if self.over_time(side, elapsed) {
            self.lose(side, Termination::TimeForfeit);
            return;
        }
        match self.game.play_at_end(text) {
            Ok(played) => {
                let searched = self.game.position_at(search.ply);
                let starts_with = |first: &str| searched.parse_move(first).ok() == Some(played);
                self.thinking.settle(played.to_string(), starts_with);
                self.charge_clock();
                self.kick(reporter);
            }
            Err(why) => {
                let name = self.engine_name(self.choice[search.seat]);
                self.message = Some(format!("engine {name} played '{text}': {why}"));
                self.lose(side, Termination::IllegalMove(text.to_string()));
            }
        }
    }

    /// A driver's failure: a `dead` engine leaves its seat; the search it concerns ends in a
    /// loss (on time if the engine fell `silent` under a time limit) or stops the analysis.
    fn on_failure(
        &mut self,
        seat: usize,
        serial: Option<u64>,
        message: String,
        silent: bool,
        dead: bool,
    ) {
        if dead && let Some(seat_state) = self.seats[seat].as_mut() {
            seat_state.driver = None;
            seat_state.failed = Some(message.clone());
            // An engine that never answered the handshake did not start at all.
            let engine = seat_state.engine;
            if self.engine_options.get(engine).is_some_and(Option::is_none)
                && let Some(slot) = self.engine_failures.get_mut(engine)
            {
                *slot = Some(message.clone());
            }
        }
        let ours = self
            .search
            .filter(|s| s.seat == seat && (serial.is_none() || serial == Some(s.serial)));
        let Some(search) = ours else {
            self.message = Some(message);
            return;
        };
        self.search = None;
        let side = self.game.position_at(search.ply).side_to_move();
        if search.analysis || !silent {
            self.engine_gone(seat, side, search.analysis, message);
            return;
        }
        let timed = matches!(
            self.tc,
            TimeControl::MoveTime { .. } | TimeControl::Clock { .. }
        );
        self.message = Some(message);
        let termination = if timed {
            Termination::TimeForfeit
        } else {
            Termination::NoAnswer
        };
        self.lose(side, termination);
    }
}
