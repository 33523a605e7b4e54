//! How the table takes what an engine driver reports: the engine's name and options, the
//! thinking of a search, its best move (played, or the seat out on time or for an illegal
//! move; a hopeless game resigned when the person allowed it; a watched game adjudicated), and
//! a failure.

use super::engine_driver::DriverEvent;
use super::engine_driver::Reporter;
use super::engine_pool::EnginePool;
use super::info::{InfoLine, parse_info};
use super::session::{Session, SessionKind};
use super::table::{Table, each_kind};
use std::time::Duration;
use sumito_engine::search::Reported;
use sumito_games::adjudication::reported_score;
use sumito_games::clock::TimeControl;
use sumito_rules::ending::Termination;

impl Table {
    /// Handles what the driver of `slot`, started as `generation`, reports; the events of an
    /// earlier driver of the slot are ignored.
    pub(super) fn on_event(
        &mut self,
        slot: usize,
        generation: u64,
        event: DriverEvent,
        reporter: &dyn Reporter,
    ) {
        let Some(state) = self.engines.slots[slot].as_mut() else {
            return;
        };
        if state.generation != generation {
            return;
        }
        match event {
            DriverEvent::Ready {
                name,
                options,
                no_seats,
            } => {
                let engine = state.engine;
                state.options = Some(options.clone());
                self.learn_engine(engine, name, options, no_seats);
            }
            DriverEvent::Info { serial, line } => {
                each_kind!(&mut self.session, s => s.on_info(serial, &line));
            }
            DriverEvent::BestMove {
                serial,
                text,
                elapsed,
            } => {
                each_kind!(&mut self.session, s => s.on_bestmove(serial, &text, elapsed, &mut self.engines, reporter))
            }
            DriverEvent::Failed {
                serial,
                message,
                silent,
                dead,
            } => {
                if dead {
                    self.engines.died(slot, &message);
                }
                let failure = Failure {
                    slot,
                    serial,
                    message,
                    silent,
                };
                each_kind!(&mut self.session, s => s.on_failure(failure, &mut self.engines, reporter));
            }
        }
    }

    /// Handles what the probe of engine `index` reports: its name and options, after which it
    /// is dismissed (its thread quits the engine), or its failure.
    pub(super) fn on_probe(&mut self, index: usize, event: DriverEvent) {
        let Some(at) = self
            .engines
            .probes
            .iter()
            .position(|(engine, _)| *engine == index)
        else {
            return;
        };
        match event {
            DriverEvent::Ready {
                name,
                options,
                no_seats,
            } => self.learn_engine(index, name, options, no_seats),
            DriverEvent::Failed { message, .. } => self.engines.failed_to_start(index, &message),
            _ => {}
        }
        // Dropping the handle ends the driver's thread, which quits the engine.
        drop(self.engines.probes.swap_remove(at));
    }
}

/// A driver's failure, as [`DriverEvent::Failed`] reports it, from the engine of `slot`.
struct Failure {
    slot: usize,
    /// The search it concerns, if any.
    serial: Option<u64>,
    message: String,
    /// The engine fell silent (rather than crashed).
    silent: bool,
}

impl<K: SessionKind> Session<K> {
    fn on_info(&mut self, serial: u64, line: &str) {
        let Some(search) = self.search.filter(|s| s.serial == serial) else {
            return;
        };
        let info = parse_info(line);
        let rank = info.multipv as usize;
        // A line without moves is no line to show: the once-a-second progress line (`info
        // depth … currmove …`) or `info string`.
        if rank == 0 || rank > 64 || info.pv.is_empty() {
            return;
        }
        if rank == 1
            && let (Some(score), Some(mover)) = (info.score, self.thinking.mover)
        {
            self.game.set_score(search.ply, K::kept_score(score, mover));
        }
        if let Some(score) = reported_score(line) {
            self.thinking.first_exact = Some(score);
        }
        let shown = self.thinking.multipv.max(1) as usize;
        if info.score.is_some() && !info.bound {
            keep_line(&mut self.thinking.exact, rank, info.clone(), shown);
        }
        keep_line(&mut self.thinking.lines, rank, info, shown);
    }

    /// The engine's answer `text` to the search `serial` of a move: played, unless it came
    /// late or is illegal (the seat is out), or the engine resigns instead; a watched game may
    /// then be adjudicated.
    fn on_bestmove(
        &mut self,
        serial: u64,
        text: &str,
        elapsed: Duration,
        engines: &mut EnginePool,
        reporter: &dyn Reporter,
    ) {
        let Some(search) = self.search.filter(|s| s.serial == serial && !s.analysis) else {
            return;
        };
        self.search = None;
        let before = *self.game.end();
        let seat = K::mover(&before);
        if self.over_time(seat, elapsed) {
            self.out(seat, Termination::TimeForfeit, engines, reporter);
            return;
        }
        let turn = match K::read_answer(&before, text) {
            Ok(turn) => turn,
            Err(why) => {
                let name = engines.name(self.choice[search.seat]);
                self.message = Some(format!("engine {name} played '{text}': {why}"));
                self.out(seat, Termination::illegal_move(text), engines, reporter);
                return;
            }
        };
        let same = |first: &str| K::read_answer(&before, first).ok() == Some(turn);
        let score = self.thinking.score_of(same).map(Reported::from);
        if let Some(why) = K::resigns(self, seat, score) {
            self.engine_says = Some(why);
            self.out(seat, Termination::Resignation, engines, reporter);
            return;
        }
        self.thinking.settle(turn.to_string(), same);
        self.game.push(turn, K::engine_note(score));
        self.engine_says = None;
        self.charge_clock_for(elapsed);
        match K::adjudicate(self, seat, &before) {
            Some(ending) => self.end_game(engines, ending),
            None => self.kick(engines, reporter),
        }
    }

    /// A driver's failure: the search it concerns ends with its seat out (on time if the
    /// engine fell silent under a time limit) or stops the analysis; any other is only said.
    fn on_failure(&mut self, failure: Failure, engines: &mut EnginePool, reporter: &dyn Reporter) {
        let ours = self.search.filter(|s| {
            s.seat == failure.slot && failure.serial.is_none_or(|serial| serial == s.serial)
        });
        let Some(search) = ours else {
            self.message = Some(failure.message);
            return;
        };
        self.search = None;
        let seat = K::mover(self.game.position_at(search.ply));
        let timed = matches!(
            self.controls.get(seat.index()),
            Some(TimeControl::MoveTime { .. } | TimeControl::Clock { .. })
        );
        let termination = match (failure.silent, timed) {
            (false, _) => Termination::Crash,
            (true, true) => Termination::TimeForfeit,
            (true, false) => Termination::NoAnswer,
        };
        let (slot, analysis, why) = (search.seat, search.analysis, failure.message);
        self.engine_gone(slot, analysis, why, termination, engines, reporter);
    }
}

/// Puts `info` as the line of `rank` in `lines`; deeper lines of a finished iteration are stale
/// once a new first line comes, and only the `shown` first ranks are kept.
fn keep_line(lines: &mut Vec<InfoLine>, rank: usize, info: InfoLine, shown: usize) {
    if lines.len() < rank {
        lines.resize(rank, InfoLine::default());
    }
    lines[rank - 1] = info;
    lines.truncate(shown);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::info::EngineScore;
    use crate::gui::session::{Search, Sitter};
    use crate::gui::two_players::{Game, TwoPlayers};
    use sumito_games::records::Start;
    use sumito_rules::board::{Layout, Seat};

    #[test]
    fn the_score_of_a_move_is_the_last_exact_one_of_its_line() {
        let tc = TimeControl::MoveTime { ms: 100 };
        let game = Game::new(Start::Layout(Layout::Standard), Vec::new());
        let sitters = (vec![Sitter::Engine(0); 2], vec![tc; 2]);
        let mut session = Session::<TwoPlayers>::new(game, tc, sitters, None, [0; 6]);
        session.search = Some(Search {
            serial: 7,
            seat: 0,
            ply: 0,
            analysis: false,
        });
        session.thinking.mover = Seat::new(0);
        session.thinking.multipv = 2;
        for line in [
            "info depth 2 multipv 1 score cp 30 pv a1b2 i5h5",
            "info depth 2 multipv 2 score cp -20 pv a5b5 i5h5",
            "info depth 3 multipv 1 score cp 80 lowerbound pv a1b2",
            "info depth 3 multipv 2 score cp -25 upperbound pv a5b5",
            // The progress line of a long search replaces no line.
            "info depth 4 currmove a5b5 currmovenumber 2 nodes 900 nps 900 time 1000 hashfull 3",
        ] {
            session.on_info(7, line);
        }
        // A bound is shown, but the move's score is the last exact one of its line.
        assert_eq!(session.thinking.lines[0].score, Some(EngineScore::Cp(80)));
        assert_eq!(session.thinking.first_exact, Some(Reported::Centi(30)));
        let score = session.thinking.score_of(|first| first == "a5b5");
        assert_eq!(score, Some(EngineScore::Cp(-20)));
        assert_eq!(session.thinking.score_of(|first| first == "c3d3"), None);
    }
}
