//! Game records in the PGN-like format of GAMES.md: the finished game and how it ended,
//! writing records as games end, reading them back, and replaying them with every move and
//! result checked. `sumito match` writes and verifies them, `sumito analyse` reads them and
//! `sumito play` writes one. Records of three to six players are [`multi`]'s.

mod error;
mod game;
pub mod multi;
mod read;
mod replay;
mod start;
mod write;

pub use error::RecordsError;
pub use game::PlayedGame;
pub use read::{Record, parse_records, read_records};
pub use replay::{Replayed, replay, replay_any, start_position, verify_file, verify_record};
pub use start::Start;
pub use write::{GameInfo, RecordsFile, format_record, today};
