//! The engines at the table and their searches: starting the engine of a seat, and the search
//! the mode calls for (a move of the game or analysis) with the commands that set it up.

use super::engine_driver::{Reporter, SearchRequest};
use super::table::{Mode, Search, Table, Thinking};
use sumito_rules::board::Colour;
use sumito_rules::ending::Termination;

/// The lines a Sumito below full strength searches to choose its move among (PROTOCOL.md,
/// "Skill levels"). A game's search asks for as many, so that the line of the move played is
/// among those shown: it costs such an engine nothing.
const SKILL_LINES: u32 = 4;

impl Table {
    /// Starts the engine chosen for `slot` unless it runs there already.
    pub fn ensure_seat(&mut self, slot: usize, reporter: &dyn Reporter) {
        self.engines.ensure(slot, self.choice[slot], reporter);
    }

    /// Starts the search the mode calls for now, if any and none runs.
    pub fn kick(&mut self, reporter: &dyn Reporter) {
        if self.multi.is_some() {
            return self.seats_kick(reporter);
        }
        if self.search.is_some() {
            return;
        }
        let (seat, ply, analysis) = match self.mode {
            Mode::Analyse { running: true } if !self.game.shown().is_over() => {
                (0, self.game.cursor(), true)
            }
            Mode::Play { .. } | Mode::Watch if !self.game.is_over() => {
                let Some(seat) = self.seat_of(self.game.end().side_to_move()) else {
                    self.start_clock();
                    return;
                };
                (seat, self.game.turns().len(), false)
            }
            _ => return,
        };
        self.ensure_seat(seat, reporter);
        self.start_search(seat, ply, analysis);
    }

    fn start_search(&mut self, seat: usize, ply: usize, analysis: bool) {
        let side = self.game.position_at(ply).side_to_move();
        let serial = self.next_serial;
        self.next_serial += 1;
        let (go, limit) = if analysis {
            ("go infinite".to_string(), None)
        } else {
            let (go, limit) = self.move_search(side);
            (go, Some(limit))
        };
        let Some(seat_state) = self.engines.slots[seat].as_mut() else {
            return;
        };
        if seat_state.driver.is_none() {
            let why = seat_state.failed.clone().unwrap_or_default();
            self.engine_gone(seat, side, analysis, why);
            return;
        }
        let fresh = std::mem::take(&mut seat_state.fresh);
        let skill = seat_state.has_option("Skill");
        let (setup, multipv) = self.search_setup(fresh, skill, ply, analysis);
        let thinking = Thinking {
            side: Some(side),
            ply,
            multipv,
            ..Thinking::default()
        };
        let request = SearchRequest {
            serial,
            setup,
            go,
            limit,
        };
        self.send_search(seat, ply, analysis, request, thinking);
        if !analysis {
            self.start_clock();
        }
    }

    /// Sends `request` to the engine of `slot`, for a move of the game at `ply` or analysis
    /// of it, and waits for its answer; `thinking` is the panel's state until the first line.
    pub(super) fn send_search(
        &mut self,
        slot: usize,
        ply: usize,
        analysis: bool,
        request: SearchRequest,
        thinking: Thinking,
    ) {
        let serial = request.serial;
        if let Some(driver) = self.engines.driver(slot) {
            driver.search(request);
        }
        self.search = Some(Search {
            serial,
            seat: slot,
            ply,
            analysis,
        });
        self.thinking = thinking;
    }

    /// The commands before the search of `ply`: `newgame` to a `fresh` engine, its lines, the
    /// game's move limit, the position, and the level to an engine that has a `Skill` option
    /// (full strength but against a person); and the number of lines asked for.
    fn search_setup(
        &self,
        fresh: bool,
        skill: bool,
        ply: usize,
        analysis: bool,
    ) -> (Vec<String>, u32) {
        let mut setup = Vec::new();
        if fresh {
            setup.push("newgame".to_string());
        }
        let level = match self.mode {
            Mode::Play { .. } if skill => self.skill,
            _ => 20,
        };
        let multipv = match (analysis, level) {
            (true, _) => self.multipv,
            (false, 20) => 1,
            (false, _) => SKILL_LINES,
        };
        setup.push(format!("setoption name MultiPV value {multipv}"));
        let limit_plies = self.game.position_at(0).move_limit();
        setup.push(format!("setoption name MoveLimit value {limit_plies}"));
        if skill {
            setup.push(format!("setoption name Skill value {level}"));
        }
        setup.push(self.game.position_command(ply));
        (setup, multipv)
    }

    /// An engine that is gone cannot search: the game is lost for its side, or the analysis
    /// stops, and the page says why.
    pub(super) fn engine_gone(&mut self, seat: usize, side: Colour, analysis: bool, why: String) {
        let name = self.engines.name(self.choice[seat]);
        self.message = Some(format!("engine {name}: {why}"));
        if analysis {
            self.mode = Mode::Analyse { running: false };
        } else {
            self.lose(side, Termination::Crash);
        }
    }
}
