//! Game records in the PGN-like format of GAMES.md, of two to six players: the finished game
//! and how it ended, writing records as games end, reading them back, and replaying them with
//! every move and result checked. `sumito match` writes and verifies them, `sumito analyse`
//! reads them and `sumito play` and the GUI write them.
//!
//! - `game`: a finished game as a record holds it, and `in_play` one of three to six players
//!   while it is played;
//! - `start`: where a record starts;
//! - `write`: a record's text, for any number of seats;
//! - `read`: a file's records as text;
//! - `replay`: a two-player record read back with every move and the result checked, and
//!   `seats_replay` one of three to six players (the seats that left too); [`replay_any`] and
//!   [`verify_record`] take either; `checks`: what every record is checked for.

mod checks;
mod error;
mod game;
mod in_play;
mod read;
mod replay;
mod seats_replay;
mod start;
mod write;

pub use error::RecordsError;
pub use game::{LeftSeat, PlayedGame};
pub use in_play::GameInPlay;
pub use read::{Record, parse_records, read_records};
pub use replay::{
    Replayed, replay, replay_any, start_position, verified, verify_file, verify_record,
};
pub use seats_replay::{
    MultiReplayed, is_multi_record, multi_start, replay_multi, verified_multi, verify_multi_record,
};
pub use start::{AnyStart, MultiStart, Start, StartOf, StartingLayout};
pub use write::{GameInfo, RecordsFile, format_record, seat_tag, today};
