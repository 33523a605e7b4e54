//! The rules of Abalone for three to six players: seats and teams, layouts, positions and their
//! strings, move generation and perft. Their evaluation and searches are the engine's
//! ([`sumito_engine::multi_search`]).
//!
//! A second position type beside the two-player [`crate::board::Position`], built on the same
//! cells, directions and [`Move`](crate::movegen::Move): the two-player engine keeps its
//! specialised code and its speed, and nothing here is on its path. The rules are RULES.md's
//! section "Three to six players".

mod generate;
mod layout;
mod perft;
mod position;
mod position_string;
mod zobrist;

pub use crate::board::{MAX_SEATS, SEAT_LETTERS, Seat, Seating};
pub use generate::MultiMoveError;
pub use layout::{MultiLayout, UnknownMultiLayout};
pub use perft::{
    move_text, multi_perft, multi_perft_divide_until, multi_perft_until, multi_root_moves,
};
pub use position::{MultiOutcome, MultiPosition, MultiReason};
pub use position_string::MultiPositionError;
