//! Moves: the move type and its notation, generation, counting and perft.

mod generate;
mod list;
mod mv;
mod notation;
mod perft;

pub(crate) use crate::board::each_direction;
pub use crate::board::step;
pub(crate) use generate::{broadside, each_broadside, inline};
pub use list::{MAX_MOVES, MoveList};
pub use mv::Move;
pub use notation::MoveError;
pub use perft::{perft, perft_divide, perft_divide_until, perft_parallel, perft_until};
