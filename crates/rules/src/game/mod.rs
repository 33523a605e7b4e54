//! One game for any number of seats: a layout or position of either kind, read through one
//! place, and the turns played in it. The two-player [`crate::board::Position`] and the
//! [`crate::multiplayer::MultiPosition`] of three to six players stay specialised for speed;
//! above them, [`AnyPosition`] is a game of two to six seats, two players being seats 1 and 2.

mod start;
mod turn;

pub use start::{AnyLayout, AnyPosition, AnyPositionError, TurnError, UnknownAnyLayout};
pub use turn::Turn;
