//! The searches of a session: what the game calls for next (a move of the seat to move, a
//! pass a person's blocked seat makes by itself, analysis of the shown position, or nothing),
//! starting the engine of its slot, and the commands that set the search up (`newgame`, the
//! lines and the level, the move limit, `position … moves …`, `go …`).

use super::engine_driver::{Reporter, SearchRequest};
use super::engine_pool::{EnginePool, EngineSlot};
use super::session::{Search, Session, SessionKind, Sitter, Thinking};
use sumito_rules::ending::Termination;

/// The lines a Sumito below full strength searches to choose its move among (PROTOCOL.md,
/// "Skill levels"). A game's search asks for as many, so that the line of the move played is
/// among those shown: it costs such an engine nothing.
const SKILL_LINES: u32 = 4;

/// What the session does next.
enum Next {
    /// Nothing: the game is over, analysis is off, or a person is to move.
    Wait,
    /// The seat to move is a person's with no legal move: the server plays this for it.
    Forced,
    /// Search with the engine of `slot` the position after `ply` turns.
    Search {
        slot: usize,
        ply: usize,
        analysis: bool,
    },
}

impl<K: SessionKind> Session<K> {
    /// Starts the search the session calls for now, if any and none runs; a person's seat that
    /// has no legal move passes first.
    pub fn kick(&mut self, engines: &mut EnginePool, reporter: &dyn Reporter) {
        while self.search.is_none() {
            self.note_clocks();
            match self.next() {
                Next::Wait => {
                    if let Some(deadline) = self.persons_deadline() {
                        reporter.wake_at(deadline);
                    }
                    return;
                }
                Next::Forced => {
                    if let Some(turn) = K::forced(self.game.end()) {
                        // A pass is a turn: charged (its increment, a period's move) as an
                        // engine's pass is, and as `sumito play` and matches charge it.
                        self.start_clock();
                        self.game.push(turn, K::Note::default());
                        self.charge_clock();
                    }
                }
                Next::Search {
                    slot,
                    ply,
                    analysis,
                } => {
                    engines.ensure(slot, self.choice[slot], reporter);
                    self.start_search(slot, ply, analysis, engines, reporter);
                    return;
                }
            }
        }
    }

    /// What the game calls for now (a person's clock starts on its turn).
    fn next(&mut self) -> Next {
        if let Some(running) = self.analysis {
            return match running && !K::over(self.game.shown()) {
                true => Next::Search {
                    slot: 0,
                    ply: self.game.cursor(),
                    analysis: true,
                },
                false => Next::Wait,
            };
        }
        if self.game.is_over() {
            self.clock_running = None;
            return Next::Wait;
        }
        let seat = K::mover(self.game.end());
        match self.sitter(seat) {
            Sitter::Person if K::forced(self.game.end()).is_some() => Next::Forced,
            Sitter::Person => {
                self.start_clock();
                Next::Wait
            }
            Sitter::Engine(_) => Next::Search {
                slot: self.slot_of(seat),
                ply: self.game.turns().len(),
                analysis: false,
            },
        }
    }

    /// Asks the engine of `slot` for a move of the game at `ply`, or analysis of it; an engine
    /// that is gone cannot: its seat is out, or the analysis stops.
    fn start_search(
        &mut self,
        slot: usize,
        ply: usize,
        analysis: bool,
        engines: &mut EnginePool,
        reporter: &dyn Reporter,
    ) {
        let seat = K::mover(self.game.position_at(ply));
        let (go, limit) = match analysis {
            true => ("go infinite".to_string(), None),
            false => {
                self.start_clock();
                let (go, limit) = self.move_search(seat);
                (go, Some(limit))
            }
        };
        let serial = engines.serial();
        let Some(state) = engines.slots[slot].as_mut() else {
            return;
        };
        if state.driver.is_none() {
            let why = state.failed.clone().unwrap_or_default();
            self.engine_gone(slot, analysis, why, Termination::Crash, engines, reporter);
            return;
        }
        let (setup, multipv) = self.search_setup(state, ply, analysis);
        if let Some(driver) = engines.driver(slot) {
            driver.search(SearchRequest {
                serial,
                setup,
                go,
                limit,
            });
        }
        self.search = Some(Search {
            serial,
            seat: slot,
            ply,
            analysis,
        });
        self.thinking = Thinking {
            mover: Some(seat),
            ply,
            multipv,
            ..Thinking::default()
        };
    }

    /// The commands before the search of `ply` by the engine in `state`: `newgame` to a fresh
    /// engine, its lines, the game's move limit, the level to an engine that has a `Skill`
    /// option (full strength but against a person), and the position; and the number of lines
    /// asked for. A game of more players has one line and full strength (told to the engine
    /// all the same, so that it does not say at every search that it plays without them).
    fn search_setup(
        &self,
        state: &mut EngineSlot,
        ply: usize,
        analysis: bool,
    ) -> (Vec<String>, u32) {
        let mut setup = Vec::new();
        if std::mem::take(&mut state.fresh) {
            setup.push("newgame".to_string());
        }
        let skill = state.has_option("Skill");
        let level = match self.person() {
            Some(_) if skill => self.skill,
            _ => 20,
        };
        let multipv = match (analysis, level) {
            (true, _) => self.multipv,
            (false, 20) => 1,
            (false, _) => SKILL_LINES,
        };
        setup.push(format!("setoption name MultiPV value {multipv}"));
        let limit_plies = self.game.move_limit();
        setup.push(format!("setoption name MoveLimit value {limit_plies}"));
        if skill {
            setup.push(format!("setoption name Skill value {level}"));
        }
        setup.push(self.game.position_command(ply));
        (setup, multipv)
    }
}
