//! The board: cells, directions, bitboards, positions and their text forms, and the seats and
//! teams of games of three to six players.

mod bitboard;
mod cell;
mod colour;
mod direction;
mod layout;
mod position;
mod position_string;
mod render;
mod seat;
mod symmetry;
mod zobrist;

pub use crate::each_direction;
pub use bitboard::{BOARD, Bits, Cells, DISTANCE_RINGS, LINES, RINGS};
pub use cell::{CELL_COUNT, Cell, UnknownCell};
pub use colour::Colour;
pub use direction::{Direction, neighbour, shift, shift_dyn, shifts, step};
pub use layout::{Layout, UnknownLayout};
pub use position::{LOSING_LOST, MARBLES_PER_SIDE, Outcome, Position, WinReason};
pub use position_string::{MAX_PLY_COUNT, PositionStringError, board_field, check_game_counts};
pub use render::{Style, render, render_cells, render_seats};
pub use seat::{MAX_SEATS, SEAT_LETTERS, Seat, Seating};
pub use symmetry::{SYMMETRIES, Symmetry};
