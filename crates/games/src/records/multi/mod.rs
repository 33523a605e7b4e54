//! Records of games of three to six players (GAMES.md, "Three to six players"): a tag per seat,
//! the seats that left, the ejected counts and a result token of ranks. Two-player records are
//! the parent module's and stay as they were; [`is_multi_record`] tells the two apart by the
//! record's start. A turn (a move, a pass or a seat leaving) is the rules' [`sumito_rules::game::Turn`].
//!
//! - `game`: a finished game as a record holds it, and `in_play` one while it is played;
//! - `write`: a record's text;
//! - `replay`: reading a record back, every turn and the result checked.

mod game;
mod in_play;
mod replay;
mod write;

pub use game::{LeftSeat, MultiGame, MultiStart};
pub use in_play::GameInPlay;
pub use replay::{
    MultiReplayed, is_multi_record, multi_start, replay_multi, termination_of, verified_multi,
    verify_multi_record,
};
pub use write::{MultiGameInfo, format_multi_record, seat_tag};
