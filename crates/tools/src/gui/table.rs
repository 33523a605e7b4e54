//! The table: an engine pool ([`super::engine_pool`]) and the game session played with it
//! ([`super::session`]), of two players or of three to six. Every request of the page and
//! every engine's event goes to the session through here; the lock around it is the
//! [`super::hub`]'s.

use super::engine_driver::{Driver, Reporter};
use super::engine_pool::{EnginePool, GuiConfig};
use super::seats::Seats;
use super::session::{Session, SessionKind, Sitter};
use super::two_players::{Game, TwoPlayers};
use sumito_games::clock::TimeControl;
use sumito_games::records::Start;
use sumito_rules::board::{Layout, MAX_SEATS};

/// The session at the table: a game of two players, or of three to six.
pub enum AnySession {
    Two(Session<TwoPlayers>),
    Seats(Session<Seats>),
}

/// Runs `$body` with `$session` bound to the table's session, whichever its kind.
macro_rules! each_kind {
    ($any:expr, $session:ident => $body:expr) => {
        match $any {
            $crate::gui::table::AnySession::Two($session) => $body,
            $crate::gui::table::AnySession::Seats($session) => $body,
        }
    };
}
pub(super) use each_kind;

/// Everything the server keeps: the engines, and the game session.
pub struct Table {
    /// The engines, those of the command line and those running.
    pub engines: EnginePool,
    /// The game session.
    pub session: AnySession,
    /// Bumped at every change: lets the pages skip snapshots they have.
    pub version: u64,
    /// Names this server among those that may have served the page: a page that finds
    /// another name takes the new server's game, whatever its version.
    pub server: String,
}

impl Table {
    /// A game of a person (Black) against the first engine from the standard layout, with no
    /// engine running yet.
    pub(super) fn new(config: GuiConfig) -> Table {
        let tc = config.tc;
        let engines = EnginePool::new(config);
        let game = Game::new(Start::Layout(Layout::Standard), Vec::new());
        let sitters = vec![Sitter::Person, Sitter::Engine(0)];
        let mut session = Session::new(game, tc, (sitters, vec![tc; 2]), None, [0; MAX_SEATS]);
        session.game.players = session.sitter_names(&engines);
        let started = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.as_micros());
        Table {
            engines,
            session: AnySession::Two(session),
            version: 0,
            server: format!("{}-{started:x}", std::process::id()),
        }
    }

    /// Puts `session` on the table in place of the one there, with fresh engines' state (the
    /// slots beyond its engines' let go), and starts what it calls for.
    pub(super) fn seat<K: SessionKind>(
        &mut self,
        mut session: Session<K>,
        reporter: &dyn Reporter,
        wrap: fn(Session<K>) -> AnySession,
    ) {
        each_kind!(&mut self.session, old => old.cancel(&self.engines));
        let kept = session.sitters.len().max(2);
        for slot in self.engines.slots.iter_mut().skip(kept) {
            // Dropping a driver's handle ends its thread, which quits the engine; its late
            // events find no slot and are ignored.
            *slot = None;
        }
        for slot in self.engines.slots.iter_mut().flatten() {
            slot.fresh = true;
        }
        session.kick(&mut self.engines, reporter);
        self.session = wrap(session);
    }

    /// The settings a new session takes over from the one at the table: its time control,
    /// level and lines of analysis.
    pub(super) fn settings(&self) -> (TimeControl, u32, u32) {
        each_kind!(&self.session, s => (s.tc, s.skill, s.multipv))
    }

    /// The engines in the slots of the game at the table, which a new one keeps where it
    /// seats no other.
    pub(super) fn choice(&self) -> [usize; MAX_SEATS] {
        each_kind!(&self.session, s => s.choice)
    }

    /// Takes what engine `index` answered to the handshake: its `id name`, its options and
    /// whether it plays three to six players. The
    /// players of a game against engines are named after them, so they follow (the players of
    /// an analysis or a loaded record do not).
    pub(super) fn learn_engine(
        &mut self,
        index: usize,
        name: String,
        options: Vec<String>,
        no_seats: Option<String>,
    ) {
        self.engines.learn(index, name, options, no_seats);
        each_kind!(&mut self.session, session => {
            if session.analysis.is_none() {
                session.game.players = session.sitter_names(&self.engines);
            }
        });
    }

    /// The time a person's clock runs out has come: their flag falls, if it still runs.
    pub(super) fn on_clock(&mut self, reporter: &dyn Reporter) {
        each_kind!(&mut self.session, s => {
            s.flag(&mut self.engines, reporter);
        });
    }

    /// The game as a record file.
    pub fn record(&self) -> String {
        each_kind!(&self.session, s => s.game.record(&s.controls))
    }

    /// Starts the engine of slot 0, so that the page learns its options (a `Skill` level?)
    /// and the first game does not wait for it.
    pub(super) fn start_first_engine(&mut self, reporter: &dyn Reporter) {
        let engine = each_kind!(&self.session, s => s.choice[0]);
        self.engines.ensure(0, engine, reporter);
    }

    /// Stops the search and takes every engine off the table, for its driver to be finished
    /// outside the lock (finishing waits for the engine to quit).
    pub(super) fn dismiss_engines(&mut self) -> Vec<Driver> {
        each_kind!(&mut self.session, s => s.cancel(&self.engines));
        self.engines.take_drivers()
    }
}
