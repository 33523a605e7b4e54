//! How the table takes what an engine driver reports: the engine's name and options, the
//! thinking of a search, its best move (played, or lost on time or as illegal; a hopeless
//! game resigned when the person allowed it; a watched game adjudicated), and a failure.

use super::engine_driver::DriverEvent;
use super::engine_driver::Reporter;
use super::info::{InfoLine, black_view, parse_info};
use super::state::Ending;
use super::table::{Mode, Table};
use std::time::Duration;
use sumito_engine::search::Reported;
use sumito_games::adjudication::reported_score;
use sumito_games::agreement::resignation;
use sumito_games::clock::TimeControl;
use sumito_rules::board::{Colour, Position};
use sumito_rules::ending::Termination;

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
        let Some(seat_state) = self.engines.slots[seat].as_mut() else {
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
            } => self.on_failure(seat, serial, message, silent, dead, reporter),
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
            DriverEvent::Ready { name, options } => self.learn_engine(index, name, options),
            DriverEvent::Failed { message, .. } => {
                if let Some(slot) = self.engines.failures.get_mut(index) {
                    *slot = Some(message);
                }
            }
            _ => {}
        }
        // Dropping the handle ends the driver's thread, which quits the engine.
        drop(self.engines.probes.swap_remove(at));
    }

    fn on_info(&mut self, serial: u64, line: &str) {
        let Some(search) = self.search.filter(|s| s.serial == serial) else {
            return;
        };
        let info = parse_info(line);
        let rank = info.multipv as usize;
        if let (Some(multi), Some(score)) = (self.multi.as_mut(), info.score)
            && rank == 1
            && !info.pv.is_empty()
        {
            multi.game.set_score(search.ply, score);
        }
        // A line without moves is no line to show: the once-a-second progress line (`info
        // depth … currmove …`) or `info string`.
        if rank == 0 || rank > 64 || info.pv.is_empty() {
            return;
        }
        if rank == 1
            && let (Some(score), Some(side)) = (info.score, self.thinking.side)
        {
            self.game.set_score(search.ply, black_view(score, side));
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

    fn on_bestmove(&mut self, serial: u64, text: &str, elapsed: Duration, reporter: &dyn Reporter) {
        let Some(search) = self.search.filter(|s| s.serial == serial && !s.analysis) else {
            return;
        };
        if self.multi.is_some() {
            return self.seats_bestmove(search, text, elapsed, reporter);
        }
        self.search = None;
        let side = self.game.end().side_to_move();
        if self.over_time(side, elapsed) {
            self.lose(side, Termination::TimeForfeit);
            return;
        }
        let before = *self.game.end();
        let answer = match before.parse_move(text) {
            Ok(answer) => answer,
            Err(why) => {
                let name = self.engines.name(self.choice[search.seat]);
                self.message = Some(format!("engine {name} played '{text}': {why}"));
                self.lose(side, Termination::illegal_move(text));
                return;
            }
        };
        let starts_with = |first: &str| before.parse_move(first).ok() == Some(answer);
        let score = (self.thinking)
            .settle(answer.to_string(), starts_with)
            .map(Reported::from);
        if self.resigns(side, score) {
            return;
        }
        // The answer was checked above, and the game is not over (or no search would run).
        if self.game.play_at_end(text, score).is_err() {
            return;
        }
        self.engine_says = None;
        self.charge_clock();
        if !self.adjudicated(side, &before) {
            self.kick(reporter);
        }
    }

    /// In a game against the person who allowed it, the engine of `side` resigns instead of
    /// playing a move it scored `score` when its scores so far make the game hopeless
    /// ([`resignation`], as `sumito play --sumito-resigns` does). A move without a score is
    /// never a reason to resign.
    fn resigns(&mut self, side: Colour, score: Option<Reported>) -> bool {
        let engines_side = matches!(self.mode, Mode::Play { human } if human != side);
        let Some(score) = score.filter(|_| self.engine_resigns && engines_side) else {
            return false;
        };
        let mut scores = self.game.engine_scores(side);
        scores.push(score);
        let Some(why) = resignation(&scores) else {
            return false;
        };
        self.engine_says = Some(why);
        self.lose(side, Termination::Resignation);
        true
    }

    /// In a watched game, hands the adjudicator the move `side` just played from `before`
    /// with the engine's score, and ends the game if its rules say so (GAMES.md,
    /// "Adjudication"); a game the rules ended is not adjudicated.
    fn adjudicated(&mut self, side: Colour, before: &Position) -> bool {
        let after = *self.game.end();
        if self.mode != Mode::Watch || after.is_over() {
            return false;
        }
        let score = self.thinking.first_exact;
        let Some(ruling) = self.adjudicator.after_move(side, score, before, &after) else {
            return false;
        };
        let ending = match ruling.winner {
            None => Ending::draw(Termination::AdjudicatedDraw),
            Some(winner) => Ending::loss(winner.opponent(), Termination::AdjudicatedLoss),
        };
        self.end_game(Ending {
            adjudication: Some(ruling.evidence),
            ..ending
        });
        true
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
        reporter: &dyn Reporter,
    ) {
        if dead && let Some(seat_state) = self.engines.slots[seat].as_mut() {
            seat_state.driver = None;
            seat_state.failed = Some(message.clone());
            // An engine that never answered the handshake did not start at all.
            let engine = seat_state.engine;
            if self
                .engines
                .options
                .get(engine)
                .is_some_and(Option::is_none)
                && let Some(slot) = self.engines.failures.get_mut(engine)
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
        if self.multi.is_some() {
            let timed = matches!(
                self.tc,
                TimeControl::MoveTime { .. } | TimeControl::Clock { .. }
            );
            let termination = match (silent, timed) {
                (false, _) => Termination::Crash,
                (true, true) => Termination::TimeForfeit,
                (true, false) => Termination::NoAnswer,
            };
            return self.seats_engine_gone(seat, search.analysis, message, termination, reporter);
        }
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
    use crate::gui::engine_pool::GuiConfig;
    use crate::gui::info::EngineScore;
    use crate::gui::table::Search;
    use crate::uap_client::EngineSpec;

    #[test]
    fn the_score_of_a_move_is_the_last_exact_one_of_its_line() {
        let spec = EngineSpec {
            name: "none".into(),
            program: "/nonexistent-sumito-engine".into(),
            args: Vec::new(),
            options: Vec::new(),
        };
        let mut table = Table::new(GuiConfig {
            engines: vec![spec],
            tc: TimeControl::MoveTime { ms: 100 },
            silence: std::time::Duration::from_secs(10),
        });
        table.search = Some(Search {
            serial: 7,
            seat: 0,
            ply: 0,
            analysis: false,
        });
        table.thinking.side = Some(Colour::Black);
        table.thinking.multipv = 2;
        for line in [
            "info depth 2 multipv 1 score cp 30 pv a1b2 i5h5",
            "info depth 2 multipv 2 score cp -20 pv a5b5 i5h5",
            "info depth 3 multipv 1 score cp 80 lowerbound pv a1b2",
            "info depth 3 multipv 2 score cp -25 upperbound pv a5b5",
            // The progress line of a long search replaces no line.
            "info depth 4 currmove a5b5 currmovenumber 2 nodes 900 nps 900 time 1000 hashfull 3",
        ] {
            table.on_info(7, line);
        }
        // A bound is shown, but the move's score is the last exact one of its line.
        assert_eq!(table.thinking.lines[0].score, Some(EngineScore::Cp(80)));
        assert_eq!(table.thinking.first_exact, Some(Reported::Centi(30)));
        let mut played = table.thinking.clone();
        let score = played.settle("a5b5".into(), |first| first == "a5b5");
        assert_eq!(score, Some(EngineScore::Cp(-20)));
        let score = table
            .thinking
            .settle("c3d3".into(), |first| first == "c3d3");
        assert_eq!(score, None);
    }
}
