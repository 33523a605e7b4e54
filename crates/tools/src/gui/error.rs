//! What can go wrong in the GUI: the server that cannot start or serve, a request the guard
//! refuses, a page's request the table refuses (its text goes back to the page), and an engine
//! whose thread cannot start.

use sumito_games::records::RecordsError;
use sumito_rules::board::{PositionStringError, UnknownLayout};
use sumito_rules::movegen::MoveError;
use sumito_rules::multiplayer::{MultiMoveError, MultiPositionError};

/// Why the GUI cannot serve, or refuses a request.
#[derive(Debug, thiserror::Error)]
pub enum GuiError {
    /// The server's runtime cannot be built.
    #[error("cannot start the server's runtime: {0}")]
    Runtime(#[source] std::io::Error),
    /// The address cannot be listened on.
    #[error("cannot listen on {host}:{port}: {source}")]
    Listen {
        /// The `--host` given.
        host: String,
        /// The `--port` given.
        port: u16,
        /// Why not.
        source: std::io::Error,
    },
    /// The listener does not tell its address.
    #[error("no local address: {0}")]
    LocalAddress(#[source] std::io::Error),
    /// `--host` names every address (0.0.0.0, ::), which the Host guard cannot check.
    #[error("--host {0}: give the one address to serve on, not all of them")]
    UnspecifiedHost(String),

    /// A request without a `Host` header.
    #[error("the request has no Host header")]
    NoHost,
    /// A request with two `Host` or two `Origin` headers.
    #[error("the request has more than one {0} header")]
    RepeatedHeader(String),
    /// A `Host` header that is not text.
    #[error("the Host header is not text")]
    HostNotText,
    /// A `Host` that is not the server's address.
    #[error("Host '{host}' is not this server's address ({})", .allowed.join(" or "))]
    ForeignHost {
        /// The host named, in lower case.
        host: String,
        /// The names the server answers to.
        allowed: Vec<String>,
    },
    /// An `Origin` header that is not text.
    #[error("the Origin header is not text")]
    OriginNotText,
    /// An `Origin` that is not the server's page.
    #[error("Origin '{0}' is not this server's page")]
    ForeignOrigin(String),

    /// A new game's position string does not read.
    #[error("bad position string: {0}")]
    BadPosition(#[source] PositionStringError),
    /// A new game's layout is not a layout's name.
    #[error(transparent)]
    BadLayout(#[from] UnknownLayout),
    /// A new game's colour is neither black nor white.
    #[error("colour must be black or white, not '{0}'")]
    BadColour(String),
    /// A new game's mode is not one of the three.
    #[error("mode must be play, watch or analyse, not '{0}'")]
    BadMode(String),
    /// A new game's time control does not read.
    #[error(transparent)]
    BadTimeControl(#[from] sumito_games::clock::TimeControlError),
    /// A new game's time control beyond what a game at the table is played with.
    #[error(
        "time control {0} is beyond what the GUI plays: at most an hour a move, a day on the \
         clock, depth=64 or nodes=10000000000"
    )]
    TimeControlTooLong(sumito_games::clock::TimeControl),
    /// A new game's skill level is out of range.
    #[error("skill must be 1 to 20, not {0}")]
    BadSkill(u32),
    /// A new game names no engine, or more than two.
    #[error("engines must list one or two engine numbers")]
    EngineCount,
    /// A new game of a person, or an analysis, with two engine numbers: one engine plays.
    #[error(
        "engines: a game against you and an analysis run one engine: give one number (two name \
         Black's and White's engines in mode watch)"
    )]
    OneEngine,
    /// A field of a new game that the game asked for has no use for.
    #[error("{field} has no meaning in {game}: leave it out")]
    NoMeaning {
        /// The field.
        field: &'static str,
        /// The game asked for: `mode watch`, `a two-player game`.
        game: &'static str,
    },
    /// A new game names an engine the command line did not give.
    #[error(
        "there is no engine {number}: engines are numbered 1 to {count}, in the order of --engine"
    )]
    NoSuchEngine {
        /// The engine asked for, from 1.
        number: usize,
        /// The engines there are.
        count: usize,
    },
    /// A new game of three to six players with an engine that said it cannot play one.
    #[error("{name} cannot play three to six players: it answered '{why}'")]
    EngineOfTwoPlayers {
        /// The engine's name.
        name: String,
        /// Its answer to a three-player position.
        why: String,
    },
    /// A new game with an engine that did not start.
    #[error("{name} cannot play: it did not start ({why})")]
    EngineDidNotStart {
        /// The engine's name.
        name: String,
        /// Why it did not start.
        why: String,
    },
    /// A move from the page while the engines play each other.
    #[error(
        "the engines are playing this game; start a game against the engine, or analysis, to move"
    )]
    MoveWhileWatching,
    /// A takeback while the engines play each other.
    #[error("the engines are playing this game")]
    TakeBackWhileWatching,
    /// A move from the page on the engine's turn.
    #[error("it is the engine's turn")]
    EnginesTurn,
    /// A return to a game from an analysis that did not begin in one.
    #[error("there is no game to go back to: this analysis did not begin in a game being played")]
    NoGameToResume,
    /// A takeback in analysis while an earlier position is shown.
    #[error("undo takes back the game's last move: go to the end first, or play a move here")]
    TakeBackNotAtEnd,
    /// A takeback with no move played.
    #[error("there is no move to take back")]
    NothingToTakeBack,
    /// A takeback in a game against the engine before the human moved.
    #[error("there is no move of yours to take back")]
    NoMoveOfYours,
    /// A ply beyond the game's end.
    #[error("there is no ply {ply} (the game has {last})")]
    NoSuchPly {
        /// The ply asked for.
        ply: usize,
        /// The game's last ply.
        last: usize,
    },
    /// A number of analysis lines out of range.
    #[error("lines must be 1 to {max}, not {lines}")]
    BadLines {
        /// The lines asked for.
        lines: u32,
        /// The most the page offers.
        max: u32,
    },
    /// A move, a draw offer or a resignation on a finished game.
    #[error("the game is over")]
    GameOver,
    /// A move on an earlier position that would drop later turns the player did not agree to
    /// lose.
    #[error(
        "a move here drops the {later} later turn(s) of the game: send \"drop\": {later} with \
         it to play it all the same"
    )]
    WouldDrop {
        /// The turns after the shown position.
        later: usize,
    },
    /// A move sent to drop a number of later turns that is not the number there are now: the
    /// game moved on (an engine's answer, another page) while the player chose.
    #[error(
        "the game moved on while you chose: the move would now drop {later} later turn(s), not \
         {asked}; look at the board again"
    )]
    DropChanged {
        /// The turns the player agreed to drop.
        asked: usize,
        /// The turns after the shown position now.
        later: usize,
    },
    /// A person's move after their clock ran out.
    #[error("your time ran out before the move came: your flag fell")]
    TimeRanOut,
    /// A draw offer or a resignation outside a game of the person against the engine.
    #[error("you can {0} only in your own game against the engine")]
    NotYourGame(&'static str),
    /// A new game's adjudication rules in another mode than watching.
    #[error("adjudication applies only to games the engines play each other (mode watch)")]
    AdjudicationNotWatching,
    /// A new game's adjudication rule that does not read, with `sumito match`'s reason, but
    /// not its flag: a player set the rule in a form.
    #[error("the {} rule '{}' does not read: {}", .0.rule(), .0.text(), .0.why())]
    BadAdjudication(#[from] sumito_games::adjudication::AdjudicationError),
    /// A new game that lets the engine resign in another mode than play.
    #[error("the engine may resign only in a game against you (mode play)")]
    EngineResignsNotPlaying,
    /// A move from the page that the rules refuse; `text` is the move as typed, trimmed.
    #[error("'{text}' is not legal here: {source}")]
    IllegalMove {
        /// The move as typed.
        text: String,
        /// Why the rules refuse it.
        source: MoveError,
    },
    /// An engine's answer that the rules refuse.
    #[error(transparent)]
    IllegalAnswer(MoveError),

    /// A move of a game of three to six players that the rules refuse.
    #[error("'{text}' is not legal here: {source}")]
    IllegalSeatMove {
        /// The move as typed.
        text: String,
        /// Why the rules refuse it.
        source: MultiMoveError,
    },
    /// An engine's answer in a game of three to six players that the rules refuse.
    #[error(transparent)]
    IllegalSeatAnswer(MultiMoveError),
    /// A new game's position string of three to six players does not read.
    #[error("bad position string: {0}")]
    BadSeatsPosition(#[source] MultiPositionError),
    /// A new game's number of players is not 2 to 6.
    #[error("players must be 2 to 6, not {0}")]
    BadPlayers(usize),
    /// A new game's layout that is not the layout of its number of players.
    #[error("layout '{layout}' is not one of {players} players ({expected})")]
    LayoutForPlayers {
        /// The layout asked for.
        layout: String,
        /// The players asked for.
        players: usize,
        /// The layout of that many players.
        expected: &'static str,
    },
    /// A new game's seats do not match its number of players.
    #[error("seats must list one entry per player ({players}), not {given}")]
    SeatCount {
        /// The players of the game.
        players: usize,
        /// The seats listed.
        given: usize,
    },
    /// A new game's seat that is neither a person nor an engine.
    #[error("a seat is 'person' or an engine number, not '{0}'")]
    BadSitter(String),
    /// A position string whose number of seats is not the game's number of players.
    #[error("the position has {seats} seats but the game {players} players")]
    PlayersAndPosition {
        /// The players asked for.
        players: usize,
        /// The seats of the position.
        seats: usize,
    },
    /// A watched game of more players with a person at a seat.
    #[error("mode watch has an engine at every seat: choose play to seat a person")]
    PersonWhileWatching,
    /// A move from the page for a seat an engine plays.
    #[error("it is {0}'s turn, which an engine plays")]
    EngineSeatsTurn(String),
    /// A resignation in a game of three to six players when no person is to move.
    #[error("only a person whose turn it is can leave the game")]
    NoPersonToLeave,
    /// A request that only a two-player game knows.
    #[error("{0} is for two-player games only")]
    TwoPlayerOnly(&'static str),

    /// A records text that does not read.
    #[error(transparent)]
    Records(RecordsError),
    /// A records text with no record in it.
    #[error("the text holds no record")]
    NoRecord,
    /// A game number beyond the records text.
    #[error("there is no game {index} (the file has {count})")]
    NoSuchGame {
        /// The game asked for, from 1.
        index: usize,
        /// The games the text holds.
        count: usize,
    },
    /// A record whose moves do not replay.
    #[error(transparent)]
    Replay(RecordsError),
    /// Game `index` of a records text cannot be opened: `source` says why.
    #[error("game {index}: {source}")]
    BadGame {
        /// The game, from 1.
        index: usize,
        /// Why not.
        source: Box<GuiError>,
    },

    /// An engine's driver thread cannot be started.
    #[error("cannot start an engine thread: {0}")]
    EngineThread(#[source] std::io::Error),
}
